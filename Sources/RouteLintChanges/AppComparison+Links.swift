import RouteLintCore
import RouteLintPlatform

/// Links: URLs whose route changed, decided over every URL path by walking both revisions'
/// claimed sets at once.
extension AppComparison {
    /// The app's schemes (`scheme:NAME`) and hosts (`host:NAME`), lower-cased.
    static func origins(_ app: AppModel) -> [String] {
        schemes(app).map { "scheme:" + $0.text } + hosts(app).map { "host:" + $0.host.text }
    }

    /// Origins compare lower-cased, as URLs do.
    static func schemes(_ app: AppModel) -> [(text: String, name: LocatedName)] {
        app.schemes.map { (app.text($0.value).lowercased(), $0) }
    }

    static func hosts(_ app: AppModel) -> [(host: HostName, name: LocatedName)] {
        app.hosts.compactMap { located in HostName(app.text(located.value), policy: .declared).map { ($0, located) } }
    }

    /// Walks two revisions' automata together; `counterpart` nil walks an app against itself,
    /// for the paths it opens.
    static func walk(_ before: AppModel, _ after: AppModel, counterpart: [Int?]?) -> Walked {
        let limit = PathChangeWalk.limit(routeCount: before.routes.count + after.routes.count)
        let built = (counterpart == nil ? [before] : [before, after]).concurrentMap { app in
            ClaimedSegments(app, spelling: .encoded, stateLimit: limit)
        }
        let (earlier, later) = (built[0], built[built.count - 1])
        // Positions in the automata are opening paths (`AppModel.openingPaths`); a route is told
        // by the position of its `path`, which comes before its aliases.
        func pathPositions(_ app: AppModel) -> (ofRoute: [Int: Int32], ofEach: [Int32]) {
            var ofRoute: [Int: Int32] = [:]
            var ofEach: [Int32] = []
            for (position, opening) in app.openingPaths.enumerated() {
                if !opening.isAlias { ofRoute[opening.route] = Int32(position) }
                ofEach.append(ofRoute[opening.route]!)
            }
            return (ofRoute, ofEach)
        }
        let positionsAfter = pathPositions(after)
        var mapped: [Int32] = []
        if let counterpart {
            for opening in before.openingPaths {
                mapped.append(counterpart[opening.route].flatMap { positionsAfter.ofRoute[$0] } ?? -1)
            }
        } else {
            mapped = positionsAfter.ofEach
        }
        return (
            PathChangeWalk(before: earlier, after: later, counterpart: mapped, routeAfter: positionsAfter.ofEach, limit: limit),
            earlier, later
        )
    }

    func compareLinks(_ before: AppModel, _ after: AppModel, _ counterparts: [Int?], into changes: inout RouteChanges) {
        let walked = Self.walk(before, after, counterpart: counterparts)
        let (walk, earlier, later) = walked
        if !walk.isComplete { changes.stopped(appName) }
        let schemesBefore = Self.schemes(before)
        let schemesAfter = Self.schemes(after)
        let hostsBefore = Self.hosts(before)
        let hostsAfter = Self.hosts(after)
        originsDropped(before, walked, schemes: schemesAfter.map(\.text), hosts: hostsAfter.map(\.host), into: &changes)
        originsAdded(after, walked, schemes: schemesBefore.map(\.text), hosts: hostsBefore.map(\.host), into: &changes)
        let scheme = schemesBefore.first { candidate in schemesAfter.contains { $0.text == candidate.text } }?.text
        let host = Self.commonHost(hostsBefore.map(\.host), hostsAfter.map(\.host))
        // Changes of one kind between the same routes, for the same cause, are one finding.
        var merged: [LinkKey: Int] = [:]
        var found: [RouteChanges.LinkChange] = []
        var relaxed = Set<[Int32]>()
        for (change, path) in walk.changes {
            let url: String
            switch change.origin {
            case .scheme:
                guard let scheme else { continue }
                url = Self.url(scheme: scheme, path)
            case .web:
                guard let host else { continue }
                url = Self.url(host: host, path)
            }
            guard
                let link = linkChange(
                    change, url: url, before: before, after: after, earlier: earlier, later: later, counterparts: counterparts)
            else { continue }
            let key = LinkKey(kind: link.kind, before: link.before, after: link.after, cause: link.cause)
            if let index = merged[key] {
                found[index].urls.append(url)
            } else {
                merged[key] = found.count
                found.append(link)
            }
            // A link to a screen that needs a signed-in user, redirected to one that does not.
            if change.before >= 0 && change.after >= 0 && relaxed.insert([change.before, change.after]).inserted {
                let from = earlier.routes[Int(change.before)]
                let to = later.routes[Int(change.after)]
                if from.requiresAuth?.value == true && to.requiresAuth?.value != true {
                    let (fromID, toID) = (before.text(from.id.value), after.text(to.id.value))
                    changes.add(
                        RouteChanges.AuthChange(
                            kind: .redirected(url: url, from: fromID, to: toID, related: link.related), range: to.id.range,
                            subjects: [.route(fromID), .route(toID)]))
                }
            }
        }
        for link in found { changes.add(link) }
    }

    /// The fact a difference of the walk makes.
    private func linkChange(
        _ change: PathChangeWalk.Change, url: String, before: AppModel, after: AppModel,
        earlier: ClaimedSegments, later: ClaimedSegments, counterparts: [Int?]
    ) -> RouteChanges.LinkChange? {
        let from = change.before >= 0 ? earlier.routes[Int(change.before)] : nil
        let to = change.after >= 0 ? later.routes[Int(change.after)] : nil
        let fromID = from.map { before.text($0.id.value) }
        let toID = to.map { after.text($0.id.value) }
        // The route of the earlier revision as it is now, when it still exists.
        let fromNow = from.flatMap { route in
            before.routePosition(route.id.value).flatMap { counterparts[$0] }.map { after.routes[$0] }
        }
        let quoted = { (id: String) in "'\(id)'" }
        if let from, let fromID {
            let declared =
                fromNow.map { [RelatedLocation($0.id.range, "route \(quoted(fromID)) is here now")] }
                ?? [RelatedLocation(locations.before(from.id.range), "route \(quoted(fromID)) was declared here")]
            if let to, let toID {
                return RouteChanges.LinkChange(
                    kind: .redirected, app: appName, urls: [url], before: fromID, after: toID, cause: nil, range: to.id.range,
                    related: declared)
            }
            if change.unclaimedAfter >= 0 {
                let hidden = later.routes[Int(change.unclaimedAfter)]
                let hiddenID = after.text(hidden.id.value)
                return RouteChanges.LinkChange(
                    kind: .removed, app: appName, urls: [url], before: fromID, after: nil,
                    cause: hidden.isInApp ? .inApp(route: hiddenID) : .unclaimedBy(route: hiddenID),
                    range: (hidden.isInApp ? hidden.inApp?.range : hidden.web?.range) ?? hidden.id.range, related: declared)
            }
            guard let fromNow else {
                return RouteChanges.LinkChange(
                    kind: .removed, app: appName, urls: [url], before: fromID, after: nil,
                    cause: .routeRemoved(route: fromID), range: locations.anchor(from.id.range), related: declared)
            }
            var cause =
                fromNow.path.map { path in
                    // The former path as an alias, where it can be one: it carries the
                    // parameters the path has now (`invalid-alias`).
                    let names = { (pattern: PathPattern, app: AppModel) in Set(pattern.parameterNames.map(app.text)) }
                    let former = from.path.flatMap { old in
                        names(old.value, before) == names(path.value, after) ? before.text(old.value.text) : nil
                    }
                    return RouteChanges.LinkCause.pathChanged(route: fromID, path: after.text(path.value.text), former: former)
                }
                ?? .pathRemoved(route: fromID)
            if let path = fromNow.path, let old = from.path, after.text(path.value.text) == before.text(old.value.text),
                !fromNow.params.isEmpty
            {
                // The same pattern: its parameters' types narrowed.
                let types = fromNow.params.map { CarriedValue(name: after.text($0.name.value), type: $0.type.type.valueType(after.text)) }
                cause = .typesNarrowed(route: fromID, types: types.map(\.description).joined(separator: ", "))
            }
            return RouteChanges.LinkChange(
                kind: .removed, app: appName, urls: [url], before: fromID, after: nil, cause: cause,
                range: fromNow.path?.range ?? fromNow.id.range, related: declared)
        }
        guard let to, let toID else { return nil }
        var cause: RouteChanges.LinkCause?
        if change.unclaimedBefore >= 0 {
            let hidden = earlier.routes[Int(change.unclaimedBefore)]
            let hiddenID = before.text(hidden.id.value)
            cause = hidden.isInApp ? .wasInApp(route: hiddenID) : .wasUnclaimedBy(route: hiddenID)
        }
        return RouteChanges.LinkChange(
            kind: .added, app: appName, urls: [url], before: nil, after: toID, cause: cause, range: to.id.range, related: [])
    }
}

/// What makes link changes one finding: their kind, routes and cause.
private struct LinkKey: Hashable {
    let kind: RouteChanges.LinkKind
    let before: String?
    let after: String?
    let cause: RouteChanges.LinkCause?
}
