import RouteLintCore

/// `default-tab`: an activity whose default tab belongs to another activity.
package enum DefaultTabRule: AppRule {
    package static let description = RuleDescription(
        id: "default-tab",
        defaultSeverity: .error,
        summary: "An activity's default-tab names a tab of another activity.",
        rationale: """
            `default-tab` is the tab shown when the app switches to the activity, so it must \
            be one of the activity's own tabs; a tab of another activity is not in its tab bar. \
            Without `default-tab`, the activity's tab named `home` is shown, else its tab with \
            the lowest index.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {default-tab: ↓brochures}
                  brochure: {}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  brochures: {activity: brochure, index: 0, root: home, icon: book}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {default-tab: home}
                  brochure: {}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  brochures: {activity: brochure, index: 0, root: brochure-list, icon: book}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H}
                  brochure-list: {path: /brochures, holder: H}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        for activity in app.activities {
            guard let defaultTab = activity.defaultTab, let tab = app.tab(defaultTab.value),
                let tabActivity = tab.activity, tabActivity.value != activity.name.value
            else { continue }
            let tabName = app.text(tab.name.value)
            let activityName = app.text(activity.name.value)
            findings.report(
                description,
                "default tab '\(tabName)' of activity '\(activityName)' belongs to activity '\(app.text(tabActivity.value))'",
                at: defaultTab.range,
                related: [RelatedLocation(tabActivity.range, "tab '\(tabName)' names its activity here")],
                subjects: [.activity(activityName), .tab(tabName)])
        }
    }
}
