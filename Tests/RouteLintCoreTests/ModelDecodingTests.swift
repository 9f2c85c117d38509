import RouteLintTestSupport
import Testing

@testable import RouteLintCore

/// The model's storage and the decoder's reading of YAML's sharing: symbols, chunked entity
/// lists, merge keys, and routes' optional fields as values.
@Suite("The model and its decoding")
struct ModelDecodingTests {
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

    @Test("a symbol table reads a text in its file where the file holds it, and copies it where it does not")
    func textsInTheFile() {
        let file = Array("id: product-detail, path: /products".utf8)
        var table = SymbolTable(source: file)
        let found = table.intern(Array("product-detail".utf8)[...], foundAt: 4)
        #expect(table.copiedTextBytes == 0)
        // An offset that does not hold the text, or lies outside the file, is not believed.
        let misplaced = table.intern(Array("path".utf8)[...], foundAt: 5)
        let outside = table.intern(Array("products".utf8)[...], foundAt: file.count - 3)
        let nowhere = table.intern(Array("shop".utf8)[...], foundAt: -1)
        #expect(table.copiedTextBytes == "path".count + "products".count + "shop".count)
        #expect([found, misplaced, outside, nowhere].map(table.text) == ["product-detail", "path", "products", "shop"])
        #expect(table.intern(Array("product-detail".utf8)[...], foundAt: -1) == found)

        var run = SymbolTable()
        let mapping = run.merge(table)
        #expect(mapping.map(run.text) == ["product-detail", "path", "products", "shop"])
    }

    @Test(
        "a decoded file's names are read where the file writes them: after a byte-order mark, across CRLF and other text",
        arguments: [
            ("", "\n"), ("\u{FEFF}", "\n"), ("", "\r\n"), ("\u{FEFF}# Ünïcödé 😀 before the names\n", "\r\n"),
        ])
    func namesInTheFile(prefix: String, lineBreak: String) {
        let lines = [
            "manifest: 1", "app: shop", "routes:", "  'product-detail':", "    path: /products/:id/reviews",
            "    holder: \"ProductHolder\"", "  list: {path: /products, holder: ListHolder}",
        ]
        let decoded = EventStreamTests.decode(prefix + lines.joined(separator: lineBreak) + lineBreak, readsAhead: false)
        let texts = (0..<decoded.symbols.count).map { decoded.symbols.text(Symbol(index: UInt32($0))) }
        #expect(
            Set(texts) == [
                "shop", "product-detail", "/products/:id/reviews", "products", "id", "reviews", "ProductHolder", "list",
                "/products", "ListHolder",
            ])
        #expect(decoded.symbols.copiedTextBytes == 0)

        // A name written with an escape is not in the file as it reads: it is copied.
        let escaped = EventStreamTests.decode(
            prefix + (lines + ["  \"new\\x2dlist\": {path: /new, holder: ListHolder}"]).joined(separator: lineBreak), readsAhead: false)
        #expect(escaped.symbols.copiedTextBytes == "new-list".utf8.count)
        #expect(escaped.symbols.lookup("new-list") != nil)
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

    @Test("merged fields come from the record, each source read once, own fields winning")
    func mergeKeys() throws {
        let decoded = apps(fromManifests: [
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
            """
        ])
        let app = try #require(decoded.first)
        let route = try #require(app.routes.first)
        #expect(route.holder.map { app.text($0.value) } == "H")
        #expect(route.activity.map { app.text($0.value) } == "shop")
        #expect(route.isEntry)
        #expect(route.activity?.range.start == SourcePosition(line: 4, column: 26))
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

    @Test("a symbol index finds every position it was given, through every growth and when reserved, and nothing else")
    func symbolIndexFindsWhatItHolds() {
        var grown = SymbolIndex()
        var reserved = SymbolIndex()
        reserved.reserveCapacity(10_000)
        // Every other symbol, so that the absent ones lie between the present ones.
        for number in stride(from: 0, to: 20_000, by: 2) {
            grown[Symbol(index: UInt32(number))] = number / 2
            reserved[Symbol(index: UInt32(number))] = number / 2
        }
        grown[Symbol(index: 4)] = 7
        for index in [grown, reserved] {
            #expect(index.count == 10_000)
            #expect((0..<10_000).allSatisfy { number in index[Symbol(index: UInt32(2 * number + 1))] == nil })
        }
        #expect((0..<10_000).allSatisfy { number in reserved[Symbol(index: UInt32(2 * number))] == number })
        #expect((0..<10_000).allSatisfy { number in grown[Symbol(index: UInt32(2 * number))] == (number == 2 ? 7 : number) })
    }

    @Test("each optional field of a route reads back what was set, beside all the others, until it is cleared")
    func routeOptionalFieldsKeepTheirOwnValues() throws {
        func at(_ line: Int) -> SourceRange {
            SourceRange(file: FileID(0), start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 2))
        }
        func name(_ index: UInt32, _ line: Int) -> LocatedName { LocatedName(Symbol(index: index), at: at(line)) }
        var symbols = SymbolTable()
        let pattern = try PathPattern.parse("/a/:id", symbols: &symbols).get()
        var route = Route(id: name(0, 1))
        route.presentation = Located(.sheet, at: at(2))
        route.stacked = Located(true, at: at(3))
        route.entry = Located(true, at: at(4))
        route.requiresAuth = Located(false, at: at(5))
        route.feature = name(1, 6)
        route.fallback = name(2, 7)
        route.up = name(3, 8)
        route.sends = NameList(start: 0, end: 1)
        route.observes = NameList(start: 1, end: 3)
        route.web = Located(false, at: at(11))
        route.inApp = Located(true, at: at(12))
        route.aliases = [Located(pattern, at: at(13))]
        route.params = [ParameterType(name: name(4, 14), type: TypeDeclaration(type: .int, range: at(14)))]
        route.examples = [Located("/a/1", at: at(16))]
        route.hasUndecidedType = true
        #expect(route.presentation == Located(.sheet, at: at(2)))
        #expect(route.stacked == Located(true, at: at(3)))
        #expect(route.entry == Located(true, at: at(4)))
        #expect(route.requiresAuth == Located(false, at: at(5)))
        #expect(route.feature == name(1, 6) && route.fallback == name(2, 7) && route.up == name(3, 8))
        #expect(route.sends == NameList(start: 0, end: 1) && route.observes == NameList(start: 1, end: 3))
        #expect(route.web == Located(false, at: at(11)) && route.inApp == Located(true, at: at(12)))
        #expect(route.aliases == [Located(pattern, at: at(13))])
        #expect(route.params.map(\.name) == [name(4, 14)] && route.query.isEmpty)
        #expect(route.examples == [Located("/a/1", at: at(16))])
        #expect(route.hasUndecidedType)
        // Replaced and cleared one by one, the others stay.
        route.feature = name(5, 20)
        route.stacked = nil
        route.sends = .empty
        route.hasUndecidedType = false
        #expect(route.feature == name(5, 20) && route.fallback == name(2, 7))
        #expect(route.stacked == nil && route.presentation == Located(.sheet, at: at(2)))
        #expect(route.sends.isEmpty && route.observes == NameList(start: 1, end: 3))
        #expect(!route.hasUndecidedType && route.examples.count == 1)
    }
}
