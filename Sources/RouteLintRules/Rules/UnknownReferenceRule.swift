import RouteLintCore

/// `unknown-reference`: a name that refers to nothing declared in the app.
package enum UnknownReferenceRule: AppRule {
    package static let description = RuleDescription(
        id: "unknown-reference",
        defaultSeverity: .error,
        summary: "A name refers to no declared activity, tab, route or holder, or a route's `params` to no parameter of its path.",
        rationale: """
            Tabs name their activity and root route, activities their default tab, routes \
            their activity, links and fallback, holders their parent. A name that matches no \
            declaration in the app is a navigation that fails at run time. The finding points \
            at the name and suggests the nearest declared one. A tab's root that nearly spells \
            a route is read as that route by the other rules, so that the typo is one finding, \
            not also the route's missing activity and the routes only it leads to. (A route's \
            `holder` is checked by `missing-holder`.) A route's `params` types the parameters of its own path: an \
            entry that names none of them types nothing, most often a parameter renamed in the \
            path and not in `params`.
            """,
        triggeringExamples: [
            RuleExample(
                """
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
            RuleExample(
                """
                manifest: 1
                routes:
                  product: {path: /products/:productId, params: {↓id: int}}
                  cart: {params: {↓id: int}}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {default-tab: home}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                routes:
                  home: {path: /, holder: AppHolder, links: [product]}
                  product: {path: /products/:id, activity: shop, holder: ProductHolder, fallback: home}
                holders:
                  AppHolder: {scope: app}
                  ProductHolder: {parent: AppHolder}
                """),
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [product]}
                  product: {path: /products/:id, activity: shop, holder: H, params: {id: int}}
                """),
        ],
        fix: "writes the name the reference nearly spells (`activity: mian` → `main`)")

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // A file that could not be read may declare the names that look unknown; a route's own
        // path says which parameters it has, whatever the other files hold.
        let isComplete = app.isComplete
        // The candidates for a suggestion are gathered only when a name is unknown.
        func check(
            _ reference: LocatedName?, field: @autoclosure () -> String, of owner: @autoclosure () -> KeyOwner, kind: EntityKind,
            exists: (Symbol) -> Bool, candidates: @autoclosure () -> [String]
        ) {
            guard let reference, !exists(reference.value) else { return }
            let owner = owner()
            let field = field()
            let name = app.text(reference.value)
            let suggestion = Suggestion.nearest(to: name, among: candidates())
            findings.report(
                description,
                "'\(field)' of \(owner) names \(kind.rawValue) '\(name)', which is not declared in \(app.displayName)"
                    + Suggestion.hint(suggestion),
                at: reference.range, subjects: owner.subjects + [.key(field), .entity(kind, name)], suggestion: suggestion)
        }

        for activity in app.activities where isComplete {
            check(
                activity.defaultTab, field: ActivityKey.defaultTab.name, of: .entity(.activity, app.text(activity.name.value)), kind: .tab,
                exists: { app.declares(.tab, $0) }, candidates: app.tabNames)
        }
        for (position, tab) in app.tabs.enumerated() where isComplete {
            check(
                tab.activity, field: TabKey.activity.name, of: .entity(.tab, app.text(tab.name.value)), kind: .activity,
                exists: { app.declares(.activity, $0) }, candidates: app.activityNames)
            // The root as written: the model reads a misspelt one as the route it nearly spells,
            // the nearest of all, which is the suggestion (not looked for among them again).
            let misspelt = app.misspeltRoots[position]
            check(
                misspelt ?? tab.root, field: TabKey.root.name, of: .entity(.tab, app.text(tab.name.value)), kind: .route,
                exists: { app.declares(.route, $0) },
                candidates: misspelt != nil ? tab.root.map { [app.text($0.value)] } ?? [] : app.routeIDs)
        }
        // One pass over the routes, which are the most entities and the largest to read.
        app.routes.forEachInPlace { _, route in
            if !route.params.isEmpty { checkParameterTypes(of: route, in: app, into: &findings) }
            guard isComplete else { return }
            check(
                route.activity, field: RouteKey.activity.name, of: .entity(.route, app.text(route.id.value)), kind: .activity,
                exists: { app.declares(.activity, $0) }, candidates: app.activityNames)
            for link in app.names(route.links) {
                check(
                    link, field: RouteKey.links.name, of: .entity(.route, app.text(route.id.value)), kind: .route,
                    exists: { app.declares(.route, $0) }, candidates: app.routeIDs)
            }
            check(
                route.fallback, field: RouteKey.fallback.name, of: .entity(.route, app.text(route.id.value)), kind: .route,
                exists: { app.declares(.route, $0) }, candidates: app.routeIDs)
            check(
                route.up, field: RouteKey.up.name, of: .entity(.route, app.text(route.id.value)), kind: .route,
                exists: { app.declares(.route, $0) }, candidates: app.routeIDs)
        }
        for holder in app.holders where isComplete {
            check(
                holder.parent, field: HolderKey.parent.name, of: .entity(.holder, app.text(holder.name.value)), kind: .holder,
                exists: { app.declares(.holder, $0) }, candidates: app.holderNames)
        }
    }

    /// Each entry of a route's `params` that names no parameter of its path. A path that is
    /// not a valid pattern is `invalid-path`'s: its parameters are not known.
    private static func checkParameterTypes(of route: RouteInPlace, in app: AppModel, into findings: inout FindingSink) {
        guard route.path != nil || !route.written.contains(.path) else { return }
        // Searched in the path's segments, and the route's id read only for a finding: every
        // typed route passes, and an array of its parameters and its id cost each a thousand
        // instructions.
        let path = route.path?.value
        for entry in route.params where !(path?.hasParameter(entry.name.value) ?? false) {
            let parameters = route.path?.value.parameterNames ?? []
            let id = app.text(route.id.value)
            let name = app.text(entry.name.value)
            let suggestion = Suggestion.nearest(to: name, among: parameters.map(app.text))
            let why =
                route.path.map { "which the route's path '\(app.text($0.value.text))' does not have" }
                ?? "and the route has no path, so no parameter"
            findings.report(
                description,
                "'params' of route '\(id)' types parameter '\(name)', \(why)" + Suggestion.hint(suggestion),
                at: entry.name.range, subjects: [.route(id), .key(RouteKey.params.name), FindingSubject(.parameter, name)],
                suggestion: suggestion)
        }
    }
}
