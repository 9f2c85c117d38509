import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// Components that name a query or fragment, decided over every URL of a path: the language
/// says whether some URL opens the app and whether every one does, and its witness holds under
/// the matcher that decides single URLs (`AppleLinkComponent.decide`); no URL of a brute-force
/// set contradicts a verdict the witness cannot show.
@Suite("Apple query and fragment components")
struct AppleQueryAndFragmentTests {
    typealias Random = SeededRandom

    static let paths = ["/a", "/a/z", "/b", "/c"]
    static let valuePatterns = ["1", "1*", "?", "*", "", "?*", "$(digit)"]

    static func randomComponents(_ random: inout Random) -> [AppleLinkComponent] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
            var component = AppleLinkComponent(
                path: ["/a", "/a/*", "*", "/b"].randomElement(using: &random)!, exclude: Bool.random(using: &random),
                caseSensitive: Int.random(in: 0..<4, using: &random) > 0)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: component.fragment = ["x", "x*", "*y", "?", "", "X"].randomElement(using: &random)!
            case 1, 2:
                component.queryItems = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                    .init(name: ["k", "m"].randomElement(using: &random)!, pattern: valuePatterns.randomElement(using: &random)!)
                }
            case 3: component.query = ["k=1", "k=1*", "*&*", "?*"].randomElement(using: &random)!
            default: break
            }
            return component
        }
    }

    /// Queries of up to two items of names `k`, `m` and short values, and none.
    static let queries: [String?] = {
        let items = ["k", "m"].flatMap { name in ["", "1", "11", "y"].map { name + "=" + $0 } }
        return [nil, ""] + items + items.flatMap { first in items.map { first + "&" + $0 } }
    }()
    static let fragments: [String?] = [nil, "", "x", "X", "y", "xy", "1", "xx"]

    @Test("some URL / every URL: the verdict has a true witness, and no URL of a brute-force set contradicts it")
    func quantifiers() {
        var random = Random(state: 91)
        var conditional = 0
        for _ in 0..<100 {
            let components = Self.randomComponents(&random)
            if components.contains(where: \.hasConditions) { conditional += 1 }
            let matcher = AppleComponentMatcher(components)
            let opening = Self.paths.map { path in
                Self.queries.flatMap { query in
                    Self.fragments.map { fragment in
                        let decided = AppleLinkComponent.decide(components, path: path, query: query, fragment: fragment)
                        // The compiled list decides as the components one by one.
                        let compiled = matcher.decide(path: path, query: query, fragment: fragment)
                        #expect(compiled?.component == decided?.component && compiled?.opensApp == decided?.opensApp)
                        return (query, fragment, decided?.opensApp ?? false)
                    }
                }
            }
            let language = AppleComponentLanguage(components)
            #expect(!language.isUndecided)
            for quantifier in [AppleComponentLanguage.Quantifier.someURL, .everyURL] {
                for (pathIndex, path) in Self.paths.enumerated() {
                    let state = path.utf16.reduce(language.start) { language.step($0, $1) }
                    let accepted = (quantifier == .someURL ? language.accepts(state) : language.everyURL(state).accepts) == true
                    let end = language.urlEnd(state, quantifier)
                    let query = end.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.flatMap {
                        $0.hasPrefix("?") ? String($0.dropFirst()) : nil
                    }
                    let fragment = end.firstIndex(of: "#").map { String(end[end.index(after: $0)...]) }
                    let witnessOpens =
                        AppleLinkComponent.decide(components, path: path, query: query, fragment: fragment)?.opensApp ?? false
                    let description = "\(quantifier) \(components.map(Self.describe)) on \(path)\(end)"
                    // The witness shows the verdict: for some URL, an opening one when accepted;
                    // for every URL, a closed one when not.
                    if quantifier == .someURL && accepted || quantifier == .everyURL && !accepted {
                        #expect(witnessOpens == accepted, "\(description)")
                    }
                    // Otherwise no URL may contradict it.
                    for (query, fragment, opens) in opening[pathIndex] {
                        if quantifier == .someURL && !accepted {
                            #expect(!opens, "\(description): ?\(query ?? "-")#\(fragment ?? "-") opens")
                        }
                        if quantifier == .everyURL && accepted {
                            #expect(opens, "\(description): ?\(query ?? "-")#\(fragment ?? "-") does not open")
                        }
                    }
                }
            }
        }
        #expect(conditional > 50)
    }

    static func describe(_ component: AppleLinkComponent) -> String {
        var text = component.path ?? "*"
        if let query = component.query { text += " ?\(query)" }
        if !component.queryItems.isEmpty {
            text += " ?{" + component.queryItems.map { "\($0.name): \($0.pattern)" }.joined(separator: ", ") + "}"
        }
        if let fragment = component.fragment { text += " #\(fragment)" }
        if !component.caseSensitive { text += " (case-insensitive)" }
        return text + (component.exclude ? " exclude" : "")
    }
}
