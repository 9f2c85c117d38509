import RouteLintCore

/// An app's claimed set (docs/app-links.md, "What the app claims") as a deterministic automaton over path segments: the
/// URL paths whose most specific route — one trailing `/` ignored — has `web` on.
///
/// A state is the set of (route, segments matched) positions still alive; a segment steps by
/// its word: each literal any alive route spells at that position (a static segment, or a
/// value of a listed type) has an edge, and every other non-empty segment takes the `other`
/// edge of its shape — an integer, a UUID or anything else (docs/usage.md, "Parameter types
/// and query items"), so that an `int` parameter takes the first and no other. Positions only
/// grow, except a `**` that has taken a segment, so the automaton is a tree-like graph whose
/// only cycles are states of `**` routes alone looping on themselves; paths deeper than every
/// pattern end in such a state or in the dead one.
///
/// Query items are not segments: where routes that end at a state declare some, a path is
/// claimed when some URL of it (some query) opens a web route — the paths a platform file
/// that reads no query must claim — and `route` is the route its URL without query items
/// opens (docs/app-links.md, "Typed routes and query items").
package struct ClaimedSegments {
    /// One state.
    package struct State {
        /// The literal edges, sorted by word (UTF-16 order): a segment spelled `word` goes to `target`.
        package var words: [[UInt16]]
        package var targets: [Int32]
        /// Where every other non-empty segment of no particular shape goes.
        package var other: Int32
        /// Where every other segment that is an integer goes (`ValueShape.integer`).
        package var integerOther: Int32
        /// Where every other segment that is a UUID goes (`ValueShape.uuid`).
        package var uuidOther: Int32
        /// The route that a path ending here opens, as an index into `routes`; nil when none does.
        package var route: Int32?
        /// Whether several routes match a path ending here and none is more specific (a
        /// conflict `conflicting-patterns` reports): `route` is then one of them.
        package var isAmbiguous = false
        /// Whether a path ending here is claimed: some URL of it opens a web route.
        package var claimed: Bool
        /// Whether some URLs of a path ending here open a web route and others do not: their
        /// query decides (`claimed` is then true).
        package var claimVariesWithQuery = false
        /// Whether no path through here, this one included, is claimed.
        var isDead: Bool

        init(
            words: [[UInt16]], targets: [Int32], other: Int32, integerOther: Int32? = nil, uuidOther: Int32? = nil, route: Int32?,
            isAmbiguous: Bool = false, claimed: Bool, isDead: Bool
        ) {
            self.words = words
            self.targets = targets
            self.other = other
            self.integerOther = integerOther ?? other
            self.uuidOther = uuidOther ?? other
            self.route = route
            self.isAmbiguous = isAmbiguous
            self.claimed = claimed
            self.isDead = isDead
        }

        /// Where a segment that is no word and has `shape` goes.
        package func other(_ shape: ValueShape) -> Int32 {
            switch shape {
            case .integer: return integerOther
            case .uuid: return uuidOther
            case .other: return other
            }
        }

        /// Whether segments that are no word go alike whatever their shape.
        package var othersAgree: Bool { integerOther == other && uuidOther == other }

        /// The targets of the segments that are no word: `other` first, then each shape's that differs.
        package var otherTargets: [Int32] {
            othersAgree ? [other] : [other] + [integerOther, uuidOther].filter { $0 != other }
        }
    }

    /// The routes by their opening paths (`AppModel.routesByOpeningPath`): each route with a
    /// valid path, and again for each of its aliases, in the app's order.
    package let routes: [Route]
    /// The states; `start` is 0 (the path `/`).
    package private(set) var states: [State] = []
    /// How a literal segment is spelled in the paths the platform compares.
    let spelling: LiteralSpelling
    /// False when the construction stopped at its state limit: a hostile set whose alive
    /// route sets multiply. The states then stop short; no answer may rest on them.
    package private(set) var isComplete = true
    /// Whether some route types a parameter or declares a query item: a platform that cannot
    /// say types may have to claim more than the set (docs/app-links.md, "Typed routes and query items").
    package var hasTypedRoutes: Bool { routes.contains { !$0.params.isEmpty || !$0.query.isEmpty } }
    /// Whether some state sends segments of different shapes to different states: a typed
    /// parameter decides there, and a walk over code units must tell shapes apart.
    package private(set) var tellsShapesApart = false
    /// Whether some path's verdict depends on its query: some URLs of it open a web route and
    /// others do not, or none; `claimed` then says that some do.
    package private(set) var claimDependsOnQuery = false
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

    /// A state of the construction as its index keys it: its sorted items, and their hash,
    /// computed once, a multiply-xorshift step an item. `Hasher` ran SipHash over both numbers
    /// of every item at every lookup — the root's set holds every route — which was a tenth
    /// of a platform check. Seeded per process, as `SymbolTable`'s hash is, so that a hostile
    /// set cannot aim at collisions.
    private struct ItemSet: Hashable {
        let items: [Item]
        let hash: UInt64

        private static let seed = UInt64.random(in: .min ... .max)

        init(_ items: [Item]) {
            var state = Self.seed ^ UInt64(items.count)
            for item in items {
                state = WordHash.mix(state ^ (UInt64(UInt32(bitPattern: item.route)) << 32 | UInt64(UInt32(bitPattern: item.position))))
            }
            self.items = items
            hash = state ^ (state >> 32)
        }

        static func == (lhs: ItemSet, rhs: ItemSet) -> Bool { lhs.hash == rhs.hash && lhs.items == rhs.items }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// The automaton of `app`'s claimed set, its literals spelled as `spelling` says; the
    /// construction stops after `stateLimit` states (see `isComplete`).
    /// `alsoClaimed` (indices into `routes`) claim their paths as if their `web` were on.
    package init(_ app: AppModel, spelling: LiteralSpelling, alsoClaimed: Set<Int32> = [], stateLimit: Int = Int.max) {
        routes = app.routesByOpeningPath
        self.spelling = spelling
        let patterns = routes.map { URLPattern($0.path!.value, of: $0) }
        let shapes = SegmentShapes(app.symbols)
        // Per route and segment, the word of a static segment (or a type of one listed value),
        // and the words of a listed type's values: the segments it matches by word. A word is
        // a number here (`wordTexts` spells it): two symbols that decode alike are one word, and
        // the construction hashes and sorts numbers, not arrays of units.
        var listedWords: [Int: [Int: [Int32]]] = [:]
        var wordTexts: [[UInt16]] = []
        var wordNumbers: [[UInt16]: Int32] = [:]
        // Each symbol spelled once: the segments of a large set repeat a few words thousands of
        // times, and spelling one (its text, decoded, as UTF-16) cost more than the rest.
        var spelled = [Int32?](repeating: nil, count: app.symbols.count)
        func word(_ symbol: Symbol) -> Int32 {
            if let known = spelled[Int(symbol.index)] { return known }
            let text = Self.spell(app.text(symbol), spelling)
            let number = wordNumbers[text] ?? Int32(wordTexts.count)
            if number == Int32(wordTexts.count) {
                wordNumbers[text] = number
                wordTexts.append(text)
            }
            spelled[Int(symbol.index)] = number
            return number
        }
        let words = patterns.enumerated().map { route, pattern in
            pattern.path.segments.indices.map { position -> Int32? in
                switch pattern.path.segments[position] {
                case .literal(let symbol): return word(symbol)
                case .wildcard, .rest: return nil
                case .parameter:
                    switch pattern.segment(position) {
                    case .literal(let symbol): return word(symbol)
                    case .values(.listed(let values)):
                        listedWords[route, default: [:]][position] = values.map { word($0.segment) }
                        return nil
                    case .values, .rest: return nil
                    }
                }
            }
        }
        // Each word's place in UTF-16 order, which a state's edges are sorted in.
        var wordRanks = [Int32](repeating: 0, count: wordTexts.count)
        for (rank, number) in wordTexts.indices.sorted(by: { wordTexts[$0].lexicographicallyPrecedes(wordTexts[$1]) }).enumerated() {
            wordRanks[number] = Int32(rank)
        }
        var index: [ItemSet: Int32] = [:]
        var pending: [[Item]] = []
        func intern(_ items: [Item]) -> Int32 {
            let key = ItemSet(items)
            if let known = index[key] { return known }
            let id = Int32(index.count)
            index[key] = id
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
            var byWord: [Int32: [Item]] = [:]
            var others: [Item] = []
            var integers: [Item] = []
            var uuids: [Item] = []
            var ended: [Int32] = []
            for item in items {
                let pattern = patterns[Int(item.route)]
                let count = Int32(pattern.segmentCount)
                if item.position == count {
                    ended.append(item.route)
                    // A `**` that has taken a segment takes every further one.
                    if pattern.endsWithRest { others.append(item) }
                    continue
                }
                let next = Item(route: item.route, position: item.position + 1)
                if let word = words[Int(item.route)][Int(item.position)] {
                    byWord[word, default: []].append(next)
                    continue
                }
                if let values = listedWords[Int(item.route)]?[Int(item.position)] {
                    for word in values { byWord[word, default: []].append(next) }
                    continue
                }
                switch pattern.segment(Int(item.position)) {
                case .values(.integer): integers.append(next)
                case .values(.uuid): uuids.append(next)
                case .values, .rest, .literal: others.append(next)
                }
            }
            let sortedWords = byWord.keys.sorted { wordRanks[Int($0)] < wordRanks[Int($1)] }
            // A word also advances every route that takes any segment there, or any of its shape.
            let typesApart = !integers.isEmpty || !uuids.isEmpty
            let targets = sortedWords.map { word in
                // A word of a shape a typed parameter takes advances that parameter too.
                let shape = typesApart ? Self.shape(of: wordTexts[Int(word)]) : .other
                let typed = shape == .integer ? integers : shape == .uuid ? uuids : []
                // Each list is in the order of `items`, sorted already: only a union needs sorting.
                let advanced = byWord[word]!
                return intern(others.isEmpty && typed.isEmpty ? advanced : (advanced + others + typed).sorted())
            }
            let other = intern(others)
            let integerOther = integers.isEmpty ? other : intern((others + integers).sorted())
            let uuidOther = uuids.isEmpty ? other : intern((others + uuids).sorted())
            if integerOther != other || uuidOther != other { tellsShapesApart = true }
            let decision = Self.decide(ended, patterns, shapes: shapes) { routes[Int($0)].isWeb || alsoClaimed.contains($0) }
            if decision.dependsOnQuery { claimDependsOnQuery = true }
            if let route = decision.route {
                if routes[Int(route)].isWeb {
                    yielding.formUnion(ended.filter { !routes[Int($0)].isWeb })
                } else if ended.contains(where: { routes[Int($0)].isWeb }) {
                    carving.insert(route)
                }
            }
            var state = State(
                words: sortedWords.map { wordTexts[Int($0)] }, targets: targets, other: other, integerOther: integerOther,
                uuidOther: uuidOther,
                route: decision.route, isAmbiguous: decision.isAmbiguous, claimed: decision.claimed, isDead: false)
            state.claimVariesWithQuery = decision.dependsOnQuery
            states.append(state)
        }
        carveOuts = carving.subtracting(yielding)
        if !isComplete {
            // Edges to states never built lead nowhere: the dead end stands for them.
            let limit = Int32(states.count)
            states.append(State(words: [], targets: [], other: limit, route: nil, claimed: false, isDead: true))
            for id in states.indices {
                states[id].targets = states[id].targets.map { min($0, limit) }
                states[id].other = min(states[id].other, limit)
                states[id].integerOther = min(states[id].integerOther, limit)
                states[id].uuidOther = min(states[id].uuidOther, limit)
            }
        }
        markDead()
    }

    /// What a path ending at a state opens.
    private struct Decision {
        /// The route its URL without query items opens; when none does, the first route some
        /// query opens.
        var route: Int32?
        /// Whether routes conflict for that URL.
        var isAmbiguous = false
        /// Whether some URL of the path (some query) opens a claimed route.
        var claimed = false
        /// Whether some URL of the path opens a claimed route and another does not.
        var dependsOnQuery = false
    }

    /// The most query cells (`decide`) a path is judged over; past it, a path that some route
    /// claims counts as claimed (a superset no real route set reaches: it takes more than 4,096
    /// combinations of declared items' values).
    static let queryCellLimit = 4_096

    /// One item's state in a URL, as the routes tell them apart: absent, one of the values
    /// some route lists, or a value no route lists, of a shape.
    private enum ItemCell {
        case absent
        case listed(ListedValue)
        case unlisted(ValueShape)

        func meets(_ set: QueryItemSet) -> Bool {
            switch self {
            case .absent: return set.allowsAbsence
            case .listed(let value): return set.values.contains(value)
            case .unlisted(let shape): return set.values.contains(unlistedOfShape: shape)
            }
        }
    }

    /// What a path that the routes `ended` match opens: over every class of queries when some
    /// of them declare query items (the URLs of one class open the same route), else by path.
    private static func decide(
        _ ended: [Int32], _ patterns: [URLPattern], shapes: SegmentShapes, isClaimed: (Int32) -> Bool
    ) -> Decision {
        guard !ended.isEmpty else { return Decision() }
        var names: [Symbol] = []
        for route in ended {
            for item in patterns[Int(route)].query where !names.contains(item.name) { names.append(item.name) }
        }
        if names.isEmpty {
            let (best, isAmbiguous) = mostSpecific(ended, patterns, shapes)
            return Decision(route: best, isAmbiguous: isAmbiguous, claimed: isClaimed(best))
        }
        names.sort()
        let choices = names.map { name in
            var listed: [ListedValue] = []
            for route in ended {
                guard let set = patterns[Int(route)].query.first(where: { $0.name == name })?.set, case .listed(let values) = set.values
                else { continue }
                for value in values where !listed.contains(value) { listed.append(value) }
            }
            return [ItemCell.absent] + listed.map(ItemCell.listed) + [.unlisted(.integer), .unlisted(.uuid), .unlisted(.other)]
        }
        let cellCount = choices.reduce(1) { $0 > queryCellLimit ? $0 : $0 * $1.count }
        guard cellCount <= queryCellLimit else {
            let claimed = ended.contains(where: isClaimed)
            return Decision(route: ended[0], claimed: claimed, dependsOnQuery: claimed)
        }
        var decision = Decision()
        var someUnclaimed = false
        var firstOpened: Int32?
        // Every combination, the URL without items (all absent) first.
        var odometer = [Int](repeating: 0, count: names.count)
        for cellIndex in 0..<cellCount {
            let matching = ended.filter { route in
                patterns[Int(route)].query.allSatisfy { item in
                    let position = names.firstIndex(of: item.name)!
                    return choices[position][odometer[position]].meets(item.set)
                }
            }
            if !matching.isEmpty {
                let (best, isAmbiguous) = mostSpecific(matching, patterns, shapes)
                if cellIndex == 0 { (decision.route, decision.isAmbiguous) = (best, isAmbiguous) }
                if firstOpened == nil { firstOpened = best }
                if isClaimed(best) { decision.claimed = true } else { someUnclaimed = true }
            } else {
                someUnclaimed = true
            }
            for position in odometer.indices.reversed() {
                odometer[position] += 1
                if odometer[position] < choices[position].count { break }
                odometer[position] = 0
            }
        }
        if decision.route == nil { decision.route = firstOpened }
        decision.dependsOnQuery = decision.claimed && someUnclaimed
        return decision
    }

    /// The route of `candidates` whose URLs all others' include — in a set without conflicts
    /// the routes that match one URL are ordered by specificity, and resolution takes the
    /// least — and whether some other is not strictly less specific (a conflict).
    private static func mostSpecific(_ candidates: [Int32], _ patterns: [URLPattern], _ shapes: SegmentShapes) -> (Int32, Bool) {
        func isSubset(_ a: Int32, _ b: Int32) -> Bool {
            let (first, second) = (patterns[Int(a)], patterns[Int(b)])
            // Most routes are untyped: their paths alone decide, segment by segment.
            if first.isUntyped && second.isUntyped { return first.path.isSubset(of: second.path) }
            let relation = first.relation(to: second, shapes: shapes)
            return relation == .moreSpecific || relation == .equivalent
        }
        var best = candidates[0]
        for candidate in candidates.dropFirst() where isSubset(candidate, best) { best = candidate }
        let isAmbiguous = candidates.contains { other in other != best && (!isSubset(best, other) || isSubset(other, best)) }
        return (best, isAmbiguous)
    }

    /// Whether `state` has only `**` routes that have taken a segment: it loops on every segment.
    private func isLoop(_ id: Int) -> Bool {
        states[id].words.isEmpty && states[id].othersAgree && states[id].other == Int32(id)
    }

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
            // Read in place: a copy of the state, or a list of its successors, cost an
            // allocation and its release a state.
            func isDead(_ target: Int32) -> Bool { target == Int32(id) || states[Int(target)].isDead }
            states[id].isDead =
                !states[id].claimed && isDead(states[id].other) && isDead(states[id].integerOther) && isDead(states[id].uuidOther)
                && states[id].targets.allSatisfy(isDead)
        }
    }

    /// The same claimed set with states merged that claim alike from there on, whatever their
    /// routes: the fewest pieces to write. A literal edge to where `other` leads anyway is
    /// dropped; deciders are gone (`route` is nil).
    func mergedByClaim() -> ClaimedSegments {
        struct Signature: Hashable {
            let claimed: Bool
            /// The classes `other`, `integerOther` and `uuidOther` lead to; -1 for the state itself.
            let others: SIMD3<Int32>
            let words: [[UInt16]]
            let targets: [Int32]
            /// The fields mixed once, the words by their units: most states fall into a few
            /// classes, and `Hasher` over the nested arrays at each lookup cost more than the
            /// rest of the merge.
            let mixed: Int

            init(claimed: Bool, others: SIMD3<Int32>, words: [[UInt16]], targets: [Int32]) {
                (self.claimed, self.others, self.words, self.targets) = (claimed, others, words, targets)
                var hasher = StateHasher()
                hasher.combine(claimed ? 1 : 0, others[0])
                hasher.combine(others[1], others[2])
                for (word, target) in zip(words, targets) {
                    hasher.combine(Int32(word.count), target)
                    for unit in word { hasher.combine(UInt64(unit)) }
                }
                mixed = hasher.value
            }

            static func == (a: Self, b: Self) -> Bool {
                a.mixed == b.mixed && a.claimed == b.claimed && a.others == b.others && a.targets == b.targets && a.words == b.words
            }

            func hash(into hasher: inout Hasher) { hasher.combine(mixed) }
        }
        var classOf = [Int32](repeating: -1, count: states.count)
        var classes: [Signature: Int32] = [:]
        var merged: [State] = []
        for id in successorsFirst() {
            let state = states[id]
            let classOfOther = { (target: Int32) in target == Int32(id) ? -1 : classOf[Int(target)] }
            let others = SIMD3(classOfOther(state.other), classOfOther(state.integerOther), classOfOther(state.uuidOther))
            var words: [[UInt16]] = []
            var targets: [Int32] = []
            for (word, target) in zip(state.words, state.targets)
            where classOf[Int(target)] != (state.othersAgree ? others[0] : others[Self.shapeIndex(Self.shape(of: word))]) {
                words.append(word)
                targets.append(classOf[Int(target)])
            }
            let signature = Signature(claimed: state.claimed, others: others, words: words, targets: targets)
            if let known = classes[signature] {
                classOf[id] = known
                continue
            }
            let index = Int32(merged.count)
            classes[signature] = index
            classOf[id] = index
            let (other, integerOther, uuidOther) = (others[0], others[1], others[2])
            merged.append(
                State(
                    words: words, targets: targets, other: other == -1 ? index : other,
                    integerOther: integerOther == -1 ? index : integerOther, uuidOther: uuidOther == -1 ? index : uuidOther, route: nil,
                    claimed: state.claimed, isDead: state.isDead))
        }
        // Renumber so that the start is 0 again.
        let start = classOf[0]
        var copy = self
        copy.states = merged.indices.map { index in
            var state = merged[index]
            let renumber = { (id: Int32) -> Int32 in id == start ? 0 : id == 0 ? start : id }
            state.targets = state.targets.map(renumber)
            state.other = renumber(state.other)
            state.integerOther = renumber(state.integerOther)
            state.uuidOther = renumber(state.uuidOther)
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

    /// The state a segment spelled `word` leads to from `state`.
    package func target(of state: Int32, word: ArraySlice<UInt16>) -> Int32 {
        let current = states[Int(state)]
        var low = 0
        var high = current.words.count
        word.withUnsafeBufferPointer { word in
            while low < high {
                let middle = (low + high) / 2
                if Self.precedes(current.words[middle], word) { low = middle + 1 } else { high = middle }
            }
        }
        if low < current.words.count && current.words[low].elementsEqual(word) { return current.targets[low] }
        return current.othersAgree ? current.other : current.other(Self.shape(of: word))
    }

    /// `word.lexicographicallyPrecedes(other)`, by index: the generic one, through two
    /// iterators, cost the writing of the pieces (`AndroidLinkPaths.pieces`) a tenth of its time.
    private static func precedes(_ word: [UInt16], _ other: UnsafeBufferPointer<UInt16>) -> Bool {
        word.withUnsafeBufferPointer { word in
            var index = 0
            while index < word.count && index < other.count {
                if word[index] != other[index] { return word[index] < other[index] }
                index += 1
            }
            return word.count < other.count
        }
    }

    /// The shape of a segment spelled `word` (code units of either spelling: an encoded path
    /// that escapes no segment character spells digits, hex digits and `-` as they are).
    package static func shape<Units: Collection<UInt16>>(of word: Units) -> ValueShape {
        guard word.allSatisfy({ $0 < 0x80 }) else { return .other }
        return ValueShape.of(word.lazy.map { UInt8($0) })
    }

    private static func shapeIndex(_ shape: ValueShape) -> Int {
        switch shape {
        case .other: return 0
        case .integer: return 1
        case .uuid: return 2
        }
    }

    /// A segment of `shape` that is none of `words` (sorted), for a witness that takes the
    /// state's `other` edge of that shape: `x`, `1`, a UUID, or the same with a number added.
    package static func sampleWord(of shape: ValueShape, avoiding words: [[UInt16]]...) -> [UInt16] {
        var attempt = 1
        while true {
            let text: String
            switch shape {
            case .other: text = attempt == 1 ? "x" : "x\(attempt)"
            case .integer: text = String(attempt)
            case .uuid:
                let suffix = String(attempt)
                text = "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - suffix.count) + suffix
            }
            let word = Array(text.utf16)
            if !words.contains(where: { contains($0, word) }) { return word }
            attempt += 1
        }
    }

    /// Whether the sorted `words` hold `word`.
    static func contains(_ words: [[UInt16]], _ word: [UInt16]) -> Bool {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
        }
        return low < words.count && words[low] == word
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
        /// Where the segment read so far stands in an integer, when the set tells shapes apart:
        /// 0 nothing read, 1 after a `-`, 1 + n after n digits, `Self.noInteger` when it is none.
        var integerProgress: Int8 = 0
        /// How many units of a UUID the segment read so far spells; `Self.noUUID` when it is none.
        var uuidProgress: Int8 = 0
        /// In an encoded path, within a `%XX` escape: 16 just after the `%`, the first digit's
        /// value after it; -1 outside an escape.
        var escape: Int8 = -1

        /// The fields as three words: the walk's tables hash them without `Hasher`
        /// (`ClaimedPathLanguage.stateHash`), and hashing each of eight fields on its own cost
        /// more than the step.
        func combine(into hasher: inout StateHasher) {
            hasher.combine(segment, low)
            hasher.combine(high, length)
            hasher.combine(
                UInt64(phase.rawValue) << 24 | UInt64(UInt8(bitPattern: integerProgress)) << 16
                    | UInt64(UInt8(bitPattern: uuidProgress)) << 8 | UInt64(UInt8(bitPattern: escape)))
        }
    }

    package func stateHash(_ state: State) -> Int {
        var hasher = StateHasher()
        state.combine(into: &hasher)
        return hasher.value
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
            return shapeRead(narrowed(State(phase: .inSegment, segment: state.segment, high: Int32(words(state).count)), by: unit), unit)
        case .inSegment:
            if unit == Self.slash { return State(phase: .segmentStart, segment: closedSegment(state)) }
            return shapeRead(narrowed(state, by: unit), unit)
        case .outside:
            return state
        }
    }

    private static let noInteger: Int8 = 20
    private static let noUUID: Int8 = 37
    private static let hyphen = UInt16(UInt8(ascii: "-"))

    /// `state` with `unit` read into its shape: tracked only where the segment's state sends
    /// that shape elsewhere than other segments, so that a walk through untyped parameters
    /// (and every walk of an untyped set) has no more states than without types.
    private func shapeRead(_ state: State, _ unit: UInt16) -> State {
        guard segments.tellsShapesApart else { return state }
        let current = segments.states[Int(state.segment)]
        var next = state
        let isDigit = unit >= 0x30 && unit <= 0x39
        switch state.integerProgress {
        case _ where current.integerOther == current.other: next.integerProgress = Self.noInteger
        case 0: next.integerProgress = unit == Self.hyphen ? 1 : isDigit ? 2 : Self.noInteger
        case 1...18: next.integerProgress = isDigit ? state.integerProgress + 1 : Self.noInteger
        default: next.integerProgress = Self.noInteger
        }
        let position = Int(state.uuidProgress)
        if current.uuidOther == current.other {
            next.uuidProgress = Self.noUUID
        } else if position < 36 {
            let expected = [8, 13, 18, 23].contains(position)
            let fits = expected ? unit == Self.hyphen : unit < 0x80 && PathText.hexValue(UInt8(unit)) != nil
            next.uuidProgress = fits ? state.uuidProgress + 1 : Self.noUUID
        } else {
            next.uuidProgress = Self.noUUID
        }
        return next
    }

    /// The shape of the segment `state` has read.
    private func shape(_ state: State) -> ValueShape {
        if (2...19).contains(state.integerProgress) { return .integer }
        if state.uuidProgress == 36 { return .uuid }
        return .other
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
        return current.other(shape(state))
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
        if segments.tellsShapesApart && (state.phase == .segmentStart || state.phase == .inSegment) {
            // The units that decide a segment's shape, while a shape the state tells apart is
            // still possible: `-` and digits for an integer, hex digits too for a UUID.
            let current = segments.states[Int(state.segment)]
            let reading = state.phase == .segmentStart
            let integerLive = current.integerOther != current.other && (reading || state.integerProgress < Self.noInteger)
            let uuidLive = current.uuidOther != current.other && (reading || state.uuidProgress < Self.noUUID)
            if integerLive || uuidLive {
                ranges.append(Self.hyphen...Self.hyphen)
                ranges.append(0x30...0x39)
            }
            if uuidLive {
                ranges.append(0x41...0x46)
                ranges.append(0x61...0x66)
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
            // The words in range are sorted and agree up to here: their next units come in
            // order, each once however many words share it.
            let words = words(state)
            var previous: UInt16?
            for index in Int(state.low)..<Int(state.high) where words[index].count > Int(state.length) {
                let unit = words[index][Int(state.length)]
                guard unit != previous else { continue }
                previous = unit
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

    /// A path some URLs of which open a web route and others not is judged by whether a file
    /// claims some URL of it: which queries it claims there is not compared.
    package func judgedBySomeURL(_ state: State) -> Bool {
        switch state.phase {
        case .begin, .outside: return false
        case .segmentStart: return segments.states[Int(state.segment)].claimVariesWithQuery
        case .inSegment: return segments.states[Int(closedSegment(state))].claimVariesWithQuery
        }
    }

    /// The verdicts of the answers above from the segment a path ending in `state` closes,
    /// found once rather than by each answer.
    package func verdicts(_ state: State) -> PathVerdicts {
        let closed: Int32
        switch state.phase {
        case .begin, .outside: return PathVerdicts(accepts: nil, decider: nil, isFinal: isFinal(state))
        case .segmentStart: closed = state.segment
        case .inSegment: closed = closedSegment(state)
        }
        // Read field by field: the segment state itself holds arrays, which a copy would retain.
        let segment = Int(closed)
        return PathVerdicts(
            accepts: state.escape >= 0 ? nil : segments.states[segment].claimed, decider: segments.states[segment].route.map(Int.init),
            isFinal: isFinal(state), judgedBySomeURL: segments.states[segment].claimVariesWithQuery)
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

    /// The language itself: it only reads its segments.
    package func replica() -> Self { self }
}
