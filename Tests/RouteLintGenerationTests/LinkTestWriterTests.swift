import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintGeneration

/// What `generate tests swift|kotlin` puts in its files: which links, what each must open, and
/// every value written as a literal of the language, whatever it holds. (The files compile and
/// pass beside the generated code in GeneratedLinkTestsTests and GeneratedCodeTests.)
@Suite("Generated link tests")
struct LinkTestWriterTests {
    static let manifest = #"""
        manifest: 1
        app: shop
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [product, sale, search, filters, inner]}
          product:
            path: /products/:id
            activity: main
            params: {id: int}
            holder: H
            examples: ["https://shop.example.com/products/7", "shop://products/0042?ref=mail"]
            query: {ref: string}
          sale: {path: /products/sample, activity: main, holder: H}
          search: {path: /search/:term, activity: main, holder: H, examples: ['shop://search/a%22b%5Cc$d']}
          filters: {activity: main, holder: H, presentation: sheet}
          inner: {path: /inner/:id, activity: main, holder: H, in-app: true}

        """#

    static func app() throws -> AppModel {
        try #require(apps(fromManifests: [Self.manifest]).first)
    }

    @Test("every example, a URL made from the pattern of a route without one, and the routes left without a link")
    func cases() throws {
        let app = try Self.app()
        let (cases, skipped) = LinkTestWriter.cases(app)
        #expect(
            cases.map { "\($0.url) \($0.route) \($0.params.map { "\($0.name)=\($0.value)" })" } == [
                "https://shop.example.com/ home []",
                "https://shop.example.com/products/7 product [\"id=7\"]",
                "shop://products/0042?ref=mail product [\"id=0042\", \"ref=mail\"]",
                "https://shop.example.com/products/sample sale []",
                "shop://search/a%22b%5Cc$d search [\"term=a\\\"b\\\\c$d\"]",
                "/inner/sample inner [\"id=sample\"]",
            ])
        #expect(skipped.map { "\($0.route): \($0.reason)" } == ["filters: it has no path"])
        #expect(cases.allSatisfy { $0.plan != nil })
    }

    @Test("a route whose sample URL another route takes has no made link, and the file says so")
    func shadowedSample() throws {
        let app = try Self.app()
        let made = LinkTestWriter.madeURL(try #require(app.route(named: "search")), in: app, resolver: URLResolver(apps: [app]))
        #expect(made == "https://shop.example.com/search/sample")
        // Without its examples, `product`'s sample (an int, 42) is `sale`'s literal path.
        let shadowing = Self.manifest.replacing("sale: {path: /products/sample", with: "sale: {path: /products/42")
            .replacing(
                #"examples: ["https://shop.example.com/products/7", "shop://products/0042?ref=mail"]"#, with: "examples: []")
        let shadowed = try #require(apps(fromManifests: [shadowing]).first)
        let (_, skipped) = LinkTestWriter.cases(shadowed)
        #expect(
            skipped.map { "\($0.route): \($0.reason)" } == ["product: no URL made from its pattern opens it", "filters: it has no path"])
        let file = LinkTestWriter.swiftFile(shadowed, sources: ["shop.routes.yaml"], module: "Routes", access: .public)
        #expect(file.contents.contains("// Routes without a link here:\n//   product: no URL made from its pattern opens it\n"))
    }

    @Test("values are literals of each language: quotes, backslashes and Kotlin's $ escaped")
    func literals() throws {
        let app = try Self.app()
        let swift = LinkTestWriter.swiftFile(app, sources: ["shop.routes.yaml"], module: "Routes", access: .public).contents
        #expect(swift.contains(#"url: "shop://search/a%22b%5Cc$d", route: "search", params: ["term": "a\"b\\c$d"],"#))
        #expect(swift.contains("import Routes\n"))
        let kotlin = LinkTestWriter.kotlinFile(app, sources: ["shop.routes.yaml"], package: "shop.routes").contents
        #expect(kotlin.contains(#"Case("shop://search/a%22b%5Cc\$d", "search", mapOf("term" to "a\"b\\c\$d"), "#))
        #expect(kotlin.contains("package shop.routes\n"))
    }
}
