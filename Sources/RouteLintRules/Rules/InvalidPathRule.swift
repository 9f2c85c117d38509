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
        fix: "writes the path without its trailing `/`, other routers' placeholders as parameters (`{id}`, `<id>` → `:id`), a "
            + "parameter's type under `params` (`:id<int>` → `:id` and `params: {id: int}`), and a query item under `query` "
            + "(`/search?q=:q` → `/search` and `query: {q: string}`)")

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .invalidPath(let route, let path, let isAlias, let problem, let range) in issues {
            findings.report(
                description, "\(isAlias ? "alias" : "path") '\(path)' of route '\(route)' is invalid: \(explanation(problem, in: path))",
                at: range, subjects: [.route(route)], fix: fix(problem, path, at: range, isAlias: isAlias))
        }
    }

    /// The fix the explanation names, where it names one: the path as it asks for it, and for a
    /// route's `path` the entry it moves a type or a query item to (`params: {id: int}`,
    /// `query: {q: string}`), written after the path.
    static func fix(_ problem: PathPattern.SyntaxError, _ path: String, at range: SourceRange, isAlias: Bool) -> Fix? {
        if let fixed = fixedPath(problem, path) { return Fix("change the path to '\(fixed)'", replacing: range, with: fixed) }
        guard !isAlias else { return nil }
        switch problem {
        case .invalidParameterName(let name):
            guard let (parameter, type) = typedParameter(name) else { return nil }
            let fixed = path.replacingFirst(":" + name, with: ":" + parameter)
            return Fix(
                "write ':\(parameter)' and its type under 'params'",
                [.replace(range, with: fixed), .addEntry(after: range, key: RouteKey.params.name, value: "{\(parameter): \(type)}")])
        case .query:
            guard optionalParameter(in: path) == nil, let question = path.firstIndex(of: "?") else { return nil }
            let item = path[path.index(after: question)...].prefix { $0 != "=" && $0 != "&" && $0 != "#" }
            guard PathText.isParameterName(item.utf8), !path[..<question].isEmpty else { return nil }
            let fixed = String(path[..<question])
            return Fix(
                "declare '\(item)' under 'query' and take the query out of the path",
                [.replace(range, with: fixed), .addEntry(after: range, key: RouteKey.query.name, value: "{\(item): string}")])
        default:
            return nil
        }
    }

    /// A parameter written with its type (`orderId<int>`, `id(uuid)`, `id:int`, `id{int}`): its
    /// name and the type meant; nil when it is no such thing.
    private static func typedParameter(_ written: String) -> (name: String, type: String)? {
        let name = written.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard PathText.isParameterName(name.utf8), let marker = written.dropFirst(name.count).first else { return nil }
        var type = written.dropFirst(name.count + 1)
        let closer: Character? = ["<": ">", "(": ")", "{": "}"][marker]
        if let closer {
            guard type.last == closer else { return nil }
            type = type.dropLast()
        } else if marker != ":" {
            return nil
        }
        guard let meant = DeclaredType.nameMeant(by: String(type)), DeclaredType.names.contains(meant) else { return nil }
        return (String(name), meant)
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
