import RouteLintCore

/// `unbuildable-stack`: a web or entry route whose back stack no link can build.
package enum UnbuildableStackRule: AppRule {
    package static let description = RuleDescription(
        id: "unbuildable-stack",
        defaultSeverity: .warning,
        summary: "Every path of links to a web or entry route passes a route that a stack of its links cannot hold there.",
        rationale: """
            A link opens its route on a back stack built from the tab's root along `links` (the \
            navigation plan), and each route on that stack takes its parameters from the link's. \
            When every path to a route passes a route that needs a parameter its URL does not \
            carry — `/orders/:orderId/items/:itemId` reached only through \
            `/customers/:customerId` — no link can build the stack: the plan falls back to the \
            root and the route, and Back skips what the user would expect. Link the route from \
            a route that needs only what it carries, name one with `up`, or carry the parameter \
            in the route's path. A route whose `up` the link honours stands only on that `up`, so a \
            path that reaches it from elsewhere is no stack either. The finding fires exactly for \
            the web and entry routes whose links get the fallback stack although a tab root \
            leads to them, as `resolve --plan` and the generated code decide.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [customer]}
                  customer: {path: /customers/:customerId, activity: shop, holder: H, links: [order]}
                  ↓order: {path: /orders/:orderId, activity: shop, holder: H, entry: true}
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
                  home: {path: /, holder: H, links: [customer, orders]}
                  customer: {path: /customers/:customerId, activity: shop, holder: H, links: [order]}
                  orders: {path: /orders, activity: shop, holder: H, links: [order]}
                  order: {path: /orders/:orderId, activity: shop, holder: H, entry: true}
                """)
        ])

    /// The links it looks for may be in a file that could not be read.
    package static let needsEveryFile = true

    package static let buildsRouteSizedIndex = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        let analysis = StackBuildability(app)
        for blocked in analysis.blocked {
            let route = app.routes[blocked.route]
            // The values of a route with an invalid path or type are the finding already made.
            guard !route.hasUndecidedValues, !blocked.path.contains(where: { app.routes[$0].hasUndecidedValues }) else { continue }
            let id = app.text(route.id.value)
            let blocker = app.text(app.routes[blocked.blocker].id.value)
            let path = blocked.path.map { app.text(app.routes[$0].id.value) }.joined(separator: " › ")
            let message: String
            switch blocked.reason {
            case .missingValue(let missing):
                let name = missing.name
                message =
                    "no link to route '\(id)' can build its back stack: every path from a tab root passes a route that needs a "
                    + "parameter its URL does not carry, such as '\(blocker)', which needs '\(name)' (\(path)); link '\(id)' from a "
                    + "route that needs none, name one with 'up', or carry '\(name)' in its path"
            case .up(let up):
                let upID = app.text(app.routes[up].id.value)
                message =
                    "no link to route '\(id)' can build its back stack: every path from a tab root passes a route that stands only "
                    + "on its 'up', such as '\(blocker)', whose 'up' '\(upID)' no stack of such a link reaches (\(path)); link '\(id)' "
                    + "from a route that a stack holds, or let '\(upID)' be reached"
            }
            findings.report(description, message, at: route.id.range, subjects: [.route(id), .route(blocker)])
        }
        if let first = analysis.undecided.first {
            let route = app.routes[first]
            let id = app.text(route.id.value)
            findings.report(
                description,
                "the back stacks of \(analysis.undecided.count) routes such as '\(id)' were not decided: their parameters make too "
                    + "many distinct sets to search within the budget",
                at: route.id.range, subjects: [.route(id)])
        }
    }
}
