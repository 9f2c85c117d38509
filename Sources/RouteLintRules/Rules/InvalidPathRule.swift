import RouteLintCore

/// `invalid-path`, reported by `ManifestDecoder` with the reason `PathPattern.parse` gives.
package enum InvalidPathRule: FileRule {
    package static let description = RuleDescription(
        id: "invalid-path",
        defaultSeverity: .error,
        summary: "A path pattern breaks the pattern syntax.",
        rationale: """
            A path is `/` or `/` followed by segments joined by `/`: static segments of URL \
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
                """)
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
        ])

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .invalidPath(let route, let path, let problem, let range) in issues {
            findings.report(
                description, "path '\(path)' of route '\(route)' is invalid: \(explanation(problem))",
                at: range, subjects: [.route(route)])
        }
    }

    static func explanation(_ problem: PathPattern.SyntaxError) -> String {
        switch problem {
        case .empty: return "the path is empty; it must start with '/'"
        case .noLeadingSlash: return "the path must start with '/'"
        case .whiteSpace(let byte): return "the path contains white space (U+\(String(byte, radix: 16, uppercase: true).leftPadded(to: 4)))"
        case .query: return "the path contains a query ('?'); patterns match the path only"
        case .fragment: return "the path contains a fragment ('#'); patterns match the path only"
        case .trailingSlash: return "the path ends with '/'; only the root path '/' may"
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
