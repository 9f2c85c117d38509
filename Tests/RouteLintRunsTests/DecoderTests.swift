import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintReporting

/// The event-driven front end: symbols, the cursor's recording and replay of anchored nodes,
/// and the compact storage of the model.
@Suite("Decoding from events")
struct DecoderTests {
    @Test("a symbol table gives one symbol per text, and merging maps every symbol")
    func symbolTable() {
        var table = SymbolTable()
        let names = (0..<5_000).map { "route-\($0)" } + ["", "é€😀", String(repeating: "long", count: 100)]
        let symbols = names.map { table.intern($0) }
        #expect(table.count == names.count)
        #expect(names.map { table.intern($0) } == symbols)
        #expect(symbols.map(table.text) == names)
        #expect(table.lookup("route-4999") == symbols[4_999])
        #expect(table.lookup("route-5000") == nil)

        var run = SymbolTable()
        run.intern("route-3")
        run.intern("elsewhere")
        let mapping = run.merge(table)
        #expect(mapping.count == table.count)
        #expect(zip(symbols, names).allSatisfy { run.text(mapping[Int($0.index)]) == $1 })
        #expect(mapping[3] == run.lookup("route-3"))
    }

    @Test("an entity list keeps order and values across chunks")
    func entityList() {
        var list = EntityList<Int>()
        for value in 0..<10_000 { list.append(value * 3) }
        #expect(list.count == 10_000)
        #expect(Array(list) == (0..<10_000).map { $0 * 3 })
        list[4_097] = -1
        #expect(list[4_097] == -1 && list[4_096] == 4_096 * 3)
    }

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

    @Test("merged fields come from the record, each source read once, own fields winning")
    func mergeKeys() throws {
        let result = lint(
            """
            manifest: 1
            activities: {shop: {}}
            holders: {H: {}, Other: {}}
            x-base: &base {activity: shop, holder: Other}
            x-more: &more {<<: *base, entry: true}
            routes:
              a:
                <<: [*more, *base, *more]
                holder: H
                path: /a
            """)
        let app = try #require(result.apps.first)
        let route = try #require(app.routes.first)
        #expect(route.holder.map { app.text($0.value) } == "H")
        #expect(route.activity.map { app.text($0.value) } == "shop")
        #expect(route.isEntry)
        #expect(route.activity?.range.start == SourcePosition(line: 4, column: 26))
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

    @Test("a route's optional fields are values: changing a copy leaves the original as it was")
    func routeOptionalFieldsAreValues() {
        let range = SourceRange.fileStart(FileID(0))
        var original = Route(id: LocatedName(Symbol(index: 0), at: range))
        original.entry = Located(true, at: range)
        var copy = original
        copy.entry = Located(false, at: range)
        copy.sends = NameList(start: 1, end: 3)
        #expect(original.isEntry)
        #expect(original.sends.isEmpty)
        #expect(!copy.isEntry)
        #expect(copy.sends.count == 2)
        var cleared = copy
        cleared.entry = nil
        #expect(cleared.entry == nil)
        #expect(copy.entry?.value == false)
        // A route that sets none of them reads every default.
        let bare = Route(id: LocatedName(Symbol(index: 1), at: range))
        #expect(bare.effectivePresentation == .push && !bare.isStacked && bare.isWeb && bare.feature == nil && bare.observes.isEmpty)
    }
}
