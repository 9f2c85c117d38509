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

/// Makes navigation plans for the routes of one app, by the one stack search (`StackSearch`):
/// the tab the link names, else the tab of the route's activity whose root builds a stack in
/// the fewest links (ties to the smaller index), else the route's nearest tab with the
/// fallback stack; a route whose feature is off is replaced by its fallback first, and one
/// whose fallback needs a value the link does not carry has no plan.
package struct NavigationPlanner: Sendable {
    private let app: AppModel
    private let nearestTab: [Symbol: Symbol]
    private var search: StackSearch
    private let tabs: [Symbol: [(tab: Symbol, root: Int)]]

    /// The planner of `app`; `nearestTab` is each route's tab (`URLResolver.nearestTabs`).
    package init(app: AppModel, nearestTab: [Symbol: Symbol]) {
        self.app = app
        self.nearestTab = nearestTab
        search = StackSearch(app: app)
        tabs = StackSearch.tabsByIndex(of: app)
    }

    /// A value the link carries: a path parameter or a declared query item, with its type.
    package struct Value: Sendable {
        package var name: String
        package var value: String
        package var type: ValueType

        /// The value `value` of `name`, of `type`.
        package init(name: String, value: String, type: ValueType) {
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
        /// not carry.
        case missingValue(route: String, value: CarriedValue)
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
        let values = CarriedValues(values)
        let carried = search.carried(
            values.byName.filter { !$0.value.value.isEmpty }.map { CarriedValue(name: $0.key, type: $0.value.type) })
        let targetPosition = app.routePosition(route.id.value)!
        // A fallback that needs a value the link does not carry has no plan.
        if let missing = search.missingValue(of: targetPosition, in: carried) {
            return .failure(.missingValue(route: app.text(route.id.value), value: missing))
        }
        var plan = NavigationPlan(route: app.text(route.id.value))
        let activity = app.activity(of: route)
        plan.activity = activity.map(app.text)
        let tab: Symbol?
        var path: [Int]
        let model = app
        let rootOf = { (tab: Symbol) in model.tab(tab)?.root.flatMap { model.routePosition($0.value) } }
        if let requestedTab, app.tab(requestedTab)?.activity?.value == activity {
            tab = requestedTab
            let root = rootOf(requestedTab)
            path =
                root.map {
                    search.stack(from: $0, to: targetPosition, carried: carried)
                        ?? search.fallbackStack(from: $0, to: targetPosition, carried: carried)
                }
                ?? [targetPosition]
        } else if let activity, let chosen = search.tab(among: tabs[activity] ?? [], to: targetPosition, carried: carried) {
            tab = chosen.tab
            path = chosen.stack
        } else {
            tab = nearestTab[route.id.value] ?? activity.flatMap { URLResolver.defaultTab(of: $0, in: app) }
            path = tab.flatMap(rootOf).map { search.fallbackStack(from: $0, to: targetPosition, carried: carried) } ?? [targetPosition]
        }
        plan.tab = tab.map(app.text)
        // A route whose feature is off is left out; the route opened stays.
        path = path.filter { position in
            position == targetPosition || !(app.routes[position].feature.map { isOff(app.text($0.value)) } ?? false)
        }
        for (index, position) in path.enumerated() {
            let step = app.routes[position]
            let entry: NavigationPlan.Entry
            switch self.entry(step, values) {
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
        var byName: [String: (value: String, type: ValueType)] = [:]

        init(_ values: [Value]) {
            for value in values where byName[value.name] == nil {
                byName[value.name] = (value.type.canonical(value.value), value.type)
            }
        }

        /// The value named `name` when it is of `type` and not empty.
        func value(_ name: String, ofType type: ValueType) -> String? {
            guard let carried = byName[name], carried.type == type, !carried.value.isEmpty else { return nil }
            return carried.value
        }
    }

    /// A route's entry on a stack: each path parameter the link's value of its name and type;
    /// each query item that value, else its default, else none when it is optional. A route
    /// needing a value it cannot have (a path parameter, a required item) has no entry: the
    /// value it misses.
    private func entry(_ step: Route, _ carried: CarriedValues) -> Result<NavigationPlan.Entry, Refusal> {
        let id = app.text(step.id.value)
        var params: [(name: String, value: String)] = []
        for name in step.path?.value.parameterNames ?? [] {
            let text = app.text(name)
            let type = step.parameterType(name).valueType(app.text)
            guard let value = carried.value(text, ofType: type) else {
                return .failure(.missingValue(route: id, value: CarriedValue(name: text, type: type)))
            }
            params.append((text, value))
        }
        for item in step.query {
            let name = app.text(item.name.value)
            guard !params.contains(where: { $0.name == name }) else { continue }
            let type = item.effectiveType.valueType(app.text)
            if let value = carried.value(name, ofType: type) ?? item.defaultValue.map({ type.canonical(app.text($0.value)) }) {
                params.append((name, value))
            } else if item.isRequired {
                return .failure(.missingValue(route: id, value: CarriedValue(name: name, type: type)))
            }
        }
        return .success(NavigationPlan.Entry(route: id, params: params))
    }
}

/// Web and entry routes whose links get the fallback stack although a tab root leads to them
/// (docs/code-generation.md, "Navigation plans"): some path of `links` leads to the route from
/// a tab root of its activity, but no root's search of the rules (`StackSearch`) reaches it for
/// the values every link to it carries.
///
/// One search per tab root and set of carried values, not one per route: the routes that carry
/// the same values share them. The searches stop at a budget of `workLimit` visits (far beyond
/// real sets, whose routes carry few distinct sets); the routes not decided then are in
/// `undecided`.
package struct StackBuildability: Sendable {
    /// A route no link can build a stack for.
    package struct Blocked: Sendable, Equatable {
        /// The route, by position in the app's routes.
        package var route: Int
        /// The shortest path to it from its activity's tab roots along `links` alone.
        package var path: [Int]
        /// The first route on `path` a stack cannot hold there, and why.
        package var blocker: Int
        package var reason: Reason
    }

    /// Why a stack cannot hold a route where a path of links puts it.
    package enum Reason: Sendable, Equatable {
        /// It needs a value the link does not carry.
        case missingValue(CarriedValue)
        /// Its `up`, honoured, must stand below it, and no path of the rules leads there.
        case up(Int)
    }

    package private(set) var blocked: [Blocked] = []
    /// Routes that were not decided, the budget spent first (by position).
    package private(set) var undecided: [Int] = []

    /// The analysis of `app`.
    package init(_ app: AppModel, workLimit: Int? = nil) {
        var search = StackSearch(app: app)
        let limit = workLimit ?? 64 * (app.routes.count + app.linkGraph.edgeCount) + 1_000_000
        var work = 0
        let tabs = StackSearch.tabsByIndex(of: app)
        // The routes to judge, by activity and carried set. Routes come in runs of one activity
        // and one carried set, so the previous route's are compared before any table is
        // searched: hashing each route's group cost the rule a fifth of its time.
        var groups: [(group: Group, targets: [Int])] = []
        var groupIndex: [Group: Int] = [:]
        var previousGroup = -1
        var previousActivity: (activity: Symbol, tabs: [(tab: Symbol, root: Int)]?)?
        // Each field read where the list holds the route: `for … in` copies every route.
        let routes = app.routes
        for position in routes.indices where routes[position].isEntry || (routes[position].path != nil && routes[position].isWeb) {
            guard let activity = app.activity(ofRoute: position) else { continue }
            if previousActivity?.activity != activity { previousActivity = (activity, tabs[activity]) }
            guard let activityTabs = previousActivity?.tabs, !activityTabs.contains(where: { $0.root == position }) else { continue }
            let group = Group(activity: activity, carried: search.carriedByEveryLink(to: position))
            if previousGroup < 0 || groups[previousGroup].group != group {
                if let known = groupIndex[group] {
                    previousGroup = known
                } else {
                    previousGroup = groups.count
                    groupIndex[group] = previousGroup
                    groups.append((group, []))
                }
            }
            groups[previousGroup].targets.append(position)
        }
        groups.sort { $0.group < $1.group }
        var roots: [Int] = []
        var linked: [Int32] = []
        var activity: Symbol?
        for (group, targets) in groups {
            if group.activity != activity {
                activity = group.activity
                roots = Self.distinct(tabs[group.activity]!.map(\.root))
                work += app.routes.count
                linked = search.linkParents(from: roots)
            }
            guard work <= limit else {
                undecided += targets
                continue
            }
            // Only routes some path reaches at all: the others are unreachable-route's.
            let reachable = targets.filter { linked[$0] != -1 }
            guard !reachable.isEmpty else { continue }
            work += app.routes.count + app.linkGraph.edgeCount
            let carried = Array(group.carried)
            let built = search.reaches(from: roots, carried: carried)
            guard work <= limit else {
                undecided += reachable
                continue
            }
            for target in reachable where !built[target] {
                var path = [target]
                while linked[path.last!] >= 0 { path.append(Int(linked[path.last!])) }
                path.reverse()
                guard let (blocker, reason) = Self.blocker(on: path, carried: carried, search: search) else { continue }
                blocked.append(Blocked(route: target, path: path, blocker: blocker, reason: reason))
            }
        }
        blocked.sort { $0.route < $1.route }
        undecided.sort()
    }

    /// The first route of `path` (from a root) that a stack cannot hold there: one that needs
    /// a value `carried` lacks, or one whose honoured `up` is not the route before it.
    private static func blocker(on path: [Int], carried: [UInt64], search: StackSearch) -> (Int, Reason)? {
        for (index, position) in path.enumerated().dropFirst() {
            if let missing = search.missingValue(of: position, in: carried) {
                return (position, .missingValue(missing))
            }
            if let named = search.honouredUp(of: position, root: path[0], carried: carried), named != path[index - 1] {
                return (position, .up(named))
            }
        }
        return nil
    }

    /// Routes judged together: of one activity, and carrying the same values. Ordered by
    /// activity, then by carried set.
    private struct Group: Hashable, Comparable {
        let activity: Symbol
        let carried: ArraySlice<UInt64>

        static func < (lhs: Group, rhs: Group) -> Bool {
            lhs.activity != rhs.activity ? lhs.activity < rhs.activity : lhs.carried.lexicographicallyPrecedes(rhs.carried)
        }
    }

    /// `roots` without repeats, in order.
    private static func distinct(_ roots: [Int]) -> [Int] {
        var seen = Set<Int>()
        return roots.filter { seen.insert($0).inserted }
    }
}
