import Foundation
import Testing

/// Runs the built binary as a user would and checks standard output, standard error and the
/// exit status.
@Suite("routelint lint, end to end")
struct LintCommandTests {
    static let fixtures = "Tests/RouteLintRunsTests/Fixtures"

    /// The summary's time varies from run to run.
    static func withoutTime(_ text: String) -> String {
        text.replacingOccurrences(of: #" in \d+\.\d\d s\."#, with: " in T s.", options: .regularExpression)
    }

    @Test("the example manifests and their platform link files lint clean")
    func cleanSet() throws {
        let result = try RouteLint.run(["lint", "Manifests"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(Self.withoutTime(result.stdout) == "No problems found in 4 files (12 routes) and 4 platform files in T s.\n")
    }

    @Test("a path means the same from / (a container's working directory) as from anywhere")
    func fromTheRoot() throws {
        let fixture = RouteLint.packageRoot.appendingPathComponent("\(Self.fixtures)/err/conflicting-patterns.routes.yaml").path
        let fromRoot = try RouteLint.run(["lint", fixture], in: URL(fileURLWithPath: "/"))
        let fromPackage = try RouteLint.run(["lint", fixture])
        #expect(fromRoot.status == 1)
        #expect(fromRoot.stderr == "")
        #expect(Self.withoutTime(fromRoot.stdout) == Self.withoutTime(fromPackage.stdout))
        #expect(fromRoot.stdout.hasPrefix(fixture + ":"))
        let example = RouteLint.packageRoot.appendingPathComponent("Manifests").path
        let clean = try RouteLint.run(["lint", example], in: URL(fileURLWithPath: "/"))
        #expect(clean.status == 0)
        #expect(clean.stdout.hasPrefix("No problems found in 4 files (12 routes)"))
    }

    @Test("lint is the default command")
    func defaultCommand() throws {
        let result = try RouteLint.run(["Manifests"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("No problems found in 4 files"))
    }

    @Test("findings are printed with the source line, a caret underline and related notes")
    func findings() throws {
        let result = try RouteLint.run(["lint", "\(Self.fixtures)/err/duplicate-name"])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let path = "\(Self.fixtures)/err/duplicate-name"
        let lines = Self.withoutTime(result.stdout).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "\(path)/b.routes.yaml:3:14: error: activity 'main' is declared again in app 'shop'; the first declaration is the one used [duplicate-name]",
                "activities: {main: {}}",
                "             ^~~~",
                "\(path)/a.routes.yaml:3:14: note: activity 'main' is first declared here",
            ])
        #expect(lines.suffix(2) == ["Found 5 errors in 3 files (1 route) in T s.", ""])
    }

    @Test("warnings alone pass, and fail with --strict")
    func strict() throws {
        let path = "\(Self.fixtures)/err/orphan-activity.routes.yaml"
        let relaxed = try RouteLint.run(["lint", path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("warning: activity 'brochure' has no tab"))
        let strict = try RouteLint.run(["lint", "--strict", path])
        #expect(strict.status == 1)
    }

    @Test("--quiet shows only the failing findings, without a summary")
    func quiet() throws {
        let result = try RouteLint.run(["lint", "--quiet", "\(Self.fixtures)/err/missing-holder.routes.yaml"])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("warning:"))
        #expect(!result.stdout.contains("Found"))
        #expect(result.stdout.contains("error: route 'cart' has no 'holder' [missing-holder]"))
    }

    @Test("a missing path is exit 2 with a message, and the other paths are still linted")
    func missingPath() throws {
        let result = try RouteLint.run(["lint", "does-not-exist.routes.yaml", "\(Self.fixtures)/err/duplicate-tab-index.routes.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("routelint: error: cannot read 'does-not-exist.routes.yaml': No such file or directory\n"))
        #expect(result.stderr.contains("routelint: note: the app may lack a file that could not be read"))
        #expect(result.stdout.contains("[duplicate-tab-index]"))
    }

    @Test("while a file cannot be read, rules about what is absent stay silent")
    func unreadFileSilencesAbsenceRules() throws {
        let path = "\(Self.fixtures)/err/orphan-activity.routes.yaml"
        let result = try RouteLint.run(["lint", "does-not-exist.routes.yaml", path])
        #expect(result.status == 2)
        #expect(!result.stdout.contains("[orphan-activity]"))
    }

    @Test("a directory without manifests is exit 2")
    func noManifests() throws {
        let result = try RouteLint.run(["lint", "Sources"])
        #expect(result.status == 2)
        #expect(result.stderr == "routelint: error: no route manifests (*.routes.yaml, *.routes.yml) found in 'Sources'\n")
    }

    @Test("a bad flag is a usage error, exit 2")
    func badFlag() throws {
        let result = try RouteLint.run(["lint", "--no-such-flag"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Unknown option '--no-such-flag'"))
        let format = try RouteLint.run(["lint", "--format", "yaml", "Manifests"])
        #expect(format.status == 2)
    }

    @Test("JSON output is an array of findings with positions and related locations")
    func json() throws {
        let result = try RouteLint.run(["lint", "--format", "json", "\(Self.fixtures)/err/duplicate-tab-index.routes.yaml"])
        #expect(result.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(findings.count == 2)
        let first = findings[0]
        #expect(first["rule"] as? String == "duplicate-tab-index")
        #expect(first["severity"] as? String == "error")
        #expect(first["line"] as? Int == 5 && first["column"] as? Int == 37)
        #expect(first["endLine"] as? Int == 5 && first["endColumn"] as? Int == 38)
        let related = try #require(first["related"] as? [[String: Any]])
        #expect(related.first?["line"] as? Int == 4)
    }

    @Test("--output writes the report to a file")
    func outputFile() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: target) }
        let result = try RouteLint.run(["lint", "--format", "json", "--output", target.path, "Manifests"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(try String(contentsOf: target, encoding: .utf8) == "[]\n")
        let unwritable = try RouteLint.run(["lint", "--output", "/nonexistent-dir/report.txt", "Manifests"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("routelint: error: cannot write '/nonexistent-dir/report.txt'"))
    }

    @Test("text from manifests never reaches the terminal unescaped")
    func escaping() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // An escape sequence and a bidirectional override, written as YAML escapes in a quoted key.
        let manifest = "manifest: 1\nroutes:\n  home:\n    \"\\e[2Jevil\\u202E\": 1\n"
        try manifest.write(to: directory.appendingPathComponent("x.routes.yaml"), atomically: true, encoding: .utf8)
        let result = try RouteLint.run(["lint", "x.routes.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("\u{202E}"))
        #expect(result.stdout.contains(#"unknown key '\u{1B}[2Jevil\u{202E}' in route 'home'"#))
    }

    @Test("colour only on a terminal: never in a pipe, never with NO_COLOR")
    func noColourInPipes() throws {
        let result = try RouteLint.run(["lint", "\(Self.fixtures)/err/orphan-activity.routes.yaml"])
        #expect(!result.stdout.contains("\u{1B}["))
    }

    /// util-linux's `script` runs the binary on a pseudo-terminal.
    static var canRunOnTerminal: Bool {
        #if os(Linux)
            return FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        #else
            return false
        #endif
    }

    @Test("on a terminal, colour unless NO_COLOR is set", .enabled(if: canRunOnTerminal, "needs util-linux's script"))
    func colourOnTerminal() throws {
        let command = "\(RouteLint.binary.path) lint \(Self.fixtures)/err/orphan-activity.routes.yaml"
        func onTerminal(_ environment: [String: String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qc", command, "/dev/null"]
            process.currentDirectoryURL = RouteLint.packageRoot
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }.merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let coloured = try onTerminal([:])
        #expect(coloured.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        let plain = try onTerminal(["NO_COLOR": "1"])
        #expect(plain.contains("warning: activity 'brochure' has no tab"))
        #expect(!plain.contains("\u{1B}["))
    }

    @Test("hostile inputs end with a finding, in bounded time")
    func hostileInputs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        try deep.write(to: directory.appendingPathComponent("deep.routes.yaml"), atomically: true, encoding: .utf8)
        var binary = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        binary.insert(contentsOf: Data("manifest: 1\n".utf8), at: 0)
        try binary.write(to: directory.appendingPathComponent("binary.routes.yaml"))
        let started = Date()
        let result = try RouteLint.run(["lint", "."], in: directory)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status == 1)
        #expect(result.stdout.contains("./deep.routes.yaml:1:1001: error: nesting is deeper than 1000 levels"))
        #expect(result.stdout.contains("./binary.routes.yaml:"))
        #expect(result.stdout.contains("[yaml-syntax]"))
    }
}
