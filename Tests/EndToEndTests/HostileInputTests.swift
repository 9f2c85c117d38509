import Foundation
import Testing

/// Inputs a pull request can plant: FIFOs where files are expected, baselines with absurd
/// counts, binary URL lists. Each must end at once with a clear error, never hang or trap.
@Suite("Hostile inputs, end to end")
struct HostileInputEndToEndTests {
    static let manifest =
        "manifest: 1\nactivities: {shop: {}}\ntabs: {home: {activity: shop, index: 0, root: home, icon: i}}\n"
        + "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H}\n"

    /// A folder with a clean manifest and a FIFO named `fifoName`.
    static func withFIFO(named fifoName: String, _ body: (URL) throws -> Void) throws {
        try GateCommandTests.withFiles(["app.routes.yaml": manifest]) { directory in
            #expect(mkfifo(directory.appendingPathComponent(fifoName).path, 0o600) == 0)
            try body(directory)
        }
    }

    @Test("a FIFO given as a manifest is refused, not waited on")
    func fifoManifest() throws {
        try Self.withFIFO(named: "pipe.routes.yaml") { directory in
            let result = try RouteLint.run(["lint", "pipe.routes.yaml"], in: directory, timeLimit: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot read 'pipe.routes.yaml': not a regular file (a FIFO)"))
        }
    }

    @Test("a FIFO named .routelint.yml is an invalid configuration, not a hang")
    func fifoConfiguration() throws {
        try Self.withFIFO(named: ".routelint.yml") { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml"], in: directory, timeLimit: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2)
            #expect(result.stderr.contains("not a regular file (a FIFO)"))
        }
    }

    @Test("a FIFO as baseline or URL list is refused")
    func fifoBaselineAndURLs() throws {
        try Self.withFIFO(named: "pipe") { directory in
            let lint = try RouteLint.run(["lint", "app.routes.yaml", "--baseline", "pipe"], in: directory, timeLimit: 20)
            #expect(!lint.timedOut && lint.status == 2)
            #expect(lint.stderr.contains("not a regular file (a FIFO)"))
            let resolve = try RouteLint.run(["resolve", "--manifest", "app.routes.yaml", "--urls", "pipe"], in: directory, timeLimit: 20)
            #expect(!resolve.timedOut && resolve.status == 2)
            #expect(resolve.stderr.contains("not a regular file (a FIFO)"))
        }
    }

    @Test(
        "a baseline count that would overflow, or is not positive, is an error",
        arguments: [
            "9223372036854775807", "99999999999999999999999", "-1", "0",
        ])
    func baselineCounts(_ count: String) throws {
        let entry = #"{"rule": "orphan-activity", "file": "app.routes.yaml", "subjects": ["activity:shop"], "count": COUNT}"#
        let baseline =
            "{\"version\": 2, \"findings\": [\n  "
            + [entry, entry].joined(separator: ",\n  ")
            .replacingOccurrences(of: "COUNT", with: count) + "\n]}\n"
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest, "baseline.json": baseline]) { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml", "--baseline", "baseline.json"], in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("a baseline count must be a whole number from 1 to 1000000000"))
        }
    }

    @Test("a binary URL list is refused as not text")
    func binaryURLList() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { directory in
            let urls = directory.appendingPathComponent("urls.bin")
            try Data([0x2F, 0x00, 0xFF, 0xFE, 0x0A]).write(to: urls)
            let result = try RouteLint.run(["resolve", "--manifest", "app.routes.yaml", "--urls", "urls.bin"], in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("is not a text file of URLs"))
        }
    }

    @Test("a report to /dev/stdout is written through, not renamed over")
    func outputToStandardOutput() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml", "--format", "json", "--output", "/dev/stdout"], in: directory)
            #expect(result.status == 0)
            #expect(result.stdout == "[]\n")
            // Still the link (Linux) or device (macOS) it was, not a file renamed over it.
            var info = stat()
            #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT != S_IFREG)
        }
    }

    /// Control characters, C1 controls and bidirectional overrides: what must never reach a
    /// terminal or log raw. Line feeds are the outputs' own.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test("a hostile app name, host and file name, and link files to import, reach no output raw: every command and format")
    func hostileNames() throws {
        // An escape that colours, one that sets the terminal's title, one that clears the screen,
        // and a right-to-left override, in the app's name, a host and the manifest's file name.
        let manifest = #"""
            manifest: 1
            app: "\e[31mshop\e]0;owned\a\u202Egnp.exe"
            hosts: ["\e[2Jshop.example.com"]
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: i}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}

            """#
        let fileName = "sh\u{1B}[2Jop.routes.yaml"
        try GateCommandTests.withFiles([
            "set/" + fileName: manifest,
            // A platform file configured for another app, whose name is hostile too.
            "set/.routelint.yml": #"platform-files: [{path: apple-app-site-association, app: "\e]0;other\a"}]"# + "\n",
            "set/apple-app-site-association": #"{"applinks": {"details": []}}"#,
            // Link files to import whose app ID and path hold escapes.
            "files/apple-app-site-association":
                #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.ex\u001b[31m"], "components": [{"/": "/a\u001b]0;x\u0007"}]}]}}"#,
            "earlier/" + fileName: manifest.replacingOccurrences(of: "path: /,", with: "path: /start,"),
        ]) { root in
            let directory = root.appendingPathComponent("set")
            var runs: [(String, CommandResult)] = []
            for format in ["text", "json", "sarif", "github", "markdown"] {
                runs.append(("lint --format \(format)", try RouteLint.run(["lint", ".", "--format", format], in: directory)))
            }
            for format in ["text", "json"] {
                runs.append(
                    (
                        "resolve --format \(format)",
                        try RouteLint.run(
                            ["resolve", "--manifest", fileName, "--format", format, "/", "https://shop.example.com/"], in: directory)
                    ))
            }
            for format in ["text", "json", "sarif"] {
                runs.append(
                    (
                        "diff --format \(format)",
                        try RouteLint.run(["diff", fileName, "--against", "../earlier", "--format", format], in: directory)
                    ))
            }
            for language in ["swift", "kotlin", "app-links"] {
                runs.append(
                    ("generate \(language)", try RouteLint.run(["generate", language, "--output", "../generated"], in: directory)))
            }
            for format in ["dot", "mermaid"] {
                runs.append(("graph --format \(format)", try RouteLint.run(["graph", "--format", format], in: directory)))
            }
            runs.append(("audit", try RouteLint.run(["audit", "--output", "../audit.html"], in: directory)))
            let imported = root.appendingPathComponent("imported.routes.yaml")
            runs.append(
                (
                    "import",
                    try RouteLint.run(
                        ["import", "../files/apple-app-site-association", "--output", imported.path], in: directory)
                ))
            let written = try String(contentsOf: imported, encoding: .utf8)
            #expect(Self.rawControls(in: written).isEmpty, "import wrote: \(written)")
            for (command, result) in runs {
                #expect(Self.rawControls(in: result.stdout).isEmpty, "\(command) wrote to standard output: \(result.stdout)")
                #expect(Self.rawControls(in: result.stderr).isEmpty, "\(command) wrote to standard error: \(result.stderr)")
            }
            // Each command ran as it would on any input: generate refuses a set with errors,
            // the graphs are drawn, the import writes its manifest.
            let statuses = Dictionary(runs.map { ($0.0, $0.1.status) }, uniquingKeysWith: { first, _ in first })
            #expect(["generate swift", "generate kotlin", "generate app-links"].map { statuses[$0] } == [1, 1, 1])
            #expect(statuses["import"] == 0)
            let graphs = runs.filter { $0.0.hasPrefix("graph") }.map { $0.1.stdout.prefix { $0 != " " } }
            #expect(graphs == ["digraph", "flowchart"])
            // The run said what it could not check, with the names escaped.
            let lint = runs[0].1
            #expect(lint.status == 2, "\(lint.stdout)\(lint.stderr)")
            #expect(lint.stderr.contains(#"it names app '\u{1B}]0;other\u{7}', which the route set does not have"#), "\(lint.stderr)")
            #expect(lint.stderr.contains(#"(its apps: app '\u{1B}[31mshop\u{1B}]0;owned\u{7}\u{202E}gnp.exe')"#), "\(lint.stderr)")
        }
    }
}
