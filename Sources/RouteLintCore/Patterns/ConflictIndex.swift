/// Finds every pair of conflicting patterns in a route set without comparing all pairs.
///
/// Patterns go, in declaration order, into a segment trie: literal edges in one hash table
/// keyed by (node, literal symbol), one wildcard edge per node for `:name` and `*`, and per
/// node the patterns that end there, with or without a final `**`, or one wildcard below it.
/// Before a pattern is inserted, one walk of the trie visits exactly the earlier patterns that
/// overlap it, and tracks on the way whether each is a superset and/or a subset of it, so
/// classifying a candidate costs nothing more. Each conflict is found once, from the later pattern.
///
/// Only a route set whose patterns really overlap in great numbers makes the walk long; the
/// report is bounded all the same: at most `limit` conflicts are kept per pattern (the
/// earliest declared), and once `budget` conflicts are kept in all, at most `limitPastBudget`
/// per pattern; the rest are counted.
package struct ConflictIndex {
    package struct Group: Equatable, Sendable {
        /// Index of the later pattern, in the input.
        package let pattern: Int
        /// Earlier patterns it conflicts with, earliest first, at most `limit` of them.
        package let earlier: [Int]
        /// How many more conflicts with earlier patterns were left out.
        package let omitted: Int
    }

    package static func conflicts(
        among patterns: [URLPattern], shapes: SegmentShapes, limit: Int, budget: Int = .max, limitPastBudget: Int = 0
    ) -> [Group] {
        conflicts(
            count: patterns.count, segmentCount: patterns.reduce(0) { $0 + $1.segmentCount },
            readsQuery: patterns.contains { !$0.query.isEmpty }, shapes: shapes, limit: limit, budget: budget,
            limitPastBudget: limitPastBudget
        ) { patterns[$0] }
    }

    /// `conflicts` of the `count` patterns `pattern` makes, each when it is needed: an array of
    /// them would be a large part of a large set's peak memory, and its walk asks for an earlier
    /// pattern only when `readsQuery` (some pattern constrains a query item; else the path decides).
    /// `segmentCount`, the segments of all the patterns (or fewer), sizes the trie up front.
    package static func conflicts(
        count: Int, segmentCount: Int = 0, readsQuery: Bool, shapes: SegmentShapes, limit: Int, budget: Int = .max,
        limitPastBudget: Int = 0, pattern patternNumbered: (Int) -> URLPattern
    ) -> [Group] {
        var keptInAll = 0
        var trie = SegmentTrie(patternCount: count, segmentCount: segmentCount)
        var groups: [Group] = []
        var walk = TrieWalk()
        for index in 0..<count {
            let pattern = patternNumbered(index)
            // The earliest `limit` conflicts, in a max-heap: a later candidate costs one
            // comparison with the latest kept, and replacing it a logarithmic step.
            var kept = EarliestKept(limit: keptInAll < budget ? limit : min(limit, limitPastBudget))
            var total = 0
            walk.visitOverlapping(pattern, in: trie, shapes: shapes) { candidate, pathIsSubset, candidateIsPathSubset in
                // What the two ask of the query decides the rest.
                let query =
                    readsQuery ? pattern.queryRelation(to: patternNumbered(candidate)) : (overlaps: true, isSubset: true, isSuperset: true)
                guard query.overlaps else { return }
                let patternIsSubset = pathIsSubset && query.isSubset
                let candidateIsSubset = candidateIsPathSubset && query.isSuperset
                // Neither more specific than the other, or each matching what the other does.
                guard patternIsSubset == candidateIsSubset else { return }
                total += 1
                kept.offer(candidate)
            }
            if total > 0 {
                let earliest = kept.sorted()
                keptInAll += earliest.count
                groups.append(Group(pattern: index, earlier: earliest, omitted: total - earliest.count))
            }
            trie.insert(pattern, as: Int32(index))
        }
        return groups
    }

    /// `conflicts` of untyped patterns, which read no query item.
    package static func conflicts(among patterns: [PathPattern], limit: Int, budget: Int = .max, limitPastBudget: Int = 0) -> [Group] {
        conflicts(
            among: patterns.map(URLPattern.init), shapes: SegmentShapes(SymbolTable()), limit: limit, budget: budget,
            limitPastBudget: limitPastBudget)
    }
}

/// The `limit` smallest numbers offered, as a max-heap.
private struct EarliestKept {
    let limit: Int
    private var heap: [Int] = []

    init(limit: Int) {
        self.limit = limit
    }

    mutating func offer(_ value: Int) {
        if heap.count < limit {
            heap.append(value)
            siftUp(heap.count - 1)
        } else if let largest = heap.first, value < largest {
            heap[0] = value
            siftDown(0)
        }
    }

    func sorted() -> [Int] { heap.sorted() }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] > heap[parent] else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var largest = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < heap.count && heap[left] > heap[largest] { largest = left }
            if right < heap.count && heap[right] > heap[largest] { largest = right }
            guard largest != parent else { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}

private let none: Int32 = -1

struct SegmentTrie {
    /// The nodes, the root first: one array of records, where an array per field cost each
    /// new node six appends.
    fileprivate var nodes = [Node()]
    /// The children of nodes for static segments, an open-addressing table of node numbers
    /// found by `edgeHome`: a slot holds the child alone (`none` where free), and its record
    /// says which parent and segment it is for. Four bytes a slot, where the pair and the child
    /// stored together took twelve — at 100,000 routes a few megabytes of the rules' peak.
    private var literalSlots = [Int32](repeating: none, count: 64)
    private var literalEdgeCount = 0
    /// The children for typed parameters of the nodes that have any, by `Node.typedChildren`.
    fileprivate var typedChildren: [TypedChildren] = []
    fileprivate var nextInList: [Int32]

    fileprivate struct Node {
        /// The node's children for static segments, a list linked through `nextSibling`.
        var firstLiteralChild = none
        var nextSibling = none
        /// The static segment the node's edge reads, and the node it leads from (the root's
        /// and a typed or wildcard child's are unused).
        var literal = Symbol(index: 0)
        var parent = none
        /// The child for a segment of any value: `*`, and a parameter of type `string`.
        var wildcardChild = none
        /// Heads of lists, linked through `nextInList`, of the patterns that end at the node:
        /// exactly there, or with a `**` that starts below it.
        var firstEndingHere = none
        var firstEndingInRest = none
        /// The patterns that end one segment of any value below the node (`/orders/:id`, at
        /// `/orders`): kept here rather than at the wildcard child, which then exists only
        /// where a longer pattern goes on below it. Most routes end in a parameter, and a node
        /// for each was half the trie.
        var firstEndingAfterWildcard = none
        /// Where the node's children for typed parameters are in `typedChildren`, if it has any:
        /// a number in the node, where a table of them hashed every typed route's node.
        var typedChildren = none
    }

    /// The children of a node for parameters of type `int` and `uuid`, and for each set of
    /// listed values (of two or more: one value is a static segment's edge).
    fileprivate struct TypedChildren {
        var integer = none
        var uuid = none
        var listed: [(values: ValueSet, child: Int32)] = []
    }

    /// A trie for `patternCount` patterns of `segmentCount` segments in all, or fewer: the
    /// nodes they can make are reserved at once, since growing the array copies it (both
    /// copies resident at once) and reserved room that no node takes is never written.
    init(patternCount: Int, segmentCount: Int = 0) {
        nextInList = [Int32](repeating: none, count: patternCount)
        nodes.reserveCapacity(segmentCount + 1)
    }

    /// The child of `node` for the static segment `literal`, if any.
    fileprivate func literalChild(of node: Int32, _ literal: Symbol) -> Int32? {
        let child = probe(node, literal).child
        return child == none ? nil : child
    }

    /// The slot of the edge from `node` for `literal` and its child, or the free slot where
    /// the edge would go and `none`.
    private func probe(_ node: Int32, _ literal: Symbol) -> (slot: Int, child: Int32) {
        let mask = literalSlots.count - 1
        var slot = Self.edgeHome(node, literal, mask: mask)
        while true {
            let child = literalSlots[slot]
            if child == none || (nodes[Int(child)].parent == node && nodes[Int(child)].literal == literal) {
                return (slot, child)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Inserts pattern number `index`.
    mutating func insert(_ pattern: URLPattern, as index: Int32) {
        var node: Int32 = 0
        let last = pattern.segmentCount - 1
        for position in 0..<pattern.segmentCount {
            switch pattern.segment(position) {
            case .literal(let literal):
                node = literalChildMade(of: node, literal)
            case .values(.any) where position == last:
                nextInList[Int(index)] = nodes[Int(node)].firstEndingAfterWildcard
                nodes[Int(node)].firstEndingAfterWildcard = index
                return
            case .values(.any):
                if nodes[Int(node)].wildcardChild == none { nodes[Int(node)].wildcardChild = newNode() }
                node = nodes[Int(node)].wildcardChild
            case .values(let set):
                node = typedChild(of: node, set)
            case .rest:
                nextInList[Int(index)] = nodes[Int(node)].firstEndingInRest
                nodes[Int(node)].firstEndingInRest = index
                return
            }
        }
        nextInList[Int(index)] = nodes[Int(node)].firstEndingHere
        nodes[Int(node)].firstEndingHere = index
    }

    /// The child of `node` for `literal`, made when new: the lookup and the insertion are one
    /// probe.
    private mutating func literalChildMade(of node: Int32, _ literal: Symbol) -> Int32 {
        if (literalEdgeCount + 1) * 2 > literalSlots.count { growLiteralSlots() }
        let (slot, found) = probe(node, literal)
        guard found == none else { return found }
        let child = newNode()
        nodes[Int(child)].literal = literal
        nodes[Int(child)].parent = node
        nodes[Int(child)].nextSibling = nodes[Int(node)].firstLiteralChild
        nodes[Int(node)].firstLiteralChild = child
        literalSlots[slot] = child
        literalEdgeCount += 1
        return child
    }

    /// Doubles the table of static edges and places every child again, at the first free slot
    /// of its probe: the children are distinct, so nothing is compared.
    private mutating func growLiteralSlots() {
        var grown = [Int32](repeating: none, count: literalSlots.count * 2)
        let mask = grown.count - 1
        for child in literalSlots where child != none {
            var slot = Self.edgeHome(nodes[Int(child)].parent, nodes[Int(child)].literal, mask: mask)
            while grown[slot] != none { slot = (slot + 1) & mask }
            grown[slot] = child
        }
        literalSlots = grown
    }

    /// The child of `node` for a parameter of values `set` (not `any`), made when new.
    private mutating func typedChild(of node: Int32, _ set: ValueSet) -> Int32 {
        if nodes[Int(node)].typedChildren == none {
            nodes[Int(node)].typedChildren = Int32(typedChildren.count)
            typedChildren.append(TypedChildren())
        }
        let position = Int(nodes[Int(node)].typedChildren)
        var children = typedChildren[position]
        let child: Int32
        switch set {
        case .integer:
            if children.integer == none { children.integer = newNode() }
            child = children.integer
        case .uuid:
            if children.uuid == none { children.uuid = newNode() }
            child = children.uuid
        case .listed:
            if let known = children.listed.first(where: { $0.values == set }) {
                child = known.child
            } else {
                child = newNode()
                children.listed.append((set, child))
            }
        case .any:
            preconditionFailure("a parameter of any value takes the wildcard edge")
        }
        typedChildren[position] = children
        return child
    }

    /// The typed children of `node`, if any. A trie of untyped routes has none: it reads no node.
    fileprivate func typedChildren(of node: Int32) -> TypedChildren? {
        guard !typedChildren.isEmpty else { return nil }
        let position = nodes[Int(node)].typedChildren
        return position == none ? nil : typedChildren[Int(position)]
    }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    /// The slot where the probe for the edge from `node` for `literal` starts: Fibonacci
    /// hashing of the two packed, whose top bits mix every bit of both.
    private static func edgeHome(_ node: Int32, _ literal: Symbol, mask: Int) -> Int {
        let key = UInt64(UInt32(bitPattern: node)) << 32 | UInt64(literal.index)
        let bits = mask.nonzeroBitCount
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }
}

/// The walk's explicit stack, kept between queries so that its storage is reused.
struct TrieWalk {
    private struct Step {
        var node: Int32
        var depth: Int32
        /// Whether, on the segments so far, the candidate matches all the pattern matches.
        var patternIsSubset: Bool
        /// Whether, on the segments so far, the pattern matches all the candidate matches.
        var candidateIsSubset: Bool
    }

    private var stack: [Step] = []

    /// Calls `visit(candidate, patternIsSubset, candidateIsSubset)` once for every pattern in
    /// the trie whose path overlaps `pattern`'s, with how the paths relate (the query is the
    /// caller's to weigh).
    mutating func visitOverlapping(
        _ pattern: URLPattern, in trie: SegmentTrie, shapes: SegmentShapes,
        _ visit: (Int, Bool, Bool) -> Void
    ) {
        stack.removeAll(keepingCapacity: true)
        stack.append(Step(node: 0, depth: 0, patternIsSubset: true, candidateIsSubset: true))
        while let step = stack.popLast() {
            let node = Int(step.node)
            let depth = Int(step.depth)
            guard depth < pattern.segmentCount else {
                // The pattern ends here: candidates that end here too match the same lengths.
                forEach(in: trie.nodes[node].firstEndingHere, trie) { visit($0, step.patternIsSubset, step.candidateIsSubset) }
                continue
            }
            let segment = pattern.segment(depth)
            // A candidate ending in `**` here matches any remainder the pattern can have, and is
            // matched by the pattern only if the pattern's remainder is `**` as well.
            forEach(in: trie.nodes[node].firstEndingInRest, trie) {
                visit($0, step.patternIsSubset, step.candidateIsSubset && segment == .rest)
            }
            // Goes on to `child`, whose segment holds all the pattern's here (`holdsPattern`)
            // and is held by it (`isHeld`) as said.
            func descend(_ child: Int32, holdsPattern: Bool, isHeld: Bool) {
                stack.append(
                    Step(
                        node: child, depth: step.depth + 1,
                        patternIsSubset: step.patternIsSubset && holdsPattern, candidateIsSubset: step.candidateIsSubset && isHeld))
            }
            // The wildcard edge: the candidates that end right after it are kept at this node,
            // and match the same lengths only when the pattern ends there too.
            func descendWildcard(holdsPattern: Bool, isHeld: Bool) {
                let wildcard = trie.nodes[node].wildcardChild
                if wildcard != none { descend(wildcard, holdsPattern: holdsPattern, isHeld: isHeld) }
                guard depth + 1 == pattern.segmentCount else { return }
                forEach(in: trie.nodes[node].firstEndingAfterWildcard, trie) {
                    visit($0, step.patternIsSubset && holdsPattern, step.candidateIsSubset && isHeld)
                }
            }
            let typed = trie.typedChildren(of: step.node)
            switch segment {
            case .literal(let literal):
                if let child = trie.literalChild(of: step.node, literal) { descend(child, holdsPattern: true, isHeld: true) }
                descendWildcard(holdsPattern: true, isHeld: false)
                if let typed {
                    let value = shapes.value(literal)
                    if typed.integer != none && value.shape == .integer { descend(typed.integer, holdsPattern: true, isHeld: false) }
                    if typed.uuid != none && value.shape == .uuid { descend(typed.uuid, holdsPattern: true, isHeld: false) }
                    for (values, child) in typed.listed where values.contains(value) { descend(child, holdsPattern: true, isHeld: false) }
                }
            case .values(let set):
                // The static segments the set holds: each is held by the pattern, none holds it.
                if case .listed(let values) = set {
                    for value in values {
                        if let child = trie.literalChild(of: step.node, value.segment) { descend(child, holdsPattern: false, isHeld: true) }
                    }
                } else {
                    var child = trie.nodes[node].firstLiteralChild
                    while child != none {
                        if set == .any || set.contains(shapes.value(trie.nodes[Int(child)].literal)) {
                            descend(child, holdsPattern: false, isHeld: true)
                        }
                        child = trie.nodes[Int(child)].nextSibling
                    }
                }
                descendWildcard(holdsPattern: true, isHeld: set == .any)
                if let typed {
                    for (values, child) in [(ValueSet.integer, typed.integer), (.uuid, typed.uuid)] + typed.listed
                    where child != none && set.intersects(values) {
                        descend(child, holdsPattern: set.isSubset(of: values), isHeld: values.isSubset(of: set))
                    }
                }
            case .rest:
                // Every candidate below this node has at least one more segment, which `**`
                // matches; such a candidate matches all the pattern does only when it is
                // itself `**` at this node, which the loop above visited.
                visitSubtree(below: step.node, trie) { visit($0, false, step.candidateIsSubset) }
            }
        }
    }

    private func forEach(in head: Int32, _ trie: SegmentTrie, _ body: (Int) -> Void) {
        var index = head
        while index != none {
            body(Int(index))
            index = trie.nextInList[Int(index)]
        }
    }

    /// Every pattern that ends strictly below `node`.
    private func visitSubtree(below node: Int32, _ trie: SegmentTrie, _ body: (Int) -> Void) {
        var pending: [Int32] = []
        func pushChildren(_ node: Int32) {
            forEach(in: trie.nodes[Int(node)].firstEndingAfterWildcard, trie, body)
            var child = trie.nodes[Int(node)].firstLiteralChild
            while child != none {
                pending.append(child)
                child = trie.nodes[Int(child)].nextSibling
            }
            if trie.nodes[Int(node)].wildcardChild != none { pending.append(trie.nodes[Int(node)].wildcardChild) }
            if let typed = trie.typedChildren(of: node) {
                pending += ([typed.integer, typed.uuid] + typed.listed.map(\.child)).filter { $0 != none }
            }
        }
        pushChildren(node)
        while let current = pending.popLast() {
            forEach(in: trie.nodes[Int(current)].firstEndingHere, trie, body)
            forEach(in: trie.nodes[Int(current)].firstEndingInRest, trie, body)
            pushChildren(current)
        }
    }
}

extension SegmentTrie {
    /// The patterns whose paths match a URL path, given per segment as the symbol of its
    /// canonical spelling (`PathText.canonical`; nil for a segment no pattern spells) and the
    /// shape of its decoded value: one walk, like the conflict walk, over static edges equal to
    /// the segment, the wildcard and the typed children that hold it, and `**` endings while
    /// segments remain.
    func matches(_ segments: [(symbol: Symbol?, shape: ValueShape)], ignoringTypes: Bool = false) -> [Int] {
        var found: [Int] = []
        var pending: [(node: Int32, depth: Int)] = [(0, 0)]
        func collect(_ head: Int32) {
            var index = head
            while index != none {
                found.append(Int(index))
                index = nextInList[Int(index)]
            }
        }
        while let (node, depth) = pending.popLast() {
            guard depth < segments.count else {
                collect(nodes[Int(node)].firstEndingHere)
                continue
            }
            collect(nodes[Int(node)].firstEndingInRest)
            if depth + 1 == segments.count { collect(nodes[Int(node)].firstEndingAfterWildcard) }
            let segment = segments[depth]
            if let literal = segment.symbol, let child = literalChild(of: node, literal) { pending.append((child, depth + 1)) }
            let wildcard = nodes[Int(node)].wildcardChild
            if wildcard != none { pending.append((wildcard, depth + 1)) }
            if let typed = typedChildren(of: node) {
                if typed.integer != none && (ignoringTypes || segment.shape == .integer) { pending.append((typed.integer, depth + 1)) }
                if typed.uuid != none && (ignoringTypes || segment.shape == .uuid) { pending.append((typed.uuid, depth + 1)) }
                if ignoringTypes {
                    for (_, child) in typed.listed { pending.append((child, depth + 1)) }
                } else if let symbol = segment.symbol {
                    let value = ListedValue(segment: symbol, shape: segment.shape)
                    for (values, child) in typed.listed where values.contains(value) { pending.append((child, depth + 1)) }
                }
            }
        }
        return found.sorted()
    }
}
