import Foundation
import RouteLintTestSupport
import Testing

@testable import RouteLintCore

@Suite("Resolving URLs")
struct URLResolverTests {
    static let manifest = """
        manifest: 1
        schemes: [shop]
        hosts: [shop.example.com, "*.shop.example.net"]
        activities:
          ecommerce: {default-tab: cart}
          brochure: {}
        tabs:
          home: {activity: ecommerce, index: 0, root: home, icon: house}
          products: {activity: ecommerce, index: 1, root: product-list, icon: grid}
          cart: {activity: ecommerce, index: 2, root: cart, icon: cart}
          brochures: {activity: brochure, index: 0, root: brochure-list, icon: book}
        holders: {H: {}, ProductHolder: {params: [id]}}
        routes:
          home: {path: /, holder: H}
          product-list: {path: /products, holder: H, links: [product]}
          product: {path: /products/:id, activity: ecommerce, holder: ProductHolder}
          new-product: {path: /products/new, activity: ecommerce, holder: H}
          cart: {path: /cart, holder: H}
          orphan: {path: /orphan, activity: ecommerce, holder: H, entry: true}
          brochure-list: {path: /brochures, holder: H}
          docs: {path: '/docs/**', activity: ecommerce, holder: H, entry: true}
          a-param: {path: '/a/:x', activity: ecommerce, holder: H, entry: true}
          b-param: {path: '/:y/b', activity: ecommerce, holder: H, entry: true}
          cafe: {path: '/caf%C3%A9/:item', activity: ecommerce, holder: H, entry: true}
        """

    static let resolver = URLResolver(apps: apps(fromManifests: [manifest]))

    @Test("a custom-scheme deep link")
    func customScheme() {
        let resolution = Self.resolver.resolve("shop://products/42")
        #expect(resolution.status == .resolved)
        #expect(resolution.route == "product")
        #expect(resolution.activity == "ecommerce")
        #expect(resolution.tab == "products")
        #expect(resolution.holder == "ProductHolder")
        #expect(resolution.parameters == [.init(name: "id", value: "42")])
    }

    @Test("a universal link, with ?tab= choosing the tab and the other query items kept")
    func universalLinkAndTab() {
        let resolution = Self.resolver.resolve("https://shop.example.com/products/42?tab=home&ref=mail#top")
        #expect(resolution.route == "product")
        #expect(resolution.tab == "home")
        #expect(resolution.query == [.init(name: "ref", value: "mail")])
        let wrongActivity = Self.resolver.resolve("https://shop.example.com/products/42?tab=brochures")
        #expect(wrongActivity.tab == "products")
        #expect(wrongActivity.query == [.init(name: "tab", value: "brochures")])
        #expect(Self.resolver.resolve("https://a.shop.example.net/cart").route == "cart")
    }

    @Test("a bare path; the most specific pattern wins")
    func barePath() {
        #expect(Self.resolver.resolve("/products/new").route == "new-product")
        #expect(Self.resolver.resolve("/products/new/").route == "new-product")
        #expect(Self.resolver.resolve("/docs/a/b").route == "docs")
        #expect(Self.resolver.resolve("/docs").status == .unmatched)
    }

    @Test("without a tab on a link path, the activity's default tab")
    func defaultTab() {
        #expect(Self.resolver.resolve("/orphan").tab == "cart")
    }

    @Test("percent-escapes are decoded in parameters and compared decoded in static segments")
    func percentEscapes() {
        let resolution = Self.resolver.resolve("/caf%c3%a9/cr%C3%A8me%20br%C3%BBl%C3%A9e")
        #expect(resolution.route == "cafe")
        #expect(resolution.parameters == [.init(name: "item", value: "crème brûlée")])
        #expect(Self.resolver.resolve("/café/x").route == "cafe")
        #expect(Self.resolver.resolve("/products/a%2Fb").parameters == [.init(name: "id", value: "a/b")])
    }

    @Test("conflicting best matches are ambiguous")
    func ambiguous() {
        let resolution = Self.resolver.resolve("/a/b")
        #expect(resolution.status == .ambiguous)
        #expect(resolution.candidates == ["a-param", "b-param"])
    }

    @Test(
        "unknown hosts and schemes, and malformed paths, do not resolve",
        arguments: [
            (
                "https://evil.example/cart", "unknown-host",
                "host 'evil.example' is not declared (hosts: shop.example.com, *.shop.example.net)"
            ),
            ("other://cart", "unknown-scheme", "scheme 'other' is not declared (schemes: shop)"),
            ("https:///cart", "unknown-host", "it names no host"),
            ("/a//b", "not-a-url", "the path '/a//b' has an empty segment"),
            ("/a/%zz", "not-a-url", "the path '/a/%zz' has a '%' that does not start a percent-escape"),
            ("cart", "not-a-url", "'cart' is neither a URL with a scheme nor a path starting with '/'"),
            ("/nowhere/at/all", "no-matching-path", "no route's path matches '/nowhere/at/all'"),
        ])
    func unmatched(_ url: String, _ kind: String, _ reason: String) {
        let resolution = Self.resolver.resolve(url)
        #expect(resolution.status == .unmatched)
        #expect(resolution.reason?.kind.rawValue == kind)
        #expect(resolution.reason?.message == reason)
        #expect(resolution.reason?.route == nil && resolution.reason?.parameter == nil)
    }

    @Test(
        "a URL that opens nothing says why as an example's finding does: the parameter and its type, the query item by name",
        arguments: [
            (
                "/shows/abc",
                "route 'show' ('/shows/:showId') matches '/shows/abc' but for its types: its parameter 'showId' is of type int, which 'abc' is not",
                "parameter-type show showId int abc"
            ),
            (
                "/shows/7/tabs/x",
                "route 'show-tab' ('/shows/:showId/tabs/:tab') matches '/shows/7/tabs/x' but for its types: its parameter 'tab' is of "
                    + "type [info, episodes], which 'x' is not",
                "parameter-type show-tab tab [info, episodes] x"
            ),
            (
                "/search",
                "route 'search' ('/search') matches '/search', but not its query: its query item 'q' is required, and the URL has none",
                "missing-query-item search q string -"
            ),
            (
                "/search?q=a&page=two",
                "route 'search' ('/search') matches '/search', but not its query: its query item 'page' is of type int, which 'two' is not",
                "query-item-type search page int two"
            ),
            ("/nothing", "no route's path matches '/nothing'", "no-matching-path - - - -"),
            ("shop://settings", "route 'settings' is in-app: no link from outside the app opens it", "in-app settings - - -"),
        ])
    func refusedByTypes(_ url: String, _ reason: String, _ fields: String) {
        let manifest = """
            manifest: 1
            routes:
              show: {path: '/shows/:showId', params: {showId: int}, entry: true, holder: H}
              show-tab: {path: '/shows/:showId/tabs/:tab', params: {showId: int, tab: [info, episodes]}, entry: true, holder: H}
              search: {path: /search, query: {q: {type: string, required: true}, page: int}, entry: true, holder: H}
              settings: {path: /settings, in-app: true, holder: H}
            schemes: [shop]
            """
        let resolution = URLResolver(apps: apps(fromManifests: [manifest])).resolve(url)
        #expect(resolution.status == .unmatched)
        #expect(resolution.reason?.message == reason)
        let named = resolution.reason.map { reason in
            [reason.kind.rawValue, reason.route, reason.parameter, reason.type?.description, reason.value].map { $0 ?? "-" }.joined(
                separator: " ")
        }
        #expect(named == fields)
    }
}
