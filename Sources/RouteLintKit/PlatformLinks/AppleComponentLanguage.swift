/// The paths an ordered list of `apple-app-site-association` components opens, as iOS decides
/// for a URL without query or fragment: the first component that matches decides, an `exclude`
/// one keeps the URL out. A component whose query or fragment pattern does not match the empty
/// string never matches such a URL.
///
/// Each component's path glob is its own deterministic automaton, built as it is walked (the
/// sets of glob positions `*` and `?` allow, interned), so a state of the list is one small
/// number per component still alive rather than a set of positions for each.
struct AppleComponentLanguage: PathLanguage {
    private let globs: [GlobAutomaton?]
    private let excludes: [Bool]

    init(_ components: [AppleLinkComponent]) {
        globs = components.map { component in
            guard component.query.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true,
                component.queryItems.isEmpty,
                component.fragment.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true
            else { return nil }
            return GlobAutomaton(Array((component.path ?? "*").utf16), caseSensitive: component.caseSensitive)
        }
        excludes = components.map(\.exclude)
    }

    /// The components still alive, ascending, and the state of each one's automaton.
    struct State: Hashable {
        var components: [Int32]
        var states: [Int32]
    }

    var start: State {
        var state = State(components: [], states: [])
        for (index, glob) in globs.enumerated() where glob != nil {
            state.components.append(Int32(index))
            state.states.append(0)
            // Nothing after a component that matches every path can decide one.
            if glob!.matchesEverything(0) { break }
        }
        return state
    }

    func step(_ state: State, _ unit: UInt16) -> State {
        var next = State(components: [], states: [])
        next.components.reserveCapacity(state.components.count)
        next.states.reserveCapacity(state.components.count)
        for (position, component) in state.components.enumerated() {
            let glob = globs[Int(component)]!
            let target = glob.step(state.states[position], unit)
            guard target != GlobAutomaton.dead else { continue }
            next.components.append(component)
            next.states.append(target)
            // Nothing after a component that matches whatever follows can decide a path.
            if glob.matchesEverything(target) { break }
        }
        return next
    }

    func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        for (position, component) in state.components.enumerated() {
            for unit in globs[Int(component)]!.distinctions(state.states[position]) { ranges.append(unit...unit) }
        }
    }

    func accepts(_ state: State) -> Bool? {
        decider(state).map { !excludes[$0] } ?? false
    }

    /// The first component alive whose glob has matched the whole path.
    func decider(_ state: State) -> Int? {
        for (position, component) in state.components.enumerated() where globs[Int(component)]!.accepts(state.states[position]) {
            return Int(component)
        }
        return nil
    }

    /// Whether what decides no longer changes: no component is alive, or the first one alive
    /// matches whatever follows.
    func isFinal(_ state: State) -> Bool {
        guard let first = state.components.first else { return true }
        return globs[Int(first)]!.matchesEverything(state.states[0])
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
    private static let star = UInt16(UInt8(ascii: "*"))
    private static let question = UInt16(UInt8(ascii: "?"))

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

    init(_ glob: [UInt16], caseSensitive: Bool) {
        self.glob = glob
        self.caseSensitive = caseSensitive
        _ = intern(closure([0]))
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
