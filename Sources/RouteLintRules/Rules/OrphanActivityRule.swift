import RouteLintCore

/// `orphan-activity`: an activity that no tab belongs to.
package enum OrphanActivityRule: AppRule {
    package static let description = RuleDescription(
        id: "orphan-activity",
        defaultSeverity: .warning,
        summary: "An activity has no tab, so it can never be shown.",
        rationale: """
            Switching to an activity shows its tab bar at its default tab. An activity without \
            tabs has nothing to show: it is either unfinished or left over.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {title: Shop}
                  ↓brochure: {title: Brochures}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {title: Shop}
                  brochure: {title: Brochures}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  brochures: {activity: brochure, index: 0, root: brochures, icon: book}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H}
                  brochures: {path: /brochures, holder: H}
                """)
        ])

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // A tab in a file that could not be read may belong to the activity.
        guard app.isComplete else { return }
        let activitiesWithTabs = Set(app.tabs.compactMap { $0.activity?.value })
        for activity in app.activities where !activitiesWithTabs.contains(activity.name.value) {
            let name = app.text(activity.name.value)
            findings.report(
                description, "activity '\(name)' has no tab, so it can never be shown",
                at: activity.name.range, subjects: [.activity(name)])
        }
    }
}
