import RouteLintCore

/// The queries and fragments of a URL as the query and fragment filters of
/// `<uri-relative-filter-group>` elements (API 35+, AOSP's `UriRelativeFilter`) and of Dynamic
/// App Links rules tell them apart: a query filter matches when one piece of the decoded query
/// — split on `&`, or on `;` when that gives a single piece, as Java's `String.split` splits —
/// matches its pattern; a fragment filter matches the decoded fragment, and a URL without `#`
/// has none to match.
///
/// What the filters decide depends only on which query and fragment filters a URL satisfies.
/// Every string's set is found over every string, not sampled: the filters' scans are stepped
/// together over every piece (a product automaton, one unit per region they tell apart), which
/// gives each set one piece (or fragment) matches — its *type* — with a string that does; a
/// query is any list of pieces, so it satisfies a union of types.
///
/// Nor are all unions needed. The groups of a filter, and the dynamic rules, are each a
/// *chain* tried in order, and whether a condition holds only grows with what the query and
/// fragment satisfy. So for any URL, keeping only the pieces that make the first satisfied
/// entry of each chain hold — one inclusion-minimal type per filter they name — leaves every
/// earlier entry unsatisfied and gives the same verdict: the *candidates* — for each choice of
/// at most one conditional entry per chain, each way to cover those entries with minimal types —
/// are every verdict's representatives, and their number grows with the conditional entries,
/// not with the subsets of filters.
struct AndroidQueryAndFragment {
    /// A query or fragment: the filters it satisfies, and its decoded text (nil for a URL
    /// without that part).
    struct Choice {
        let satisfied: FilterSet
        let text: [UInt16]?
    }

    /// A query and a fragment to decide a path's URLs with.
    struct Candidate {
        let query: Choice
        let fragment: Choice
    }

    /// The query and fragment filters one entry of a chain (a group, a dynamic rule) names.
    struct Requirement: Hashable {
        var queries = FilterSet()
        var fragments = FilterSet()

        func union(_ other: Requirement) -> Requirement {
            Requirement(queries: queries.union(other.queries), fragments: fragments.union(other.fragments))
        }
    }

    let queryPatterns: [AndroidPathPattern]
    let fragmentPatterns: [AndroidPathPattern]
    /// Every verdict's representatives; the first is the URL without query or fragment.
    let candidates: [Candidate]

    /// States the stepping of every piece may visit, and candidates there may be: past them
    /// the filters are not decided (the run says so) rather than decided by a part of the
    /// strings.
    static let stateBudget = 20_000
    static let candidateBudget = 4_096

    static let ampersand = UInt16(UInt8(ascii: "&"))
    static let semicolon = UInt16(UInt8(ascii: ";"))

    /// The candidates for these filters and the chains of entries that name them (an entry
    /// naming none needs no candidate); nil when finding them passes the budgets.
    init?(queryPatterns: [AndroidPathPattern], fragmentPatterns: [AndroidPathPattern], chains: [[Requirement]]) {
        self.queryPatterns = queryPatterns
        self.fragmentPatterns = fragmentPatterns
        // A piece never holds `&`: the query is split on it.
        guard let pieces = Self.matchSets(queryPatterns, excluding: Self.ampersand),
            let fragmentTypes = Self.matchSets(fragmentPatterns, excluding: nil)
        else { return nil }
        // What the first satisfied entries of the chains require together, at most one per chain.
        var requirements: [Requirement] = [Requirement()]
        var known: Set<Requirement> = [Requirement()]
        for chain in chains {
            var extended = requirements
            for requirement in requirements {
                for entry in chain where entry != Requirement() {
                    let joined = requirement.union(entry)
                    guard known.insert(joined).inserted else { continue }
                    guard known.count <= Self.candidateBudget else { return nil }
                    extended.append(joined)
                }
            }
            requirements = extended
        }
        var candidates: [Candidate] = []
        for requirement in requirements {
            // Each query filter covered by a type of its own that holds no other type containing
            // it; the fragment, one minimal type holding every fragment filter required.
            var covers: [(satisfied: FilterSet, pieces: [Int])] = [(FilterSet(), [])]
            for filter in requirement.queries.members {
                let minimal = Self.minimalTypes(pieces, holding: FilterSet([filter]))
                var next: [(satisfied: FilterSet, pieces: [Int])] = []
                for cover in covers {
                    for type in minimal where !next.contains(where: { $0.satisfied == cover.satisfied.union(pieces[type].satisfied) }) {
                        // A piece written twice would be two empty pieces — `&`, which Java splits
                        // into none — so a type already in the cover is not added again.
                        let written = cover.pieces.contains(type) ? cover.pieces : cover.pieces + [type]
                        next.append((cover.satisfied.union(pieces[type].satisfied), written))
                    }
                }
                covers = next
                guard covers.count <= Self.candidateBudget else { return nil }
            }
            let fragments: [Choice] =
                requirement.fragments.isEmpty
                ? [Choice(satisfied: FilterSet(), text: nil)]
                : Self.minimalTypes(fragmentTypes, holding: requirement.fragments).map { fragmentTypes[$0] }
            for cover in covers {
                let query =
                    cover.pieces.isEmpty
                    ? Choice(satisfied: FilterSet(), text: nil)
                    : Choice(satisfied: cover.satisfied, text: Self.query(joining: cover.pieces.map { pieces[$0].text ?? [] }))
                for fragment in fragments { candidates.append(Candidate(query: query, fragment: fragment)) }
            }
            guard candidates.count <= Self.candidateBudget else { return nil }
        }
        self.candidates = candidates
    }

    /// The types among `types` that hold every filter of `required` and hold no other such type.
    static func minimalTypes(_ types: [Choice], holding required: FilterSet) -> [Int] {
        let holding = types.indices.filter { types[$0].satisfied.isSuperset(of: required) }
        return holding.filter { index in
            !holding.contains { other in
                other != index && types[index].satisfied.isSuperset(of: types[other].satisfied)
                    && types[index].satisfied != types[other].satisfied
            }
        }
    }

    /// The pieces Android compares with query filters: the decoded query split on `&`, or on `;`
    /// when that gives one piece, with Java's `split` (trailing empty pieces dropped, so `a=1&`
    /// is one piece, and then split on `;`).
    static func pieces(ofQuery query: [UInt16]) -> [[UInt16]] {
        let pieces = javaSplit(query, on: ampersand)
        return pieces.count == 1 ? javaSplit(query, on: semicolon) : pieces
    }

    /// Java's `String.split` on one character: the whole text when it does not occur, else the
    /// pieces with trailing empty ones dropped.
    static func javaSplit(_ text: [UInt16], on separator: UInt16) -> [[UInt16]] {
        guard text.contains(separator) else { return [text] }
        var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
        while pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces
    }

    /// The query filters (indexes into `patterns`) that a decoded query satisfies; none without
    /// a query.
    static func satisfied(byQuery query: [UInt16]?, _ patterns: [AndroidPathPattern]) -> FilterSet {
        var satisfied = FilterSet()
        guard let query else { return satisfied }
        let pieces = Self.pieces(ofQuery: query).map { String(decoding: $0, as: UTF16.self) }
        for (index, pattern) in patterns.enumerated() where pieces.contains(where: pattern.matches) {
            satisfied.insert(index)
        }
        return satisfied
    }

    /// The fragment filters a decoded fragment satisfies; none without a fragment.
    static func satisfied(byFragment fragment: [UInt16]?, _ patterns: [AndroidPathPattern]) -> FilterSet {
        var satisfied = FilterSet()
        guard let fragment else { return satisfied }
        let text = String(decoding: fragment, as: UTF16.self)
        for (index, pattern) in patterns.enumerated() where pattern.matches(text) { satisfied.insert(index) }
        return satisfied
    }

    /// A decoded query whose pieces are `pieces` (their sets differ, so at most one is empty):
    /// the empty piece first, since Java drops trailing empty ones; a single piece holding `;`
    /// twice, so that splitting on `&` gives two pieces and `;` is not split on.
    static func query(joining pieces: [[UInt16]]) -> [UInt16] {
        let ordered = pieces.sorted { $0.isEmpty && !$1.isEmpty }
        if ordered.count == 1, ordered[0].contains(semicolon) { return ordered[0] + [ampersand] + ordered[0] }
        return Array(ordered.joined(separator: [ampersand]))
    }

    /// Every set of `patterns` that one string not holding `excluded` matches (its type), with
    /// the shortest such string, in the order found; nil past the state budget.
    static func matchSets(_ patterns: [AndroidPathPattern], excluding excluded: UInt16?) -> [Choice]? {
        guard !patterns.isEmpty else { return [] }
        let scans = patterns.map(AndroidPathScan.init)
        let start = scans.map(\.start)
        var seen: Set<[AndroidPathScan.State]> = [start]
        var queue: [(states: [AndroidPathScan.State], text: [UInt16])] = [(start, [])]
        var found: [Choice] = []
        var foundSets: Set<FilterSet> = []
        var ranges: [ClosedRange<UInt16>] = []
        var units: [UInt16] = []
        var scratch = PathLanguageComparison.RepresentativeScratch()
        var next = 0
        while next < queue.count {
            let (states, text) = queue[next]
            next += 1
            var satisfied = FilterSet()
            for (index, scan) in scans.enumerated() where scan.accepts(states[index]) { satisfied.insert(index) }
            if foundSets.insert(satisfied).inserted { found.append(Choice(satisfied: satisfied, text: text)) }
            // Each unit the scans tell apart, and the excluded unit and the surrogates apart from
            // the rest, so that a region's unit can be skipped without losing the others.
            ranges.removeAll(keepingCapacity: true)
            for (index, scan) in scans.enumerated() { scan.distinctions(states[index], into: &ranges) }
            if let excluded { ranges.append(excluded...excluded) }
            ranges.append(0xD800...0xDFFF)
            PathLanguageComparison.representatives(of: ranges, into: &units, scratch: &scratch)
            for unit in units where unit != excluded && !UTF16.isSurrogate(unit) {
                let stepped = scans.indices.map { scans[$0].step(states[$0], unit) }
                guard seen.insert(stepped).inserted else { continue }
                guard seen.count <= stateBudget else { return nil }
                queue.append((stepped, text + [unit]))
            }
        }
        return found
    }

    /// `text` percent-encoded for a URL's query or fragment: what Android decodes back to it
    /// (`&` kept as written, the pieces' separator).
    static func encoded(_ text: [UInt16], keepingAmpersands: Bool) -> String {
        URLText.percentEncoded(String(decoding: text, as: UTF16.self)) {
            URLText.isUnreserved($0) || $0 == "=" || (keepingAmpersands && $0 == "&")
        }
    }
}

/// A set of small non-negative numbers (filters, by their index), as bits. Its last word is
/// never zero (`insert` grows it to a set bit, `union` trims), so equal sets have equal words.
struct FilterSet: Hashable {
    private var words: [UInt64] = []

    /// The empty set.
    init() {}

    /// The set of `members`.
    init(_ members: [Int]) {
        for member in members { insert(member) }
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// Its members, ascending.
    var members: [Int] {
        words.indices.flatMap { word in (0..<64).filter { words[word] & (1 << UInt64($0)) != 0 }.map { word * 64 + $0 } }
    }

    mutating func insert(_ member: Int) {
        let (word, bit) = member.quotientAndRemainder(dividingBy: 64)
        while words.count <= word { words.append(0) }
        words[word] |= 1 << UInt64(bit)
    }

    func contains(_ member: Int) -> Bool {
        let (word, bit) = member.quotientAndRemainder(dividingBy: 64)
        return word < words.count && words[word] & (1 << UInt64(bit)) != 0
    }

    func union(_ other: FilterSet) -> FilterSet {
        var result = FilterSet()
        result.words = (0..<max(words.count, other.words.count)).map { index in
            (index < words.count ? words[index] : 0) | (index < other.words.count ? other.words[index] : 0)
        }
        while result.words.last == 0 { result.words.removeLast() }
        return result
    }

    func isSuperset(of other: FilterSet) -> Bool {
        for (index, word) in other.words.enumerated() where word & ~(index < words.count ? words[index] : 0) != 0 { return false }
        return true
    }
}
