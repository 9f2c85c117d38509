import RouteLintCore

/// `holder-params`: a route whose path does not provide what its holder needs.
package enum HolderParamsRule: AppRule {
    package static let description = RuleDescription(
        id: "holder-params",
        defaultSeverity: .error,
        summary: "A route binds a holder whose params its path and query items do not provide.",
        rationale: """
            A holder's `params` are the route parameters it needs to be created, such as the \
            `productId` a product screen loads. The route that binds it must capture each of \
            them with a `:name` segment of its path, or declare it among its `query` items (a \
            search screen's holder made with the query `q`); otherwise the holder is created \
            without them at run time. A route without a `path` provides no parameters.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                holders:
                  ProductHolder: {params: [productId]}
                routes:
                  product: {path: /products/:id, holder: ↓ProductHolder}
                  featured: {holder: ↓ProductHolder}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders:
                  HomeHolder: {}
                  ProductHolder: {params: [productId]}
                  ListHolder: {}
                  SearchHolder: {params: [q]}
                routes:
                  home: {path: /, holder: HomeHolder, links: [product, list, search]}
                  product: {path: /products/:productId, activity: shop, holder: ProductHolder}
                  list: {path: /products/:category/all, activity: shop, holder: ListHolder}
                  search: {path: /search, activity: shop, holder: SearchHolder, query: {q: {type: string, required: true}}}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        app.routes.forEachInPlace { position, route in
            guard let binding = route.holder, let holder = app.holder(binding.value), !holder.params.isEmpty else { return }
            // A misspelt holder is missing-holder's finding; what the holder meant needs is
            // judged once the name is fixed, not as a second finding of one typo.
            if app.misspeltHolders[position] != nil { return }
            // An invalid path is reported by invalid-path; what it would provide is unknown.
            let path = route.path
            if route.written.contains(.path) && path == nil { return }
            // Paths have a handful of parameters and routes of query items: a linear search
            // beats building a set.
            let query = route.query
            let isProvided = { (name: Symbol) in
                path?.value.hasParameter(name) ?? false || query.contains { $0.name.value == name }
            }
            let params = app.names(holder.params)
            guard !params.allSatisfy({ isProvided($0.value) }) else { return }
            let missing = params.filter { !isProvided($0.value) }.map { app.text($0.value) }
            let id = app.text(route.id.value)
            let holderName = app.text(holder.name.value)
            let names = englishList(missing.map { "'\($0)'" })
            let needs =
                "route '\(id)' binds holder '\(holderName)', which needs \(missing.count == 1 ? "parameter" : "parameters") \(names)"
            let pronoun = missing.count == 1 ? "it" : "them"
            let lack =
                route.path.map { path in
                    let pathText = app.text(path.value.text)
                    return route.query.isEmpty
                        ? "but its path '\(pathText)' does not provide \(pronoun)"
                        : "but neither its path '\(pathText)' nor its query items provide \(pronoun)"
                } ?? "but the route has no path to provide \(pronoun)"
            findings.report(
                description, "\(needs), \(lack)",
                at: binding.range,
                related: [RelatedLocation(holder.name.range, "holder '\(holderName)' is declared here")],
                subjects: [.route(id), .holder(holderName)] + missing.map { FindingSubject(.parameter, $0) })
        }
    }
}
