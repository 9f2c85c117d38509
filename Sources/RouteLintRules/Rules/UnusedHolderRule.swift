import RouteLintCore

/// `unused-holder`: a holder nothing uses.
package enum UnusedHolderRule: AppRule {
    package static let description = RuleDescription(
        id: "unused-holder",
        defaultSeverity: .warning,
        summary: "A declared holder is bound by no route and is no holder's parent.",
        rationale: """
            A holder is used when a route binds it with `holder`, or when another holder \
            names it as its `parent` (its scope then encloses the child's). A holder used in \
            neither way is dead code, often left behind when a route was renamed or removed.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                holders:
                  AppHolder: {scope: app}
                  CartHolder: {parent: AppHolder}
                  ↓OldCartHolder: {parent: AppHolder}
                routes:
                  cart: {path: /cart, holder: CartHolder}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: cart, icon: cart}}
                holders:
                  AppHolder: {scope: app}
                  CartHolder: {parent: AppHolder}
                routes:
                  cart: {path: /cart, holder: CartHolder}
                """)
        ])

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // A route or holder in a file that could not be read may use the holder.
        guard app.isComplete else { return }
        var used = Set(app.routes.compactMap { $0.holder?.value })
        used.formUnion(app.holders.compactMap { $0.parent?.value })
        for holder in app.holders where !used.contains(holder.name.value) {
            let name = app.text(holder.name.value)
            findings.report(
                description, "holder '\(name)' is bound by no route and is no holder's parent",
                at: holder.name.range, subjects: [.holder(name)])
        }
    }
}
