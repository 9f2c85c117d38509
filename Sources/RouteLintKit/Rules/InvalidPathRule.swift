/// `invalid-path`, reported by `ManifestDecoder` with the reason `PathPattern.parse` gives.
public enum InvalidPathRule: Rule {
    public static let description = RuleDescription(
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
            RuleExample("""
                manifest: 1
                routes:
                  compare: {path: ↓/compare/:base...:head}
                  team: {path: ↓/teams/:team-id}
                  search: {path: ↓/search?q=:query}
                  docs: {path: ↓/docs/**/edit}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                manifest: 1
                routes:
                  compare: {path: /compare/:base/:head}
                  team: {path: /teams/:team_id}
                  search: {path: /search}
                  docs: {path: /docs/**}
                  cafe: {path: /caf%C3%A9}
                """),
        ])
}
