/// The paths an ordered list of `apple-app-site-association` components opens, as iOS decides
/// for a URL without query or fragment: the first component that matches decides, an `exclude`
/// one keeps the URL out. A component whose query or fragment pattern does not match the empty
/// string never matches such a URL; a query item the URL lacks counts as the empty string.
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
                component.queryItems.allSatisfy({ AppleLinkComponent.glob($0.pattern, "", caseSensitive: component.caseSensitive) }),
                component.fragment.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true
            else { return nil }
            let pattern = component.path.map(ApplePathPattern.init) ?? ApplePathPattern("*")
            let glob = Array(pattern.glob.utf16)
            // A folded letter is two units: the beginning stops before the first letter then. It
            // stops before a `/*` that may be left out too, and before trailing slashes, which
            // decide nothing (`GlobAutomaton`).
            var literal = glob.prefix { unit in
                unit != GlobAutomaton.star && unit != GlobAutomaton.question
                    && (component.caseSensitive || AppleComponentLanguage.folded(unit) == unit && !(0x61...0x7A).contains(unit))
            }
            if pattern.matchesParent { literal = literal.prefix(glob.count - 2) }
            while literal.last == GlobAutomaton.slash { literal.removeLast() }
            beginnings.append((Array(literal), LiteralTrie.Exit(matcher: Int32(index), state: 0)))
            return GlobAutomaton(glob, caseSensitive: component.caseSensitive, matchesParent: pattern.matchesParent, from: literal.count)
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

/// One component's path glob (`*` any run, `?` one unit, ASCII letters folded when not
/// case-sensitive) as iOS applies it to a URL path (`ApplePathPattern`), as a deterministic
/// automaton over code units built on demand. iOS drops the path's trailing run of `/` before it
/// compares, so a state is a pair of sets of glob positions, each closed over `*` matching
/// nothing: those reachable over everything read, and those reachable before the run of `/`
/// that ends it, which decide if the path ends here. With `matchesParent` the glob without its
/// final `/*` decides too. Not shared between threads.
final class GlobAutomaton {
    static let dead: Int32 = -1
    static let star = UInt16(UInt8(ascii: "*"))
    static let question = UInt16(UInt8(ascii: "?"))
    static let slash = UInt16(UInt8(ascii: "/"))

    private let glob: [UInt16]
    private let caseSensitive: Bool
    private let matchesParent: Bool

    /// The sets of glob positions, interned; `noPosition` is the empty set.
    private var positions: [[Int32]] = []
    private var setIndex: [[Int32]: Int32] = [:]
    /// Per set, the units its positions name, folded, and whether one of its positions has only
    /// `*` after it (the set matches whatever follows), and whether it matches a path ending here.
    private var setUnits: [[UInt16]] = []
    private var setMatchesAll: [Bool] = []
    private var setAccepts: [Bool] = []
    private var setSteps: [[UInt16: Int32]] = []
    private var setOtherStep: [Int32?] = []

    /// A state: the set over everything read, and the set before the trailing run of `/`.
    private struct Pair: Hashable {
        let current: Int32
        let beforeSlashes: Int32
    }
    private var pairs: [Pair] = []
    private var pairIndex: [Pair: Int32] = [:]
    /// Per state, the transitions found so far: by folded unit, and for every other unit.
    private var byUnit: [[UInt16: Int32]] = []
    private var other: [Int32?] = []

    /// The automaton of `glob` from position `start` on: state 0 has read `glob[..<start]`,
    /// which ends in no `/`.
    init(_ glob: [UInt16], caseSensitive: Bool, matchesParent: Bool = false, from start: Int = 0) {
        self.glob = glob
        self.caseSensitive = caseSensitive
        self.matchesParent = matchesParent
        let first = internSet(closure([Int32(start)]))
        _ = intern(Pair(current: first, beforeSlashes: first))
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

    private func internSet(_ set: [Int32]) -> Int32 {
        if let known = setIndex[set] { return known }
        let id = Int32(positions.count)
        positions.append(set)
        setIndex[set] = id
        var told = Set<UInt16>()
        for position in set where Int(position) < glob.count {
            let character = glob[Int(position)]
            guard character != Self.star, character != Self.question else { continue }
            told.insert(fold(character))
        }
        setUnits.append(told.sorted())
        setMatchesAll.append(
            set.contains { position in Int(position) < glob.count && glob[Int(position)...].allSatisfy { $0 == Self.star } })
        setAccepts.append(set.contains(Int32(glob.count)) || (matchesParent && set.contains(Int32(glob.count - 2))))
        setSteps.append([:])
        setOtherStep.append(nil)
        return id
    }

    private func stepSet(_ set: Int32, _ key: UInt16) -> Int32 {
        let isTold = setUnits[Int(set)].contains(key)
        if isTold, let known = setSteps[Int(set)][key] { return known }
        if !isTold, let known = setOtherStep[Int(set)] { return known }
        var next: [Int32] = []
        for position in positions[Int(set)] where Int(position) < glob.count {
            let character = glob[Int(position)]
            if character == Self.star {
                next.append(position)
            } else if character == Self.question || fold(character) == key {
                next.append(position + 1)
            }
        }
        let target = internSet(closure(next))
        if isTold { setSteps[Int(set)][key] = target } else { setOtherStep[Int(set)] = target }
        return target
    }

    /// The state of `pair`; dead when no path from it can match: nothing is left of the glob,
    /// and the path so far, without its trailing slashes, does not match either.
    private func intern(_ pair: Pair) -> Int32 {
        if positions[Int(pair.current)].isEmpty && !setAccepts[Int(pair.beforeSlashes)] { return Self.dead }
        if let known = pairIndex[pair] { return known }
        let id = Int32(pairs.count)
        pairs.append(pair)
        pairIndex[pair] = id
        byUnit.append([:])
        other.append(nil)
        return id
    }

    private func fold(_ unit: UInt16) -> UInt16 {
        caseSensitive ? unit : AppleComponentLanguage.folded(unit)
    }

    /// The units the state tells apart, both cases of a folded letter included, and `/`.
    func distinctions(_ state: Int32) -> [UInt16] {
        let units = setUnits[Int(pairs[Int(state)].current)]
        let told = caseSensitive ? units : units.flatMap { unit in (0x61...0x7A).contains(unit) ? [unit, unit - 0x20] : [unit] }
        return told.contains(Self.slash) ? told : told + [Self.slash]
    }

    /// Whether the glob matches, from `state`, whatever follows: the path as it stands, and
    /// every longer one.
    func matchesEverything(_ state: Int32) -> Bool {
        let pair = pairs[Int(state)]
        return setMatchesAll[Int(pair.current)] && setAccepts[Int(pair.beforeSlashes)]
    }

    /// Whether a path that ends here matches.
    func accepts(_ state: Int32) -> Bool {
        setAccepts[Int(pairs[Int(state)].beforeSlashes)]
    }

    func step(_ state: Int32, _ unit: UInt16) -> Int32 {
        let key = fold(unit)
        let isTold = key == Self.slash || setUnits[Int(pairs[Int(state)].current)].contains(key)
        if isTold, let known = byUnit[Int(state)][key] { return known }
        if !isTold, let known = other[Int(state)] { return known }
        let pair = pairs[Int(state)]
        let current = stepSet(pair.current, key)
        let target = intern(Pair(current: current, beforeSlashes: unit == Self.slash ? pair.beforeSlashes : current))
        if isTold { byUnit[Int(state)][key] = target } else { other[Int(state)] = target }
        return target
    }
}
