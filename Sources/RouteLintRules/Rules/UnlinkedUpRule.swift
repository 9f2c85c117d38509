import RouteLintCore

/// `unlinked-up`: a route's `up` names a route that does not link to it.
package enum UnlinkedUpRule: AppRule {
    package static let description = RuleDescription(
        id: "unlinked-up",
        defaultSeverity: .error,
        summary: "A route's `up` names a route that does not link to it.",
        rationale: """
            `up` fixes the route just below this one on the back stack a link builds (the \
            navigation plan): Back from a product opened by a link goes to the list named by \
            `up`. The stack follows `links`, so the route named must list this one in its \
            `links`; otherwise the plan ignores `up` and takes the shortest path, and the \
            generated code's stack is not the one the manifest says. Add this route to that \
            route's `links`, or name a route that links to it.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [sale, product]}
                  sale: {path: /sale, activity: shop, holder: H}
                  product: {path: /products/:id, activity: shop, holder: H, up: ↓sale}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [sale, product]}
                  sale: {path: /sale, activity: shop, holder: H, links: [product]}
                  product: {path: /products/:id, activity: shop, holder: H, up: sale}
                """)
        ])

    /// The link it looks for may be in a file that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        var unlinked: [(route: Int, up: LocatedName)] = []
        app.routes.forEachInPlace { position, route in
            guard let up = route.up, let upPosition = app.routePosition(up.value) else { return }
            if !app.linkGraph.successors(of: upPosition).contains(position) { unlinked.append((position, up)) }
        }
        guard !unlinked.isEmpty else { return }
        // The routes that do link to each: what `up` could name instead, found in one pass.
        var linking = Dictionary(uniqueKeysWithValues: unlinked.map { ($0.route, [Int]()) })
        for source in app.routes.indices {
            for target in app.linkGraph.successors(of: source) where target != source && (linking[target]?.count ?? 3) < 3 {
                linking[target]!.append(source)
            }
        }
        for (position, up) in unlinked {
            let id = app.text(app.routes[position].id.value)
            let named = app.text(up.value)
            let others = linking[position]!.map { "'\(app.text(app.routes[$0].id.value))'" }
            let instead = others.isEmpty ? "" : ", or name a route that links to it (\(englishList(others, conjunction: "or")))"
            findings.report(
                description,
                "route '\(id)' has up: '\(named)', but '\(named)' does not link to it: add '\(id)' to the links of '\(named)'\(instead)",
                at: up.range, subjects: [.route(id), .route(named)])
        }
    }
}
