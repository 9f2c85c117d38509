import RouteLintCore

/// `duplicate-tab-index`: two tabs of one activity at the same position.
package enum DuplicateTabIndexRule: AppRule {
    package static let description = RuleDescription(
        id: "duplicate-tab-index",
        defaultSeverity: .error,
        summary: "Two tabs of one activity share an index.",
        rationale: """
            `index` is a tab's position in its activity's tab bar. Two tabs at one position \
            leave the order to chance, and one of them may not be shown. Each later tab is \
            reported at its `index`, against the first tab that has it.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  cart: {activity: shop, index: ↓0, root: cart, icon: cart}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}, brochure: {}}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  cart: {activity: shop, index: 1, root: cart, icon: cart}
                  brochures: {activity: brochure, index: 0, root: brochures, icon: book}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H}
                  cart: {path: /cart, holder: H}
                  brochures: {path: /brochures, holder: H}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        struct Position: Hashable {
            let activity: Symbol
            let index: Int
        }
        var firstAt: [Position: Tab] = [:]
        for tab in app.tabs {
            guard let activity = tab.activity?.value, let index = tab.index else { continue }
            let position = Position(activity: activity, index: index.value)
            guard let first = firstAt[position] else {
                firstAt[position] = tab
                continue
            }
            let activityName = app.text(activity)
            let firstName = app.text(first.name.value)
            let tabName = app.text(tab.name.value)
            findings.report(
                description,
                "tabs '\(firstName)' and '\(tabName)' of activity '\(activityName)' both have index \(index.value)",
                at: index.range,
                related: [RelatedLocation(first.index!.range, "tab '\(firstName)' has index \(index.value) here")],
                subjects: [.activity(activityName), .tab(tabName), .tab(firstName)])
        }
    }
}
