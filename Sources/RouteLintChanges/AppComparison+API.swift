import RouteLintCore

/// The generated code's surface: routes removed or renamed, path and holder parameters,
/// entities and apps gone.
extension AppComparison {
    /// For each route of `before`, the route of `after` that it is: same id, else renamed (the
    /// only route gone and the only route new with its pattern up to parameter names).
    static func counterparts(_ before: AppModel, _ after: AppModel) -> (routes: [Int?], renamed: Set<Int>) {
        var counterparts: [Int?] = before.routes.map { route in
            after.route(named: before.text(route.id.value)).flatMap { found in
                after.routePosition(found.id.value)
            }
        }
        let taken = Set(counterparts.compactMap { $0 })
        func shapes(_ app: AppModel, _ positions: [Int]) -> [String: [Int]] {
            var byShape: [String: [Int]] = [:]
            for position in positions {
                guard let pattern = app.routes[position].path?.value else { continue }
                byShape[shape(of: pattern, in: app), default: []].append(position)
            }
            return byShape
        }
        let gone = shapes(before, before.routes.indices.filter { counterparts[$0] == nil })
        let new = shapes(after, after.routes.indices.filter { !taken.contains($0) })
        var renamed = Set<Int>()
        for (shape, positions) in gone where positions.count == 1 {
            guard let candidates = new[shape], candidates.count == 1 else { continue }
            counterparts[positions[0]] = candidates[0]
            renamed.insert(positions[0])
        }
        return (counterparts, renamed)
    }

    /// A pattern with its parameter names left out: what its URLs depend on.
    private static func shape(of pattern: PathPattern, in app: AppModel) -> String {
        pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let symbol): return "/" + app.text(symbol)
            case .parameter, .wildcard: return "/:"
            case .rest: return "/**"
            }
        }.joined()
    }

    func compareAPI(
        _ before: AppModel, _ after: AppModel, _ matched: (routes: [Int?], renamed: Set<Int>), into changes: inout RouteChanges
    ) {
        let (counterparts, renamed) = matched
        // Made when some route's values changed: most diffs change none.
        var resolvers: (before: URLResolver, after: URLResolver)?
        for (position, route) in before.routes.enumerated() {
            let id = before.text(route.id.value)
            guard let match = counterparts[position] else {
                changes.add(
                    RouteChanges.APIChange(
                        kind: .routeRemoved(id: id), range: locations.anchor(route.id.range),
                        earlier: locations.before(route.id.range), subjects: [.route(id)]))
                continue
            }
            let now = after.routes[match]
            let newID = after.text(now.id.value)
            if renamed.contains(position) {
                changes.add(
                    RouteChanges.APIChange(
                        kind: .routeRenamed(id: id, to: newID), range: now.id.range, earlier: locations.before(route.id.range),
                        subjects: [.route(id), .route(newID)]))
            }
            let parameters = (route.path?.value.parameterNames ?? []).map(before.text)
            let newParameters = (now.path?.value.parameterNames ?? []).map(after.text)
            if parameters != newParameters {
                changes.add(
                    RouteChanges.APIChange(
                        kind: .pathParameters(
                            route: newID, now: newParameters, before: parameters, earlier: route.path.map { locations.before($0.range) }),
                        range: now.path?.range ?? now.id.range, earlier: nil,
                        subjects: [.route(newID)] + newParameters.map { FindingSubject(.parameter, $0) }))
            }
            let values = Self.valueChanges(route, in: before, now, in: after)
            if let first = values.first {
                if resolvers == nil { resolvers = (URLResolver(apps: [before]), URLResolver(apps: [after])) }
                let witness = Self.narrowingWitness(route, in: before, now, in: after, resolvers: resolvers!)
                changes.add(
                    RouteChanges.APIChange(
                        kind: .values(route: newID, changes: values.map(\.0), witness: witness), range: first.1, earlier: nil,
                        subjects: [.route(newID)], witnesses: witness.map { [$0] } ?? []))
            }
            if route.requiresAuth?.value == true && now.requiresAuth?.value != true {
                changes.add(
                    RouteChanges.AuthChange(
                        kind: .dropped(route: newID, earlier: locations.before(route.requiresAuth!.range)),
                        range: now.requiresAuth?.range ?? now.id.range, subjects: [.route(newID)]))
            }
        }
        compareEntities(before.activities.map(\.name), after, kind: .activity, into: &changes) { after.activity($0) != nil }
        compareEntities(before.tabs.map(\.name), after, kind: .tab, into: &changes) { after.tab($0) != nil }
        compareEntities(before.holders.map(\.name), after, kind: .holder, into: &changes) { after.holder($0) != nil }
        for holder in before.holders {
            let name = before.text(holder.name.value)
            guard let symbol = after.symbols.lookup(name), let now = after.holder(symbol) else { continue }
            let params = before.names(holder.params).map { before.text($0.value) }
            let newParams = after.names(now.params).map { after.text($0.value) }
            guard params != newParams else { continue }
            changes.add(
                RouteChanges.APIChange(
                    kind: .holderParams(holder: name, now: newParams, before: params), range: now.name.range,
                    earlier: locations.before(holder.name.range),
                    subjects: [.holder(name)] + newParams.map { FindingSubject(.parameter, $0) }))
        }
    }

    /// Reports each of `names` (of `before`) that `after` no longer declares.
    private func compareEntities(
        _ names: [LocatedName], _ after: AppModel, kind: EntityKind, into changes: inout RouteChanges, isKept: (Symbol) -> Bool
    ) {
        guard let before else { return }
        for name in names {
            let text = before.text(name.value)
            if let symbol = after.symbols.lookup(text), isKept(symbol) { continue }
            changes.add(
                RouteChanges.APIChange(
                    kind: .entityRemoved(kind, text), range: locations.anchor(name.range), earlier: locations.before(name.range),
                    subjects: [.entity(kind, text)]))
        }
    }

    func appRemoved(_ before: AppModel, into changes: inout RouteChanges) {
        let range = before.name?.range ?? SourceRange.fileStart(before.files[0].id)
        changes.add(
            RouteChanges.APIChange(
                kind: .appRemoved(app: appName, routes: before.routes.count), range: locations.anchor(range),
                earlier: locations.before(range), subjects: [FindingSubject(.value, appName)]))
        let walk = Self.walk(before, before, counterpart: nil)
        originsDropped(before, walk, schemes: [], hosts: [], into: &changes)
    }
}
