import RouteLintCore

/// `unreachable-route`: a route no chain of links leads to.
package enum UnreachableRouteRule: AppRule {
    package static let description = RuleDescription(
        id: "unreachable-route",
        defaultSeverity: .warning,
        summary: "No path of links leads to the route from a tab root, and it is not an entry.",
        rationale: """
            Users reach routes from the roots of tabs by following `links`; routes marked \
            `entry: true` are opened from outside the tab graph (deep links, notifications, \
            widgets), and what they link to is reachable too. A route that neither a link \
            chain nor an entry reaches is dead code in the navigation, or a missing link. \
            `fallback` is not a link.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                routes:
                  home: {path: /, links: [product]}
                  product: {path: /products/:id, activity: shop}
                  ↓reviews: {path: /products/:id/reviews, activity: shop}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [product]}
                  product: {path: /products/:id, activity: shop, holder: H}
                  promo: {path: /promo/:code, activity: shop, holder: H, entry: true, links: [reviews]}
                  reviews: {path: /products/:id/reviews, activity: shop, holder: H}
                """)
        ])

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // Links from a file that could not be read may reach any route.
        guard app.isComplete else { return }
        let reached = app.reachableRoutes()
        for (position, route) in app.routes.enumerated() where !reached[position] {
            let id = app.text(route.id.value)
            findings.report(
                description,
                "route '\(id)' cannot be reached: no tab root or entry route leads to it through 'links'",
                at: route.id.range, subjects: [.route(id)])
        }
    }
}
