/// The loops of a graph in which each node has at most one successor (a holder's `parent`, a
/// flagged route's `fallback`): for each node on a loop, the loop as seen from it, itself
/// first and last. Following successors from every node once, and stopping at nodes already
/// settled, finds every loop in linear time.
func successorLoops<Node: Hashable>(_ nodes: some Sequence<Node>, successor: (Node) -> Node?) -> [Node: [Node]] {
    var state: [Node: Bool] = [:]  // false: on the current walk; true: settled
    var loops: [Node: [Node]] = [:]
    for start in nodes {
        var walk: [Node] = []
        var current: Node? = start
        while let node = current, state[node] == nil {
            state[node] = false
            walk.append(node)
            current = successor(node)
        }
        if let repeated = current, state[repeated] == false, let first = walk.firstIndex(of: repeated) {
            let loop = Array(walk[first...])
            for (offset, member) in loop.enumerated() {
                loops[member] = Array(loop[offset...] + loop[..<offset]) + [member]
            }
        }
        for node in walk { state[node] = true }
    }
    return loops
}
