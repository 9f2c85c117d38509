import Foundation
import Testing

/// `routelint lint --fix`, end to end: the built binary's output, exit status and files.
@Suite("routelint lint --fix, end to end")
struct FixCommandTests {
    static let mistaken = """
        manifest: 1
        activities:
          main: {tittle: Main}   # a comment kept
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: "Hh", links: [filters]}
          filters: {path: /filters, activity: main, holder: H, presentation: shet}

        """

    static let fixedText = """
        manifest: 1
        activities:
          main: {title: Main}   # a comment kept
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: "H", links: [filters]}
          filters: {path: /filters, activity: main, holder: H, presentation: sheet}

        """

    static func withManifest(_ text: String, _ body: (URL) throws -> Void) throws {
        try GenerateCommandTests.withDirectory { directory in
            try text.write(to: directory.appendingPathComponent("a.routes.yaml"), atomically: true, encoding: .utf8)
            try body(directory)
        }
    }

    static func manifest(in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent("a.routes.yaml"), encoding: .utf8)
    }

    @Test("--fix writes the fixes, says what it changed, and reports what is left with lint's exit status")
    func fixes() throws {
        try Self.withManifest(Self.mistaken) { directory in
            let result = try RouteLint.run(["lint", "--fix", "a.routes.yaml"], in: directory)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr == "routelint: note: fixed 3 findings in 1 file: a.routes.yaml (3)\n")
            #expect(result.stdout.hasPrefix("No problems found in 1 file (2 routes)"))
            #expect(try Self.manifest(in: directory) == Self.fixedText)
        }
    }

    @Test("--fix --dry-run prints a unified diff and writes nothing")
    func dryRun() throws {
        try Self.withManifest(Self.mistaken) { directory in
            let result = try RouteLint.run(["lint", "--fix", "--dry-run", "a.routes.yaml", "--quiet"], in: directory)
            #expect(result.status == 0)
            #expect(
                result.stdout == """
                    --- a/a.routes.yaml
                    +++ b/a.routes.yaml
                    @@ -1,8 +1,8 @@
                     manifest: 1
                     activities:
                    -  main: {tittle: Main}   # a comment kept
                    +  main: {title: Main}   # a comment kept
                     tabs: {home: {activity: main, index: 0, root: home, icon: house}}
                     holders: {H: {}}
                     routes:
                    -  home: {path: /, holder: "Hh", links: [filters]}
                    +  home: {path: /, holder: "H", links: [filters]}
                    -  filters: {path: /filters, activity: main, holder: H, presentation: shet}
                    +  filters: {path: /filters, activity: main, holder: H, presentation: sheet}

                    """)
            #expect(try Self.manifest(in: directory) == Self.mistaken)
            let misuse = try RouteLint.run(["lint", "--dry-run", "a.routes.yaml"], in: directory)
            #expect(misuse.status == 2)
        }
    }

    @Test("a fix that adds an entry: the --dry-run diff, applied by git apply, gives the text --fix writes")
    func entryAdded() throws {
        let text = """
            manifest: 1
            activities: {main: {}}
            holders: {H: {}}
            routes:
              order: {path: /orders/:orderId<int>, activity: main, holder: H, entry: true}
              search:
                path: /search?q=:query   # the query moves under `query`
                activity: main
                holder: H
                entry: true

            """
        try Self.withManifest(text) { directory in
            let diff = try RouteLint.run(["lint", "--fix", "--dry-run", "--quiet", "a.routes.yaml"], in: directory)
            #expect(diff.status == 0, "\(diff.stdout)")
            try diff.stdout.write(to: directory.appendingPathComponent("fix.diff"), atomically: true, encoding: .utf8)
            let applied = try RouteLint.run(
                ["apply", "fix.diff"], in: directory, binary: URL(fileURLWithPath: "/usr/bin/git"))
            #expect(applied.status == 0, "\(applied.stderr)")
            let patched = try Self.manifest(in: directory)
            try text.write(to: directory.appendingPathComponent("a.routes.yaml"), atomically: true, encoding: .utf8)
            #expect(try RouteLint.run(["lint", "--fix", "a.routes.yaml"], in: directory).status == 0)
            #expect(try Self.manifest(in: directory) == patched)
            #expect(
                patched.contains("  order: {path: /orders/:orderId, params: {orderId: int}, activity: main, holder: H, entry: true}\n"))
            #expect(patched.contains("    path: /search   # the query moves under `query`\n    query: {q: string}\n    activity: main\n"))
        }
    }

    @Test("the edits of --format json, made as written, give the text --fix writes")
    func jsonEditsAsWritten() throws {
        try Self.withManifest(Self.mistaken) { directory in
            let result = try RouteLint.run(["lint", "a.routes.yaml", "--format", "json"], in: directory)
            #expect(result.status == 1)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            let edits = findings.compactMap { ($0["fix"] as? [String: Any])?["edits"] as? [[String: Any]] }.flatMap { $0 }
            #expect(edits.count == 3)
            // Columns count code points from 1; `endColumn` is one past the last one replaced.
            var lines = Self.mistaken.components(separatedBy: "\n").map { Array($0.unicodeScalars) }
            for edit in edits.sorted(by: { ($0["column"] as! Int) > ($1["column"] as! Int) }) {
                let line = (edit["line"] as! Int) - 1
                let range = ((edit["column"] as! Int) - 1)..<((edit["endColumn"] as! Int) - 1)
                lines[line].replaceSubrange(range, with: Array((edit["text"] as! String).unicodeScalars))
            }
            let applied = lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
            #expect(applied == Self.fixedText)
        }
    }

    @Test("'-' prints the fixed manifest of standard input, for editors")
    func standardInput() throws {
        let result = try RouteLint.run(["lint", "--fix", "-"], input: Self.mistaken)
        #expect(result.stdout == Self.fixedText)
        #expect(result.status == 0)
    }

    @Test("on a full disk --fix exits 2, every file is as it was, and no temporary file is left")
    func fullDisk() throws {
        // Large enough that writing it passes the limit of one 512-byte block.
        let large = Self.mistaken + String(repeating: "# padding that makes the file larger than the limit\n", count: 40)
        try Self.withManifest(large) { directory in
            let result = try RouteLint.run(
                ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" lint --fix a.routes.yaml", RouteLint.binary.path], in: directory,
                binary: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
            #expect(result.stderr.contains("no file was changed"))
            #expect(try Self.manifest(in: directory) == large)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.routes.yaml"])
        }
    }
}
