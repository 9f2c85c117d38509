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
        var own = [Values](repeating: Values(), count: components.count)
        var isCyclic = [Bool](repeating: false, count: components.count)
        for index in 0..<components.count {
            let members = components.members(of: index)
            for member in members {
                own[index].formUnion(values[member])
                if (rowStarts[member]..<rowStarts[member + 1]).contains(where: { targets[$0] == member }) { isCyclic[index] = true }
            }
            if members.count > 1 { isCyclic[index] = true }
        }
        var above = [Values](repeating: Values(), count: components.count)
        // Tarjan's algorithm emits components sinks first: walk them in reverse, sources first.
        // Sets are shared rather than rebuilt wherever they flow on unchanged, so a large
        // tree under one observer costs no set per route.
        for index in (0..<components.count).reversed() {
            if isCyclic[index] { above[index].formUnion(own[index]) }
            let passedOn = own[index].isSubset(of: above[index]) ? above[index] : above[index].union(own[index])
            guard !passedOn.isEmpty else { continue }
            for member in components.members(of: index) {
                for edge in rowStarts[member]..<rowStarts[member + 1] where component[targets[edge]] != index {
                    let target = component[targets[edge]]
                    if above[target].isEmpty {
                        above[target] = passedOn
                    } else if !passedOn.isSubset(of: above[target]) {
                        above[target].formUnion(passedOn)
                    }
                }
            }
        }
        return (0..<vertexCount).map { above[component[$0]] }
    }

    /// The strongly connected components of the graph, in reverse topological order, their
    /// members end to end in one array.
    struct Components {
        /// The component of each vertex.
        var ofVertex: [Int]
        var membersInOrder: [Int] = []
        /// Where each component's members start in `membersInOrder`, and where the last ends.
        var starts: [Int] = [0]

        var count: Int { starts.count - 1 }

        func members(of component: Int) -> ArraySlice<Int> { membersInOrder[starts[component]..<starts[component + 1]] }
    }

    /// Tarjan's algorithm, iterative.
    func stronglyConnectedComponents() -> Components {
        let count = vertexCount
        var order = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components = Components(ofVertex: [Int](repeating: -1, count: count))
        var counter = 0
        var calls: [(vertex: Int, nextEdge: Int)] = []

        func visit(_ vertex: Int) {
            order[vertex] = counter
            lowLink[vertex] = counter
            counter += 1
            stack.append(vertex)
            onStack[vertex] = true
            calls.append((vertex, 0))
        }

        for root in 0..<count where order[root] == -1 {
            visit(root)
            while let (vertex, nextEdge) = calls.last {
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
                if let caller = calls.last { lowLink[caller.vertex] = min(lowLink[caller.vertex], lowLink[vertex]) }
                guard lowLink[vertex] == order[vertex] else { continue }
                let index = components.count
                while let member = stack.popLast() {
                    onStack[member] = false
                    components.ofVertex[member] = index
                    components.membersInOrder.append(member)
                    if member == vertex { break }
                }
                components.starts.append(components.membersInOrder.count)
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
