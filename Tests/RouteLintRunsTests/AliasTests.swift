import Foundation
import Testing

@testable import RouteLintCore
@testable import RouteLintGeneration
@testable import RouteLintPlatform
@testable import RouteLintRuns

/// Route `aliases`, the former paths that keep old links working: what resolves through them,
/// what they conflict with, what the link files claim for them, and what `diff` suggests when
/// a path moves. (`invalid-alias`'s cases are its examples; the generated code's matching of
/// aliases is `GeneratedCodeTests`'.)
@Suite("Route aliases")
struct AliasTests {
    static let manifest = """
        manifest: 1
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {shop: {}}
        tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [product, pair, docs]}
          product: {path: /products/:id, params: {id: int}, aliases: [/items/:id, /p/:id/*], activity: shop, holder: H}
          pair: {path: /pairs/:first/:second, aliases: [/old/:second/:first], activity: shop, holder: H}
          docs: {path: /docs/**, aliases: [/help/**], activity: shop, holder: H}

        """

    @Test("resolve: an alias opens its route and is named; values come by name, in the order of the route's path")
    func resolution() throws {
        let resolver = URLResolver(apps: lint(Self.manifest).apps)
        let product = resolver.resolve("shop://items/42")
        #expect(product.route == "product")
        #expect(product.alias == "/items/:id")
        #expect(product.parameters.map { "\($0.name)=\($0.value) \($0.type?.description ?? "-")" } == ["id=42 int"])
        // The alias has the route's types: a value not of them matches nothing.
        #expect(resolver.resolve("/items/shoes").status == .unmatched)
        #expect(resolver.resolve("/p/7/red-shoes").alias == "/p/:id/*")
        let pair = resolver.resolve("https://shop.example.com/old/b/a")
        #expect(pair.route == "pair")
        #expect(pair.parameters.map { "\($0.name)=\($0.value)" } == ["first=a", "second=b"])
        // The route's own path names no alias.
        let direct = resolver.resolve("/products/42")
        #expect(direct.route == "product" && direct.alias == nil)
        #expect(resolver.resolve("/help/a/b").alias == "/help/**")
    }

    @Test("an alias conflicts with other routes' paths, at the alias, and never with its own route's")
    func conflicts() {
        func manifest(_ routes: [String]) -> String {
            "manifest: 1\nactivities: {shop: {}}\ntabs: {home: {activity: shop, index: 0, root: home, icon: house}}\n"
                + "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H, links: [product, promo]}\n"
                + routes.map { "  \($0)\n" }.joined()
        }
        let product = "product: {path: /products/:id, aliases: [/p/:id/new, /products/:id/*], activity: shop, holder: H}"
        let promo = "promo: {path: /p/sale/:code, activity: shop, holder: H}"
        #expect(
            lint(manifest([product, promo])).headlines == [
                "test.routes.yaml:8:17: error: path '/p/sale/:code' of route 'promo' conflicts with '/p/:id/new' of route 'product': "
                    + "both match '/p/sale/new' and neither is more specific [conflicting-patterns]"
            ])
        #expect(
            lint(manifest([promo, product])).headlines == [
                "test.routes.yaml:8:44: error: alias '/p/:id/new' of route 'product' conflicts with '/p/sale/:code' of route 'promo': "
                    + "both match '/p/sale/new' and neither is more specific [conflicting-patterns]"
            ])
        // A route's path and its aliases never conflict: `/products/:id/*` beside `/p/:id/new`,
        // and `/help/**` beside `/docs/**`, lint clean.
        #expect(lint(manifest([product, "promo: {activity: shop, holder: H}"])).headlines == [])
        #expect(lint(Self.manifest).headlines == [])
    }

    @Test("the link files claim each alias as its route's, and lint of them is clean")
    func linkFiles() throws {
        // The round trip declares its own hosts and schemes; untyped, so that iOS claims exactly.
        let manifest = Self.manifest.replacingOccurrences(of: "schemes: [shop]\nhosts: [shop.example.com]\n", with: "")
            .replacingOccurrences(of: "params: {id: int}, ", with: "")
        let (files, warnings, findings) = try AppLinkFilesTests.roundTrip(manifest, minimumSDK: 31)
        #expect(warnings == [])
        #expect(findings.map { "\($0.rule): \($0.message)" } == [])
        let association = try #require(files.first { $0.name == "apple-app-site-association" }).contents
        for path in ["/items/?*", "/p/?*/?*", "/old/?*/?*", "/help/?*", "/help/?*/?*", "/products/?*"] {
            #expect(association.contains("\"/\": \"\(path)\""), "\(path) in \(association)")
        }
        let android = try #require(files.first { $0.name == "AndroidManifest.xml" }).contents
        #expect(android.contains("/items/"), "\(android)")
        #expect(android.contains("/help"), "\(android)")
    }

    @Test("diff: a moved path suggests its alias, one that carries other parameters does not; with the alias, old links still open")
    func movedPath() throws {
        let before = Self.manifest
        let moved = before.replacingOccurrences(of: "aliases: [/old/:second/:first], ", with: "")
            .replacingOccurrences(of: "/pairs/:first/:second", with: "/twins/:first/:second")
        let sets = try compare(before: ["app.routes.yaml": before], after: ["app.routes.yaml": moved])
        #expect(
            sets.lines
                == [
                    "removed-link: shop://old/x/x and https://shop.example.com/old/x/x opened route 'pair'; they open no route now: "
                        + "route 'pair' no longer matches it (its path is /twins/:first/:second now); to keep old links opening it, "
                        + "add /old/:second/:first to its aliases",
                    "removed-link: shop://pairs/x/x and https://shop.example.com/pairs/x/x opened route 'pair'; they open no route now: "
                        + "route 'pair' no longer matches it (its path is /twins/:first/:second now); to keep old links opening it, "
                        + "add /pairs/:first/:second to its aliases",
                    "added-link: shop://twins/x/x and https://shop.example.com/twins/x/x opened no route; they open route 'pair' now",
                ].sorted(), "\(sets.lines)")
        #expect(witnessesHold(sets.run) == [])

        let kept = moved.replacingOccurrences(
            of: "/twins/:first/:second,", with: "/twins/:first/:second, aliases: [/pairs/:first/:second, /old/:second/:first],")
        let keptSets = try compare(before: ["app.routes.yaml": before], after: ["app.routes.yaml": kept])
        #expect(
            keptSets.lines == [
                "added-link: shop://twins/x/x and https://shop.example.com/twins/x/x opened no route; they open route 'pair' now"
            ])

        // A path that now takes another parameter: an alias could not give it, so none is suggested.
        let retyped = before.replacingOccurrences(of: "/docs/**, aliases: [/help/**]", with: "/docs/:page")
        let retypedSets = try compare(before: ["app.routes.yaml": before], after: ["app.routes.yaml": retyped])
        let removed = retypedSets.lines.filter { $0.hasPrefix("removed-link") }
        #expect(!removed.isEmpty && removed.allSatisfy { !$0.contains("aliases") }, "\(retypedSets.lines)")
    }

    @Test("generated code: an alias row opens its route with the values of the route's path, and a route value writes its path")
    func routerBlueprint() throws {
        let app = try #require(lint(Self.manifest).apps.first)
        let plan = try RouterBlueprint.make(app, sources: [])
        #expect(plan.aliases.map { plan.routes[$0.route].id } == ["product", "product", "pair", "docs"])
        let table = plan.routeTable
        #expect(table.count == plan.routes.count + 4)
        let pairAlias = try #require(table.last { $0.hasPrefix("pair\t") })
        let fields = pairAlias.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields[1] == "/old/:second:s/:first:s")
        #expect(fields.last.map(String.init) == String(try #require(plan.routeIndex["pair"])))
        // One order over routes and aliases: `/items/:id` (an int) before `/p/:id/*`, before `/pairs/:first/:second`.
        let rank = { (prefix: String, pattern: String) in
            table.first { $0.hasPrefix(prefix + "\t" + pattern + "\t") }.map {
                Int($0.split(separator: "\t", omittingEmptySubsequences: false)[8])!
            }
        }
        #expect(Set(table.map { Int($0.split(separator: "\t", omittingEmptySubsequences: false)[8])! }).count == table.count)
        let items = try #require(rank("product", "/items/:id:i"))
        let wildcard = try #require(rank("product", "/p/:id:i/_"))
        let pairs = try #require(rank("pair", "/pairs/:first:s/:second:s"))
        #expect(items < wildcard && wildcard < pairs)
    }
}
