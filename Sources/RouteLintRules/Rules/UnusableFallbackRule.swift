import RouteLintCore

/// `unusable-fallback`: a fallback that cannot be shown when its route's flag is off.
package enum UnusableFallbackRule: AppRule {
    package static let description = RuleDescription(
        id: "unusable-fallback",
        defaultSeverity: .warning,
        summary: "A route's fallback names the route itself, closes a loop of fallbacks, or needs a value the route's links do not carry.",
        rationale: """
            While a route's `feature` flag is off, a link to it opens its `fallback` instead, \
            with the link's values by name and type (the navigation plan). A fallback that is \
            the route itself, or a loop of flagged routes that fall back to one another, leaves \
            the link with nothing to open while the flags are off (each route of the loop is \
            reported, with the loop from it on: the first ten routes of a longer one, and how \
            many more lead back); so does a fallback whose path \
            parameter or required query item (without a default) the route does not carry — \
            `/promo/:code` falling back to `/orders/:orderId`. Name a route that needs only what \
            the flagged route carries: its own path parameters and required query items, of the \
            same names and types. Like `missing-fallback`, it is a warning: the link opens \
            nothing, as it would without a fallback.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [promo, order]}
                  order: {path: /orders/:orderId, activity: shop, holder: H}
                  promo: {path: /promo, activity: shop, holder: H, feature: promo, fallback: ↓order}
                """),
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [sale, outlet, gift]}
                  sale: {path: /sale, activity: shop, holder: H, feature: sale, fallback: ↓outlet}
                  outlet: {path: /outlet, activity: shop, holder: H, feature: outlet, fallback: ↓sale}
                  gift: {path: /gift, activity: shop, holder: H, feature: gift, fallback: ↓gift}
                """),
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [order, order-v2]}
                  order: {path: /orders/:id, params: {id: int}, activity: shop, holder: H}
                  order-v2: {path: /v2/orders/:id, activity: shop, holder: H, feature: orders-v2, fallback: ↓order}
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
                  home: {path: /, holder: H, links: [order, order-v2, sale, outlet]}
                  order: {path: /orders/:id, params: {id: int}, activity: shop, holder: H}
                  order-v2: {path: /v2/orders/:id, params: {id: int}, activity: shop, holder: H, feature: orders-v2, fallback: order}
                  sale: {path: /sale, activity: shop, holder: H, feature: sale, fallback: outlet}
                  outlet: {path: /outlet, activity: shop, holder: H, fallback: sale}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // One pass over the routes; the rest reads the flagged ones only.
        var flagged: [Route] = []
        app.routes.forEachInPlace { _, route in if route.feature != nil { flagged.append(route.route) } }
        guard !flagged.isEmpty else { return }
        let loops = fallbackLoops(flagged.map(\.id.value), app)
        for route in flagged {
            guard let named = route.fallback, let fallback = app.route(named.value) else { continue }
            // The values of a route with an invalid path or type are the finding already made.
            guard !route.hasUndecidedValues, !fallback.hasUndecidedValues else { continue }
            let id = app.text(route.id.value)
            let fallbackID = app.text(fallback.id.value)
            if let loop = loops[route.id.value] {
                let flags =
                    loop.shown.compactMap { app.route($0)?.feature.map { "'\(app.text($0.value))'" } }
                    + (loop.isShownWhole ? [] : ["those of \(loop.count - SuccessorLoop<Symbol>.shownLength) more routes"])
                let message =
                    loop.count == 1
                    ? "route '\(id)' falls back to itself: while feature \(flags[0]) is off, a link to it opens nothing"
                    : "route '\(id)' is on a loop of fallbacks, \(loop.text(app.text)): while features \(englishList(flags)) are off, a link to it opens nothing"
                findings.report(
                    description, message + "; name a route without a feature, or one whose fallback leads out of the loop",
                    at: named.range,
                    subjects: [.route(id)] + loop.shown.map(app.text).filter { $0 != id }.sorted().map(FindingSubject.route))
            } else if let missing = firstValueNotCarried(by: route, for: fallback, app) {
                let flag = app.text(route.feature!.value)
                findings.report(
                    description,
                    "fallback '\(fallbackID)' of route '\(id)' needs '\(missing)', which a link to '\(id)' does not carry: while feature '\(flag)' is off, the link opens nothing; name a fallback that needs only what '\(id)' carries, or give '\(id)' that value",
                    at: named.range,
                    related: [RelatedLocation(fallback.id.range, "route '\(fallbackID)' is declared here")],
                    subjects: [.route(id), .route(fallbackID)])
            }
        }
    }

    /// The first value `fallback` needs on a plan — a path parameter, a required query item
    /// without a default — that a link to `route` does not carry by name and type (its path
    /// parameters and required query items).
    static func firstValueNotCarried(by route: Route, for fallback: Route, _ app: AppModel) -> CarriedValue? {
        var carried: Set<CarriedValue> = []
        for name in route.path?.value.parameterNames ?? [] {
            carried.insert(CarriedValue(name: app.text(name), type: route.parameterType(name).valueType(app.text)))
        }
        for item in route.query where item.isRequired {
            carried.insert(CarriedValue(name: app.text(item.name.value), type: item.effectiveType.valueType(app.text)))
        }
        let needs =
            (fallback.path?.value.parameterNames ?? []).map {
                CarriedValue(name: app.text($0), type: fallback.parameterType($0).valueType(app.text))
            }
            + fallback.query.filter { $0.isRequired && $0.defaultValue == nil }.map {
                CarriedValue(name: app.text($0.name.value), type: $0.effectiveType.valueType(app.text))
            }
        return needs.first { !carried.contains($0) }
    }

    /// For each of the `flagged` routes on a loop of fallbacks through flagged routes, the loop
    /// as seen from it. A plan follows a fallback only while the route's flag is
    /// off, so a route without a feature ends the chain.
    static func fallbackLoops(_ flagged: [Symbol], _ app: AppModel) -> [Symbol: SuccessorLoop<Symbol>] {
        // By position among the flagged routes: only they have successors, so a fallback that
        // is not one of them ends the chain.
        var positions: [Symbol: Int] = [:]
        for (position, id) in flagged.enumerated() where positions[id] == nil { positions[id] = position }
        return successorLoops(of: flagged) { position in
            app.route(flagged[position]).flatMap { $0.feature == nil ? nil : $0.fallback.flatMap { positions[$0.value] } }
        }
    }
}
