import RouteLintCore

/// The paths an ordered list of `apple-app-site-association` components opens, as iOS decides:
/// the first component that matches decides, an `exclude` one keeps the URL out. Where
/// components name a query or fragment, the URLs of one path may be decided apart: a path is
/// in the language when *some* URL of it opens the app (`accepts`), and held whole when *every*
/// URL does (`everyURL`), both decided over the candidates of `AppleQueryAndFragment` in one
/// walk, and `urlEnd` gives the query and fragment of a URL that shows either.
///
/// Each component's path glob is its own deterministic automaton, built as it is walked (the
/// sets of glob positions `*` and `?` allow, interned), so a component under way is one small
/// number. The literal beginnings of the globs (`/products/` of `/products/?*`) form a trie
/// walked as one position: a component joins the state's list only where its beginning ends,
/// so a file of thousands of components steps at the cost of the few under way.
package struct AppleComponentLanguage: PathLanguage {
    /// Some URL of a path, or every URL of it.
    package enum Quantifier: Sendable {
        case someURL
        case everyURL
    }

    /// Per component, the automaton of its glob after its literal beginning; nil when it
    /// matches no path.
    private var globs: [GlobAutomaton?]
    private let excludes: [Bool]
    /// Per component, its position among those with conditions; nil for one without.
    private let conditionIndex: [Int?]
    private let trie: LiteralTrie
    /// The candidate queries and fragments; nil when no component has conditions.
    private let relative: AppleQueryAndFragment?
    private var decisions = DecisionCache()

    /// The language of `components`.
    package init(_ components: [AppleLinkComponent]) {
        var position = 0
        conditionIndex = components.map { component in
            guard component.hasConditions else { return nil }
            defer { position += 1 }
            return position
        }
        relative = position > 0 ? AppleQueryAndFragment(components) : nil
        var beginnings: [(units: [UInt16], exit: LiteralTrie.Exit)] = []
        globs = components.enumerated().map { index, component in
            let pattern = ApplePathPattern(component.path ?? "*")
            // A component without a path matches every path unread, one that does not decode too.
            let decodesEscapes = !component.percentEncoded && component.path != nil
            let glob = pattern.compiled(caseSensitive: component.caseSensitive, variables: component.variables)
            // The beginning is the pattern's first characters, up to a wildcard or variable. A
            // folded letter is two units: it stops before the first letter then. It stops before
            // a `/*` that may be left out too, and before trailing slashes, which decide nothing
            // (`GlobAutomaton`).
            var literal: [UInt16] = []
            for step in glob.steps.prefix(glob.parentAccept.map(Int.init) ?? glob.steps.count) {
                guard case .scalar(let scalar) = step, scalar < 0x80, component.caseSensitive || !(0x61...0x7A).contains(scalar)
                else { break }
                // A decoded path is compared over the paths a URL spells (`ClaimedPathLanguage`):
                // there a segment character is never escaped, and `/` is `/` or `%2F`.
                // The spellings double at each such `/` after the first: it stops before the seventh.
                if decodesEscapes {
                    let isSlash = scalar == UInt32(GlobAutomaton.slash)
                    guard isSlash || PathText.isSegmentCharacter(UInt8(scalar)) else { break }
                    if isSlash && !literal.isEmpty && literal.count(where: { $0 == GlobAutomaton.slash }) > 6 { break }
                }
                literal.append(UInt16(scalar))
            }
            while literal.last == GlobAutomaton.slash { literal.removeLast() }
            let automaton = GlobAutomaton(glob, decodesEscapes: decodesEscapes, from: literal.count)
            // An undefined variable right after the beginning: the component matches nothing.
            guard !automaton.startsDead else { return nil }
            for spelling in decodesEscapes ? Self.spellings(of: literal) : [literal] {
                beginnings.append((spelling, LiteralTrie.Exit(matcher: Int32(index), state: 0)))
            }
            return automaton
        }
        excludes = components.map(\.exclude)
        trie = LiteralTrie(beginnings)
    }

    /// The ways a URL spells a decoded beginning: each `/` after the first as itself or as
    /// `%2F` (the beginning holds seven at most: 64 spellings).
    private static func spellings(of literal: [UInt16]) -> [[UInt16]] {
        var spellings: [[UInt16]] = [[]]
        for (offset, unit) in literal.enumerated() {
            if unit == GlobAutomaton.slash && offset > 0 {
                spellings = spellings.flatMap { [$0 + [unit], $0 + Array("%2F".utf16)] }
            } else {
                spellings = spellings.map { $0 + [unit] }
            }
        }
        return spellings
    }

    /// Where the walk stands: the trie node of the text read so far (-1 once it has left the
    /// trie, or once no component inside it can decide), the components under way with their
    /// automata's states, ascending, and the first component that no longer counts — the one
    /// after a component that matches whatever follows.
    package struct State: Hashable {
        var node: Int32
        var cutoff: Int32
        var alive = ShortList<Alive>()
    }

    /// A component under way, and its automaton's state.
    struct Alive: ShortListElement {
        let component: Int32
        let state: Int32

        static var placeholder: Self { Self(component: -1, state: GlobAutomaton.dead) }
    }

    package func stateHash(_ state: State) -> Int {
        var hasher = StateHasher()
        hasher.combine(state.node, state.cutoff)
        for alive in state.alive { hasher.combine(alive.component, alive.state) }
        return hasher.value
    }

    package var start: State {
        var state = State(node: 0, cutoff: Int32(globs.count))
        arrive(at: 0, in: &state)
        return state
    }

    package func step(_ state: State, _ unit: UInt16) -> State {
        var next = State(node: state.node < 0 ? -1 : trie.child(of: state.node, unit), cutoff: state.cutoff)
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

    /// Nothing after a component without conditions that matches whatever follows can decide a path.
    private func cut(_ state: inout State) {
        if let first = state.alive.firstIndex(where: {
            conditionIndex[Int($0.component)] == nil && globs[Int($0.component)]!.matchesEverything($0.state)
        }) {
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

    /// Whether some URL of a path ending in `state` opens the app.
    package func accepts(_ state: State) -> Bool? {
        decision(state, .someURL).component.map { !excludes[$0] } ?? false
    }

    /// The component that decides a path ending in `state`, under the query and fragment of
    /// `urlEnd(state, .someURL)`: the first alive whose glob has matched the whole path and
    /// whose conditions they meet (the components still inside the trie have not matched it).
    package func decider(_ state: State) -> Int? { decision(state, .someURL).component }

    /// Whether every URL of a path ending in `state` opens the app, and the component that
    /// decides one that does not (else, the URL without query or fragment).
    package func everyURL(_ state: State) -> (accepts: Bool?, decider: Int?) {
        guard relative != nil else { return (accepts(state), decider(state)) }
        let component = decision(state, .everyURL).component
        return (component.map { !excludes[$0] } ?? false, component)
    }

    /// Whether no query and fragment can be told apart within the budgets: nothing is decided.
    package var isUndecided: Bool { relative != nil && relative?.candidates == nil }

    /// The query and fragment, as they end a witness URL (`?q#f`), under which the path ending
    /// in `state` gets its verdict: for `someURL`, one that opens the app if any does; for
    /// `everyURL`, one that does not if any does not. Empty when neither matters.
    package func urlEnd(_ state: State, _ quantifier: Quantifier) -> String {
        guard let candidates = relative?.candidates else { return "" }
        let candidate = candidates[decision(state, quantifier).candidate]
        return (candidate.query.map { "?" + $0 } ?? "") + (candidate.fragment.map { "#" + $0 } ?? "")
    }

    /// A verdict: the deciding component (nil: none matches) and the candidate it holds for.
    private struct Decision {
        let component: Int?
        var candidate = 0
    }

    package func replica() -> Self {
        var replica = self
        replica.globs = globs.map { $0?.copy() }
        replica.decisions = DecisionCache()
        return replica
    }

    /// Decisions by the components that match a path, per quantifier: many states share them.
    private final class DecisionCache {
        var someURL: [[Int32]: Decision] = [:]
        var everyURL: [[Int32]: Decision] = [:]
    }

    /// The verdict for paths ending in `state` under `quantifier`: with the first candidate
    /// that gives the quantifier's verdict, else the URL without query or fragment.
    private func decision(_ state: State, _ quantifier: Quantifier) -> Decision {
        guard let candidates = relative?.candidates else {
            let first = state.alive.first { globs[Int($0.component)]!.accepts($0.state) }
            return Decision(component: first.map { Int($0.component) })
        }
        var matched: [Int32] = []
        for alive in state.alive where globs[Int(alive.component)]!.accepts(alive.state) {
            matched.append(alive.component)
            if conditionIndex[Int(alive.component)] == nil { break }
        }
        if let known = quantifier == .someURL ? decisions.someURL[matched] : decisions.everyURL[matched] { return known }
        func decided(by candidate: AppleQueryAndFragment.Candidate) -> Int? {
            matched.first { component in conditionIndex[Int(component)].map { candidate.meets[$0] } ?? true }.map(Int.init)
        }
        var found = Decision(component: decided(by: candidates[0]))
        for (index, candidate) in candidates.enumerated() {
            let component = decided(by: candidate)
            if component.map({ !excludes[$0] }) ?? false == (quantifier == .someURL) {
                found = Decision(component: component, candidate: index)
                break
            }
        }
        if quantifier == .someURL { decisions.someURL[matched] = found } else { decisions.everyURL[matched] = found }
        return found
    }

    /// Whether what decides no longer changes: no component is under way or inside the trie, or
    /// the first one matches whatever follows.
    package func size(_ state: State) -> Int { 1 + state.alive.count }

    package func isFinal(_ state: State) -> Bool {
        let firstInside = state.node >= 0 ? trie.leastMatcher(below: state.node) : Int32.max
        guard let last = state.alive.last else { return firstInside == Int32.max }
        // Every component alive matches whatever follows, none can join before the last, and
        // the last has no conditions (or none can join at all).
        return last.component < firstInside && (conditionIndex[Int(last.component)] == nil || firstInside == Int32.max)
            && state.alive.allSatisfy { globs[Int($0.component)]!.matchesEverything($0.state) }
    }
}

/// One component's path glob (`AppleGlob`) as iOS applies it to a URL path
/// (`ApplePathPattern`), as a deterministic automaton over the path's UTF-16 code units, built on
/// demand. iOS drops the path's trailing run of `/` before it compares, so a state holds two sets
/// of glob positions: those reachable over everything read, and those reachable before the run
/// of `/` that ends it, which decide if the path ends here. A component with `percentEncoded`
/// false compares the decoded path: its state also holds where the decoding stands (within an
/// escape, within a character of several bytes), and a path that does not decode matches
/// nothing. Not shared between threads.
///
/// `AppleComponentLanguage` walks the literal beginning of such a component in the spellings
/// an encoded URL path has (`ClaimedPathLanguage.isEncodedSpelling`): there it decides as the
/// matcher does; a path spelled otherwise (`%61` for `a`) is no URL path the comparison meets.
final class GlobAutomaton {
    static let dead: Int32 = -1
    static let slash = UInt16(UInt8(ascii: "/"))
    private static let percent = UInt16(UInt8(ascii: "%"))
    /// The key of every character the glob does not name: a scalar no pattern holds.
    private static let unnamed = UInt32.max

    private let glob: AppleGlob
    private let decodesEscapes: Bool

    /// The sets of glob positions, interned.
    private var positions: [[Int32]] = []
    private var setIndex: [[Int32]: Int32] = [:]
    /// Per set, the scalars its positions name (folded), whether it matches whatever follows
    /// (a `*` from which the glob may end), whether a text that ends here matches, and the
    /// steps found so far: by named scalar, and for every other one.
    private var setScalars: [Set<UInt32>] = []
    private var setMatchesAll: [Bool] = []
    private var setAccepts: [Bool] = []
    private var setSteps: [[UInt32: Int32]] = []
    private var setOtherStep: [Int32?] = []

    /// Where the decoding of a path with escapes stands.
    private struct Decoding: Hashable {
        /// -1 outside an escape; 16 just after its `%`; the first digit's value after that.
        var escape: Int8 = -1
        /// The continuation bytes still due of a character of several bytes.
        var remaining: UInt8 = 0
        /// The range the next continuation byte must lie in (UTF-8's rule after each lead byte).
        var nextLow: UInt8 = 0x80
        var nextHigh: UInt8 = 0xBF
        /// The bytes of that character so far, while they begin a character the glob names;
        /// empty otherwise (which one it will be then makes no difference).
        var named: [UInt8] = []
    }
    private var decodings: [Decoding] = [Decoding()]
    private var decodingIndex: [Decoding: Int32] = [Decoding(): 0]
    /// The UTF-8 of every character above ASCII the glob names, which a decoded path can only
    /// spell with escapes.
    private let namedSequences: [[UInt8]]

    /// A state: the set over everything read, the set before the trailing run of `/`, and the
    /// decoding (0 when outside any escape or character).
    private struct Triple: Hashable {
        let current: Int32
        let beforeSlashes: Int32
        let decoding: Int32
    }
    private var states: [Triple] = []
    private var stateIndex: [Triple: Int32] = [:]
    /// Per state, the transitions found so far: by unit, and for every unit no distinction names.
    private var byUnit: [[UInt16: Int32]] = []
    private var other: [Int32?] = []

    /// The automaton of `glob` from position `start` on: state 0 has read the `start` literal
    /// characters before it, which end in no `/` (none when decoding).
    init(_ glob: AppleGlob, decodesEscapes: Bool, from start: Int = 0) {
        self.glob = glob
        self.decodesEscapes = decodesEscapes
        var sequences = Set<[UInt8]>()
        for step in glob.steps {
            if case .scalar(let scalar) = step, scalar >= 0x80, let character = Unicode.Scalar(scalar) {
                sequences.insert(Array(String(character).utf8))
            }
        }
        namedSequences = sequences.sorted { $0.lexicographicallyPrecedes($1) }
        let first = internSet(glob.closure([Int32(start)]))
        _ = intern(Triple(current: first, beforeSlashes: first, decoding: 0))
    }

    /// An automaton of its own with the states this one has built so far.
    func copy() -> GlobAutomaton { GlobAutomaton(copying: self) }

    private init(copying other: GlobAutomaton) {
        glob = other.glob
        decodesEscapes = other.decodesEscapes
        positions = other.positions
        setIndex = other.setIndex
        setScalars = other.setScalars
        setMatchesAll = other.setMatchesAll
        setAccepts = other.setAccepts
        setSteps = other.setSteps
        setOtherStep = other.setOtherStep
        decodings = other.decodings
        decodingIndex = other.decodingIndex
        namedSequences = other.namedSequences
        states = other.states
        stateIndex = other.stateIndex
        byUnit = other.byUnit
        self.other = other.other
    }

    /// Whether no path matches from the start (state 0 does not exist then).
    var startsDead: Bool { states.isEmpty }

    private func internSet(_ set: [Int32]) -> Int32 {
        if let known = setIndex[set] { return known }
        let id = Int32(positions.count)
        positions.append(set)
        setIndex[set] = id
        var named = Set<UInt32>()
        var matchesAll = false
        for position in set {
            switch glob.steps[Int(position)] {
            case .scalar(let scalar): named.insert(scalar)
            case .character(let characterClass): named.formUnion(characterClass.members(caseSensitive: glob.caseSensitive))
            case .star: matchesAll = matchesAll || glob.accepts(glob.closure([position + 1]))
            case .any, .fork, .jump, .accept: break
            }
        }
        setScalars.append(named)
        setMatchesAll.append(matchesAll)
        setAccepts.append(glob.accepts(set))
        setSteps.append([:])
        setOtherStep.append(nil)
        return id
    }

    /// The set after reading `scalar`, folded.
    private func stepSet(_ set: Int32, _ scalar: UInt32) -> Int32 {
        let key = setScalars[Int(set)].contains(scalar) ? scalar : Self.unnamed
        if key != Self.unnamed, let known = setSteps[Int(set)][key] { return known }
        if key == Self.unnamed, let known = setOtherStep[Int(set)] { return known }
        let target = internSet(glob.closure(glob.successors(of: positions[Int(set)], on: key)))
        if key != Self.unnamed { setSteps[Int(set)][key] = target } else { setOtherStep[Int(set)] = target }
        return target
    }

    /// The state of `triple`; dead when no path from it can match: nothing is left of the glob,
    /// and the path so far, without its trailing slashes, does not match either.
    private func intern(_ triple: Triple) -> Int32 {
        if positions[Int(triple.current)].isEmpty && !setAccepts[Int(triple.beforeSlashes)] { return Self.dead }
        if let known = stateIndex[triple] { return known }
        let id = Int32(states.count)
        states.append(triple)
        stateIndex[triple] = id
        byUnit.append([:])
        other.append(nil)
        return id
    }

    private func internDecoding(_ decoding: Decoding) -> Int32 {
        if let known = decodingIndex[decoding] { return known }
        let id = Int32(decodings.count)
        decodings.append(decoding)
        decodingIndex[decoding] = id
        return id
    }

    /// The units the state tells apart, both cases of a folded letter included, and `/`; when
    /// decoding, `%` and, within an escape, each hex digit.
    func distinctions(_ state: Int32) -> [UInt16] {
        let triple = states[Int(state)]
        if decodesEscapes && decodings[Int(triple.decoding)].escape >= 0 {
            return Array(UInt16(UInt8(ascii: "0"))...UInt16(UInt8(ascii: "9")))
                + Array(UInt16(UInt8(ascii: "A"))...UInt16(UInt8(ascii: "F")))
                + Array(UInt16(UInt8(ascii: "a"))...UInt16(UInt8(ascii: "f")))
        }
        var told: [UInt16] = [Self.slash]
        if decodesEscapes { told.append(Self.percent) }
        for scalar in setScalars[Int(triple.current)] where scalar <= 0xFFFF {
            told.append(UInt16(scalar))
            if !glob.caseSensitive && (0x61...0x7A).contains(scalar) { told.append(UInt16(scalar - 0x20)) }
        }
        return told
    }

    /// Whether the glob matches, from `state`, whatever follows: the path as it stands, and
    /// every longer one. Never when decoding: a later escape that does not decode still fails.
    func matchesEverything(_ state: Int32) -> Bool {
        let triple = states[Int(state)]
        return !decodesEscapes && setMatchesAll[Int(triple.current)] && setAccepts[Int(triple.beforeSlashes)]
    }

    /// Whether a path that ends here matches.
    func accepts(_ state: Int32) -> Bool {
        let triple = states[Int(state)]
        return triple.decoding == 0 && setAccepts[Int(triple.beforeSlashes)]
    }

    func step(_ state: Int32, _ unit: UInt16) -> Int32 {
        let triple = states[Int(state)]
        // The cache is by unit for the units that count, and one entry for all others. Within
        // an escape every hex digit counts, so a decoding automaton caches by unit.
        let named: UInt16?
        if decodesEscapes {
            named = unit
        } else {
            let folded = UInt16(AppleGlob.fold(UInt32(unit), caseSensitive: glob.caseSensitive))
            named = folded == Self.slash || setScalars[Int(triple.current)].contains(UInt32(folded)) ? folded : nil
        }
        if let named, let known = byUnit[Int(state)][named] { return known }
        if named == nil, let known = other[Int(state)] { return known }
        let target = decodesEscapes ? decode(triple, unit) : read(triple, UInt32(unit), decoding: 0)
        if let named { byUnit[Int(state)][named] = target } else { other[Int(state)] = target }
        return target
    }

    /// The state after the decoded path gains `scalar`.
    private func read(_ triple: Triple, _ scalar: UInt32, decoding: Int32) -> Int32 {
        let current = stepSet(triple.current, AppleGlob.fold(scalar, caseSensitive: glob.caseSensitive))
        let beforeSlashes = scalar == UInt32(Self.slash) ? triple.beforeSlashes : current
        return intern(Triple(current: current, beforeSlashes: beforeSlashes, decoding: decoding))
    }

    /// The state after `unit` of a path that is decoded before it is compared: an escape's `%`
    /// and digits, and the bytes of a character of several, decide nothing until it is whole.
    /// A character under way that no way of finishing leaves the glob alive is dead at once,
    /// not at its last byte: otherwise every glob state would have a state per partial escape
    /// and partial character, and the comparison would walk them all.
    private func decode(_ triple: Triple, _ unit: UInt16) -> Int32 {
        var decoding = decodings[Int(triple.decoding)]
        let unchanged = { (decoding: Decoding) in
            guard self.mayFinish(triple, decoding) else { return Self.dead }
            return self.intern(
                Triple(current: triple.current, beforeSlashes: triple.beforeSlashes, decoding: self.internDecoding(decoding)))
        }
        if decoding.escape < 0 {
            if unit == Self.percent {
                decoding.escape = 16
                return unchanged(decoding)
            }
            // A character written as itself within one of several bytes does not decode.
            guard decoding.remaining == 0 else { return Self.dead }
            return read(triple, UInt32(unit), decoding: 0)
        }
        guard unit < 0x80, let digit = PathText.hexValue(UInt8(unit)) else { return Self.dead }
        if decoding.escape == 16 {
            decoding.escape = Int8(digit)
            return unchanged(decoding)
        }
        let byte = UInt8(decoding.escape) << 4 | digit
        decoding.escape = -1
        if decoding.remaining == 0 {
            switch byte {
            case 0..<0x80: return read(triple, UInt32(byte), decoding: 0)
            case 0xC2...0xDF: decoding.remaining = 1
            case 0xE0...0xEF: decoding.remaining = 2
            case 0xF0...0xF4: decoding.remaining = 3
            default: return Self.dead
            }
            // UTF-8 has one encoding per character: these lead bytes narrow the next.
            (decoding.nextLow, decoding.nextHigh) =
                switch byte {
                case 0xE0: (0xA0, 0xBF)
                case 0xED: (0x80, 0x9F)
                case 0xF0: (0x90, 0xBF)
                case 0xF4: (0x80, 0x8F)
                default: (0x80, 0xBF)
                }
            decoding.named = [byte]
        } else {
            guard (decoding.nextLow...decoding.nextHigh).contains(byte) else { return Self.dead }
            (decoding.nextLow, decoding.nextHigh) = (0x80, 0xBF)
            decoding.remaining -= 1
            if !decoding.named.isEmpty { decoding.named.append(byte) }
        }
        if !decoding.named.isEmpty && !namedSequences.contains(where: { $0.starts(with: decoding.named) }) {
            decoding.named = []
        }
        guard decoding.remaining == 0 else { return unchanged(decoding) }
        let scalar = decoding.named.isEmpty ? Self.unnamed : String(decoding: decoding.named, as: UTF8.self).unicodeScalars.first!.value
        return read(triple, scalar, decoding: 0)
    }

    /// Whether the character whose decoding stands at `decoding` may end in a scalar after which
    /// the glob can still match: an over-approximation (a lead byte may begin some character
    /// the glob does not name), never an under-approximation, so that only dead states go.
    private func mayFinish(_ triple: Triple, _ decoding: Decoding) -> Bool {
        let unnamedLives = lives(after: Self.unnamed, in: triple)
        let namedLives = { (prefix: [UInt8]) in
            self.namedSequences.contains { sequence in
                sequence.starts(with: prefix)
                    && self.lives(after: String(decoding: sequence, as: UTF8.self).unicodeScalars.first!.value, in: triple)
            }
        }
        // The bytes the escape under way may still decode to.
        let bytes: ClosedRange<Int> =
            decoding.escape < 0 || decoding.escape == 16 ? 0x00...0xFF : (Int(decoding.escape) << 4)...(Int(decoding.escape) << 4 | 0xF)
        guard decoding.remaining == 0 else {
            // A continuation byte of a character already begun.
            guard bytes.overlaps(Int(decoding.nextLow)...Int(decoding.nextHigh)) else { return false }
            return unnamedLives || (!decoding.named.isEmpty && namedLives(decoding.named))
        }
        for byte in bytes.clamped(to: 0x00...0x7F) where lives(after: UInt32(byte), in: triple) { return true }
        let leads = bytes.clamped(to: 0xC2...0xF4)
        return !leads.isEmpty && (unnamedLives || namedSequences.contains { leads.contains(Int($0[0])) && namedLives([$0[0]]) })
    }

    /// Whether a state is left alive after the decoded path gains `scalar` (as `read` and
    /// `intern` decide it), without making that state.
    private func lives(after scalar: UInt32, in triple: Triple) -> Bool {
        let current = stepSet(triple.current, AppleGlob.fold(scalar, caseSensitive: glob.caseSensitive))
        let beforeSlashes = scalar == UInt32(Self.slash) ? triple.beforeSlashes : current
        return !positions[Int(current)].isEmpty || setAccepts[Int(beforeSlashes)]
    }
}
