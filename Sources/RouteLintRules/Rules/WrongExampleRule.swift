import RouteLintCore

/// `wrong-example`: a route's example URL does not open the route.
package enum WrongExampleRule: AppRule {
    package static let description = RuleDescription(
        id: "wrong-example",
        defaultSeverity: .error,
        summary: "A route's example is not a URL of the app, or does not open the route with its parameters of their types.",
        rationale: """
            A route's `examples` are URLs the team promises open it: the links it puts in \
            emails, notifications and QR codes, and the cases its link tests open. An example \
            must be absolute, with a scheme of `schemes` or `https` and a host of `hosts`, and \
            must open its route as `routelint resolve` resolves it: its path parameters and \
            query items of their types, and no more specific route taking it. An example that \
            opens another route, or none, is a link that fails, or a test that passes for the \
            wrong screen; the finding says what the URL opens instead.
            """,
        triggeringExamples: [
            RuleExample(
                shop + """

                        examples: [↓"https://shop.example.com/products/sale", ↓"shop://products/abc", ↓"/products/42", ↓"https://example.org/products/42"]
                    """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                shop + """

                        query: {ref: string}
                        examples: ["https://shop.example.com/products/42", "shop://products/-7?ref=mail"]
                    """)
        ])

    /// The app of the examples, up to the product's `examples`.
    private static let shop = """
        manifest: 1
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {shop: {}}
        tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [product, sale]}
          sale: {path: /products/sale, activity: shop, holder: H}
          product:
            path: /products/:id
            activity: shop
            holder: H
            params: {id: int}
        """

    /// The route an example should open may be declared in a file that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // Most apps write no examples: the resolver is built only for one that does.
        guard app.hasExamples else { return }
        let resolver = URLResolver(apps: [app])
        // An example of a route whose path or type is invalid would be judged against what the
        // route does not declare: the finding already made is the one to fix.
        for route in app.routes where !route.hasUndecidedValues {
            let id = app.text(route.id.value)
            for example in route.examples {
                guard let problem = problem(of: example.value, route: route.id.value, in: app, resolver: resolver) else { continue }
                findings.report(
                    description, "example '\(example.value)' of route '\(id)' \(problem)", at: example.range,
                    subjects: [.route(id)])
            }
        }
    }

    /// What is wrong with `url` as an example of route `symbol`; nil when it opens the route.
    private static func problem(of url: String, route symbol: Symbol, in app: AppModel, resolver: URLResolver) -> String? {
        if LinkURL.holdsRawSpaceOrControl(url) {
            return "is not a URL: it holds white space or a control character, which a URL percent-encodes"
        }
        guard LinkURL(url)?.scheme != nil else {
            return "is not a URL of the app: an example is absolute: a scheme of the app's schemes, or https and a host of its hosts"
        }
        if let origin = resolver.foreignOrigin(url) { return "is not a URL of the app: \(origin)" }
        let resolution = resolver.resolve(url)
        switch resolution.status {
        case .resolved:
            guard let opened = resolution.route, opened == app.text(symbol) else {
                return "opens route '\(resolution.route ?? "")' instead"
            }
            if let notHanded = resolution.notHandedToApp { return "does not open the app: \(notHanded)" }
            return nil
        case .ambiguous:
            return "opens no one route: \(resolution.reason?.message ?? "")"
        case .unmatched:
            if let mismatch = resolver.typeMismatch(url, route: symbol) { return "opens no route: \(mismatch)" }
            return "opens no route: \(resolution.reason?.message ?? "")"
        }
    }
}
