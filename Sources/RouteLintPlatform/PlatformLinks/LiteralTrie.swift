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
        // prefix with the one before.
        let order = beginnings.indices.sorted {
            let (left, right) = (beginnings[$0], beginnings[$1])
            return left.units.lexicographicallyPrecedes(right.units) || (left.units == right.units && $0 < $1)
        }
        var children: [[(UInt16, Int32)]] = [[]]
        var exits: [[Exit]] = [[]]
        var parents: [Int32] = [-1]
        var path: [Int32] = [0]
        var previous: [UInt16] = []
        for index in order {
            let units = beginnings[index].units
            var shared = 0
            while shared < min(units.count, previous.count) && units[shared] == previous[shared] { shared += 1 }
            path.removeSubrange((shared + 1)...)
            for unit in units[shared...] {
                let node = Int32(children.count)
                children.append([])
                exits.append([])
                parents.append(path.last!)
                children[Int(path.last!)].append((unit, node))
                path.append(node)
            }
            exits[Int(path.last!)].append(beginnings[index].exit)
            previous = units
        }
        leastBelow = Array(repeating: Int32.max, count: children.count)
        // A child is numbered after its parent.
        for node in children.indices.reversed() where parents[node] >= 0 {
            let own = exits[node].map(\.matcher).min() ?? Int32.max
            leastBelow[Int(parents[node])] = min(leastBelow[Int(parents[node])], own, leastBelow[node])
        }
        for node in children.indices {
            let start = Int32(edgeUnits.count)
            for (unit, target) in children[node] {
                edgeUnits.append(unit)
                edgeTargets.append(target)
            }
            childRanges.append(start..<Int32(edgeUnits.count))
            let exitStart = Int32(exitList.count)
            exitList += exits[node].sorted { $0.matcher < $1.matcher }
            exitRanges.append(exitStart..<Int32(exitList.count))
        }
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
