import RouteLintCore

/// `tab-limit`: more tabs than a tab bar shows.
package enum TabLimitRule: AppRule {
    package static let description = RuleDescription(
        id: "tab-limit",
        defaultSeverity: .warning,
        summary: "An activity has more tabs than fit a tab bar (option max, default 5).",
        rationale: """
            A phone's tab bar shows five tabs; past that, the system folds the rest into a \
            "More" tab, where users rarely look. Set the option `max` to your design's limit \
            (`tab-limit: {max: 4}` in the configuration).
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  ↓shop: {}
                tabs:
                  t0: {activity: shop, index: 0, root: r, icon: i}
                  t1: {activity: shop, index: 1, root: r, icon: i}
                  t2: {activity: shop, index: 2, root: r, icon: i}
                  t3: {activity: shop, index: 3, root: r, icon: i}
                  t4: {activity: shop, index: 4, root: r, icon: i}
                  t5: {activity: shop, index: 5, root: r, icon: i}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {}
                tabs:
                  t0: {activity: shop, index: 0, root: r0, icon: i}
                  t1: {activity: shop, index: 1, root: r1, icon: i}
                  t2: {activity: shop, index: 2, root: r2, icon: i}
                  t3: {activity: shop, index: 3, root: r3, icon: i}
                  t4: {activity: shop, index: 4, root: r4, icon: i}
                holders: {H: {}}
                routes:
                  r0: {path: /0, holder: H}
                  r1: {path: /1, holder: H}
                  r2: {path: /2, holder: H}
                  r3: {path: /3, holder: H}
                  r4: {path: /4, holder: H}
                """)
        ],
        options: [maximumTabs])

    /// `max`: the most tabs an activity may have. The default: the tabs a phone's tab bar
    /// shows before it folds the rest into "More".
    static let maximumTabs = RuleOptionDescription(
        name: "max", summary: "the most tabs an activity may have", defaultValue: 5, minimum: 1)

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        let maximum = options.value(of: maximumTabs)
        var counts: [Symbol: Int] = [:]
        for tab in app.tabs { if let activity = tab.activity?.value { counts[activity, default: 0] += 1 } }
        for activity in app.activities {
            guard let count = counts[activity.name.value], count > maximum else { continue }
            let name = app.text(activity.name.value)
            findings.report(
                description, "activity '\(name)' has \(count) tabs; a tab bar shows at most \(maximum)",
                at: activity.name.range, subjects: [.activity(name)])
        }
    }
}
