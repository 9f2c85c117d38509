import RouteLintCore

/// `duplicate-name`: one name declared by two files of one app.
package enum DuplicateNameRule: AppRule {
    package static let description = RuleDescription(
        id: "duplicate-name",
        defaultSeverity: .error,
        summary:
            "An activity, tab, holder or route is declared in two files of one app, or an `android` setting is set again to another value.",
        rationale: """
            Files that declare the same `app` are merged, and names are global within an app. \
            When two feature packages declare the same route id, only one declaration can win \
            at run time, and which one depends on load order. routelint uses the first \
            (files in path order) and reports each later declaration against it. The same holds \
            for the app-wide `android` settings `package`, `activity` and `min-sdk`: the first \
            file that sets one decides it, and a later file that sets it to another value is \
            reported, since the platform files routelint writes can carry only one.
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
            ]),
            RuleExample(files: [
                (
                    name: "android.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    android: {package: com.example.shop, min-sdk: 26}
                    """
                ),
                (
                    name: "legacy.routes.yaml",
                    contents: """
                    manifest: 1
                    app: shop
                    android: {package: ↓com.example.legacy, min-sdk: 26}
                    """
                ),
            ]),
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

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
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
        for setting in app.androidRedeclarations {
            let key = setting.key.name
            findings.report(
                description,
                "'\(key)' of 'android' is set again in \(app.displayName), to '\(setting.laterText)'; "
                    + "the first, '\(setting.firstText)', is the one used",
                at: setting.later,
                related: [RelatedLocation(setting.first, "'\(key)' of 'android' is first set here")],
                subjects: [.key("android." + key)])
        }
    }
}
