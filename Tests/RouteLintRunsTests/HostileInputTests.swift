import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules
@testable import RouteLintReporting

/// Every loop over input is linear or bounded: each hostile input is run at two sizes, ten
/// times apart, and the larger may take at most 30 times as long (a quadratic loop takes 100
/// times; 30 leaves room for a noisy machine). The time of each size is the best of three.
@Suite("Hostile inputs scale linearly")
struct HostileInputTests {
    static func seconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let started = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - started
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    /// Expects `work(10 × size)` to take at most 30 times `work(size)`.
    static func expectLinear(size: Int, _ work: (Int) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        let small = seconds { work(size) }
        let large = seconds { work(size * 10) }
        // Below a millisecond, timer resolution and noise dominate: compare against that floor.
        #expect(large <= 30 * max(small, 0.001), "\(size): \(small) s; \(size * 10): \(large) s", sourceLocation: sourceLocation)
    }

    static func file(_ text: String) -> SourceFile {
        SourceFile(id: FileID(0), path: "hostile.routes.yaml", bytes: Array(text.utf8))
    }

    /// The route set a platform file is checked against: one parameter route on one host.
    static let linkedApp = """
        manifest: 1
        hosts: [example.com]
        android: {package: com.example.app, min-sdk: 31}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}
          item: {path: /p/:id, activity: main, holder: H, entry: true}

        """

    static func checkPlatformFile(_ name: String, _ text: String) -> [Finding] {
        let manifest = SourceFile(id: FileID(0), path: "app.routes.yaml", bytes: Array(Self.linkedApp.utf8))
        let platform = SourceFile(id: FileID(1), path: name, bytes: Array(text.utf8))
        let findings = Linter.lint([manifest], platformFiles: [PlatformFileSource(file: platform, app: nil)]).findings
        #expect(findings.allSatisfy { $0.range.file == FileID(1) || $0.rule == UnclaimedRouteRule.description.id })
        return findings
    }

    static func association(_ components: [String]) -> String {
        #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": ["# + components.joined(separator: ",") + "]}]}}"
    }

    @Test("an apple-app-site-association of many components is read and compared in linear time")
    func manyComponents() {
        Self.expectLinear(size: 1_000) { count in
            let components =
                (0..<count).map { #"{"/": "/p/\#($0)"}"# } + [#"{"/": "/?*/?*/?*", "exclude": true}"#, #"{"/": "/p/?*"}"#, #"{"/": "/"}"#]
            let text = Self.association(components)
            let findings = Self.checkPlatformFile("apple-app-site-association", text)
            // Past 128 KB iOS reads none of it; nothing else is wrong.
            let expected = text.utf8.count > AppLinkLimits.maximumAssociationSize ? [AssociationSizeRule.description.id] : []
            #expect(findings.map(\.rule) == expected, "\(findings.map(\.message).prefix(3))")
        }
    }

    @Test("a 50 MB apple-app-site-association is read in one pass")
    func hugeAssociation() {
        let padding = String(repeating: " ", count: 50_000_000)
        let components = [#"{"/": "/?*/?*/?*", "exclude": true}"#, padding + #"{"/": "/p/?*"}"#, #"{"/": "/"}"#]
        #expect(
            Self.checkPlatformFile("apple-app-site-association", Self.association(components)).map(\.rule) == [
                AssociationSizeRule.description.id
            ])
    }

    @Test("claims too large to compare end the walk at its bound, and the check says so")
    func boundedComparison() throws {
        let app = try #require(lint(Self.linkedApp).apps.first)
        let claimed = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
        let long = AppleComponentLanguage([AppleLinkComponent(path: "/" + String(repeating: "a", count: 100_000))])
        #expect(PathLanguageComparison.compare(claimed, long, limit: 10_000) == .tooLarge(limit: 10_000))
    }

    /// An AndroidManifest.xml whose https filter has the path attributes given.
    static func androidManifest(_ data: [String]) -> String {
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name=".A">
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.BROWSABLE" /><data android:scheme="https" android:host="example.com" />
        \(data.joined(separator: "\n"))</intent-filter></activity></application></manifest>
        """
    }

    @Test("thousands of pathPatterns whose '.*' runs interleave end at the comparison's bound: undecided, the run incomplete")
    func interleavedPathPatterns() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let data = (0..<2_000).map { index in
            let (a, b, c) = (alphabet[index % 36], alphabet[(index / 36) % 36], alphabet[(index * 7) % 36])
            return #"<data android:pathPattern="/.*\#(a).*\#(b).*\#(c).*" />"#
        }
        let started = ContinuousClock.now
        let findings = Self.checkPlatformFile("AndroidManifest.xml", Self.androidManifest(data))
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(findings.contains { $0.rule == UnroutedLinkRule.description.id && $0.message.contains("are too large to compare") })
        // A run that checks such a file is incomplete: exit 2, never clean.
        try LintRunTests.withRouteSet([
            "app.routes.yaml": Self.linkedApp, "AndroidManifest.xml": Self.androidManifest(data),
        ]) { directory in
            var options = LintOptions(input: .paths(["app.routes.yaml"]), workingDirectory: directory)
            options.platformFiles = ["AndroidManifest.xml"]
            let run = try LintRun.perform(options)
            #expect(run.verdict.exitStatus == 2)
            #expect(run.unreadable.map(\.path) == ["AndroidManifest.xml"])
            #expect(run.messages.contains { $0.text.hasPrefix("cannot check 'AndroidManifest.xml': its claims could not be compared") })
        }
    }

    @Test("positions in a one-line assetlinks.json are found in linear time, in whatever order they are asked for")
    func oneLineAssetLinks() {
        Self.expectLinear(size: 1_000) { count in
            let statement = { (index: Int) in
                #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
                    + #""package_name": "com.example.app\#(index)", "sha256_cert_fingerprints": ["\#(PlatformExamples.fingerprint)"]}}"#
            }
            let text = "[" + (0..<count).map(statement).joined(separator: ", ") + "]"
            let findings = Self.checkPlatformFile("assetlinks.json", text)
            #expect(findings.map(\.rule) == [AppLinkSetupRule.description.id], "\(findings.map(\.message).prefix(2))")
        }
    }

    @Test("a file of 6,000 unrouted components gives a bounded report: 100 findings, then one that lists 1,000 and counts the rest")
    func groupedFindings() throws {
        // 6,000 components of no route (within the 128 KB iOS reads), and '/p/?*', whose '*'
        // also takes '/p/x/y'.
        let components = (0..<6_000).map { #"{"/": "/q/\#($0)"}"# } + [#"{"/": "/p/?*"}"#, #"{"/": "/"}"#]
        let findings = Self.checkPlatformFile("apple-app-site-association", Self.association(components))
        let unrouted = findings.filter { $0.rule == UnroutedLinkRule.description.id }
        #expect(unrouted.count == GroupedFindings.individually + 1)
        let group = try #require(unrouted.last)
        #expect(
            group.message
                == "5901 more patterns that claim URLs no web route opens in this file, beyond the 100 reported one by one: each is a related location (1000 listed)"
        )
        #expect(group.related.count == GroupedFindings.relatedAtMost)
        #expect(group.relatedOmitted == 5_901 - GroupedFindings.relatedAtMost)
        #expect(group.related.first?.message.hasPrefix("https://example.com/q/100 opens the app through component '/q/100'") == true)
    }

    /// An AndroidManifest.xml whose one verified filter claims the linked app's routes and `paths`.
    static func intentFilter(paths: [String]) -> String {
        let data = paths.map { #"<data android:path="\#($0)" />"# }.joined()
        return """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name=".A">
            <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.BROWSABLE" /><data android:scheme="https" android:host="example.com" />
            <data android:path="/" /><data android:pathAdvancedPattern="/p/[^/]+/{0,1}" />\(data)</intent-filter></activity></application></manifest>
            """
    }

    @Test("intent filters of many attributes and a deep, long XML document are read in linear time")
    func manyIntentFilterAttributes() {
        Self.expectLinear(size: 1_000) { count in
            let text = Self.intentFilter(paths: (0..<count).map { "/p/\($0)" })
            #expect(Self.checkPlatformFile("AndroidManifest.xml", text).map(\.rule) == [])
        }
    }

    @Test("an intent filter of thousands of unrouted paths, each a fact on two API ranges, is judged in linear time")
    func manyUnroutedAttributes() {
        Self.expectLinear(size: 1_000) { count in
            // Below API 31 the advanced pattern is not read: each unrouted path is found on both
            // ranges and merged into one fact.
            let text = Self.intentFilter(paths: (0..<count).map { "/q/\($0)" })
            let manifest = SourceFile(
                id: FileID(0), path: "app.routes.yaml",
                bytes: Array(Self.linkedApp.replacingOccurrences(of: "min-sdk: 31", with: "min-sdk: 26").utf8))
            let platform = SourceFile(id: FileID(1), path: "AndroidManifest.xml", bytes: Array(text.utf8))
            let findings = Linter.lint([manifest], platformFiles: [PlatformFileSource(file: platform, app: nil)]).findings
            let unrouted = findings.filter { $0.rule == UnroutedLinkRule.description.id }
            #expect(unrouted.count == GroupedFindings.individually + 1)
            #expect(unrouted.last?.relatedOmitted == max(0, count - GroupedFindings.individually - GroupedFindings.relatedAtMost))
        }
    }

    @Test("a comment of thousands of '#' is scanned once")
    func suppressionHashes() {
        Self.expectLinear(size: 10_000) { count in
            let text = "manifest: 1 " + String(repeating: "# ", count: count) + "# routelint:ignore unknown-key\n"
            #expect(SuppressionDirective.directives(in: Self.file(text)).count == 1)
        }
    }

    @Test("a directive naming thousands of rules reads a bounded number of them")
    func suppressionManyRules() {
        let names = (0..<10_000).map { "rule\($0)" }.joined(separator: ",")
        let result = lint("manifest: 1  # routelint:ignore \(names)\n")
        let unused = result.findings.filter { $0.rule == "unused-suppression" }
        #expect(unused.count == SuppressionDirective.maximumRules + 1)
        #expect(unused.contains { $0.message.contains("9936 more rules") })
    }

    @Test("a loop of parents or fallbacks through thousands of nodes: a finding for each, naming ten of them, in linear time")
    func longLoops() {
        func holders(_ count: Int) -> String {
            "manifest: 1\nholders:\n" + (0..<count).map { "  H\($0): {parent: H\(($0 + 1) % count)}\n" }.joined()
        }
        func fallbacks(_ count: Int) -> String {
            "manifest: 1\nactivities: {a: {}}\nholders: {H: {}}\nroutes:\n"
                + (0..<count).map { "  r\($0): {path: /r\($0), activity: a, holder: H, feature: f\($0), fallback: r\(($0 + 1) % count)}\n" }
                .joined()
        }
        let parents = lint(holders(5_000)).findings.filter { $0.rule == "holder-scope" }
        #expect(parents.count == 5_000)
        #expect(
            parents.first { $0.subjects.first == .holder("H4995") }?.message
                == "holder 'H4995' is on a loop of parents: H4995 → H4996 → H4997 → H4998 → H4999 → H0 → H1 → H2 → H3 → H4 → 4990 more → H4995"
        )
        #expect(parents.allSatisfy { $0.subjects.count == 11 })
        let routes = lint(fallbacks(5_000)).findings.filter { $0.rule == "unusable-fallback" }
        #expect(routes.count == 5_000)
        #expect(
            routes.first { $0.subjects.first == .route("r0") }?.message
                == "route 'r0' is on a loop of fallbacks, r0 → r1 → r2 → r3 → r4 → r5 → r6 → r7 → r8 → r9 → 4990 more → r0: while "
                + "features 'f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9' and those of 4990 more routes are off, a link to it "
                + "opens nothing; name a route without a feature, or one whose fallback leads out of the loop")
        // A loop of ten is named whole, as it was before loops were bounded.
        #expect(lint(holders(10)).findings.first { $0.rule == "holder-scope" }?.message.hasSuffix("H9 → H0") == true)
        Self.expectLinear(size: 500) { count in
            #expect(lint(holders(count)).findings.count { $0.rule == "holder-scope" } == count)
        }
    }

    @Test("globs with many '**' match deep paths without backtracking over every split")
    func globStars() {
        let glob = Glob(Array(repeating: "**", count: 10).joined(separator: "/") + "/nothing.routes.yaml")
        Self.expectLinear(size: 40) { depth in
            let path = Array(repeating: "d", count: depth).joined(separator: "/") + "/a.routes.yaml"
            #expect(!glob.matches(path))
        }
        #expect(glob.matches("a/b/c/nothing.routes.yaml"))
        #expect(Glob("a/**/b/**/c").matches("a/x/b/y/z/c") && !Glob("a/**/b/**/c").matches("a/x/c/y/b"))
    }

    @Test("a path of many parameters is parsed in linear time")
    func pathParameters() {
        Self.expectLinear(size: 5_000) { count in
            var symbols = SymbolTable()
            let path = "/" + (0..<count).map { ":p\($0)" }.joined(separator: "/")
            #expect((try? PathPattern.parse(path, symbols: &symbols).get()) != nil)
        }
    }

    @Test("findings on one long line report in time and space linear in the findings")
    func longLineFindings() {
        Self.expectLinear(size: 200) { count in
            let keys = (0..<count).map { "k\($0): 1" }.joined(separator: ", ")
            let result = lint("manifest: 1\nroutes: {r: {path: /r, entry: true, holder: H, activity: a, \(keys)}}\n")
            let unknown = result.findings.filter { $0.rule == "unknown-key" }
            #expect(unknown.count == count)
            let report = TextReporter(options: .init(summary: false)).render(report(unknown, files: result.files))
            // A header, a clipped excerpt and a caret line: a few hundred bytes each.
            #expect(report.utf8.count <= count * 600)
        }
    }

    @Test("a baseline count outside 1…1,000,000,000 is an error, not an overflow")
    func baselineCounts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for count in ["9223372036854775807", "-3"] {
            let path = directory.appendingPathComponent("baseline.json").path
            let entry = #"{"rule": "r", "file": "f", "subjects": [], "count": \#(count)}"#
            try "{\"version\": 2, \"findings\": [\(entry), \(entry)]}\n".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: Baseline.LoadError.self) { try Baseline.load(path) }
        }
    }

    @Test("an empty include glob is refused whether a scalar or an item")
    func emptyInclude() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(".routelint.yml").path
        for text in ["include: ''\n", "include: ['']\n"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: RunFailure.self) { try RouteSetLoader.configuration(at: path, from: directory.path) }
        }
    }

    @Test("a configuration error reached through an alias points at the alias")
    func aliasedConfigurationError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(".routelint.yml").path
        // Valid where it is defined, wrong where the alias uses it.
        try "include: &globs ['Manifests/**']\ntab-limit: *globs\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try RouteSetLoader.configuration(at: path, from: directory.path)
            Issue.record("the configuration should be refused")
        } catch {
            #expect(error.messages.map(\.text).contains { $0.contains(".routelint.yml:2:12:") }, "\(error)")
        }
    }

    @Test("a URL list that is not UTF-8 text is refused")
    func binaryURLs() {
        #expect(URLList.urls(in: [0x2F, 0x61, 0x00]) == .failure(URLList.NotText()))
        #expect(URLList.urls(in: [0x2F, 0xFF]) == .failure(URLList.NotText()))
        #expect(URLList.urls(in: Array("/a\n# note\n\n /b \n".utf8)) == .success(["/a", "/b"]))
    }
}
