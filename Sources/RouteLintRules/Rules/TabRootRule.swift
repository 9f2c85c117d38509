import RouteLintCore

/// `tab-root`: a tab whose root route cannot sit at the root of its tab.
package enum TabRootRule: AppRule {
    package static let description = RuleDescription(
        id: "tab-root",
        defaultSeverity: .error,
        summary: "A tab's root route has path parameters, belongs to another activity, or is not push.",
        rationale: """
            The root of a tab is shown whenever the tab is selected, with nothing to fill in: \
            its path can have no `:name`, `*` or `**` segment. It is the bottom of the tab's \
            navigation stack, so it is presented with `push` (the default), not as a sheet or \
            full-screen cover. And it is shown in the tab's activity, so a route that names \
            another activity cannot be the root. Each problem is reported at the tab's `root`.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}, brochure: {}}
                tabs:
                  product: {activity: shop, index: 0, root: ↓product-detail, icon: tag}
                  filters: {activity: shop, index: 1, root: ↓filters, icon: slider}
                  brochures: {activity: brochure, index: 0, root: ↓catalog, icon: book}
                routes:
                  product-detail: {path: /products/:id}
                  filters: {path: /filters, presentation: sheet}
                  catalog: {path: /catalog, activity: shop}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}, brochure: {}}
                tabs:
                  products: {activity: shop, index: 0, root: product-list, icon: tag}
                  brochures: {activity: brochure, index: 0, root: catalog, icon: book}
                holders: {H: {}}
                routes:
                  product-list: {path: /products, holder: H}
                  catalog: {path: /catalog, activity: brochure, holder: H, presentation: push}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        for tab in app.tabs {
            guard let root = tab.root, let route = app.route(root.value) else { continue }
            let tabName = app.text(tab.name.value)
            let rootName = app.text(root.value)
            func report(_ problem: String, related: RelatedLocation) {
                findings.report(
                    description, "root '\(rootName)' of tab '\(tabName)' \(problem)",
                    at: root.range, related: [related], subjects: [.tab(tabName), .route(rootName)])
            }
            if let path = route.path, path.value.hasParameters {
                report(
                    "has path parameters ('\(app.text(path.value.text))'); a tab root is shown with nothing to fill them in",
                    related: RelatedLocation(path.range, "route '\(rootName)' declares its path here"))
            }
            if let tabActivity = tab.activity?.value, let routeActivity = route.activity, routeActivity.value != tabActivity {
                report(
                    "belongs to activity '\(app.text(routeActivity.value))', not to the tab's activity '\(app.text(tabActivity))'",
                    related: RelatedLocation(routeActivity.range, "route '\(rootName)' names its activity here"))
            }
            if let presentation = route.presentation, presentation.value != .push {
                report(
                    "is presented as '\(presentation.value.rawValue)'; a tab root is the bottom of the tab's stack and must be 'push'",
                    related: RelatedLocation(presentation.range, "route '\(rootName)' sets its presentation here"))
            }
        }
    }
}
