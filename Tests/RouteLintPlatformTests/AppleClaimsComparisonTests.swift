import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// Two component lists compared over every URL (the host's association and Apple's CDN's
/// copy): a difference's witness URL is decided apart by the matcher that decides single URLs
/// (`AppleLinkComponent.decide`), and lists found the same agree on every URL of a brute-force
/// set.
@Suite("Apple claims comparison")
struct AppleClaimsComparisonTests {
    typealias Random = SeededRandom

    /// Paths a brute-force check tries, besides the query and fragment sets of the candidates' test.
    static let paths = ["/", "/a", "/a/z", "/a/z/y", "/b", "/bz", "/c", "/A"]

    /// Splits a witness's `/path?query#fragment` as a URL does.
    static func parts(_ text: String) -> (path: String, query: String?, fragment: String?) {
        guard let url = LinkURL(text) else { return (text, nil, nil) }
        return (String(url.path), url.query.map(String.init), url.fragment.map(String.init))
    }

    static func opens(_ components: [AppleLinkComponent], _ path: String, _ query: String?, _ fragment: String?) -> Bool {
        AppleLinkComponent.decide(components, path: path, query: query, fragment: fragment)?.opensApp ?? false
    }

    @Test("a stale copy's witness is a URL the two lists decide apart; a copy written otherwise is the same")
    func handPicked() {
        let host = [
            AppleLinkComponent(path: "/products/?*"), AppleLinkComponent(path: "/cart"),
            AppleLinkComponent(path: "/?*", exclude: true), AppleLinkComponent(path: "/"),
        ]
        // The copy from before /cart was a route.
        let stale = [host[0], host[2], host[3]]
        #expect(AppleClaimsComparison.compare(host, stale) == .differs(pathAndRest: "/cart", openedByFirst: true))
        #expect(AppleClaimsComparison.compare(stale, host) == .differs(pathAndRest: "/cart", openedByFirst: false))
        // Reordered where order decides nothing, and a trailing slash iOS drops: the same URLs.
        let rewritten = [host[1], AppleLinkComponent(path: "/products/?*/"), host[2], host[3]]
        #expect(AppleClaimsComparison.compare(host, rewritten) == .same)
        #expect(AppleClaimsComparison.compare([], []) == .same)
        // A pattern of characters no URL path carries unescaped matches no URL as written: the
        // witness is a URL, not a path of `é` that only the automaton could read.
        let unescaped = [AppleLinkComponent(path: "/", exclude: true), AppleLinkComponent(path: "/é*")]
        #expect(
            AppleClaimsComparison.compare([host[2]] + unescaped, [AppleLinkComponent(path: "/x")])
                == .differs(pathAndRest: "/x", openedByFirst: false))
        #expect(
            AppleClaimsComparison.compare(unescaped, [AppleLinkComponent(path: "/é*", percentEncoded: false)])
                == .differs(pathAndRest: "/%c3%a9", openedByFirst: false))
        // A query item only one copy asks for: some URLs of the path differ, and the witness
        // carries the query that shows it.
        var preview = AppleLinkComponent(path: "/products/?*", exclude: true)
        preview.queryItems = [.init(name: "preview", pattern: "?*")]
        guard case .differs(let witness, let openedByHost) = AppleClaimsComparison.compare(host, [preview] + host) else {
            Issue.record("the lists differ")
            return
        }
        let (path, query, fragment) = Self.parts(witness)
        #expect(openedByHost)
        #expect(query != nil)
        #expect(Self.opens(host, path, query, fragment) && !Self.opens([preview] + host, path, query, fragment))
    }

    @Test("random lists: every witness is decided apart by decide, and no URL of a brute-force set contradicts 'same'")
    func randomLists() {
        var random = Random(state: 39)
        var differing = 0
        var same = 0
        for _ in 0..<100 {
            let first = AppleQueryAndFragmentTests.randomComponents(&random)
            // Half the time the second is the first changed a little, so that 'same' is met too.
            var second = Bool.random(using: &random) ? AppleQueryAndFragmentTests.randomComponents(&random) : first
            if !second.isEmpty && Bool.random(using: &random) {
                let index = Int.random(in: 0..<second.count, using: &random)
                second[index].caseSensitive.toggle()
            }
            let description = "\(first.map(AppleQueryAndFragmentTests.describe)) vs \(second.map(AppleQueryAndFragmentTests.describe))"
            switch AppleClaimsComparison.compare(first, second) {
            case .undecided:
                Issue.record("undecided: \(description)")
            case .differs(let witness, let openedByFirst):
                differing += 1
                let (path, query, fragment) = Self.parts(witness)
                #expect(Self.opens(first, path, query, fragment) == openedByFirst, "\(description): \(witness)")
                #expect(Self.opens(second, path, query, fragment) == !openedByFirst, "\(description): \(witness)")
            case .same:
                same += 1
                for path in Self.paths {
                    for query in AppleQueryAndFragmentTests.queries {
                        for fragment in AppleQueryAndFragmentTests.fragments
                        where Self.opens(first, path, query, fragment) != Self.opens(second, path, query, fragment) {
                            Issue.record("\(description): \(path)?\(query ?? "-")#\(fragment ?? "-") is decided apart")
                        }
                    }
                }
            }
        }
        #expect(differing > 25)
        #expect(same > 25)
    }
}
