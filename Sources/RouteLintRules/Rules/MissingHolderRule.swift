import RouteLintCore

/// `missing-holder`: a route bound to no holder, or to one that is not declared.
package enum MissingHolderRule: AppRule {
    package static let description = RuleDescription(
        id: "missing-holder",
        defaultSeverity: .error,
        summary: "A route has no holder, or names a holder that is not declared.",
        rationale: """
            The holder owns a route's ViewModel and DI scope: a route without one cannot be \
            built when it is opened. The finding points at the `holder` value, or at the \
            route's key when there is none, and suggests the nearest declared holder.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                holders:
                  ProductHolder: {params: [id]}
                routes:
                  product: {path: /products/:id, activity: shop, holder: ↓ProductHoldr}
                  ↓cart: {path: /cart, activity: shop}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: cart, icon: cart}}
                holders:
                  ProductHolder: {params: [id]}
                  CartHolder: {}
                routes:
                  product: {path: /products/:id, activity: shop, holder: ProductHolder, entry: true}
                  cart: {path: /cart, activity: shop, holder: CartHolder}
                """)
        ],
        fix: "writes the declared holder the name nearly spells (`ProductHoldr` → `ProductHolder`)")

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        app.routes.forEachInPlace { position, route in
            // The holder as written: the model reads a misspelt one as the holder it nearly
            // spells, the nearest of all, which is the suggestion.
            let misspelt = app.misspeltHolders[position]
            guard let holder = misspelt ?? route.holder else {
                // A holder written with a value of the wrong kind is reported by invalid-value.
                guard !route.written.contains(.holder) else { return }
                findings.report(
                    description, "route '\(app.text(route.id.value))' has no 'holder'",
                    at: route.id.range, subjects: [.route(app.text(route.id.value))])
                return
            }
            // A holder declared in a file that could not be read would look undeclared.
            guard app.isComplete, app.holder(holder.value) == nil else { return }
            let id = app.text(route.id.value)
            let name = app.text(holder.value)
            let suggestion =
                misspelt != nil ? route.holder.map { app.text($0.value) } : Suggestion.nearest(to: name, among: app.holderNames)
            findings.report(
                description,
                "route '\(id)' is bound to holder '\(name)', which is not declared in \(app.displayName)"
                    + Suggestion.hint(suggestion),
                at: holder.range, subjects: [.route(id), .holder(name)], suggestion: suggestion)
        }
    }
}
