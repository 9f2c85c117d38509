import RouteLintCore

/// `missing-fallback`: a feature-flagged route with nothing to show when the flag is off.
package enum MissingFallbackRule: AppRule {
    package static let description = RuleDescription(
        id: "missing-fallback",
        defaultSeverity: .warning,
        summary: "A route has a feature flag but no fallback.",
        rationale: """
            A route gated by a `feature` flag can still be opened while the flag is off: by a \
            deep link, a notification, or a link from a screen that is not gated. `fallback` \
            names the route shown instead; without one, the link leads nowhere.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  new-checkout: {path: /checkout, feature: ↓checkout-v2}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: cart, icon: cart}}
                holders: {H: {}}
                routes:
                  cart: {path: /cart, holder: H, links: [new-checkout]}
                  new-checkout: {path: /checkout, activity: shop, holder: H, feature: checkout-v2, fallback: cart}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        app.routes.forEachInPlace { _, route in
            guard let feature = route.feature, route.fallback == nil else { return }
            let id = app.text(route.id.value)
            let flag = app.text(feature.value)
            findings.report(
                description,
                "route '\(id)' is gated by feature '\(flag)' but has no 'fallback' to show while the flag is off",
                at: feature.range, subjects: [.route(id), FindingSubject(.flag, flag)])
        }
    }
}
