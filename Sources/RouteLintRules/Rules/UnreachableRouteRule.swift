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
            `fallback` is not a link. A route with a path that a scheme or host of the app \
            opens is reached by its URL alone: the finding says so, and names both fixes — \
            `entry: true` when links from outside are its way in, a link when users should \
            find it in the app too.
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
            let opener = urlOpener(of: route, in: app)
            let message =
                opener.map {
                    "route '\(id)' is reached only by its URL (\($0)): no tab root or entry route leads to it through 'links'; "
                        + "mark it 'entry: true' if links from outside are its way in, or add it to the links of a route users reach"
                }
                ?? "route '\(id)' cannot be reached: no tab root or entry route leads to it through 'links'; add it to the links of a route users reach"
            findings.report(description, message, at: route.id.range, subjects: [.route(id)])
        }
    }

    /// The URL that opens a route with a path from outside the app, as a message shows it: on
    /// the app's first host for a web route, else its first scheme (not for an in-app route);
    /// nil when neither opens it.
    private static func urlOpener(of route: Route, in app: AppModel) -> String? {
        guard let path = route.path.map({ app.text($0.value.text) }) else { return nil }
        if route.isWeb, let host = app.hosts.first { return "https://\(app.text(host.value))\(path)" }
        if let scheme = app.schemes.first, !route.isInApp { return "\(app.text(scheme.value)):/\(path)" }
        return nil
    }
}
