/// The one search behind every back stack of an app (docs/code-generation.md, "Navigation
/// plans"): `resolve --plan`, the lint rules of plans (`unbuildable-stack`, `unusable-up`) and
/// the audit ask it, and the generated runtimes transcribe it.
///
/// From a tab's root along `links`, a breadth-first search by layers, each ranked by its paths'
/// id sequences, so that the stack is one of the fewest links and of those the smallest sequence
/// of ids (compared id by id). A route enters only when the link carries its values (by name
/// and type); a presented route that is not `stacked` holds no push; and a route whose `up` is
/// honoured — it names a route that links to it and that is the root or whose values the link
/// carries — is entered from its `up` only, so every route of the stack has its `up` below it.
///
/// What a link carries is a set of values by name and type, not the values: searches are kept
/// by root and carried set, so one search serves every link of that set.
package struct StackSearch: Sendable {
    private let app: AppModel
    /// What each route needs of a link to stand on a stack: its path parameters and its required
    /// query items without a default, each packed (`PackedValues`), ascending.
    private let needs: ValueSets
    /// For a route with query items, what a link to it carries whatever its URL (its needs and
    /// its required query items, with a default or not) and every value such a link may carry
    /// (its path parameters and all the query items it declares), both ascending, numbered by
    /// `queryRoute`. For a route without, both are its needs: its path parameters.
    private let ownValues: ValueSets
    private let possibleValues: ValueSets
    /// Each route's number among the routes with query items, or -1: most routes have none,
    /// and three sets for each of them were most of the search's memory at 100,000 routes.
    private let queryRoute: [Int32]
    /// For each route, the route its `up` names when that route links to it (and is not itself).
    private let up: [Int32]
    /// Whether each route is pushed (its presentation is `push`).
    private let isPushed: [Bool]
    /// Whether each route holds pushes above it: it is pushed, or presented and `stacked`.
    private let holdsPushes: [Bool]
    /// The number of each type a route of the app declares.
    private let typeNumbers: [ValueType: UInt64]
    /// Each type, by number.
    private let types: [ValueType]
    /// The searches made so far, by root and carried set: each route's parent, `unreached` for
    /// a route the search does not reach. At most `maximumTrees` are kept.
    private var trees: [TreeKey: [Int32]] = [:]
    private static let maximumTrees = 64
    private static let unreached = Int32(-1)

    private struct TreeKey: Hashable {
        let root: Int
        let carried: [UInt64]
    }

    /// Sets of packed values, one per route (or per route with query items), end to end in one
    /// array: three arrays for each of 10,000 routes cost the search more to make and free than
    /// the searches themselves.
    private struct ValueSets: Sendable {
        private var values: [UInt64] = []
        /// Where each route's set ends in `values`; it starts where the previous one ends.
        private var ends: [Int32] = []

        init(capacity: Int) { ends.reserveCapacity(capacity) }

        /// The number of sets.
        var count: Int { ends.count }

        /// The set at `position`, ascending.
        subscript(position: Int) -> ArraySlice<UInt64> {
            values[(position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])]
        }

        /// Adds the next route's set, `sorted` ascending and without repeats. Value by value: a
        /// route's set has a value or two, and `append(contentsOf:)` cost a set ten times that.
        mutating func append(sorted: some Collection<UInt64>) {
            for value in sorted { values.append(value) }
            ends.append(Int32(values.count))
        }

        /// Adds the next route's set, made of `unsorted` (which it sorts): sorted in place and
        /// its repeats skipped, where a `Set` made and sorted a route cost the typed routes'
        /// searches a third of their time.
        mutating func append(unsorted: inout [UInt64]) {
            unsorted.sort()
            for (offset, value) in unsorted.enumerated() where offset == 0 || unsorted[offset - 1] != value {
                values.append(value)
            }
            ends.append(Int32(values.count))
        }
    }

    /// Values by name and type, packed: the name's symbol, then its type's number among the
    /// types written (0 for `string`, which untyped parameters are without a lookup).
    private struct PackedValues {
        var typeNumbers: [ValueType: UInt64] = [.string: 0]
        var types: [ValueType] = [.string]

        mutating func value(_ name: Symbol, _ declared: DeclaredType?, in app: AppModel) -> UInt64 {
            var number: UInt64 = 0
            if let declared, declared != .string {
                let type = declared.valueType(app.text)
                if let known = typeNumbers[type] {
                    number = known
                } else {
                    number = UInt64(types.count)
                    typeNumbers[type] = number
                    types.append(type)
                }
            }
            return UInt64(name.index) << 32 | number
        }
    }

    /// The search of `app`'s stacks.
    package init(app: AppModel) {
        self.app = app
        var packed = PackedValues()
        var needs = ValueSets(capacity: app.routes.count)
        var ownValues = ValueSets(capacity: 0)
        var possibleValues = ValueSets(capacity: 0)
        var queryRoute: [Int32] = []
        queryRoute.reserveCapacity(app.routes.count)
        var up: [Int32] = []
        var isPushed: [Bool] = []
        var holdsPushes: [Bool] = []
        up.reserveCapacity(app.routes.count)
        isPushed.reserveCapacity(app.routes.count)
        holdsPushes.reserveCapacity(app.routes.count)
        var parameters: [UInt64] = []
        var routeNeeds: [UInt64] = []
        // A route's query items packed, and the sets made of them, reused from route to route.
        var queryValues: [UInt64] = []
        var values: [UInt64] = []
        // Each field read where the list holds the route: `for … in` copies every route.
        let routes = app.routes
        for position in routes.indices {
            let hasParams = !routes[position].params.isEmpty
            parameters.removeAll(keepingCapacity: true)
            if let path = routes[position].path {
                for case .parameter(let name) in path.value.segments {
                    parameters.append(packed.value(name, hasParams ? routes[position].parameterType(name) : nil, in: app))
                }
            }
            let query = routes[position].query
            if query.isEmpty {
                // The usual route: its path parameters are all it needs and all a link carries.
                if parameters.count > 1 { parameters.sort() }
                needs.append(sorted: parameters)
                queryRoute.append(-1)
            } else {
                queryRoute.append(Int32(ownValues.count))
                routeNeeds.removeAll(keepingCapacity: true)
                routeNeeds.append(contentsOf: parameters)
                queryValues.removeAll(keepingCapacity: true)
                for item in query {
                    let value = packed.value(item.name.value, item.effectiveType, in: app)
                    queryValues.append(value)
                    if item.isRequired && item.defaultValue == nil { routeNeeds.append(value) }
                }
                if routeNeeds.count > 1 { routeNeeds.sort() }
                needs.append(sorted: routeNeeds)
                values.removeAll(keepingCapacity: true)
                values.append(contentsOf: routeNeeds)
                for (item, value) in zip(query, queryValues) where item.isRequired { values.append(value) }
                ownValues.append(unsorted: &values)
                values.removeAll(keepingCapacity: true)
                values.append(contentsOf: parameters)
                values.append(contentsOf: queryValues)
                possibleValues.append(unsorted: &values)
            }
            if let upPosition = routes[position].up.flatMap({ app.routePosition($0.value) }), upPosition != position,
                app.linkGraph.successors(of: upPosition).contains(position)
            {
                up.append(Int32(upPosition))
            } else {
                up.append(-1)
            }
            let presentation = routes[position].effectivePresentation
            isPushed.append(presentation == .push)
            holdsPushes.append(presentation == .push || routes[position].isStacked)
        }
        self.needs = needs
        self.ownValues = ownValues
        self.possibleValues = possibleValues
        self.queryRoute = queryRoute
        self.up = up
        self.isPushed = isPushed
        self.holdsPushes = holdsPushes
        self.typeNumbers = packed.typeNumbers
        self.types = packed.types
    }

    // MARK: - What a link carries

    /// The values a link carries, by name and type, as the search keys them: a name or a type
    /// no route of the app needs cannot matter, and is left out.
    package func carried(_ values: [CarriedValue]) -> [UInt64] {
        var packed: [UInt64] = []
        for value in values {
            guard let name = app.symbols.lookup(value.name), let type = typeNumbers[value.type] else { continue }
            packed.append(UInt64(name.index) << 32 | type)
        }
        return Array(Set(packed)).sorted()
    }

    /// What every link to the route at `position` carries: its path parameters and its required
    /// query items.
    package func carriedByEveryLink(to position: Int) -> ArraySlice<UInt64> {
        let number = Int(queryRoute[position])
        return number < 0 ? needs[position] : ownValues[number]
    }

    /// Every value a link to the route at `position` may carry: its path parameters and the
    /// query items it declares.
    private func valuesALinkMayCarry(to position: Int) -> ArraySlice<UInt64> {
        let number = Int(queryRoute[position])
        return number < 0 ? needs[position] : possibleValues[number]
    }

    /// Whether a stack may hold the route at `position` for a link carrying `carried`.
    package func carries(_ position: Int, _ carried: [UInt64]) -> Bool {
        needs[position].allSatisfy { Self.holds(carried, $0) }
    }

    /// A value of `needs` that `carried` lacks; nil when it lacks none.
    package func missingValue(of position: Int, in carried: [UInt64]) -> CarriedValue? {
        needs[position].first { !Self.holds(carried, $0) }.map(unpacked)
    }

    /// The name and type of a packed value.
    private func unpacked(_ value: UInt64) -> CarriedValue {
        CarriedValue(name: app.text(Symbol(index: UInt32(value >> 32))), type: types[Int(value & 0xFFFF_FFFF)])
    }

    /// Whether the sorted `set` holds `value`: sets are small, searched by halves.
    private static func holds(_ set: some RandomAccessCollection<UInt64>, _ value: UInt64) -> Bool {
        var (low, high) = (set.startIndex, set.endIndex)
        while low < high {
            let middle = set.index(low, offsetBy: set.distance(from: low, to: high) / 2)
            if set[middle] < value { low = set.index(after: middle) } else { high = middle }
        }
        return low < set.endIndex && set[low] == value
    }

    // MARK: - `up`

    /// The route the `up` of the route at `position` names when a link carrying `carried` from
    /// the tab whose root is `root` honours it: it links to the route, and it is the root or the
    /// link carries its values.
    package func honouredUp(of position: Int, root: Int, carried: [UInt64]) -> Int? {
        let named = Int(up[position])
        guard named >= 0, named == root || carries(named, carried) else { return nil }
        return named
    }

    /// For a route whose `up` names a route that links to it: a value that route needs and that
    /// no link to the route can carry (neither a path parameter nor a query item it declares),
    /// when the `up` is not the root of a tab of the route's activity — an `up` no link can
    /// honour; nil otherwise.
    package func valueNoLinkCarries(forUpOf position: Int, roots: Set<Int>) -> (up: Int, value: CarriedValue)? {
        let named = Int(up[position])
        guard named >= 0, !roots.contains(named),
            let missing = needs[named].first(where: { !Self.holds(valuesALinkMayCarry(to: position), $0) })
        else { return nil }
        return (named, unpacked(missing))
    }

    // MARK: - Stacks

    /// The routes from `root` to `target` for a link carrying `carried`; nil when no path of the
    /// rules leads there.
    package mutating func stack(from root: Int, to target: Int, carried: [UInt64]) -> [Int]? {
        if target == root { return [root] }
        let parents = tree(from: [root], carried: carried, ranked: true)
        guard parents[target] != Self.unreached else { return nil }
        var path = [target]
        while let last = path.last, last != root { path.append(Int(parents[last])) }
        return path.reversed()
    }

    /// The stack when no path from `root` leads to `target`: the stack to the target's honoured
    /// `up` (or the root and that `up`) and the target; else the root and the target.
    package mutating func fallbackStack(from root: Int, to target: Int, carried: [UInt64]) -> [Int] {
        if target == root { return [root] }
        guard let named = honouredUp(of: target, root: root, carried: carried) else { return [root, target] }
        return (stack(from: root, to: named, carried: carried) ?? [root, named]) + [target]
    }

    /// The search along `links` alone from every route of `roots`, values and `up` aside (a
    /// presented route that is not stacked still holds no push): each route's parent on a path
    /// of the fewest links, -2 for a root, `unreached` for a route no root leads to. What lint
    /// compares the rules' search with: a route this reaches and the rules do not has a stack
    /// only a fallback gives.
    package func linkParents(from roots: [Int]) -> [Int32] {
        let graph = app.linkGraph
        var parent = [Int32](repeating: Self.unreached, count: app.routes.count)
        for vertex in roots { parent[vertex] = -2 }
        var layer = roots
        while !layer.isEmpty {
            var next: [Int] = []
            for vertex in layer {
                let holdsPushes = holdsPushes[vertex] || parent[vertex] == -2
                for successor in graph.successors(of: vertex) where parent[successor] == Self.unreached {
                    guard holdsPushes || !isPushed[successor] else { continue }
                    parent[successor] = Int32(vertex)
                    next.append(successor)
                }
            }
            layer = next
        }
        return parent
    }

    /// Whether a search from some route of `roots` reaches each route, for a link carrying
    /// `carried`: the union of each root's search, made as one when every root stands for such
    /// a link (needs nothing it lacks) — then a route's `up` is honoured from any root alike.
    package mutating func reaches(from roots: [Int], carried: [UInt64]) -> [Bool] {
        guard roots.allSatisfy({ carries($0, carried) }) else {
            var reached = [Bool](repeating: false, count: app.routes.count)
            for root in roots {
                for (position, parent) in tree(from: [root], carried: carried, ranked: false).enumerated() where parent != Self.unreached {
                    reached[position] = true
                }
            }
            return reached
        }
        return tree(from: roots, carried: carried, ranked: false).map { $0 != Self.unreached }
    }

    /// The search from `roots`: each route's parent. `ranked` orders each layer by its paths'
    /// id sequences, which chooses among stacks of the fewest links; reachability needs no
    /// order. With several roots, a route's `up` is honoured when the link carries its values.
    private mutating func tree(from roots: [Int], carried: [UInt64], ranked: Bool) -> [Int32] {
        let key = TreeKey(root: roots[0], carried: carried)
        if ranked, roots.count == 1, let known = trees[key] { return known }
        let parent = search(from: roots, carried: carried, ranked: ranked)
        if ranked && roots.count == 1 {
            if trees.count >= Self.maximumTrees { trees.removeAll() }
            trees[key] = parent
        }
        return parent
    }

    /// The search `tree` caches. Not mutating, so that the checks it makes of each successor
    /// read the search in place: from a mutating method, each check's call copied the search
    /// whole (424 bytes).
    private func search(from roots: [Int], carried: [UInt64], ranked: Bool) -> [Int32] {
        let graph = app.linkGraph
        var parent = [Int32](repeating: Self.unreached, count: app.routes.count)
        for root in roots { parent[root] = Int32(root) }
        var allowed = [Bool?](repeating: nil, count: app.routes.count)
        var layer = roots
        while !layer.isEmpty {
            var next: [(parentRank: Int, position: Int)] = []
            for (rank, vertex) in layer.enumerated() {
                // A presented route that is not stacked holds no push: only another presented route.
                let holdsPushes = holdsPushes[vertex] || parent[vertex] == Int32(vertex)
                for successor in graph.successors(of: vertex) where parent[successor] == Self.unreached {
                    guard holdsPushes || !isPushed[successor] else { continue }
                    if allowed[successor] == nil { allowed[successor] = carries(successor, carried) }
                    guard allowed[successor]! else { continue }
                    // A route whose `up` is honoured stands on its `up`, whatever else links to it.
                    if let named = honouredUp(of: successor, root: roots[0], carried: carried), named != vertex { continue }
                    parent[successor] = Int32(vertex)
                    next.append((rank, successor))
                }
            }
            if ranked {
                // Within a layer, by the parent's rank, then the route's id: the smallest sequence first.
                next.sort { lhs, rhs in
                    lhs.parentRank != rhs.parentRank
                        ? lhs.parentRank < rhs.parentRank
                        : app.text(app.routes[lhs.position].id.value) < app.text(app.routes[rhs.position].id.value)
                }
            }
            layer = next.map(\.position)
        }
        return parent
    }

    // MARK: - Tabs

    /// The tabs of each activity, by index (then declaration), with the position of each root.
    package static func tabsByIndex(of app: AppModel) -> [Symbol: [(tab: Symbol, root: Int)]] {
        var tabs: [Symbol: [(tab: Symbol, root: Int, index: Int, order: Int)]] = [:]
        for (order, tab) in app.tabs.enumerated() {
            guard let activity = tab.activity?.value, let root = tab.root.flatMap({ app.routePosition($0.value) }) else { continue }
            tabs[activity, default: []].append((tab.name.value, root, tab.index?.value ?? .max, order))
        }
        return tabs.mapValues { list in list.sorted { ($0.index, $0.order) < ($1.index, $1.order) }.map { ($0.tab, $0.root) } }
    }

    /// Of `tabs` (by index), the one whose root builds a stack to `target` for a link carrying
    /// `carried` in the fewest links (ties to the smaller index), with that stack; nil when none
    /// builds one.
    package mutating func tab(
        among tabs: [(tab: Symbol, root: Int)], to target: Int, carried: [UInt64]
    ) -> (tab: Symbol, stack: [Int])? {
        var best: (tab: Symbol, stack: [Int])?
        for candidate in tabs {
            guard let stack = stack(from: candidate.root, to: target, carried: carried) else { continue }
            if best == nil || stack.count < best!.stack.count { best = (candidate.tab, stack) }
        }
        return best
    }
}
