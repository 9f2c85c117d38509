import RouteLintCore

/// `invalid-path`, reported by `ManifestDecoder` with the reason `PathPattern.parse` gives.
package enum InvalidPathRule: FileRule {
    package static let description = RuleDescription(
        id: "invalid-path",
        defaultSeverity: .error,
        summary: "A path pattern breaks the pattern syntax.",
        rationale: """
            A path pattern, a route's `path` or one of its `aliases`, is `/` or `/` followed by segments joined by `/`: static segments of URL \
            path characters and `%XX` escapes, `:name` parameters that fill a whole segment, \
            `*` for any one segment and `**` for the rest of the path, last. No empty segment, \
            trailing `/`, query, fragment or white space. A pattern outside this syntax would be \
            matched differently by each router, or not at all.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  compare: {path: ↓/compare/:base...:head}
                  team: {path: ↓/teams/:team-id}
                  search: {path: ↓/search?q=:query}
                  docs: {path: ↓/docs/**/edit}
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  restaurant: {path: ↓'/r/{restaurantId}'}
                  order: {path: ↓/orders/:orderId<int>}
                  results: {path: ↓/results/:page?}
                  product: {path: /products/:id, aliases: [↓'/p/{id}']}
                  lists: {path: ↓/lists/}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: search, icon: house}}
                holders: {H: {}}
                routes:
                  search: {path: /search, holder: H, links: [compare, team, docs, cafe]}
                  compare: {path: /compare/:base/:head, activity: shop, holder: H}
                  team: {path: /teams/:team_id, activity: shop, holder: H}
                  docs: {path: /docs/**, activity: shop, holder: H}
                  cafe: {path: /caf%C3%A9, activity: shop, holder: H}
                """)
        ],
        fix: "writes the path without its trailing `/`, and other routers' placeholders as parameters (`{id}`, `<id>` → `:id`)")

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .invalidPath(let route, let path, let isAlias, let problem, let range) in issues {
            let fixed = fixedPath(problem, path)
            findings.report(
                description, "\(isAlias ? "alias" : "path") '\(path)' of route '\(route)' is invalid: \(explanation(problem, in: path))",
                at: range, subjects: [.route(route)],
                fix: fixed.map { Fix("write '\($0)'", replacing: range, with: $0) })
        }
    }

    /// The path the explanation asks for, where it names one edit of the path alone: the
    /// trailing `/` left out, another router's placeholders (`{id}`, `<id>`) written `:id`.
    static func fixedPath(_ problem: PathPattern.SyntaxError, _ path: String) -> String? {
        switch problem {
        case .trailingSlash:
            return String(path.dropLast())
        case .invalidCharacter:
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
                for (open, close) in [("{", "}"), ("<", ">")] where segment.hasPrefix(open) && segment.hasSuffix(close) && segment.count > 2
                {
                    let name = segment.dropFirst().dropLast()
                    if PathText.isParameterName(name.utf8) { return ":" + name }
                }
                return String(segment)
            }
            let fixed = segments.joined(separator: "/")
            return fixed == path ? nil : fixed
        default:
            return nil
        }
    }

    /// Why `path` breaks the syntax, and the fix where the mistake is one that other routers'
    /// syntax invites: `{id}` and `:id?`, a type or a pattern written in the path, a query.
    static func explanation(_ problem: PathPattern.SyntaxError, in path: String) -> String {
        switch problem {
        case .query:
            if let optional = optionalParameter(in: path) {
                return "':\(optional)?' is an optional parameter, which patterns do not have: declare one route with the "
                    + "segment and one without, or read the value from the query (`query: {\(optional): string}`)"
            }
            let item = path.drop { $0 != "?" }.dropFirst().prefix { $0 != "=" && $0 != "&" && $0 != "#" }
            let name = PathText.isParameterName(item.utf8) ? String(item) : "q"
            return "the path contains a query ('?'); patterns match the path only, and the query items a route reads "
                + "are declared under `query` (`query: {\(name): string}`)"
        case .invalidParameterName(let name):
            let identifier = name.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if let marker = name.dropFirst(identifier.count).first, "<(:{".contains(marker), PathText.isParameterName(identifier.utf8) {
                return "parameter ':\(identifier)' has its type written in the path ('\(name.dropFirst(identifier.count))'): write "
                    + "':\(identifier)' and its type under `params` (`params: {\(identifier): int}`); a type is string, int, uuid "
                    + "or a list of values"
            }
            return explanation(problem)
        case .invalidCharacter(let ordinal, let segment, _):
            for (open, close) in [("{", "}"), ("<", ">")] where segment.hasPrefix(open) && segment.hasSuffix(close) && segment.count > 2 {
                let name = segment.dropFirst().dropLast()
                if PathText.isParameterName(name.utf8) {
                    return "segment \(ordinal) '\(segment)' is another router's placeholder: a parameter is written ':\(name)'"
                }
            }
            return explanation(problem)
        default:
            return explanation(problem)
        }
    }

    /// The name of a parameter written `:name?` in `path`, as routers with optional
    /// parameters write them.
    private static func optionalParameter(in path: String) -> String? {
        for segment in path.split(separator: "/") where segment.hasPrefix(":") && segment.hasSuffix("?") {
            let name = segment.dropFirst().dropLast()
            if PathText.isParameterName(name.utf8) { return String(name) }
        }
        return nil
    }

    /// Why a path breaks the syntax, from the problem alone.
    static func explanation(_ problem: PathPattern.SyntaxError) -> String {
        switch problem {
        case .empty: return "the path is empty; it must start with '/'"
        case .noLeadingSlash: return "the path must start with '/'"
        case .whiteSpace(let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return
                "the path contains white space (U+\(hex.leftPadded(to: 4))); a URL holds it percent-encoded: write '%\(hex.leftPadded(to: 2))'"
        case .query: return "the path contains a query ('?'); patterns match the path only"
        case .fragment: return "the path contains a fragment ('#'); patterns match the path only"
        case .trailingSlash: return "the path ends with '/'; only the root path '/' may: leave the trailing '/' out"
        case .emptySegment(let ordinal): return "segment \(ordinal) is empty ('//')"
        case .restNotLast: return "'**' must be the last segment; it matches the rest of the path"
        case .missingParameterName(let ordinal): return "segment \(ordinal) is ':' without a parameter name"
        case .invalidParameterName(let name):
            return "parameter name '\(name)' must match [A-Za-z_][A-Za-z0-9_]* (a parameter fills a whole segment)"
        case .repeatedParameter(let name): return "parameter ':\(name)' appears twice; parameter names must be unique within a path"
        case .invalidPercentEscape(let ordinal, let segment):
            return "segment \(ordinal) '\(segment)': '%' must start a percent-escape of two hex digits"
        case .invalidCharacter(let ordinal, let segment, let character):
            return "segment \(ordinal) '\(segment)': character '\(character)' is not allowed in a static segment; percent-encode it"
        }
    }
}
