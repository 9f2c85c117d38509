import RouteLintCore

/// `unusable-up`: a route's `up` that no link to it can honour.
package enum UnusableUpRule: AppRule {
    package static let description = RuleDescription(
        id: "unusable-up",
        defaultSeverity: .warning,
        summary: "A route's `up` names a route that needs a value no link to the route carries, so no stack puts it below the route.",
        rationale: """
            A link's back stack puts a route's `up` just below it — when the link can hold the \
            `up` there: it is the tab's root, or the link carries its values (its path \
            parameters, its required query items), by name and type. `player` at \
            `/play/:episodeId` with `up: episode` at `/shows/:showId/episodes/:episodeId` is never \
            below `player`: no link to `player` carries `showId`, so every plan drops the `up` and \
            Back goes wherever the shortest path says. Carry the value in the route's path or \
            declare it under `query`, or name an `up` that needs only what the route carries.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {podcasts: {}}
                tabs: {home: {activity: podcasts, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [episode, player]}
                  episode: {path: '/shows/:showId/episodes/:episodeId', activity: podcasts, holder: H, links: [player]}
                  player: {path: '/play/:episodeId', activity: podcasts, holder: H, up: ↓episode}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {podcasts: {}}
                tabs: {home: {activity: podcasts, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [episode, player]}
                  episode: {path: '/shows/:showId/episodes/:episodeId', activity: podcasts, holder: H, links: [player]}
                  player: {path: '/play/:episodeId', query: {showId: string}, activity: podcasts, holder: H, up: episode}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        guard app.routes.containsInPlace(where: { $0.up != nil }) else { return }
        let search = StackSearch(app: app)
        let roots = StackSearch.tabsByIndex(of: app).mapValues { Set($0.map(\.root)) }
        app.routes.forEachInPlace { position, route in
            guard let named = route.up else { return }
            let activityRoots = app.activity(ofRoute: position).flatMap { roots[$0] } ?? []
            guard let (up, missing) = search.valueNoLinkCarries(forUpOf: position, roots: activityRoots),
                // The values of a route with an invalid path or type are the finding already made.
                !route.hasUndecidedValues, !app.routes[up].hasUndecidedValues
            else { return }
            let id = app.text(route.id.value)
            let upID = app.text(app.routes[up].id.value)
            findings.report(
                description,
                "'up' of route '\(id)' names route '\(upID)', which needs '\(missing)', and no link to '\(id)' carries it "
                    + "(not in its path nor under its 'query'): no stack puts '\(upID)' below '\(id)'; carry '\(missing.name)' in the path of '\(id)' "
                    + "or declare it under 'query', or name an 'up' that needs only what '\(id)' carries",
                at: named.range, related: [RelatedLocation(app.routes[up].id.range, "route '\(upID)' is declared here")],
                subjects: [.route(id), .route(upID), FindingSubject(.parameter, missing.name)])
        }
    }
}
