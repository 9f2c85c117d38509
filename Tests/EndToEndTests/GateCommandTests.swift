import Foundation
import Testing

/// The CI gate as a pipeline runs it: configuration, reports, baselines, thresholds and the
/// pre-commit mode, through the built binary.
@Suite("routelint as a CI gate, end to end")
struct GateCommandTests {
    /// A fresh folder with the given files, removed after `body`.
    static func withFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try body(directory)
    }

    static let shell = """
        manifest: 1
        activities: {shop: {}}
        tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [detail]}

        """
    static let feature = """
        manifest: 1
        routes:
          detail: {path: /items/:id, activity: shop, holder: H}
          orphan: {path: /orphan, activity: shop, holder: H}

        """

    @Test("--staged reads the commit's changes from git: a deleted file that others name is refused, a commit of no manifest passes")
    func stagedChanges() throws {
        try Self.withFiles(["shell.routes.yaml": Self.shell, "feature.routes.yaml": Self.feature, "README.md": "# app\n"]) { root in
            func git(_ arguments: String...) throws {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["git", "-c", "user.email=test@routelint.invalid", "-c", "user.name=test"] + arguments
                process.currentDirectoryURL = root
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "git \(arguments)")
            }
            try git("init", "-q")
            try git("add", "-A")
            try git("commit", "-qm", "init")
            try "# app, again\n".write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
            try git("add", "README.md")
            let untouched = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(untouched.status == 0)
            #expect(untouched.stderr == "routelint: note: the commit changes no route manifest; nothing to check\n")

            try git("rm", "-q", "feature.routes.yaml")
            let deletion = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(deletion.status == 1)
            #expect(
                deletion.stdout.contains(
                    "./shell.routes.yaml:6:38: error: 'links' of route 'home' names route 'detail', which is not declared in the app"))
            #expect(try RouteLint.run(["lint", "--staged", "x.routes.yaml"], in: root).status == 2)
        }
    }

    @Test("the configuration is found in a parent folder; its include, exclude and rule settings apply")
    func configurationDiscovery() throws {
        try Self.withFiles([
            ".routelint.yml": "include: ['app/**/*.routes.yaml']\nexclude: ['app/legacy/**']\nunreachable-route: error\n",
            "app/shell.routes.yaml": Self.shell,
            "app/feature.routes.yaml": Self.feature,
            "app/legacy/old.routes.yaml": "manifest: 2\n",
            "app/nested/deeper/.keep": "",
        ]) { root in
            let result = try RouteLint.run(["lint", "--format", "json"], in: root.appendingPathComponent("app/nested/deeper"))
            #expect(result.status == 1)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(findings.map { $0["rule"] as? String } == ["unreachable-route"])
            #expect(findings.first?["severity"] as? String == "error")
            #expect((findings.first?["fingerprint"] as? String)?.count == 16)
        }
    }

    @Test("an invalid configuration is exit 2, with its position and the nearest valid name")
    func invalidConfiguration() throws {
        try Self.withFiles([".routelint.yml": "include: ['*.routes.yaml']\ntab-limt: {max: 4}\n", "a.routes.yaml": Self.shell]) { root in
            let result = try RouteLint.run(["lint"], in: root)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr.hasSuffix(".routelint.yml:2:1: unknown key or rule 'tab-limt'; did you mean 'tab-limit'?\n"))
        }
    }

    @Test("--report writes SARIF beside the text on standard output")
    func reports() throws {
        try Self.withFiles(["a.routes.yaml": Self.shell + Self.feature.replacingOccurrences(of: "manifest: 1\nroutes:\n", with: "")]) {
            root in
            let result = try RouteLint.run(
                ["lint", "--report", "sarif:out/routelint.sarif", "--report", "github:gh.txt", "a.routes.yaml"], in: root)
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot write 'out/routelint.sarif'"))
            try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
            let again = try RouteLint.run(
                ["lint", "--report", "sarif:out/routelint.sarif", "--report", "github:gh.txt", "a.routes.yaml"], in: root)
            #expect(again.status == 0)
            #expect(again.stdout.contains("warning: route 'orphan' cannot be reached"))
            let sarif = try String(contentsOf: root.appendingPathComponent("out/routelint.sarif"), encoding: .utf8)
            #expect(sarif.contains("\"ruleId\": \"unreachable-route\""))
            #expect(sarif.contains("\"uriBaseId\": \"%SRCROOT%\""))
            let github = try String(contentsOf: root.appendingPathComponent("gh.txt"), encoding: .utf8)
            #expect(github.hasPrefix("::warning file=a.routes.yaml,line=8,col=3,"))
        }
    }

    @Test("--strict and --max-warnings decide whether warnings fail")
    func thresholds() throws {
        try Self.withFiles(["a.routes.yaml": Self.shell, "b.routes.yaml": Self.feature]) { root in
            let cases: [([String], Int32)] = [
                ([], 0), (["--strict"], 1), (["--max-warnings", "1"], 0), (["--max-warnings", "0"], 1), (["--max-warnings", "-1"], 2),
            ]
            for (flags, status) in cases {
                let result = try RouteLint.run(["lint"] + flags + ["."], in: root)
                #expect(result.status == status, "\(flags)")
            }
        }
    }

    @Test("a baseline accepts the findings it records, fails on new ones, and reports stale entries")
    func baseline() throws {
        try Self.withFiles(["a.routes.yaml": Self.shell, "b.routes.yaml": Self.feature]) { root in
            let written = try RouteLint.run(["lint", "--strict", "--write-baseline", "baseline.json", "."], in: root)
            #expect(written.status == 0)
            let accepted = try RouteLint.run(["lint", "--strict", "--baseline", "baseline.json", "."], in: root)
            #expect(accepted.status == 0)
            #expect(!accepted.stdout.contains("warning:"))
            // Fix the recorded finding and add a new one, with every line moved.
            try ("\n\n" + Self.feature.replacingOccurrences(of: "orphan", with: "stray")).write(
                to: root.appendingPathComponent("b.routes.yaml"), atomically: true, encoding: .utf8)
            let changed = try RouteLint.run(["lint", "--strict", "--baseline", "baseline.json", "."], in: root)
            #expect(changed.status == 1)
            #expect(changed.stdout.contains("route 'stray' cannot be reached"))
            #expect(changed.stderr.contains("1 baseline entry matches no finding any more"))
            // Named as the baseline names it, from the project's root.
            #expect(changed.stderr.contains("\n  b.routes.yaml: unreachable-route route 'orphan'"))
            // The audit, gated as lint, says the same of the baseline.
            let audit = try RouteLint.run(["audit", "--strict", "--baseline", "baseline.json", "--output", "audit.html", "."], in: root)
            #expect(audit.status == 1)
            #expect(audit.stderr.contains("1 baseline entry matches no finding any more"))
            #expect(audit.stderr.contains("\n  b.routes.yaml: unreachable-route route 'orphan'"))
            let missing = try RouteLint.run(["lint", "--baseline", "nope.json", "."], in: root)
            #expect(missing.status == 2)
        }
    }

    @Test("--whole-set lints the whole set but reports only the files given")
    func wholeSet() throws {
        try Self.withFiles([
            "shell.routes.yaml": Self.shell,
            "feature.routes.yaml": Self.feature + "  bad: {path: /a//b, activity: shop, holder: H, entry: true}\n",
        ]) { root in
            let onlyShell = try RouteLint.run(["lint", "--whole-set", "shell.routes.yaml"], in: root)
            #expect(onlyShell.status == 0)
            #expect(!onlyShell.stdout.contains("[unknown-reference]"))
            #expect(!onlyShell.stdout.contains("feature.routes.yaml"))
            let feature = try RouteLint.run(["lint", "--whole-set", "feature.routes.yaml"], in: root)
            #expect(feature.status == 1)
            #expect(feature.stdout.contains("./feature.routes.yaml:5:15: error: path '/a//b' of route 'bad' is invalid"))
        }
    }

    @Test("github output cannot be made to issue a workflow command by a manifest")
    func githubInjection() throws {
        try Self.withFiles(["a.routes.yaml": "manifest: 1\nroutes:\n  home:\n    \"x\\n::error::pwned\": 1\n"]) { root in
            let result = try RouteLint.run(["lint", "--format", "github", "a.routes.yaml"], in: root)
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=") })
            #expect(result.stdout.contains("unknown key 'x%0A::error::pwned'"))
        }
    }
}
