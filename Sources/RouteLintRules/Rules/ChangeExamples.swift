/// The route set the change rules' examples change: one app with a custom scheme and a host,
/// and three routes, one of which needs a signed-in user.
enum ChangeExamples {
    static let manifest = """
        manifest: 1
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {main: {}}
        tabs:
          home: {activity: main, index: 0, root: home, icon: house}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [product, order]}
          product: {path: /products/:id, holder: H, activity: main}
          order: {path: /orders/:id, holder: H, activity: main, requires-auth: true}
        """

    /// The example manifest with its first `target` replaced.
    static func changing(_ target: String, to replacement: String) -> String {
        manifest.replacingFirst(target, with: replacement)
    }

    /// The example split into two files, the routes `product` and `order` moved to the second
    /// and written in another order: no URL and no name changes.
    static let moved = RuleExample(
        before: [("app.routes.yaml", manifest)],
        after: [
            (
                "app.routes.yaml",
                changing(
                    "  product: {path: /products/:id, holder: H, activity: main}\n  order: {path: /orders/:id, holder: H, activity: main, requires-auth: true}",
                    to: "")
            ),
            (
                "shop.routes.yaml",
                """
                manifest: 1
                routes:
                  order: {requires-auth: true, activity: main, holder: H, path: /orders/:id}
                  product: {activity: main, holder: H, path: /products/:id}
                """
            ),
        ])
}
