/// What opening a link does to the app's navigation state (docs/code-generation.md,
/// "Navigation plans"): the activity, the tab, the back stack from the tab's root, the routes
/// presented over it with what is pushed inside each, and whether sign-in comes first.
package struct NavigationPlan: Sendable, Equatable {
    /// A route on a stack, with the values of its parameters (decoded text): its path
    /// parameters in path order, then the query items it declares that the link carries.
    package struct Entry: Sendable, Equatable {
        package var route: String
        package var params: [(name: String, value: String)]

        package static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.route == rhs.route && lhs.params.elementsEqual(rhs.params) { $0 == $1 }
        }
    }

    /// A `sheet` or `fullscreen` route presented over the stack (or over the one before it),
    /// and the routes pushed inside it.
    package struct Presented: Sendable, Equatable {
        package var entry: Entry
        package var presentation: Presentation
        package var stacked: Bool
        package var stack: [Entry] = []
    }

    package var activity: String?
    package var tab: String?
    /// The tab's stack, its root first.
    package var stack: [Entry] = []
    /// Outermost first.
    package var presented: [Presented] = []
    package var requiresAuth = false
    /// The route the plan opens: the link's, or its fallback when a flag is off.
    package var route: String
}

/// Makes navigation plans for the routes of one app. The stack is a shortest path along
/// `links` from the tab's root (ties to the smaller sequence of route ids, compared id by id),
/// through routes whose parameters the link carries (by name and type), never pushing onto a
/// presented route that is not `stacked`; a route's `up` fixes the route just below it.
package struct NavigationPlanner: Sendable {
    private let app: AppModel
    private let nearestTab: [Symbol: Symbol]
    /// The search trees made so far, by tab root and the values a link carries (names and
    /// types, not the values): each route's parent on the way from the root, `unreached` for a
    /// route the search does not reach. Plans of links that share both share one search, so a
    /// planner decides the plans of every route of a set with a search per tab root and carried
    /// set, not per link; at most `maximumTrees` are kept.
    private var trees: [String: [Int32]] = [:]
    private static let maximumTrees = 64
    private static let unreached = Int32(-1)

    /// The planner of `app`; `nearestTab` is each route's tab (`URLResolver.nearestTabs`).
    package init(app: AppModel, nearestTab: [Symbol: Symbol]) {
        self.app = app
        self.nearestTab = nearestTab
    }

    /// A value the link carries: a path parameter or a declared query item, with its type as
    /// the manifest writes it.
    package struct Value: Sendable {
        package var name: String
        package var value: String
        package var type: String

        /// The value `value` of `name`, of the type the manifest writes as `type` (`int`, `[a, b]`).
        package init(name: String, value: String, type: String) {
            self.name = name
            self.value = value
            self.type = type
        }
    }

    /// Why no plan could be made.
    package enum Refusal: Error, Equatable, Sendable {
        /// The route's feature (named) is off and it has no fallback that is on.
        case featureOff(route: String, feature: String)
        /// The route the plan must hold (a fallback, a tab's root) needs a value the link does
        /// not carry: `parameter` as `name: type`.
        case missingValue(route: String, parameter: String)
    }

    /// The plan of opening `target` with `values`, in tab `requestedTab` when the link names a
    /// tab of the route's activity; `isOff` says which feature flags are off.
    package mutating func plan(
        _ target: Route, values: [Value], requestedTab: Symbol?, isOff: (String) -> Bool
    ) -> Result<NavigationPlan, Refusal> {
        // A route whose feature is off is replaced by its fallback, its values by name and type.
        var route = target
        var replaced = 0
        while let feature = route.feature.map({ app.text($0.value) }), isOff(feature) {
            guard replaced < app.routes.count, let fallback = route.fallback.flatMap({ app.route($0.value) }) else {
                return .failure(.featureOff(route: app.text(route.id.value), feature: feature))
            }
            route = fallback
            replaced += 1
        }
        let carried = CarriedValues(values)
        var plan = NavigationPlan(route: app.text(route.id.value))
        let activity = app.activity(of: route)
        plan.activity = activity.map(app.text)
        let tab: Symbol?
        if let requestedTab, app.tab(requestedTab)?.activity?.value == activity {
            tab = requestedTab
        } else {
            tab = nearestTab[route.id.value] ?? activity.flatMap { URLResolver.defaultTab(of: $0, in: app) }
        }
        plan.tab = tab.map(app.text)
        let targetPosition = app.routePosition(route.id.value)!
        let root = tab.flatMap { app.tab($0)?.root }.flatMap { app.routePosition($0.value) }
        var path = root.map { self.path(from: $0, to: targetPosition, carried: carried, depth: 0) } ?? [targetPosition]
        // A route whose feature is off is left out; the route opened stays.
        path = path.filter { position in
            position == targetPosition || !(app.routes[position].feature.map { isOff(app.text($0.value)) } ?? false)
        }
        for (index, position) in path.enumerated() {
            let step = app.routes[position]
            let entry: NavigationPlan.Entry
            switch self.entry(step, carried) {
            case .success(let made): entry = made
            case .failure(let missing): return .failure(missing)
            }
            if step.requiresAuth?.value == true { plan.requiresAuth = true }
            let presentation = step.effectivePresentation
            if index > 0 && presentation != .push {
                plan.presented.append(.init(entry: entry, presentation: presentation, stacked: step.isStacked))
            } else if plan.presented.isEmpty {
                plan.stack.append(entry)
            } else {
                plan.presented[plan.presented.count - 1].stack.append(entry)
            }
        }
        return .success(plan)
    }

    /// The values a link carries, by name (the first of a name), each in the canonical text of
    /// its type: an `int` without leading zeros, a `uuid` in lower case — as generated code holds
    /// a typed value and writes it back.
    private struct CarriedValues {
        var byName: [String: (value: String, type: String)] = [:]

        init(_ values: [Value]) {
            for value in values where byName[value.name] == nil {
                byName[value.name] = (Self.canonical(value.value, type: value.type), value.type)
            }
        }

        /// `text` as generated code writes a value of `type` back.
        static func canonical(_ text: String, type: String) -> String {
            switch type {
            case "int": return Int(text).map(String.init) ?? text
            case "uuid": return text.lowercased()
            default: return text
            }
        }

        /// What the values are as far as a search is concerned: the names and types carried.
        var key: String {
            byName.filter { !$0.value.value.isEmpty }.map { $0.key + "\u{1}" + $0.value.type }.sorted().joined(separator: "\u{0}")
        }

        /// The value named `name` when it is of `type` and not empty.
        func value(_ name: String, ofType type: String) -> String? {
            guard let carried = byName[name], carried.type == type, !carried.value.isEmpty else { return nil }
            return carried.value
        }
    }

    /// A route's entry on a stack: each path parameter the link's value of its name and type;
    /// each query item that value, else its default, else none when it is optional. A route
    /// needing a value it cannot have (a path parameter, a required item) has no entry: the
    /// value it misses, as `name: type`.
    private func entry(_ step: Route, _ carried: CarriedValues) -> Result<NavigationPlan.Entry, Refusal> {
        let id = app.text(step.id.value)
        var params: [(name: String, value: String)] = []
        for name in step.path?.value.parameterNames ?? [] {
            let text = app.text(name)
            let type = step.parameterType(name).description(app.text)
            guard let value = carried.value(text, ofType: type) else {
                return .failure(.missingValue(route: id, parameter: "\(text): \(type)"))
            }
            params.append((text, value))
        }
        for item in step.query {
            let name = app.text(item.name.value)
            guard !params.contains(where: { $0.name == name }) else { continue }
            let type = item.effectiveType.description(app.text)
            if let value = carried.value(name, ofType: type)
                ?? item.defaultValue.map({ CarriedValues.canonical(app.text($0.value), type: type) })
            {
                params.append((name, value))
            } else if item.isRequired {
                return .failure(.missingValue(route: id, parameter: "\(name): \(type)"))
            }
        }
        return .success(NavigationPlan.Entry(route: id, params: params))
    }

    /// The routes from `root` to `target`: through `target`'s `up` when it names a route that
    /// links to it and whose values the link carries, else a shortest path; the root and the
    /// target alone when none exists.
    private mutating func path(from root: Int, to target: Int, carried: CarriedValues, depth: Int) -> [Int] {
        if target == root { return [root] }
        if depth < app.routes.count, let up = app.routes[target].up.flatMap({ app.routePosition($0.value) }), up != target,
            app.linkGraph.successors(of: up).contains(target), up == root || carries(app.routes[up], carried)
        {
            return path(from: root, to: up, carried: carried, depth: depth + 1) + [target]
        }
        let parents = tree(from: root, carried: carried)
        guard parents[target] != Self.unreached else { return [root, target] }
        var path = [target]
        while let last = path.last, last != root { path.append(Int(parents[last])) }
        return path.reversed()
    }

    /// Whether a stack may hold `route`: the link carries each of its path parameters and each
    /// required query item without a default, by name and type.
    private func carries(_ route: Route, _ carried: CarriedValues) -> Bool {
        (route.path?.value.parameterNames ?? []).allSatisfy { name in
            carried.value(app.text(name), ofType: route.parameterType(name).description(app.text)) != nil
        }
            && route.query.allSatisfy { item in
                !item.isRequired || item.defaultValue != nil
                    || carried.value(app.text(item.name.value), ofType: item.effectiveType.description(app.text)) != nil
            }
    }

    /// The search tree from `root` through the routes whose values the link carries, never
    /// pushing onto a presented route that is not stacked: a breadth-first search by layers,
    /// each ranked by its paths' id sequences (the parent's rank, then the route's id), so the
    /// first parent found in rank order gives a route its smallest sequence. (The route a plan
    /// opens carries its own values: a tree without it is one without the others that carry
    /// none, and a fallback that carries none has no plan.)
    private mutating func tree(from root: Int, carried: CarriedValues) -> [Int32] {
        let key = "\(root)\u{2}" + carried.key
        if let known = trees[key] { return known }
        let graph = app.linkGraph
        var parent = [Int32](repeating: Self.unreached, count: app.routes.count)
        parent[root] = Int32(root)
        var carries = [Bool?](repeating: nil, count: app.routes.count)
        var layer = [root]
        while !layer.isEmpty {
            var next: [(parentRank: Int, id: String, position: Int)] = []
            for (rank, vertex) in layer.enumerated() {
                let from = app.routes[vertex]
                // A presented route that is not stacked holds no push: only another presented route.
                let holdsPushes = from.effectivePresentation == .push || from.isStacked || vertex == root
                for successor in graph.successors(of: vertex) where parent[successor] == Self.unreached {
                    let to = app.routes[successor]
                    guard holdsPushes || to.effectivePresentation != .push else { continue }
                    if carries[successor] == nil { carries[successor] = self.carries(to, carried) }
                    guard carries[successor]! else { continue }
                    parent[successor] = Int32(vertex)
                    next.append((rank, app.text(to.id.value), successor))
                }
            }
            layer = next.sorted { ($0.parentRank, $0.id) < ($1.parentRank, $1.id) }.map(\.position)
        }
        if trees.count >= Self.maximumTrees { trees.removeAll() }
        trees[key] = parent
        return parent
    }
}

/// Web and entry routes whose back stack no link can build (docs/code-generation.md,
/// "Navigation plans"): some path of `links` leads to the route from a tab root of its
/// activity, but every one passes a route whose parameter the route's URL does not carry.
///
/// One breadth-first search per activity and set of carried parameters, not one per route:
/// the routes that carry the same parameters share it. The searches stop at a budget of
/// `workLimit` visits (far beyond real sets, whose routes carry few distinct sets); the
/// routes not decided then are in `undecided`.
package struct StackBuildability: Sendable {
    /// A route no link can build a stack for.
    package struct Blocked: Sendable, Equatable {
        /// The route, by position in the app's routes.
        package var route: Int
        /// The shortest path to it from its activity's tab roots, ignoring parameters.
        package var path: [Int]
        /// The first route on `path` that needs a parameter the route does not carry, and
        /// that parameter (`name: type`).
        package var blocker: Int
        package var parameter: String
    }

    package private(set) var blocked: [Blocked] = []
    /// Routes that were not decided, the budget spent first (by position).
    package private(set) var undecided: [Int] = []

    /// The analysis of `app`.
    package init(_ app: AppModel, workLimit: Int? = nil) {
        let graph = app.linkGraph
        let limit = workLimit ?? 64 * (app.routes.count + graph.edgeCount) + 1_000_000
        var work = 0
        // A parameter by name and type, packed: the name's symbol, then its type's number among
        // the types written (0 for `string`, which untyped parameters are without a lookup).
        var typeNumbers: [String: UInt64] = ["string": 0]
        var typeNames = ["string"]
        func value(_ name: Symbol, _ type: DeclaredType?) -> UInt64 {
            var number: UInt64 = 0
            if let type, type != .string {
                let text = type.description(app.text)
                if let known = typeNumbers[text] {
                    number = known
                } else {
                    number = UInt64(typeNames.count)
                    typeNumbers[text] = number
                    typeNames.append(text)
                }
            }
            return UInt64(name.index) << 32 | number
        }
        // The values each route needs on a stack (its path parameters, its required query items
        // without a default), and those a link to it carries (ascending).
        let needs = app.routes.map { route in
            (route.path?.value.parameterNames ?? []).map { value($0, route.params.isEmpty ? nil : route.parameterType($0)) }
                + route.query.filter { $0.isRequired && $0.defaultValue == nil }.map { value($0.name.value, $0.effectiveType) }
        }
        let carried = app.routes.indices.map { position -> [UInt64] in
            let route = app.routes[position]
            if route.query.isEmpty && needs[position].count < 2 { return needs[position] }
            let required = route.query.filter(\.isRequired).map { value($0.name.value, $0.effectiveType) }
            return Array(Set(needs[position] + required)).sorted()
        }
        var rootsByActivity: [Symbol: [Int]] = [:]
        for tab in app.tabs {
            guard let activity = tab.activity?.value, let root = tab.root.flatMap({ app.routePosition($0.value) }) else { continue }
            if !(rootsByActivity[activity]?.contains(root) ?? false) { rootsByActivity[activity, default: []].append(root) }
        }
        // The routes to judge, by activity and carried set.
        var groups: [Symbol: [[UInt64]: [Int]]] = [:]
        for (position, route) in app.routes.enumerated() where route.isEntry || (route.path != nil && route.isWeb) {
            guard let activity = app.activity(of: route), let roots = rootsByActivity[activity], !roots.contains(position) else { continue }
            groups[activity, default: [:]][carried[position], default: []].append(position)
        }
        /// A breadth-first search from `roots` through the routes `allowed` admits, never
        /// pushing onto a presented route that is not stacked: each route's parent on a
        /// shortest path, `root` for a root, `unreached` for a route not reached.
        let (unreached, root) = (Int32(-2), Int32(-1))
        func search(from roots: [Int], allowed: (Int) -> Bool) -> [Int32] {
            var parent = [Int32](repeating: unreached, count: app.routes.count)
            for vertex in roots { parent[vertex] = root }
            var layer = roots
            work += app.routes.count
            while !layer.isEmpty && work <= limit {
                var next: [Int] = []
                for vertex in layer {
                    let from = app.routes[vertex]
                    let holdsPushes = from.effectivePresentation == .push || from.isStacked || parent[vertex] == root
                    for successor in graph.successors(of: vertex) where parent[successor] == unreached {
                        work += 1
                        guard holdsPushes || app.routes[successor].effectivePresentation != .push, allowed(successor) else { continue }
                        parent[successor] = Int32(vertex)
                        next.append(successor)
                    }
                }
                layer = next
            }
            return parent
        }
        for activity in groups.keys.sorted() {
            let roots = rootsByActivity[activity]!
            let free = search(from: roots) { _ in true }
            for set in groups[activity]!.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                // Sets are small and sorted: a route's needs are looked up by binary search.
                func holds(_ value: UInt64) -> Bool {
                    var (low, high) = (0, set.count)
                    while low < high {
                        let middle = (low + high) / 2
                        if set[middle] < value { low = middle + 1 } else { high = middle }
                    }
                    return low < set.count && set[low] == value
                }
                let targets = groups[activity]![set]!
                guard work <= limit else {
                    undecided += targets
                    continue
                }
                // Only routes some path reaches at all: the others are unreachable-route's.
                let reachable = targets.filter { free[$0] != unreached }
                guard !reachable.isEmpty else { continue }
                let bounded = search(from: roots) { needs[$0].allSatisfy(holds) }
                // A search the budget cut short decides nothing.
                guard work <= limit else {
                    undecided += reachable
                    continue
                }
                for target in reachable where bounded[target] == unreached {
                    var path = [target]
                    while free[path.last!] >= 0 { path.append(Int(free[path.last!])) }
                    path.reverse()
                    guard let blocker = path.dropLast().first(where: { !needs[$0].allSatisfy(holds) }) else { continue }
                    let parameter = needs[blocker].first { !holds($0) }!
                    let name = app.text(Symbol(index: UInt32(parameter >> 32)))
                    blocked.append(
                        Blocked(
                            route: target, path: path, blocker: blocker, parameter: "\(name): \(typeNames[Int(parameter & 0xFFFF_FFFF)])"))
                }
            }
        }
        blocked.sort { $0.route < $1.route }
        undecided.sort()
    }
}
