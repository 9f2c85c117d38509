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
        // Marked by symbol number rather than hashed into a set: a set of the holders of
        // 10,000 routes cost the rule nearly all of its time.
        var used = [Bool](repeating: false, count: app.symbols.count)
        app.routes.forEachInPlace { _, route in
            if let holder = route.holder { used[Int(holder.value.index)] = true }
        }
        for holder in app.holders { if let parent = holder.parent { used[Int(parent.value.index)] = true } }
        for holder in app.holders where !used[Int(holder.name.value.index)] {
            let name = app.text(holder.name.value)
            findings.report(
                description, "holder '\(name)' is bound by no route and is no holder's parent",
                at: holder.name.range, subjects: [.holder(name)])
        }
    }
}
