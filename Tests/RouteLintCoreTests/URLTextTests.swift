import Testing

@testable import RouteLintCore

/// URL text as every writer of a URL makes it: each component encoded so that it reads back as
/// written, and the parts put together.
@Suite("URL text")
struct URLTextTests {
    @Test(
        "a component keeps only unreserved characters; every other scalar is its UTF-8 bytes as upper-case escapes",
        arguments: [
            ("red-shoes_1.0~", "red-shoes_1.0~"), ("a b", "a%20b"), ("a/b?c#d&e=f", "a%2Fb%3Fc%23d%26e%3Df"), ("café", "caf%C3%A9"),
            ("%", "%25"), ("😀", "%F0%9F%98%80"), ("", ""),
        ])
    func component(_ text: String, encoded: String) {
        #expect(URLText.component(text) == encoded)
        #expect(PathText.percentDecoded(encoded[...]) == Array(text.utf8), "it reads back as written")
    }

    @Test("what a caller keeps stays as it is")
    func keeping() {
        let kept = URLText.percentEncoded("/a b:c'd") { URLText.isSegmentCharacter($0) && $0 != "'" || $0 == "/" }
        // `:` is no segment character: a route pattern reads it as a parameter's start.
        #expect(kept == "/a%20b%3Ac%27d")
    }

    @Test("a URL is its origin, its path and its query items, in that order")
    func url() {
        #expect(URLText.url(origin: "https://shop.example.com", path: "/products/42") == "https://shop.example.com/products/42")
        #expect(URLText.url(origin: "shop:/", path: "/search", query: [("q", "x"), ("page", "2")]) == "shop://search?q=x&page=2")
        #expect(URLText.url(path: "/", query: [("ref", "mail")]) == "/?ref=mail")
    }
}
