/// The loops of a graph in which each node has at most one successor (a holder's `parent`, a
/// flagged route's `fallback`), its nodes the positions `0..<count`: each loop once, its nodes
/// in successor order. Following successors from every node once, and stopping at nodes
/// already settled, finds every loop in linear time.
func successorLoops(count: Int, successor: (Int) -> Int?) -> [[Int]] {
    // Nodes are positions, so their marks are an array: a dictionary of the nodes hashed each
    // at every step, which at 100,000 holders was most of the rule's time.
    var state = [SuccessorWalkMark](repeating: .unseen, count: count)
    var loops: [[Int]] = []
    var walk: [Int] = []
    for start in 0..<count {
        walk.removeAll(keepingCapacity: true)
        var current: Int? = start
        while let node = current, state[node] == .unseen {
            state[node] = .onWalk
            walk.append(node)
            current = successor(node)
        }
        if let repeated = current, state[repeated] == .onWalk, let first = walk.firstIndex(of: repeated) {
            loops.append(Array(walk[first...]))
        }
        for node in walk { state[node] = .settled }
    }
    return loops
}

/// For each of `nodes` on a loop of `successorLoops(count:successor:)`, by position, the loop
/// as seen from it.
func successorLoops<Node: Hashable>(of nodes: [Node], successor: (Int) -> Int?) -> [Node: SuccessorLoop<Node>] {
    var loops: [Node: SuccessorLoop<Node>] = [:]
    for positions in successorLoops(count: nodes.count, successor: successor) {
        // One array a loop, which each of its nodes shares: the loops of n nodes take space in
        // proportion to n, not to the square of a loop's length.
        let loop = positions.map { nodes[$0] }
        for (start, node) in loop.enumerated() { loops[node] = SuccessorLoop(nodes: loop, start: start) }
    }
    return loops
}

/// A loop of successors as seen from one of its nodes: the nodes from it on, around to it again.
/// What a finding says of a loop is bounded, so that a loop through every one of 100,000
/// holders is 100,000 findings of a few names each, not of 100,000 names each.
struct SuccessorLoop<Node> {
    /// The loop's nodes in successor order, the same array for every node of the loop.
    let nodes: [Node]
    /// Where the node the loop is seen from stands in `nodes`.
    let start: Int

    /// How many nodes a loop is named by at most: a longer loop names its first nodes and how
    /// many more lead back.
    static var shownLength: Int { 10 }

    /// How many nodes the loop has (one for a node that is its own successor).
    var count: Int { nodes.count }

    /// Whether `shown` is the whole loop.
    var isShownWhole: Bool { nodes.count <= Self.shownLength }

    /// The loop's first nodes from the node it is seen from, that node first: all of them, or
    /// `shownLength` of a longer loop.
    var shown: [Node] { (0..<min(nodes.count, Self.shownLength)).map { nodes[(start + $0) % nodes.count] } }

    /// The loop as a finding names it: from its node around to it again (`a → b → a`), and of a
    /// loop longer than `shownLength`, its first nodes and how many more lead back
    /// (`a → b → … → j → 90 more → a`).
    func text(_ name: (Node) -> String) -> String {
        let names = shown.map(name)
        let more = isShownWhole ? [] : ["\(nodes.count - names.count) more"]
        return (names + more + [name(nodes[start])]).joined(separator: " → ")
    }
}

private enum SuccessorWalkMark {
    case unseen
    /// On the walk under way: meeting it again closes a loop.
    case onWalk
    case settled
}
