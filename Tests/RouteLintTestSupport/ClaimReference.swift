import RouteLintCore

/// The claimed set as resolution defines it, which the platform files routelint writes and the
/// automata that judge them are checked against: a path is claimed when its most specific
/// route, one trailing '/' ignored, is a web route. With the paths to try and the manifests
/// that carve the set out of itself.
package enum ClaimReference {
    /// Whether the app claims `path`, by resolving it.
    package static func claimed(_ path: String, app: AppModel, resolver: URLResolver) -> Bool {
        var bare = path
        if bare.count > 1 && bare.hasSuffix("/") { bare.removeLast() }
        let resolution = resolver.resolve(bare)
        guard resolution.status == .resolved, let id = resolution.route,
            let symbol = app.symbols.lookup(id), let route = app.route(symbol)
        else { return false }
        return route.isWeb
    }

    /// Paths to try: each route's path with parameters filled, shorter and longer by a
    /// segment, with and without a trailing '/', and every sequence of up to `depth` segments
    /// drawn from the literals of the set and a value no pattern spells.
    package static func paths(_ app: AppModel, depth: Int) -> [String] {
        var literals = Set<String>(["x"])
        var samples: [String] = ["/"]
        for route in app.routes {
            guard let pattern = route.path?.value else { continue }
            var segments: [String] = []
            for segment in pattern.segments {
                switch segment {
                case .literal(let symbol):
                    literals.insert(app.text(symbol))
                    segments.append(app.text(symbol))
                case .parameter, .wildcard: segments.append("v%2Fw")
                case .rest: segments += ["r", "s", "t"]
                }
            }
            for count in 0...segments.count { samples.append("/" + segments.prefix(count).joined(separator: "/")) }
            samples.append("/" + (segments + ["extra"]).joined(separator: "/"))
        }
        var level = [""]
        for _ in 0..<depth {
            level = level.flatMap { prefix in literals.sorted().map { prefix + "/" + $0 } }
            samples += level
        }
        return Array(Set(samples.flatMap { [$0, $0 == "/" ? "/" : $0 + "/"] })).sorted()
    }

    package static let header = """
        manifest: 1
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}

        """

    package static let carveOuts =
        header
            + """
              product: {path: /products/:id, activity: main, holder: H, entry: true}
              new-product: {path: /products/new, activity: main, holder: H, entry: true, web: false}
              news: {path: /products/news, activity: main, holder: H, entry: true}
              reviews: {path: /products/:id/reviews, activity: main, holder: H, entry: true}
              review: {path: /products/:id/reviews/:review, activity: main, holder: H, entry: true, web: false}
              docs: {path: /docs/**, activity: main, holder: H, entry: true}
              docs-api: {path: /docs/api/**, activity: main, holder: H, entry: true, web: false}
              docs-guide: {path: /docs/guide/:chapter/print, activity: main, holder: H, entry: true}
              dotted: {path: /v1.0/a+b, activity: main, holder: H, entry: true}
            """
}
