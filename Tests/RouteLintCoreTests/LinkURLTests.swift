import Testing

@testable import RouteLintCore

/// The one URL and host-name reading every layer shares, and its named policies.
@Suite("URLs and host names")
struct LinkURLTests {
    @Test("a link splits into scheme, authority, path, query and fragment as written; a bare path has no authority")
    func parts() throws {
        let url = try #require(LinkURL("HTTPS://User@Shop.Example.com:8443/a/b?x=1&y#top?not-query"))
        #expect(url.writtenScheme == "HTTPS" && url.scheme == "https" && url.isWeb)
        #expect(url.authority == "User@Shop.Example.com:8443")
        #expect(url.path == "/a/b" && url.query == "x=1&y" && url.fragment == "top?not-query")
        let bare = try #require(LinkURL("/products/42?ref=mail"))
        #expect(bare.scheme == nil && bare.authority == nil && bare.path == "/products/42" && bare.query == "ref=mail")
        // A "://" after the path's start is no scheme.
        #expect(LinkURL("/redirect/https://example.com")?.path == "/redirect/https://example.com")
        #expect(LinkURL("shop://products/42")?.pathAfterScheme == "/products/42")
        #expect(LinkURL("shop:///products/42")?.pathAfterScheme == "/products/42")
        #expect(LinkURL("products/42") == nil)
        #expect(LinkURL("1shop://x") == nil)
        #expect(LinkURL("sh_op://x") == nil)
    }

    @Test("the platforms' host drops user info and port; a fetched host must be a bare host name")
    func hostPolicies() throws {
        let url = try #require(LinkURL("https://user:pw@Shop.Example.com:8443/"))
        #expect(url.matchedHost == "shop.example.com")
        #expect(url.fetchedHost == nil)
        #expect(LinkURL("https://Shop.Example.com./x")?.fetchedHost?.text == "shop.example.com.")
        #expect(LinkURL("https://:443/")?.matchedHost == nil)
        #expect(LinkURL("https:///x")?.matchedHost == nil)
    }

    @Test("a fetched host name is labels of letters, digits and hyphens, a final dot allowed, within DNS's lengths")
    func fetchedHostNames() {
        #expect(HostName("shop.example.com", policy: .fetched) != nil)
        #expect(HostName("example.com.", policy: .fetched) != nil)
        #expect(HostName("shop..example.com", policy: .fetched) == nil)
        #expect(HostName("shop.example.com:443", policy: .fetched) == nil)
        #expect(HostName("", policy: .fetched) == nil)
        #expect(HostName("example.com..", policy: .fetched) == nil)
        #expect(HostName(".", policy: .fetched) == nil)
        #expect(HostName("*.example.com", policy: .fetched) == nil)
        #expect(HostName(String(repeating: "a", count: 63) + ".com", policy: .fetched) != nil)
        #expect(HostName(String(repeating: "a", count: 64) + ".com", policy: .fetched) == nil)
    }

    @Test("a declared host may be a wildcard for its subdomains, which covers them and not itself")
    func declaredHostNames() throws {
        let wildcard = try #require(HostName("*.Example.com", policy: .declared))
        #expect(wildcard.isWildcard && wildcard.text == "*.example.com")
        #expect(wildcard.covers("shop.example.com") && wildcard.covers("a.b.example.com"))
        #expect(!wildcard.covers("example.com") && !wildcard.covers("shopexample.com"))
        #expect(HostName("*", policy: .declared) == nil)
        #expect(HostName("shop.*.com", policy: .declared) == nil)
        #expect(HostName("shop_1.example.com", policy: .declared) == nil)
        #expect(HostName("example.com", policy: .declared)?.covers("example.com") == true)
        #expect(
            wildcard.exampleHost == "www.example.com" && HostName("Shop.example.com", policy: .declared)?.exampleHost == "shop.example.com")
    }

    @Test("a name covers another when it covers every host the other covers")
    func namesCoveringNames() throws {
        let names = ["*.example.com", "*.shop.example.com", "shop.example.com", "example.com"]
        let (all, shops, shop, apex) = try (
            #require(HostName(names[0], policy: .declared)), #require(HostName(names[1], policy: .declared)),
            #require(HostName(names[2], policy: .declared)), #require(HostName(names[3], policy: .declared))
        )
        #expect(all.covers(shops) && all.covers(shop) && all.covers(all))
        #expect(!all.covers(apex) && !shops.covers(all) && !shops.covers(shop))
        #expect(!shop.covers(shops) && shop.covers(shop) && !apex.covers(shop))
        let other = try #require(HostName("*.ample.com", policy: .declared))
        #expect(!other.covers(all) && !all.covers(other))
    }
}
