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
            names the nearest key the format defines at that place. While the entity does not \
            set that key itself, the misspelt key's value is read as it, so that one typo is one \
            finding: `holdr: H` is not also a route without a holder. Other readers of the file \
            do not guess: rename the key.
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
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                ↓route:
                  home: {path: /, holder: H}
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
        ],
        fix: "writes the key it is read as in place of a misspelt one (`tittle` → `title`)")

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .unknownKey(let key, let owner, let validKeys, let readAs, let range) in issues {
            let suggestion = Suggestion.nearest(to: key, among: validKeys)
            let reading = readAs.map { " Until it is renamed, its value is read as '\($0)'." } ?? ""
            findings.report(
                description, "unknown key '\(key)' in \(owner)\(Suggestion.hint(suggestion))\(reading)",
                at: range, subjects: owner.subjects + [.key(key)], suggestion: suggestion)
        }
    }
}
