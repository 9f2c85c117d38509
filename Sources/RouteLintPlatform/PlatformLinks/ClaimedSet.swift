import RouteLintCore

/// An app's claimed set (docs/app-links.md, "What the app claims") as a deterministic automaton over path segments: the
/// URL paths whose most specific route — one trailing `/` ignored — has `web` on.
///
/// A state is the set of (route, segments matched) positions still alive; a segment steps by
/// its word: each literal any alive route spells at that position has an edge, every other
/// non-empty segment takes the `other` edge. Positions only grow, except a `**` that has taken
/// a segment, so the automaton is a tree-like graph whose only cycles are states of `**`
/// routes alone looping on themselves; paths deeper than every pattern end in such a state or
/// in the dead one.
package struct ClaimedSegments {
    /// One state.
    package struct State {
        /// The literal edges, sorted by word (UTF-16 order): a segment spelled `word` goes to `target`.
        package var words: [[UInt16]]
        package var targets: [Int32]
        /// Where every other non-empty segment goes.
        package var other: Int32
        /// The route that a path ending here opens, as an index into `routes`; nil when none does.
        package var route: Int32?
        /// Whether several routes match a path ending here and none is more specific (a
        /// conflict `conflicting-patterns` reports): `route` is then one of them.
        package var isAmbiguous = false
        /// Whether a path ending here is claimed.
        package var claimed: Bool
        /// Whether no path through here, this one included, is claimed.
        var isDead: Bool
    }

    /// The routes with a valid path, in the app's order.
    package let routes: [Route]
    /// The states; `start` is 0 (the path `/`).
    package private(set) var states: [State] = []
    /// How a literal segment is spelled in the paths the platform compares.
    let spelling: LiteralSpelling
    /// False when the construction stopped at its state limit: a hostile set whose alive
    /// route sets multiply. The states then stop short; no answer may rest on them.
    package private(set) var isComplete = true
    /// The routes with `web` off that carve paths out of a web route's — they decide some path
    /// a web route also matches — while no path of theirs is decided by a web route: claiming
    /// them too, then excluding exactly their paths, claims the same set.
    package private(set) var carveOuts: Set<Int32> = []

    /// How the platform sees a route's literal segment.
    package enum LiteralSpelling {
        /// As written, percent-escapes kept in canonical upper case: Apple compares the URL's
        /// encoded path.
        case encoded
        /// Percent-decoded: Android compares `Uri.getPath()`.
        case decoded
    }

    private struct Item: Hashable, Comparable {
        let route: Int32
        /// Segments matched; for a `**` route, its segment count once the `**` has taken one.
        let position: Int32

        static func < (lhs: Item, rhs: Item) -> Bool {
            (lhs.route, lhs.position) < (rhs.route, rhs.position)
        }
    }

    /// The automaton of `app`'s claimed set, its literals spelled as `spelling` says; the
    /// construction stops after `stateLimit` states (see `isComplete`).
    /// `alsoClaimed` (indices into `routes`) claim their paths as if their `web` were on.
    package init(_ app: AppModel, spelling: LiteralSpelling, alsoClaimed: Set<Int32> = [], stateLimit: Int = Int.max) {
        routes = app.routes.filter { $0.path != nil }
        self.spelling = spelling
        let patterns = routes.map { $0.path!.value }
        let words = patterns.map { pattern in
            pattern.segments.map { segment -> [UInt16]? in
                guard case .literal(let symbol) = segment else { return nil }
                return Self.spell(app.text(symbol), spelling)
            }
        }
        var index: [[Item]: Int32] = [:]
        var pending: [[Item]] = []
        func intern(_ items: [Item]) -> Int32 {
            if let known = index[items] { return known }
            let id = Int32(index.count)
            index[items] = id
            pending.append(items)
            return id
        }
        _ = intern((0..<Int32(routes.count)).map { Item(route: $0, position: 0) })
        var carving = Set<Int32>()
        var yielding = Set<Int32>()
        var cursor = 0
        states.reserveCapacity(routes.count * 2)
        while cursor < pending.count {
            if cursor >= stateLimit {
                isComplete = false
                break
            }
            let items = pending[cursor]
            cursor += 1
            // The words spelled at this position, and what each segment word advances.
            var byWord: [[UInt16]: [Item]] = [:]
            var others: [Item] = []
            var ended: [Int32] = []
            for item in items {
                let pattern = patterns[Int(item.route)]
                let count = Int32(pattern.segments.count)
                if item.position == count {
                    ended.append(item.route)
                    // A `**` that has taken a segment takes every further one.
                    if pattern.endsWithRest { others.append(item) }
                    continue
                }
                let next = Item(route: item.route, position: item.position + 1)
                switch pattern.segments[Int(item.position)] {
                case .literal: byWord[words[Int(item.route)][Int(item.position)]!, default: []].append(next)
                case .parameter, .wildcard, .rest: others.append(next)
                }
            }
            let sortedWords = byWord.keys.sorted { $0.lexicographicallyPrecedes($1) }
            // A literal's segment also advances every route that takes any segment there.
            let targets = sortedWords.map { word in intern((byWord[word]! + others).sorted()) }
            let other = intern(others.sorted())
            let route = Self.mostSpecific(ended, patterns)
            if let route {
                if routes[Int(route)].isWeb {
                    yielding.formUnion(ended.filter { !routes[Int($0)].isWeb })
                } else if ended.contains(where: { routes[Int($0)].isWeb }) {
                    carving.insert(route)
                }
            }
            states.append(
                State(
                    words: sortedWords, targets: targets, other: other, route: route,
                    isAmbiguous: route.map { Self.isAmbiguous($0, ended, patterns) } ?? false,
                    claimed: route.map { routes[Int($0)].isWeb || alsoClaimed.contains($0) } ?? false, isDead: false))
        }
        carveOuts = carving.subtracting(yielding)
        if !isComplete {
            // Edges to states never built lead nowhere: the dead end stands for them.
            let limit = Int32(states.count)
            states.append(State(words: [], targets: [], other: limit, route: nil, claimed: false, isDead: true))
            for id in states.indices {
                states[id].targets = states[id].targets.map { min($0, limit) }
                states[id].other = min(states[id].other, limit)
            }
        }
        markDead()
    }

    /// The route of `ended` whose paths all others' include: in a set without conflicts the
    /// routes that match one path are ordered by specificity, and resolution takes the least.
    private static func mostSpecific(_ ended: [Int32], _ patterns: [PathPattern]) -> Int32? {
        guard var best = ended.first else { return nil }
        for candidate in ended.dropFirst() where patterns[Int(candidate)].isSubset(of: patterns[Int(best)]) {
            best = candidate
        }
        return best
    }

    /// Whether some route of `ended` other than `best` is not strictly less specific.
    private static func isAmbiguous(_ best: Int32, _ ended: [Int32], _ patterns: [PathPattern]) -> Bool {
        let pattern = patterns[Int(best)]
        return ended.contains { other in
            other != best && (!pattern.isSubset(of: patterns[Int(other)]) || patterns[Int(other)].isSubset(of: pattern))
        }
    }

    /// Whether `state` has only `**` routes that have taken a segment: it loops on every segment.
    private func isLoop(_ id: Int) -> Bool { states[id].words.isEmpty && states[id].other == Int32(id) }

    /// Every state after all its successors other than itself. A state holding a route that is
    /// not a taken `**` has a depth — its routes' positions — and steps one deeper, to a state
    /// interned later; only looping states are reached from several depths, and they reach
    /// nothing else.
    package func successorsFirst() -> [Int] {
        let loops = states.indices.filter(isLoop)
        return loops + states.indices.reversed().filter { !isLoop($0) }
    }

    /// Marks the states from which no claimed path is reachable.
    private mutating func markDead() {
        for id in successorsFirst() {
            let state = states[id]
            let successors = state.targets + [state.other]
            states[id].isDead = !state.claimed && successors.allSatisfy { $0 == Int32(id) || states[Int($0)].isDead }
        }
    }

    /// The same claimed set with states merged that claim alike from there on, whatever their
    /// routes: the fewest pieces to write. A literal edge to where `other` leads anyway is
    /// dropped; deciders are gone (`route` is nil).
    func mergedByClaim() -> ClaimedSegments {
        struct Signature: Hashable {
            let claimed: Bool
            /// The class `other` leads to; -1 for the state itself.
            let other: Int32
            let words: [[UInt16]]
            let targets: [Int32]
        }
        var classOf = [Int32](repeating: -1, count: states.count)
        var classes: [Signature: Int32] = [:]
        var merged: [State] = []
        for id in successorsFirst() {
            let state = states[id]
            let other = state.other == Int32(id) ? -1 : classOf[Int(state.other)]
            var words: [[UInt16]] = []
            var targets: [Int32] = []
            for (word, target) in zip(state.words, state.targets) where classOf[Int(target)] != other {
                words.append(word)
                targets.append(classOf[Int(target)])
            }
            let signature = Signature(claimed: state.claimed, other: other, words: words, targets: targets)
            if let known = classes[signature] {
                classOf[id] = known
                continue
            }
            let index = Int32(merged.count)
            classes[signature] = index
            classOf[id] = index
            merged.append(
                State(
                    words: words, targets: targets, other: other == -1 ? index : other, route: nil, claimed: state.claimed,
                    isDead: state.isDead))
        }
        // Renumber so that the start is 0 again.
        let start = classOf[0]
        var copy = self
        copy.states = merged.indices.map { index in
            var state = merged[index]
            let renumber = { (id: Int32) -> Int32 in id == start ? 0 : id == 0 ? start : id }
            state.targets = state.targets.map(renumber)
            state.other = renumber(state.other)
            return state
        }
        copy.states.swapAt(0, Int(start))
        return copy
    }

    /// `text`'s code units as the platform reads them.
    static func spell(_ text: String, _ spelling: LiteralSpelling) -> [UInt16] {
        switch spelling {
        case .encoded: return Array(text.utf16)
        case .decoded: return Array(String(decoding: PathText.decode(Array(text.utf8)), as: UTF8.self).utf16)
        }
    }

    /// The route that opens `path` (code units, as this automaton spells them), when one does.
    func route(opening path: [UInt16]) -> Int32? {
        var state: Int32 = 0
        for segment in path.split(separator: UInt16(UInt8(ascii: "/")), omittingEmptySubsequences: true) {
            state = target(of: state, word: segment)
        }
        return states[Int(state)].route
    }

    /// The state a segment spelled `word` leads to from `state`.
    package func target(of state: Int32, word: ArraySlice<UInt16>) -> Int32 {
        let current = states[Int(state)]
        var low = 0
        var high = current.words.count
        while low < high {
            let middle = (low + high) / 2
            if current.words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
        }
        if low < current.words.count && current.words[low].elementsEqual(word) { return current.targets[low] }
        return current.other
    }
}

/// The claimed set over code units: `ClaimedSegments` read a character at a time. Paths
/// outside the compared domain — not starting with `/`, with an empty segment other than one
/// trailing `/`, or, spelled encoded, with a unit that no percent-encoded path holds — have no
/// verdict.
package struct ClaimedPathLanguage: PathLanguage {
    package let segments: ClaimedSegments

    /// The language of the paths `segments` claims.
    package init(segments: ClaimedSegments) {
        self.segments = segments
    }

    /// Where the walk stands.
    package struct State: Hashable {
        enum Phase: UInt8 {
            /// Nothing read.
            case begin
            /// Just after a `/`: a path ending here is the segment state's with a trailing `/`.
            case segmentStart
            /// Inside a segment: the words of the state sorted in `low..<high` start with the
            /// `length` units read; an empty range when none does.
            case inSegment
            /// Outside the domain, for good.
            case outside
        }

        var phase: Phase
        var segment: Int32
        var low: Int32 = 0
        var high: Int32 = 0
        var length: Int32 = 0
        /// In an encoded path, within a `%XX` escape: 16 just after the `%`, the first digit's
        /// value after it; -1 outside an escape.
        var escape: Int8 = -1
    }

    private static let slash = UInt16(UInt8(ascii: "/"))

    /// Whether `unit` may stand in a percent-encoded URL path: unreserved and sub-delimiter
    /// characters, `:`, `@`, `/` and the `%` of an escape.
    static func isEncodedPathUnit(_ unit: UInt16) -> Bool {
        guard unit < 0x80 else { return false }
        let byte = UInt8(unit)
        return PathText.isSegmentCharacter(byte) || "/:%*".utf8.contains(byte)
    }

    /// Whether `path` is spelled as the encoded paths compared are: from `/`, with the units a
    /// percent-encoded path holds, each escape upper-case hex for a byte that is no segment
    /// character. A path with an empty segment is spelled so too, though the claimed set gives it
    /// no verdict.
    package static func isEncodedSpelling(_ path: String) -> Bool {
        let units = Array(path.utf16)
        guard units.first == slash else { return false }
        var index = 0
        while index < units.count {
            guard isEncodedPathUnit(units[index]) else { return false }
            if units[index] == percent {
                guard index + 2 < units.count, let high = upperHexValue(units[index + 1]), let low = upperHexValue(units[index + 2]),
                    !PathText.isSegmentCharacter(high << 4 | low)
                else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    package var start: State { State(phase: .begin, segment: 0) }

    package func step(_ state: State, _ unit: UInt16) -> State {
        guard segments.spelling == .encoded else { return stepUnit(state, unit) }
        // An encoded path holds only the characters RFC 3986 allows in one, and escapes as
        // static segments are written: `%` and two upper-case hex digits, for a byte that is
        // no segment character (resolution decodes escapes, so `%41` would be `A`).
        let outside = State(phase: .outside, segment: 0)
        guard Self.isEncodedPathUnit(unit) else { return outside }
        if state.escape >= 0 {
            guard let digit = Self.upperHexValue(unit) else { return outside }
            var next = stepUnit(state, unit)
            if state.escape == 16 {
                next.escape = Int8(digit)
            } else {
                guard !PathText.isSegmentCharacter(UInt8(state.escape) << 4 | digit) else { return outside }
                next.escape = -1
            }
            return next
        }
        var next = stepUnit(state, unit)
        if unit == Self.percent && next.phase != .outside { next.escape = 16 }
        return next
    }

    private static let percent = UInt16(UInt8(ascii: "%"))

    private static func upperHexValue(_ unit: UInt16) -> UInt8? {
        switch unit {
        case 0x30...0x39: return UInt8(unit - 0x30)
        case 0x41...0x46: return UInt8(unit - 0x41 + 10)
        default: return nil
        }
    }

    private func stepUnit(_ state: State, _ unit: UInt16) -> State {
        switch state.phase {
        case .begin:
            return unit == Self.slash ? State(phase: .segmentStart, segment: 0) : State(phase: .outside, segment: 0)
        case .segmentStart:
            if unit == Self.slash { return State(phase: .outside, segment: 0) }
            return narrowed(State(phase: .inSegment, segment: state.segment, high: Int32(words(state).count)), by: unit)
        case .inSegment:
            if unit == Self.slash { return State(phase: .segmentStart, segment: closedSegment(state)) }
            return narrowed(state, by: unit)
        case .outside:
            return state
        }
    }

    private func words(_ state: State) -> [[UInt16]] { segments.states[Int(state.segment)].words }

    /// `state` after one more unit of the segment: the words that still agree with it.
    private func narrowed(_ state: State, by unit: UInt16) -> State {
        var next = state
        guard state.low < state.high else {
            next.length = 1
            return next
        }
        let words = words(state)
        let offset = Int(state.length)
        var low = Int(state.low)
        var high = Int(state.high)
        // The words in range share their first `offset` units and are sorted, so those with
        // `unit` next form one run.
        while low < high && (words[low].count <= offset || words[low][offset] < unit) { low += 1 }
        high = low
        while high < Int(state.high) && words[high].count > offset && words[high][offset] == unit { high += 1 }
        if low == high {
            (next.low, next.high, next.length) = (0, 0, 1)
        } else {
            (next.low, next.high, next.length) = (Int32(low), Int32(high), state.length + 1)
        }
        return next
    }

    /// The segment state after the segment `state` is reading ends.
    private func closedSegment(_ state: State) -> Int32 {
        let current = segments.states[Int(state.segment)]
        if state.low < state.high && current.words[Int(state.low)].count == Int(state.length) {
            return current.targets[Int(state.low)]
        }
        return current.other
    }

    package func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        ranges.append(Self.slash...Self.slash)
        if segments.spelling == .encoded {
            ranges.append(Self.percent...Self.percent)
            if state.escape >= 0 {
                ranges.append(0x30...0x39)
                ranges.append(0x41...0x46)
            }
        }
        switch state.phase {
        case .begin, .outside: return
        case .segmentStart:
            var previous: UInt16?
            for word in words(state) where word.first != previous {
                previous = word.first
                ranges.append(word[0]...word[0])
            }
        case .inSegment:
            let words = words(state)
            for index in Int(state.low)..<Int(state.high) where words[index].count > Int(state.length) {
                let unit = words[index][Int(state.length)]
                ranges.append(unit...unit)
            }
        }
    }

    package func accepts(_ state: State) -> Bool? {
        // A path that ends inside an escape is no URL path.
        if state.escape >= 0 { return nil }
        switch state.phase {
        case .begin, .outside: return nil
        case .segmentStart: return segments.states[Int(state.segment)].claimed
        case .inSegment: return segments.states[Int(closedSegment(state))].claimed
        }
    }

    package func decider(_ state: State) -> Int? {
        let segment: Int32
        switch state.phase {
        case .begin, .outside: return nil
        case .segmentStart: segment = state.segment
        case .inSegment: segment = closedSegment(state)
        }
        return segments.states[Int(segment)].route.map(Int.init)
    }

    package func isFinal(_ state: State) -> Bool {
        switch state.phase {
        case .outside: return true
        case .begin: return false
        case .segmentStart, .inSegment:
            // A dead state's successors are dead: wherever its segment ends, nothing is claimed.
            return segments.states[Int(state.segment)].isDead
        }
    }
}
