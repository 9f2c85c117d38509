import RouteLintCore

/// `tab-index-gap`: an activity whose tab indexes skip a position.
package enum TabIndexGapRule: AppRule {
    package static let description = RuleDescription(
        id: "tab-index-gap",
        defaultSeverity: .note,
        summary: "An activity's tab indexes are not 0…n-1.",
        rationale: """
            Tab indexes are positions in the tab bar. Indexes that do not run 0, 1, 2, … \
            usually mean a tab was removed, or its index mistyped, and the others were not \
            renumbered. The bar still shows the tabs in order, so this is a note. A repeated \
            index alone is not a gap (that is `duplicate-tab-index`).
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  ↓shop: {}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  cart: {activity: shop, index: 2, root: cart, icon: cart}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                  cart: {activity: shop, index: 1, root: cart, icon: cart}
                  favorites: {activity: shop, index: 2, root: favorites, icon: heart}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H}
                  cart: {path: /cart, holder: H}
                  favorites: {path: /favorites, holder: H}
                """)
        ])

    /// At most this many missing indexes are listed; the rest are counted.
    static let listedIndexes = 20

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        var indexes: [Symbol: Set<Int>] = [:]
        for tab in app.tabs {
            if let activity = tab.activity?.value, let index = tab.index?.value { indexes[activity, default: []].insert(index) }
        }
        for activity in app.activities {
            // Compared without adding to the highest index, which may be Int.max.
            guard let used = indexes[activity.name.value], let highest = used.max(), highest != used.count - 1 else { continue }
            let sorted = used.sorted()
            // The indexes below the highest that no tab uses, the first few of them: one tab at
            // index 1,000,000,000 must not make a list of a billion.
            let missing = Array((0..<sorted.last!).lazy.filter { !used.contains($0) }.prefix(Self.listedIndexes))
            let name = app.text(activity.name.value)
            let more = highest - (used.count - 1) - missing.count
            let list = missing.map(String.init).joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            let isOne = missing.count == 1 && more == 0
            findings.report(
                description,
                "tab indexes of activity '\(name)' are \(sorted.map(String.init).joined(separator: ", ")); "
                    + "\(isOne ? "index" : "indexes") \(list) \(isOne ? "is" : "are") missing",
                at: activity.name.range, subjects: [.activity(name)])
        }
    }
}
