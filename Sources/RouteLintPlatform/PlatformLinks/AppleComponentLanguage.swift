/// The paths an ordered list of `apple-app-site-association` components opens, as iOS decides
/// for a URL without query or fragment: the first component that matches decides, an `exclude`
/// one keeps the URL out. A component whose query or fragment pattern does not match the empty
/// string never matches such a URL.
///
/// Each component's path glob is its own deterministic automaton, built as it is walked (the
/// sets of glob positions `*` and `?` allow, interned), so a component under way is one small
/// number. The literal beginnings of the globs (`/products/` of `/products/?*`) form a trie
/// walked as one position: a component joins the state's list only where its beginning ends,
/// so a file of thousands of components steps at the cost of the few under way.
package struct AppleComponentLanguage: PathLanguage {
    /// Per component, the automaton of its glob after its literal beginning; nil when it never
    /// matches a URL without query or fragment.
    private let globs: [GlobAutomaton?]
    private let excludes: [Bool]
    private let trie: LiteralTrie

    package init(_ components: [AppleLinkComponent]) {
        var beginnings: [(units: [UInt16], exit: LiteralTrie.Exit)] = []
        globs = components.enumerated().map { index, component in
            guard component.query.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true,
                component.queryItems.isEmpty,
                component.fragment.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true
            else { return nil }
            let glob = Array((component.path ?? "*").utf16)
            // A folded letter is two units: the beginning stops before the first letter then.
            let literal = glob.prefix { unit in
                unit != GlobAutomaton.star && unit != GlobAutomaton.question
                    && (component.caseSensitive || AppleComponentLanguage.folded(unit) == unit && !(0x61...0x7A).contains(unit))
            }
            beginnings.append((Array(literal), LiteralTrie.Exit(matcher: Int32(index), state: 0)))
            return GlobAutomaton(glob, caseSensitive: component.caseSensitive, from: literal.count)
        }
        excludes = components.map(\.exclude)
        trie = LiteralTrie(beginnings)
    }

    /// Where the walk stands: the trie node of the text read so far (-1 once it has left the
    /// trie, or once no component inside it can decide), the components under way with their
    /// automata's states, ascending, and the first component that no longer counts — the one
    /// after a component that matches whatever follows.
    package struct State: Hashable {
        var node: Int32
        var cutoff: Int32
        var alive: [Alive] = []
    }

    /// A component under way, and its automaton's state.
    struct Alive: Hashable {
        let component: Int32
        let state: Int32
    }

    package var start: State {
        var state = State(node: 0, cutoff: Int32(globs.count))
        arrive(at: 0, in: &state)
        return state
    }

    package func step(_ state: State, _ unit: UInt16) -> State {
        var next = State(node: state.node < 0 ? -1 : trie.child(of: state.node, unit), cutoff: state.cutoff)
        next.alive.reserveCapacity(state.alive.count)
        for alive in state.alive {
            let target = globs[Int(alive.component)]!.step(alive.state, unit)
            guard target != GlobAutomaton.dead else { continue }
            next.alive.append(Alive(component: alive.component, state: target))
        }
        if next.node >= 0 {
            arrive(at: next.node, in: &next)
        } else {
            cut(&next)
        }
        return next
    }

    /// Adds the components whose literal beginning ends at `node`, in order; leaves the trie when
    /// nothing inside it can decide any more.
    private func arrive(at node: Int32, in state: inout State) {
        for exit in trie.exits(of: node) where exit.matcher < state.cutoff {
            let position = state.alive.firstIndex { $0.component > exit.matcher } ?? state.alive.count
            state.alive.insert(Alive(component: exit.matcher, state: Int32(exit.state)), at: position)
        }
        cut(&state)
        if !trie.hasChildren(node) { state.node = -1 }
    }

    /// Nothing after a component that matches whatever follows can decide a path.
    private func cut(_ state: inout State) {
        if let first = state.alive.firstIndex(where: { globs[Int($0.component)]!.matchesEverything($0.state) }) {
            state.cutoff = min(state.cutoff, state.alive[first].component)
            state.alive.removeSubrange((first + 1)...)
        }
        if state.node >= 0 && trie.leastMatcher(below: state.node) >= state.cutoff { state.node = -1 }
    }

    package func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        if state.node >= 0 { trie.units(of: state.node, into: &ranges) }
        for alive in state.alive {
            for unit in globs[Int(alive.component)]!.distinctions(alive.state) { ranges.append(unit...unit) }
        }
    }

    package func accepts(_ state: State) -> Bool? {
        decider(state).map { !excludes[$0] } ?? false
    }

    /// The first component alive whose glob has matched the whole path: the components still
    /// inside the trie have not.
    package func decider(_ state: State) -> Int? {
        for alive in state.alive where globs[Int(alive.component)]!.accepts(alive.state) { return Int(alive.component) }
        return nil
    }

    /// Whether what decides no longer changes: no component is under way or inside the trie, or
    /// the first one matches whatever follows.
    package func size(_ state: State) -> Int { 1 + state.alive.count }

    package func isFinal(_ state: State) -> Bool {
        let firstInside = state.node >= 0 ? trie.leastMatcher(below: state.node) : Int32.max
        guard let first = state.alive.first else { return firstInside == Int32.max }
        return first.component < firstInside && globs[Int(first.component)]!.matchesEverything(first.state)
    }

    /// `unit` with an ASCII capital letter made small: how a component that is not
    /// case-sensitive compares.
    static func folded(_ unit: UInt16) -> UInt16 {
        (0x41...0x5A).contains(unit) ? unit + 0x20 : unit
    }
}

/// One glob (`*` any run, `?` one unit, ASCII letters folded when not case-sensitive) as a
/// deterministic automaton over code units, its states built on demand: each is the set of
/// glob positions reachable, closed over `*` matching nothing. Not shared between threads.
final class GlobAutomaton {
    static let dead: Int32 = -1
    static let star = UInt16(UInt8(ascii: "*"))
    static let question = UInt16(UInt8(ascii: "?"))

    private let glob: [UInt16]
    private let caseSensitive: Bool
    private var positions: [[Int32]] = []
    private var index: [[Int32]: Int32] = [:]
    /// Per state, the transitions found so far: by folded unit, and for every other unit.
    private var byUnit: [[UInt16: Int32]] = []
    private var other: [Int32?] = []
    private var unitsTold: [[UInt16]] = []
    /// Per state, whether only `*` is left at one of its positions: it matches whatever follows.
    private var matchesAll: [Bool] = []

    /// The automaton of `glob` from position `start` on: state 0 has read `glob[..<start]`.
    init(_ glob: [UInt16], caseSensitive: Bool, from start: Int = 0) {
        self.glob = glob
        self.caseSensitive = caseSensitive
        _ = intern(closure([Int32(start)]))
    }

    private func closure(_ start: [Int32]) -> [Int32] {
        var result: [Int32] = []
        for position in start {
            var current = Int(position)
            result.append(Int32(current))
            while current < glob.count && glob[current] == Self.star {
                current += 1
                result.append(Int32(current))
            }
        }
        return Array(Set(result)).sorted()
    }

    private func intern(_ set: [Int32]) -> Int32 {
        if set.isEmpty { return Self.dead }
        if let known = index[set] { return known }
        let id = Int32(positions.count)
        positions.append(set)
        index[set] = id
        byUnit.append([:])
        other.append(nil)
        var told = Set<UInt16>()
        for position in set where Int(position) < glob.count {
            let character = glob[Int(position)]
            guard character != Self.star, character != Self.question else { continue }
            told.insert(fold(character))
        }
        unitsTold.append(told.sorted())
        matchesAll.append(set.contains { position in Int(position) < glob.count && glob[Int(position)...].allSatisfy { $0 == Self.star } })
        return id
    }

    private func fold(_ unit: UInt16) -> UInt16 {
        caseSensitive ? unit : AppleComponentLanguage.folded(unit)
    }

    /// The units the state tells apart, both cases of a folded letter included.
    func distinctions(_ state: Int32) -> [UInt16] {
        guard caseSensitive else {
            return unitsTold[Int(state)].flatMap { unit in (0x61...0x7A).contains(unit) ? [unit, unit - 0x20] : [unit] }
        }
        return unitsTold[Int(state)]
    }

    /// Whether the glob matches, from `state`, whatever follows.
    func matchesEverything(_ state: Int32) -> Bool { matchesAll[Int(state)] }

    func accepts(_ state: Int32) -> Bool {
        positions[Int(state)].last == Int32(glob.count)
    }

    func step(_ state: Int32, _ unit: UInt16) -> Int32 {
        let key = fold(unit)
        let told = unitsTold[Int(state)]
        let isTold = told.contains(key)
        if isTold, let known = byUnit[Int(state)][key] { return known }
        if !isTold, let known = other[Int(state)] { return known }
        var next: [Int32] = []
        for position in positions[Int(state)] where Int(position) < glob.count {
            let character = glob[Int(position)]
            if character == Self.star {
                next.append(position)
            } else if character == Self.question || fold(character) == key {
                next.append(position + 1)
            }
        }
        let target = intern(closure(next))
        if isTold { byUnit[Int(state)][key] = target } else { other[Int(state)] = target }
        return target
    }
}
