/// `unknown-reference`: a name that refers to nothing declared in the app.
public enum UnknownReferenceRule: AppRule {
    public static let description = RuleDescription(
        id: "unknown-reference",
        defaultSeverity: .error,
        summary: "A name refers to no declared activity, tab, route or holder.",
        rationale: """
            Tabs name their activity and root route, activities their default tab, routes \
            their activity, links and fallback, holders their parent. A name that matches no \
            declaration in the app is a navigation that fails at run time. The finding points \
            at the name and suggests the nearest declared one. (A route's `holder` is checked \
            by `missing-holder`.)
            """,
        triggeringExamples: [
            RuleExample("""
                manifest: 1
                activities:
                  shop: {default-tab: ↓hme}
                tabs:
                  home: {activity: ↓shp, index: 0, root: home, icon: house}
                routes:
                  home: {path: /, links: [↓prodcut]}
                  product: {path: /products/:id, activity: shop, fallback: ↓hom}
                holders:
                  ProductHolder: {parent: ↓AppHolder}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                manifest: 1
                activities:
                  shop: {default-tab: home}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                routes:
                  home: {path: /, links: [product]}
                  product: {path: /products/:id, activity: shop, fallback: home}
                holders:
                  AppHolder: {scope: app}
                  ProductHolder: {parent: AppHolder}
                """),
        ])

    public static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // A file that could not be read may declare the names that look unknown.
        guard app.isComplete else { return }
        // The candidates for a suggestion are gathered only when a name is unknown.
        func check(_ reference: Located<String>?, field: String, of owner: @autoclosure () -> String, kind: String,
                   exists: (String) -> Bool, candidates: @autoclosure () -> [String]) {
            guard let reference, !exists(reference.value) else { return }
            let owner = owner()
            findings.report(description,
                            "'\(field)' of \(owner) names \(kind) '\(reference.value)', which is not declared in \(app.displayName)"
                                + Suggestion.hint(for: reference.value, among: candidates()),
                            at: reference.range, subjects: [owner, reference.value])
        }

        for activity in app.activities {
            check(activity.defaultTab, field: "default-tab", of: "activity '\(activity.name.value)'", kind: "tab",
                  exists: { app.tab(named: $0) != nil }, candidates: app.tabNames)
        }
        for tab in app.tabs {
            check(tab.activity, field: "activity", of: "tab '\(tab.name.value)'", kind: "activity",
                  exists: { app.activity(named: $0) != nil }, candidates: app.activityNames)
            check(tab.root, field: "root", of: "tab '\(tab.name.value)'", kind: "route",
                  exists: { app.route(named: $0) != nil }, candidates: app.routeIDs)
        }
        for route in app.routes {
            check(route.activity, field: "activity", of: "route '\(route.id.value)'", kind: "activity",
                  exists: { app.activity(named: $0) != nil }, candidates: app.activityNames)
            for link in route.links {
                check(link, field: "links", of: "route '\(route.id.value)'", kind: "route",
                      exists: { app.route(named: $0) != nil }, candidates: app.routeIDs)
            }
            check(route.fallback, field: "fallback", of: "route '\(route.id.value)'", kind: "route",
                  exists: { app.route(named: $0) != nil }, candidates: app.routeIDs)
        }
        for holder in app.holders {
            check(holder.parent, field: "parent", of: "holder '\(holder.name.value)'", kind: "holder",
                  exists: { app.holder(named: $0) != nil }, candidates: app.holderNames)
        }
    }
}
