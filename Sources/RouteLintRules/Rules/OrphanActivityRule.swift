import RouteLintCore

/// `orphan-activity`: an activity that no tab belongs to.
package enum OrphanActivityRule: AppRule {
    package static let description = RuleDescription(
        id: "orphan-activity",
        defaultSeverity: .warning,
        summary: "An activity has neither a tab nor an entry route, so it can never be shown.",
        rationale: """
            Switching to an activity shows its tab bar at its default tab. An activity without \
            tabs — onboarding, sign-in — is shown by opening one of its routes marked \
            `entry: true` (from a deep link, a notification, or the app's own code), and the \
            routes it links to follow. An activity with neither has nothing to show: it is \
            either unfinished or left over.
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
                """),
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {title: Shop}
                  onboarding: {title: Welcome}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H}
                  welcome: {path: /welcome, activity: onboarding, holder: H, entry: true, links: [consent]}
                  consent: {activity: onboarding, holder: H}
                """),
        ])

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // A tab in a file that could not be read may belong to the activity.
        guard app.isComplete else { return }
        let withTabs = Set(app.tabs.compactMap { $0.activity?.value })
        guard app.activities.contains(where: { !withTabs.contains($0.name.value) }) else { return }
        // An entry route shows its activity without a tab bar: read the routes only when an
        // activity has no tab.
        let shown = withTabs.union(app.routes.filter(\.isEntry).compactMap { app.activity(of: $0) })
        for activity in app.activities where !shown.contains(activity.name.value) {
            let name = app.text(activity.name.value)
            findings.report(
                description,
                "activity '\(name)' has no tab and no entry route, so it can never be shown: give it a tab, or mark the route that opens it 'entry: true'",
                at: activity.name.range, subjects: [.activity(name)])
        }
    }
}
