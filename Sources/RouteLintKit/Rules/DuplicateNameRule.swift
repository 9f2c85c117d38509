/// `duplicate-name`: one name declared by two files of one app.
public enum DuplicateNameRule: AppRule {
    public static let description = RuleDescription(
        id: "duplicate-name",
        defaultSeverity: .error,
        summary: "An activity, tab, holder or route is declared in two files of one app.",
        rationale: """
            Files that declare the same `app` are merged, and names are global within an app. \
            When two feature packages declare the same route id, only one declaration can win \
            at run time, and which one depends on load order. routelint uses the first \
            (files in path order) and reports each later declaration against it.
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    name: "catalog.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    routes:
                      product: {path: /products/:id}
                    """
                ),
                (
                    name: "search.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    routes:
                      ↓product: {path: /search/products/:id}
                    """
                ),
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    name: "catalog.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    activities: {main: {}}
                    tabs: {home: {activity: main, index: 0, root: product-list, icon: house}}
                    holders: {H: {}}
                    routes:
                      product-list: {path: /products, holder: H, links: [search-result]}
                    """
                ),
                (
                    name: "search.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    routes:
                      search-result: {path: /search/products/:id, activity: main, holder: H}
                    """
                ),
            ]),
            RuleExample(files: [
                (
                    name: "shop.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    activities: {main: {}}
                    tabs: {home: {activity: main, index: 0, root: product, icon: house}}
                    holders: {H: {}}
                    routes:
                      product: {path: /products, holder: H}
                    """
                ),
                (
                    name: "admin.routes.yaml",
                    contents: """
                    manifest: 1
                    app: admin
                    activities: {main: {}}
                    tabs: {home: {activity: main, index: 0, root: product, icon: house}}
                    holders: {H: {}}
                    routes:
                      product: {path: /products, holder: H}
                    """
                ),
            ]),
        ])

    public static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        for redeclaration in app.redeclarations {
            let kind = redeclaration.kind.rawValue
            let name = app.text(redeclaration.later.value)
            findings.report(
                description,
                "\(kind) '\(name)' is declared again in \(app.displayName); the first declaration is the one used",
                at: redeclaration.later.range,
                related: [RelatedLocation(redeclaration.first.range, "\(kind) '\(name)' is first declared here")],
                subjects: [.entity(redeclaration.kind, name)])
        }
    }
}
