import RouteLintCore

/// `unknown-key`, reported by `ManifestDecoder`.
package enum UnknownKeyRule: FileRule {
    package static let description = RuleDescription(
        id: "unknown-key",
        defaultSeverity: .warning,
        summary: "A key the manifest format does not define.",
        rationale: """
            A misspelt key is not an error to YAML, so without this rule `presentaton: sheet` \
            would quietly leave a route pushed instead of presented as a sheet. The finding \
            names the nearest key the format defines at that place.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  filters:
                    path: /filters
                    ↓presentaton: sheet
                """),
            RuleExample(
                """
                manifest: 1
                ↓route:
                  home: {path: /home}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [filters]}
                  filters:
                    path: /filters
                    activity: shop
                    holder: H
                    presentation: sheet
                """)
        ])

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .unknownKey(let key, let owner, let validKeys, let range) in issues {
            let suggestion = Suggestion.nearest(to: key, among: validKeys)
            findings.report(
                description, "unknown key '\(key)' in \(owner)\(Suggestion.hint(suggestion))",
                at: range, subjects: owner.subjects + [.key(key)], suggestion: suggestion)
        }
    }
}
