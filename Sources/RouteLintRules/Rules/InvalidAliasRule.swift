import RouteLintCore

/// `invalid-alias`: an alias that cannot stand for its route's path.
package enum InvalidAliasRule: AppRule {
    package static let description = RuleDescription(
        id: "invalid-alias",
        defaultSeverity: .error,
        summary: "A route's alias lacks or adds a parameter of its path, repeats a path, or aliases no path.",
        rationale: """
            An alias is a former path that still opens the route, so that links written before \
            the path moved keep working: `resolve`, the generated `Route(url)` and the link \
            files take it, and a route value writes the route's `path`. The route is made from \
            the link's values, so an alias must carry every parameter of the path, by the same \
            name (the type is the route's), and no other: a value only the alias carries would \
            be lost (write `*` for a segment the route does not read). An alias whose URLs the \
            path already opens, or one written twice, does nothing; a route without a path, or an \
            in-app one that no link from outside opens, has nothing for an alias to keep working. \
            Conflicts of aliases with other routes' paths are `conflicting-patterns`.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [product, review, help]}
                  product: {path: /products/:id, aliases: [↓/items/:itemId, ↓/p/:id/:slug, ↓/products/:productId], activity: shop, holder: H}
                  review: {path: /reviews/:id, aliases: [/r/:id, ↓/r/:id], activity: shop, holder: H}
                  help: {activity: shop, holder: H, aliases: [↓/help]}
                """),
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [settings]}
                  settings: {path: /settings, in-app: true, aliases: [↓/preferences], activity: shop, holder: H}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [product, docs]}
                  product: {path: /products/:id, params: {id: int}, aliases: [/items/:id, /p/:id/*], activity: shop, holder: H}
                  docs: {path: /docs/**, aliases: [/help/**], activity: shop, holder: H}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        guard app.hasAliases else { return }
        let shapes = SegmentShapes(app.symbols)
        for route in app.routes {
            let aliases = route.aliases
            guard let first = aliases.first else { continue }
            let id = app.text(route.id.value)
            guard let path = route.path else {
                // A path written but invalid is `invalid-path`'s.
                if !route.written.contains(.path) {
                    findings.report(
                        description,
                        "route '\(id)' has aliases but no path: an alias is a former path that still opens the route; give the route its path",
                        at: first.range, subjects: [.route(id)])
                }
                continue
            }
            if route.isInApp {
                findings.report(
                    description,
                    "route '\(id)' is in-app: no link from outside the app opens it, so its aliases keep no link working; remove them",
                    at: first.range, subjects: [.route(id)])
                continue
            }
            let pathText = app.text(path.value.text)
            let needed = path.value.parameterNames
            let pathURLs = URLPattern(path.value, of: route)
            var earlier: Set<Symbol> = []
            for alias in aliases {
                let aliasText = app.text(alias.value.text)
                let carried = alias.value.parameterNames
                let message: String
                if !earlier.insert(alias.value.text).inserted {
                    message = "alias '\(aliasText)' of route '\(id)' is written twice; remove this one"
                } else if let missing = needed.first(where: { !carried.contains($0) }) {
                    message =
                        "alias '\(aliasText)' of route '\(id)' does not carry ':\(app.text(missing))', which its path '\(pathText)' "
                        + "needs: a link to the alias could not give the route its value; name the alias's parameter ':\(app.text(missing))'"
                } else if let extra = carried.first(where: { !needed.contains($0) }) {
                    message =
                        "alias '\(aliasText)' of route '\(id)' has ':\(app.text(extra))', which its path '\(pathText)' does not: "
                        + "the value a link carries there would be lost; write '*' for a segment the route does not read"
                } else if [.equivalent, .moreSpecific].contains(URLPattern(alias.value, of: route).relation(to: pathURLs, shapes: shapes)) {
                    message = "alias '\(aliasText)' of route '\(id)' opens no URL its path '\(pathText)' does not already open; remove it"
                } else {
                    continue
                }
                findings.report(
                    description, message, at: alias.range,
                    related: [RelatedLocation(path.range, "route '\(id)' declares its path here")], subjects: [.route(id)])
            }
        }
    }
}
