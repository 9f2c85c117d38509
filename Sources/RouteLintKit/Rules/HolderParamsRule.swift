/// `holder-params`: a route whose path does not provide what its holder needs.
public enum HolderParamsRule: AppRule {
    public static let description = RuleDescription(
        id: "holder-params",
        defaultSeverity: .error,
        summary: "A route binds a holder whose params its path does not provide.",
        rationale: """
            A holder's `params` are the route parameters it needs to be created, such as the \
            `productId` a product screen loads. The route that binds it must capture each of \
            them with a `:name` segment of its path; otherwise the holder is created without \
            them at run time. A route without a `path` provides no parameters.
            """,
        triggeringExamples: [
            RuleExample("""
                manifest: 1
                holders:
                  ProductHolder: {params: [productId]}
                routes:
                  product: {path: /products/:id, holder: ↓ProductHolder}
                  featured: {holder: ↓ProductHolder}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                manifest: 1
                holders:
                  ProductHolder: {params: [productId]}
                  ListHolder: {}
                routes:
                  product: {path: /products/:productId, holder: ProductHolder}
                  list: {path: /products/:category/all, holder: ListHolder}
                """),
        ])

    public static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        for route in app.routes {
            guard let binding = route.holder, let holder = app.holder(named: binding.value), !holder.params.isEmpty else { continue }
            // An invalid path is reported by invalid-path; what it would provide is unknown.
            if route.path != nil && route.pattern == nil { continue }
            let provided = route.pattern?.parameterNames ?? []
            // Paths have a handful of parameters: a linear search beats building a set.
            guard !holder.params.allSatisfy({ provided.contains($0.value) }) else { continue }
            let missing = holder.params.map(\.value).filter { !provided.contains($0) }
            let names = englishList(missing.map { "'\($0)'" })
            let needs = "route '\(route.id.value)' binds holder '\(holder.name.value)', which needs \(missing.count == 1 ? "parameter" : "parameters") \(names)"
            let lack = route.pattern.map { "but its path '\($0.text)' does not provide \(missing.count == 1 ? "it" : "them")" }
                ?? "but the route has no path to provide \(missing.count == 1 ? "it" : "them")"
            findings.report(description, "\(needs), \(lack)",
                            at: binding.range,
                            related: [RelatedLocation(holder.name.range, "holder '\(holder.name.value)' is declared here")],
                            subjects: [route.id.value, holder.name.value] + missing)
        }
    }
}
