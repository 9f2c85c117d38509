import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintReporting

@Suite("CI gate")
struct GateTests {
    static let golden = testsDirectory.appendingPathComponent("Fixtures/golden")

    static func goldenResult() throws -> LintedSet {
        let text = try String(contentsOf: golden.appendingPathComponent("shop.routes.yaml"), encoding: .utf8)
        return lint(text, name: "shop.routes.yaml")
    }

    /// Compares with a golden file in which `{{VERSION}}` stands for the version; rewrites it
    /// under `ROUTELINT_UPDATE_FIXTURES=1`.
    static func expectGolden(_ actual: String, _ name: String) throws {
        let url = golden.appendingPathComponent(name)
        let placeholdered = actual.replacingOccurrences(of: "\"\(RouteLintVersion.current)\"", with: "\"{{VERSION}}\"")
        if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
            try placeholdered.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(placeholdered == (try String(contentsOf: url, encoding: .utf8)), "\(name)")
    }

    @Test("golden output of every format")
    func goldenFormats() throws {
        let result = try Self.goldenResult()
        try Self.expectGolden(TextReporter().render(result.report), "shop.txt")
        try Self.expectGolden(JSONReporter().render(result.report), "shop.json")
        try Self.expectGolden(GitHubReporter().render(result.report), "shop.github")
        try Self.expectGolden(
            SARIFReporter(options: .init(baseDirectory: "/src", workingDirectory: "/src")).render(result.report),
            "shop.sarif")
    }

    static func sarif(_ text: String, name: String = "shop.routes.yaml") throws -> [String: Any] {
        let result = lint(text, name: name)
        let log = SARIFReporter(options: .init(baseDirectory: "/src", workingDirectory: "/src")).render(result.report)
        return try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
    }

    static func results(_ log: [String: Any]) -> [[String: Any]] {
        ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    }

    @Test("SARIF: rule indexes, code points, %SRCROOT%, linked related locations, suppressions")
    func sarifStructure() throws {
        let text = try String(contentsOf: Self.golden.appendingPathComponent("shop.routes.yaml"), encoding: .utf8)
        let log = try Self.sarif(text)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        #expect((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"] == "file:///src/")
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleRegistry.ids)
        for rule in rules {
            #expect(((rule["fullDescription"] as? [String: String])?["text"]?.count ?? 0) <= 1024)
            #expect((rule["help"] as? [String: String])?["markdown"]?.contains("](https://") == true)
        }
        let results = Self.results(log)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
            let message = try #require((result["message"] as? [String: String])?["text"])
            for related in (result["relatedLocations"] as? [[String: Any]]) ?? [] {
                #expect(message.contains("](\(related["id"] as! Int))"))
            }
        }
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        #expect(
            ((suppressed.first?["suppressions"] as? [[String: String]])?.first)
                == ["kind": "inSource", "justification": "removed with the next release"])
    }

    @Test("SARIF fingerprints stay the same when lines move")
    func fingerprintsSurviveMovedLines() throws {
        let text = try String(contentsOf: Self.golden.appendingPathComponent("shop.routes.yaml"), encoding: .utf8)
        func fingerprints(_ text: String) throws -> [String] {
            try Self.results(Self.sarif(text)).map { (($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey])! }
                .sorted()
        }
        let before = try fingerprints(text)
        let after = try fingerprints("\n\n\n# moved\n" + text)
        #expect(before.count > 5)
        #expect(Set(before).count == before.count)
        #expect(before == after)
    }

    @Test("related locations past a finding's bound are counted in JSON and SARIF, and the text counts what it does not show")
    func relatedOmitted() throws {
        let file = SourceFile(id: FileID(0), path: "a.routes.yaml", bytes: Array("a\nb\nc\nd\ne\n".utf8))
        let at = { (line: Int) in
            SourceRange(file: FileID(0), start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 2))
        }
        let finding = Finding(
            rule: "conflicting-patterns", severity: .error, message: "m", range: at(1),
            related: (2...5).map { RelatedLocation(at($0), "r\($0)") }, relatedOmitted: 7, subjects: [.route("a")])
        let reported = report([finding], files: [file])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReporter().render(reported).utf8)) as? [[String: Any]])
        #expect((json[0]["related"] as? [Any])?.count == 4)
        #expect(json[0]["relatedOmitted"] as? Int == 7)
        let log = try #require(
            try JSONSerialization.jsonObject(
                with: Data(SARIFReporter(options: .init(baseDirectory: "/", workingDirectory: "/")).render(reported).utf8))
                as? [String: Any])
        let result = try #require(Self.results(log).first)
        #expect((result["relatedLocations"] as? [Any])?.count == 4)
        #expect((result["properties"] as? [String: Any])?["relatedLocationsOmitted"] as? Int == 7)
        let text = TextReporter(options: .init(summary: false)).render(reported)
        #expect(
            text.split(separator: "\n").filter { $0.contains(": note: ") }.map(String.init) == [
                "a.routes.yaml:2:1: note: r2", "a.routes.yaml:3:1: note: r3", "a.routes.yaml:4:1: note: r4",
                "a.routes.yaml:1:1: note: and 8 more related locations (--format json and sarif list them)",
            ])
    }

    @Test("SARIF keeps the 25,000 most severe results and says so")
    func sarifLimit() throws {
        let file = SourceFile(id: FileID(0), path: "a.routes.yaml", bytes: [])
        let range = SourceRange.fileStart(FileID(0))
        let findings = (0..<25_010).map { index in
            Finding(
                rule: "unknown-key", severity: index < 20 ? .error : .note, message: "m\(index)", range: range,
                subjects: [.key("k\(index)")])
        }
        let log = SARIFReporter(options: .init(baseDirectory: "/", workingDirectory: "/")).render(report(findings, files: [file]))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let results = Self.results(parsed)
        #expect(results.count == 25_000)
        #expect(results.filter { $0["level"] as? String == "error" }.count == 20)
        #expect(log.contains("10 of 25010 results were left out"))
    }

    @Test("GitHub workflow commands escape what could end or start a command")
    func githubEscaping() {
        let file = SourceFile(id: FileID(0), path: "dir,with:odd/a.routes.yaml", bytes: [])
        let finding = Finding(
            rule: "unknown-key", severity: .warning, message: "key '100%\n::error::owned' \u{1B}[31m",
            range: SourceRange(file: FileID(0), start: SourcePosition(line: 2, column: 3), end: SourcePosition(line: 2, column: 9)))
        let output = GitHubReporter().render(report([finding], files: [file]))
        #expect(
            output == "::warning file=dir%2Cwith%3Aodd/a.routes.yaml,line=2,col=3,endLine=2,endColumn=9,title=routelint unknown-key::"
                + "key '100%25%0A::error::owned' \\u{1B}[31m [unknown-key]\n")
        #expect(output.split(separator: "\n").count == 1)
    }

    @Test("a platform rule words the file's text as written; each output escapes it once, as it writes")
    func escapedOnceAtOutput() throws {
        let manifest = """
            manifest: 1
            app: shop
            hosts: [shop.example.com]
            ios: {app-ids: [ABCDE12345.com.example.shop]}
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}

            """
        let association =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "#
            + #""components": [{"/": "/a\u001b[31m\u202Eb"}]}]}}"#
        let linted = lint([("app.routes.yaml", manifest), ("apple-app-site-association", association)])
        let finding = try #require(linted.findings.first { $0.rule == "shadowed-link-rule" }, "\(linted.headlines)")
        #expect(finding.message.contains("/a\u{1B}[31m\u{202E}b"), "\(finding.message)")
        let text = TextReporter(options: .init(summary: false)).render(linted.report)
        #expect(text.contains(#"/a\u{1B}[31m\u{202E}b"#))
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        let github = GitHubReporter().render(linted.report)
        #expect(github.contains(#"/a\u{1B}[31m\u{202E}b"#) && !github.unicodeScalars.contains("\u{1B}"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReporter().render(linted.report).utf8)) as? [[String: Any]])
        #expect(json.contains { ($0["message"] as? String)?.contains("/a\u{1B}[31m\u{202E}b") == true })
    }

    @Test("inline suppressions silence their line or file; unknown and unused ones are reported")
    func suppressions() {
        let result = lint(
            """
            manifest: 1
            # routelint:ignore-file unreachable-route -- routes of a feature in progress
            activities:
              shop: {}  # routelint:ignore orphan-activity
              gone: {}  # routelint:ignore orphan-activty,tab-limit
            routes:
              a: {path: /a, holder: H, activity: shop}
              b: {path: /b, holder: H, activity: shop}
            holders: {H: {}}
            """)
        #expect(
            result.findings.map { "\($0.range.start) \($0.rule): \($0.message)" } == [
                "5:3 orphan-activity: activity 'gone' has no tab and no entry route, so it can never be shown: give it a tab, or mark "
                    + "the route that opens it 'entry: true'",
                "5:32 unused-suppression: suppression names 'orphan-activty', which is no rule; did you mean 'orphan-activity'?",
                "5:47 unused-suppression: suppression of 'tab-limit' silences nothing on this line; remove it",
            ])
        #expect(result.suppressed.map(\.rule) == ["orphan-activity", "unreachable-route", "unreachable-route"])
        #expect(result.suppressed.last?.suppression == Suppression(kind: .inSource, justification: "routes of a feature in progress"))
    }

    @Test("a '#' inside a value is not a directive")
    func directiveNeedsComment() {
        #expect(SuppressionDirective.parse("  a: {path: '/a#routelint:ignore x'}", lineNumber: 1, file: FileID(0)) == nil)
        #expect(SuppressionDirective.parse("#routelint:ignore x", lineNumber: 1, file: FileID(0))?.rules.map(\.value) == ["x"])
        #expect(SuppressionDirective.parse("# routelint:ignored", lineNumber: 1, file: FileID(0)) == nil)
    }

    @Test(
        "globs: *, ?, ** and names at any depth",
        arguments: [
            ("Manifests/**/*.routes.yaml", "Manifests/a.routes.yaml", true),
            ("Manifests/**/*.routes.yaml", "Manifests/x/y/a.routes.yaml", true),
            ("Manifests/**/*.routes.yaml", "Other/a.routes.yaml", false),
            ("*.routes.yml", "deep/in/side/b.routes.yml", true),
            ("legacy/**", "legacy/a/b.routes.yaml", true),
            ("legacy/**", "new/legacy/b.routes.yaml", false),
            ("a?c/*.yaml", "abc/x.yaml", true),
            ("a?c/*.yaml", "abbc/x.yaml", false),
            ("./x/*", "x/y", true),
        ])
    func globs(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test(
        "a walk enters a folder only when a glob may match below it",
        arguments: [
            ("Manifests/**/*.routes.yaml", "Manifests", true),
            ("Manifests/**/*.routes.yaml", "Manifests/a/b", true),
            ("Manifests/**/*.routes.yaml", "proc", false),
            ("src/*.yaml", "src", true),
            ("src/*.yaml", "src/sub", false),
            ("*/x.yaml", "anything", true),
            ("*.routes.yaml", "deep/below", true),
            ("legacy/**", "legacy/a/b", true),
            ("a?c/*.yaml", "abbc", false),
        ])
    func globsBelowFolders(_ pattern: String, _ directory: String, _ expected: Bool) {
        #expect(Glob(pattern).mayMatch(below: directory) == expected)
    }

    @Test("a baseline accepts what it records, by identity, and reports what no longer matches")
    func baseline() throws {
        let before = lint(
            """
            manifest: 1
            routes:
              a: {path: /a, holder: H, activity: main, entry: true, titel: x, fallbak: y}
            holders: {H: {}}
            activities: {main: {}}
            """)
        let baseline = Baseline(findings: before.findings, names: before.files.map(\.path))
        #expect(
            baseline.text.contains(
                #"{"rule": "unknown-key", "file": "test.routes.yaml", "subjects": ["route:a", "key:titel"], "count": 1}"#))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try baseline.text.write(to: url, atomically: true, encoding: .utf8)
        let loaded = try Baseline.load(url.path)
        #expect(loaded == baseline)

        // Lines moved, one finding fixed, one new.
        let after = lint(
            """
            manifest: 1

            routes:
              a: {path: /a, holder: H, activity: main, entry: true, titel: x, presentaton: sheet}
            holders: {H: {}}
            activities: {main: {}}
            """)
        let (new, accepted, stale) = loaded.apply(to: after.findings, names: after.files.map(\.path))
        #expect(new.map(\.subjects) == [[.route("a"), .key("presentaton")]])
        #expect(accepted.map(\.subjects).contains([.route("a"), .key("titel")]))
        // `fallbak: y` was read as the fallback it nearly spells, which names no route: both are gone.
        #expect(stale.map(\.identity.subjects) == [[.route("a"), .key("fallbak")], [.route("a"), .key("fallback"), .route("y")]])
    }

    @Test("a baseline that is not one is an error")
    func badBaseline() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try "[1, 2".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: Baseline.LoadError.self) { try Baseline.load(url.path) }
    }

    @Test("a baseline of the first format, which named findings by words of their messages, is refused with how to renew it")
    func firstFormatBaseline() throws {
        let old =
            #"{"version": 1, "findings": [{"rule": "unknown-key", "file": "a.routes.yaml", "subjects": ["route 'a'", "titel"], "count": 1}]}"#
        do {
            _ = try Baseline.decode(Array(old.utf8), path: "old.json")
            Issue.record("a version 1 baseline was read")
        } catch {
            #expect(
                error.description == "'old.json' is a version 1 baseline, from an older routelint, whose entries cannot be matched to "
                    + "findings any more; write it again with --write-baseline old.json (this accepts the findings there are now)")
        }
    }

    @Test("identities and fingerprints do not depend on the words of messages")
    func identityIgnoresWording() {
        let range = SourceRange(file: FileID(0), start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 2))
        let names = ["a.routes.yaml"]
        let first = Finding(
            rule: "unused-holder", severity: .warning, message: "holder 'H' is unused", range: range, subjects: [.holder("H")])
        let reworded = Finding(
            rule: "unused-holder", severity: .warning, message: "nothing binds holder 'H'", range: range,
            subjects: [.holder("H")])
        let otherKind = Finding(
            rule: "unused-holder", severity: .warning, message: "holder 'H' is unused", range: range,
            subjects: [.route("H")])
        #expect(FindingIdentity.identities(of: first, names: names) == FindingIdentity.identities(of: reworded, names: names))
        #expect(FindingIdentity.fingerprints(of: [first], names: names) == FindingIdentity.fingerprints(of: [reworded], names: names))
        #expect(FindingIdentity.fingerprints(of: [first], names: names) != FindingIdentity.fingerprints(of: [otherKind], names: names))
    }
}

@Suite("Suppression comments and text")
struct SuppressionTextTests {
    @Test("a directive-like text inside a quoted value is not a directive")
    func quotedTextIsNoDirective() {
        let result = lint(
            """
            manifest: 1
            activities:
              shop: {title: "Shop # routelint:ignore orphan-activity"}
              other: {}  # routelint:ignore orphan-activity
            """)
        #expect(result.findings.map(\.rule) == ["orphan-activity"])
        #expect(result.findings.first?.range.start == SourcePosition(line: 3, column: 3))
        #expect(result.suppressed.count == 1)
    }
}
