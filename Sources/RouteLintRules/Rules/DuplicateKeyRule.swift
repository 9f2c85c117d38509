import RouteLintCore

/// `duplicate-key`, reported by `YAMLParser` while a mapping is read.
package enum DuplicateKeyRule: FileRule {
    package static let description = RuleDescription(
        id: "duplicate-key",
        defaultSeverity: .error,
        summary: "A mapping repeats a key.",
        rationale: """
            YAML parsers accept a repeated key without complaint and keep only one of the \
            values, so half of what was written is silently lost: a second `path:` in a route, \
            or a route declared twice in one file. routelint uses the first occurrence and \
            reports every later one, pointing at the first.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  product:
                    path: /products/:id
                    ↓path: /items/:id
                """),
            RuleExample(
                """
                manifest: 1
                holders:
                  CartHolder: {}
                  ↓CartHolder: {scope: tab}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: product-list, icon: house}}
                holders: {H: {}}
                routes:
                  product-list:
                    path: /products
                    holder: H
                    links: [item]
                  item:
                    path: /items/:id
                    activity: shop
                    holder: H
                """)
        ])

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .yaml(let issue) in issues {
            guard case .duplicateKey(let key, let earlier) = issue.kind else { continue }
            findings.report(
                description, issue.kind.message, at: issue.range,
                related: [RelatedLocation(earlier, "'\(key)' first appears here")], subjects: [.key(key)])
        }
    }
}
