/// The literal beginnings of a list of matchers (path attributes, AASA components) as a trie:
/// for each matcher, the units it takes one by one where exactly one unit keeps it alive and it
/// does not match yet, and its state after them, at the node where they end. A walk of the
/// trie stands for every matcher still inside its beginning.
struct LiteralTrie {
    /// A matcher that leaves the trie at a node, with its state there.
    struct Exit {
        let matcher: Int32
        let state: Int64
    }

    /// Per node, the range of `edgeUnits`/`edgeTargets` that holds its children, sorted by unit.
    private var childRanges: [Range<Int32>] = []
    private var edgeUnits: [UInt16] = []
    private var edgeTargets: [Int32] = []
    /// Per node, the range of `exitList` that ends there, by matcher.
    private var exitRanges: [Range<Int32>] = []
    private var exitList: [Exit] = []
    /// Per node, the least matcher that leaves the trie below it (not at it).
    private var leastBelow: [Int32] = []

    /// The trie of `beginnings`: each matcher's literal units and its state after them.
    init(_ beginnings: [(units: [UInt16], exit: Exit)]) {
        // Sorted by text, a trie is built depth first: each beginning shares its longest common
        // prefix with the one before, and each node's children are made in the order of their
        // units. Nodes are made as a parent and a unit each, and turned into compressed rows
        // after: no list of children or exits per node.
        let order = beginnings.indices.sorted {
            let (left, right) = (beginnings[$0].units, beginnings[$1].units)
            return left.lexicographicallyPrecedes(right) || (left == right && $0 < $1)
        }
        var parents: [Int32] = [-1]
        var unitsInto: [UInt16] = [0]
        /// Per beginning in `order`, the node it ends at.
        var ends: [Int32] = []
        ends.reserveCapacity(order.count)
        var path: [Int32] = [0]
        var previous: Int?
        for index in order {
            let units = beginnings[index].units
            var shared = 0
            if let previous {
                let before = beginnings[previous].units
                while shared < min(units.count, before.count) && units[shared] == before[shared] { shared += 1 }
            }
            path.removeSubrange((shared + 1)...)
            for unit in units[shared...] {
                let node = Int32(parents.count)
                parents.append(path.last!)
                unitsInto.append(unit)
                path.append(node)
            }
            ends.append(path.last!)
            previous = index
        }
        let nodeCount = parents.count
        childRanges = Self.rows(counting: parents.dropFirst(), nodes: nodeCount)
        edgeUnits = Array(repeating: 0, count: nodeCount - 1)
        edgeTargets = Array(repeating: 0, count: nodeCount - 1)
        var nextEdge = childRanges.map(\.lowerBound)
        for node in 1..<nodeCount {
            let parent = Int(parents[node])
            edgeUnits[Int(nextEdge[parent])] = unitsInto[node]
            edgeTargets[Int(nextEdge[parent])] = Int32(node)
            nextEdge[parent] += 1
        }
        exitRanges = Self.rows(counting: ends[...], nodes: nodeCount)
        exitList = Array(repeating: Exit(matcher: 0, state: 0), count: order.count)
        var nextExit = exitRanges.map(\.lowerBound)
        for (position, index) in order.enumerated() {
            let node = Int(ends[position])
            exitList[Int(nextExit[node])] = beginnings[index].exit
            nextExit[node] += 1
        }
        for node in 0..<nodeCount {
            let range = Int(exitRanges[node].lowerBound)..<Int(exitRanges[node].upperBound)
            if range.count > 1 { exitList[range].sort { $0.matcher < $1.matcher } }
        }
        leastBelow = Array(repeating: Int32.max, count: nodeCount)
        // A child is numbered after its parent.
        for node in (1..<nodeCount).reversed() {
            let range = exitRanges[node]
            let own = range.isEmpty ? Int32.max : exitList[Int(range.lowerBound)].matcher
            let parent = Int(parents[node])
            leastBelow[parent] = min(leastBelow[parent], own, leastBelow[node])
        }
    }

    /// For each of `nodes` nodes, the range of a list ordered by node that holds the entries
    /// `owners` names it in.
    private static func rows(counting owners: ArraySlice<Int32>, nodes: Int) -> [Range<Int32>] {
        var starts = [Int32](repeating: 0, count: nodes + 1)
        for owner in owners { starts[Int(owner) + 1] += 1 }
        for node in 0..<nodes { starts[node + 1] += starts[node] }
        return (0..<nodes).map { starts[$0]..<starts[$0 + 1] }
    }

    /// The least matcher that leaves the trie below `node`: once the walk stands at `node`, the
    /// first matcher still inside its beginning.
    func leastMatcher(below node: Int32) -> Int32 { leastBelow[Int(node)] }

    /// The node after `node` and `unit`, or -1.
    func child(of node: Int32, _ unit: UInt16) -> Int32 {
        let range = childRanges[Int(node)]
        var low = Int(range.lowerBound)
        var high = Int(range.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if edgeUnits[middle] < unit { low = middle + 1 } else { high = middle }
        }
        return low < Int(range.upperBound) && edgeUnits[low] == unit ? edgeTargets[low] : -1
    }

    func hasChildren(_ node: Int32) -> Bool { !childRanges[Int(node)].isEmpty }

    /// Appends each unit that leads to a child of `node`.
    func units(of node: Int32, into ranges: inout [ClosedRange<UInt16>]) {
        for index in childRanges[Int(node)] {
            let unit = edgeUnits[Int(index)]
            ranges.append(unit...unit)
        }
    }

    /// The scans whose literal beginning ends at `node`, by matcher.
    func exits(of node: Int32) -> ArraySlice<Exit> {
        let range = exitRanges[Int(node)]
        return exitList[Int(range.lowerBound)..<Int(range.upperBound)]
    }
}
