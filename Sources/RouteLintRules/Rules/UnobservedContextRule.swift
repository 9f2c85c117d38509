import RouteLintCore

/// `unobserved-context`: a context a route sends that no route above it receives.
package enum UnobservedContextRule: AppRule {
    package static let description = RuleDescription(
        id: "unobserved-context",
        defaultSeverity: .warning,
        summary: "A route sends a context that no route on any link path leading to it observes.",
        rationale: """
            `sends` lists the contexts a route hands back to the screens below it in the \
            navigation stack (a selected filter, a completed form); `observes` lists those a \
            route receives from the screens it leads to. A context is delivered when some \
            route from which a chain of `links` leads to the sender observes it. If none does, \
            the result is sent into the void: a misspelt context name, or a missing observer.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  products: {links: [filters]}
                  filters: {presentation: sheet, sends: [↓FilterSelection]}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: products, icon: house}}
                holders: {H: {}}
                routes:
                  products: {path: /products, holder: H, links: [category], observes: [FilterSelection]}
                  category: {activity: shop, holder: H, links: [filters]}
                  filters: {activity: shop, holder: H, presentation: sheet, sends: [FilterSelection]}
                """)
        ])

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static let buildsRouteSizedIndex = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // Links from a file that could not be read may lead from an observer.
        guard app.isComplete else { return }
        // Contexts numbered densely, so the sets that flow along the graph stay small.
        var contextIDs: [Symbol: Int] = [:]
        app.routes.forEachInPlace { _, route in
            for context in app.names(route.sends) where contextIDs[context.value] == nil { contextIDs[context.value] = contextIDs.count }
        }
        guard !contextIDs.isEmpty else { return }
        // A handful of contexts, the usual case, flows as one word a route; more as sets.
        if contextIDs.count <= SmallNumberSet.capacity {
            report(app, contextIDs, SmallNumberSet.init(number:), app.linkGraph.unionOverAncestors, into: &findings)
        } else {
            report(app, contextIDs, { $0 }, app.linkGraph.unionOverAncestors, into: &findings)
        }
    }

    /// Reports each context a route sends that no route above it observes: `contextIDs`
    /// numbers the contexts sent, `Contexts` holds sets of those numbers, and `element` is the
    /// element of a set that a number is.
    private static func report<Contexts: SetAlgebra>(
        _ app: AppModel, _ contextIDs: [Symbol: Int], _ element: (Int) -> Contexts.Element,
        _ unionOverAncestors: ([Contexts]) -> [Contexts], into findings: inout FindingSink
    ) {
        // Appended in a loop: `map` over the routes ran the collection's generic defaults.
        var observed: [Contexts] = []
        observed.reserveCapacity(app.routes.count)
        app.routes.forEachInPlace { _, route in
            var contexts = Contexts()
            for context in app.names(route.observes) { if let id = contextIDs[context.value] { contexts.insert(element(id)) } }
            observed.append(contexts)
        }
        let observedAbove = unionOverAncestors(observed)
        app.routes.forEachInPlace { position, route in
            for context in app.names(route.sends) where !observedAbove[position].contains(element(contextIDs[context.value]!)) {
                let id = app.text(route.id.value)
                let name = app.text(context.value)
                findings.report(
                    description,
                    "route '\(id)' sends '\(name)', but no route that links to it, directly or through other routes, observes it",
                    at: context.range, subjects: [.route(id), FindingSubject(.context, name)])
            }
        }
    }
}
