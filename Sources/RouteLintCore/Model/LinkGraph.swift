/// The routes of an app as a graph: an edge from each route to each route it `links` to
/// (links to undeclared routes are left out). Vertices are positions in `AppModel.routes`.
/// The edges are stored as compressed rows — every route's successors end to end in one
/// array — and every walk here keeps its own stack, so a link chain of any length is safe.
package struct LinkGraph: Sendable {
    /// The successors of vertex `v` are `targets[rowStarts[v]..<rowStarts[v + 1]]`.
    private var rowStarts: [Int] = [0]
    private var targets: [Int] = []

    init() {}

    init(routes: EntityList<Route>, names: [LocatedName], index: SymbolIndex) {
        rowStarts.reserveCapacity(routes.count + 1)
        for position in routes.indices {
            for link in names[routes[position].links.range] { if let target = index[link.value] { targets.append(target) } }
            rowStarts.append(targets.count)
        }
    }

    /// The number of routes, which are the vertices.
    package var vertexCount: Int { rowStarts.count - 1 }

    /// The number of links.
    package var edgeCount: Int { targets.count }

    /// The routes `vertex` links to.
    package func successors(of vertex: Int) -> ArraySlice<Int> { targets[rowStarts[vertex]..<rowStarts[vertex + 1]] }

    /// Whether each route can be reached from `roots` (roots included) by following links: the
    /// whole graph's answer, one flag a route (`breadthFirstSearch` keeps only what it reaches,
    /// with depths and the links it took).
    package func reachable(from roots: [Int]) -> [Bool] {
        var reached = [Bool](repeating: false, count: vertexCount)
        var pending: [Int] = []
        for root in roots where !reached[root] {
            reached[root] = true
            pending.append(root)
        }
        while let vertex = pending.popLast() {
            for next in successors(of: vertex) where !reached[next] {
                reached[next] = true
                pending.append(next)
            }
        }
        return reached
    }

    /// For each route, the union of `values` over every route from which a path of one or
    /// more links leads to it (the route itself only when it is on a cycle). Linear in the
    /// size of the graph times the size of the sets: strongly connected components are found
    /// once, then the sets flow along the condensed graph in topological order.
    package func unionOverAncestors(_ values: [Set<Int>]) -> [Set<Int>] { flowDown(values) }

    /// The same for sets of the numbers below 64, a word each: no set is allocated or shared,
    /// which is what the unobserved-context rule's few contexts cost in the usual app.
    package func unionOverAncestors(_ values: [SmallNumberSet]) -> [SmallNumberSet] { flowDown(values) }

    private func flowDown<Values: SetAlgebra>(_ values: [Values]) -> [Values] {
        let components = stronglyConnectedComponents()
        let component = components.ofVertex
        var above = [Values](repeating: Values(), count: components.count)
        // Tarjan's algorithm emits components sinks first: walk them in reverse, sources first.
        // Sets are shared rather than rebuilt wherever they flow on unchanged, so a large
        // tree under one observer costs no set per route.
        for index in (0..<components.count).reversed() {
            // The component's own values, which pass on to itself too when it is a cycle: more
            // than one member, or one that links to itself.
            let members = components.members(of: index)
            var own = Values()
            var isCyclic = members.count > 1
            for member in members.lazy.map(Int.init) {
                own.formUnion(values[member])
                if (rowStarts[member]..<rowStarts[member + 1]).contains(where: { targets[$0] == member }) { isCyclic = true }
            }
            if isCyclic { above[index].formUnion(own) }
            let passedOn = own.isSubset(of: above[index]) ? above[index] : above[index].union(own)
            guard !passedOn.isEmpty else { continue }
            for member in members.lazy.map(Int.init) {
                for edge in rowStarts[member]..<rowStarts[member + 1] where Int(component[targets[edge]]) != index {
                    let target = Int(component[targets[edge]])
                    if above[target].isEmpty {
                        above[target] = passedOn
                    } else if !passedOn.isSubset(of: above[target]) {
                        above[target].formUnion(passedOn)
                    }
                }
            }
        }
        return (0..<vertexCount).map { above[Int(component[$0])] }
    }

    /// The strongly connected components of the graph, in reverse topological order, their
    /// members end to end in one array. Numbers of four bytes: at 100,000 routes the walk's
    /// arrays of eight were a rule's largest memory.
    struct Components {
        /// The component of each vertex.
        var ofVertex: [Int32]
        var membersInOrder: [Int32] = []
        /// Where each component's members start in `membersInOrder`, and where the last ends.
        var starts: [Int32] = [0]

        var count: Int { starts.count - 1 }

        func members(of component: Int) -> ArraySlice<Int32> { membersInOrder[Int(starts[component])..<Int(starts[component + 1])] }
    }

    /// Tarjan's algorithm, iterative.
    func stronglyConnectedComponents() -> Components {
        let count = vertexCount
        var order = [Int32](repeating: -1, count: count)
        var lowLink = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int32] = []
        var components = Components(ofVertex: [Int32](repeating: -1, count: count))
        // Every vertex is a member once, and each component adds a start: both reserved whole.
        components.membersInOrder.reserveCapacity(count)
        components.starts.reserveCapacity(count + 1)
        var counter: Int32 = 0
        var calls: [(vertex: Int32, nextEdge: Int32)] = []

        func visit(_ vertex: Int) {
            order[vertex] = counter
            lowLink[vertex] = counter
            counter += 1
            stack.append(Int32(vertex))
            onStack[vertex] = true
            calls.append((Int32(vertex), 0))
        }

        for root in 0..<count where order[root] == -1 {
            visit(root)
            while let (vertex, nextEdge) = calls.last.map({ (Int($0.vertex), Int($0.nextEdge)) }) {
                // The edges read by position in `targets`: a slice of successors per step
                // retained and released the array, a tenth of the walk.
                let edge = rowStarts[vertex] + nextEdge
                if edge < rowStarts[vertex + 1] {
                    calls[calls.count - 1].nextEdge += 1
                    let next = targets[edge]
                    if order[next] == -1 {
                        visit(next)
                    } else if onStack[next] {
                        lowLink[vertex] = min(lowLink[vertex], order[next])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last.map({ Int($0.vertex) }) { lowLink[caller] = min(lowLink[caller], lowLink[vertex]) }
                guard lowLink[vertex] == order[vertex] else { continue }
                let index = Int32(components.count)
                while let member = stack.popLast() {
                    onStack[Int(member)] = false
                    components.ofVertex[Int(member)] = index
                    components.membersInOrder.append(member)
                    if Int(member) == vertex { break }
                }
                components.starts.append(Int32(components.membersInOrder.count))
            }
        }
        return components
    }

    /// A breadth-first search from `roots`: a route is entered when `enters` admits it (roots
    /// always are), and the search goes on from it when `expands` does. It keeps only the routes
    /// it reaches, so a search within one activity of thousands costs that activity alone.
    package func breadthFirstSearch(
        from roots: [Int], enters: (Int) -> Bool = { _ in true }, expands: (Int) -> Bool = { _ in true }
    ) -> Search {
        var search = Search()
        for root in roots where search.depth[root] == nil {
            search.depth[root] = 0
            search.order.append(root)
        }
        var head = 0
        while head < search.order.count {
            let vertex = search.order[head]
            head += 1
            guard expands(vertex) else { continue }
            for next in successors(of: vertex) where search.depth[next] == nil && enters(next) {
                search.depth[next] = search.depth[vertex]! + 1
                search.parent[next] = vertex
                search.order.append(next)
            }
        }
        return search
    }

    /// What a breadth-first search reached, and how.
    package struct Search: Sendable {
        /// The routes reached, in the order reached: the roots first.
        package fileprivate(set) var order: [Int] = []
        /// Each reached route's distance from the nearest root.
        package fileprivate(set) var depth: [Int: Int] = [:]
        /// The route each non-root was first reached from.
        package fileprivate(set) var parent: [Int: Int] = [:]

        /// The routes from a root to `vertex`, by the links the search first took.
        package func chain(to vertex: Int) -> [Int] {
            var chain = [vertex]
            while let up = parent[chain.last!] { chain.append(up) }
            return chain.reversed()
        }

        /// How many reached routes lie at each depth.
        package var depthHistogram: [Int] {
            var histogram: [Int] = []
            for value in depth.values {
                while histogram.count <= value { histogram.append(0) }
                histogram[value] += 1
            }
            return histogram
        }
    }
}

/// A set of the numbers 0 to 63 in one word.
package struct SmallNumberSet: OptionSet, Sendable {
    package let rawValue: UInt64

    /// The largest number a set holds, plus one.
    package static let capacity = 64

    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The set of `number` alone: an element, as an option set's elements are sets.
    package init(number: Int) {
        precondition(number >= 0 && number < Self.capacity, "a small number set holds 0 to 63")
        rawValue = 1 << UInt64(number)
    }
}
