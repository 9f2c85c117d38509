/// The loops of a graph in which each node has at most one successor (a holder's `parent`, a
/// flagged route's `fallback`), its nodes the positions `0..<count`: for each node on a loop,
/// the loop as seen from it, itself first and last. Following successors from every node
/// once, and stopping at nodes already settled, finds every loop in linear time.
func successorLoops(count: Int, successor: (Int) -> Int?) -> [Int: [Int]] {
    // Nodes are positions, so their marks are an array: a dictionary of the nodes hashed each
    // at every step, which at 100,000 holders was most of the rule's time.
    var state = [SuccessorWalkMark](repeating: .unseen, count: count)
    var loops: [Int: [Int]] = [:]
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
            let loop = Array(walk[first...])
            for (offset, member) in loop.enumerated() {
                loops[member] = Array(loop[offset...] + loop[..<offset]) + [member]
            }
        }
        for node in walk { state[node] = .settled }
    }
    return loops
}

/// The loops of `successorLoops(count:successor:)` over `nodes` by position, each given by the
/// nodes themselves rather than their positions.
func successorLoops<Node: Hashable>(of nodes: [Node], successor: (Int) -> Int?) -> [Node: [Node]] {
    var loops: [Node: [Node]] = [:]
    for (member, loop) in successorLoops(count: nodes.count, successor: successor) {
        loops[nodes[member]] = loop.map { nodes[$0] }
    }
    return loops
}

private enum SuccessorWalkMark {
    case unseen
    /// On the walk under way: meeting it again closes a loop.
    case onWalk
    case settled
}
