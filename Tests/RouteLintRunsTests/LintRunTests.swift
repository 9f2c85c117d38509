import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintReporting

/// The run, from configuration to verdict, as the command line and the hook use it.
@Suite("Lint run and verdict")
struct LintRunTests {
    /// A three-file app: the shell with the tab, the catalog and the cart, which the other
    /// two name; and a second app, `legacy`, with a finding of its own.
    static let appFiles: [String: String] = [
        ".routelint.yml": "include: ['**/*.routes.yaml']\n",
        "shop/shell.routes.yaml": """
        manifest: 1
        app: shop
        activities: {main: {default-tab: home}}
        tabs:
          home: {activity: main, index: 0, root: catalog, icon: house}
          basket-tab: {activity: main, index: 1, root: cart, icon: bag}
        holders: {H: {}}

        """,
        "shop/catalog.routes.yaml": """
        manifest: 1
        app: shop
        routes:
          catalog: {path: /catalog, holder: H, links: [cart]}

        """,
        "shop/cart.routes.yaml": """
        manifest: 1
        app: shop
        routes:
          cart: {path: /cart, holder: H}

        """,
        "legacy/old.routes.yaml": """
        manifest: 1
        app: legacy
        routes:
          stale: {path: /stale, holder: Missing, activity: gone}

        """,
    ]

    static func withRouteSet(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try body(directory.path)
    }

    static func staged(_ changes: [StagedChange], in root: String) throws -> LintRun {
        try LintRun.perform(LintOptions(input: .staged(changes), workingDirectory: root))
    }

    /// "file: rule" of each finding reported.
    static func reported(_ run: LintRun) -> [String] {
        run.active.map { "\(run.files[Int($0.range.file.index)].path): \($0.rule)" }
    }

    @Test("staged: a clean change to an app passes, and the other app's findings do not block it")
    func stagedClean() throws {
        try Self.withRouteSet(Self.appFiles) { root in
            let run = try Self.staged([StagedChange(path: "shop/cart.routes.yaml", kind: .changed)], in: root)
            #expect(Self.reported(run) == [])
            #expect(run.verdict.exitStatus == 0)
            // The whole set was linted: legacy's findings exist, and are left out.
            #expect(run.files.count == 4)
        }
    }

    @Test("staged: renaming a route in its own file is refused for the references it leaves in the app's other files")
    func stagedRename() throws {
        var files = Self.appFiles
        files["shop/cart.routes.yaml"] = files["shop/cart.routes.yaml"]!.replacingOccurrences(of: "cart:", with: "basket:")
        try Self.withRouteSet(files) { root in
            let run = try Self.staged([StagedChange(path: "shop/cart.routes.yaml", kind: .changed)], in: root)
            // The renamed route lost its tab, so its own file has findings too.
            #expect(
                Self.reported(run) == [
                    "shop/cart.routes.yaml: missing-field", "shop/cart.routes.yaml: unreachable-route",
                    "shop/catalog.routes.yaml: unknown-reference", "shop/shell.routes.yaml: unknown-reference",
                ])
            #expect(run.active.filter { $0.rule == "unknown-reference" }.allSatisfy { $0.message.contains("'cart'") })
            #expect(run.verdict.exitStatus == 1)
        }
    }

    @Test("staged: deleting a file that others link to is refused, its app told by its text before the commit")
    func stagedDeletion() throws {
        var files = Self.appFiles
        let deleted = files.removeValue(forKey: "shop/cart.routes.yaml")!
        try Self.withRouteSet(files) { root in
            let run = try Self.staged(
                [StagedChange(path: "shop/cart.routes.yaml", kind: .deleted(previous: Array(deleted.utf8)))], in: root)
            #expect(Self.reported(run) == ["shop/catalog.routes.yaml: unknown-reference", "shop/shell.routes.yaml: unknown-reference"])
            #expect(run.verdict.exitStatus == 1)
            // Without its text, the deleted file could belong to any app: every app is checked.
            let unknown = try Self.staged([StagedChange(path: "shop/cart.routes.yaml", kind: .deleted(previous: nil))], in: root)
            #expect(Self.reported(unknown).contains("legacy/old.routes.yaml: missing-holder"))
            #expect(unknown.messages.contains { $0.text.contains("whose app cannot be told") })
        }
    }

    @Test("staged: a commit that changes no manifest reads nothing and passes")
    func stagedNoManifest() throws {
        var files = Self.appFiles
        files["shop/cart.routes.yaml"] = "manifest: 1\nroutes: [broken\n"
        try Self.withRouteSet(files) { root in
            let run = try Self.staged([StagedChange(path: "README.md", kind: .changed)], in: root)
            #expect(run.files.isEmpty)
            #expect(run.verdict.exitStatus == 0)
            #expect(run.messages == [RunMessage(.note, "the commit changes no route manifest; nothing to check")])
        }
    }

    @Test("staged: another app's unparseable file does not hide a holder typo in the app the commit touches")
    func stagedOtherAppBroken() throws {
        var files = Self.appFiles
        files["legacy/old.routes.yaml"] = "manifest: 1\napp: legacy\nroutes: [broken\n"
        files["shop/cart.routes.yaml"] = files["shop/cart.routes.yaml"]!.replacingOccurrences(of: "holder: H}", with: "holder: Hh}")
        try Self.withRouteSet(files) { root in
            let run = try Self.staged([StagedChange(path: "shop/cart.routes.yaml", kind: .changed)], in: root)
            #expect(Self.reported(run) == ["shop/cart.routes.yaml: missing-holder"])
            #expect(run.verdict.exitStatus == 1)
        }
    }

    @Test("staged: findings a baseline accepts do not block")
    func stagedBaseline() throws {
        var files = Self.appFiles
        files["shop/cart.routes.yaml"] = files["shop/cart.routes.yaml"]!.replacingOccurrences(of: "holder: H}", with: "holder: Hh}")
        try Self.withRouteSet(files) { root in
            var recording = LintOptions(input: .paths([]), workingDirectory: root)
            recording.configurationPath = root + "/.routelint.yml"
            recording.gate.writesBaseline = true
            let recorded = try LintRun.perform(recording)
            #expect(recorded.active.isEmpty)
            #expect(recorded.verdict.exitStatus == 0)
            let path = root + "/baseline.json"
            try #require(recorded.newBaseline).text.write(toFile: path, atomically: true, encoding: .utf8)

            var options = LintOptions(input: .staged([StagedChange(path: "shop/cart.routes.yaml", kind: .changed)]), workingDirectory: root)
            options.gate.baselinePath = path
            let run = try LintRun.perform(options)
            #expect(run.active.isEmpty)
            #expect(run.suppressed.map(\.rule) == ["missing-holder"])
            #expect(run.verdict.exitStatus == 0)
        }
    }

    @Test("a path that cannot be read makes the run incomplete: exit 2, said, and every app skips its whole-app checks")
    func unreadablePath() throws {
        try Self.withRouteSet(Self.appFiles) { root in
            var options = LintOptions(input: .paths([root + "/shop", root + "/missing"]), workingDirectory: root)
            options.configurationPath = root + "/.routelint.yml"
            let run = try LintRun.perform(options)
            #expect(run.verdict.exitStatus == 2)
            #expect(run.report.totals.unreadablePaths == 1)
            #expect(run.messages.contains { $0.level == .error && $0.text.hasPrefix("cannot read '\(root)/missing'") })
            #expect(!run.skippedChecks.isEmpty)
        }
    }

    @Test("paths inside the configured set are linted with the whole set and reported alone")
    func pathsInsideSet() throws {
        var files = Self.appFiles
        files["shop/catalog.routes.yaml"] = files["shop/catalog.routes.yaml"]!.replacingOccurrences(
            of: "links: [cart]", with: "links: [cart, kart]")
        try Self.withRouteSet(files) { root in
            var options = LintOptions(input: .paths([root + "/shop/catalog.routes.yaml"]), workingDirectory: root)
            options.configurationPath = root + "/.routelint.yml"
            let run = try LintRun.perform(options)
            // 'cart' is declared in a file not given, and is known; 'kart' is not.
            #expect(
                run.active.map(\.message) == [
                    "'links' of route 'catalog' names route 'kart', which is not declared in app 'shop'; did you mean 'cart'?"
                ])
        }
    }

    @Test("a configuration with a problem fails the run with its message")
    func badConfiguration() throws {
        try Self.withRouteSet([".routelint.yml": "inclde: ['*.routes.yaml']\n", "a.routes.yaml": "manifest: 1\n"]) { root in
            var options = LintOptions(input: .paths([]), workingDirectory: root)
            options.configurationPath = root + "/.routelint.yml"
            do {
                _ = try LintRun.perform(options)
                Issue.record("the run went on")
            } catch let error as RunFailure {
                #expect(error.messages.count == 1)
                #expect(error.messages.first?.text.contains("did you mean 'include'?") == true)
            }
        }
    }

    @Test("verdicts: unreadable beats findings, strict fails warnings, max-warnings says so, and a reason is given when no summary is")
    func verdicts() {
        let clean = Verdict(failingFindings: 0, warnings: 3, maxWarnings: nil, strict: false, unreadablePaths: 0)
        #expect(clean.exitStatus == 0)
        #expect(clean.reasons(summaryShown: false).isEmpty)
        #expect(Verdict(failingFindings: 0, warnings: 0, maxWarnings: nil, strict: false, unreadablePaths: 1).exitStatus == 2)
        #expect(Verdict(failingFindings: 4, warnings: 0, maxWarnings: nil, strict: false, unreadablePaths: 1).exitStatus == 2)
        let failing = Verdict(failingFindings: 2, warnings: 0, maxWarnings: nil, strict: false, unreadablePaths: 0)
        #expect(failing.exitStatus == 1)
        #expect(failing.reasons(summaryShown: true).isEmpty)
        #expect(failing.reasons(summaryShown: false) == [RunMessage(.error, "2 findings at a failing severity")])
        let tooMany = Verdict(failingFindings: 0, warnings: 3, maxWarnings: 2, strict: false, unreadablePaths: 0)
        #expect(tooMany.exitStatus == 1)
        #expect(tooMany.reasons(summaryShown: true) == [RunMessage(.error, "3 warnings, more than --max-warnings 2 allows")])

        let range = SourceRange(file: FileID(0), start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 2))
        let warning = Finding(rule: "unused-holder", severity: .warning, message: "m", range: range)
        #expect(Verdict(findings: [warning], strict: false, maxWarnings: nil, unreadablePaths: 0).exitStatus == 0)
        let strict = Verdict(findings: [warning], strict: true, maxWarnings: nil, unreadablePaths: 0)
        #expect(strict.exitStatus == 1)
        #expect(
            strict.reasons(summaryShown: false) == [RunMessage(.error, "1 finding at a failing severity (--strict: warnings fail too)")])
    }

    @Test("git's list of staged changes: renames are a deletion and an addition; other output is refused")
    func stagedChangeListing() {
        let listing = Array("M\0a.routes.yaml\0D\0b.routes.yaml\0R100\0old.routes.yaml\0new.routes.yaml\0A\0c d.routes.yaml\0".utf8)
        #expect(
            StagedChange.parse(nameStatus: listing) == [
                StagedChange(path: "a.routes.yaml", kind: .changed),
                StagedChange(path: "b.routes.yaml", kind: .deleted(previous: nil)),
                StagedChange(path: "old.routes.yaml", kind: .deleted(previous: nil)),
                StagedChange(path: "new.routes.yaml", kind: .changed),
                StagedChange(path: "c d.routes.yaml", kind: .changed),
            ])
        #expect(StagedChange.parse(nameStatus: []) == [])
        #expect(StagedChange.parse(nameStatus: Array("Q\0x\0".utf8)) == nil)
        #expect(StagedChange.parse(nameStatus: Array("M\0".utf8)) == nil)
    }

    @Test("every reporter writes the same report through the one protocol")
    func reporters() throws {
        try Self.withRouteSet(Self.appFiles) { root in
            var options = LintOptions(input: .paths([]), workingDirectory: root)
            options.configurationPath = root + "/.routelint.yml"
            let run = try LintRun.perform(options)
            let reporters: [any Reporter] = [
                TextReporter(options: .init(summary: false)), JSONReporter(), GitHubReporter(),
                SARIFReporter(options: .init(baseDirectory: root, workingDirectory: root)),
            ]
            let outputs = reporters.map { $0.render(run.report) }
            #expect(outputs[0].components(separatedBy: "[missing-holder]").count == 2)
            #expect(outputs[1].contains("\"rule\": \"missing-holder\""))
            #expect(outputs[2].contains("title=routelint missing-holder"))
            #expect(outputs[3].contains("\"ruleId\": \"missing-holder\""))
            let quiet = TextReporter(options: .init(summary: false, onlyFailing: true)).render(run.report)
            #expect(!quiet.contains("warning:"))
            #expect(quiet.contains("error:"))
        }
    }
}
