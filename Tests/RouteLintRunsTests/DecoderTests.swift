import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintReporting

/// The decoder as a lint reports it: what aliases, repeated keys, long lines and broken files
/// of several apps become as findings, where they point.
@Suite("Decoding from events")
struct DecoderTests {
    @Test("an anchored entity body is read again through its alias, with positions at the anchor")
    func aliasedEntity() throws {
        let result = lint(
            """
            manifest: 1
            holders: {H: {}}
            routes:
              a: &shared {path: /a, holder: H, entry: true, titel: x}
              b: *shared
            """)
        let app = try #require(result.apps.first)
        #expect(app.routes.map { app.text($0.id.value) } == ["a", "b"])
        #expect(app.routes.map { $0.path.map { app.text($0.value.text) } } == ["/a", "/a"])
        // The unknown key is one key, written once: reported once, where it is written.
        #expect(result.headlines.filter { $0.contains("[unknown-key]") }.count == 2)
        #expect(positions(result, rule: "unknown-key") == ["4:49", "4:49"])
        #expect(positions(result, rule: "conflicting-patterns") == ["4:21"])
    }

    @Test("repeated keys are found in skipped content too, and only the first is used")
    func repeatedKeysEverywhere() throws {
        let result = lint(
            """
            manifest: 1
            x-notes: {a: 1, a: 2}
            routes:
              r: {path: /r, path: /s, entry: true}
              r: {path: /t}
            """)
        #expect(positions(result, rule: "duplicate-key") == ["2:17", "4:17", "5:3"])
        let app = try #require(result.apps.first)
        #expect(app.routes.map { $0.path.map { app.text($0.value.text) } } == ["/r"])
    }

    @Test("a section of many names finds a repeated one by its table")
    func repeatedKeyInLargeSection() {
        var text = "manifest: 1\nroutes:\n"
        for index in 0..<100 { text += "  r\(index): {path: /r\(index), entry: true}\n" }
        text += "  r42: {path: /again}\n"
        #expect(positions(lint(text), rule: "duplicate-key") == ["103:3"])
    }

    @Test("a long line is shown as a window around each finding, in one pass")
    func clippedExcerpts() {
        let filler = String(repeating: "x", count: 5_000)
        let text = "manifest: 1\nroutes: {a: {path: /a, entry: true, titel: \(filler), titel2: 1, titel3: 2}}\n"
        let result = lint(text)
        let unknownKeys = result.findings.filter { $0.rule == "unknown-key" }
        let report = TextReporter(options: .init(summary: false)).render(report(unknownKeys, files: result.files))
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        let excerpts = lines.enumerated().filter { $0.offset % 3 == 1 }.map(\.element)
        #expect(excerpts.count == 3)
        #expect(excerpts.allSatisfy { $0.count <= TextReporter.Excerpts.maximumWidth + 2 })
        #expect(excerpts[2].hasPrefix("…") && excerpts[2].contains("titel3: 2"))
        // The caret stands under the key in the window.
        let caret = lines[8]
        let column = excerpts[2].distance(from: excerpts[2].startIndex, to: excerpts[2].range(of: "titel3")!.lowerBound)
        #expect(caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) } == column)
    }

    @Test("a field written with a value of the wrong kind is one problem: no second finding says it is missing")
    func wrongKindIsNotMissing() {
        let result = lint(
            """
            manifest: 1
            activities: {shop: {}}
            tabs: {home: {activity: shop, index: [0], root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: [H]}
            """)
        #expect(
            result.headlines.filter { !$0.contains("[orphan-activity]") && !$0.contains("[unused-holder]") } == [
                "test.routes.yaml:3:38: error: 'index' of tab 'home' must be an integer, found a list [invalid-value]",
                "test.routes.yaml:6:27: error: 'holder' of route 'home' must be a string, found a list [invalid-value]",
            ])
    }

    @Test("a broken file of another app does not silence this app's checks; one of unknown app does")
    func completenessPerApp() throws {
        let shop = "manifest: 1\napp: shop\nroutes:\n  home: {path: /, holder: Missing, entry: true, activity: a}\n"
        let legacy = "manifest: 1\napp: legacy\nroutes:\n  old: {path: /old\n"
        let separate = lint([(name: "a-legacy.routes.yaml", contents: legacy), (name: "b-shop.routes.yaml", contents: shop)])
        #expect(separate.apps.map(\.isComplete) == [true])
        #expect(positions(separate, rule: "missing-holder") == ["4:27"])

        let unknown = "manifest: 1\nroutes:\n  old: {path: /old\napp: legacy\n"
        let anyApp = lint([(name: "a-unknown.routes.yaml", contents: unknown), (name: "b-shop.routes.yaml", contents: shop)])
        #expect(anyApp.apps.map(\.isComplete) == [false])
        #expect(positions(anyApp, rule: "missing-holder").isEmpty)

        let sameApp = lint([
            (name: "a-shop.routes.yaml", contents: legacy.replacingOccurrences(of: "legacy", with: "shop")),
            (name: "b-shop.routes.yaml", contents: shop),
        ])
        #expect(sameApp.apps.map(\.isComplete) == [false])
        #expect(RuleRegistry.wholeAppRuleIDs.contains("missing-holder") && !RuleRegistry.wholeAppRuleIDs.contains("tab-root"))
    }

    @Test("a tab index at the top of Int's range is a gap to report, not an overflow")
    func largestTabIndex() {
        let linted = lint(
            """
            manifest: 1
            activities: {main: {}}
            tabs:
              home: {activity: main, index: 9223372036854775807, root: home, icon: house}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}
            """)
        let gap = linted.findings.filter { $0.rule == "tab-index-gap" }.map(\.message)
        #expect(
            gap == [
                "tab indexes of activity 'main' are 9223372036854775807; indexes 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and 9223372036854775787 more are missing"
            ])
    }
}
