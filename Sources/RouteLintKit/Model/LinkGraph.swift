/// The routes of an app as a graph: an edge from each route to each route it `links` to
/// (links to undeclared routes are left out). Vertices are positions in `AppModel.routes`.
/// Every walk here keeps its own stack, so a link chain of any length is safe.
public struct LinkGraph: Sendable {
    public let successors: [[Int]]

    init(successors: [[Int]]) {
        self.successors = successors
    }

    init(routes: [Route], index: SymbolIndex) {
        successors = routes.map { route in route.links.compactMap { index[$0.value] } }
    }

    /// Whether each route can be reached from `roots` (roots included) by following links.
    public func reachable(from roots: [Int]) -> [Bool] {
        var reached = [Bool](repeating: false, count: successors.count)
        var pending: [Int] = []
        for root in roots where !reached[root] {
            reached[root] = true
            pending.append(root)
        }
        while let vertex = pending.popLast() {
            for next in successors[vertex] where !reached[next] {
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
    public func unionOverAncestors(_ values: [Set<Int>]) -> [Set<Int>] {
        let (component, components) = stronglyConnectedComponents()
        var own = [Set<Int>](repeating: [], count: components.count)
        var isCyclic = [Bool](repeating: false, count: components.count)
        for (index, members) in components.enumerated() {
            for member in members {
                own[index].formUnion(values[member])
                if successors[member].contains(member) { isCyclic[index] = true }
            }
            if members.count > 1 { isCyclic[index] = true }
        }
        var above = [Set<Int>](repeating: [], count: components.count)
        // Tarjan's algorithm emits components sinks first: walk them in reverse, sources first.
        // Sets are shared rather than rebuilt wherever they flow on unchanged, so a large
        // tree under one observer costs no set per route.
        for index in components.indices.reversed() {
            if isCyclic[index] { above[index].formUnion(own[index]) }
            let passedOn = own[index].isSubset(of: above[index]) ? above[index] : above[index].union(own[index])
            guard !passedOn.isEmpty else { continue }
            for member in components[index] {
                for next in successors[member] where component[next] != index {
                    let target = component[next]
                    if above[target].isEmpty {
                        above[target] = passedOn
                    } else if !passedOn.isSubset(of: above[target]) {
                        above[target].formUnion(passedOn)
                    }
                }
            }
        }
        return successors.indices.map { above[component[$0]] }
    }

    /// Tarjan's algorithm, iterative. Returns each vertex's component and the components'
    /// members, components in reverse topological order.
    func stronglyConnectedComponents() -> (component: [Int], components: [[Int]]) {
        let count = successors.count
        var order = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var component = [Int](repeating: -1, count: count)
        var components: [[Int]] = []
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
                if nextEdge < successors[vertex].count {
                    calls[calls.count - 1].nextEdge += 1
                    let next = successors[vertex][nextEdge]
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
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = components.count
                    members.append(member)
                    if member == vertex { break }
                }
                components.append(members)
            }
        }
        return (component, components)
    }
}
