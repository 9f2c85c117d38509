import RouteLintCore

/// A set of URL paths as a deterministic automaton over UTF-16 code units, stepped lazily:
/// the claimed set of a route set, or what a platform file claims under the platform's
/// matcher. Two languages are compared by walking both at once (`PathLanguageComparison`),
/// over every path, never over samples.
package protocol PathLanguage {
    associatedtype State: Hashable
    /// The state before the first unit.
    var start: State { get }
    /// The state after reading `unit` in `state`.
    func step(_ state: State, _ unit: UInt16) -> State
    /// Appends the ranges of units that `state` tells apart: the step from `state` depends only
    /// on which of the appended ranges contain the unit, so one unit per region stands for all.
    func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>])
    /// Whether a path that ends in `state` is in the set; nil when it lies outside the paths
    /// compared (an empty segment), for the language that defines them.
    func accepts(_ state: State) -> Bool?
    /// What decides `state`'s verdict — the route, the component or the `<data>` element — as an
    /// index the language's owner can name; nil when nothing does.
    func decider(_ state: State) -> Int?
    /// Whether the verdict and the decider of every path from `state` on are those of `state`
    /// (or, for the language that defines the domain, whether no path from here is accepted or
    /// in the domain). The walk stops where neither language can change.
    func isFinal(_ state: State) -> Bool
    /// The verdicts a second language may give a path ending in `state` and still be right:
    /// for the language that defines the domain. Only `accepts` by default; a band
    /// (`ExpressibleClaims`) lets a platform that cannot express the set claim less or more.
    func tolerance(_ state: State) -> PathTolerance
    /// What a difference the tolerance allows concerns — the route whose URLs a platform claims
    /// less or more of — as an index the language's owner can name.
    func toleratedDecider(_ state: State) -> Int?
    /// What `state` costs to hold and step, in patterns under way (1 by default): the
    /// comparison's budget counts it, so that states of thousands of patterns end it sooner.
    func size(_ state: State) -> Int
    /// For a language whose URLs of one path its query or fragment may decide apart — where
    /// `accepts` says whether *some* URL of a path is in the set — whether *every* URL is, and
    /// what decides that. By default, as `accepts` and `decider`.
    func everyURL(_ state: State) -> (accepts: Bool?, decider: Int?)
    /// For the language that defines the domain: whether a path it holds is held by a second
    /// language that holds *some* URL of it (its query decides which), rather than every URL.
    /// False by default.
    func judgedBySomeURL(_ state: State) -> Bool
    /// Every answer above but the distinctions, for a state the walk meets: by default each
    /// asked on its own; a language whose answers rest on one computation makes it once.
    func verdicts(_ state: State) -> PathVerdicts
    /// This language for a walk on another thread: it answers as this one and shares nothing
    /// with it that either changes (its caches are its own). Asked of this language on any
    /// thread, so it only reads.
    func replica() -> Self
    /// A hash of `state` for the walk's tables, equal for equal states: its `hashValue` by
    /// default; a language whose states are a few integers mixes them with `StateHasher`.
    func stateHash(_ state: State) -> Int
}

/// A hash of a state's integers for a walk's tables, which place a state by the hash's low
/// bits: one multiply-xorshift a word, where `Hasher`'s rounds cost the walk of a large file a
/// tenth of its instructions. Seeded once per process from `Hasher`'s own seed, so that no
/// file can choose states that collide, and fixed when Swift's hashing is
/// (`SWIFT_DETERMINISTIC_HASHING`, as the instruction counts run).
struct StateHasher {
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    private var mixed = Self.seed

    mutating func combine(_ word: UInt64) {
        mixed = WordHash.mix(mixed ^ word)
    }

    mutating func combine(_ high: Int32, _ low: Int32) {
        combine(UInt64(UInt32(bitPattern: high)) << 32 | UInt64(UInt32(bitPattern: low)))
    }

    /// The hash, its high bits (which every bit of every word moves) turned low.
    var value: Int { Int(truncatingIfNeeded: mixed >> 32 | mixed << 32) }
}

/// What a comparison asks of each state it meets (`PathLanguage` says what each answer means).
/// Kept for every state a walk meets, so its deciders are held as 32 bits (-1 for none): with
/// a word and a flag each, the verdicts took 56 bytes, and growing the walk's tables of them
/// was a tenth of its copying.
package struct PathVerdicts {
    let accepts: Bool?
    let isFinal: Bool
    let tolerance: PathTolerance
    let everyAccepts: Bool?
    let judgedBySomeURL: Bool
    private let heldDecider: Int32
    private let heldToleratedDecider: Int32
    private let heldEveryDecider: Int32

    var decider: Int? { Self.decider(heldDecider) }
    var toleratedDecider: Int? { Self.decider(heldToleratedDecider) }
    var everyDecider: Int? { Self.decider(heldEveryDecider) }

    init(
        accepts: Bool?, decider: Int?, isFinal: Bool, tolerance: PathTolerance, toleratedDecider: Int?, everyAccepts: Bool?,
        everyDecider: Int?, judgedBySomeURL: Bool
    ) {
        (self.accepts, self.isFinal, self.tolerance, self.everyAccepts) = (accepts, isFinal, tolerance, everyAccepts)
        self.judgedBySomeURL = judgedBySomeURL
        (heldDecider, heldToleratedDecider, heldEveryDecider) = (Self.held(decider), Self.held(toleratedDecider), Self.held(everyDecider))
    }

    private static func held(_ decider: Int?) -> Int32 { decider.map { Int32($0) } ?? -1 }
    private static func decider(_ held: Int32) -> Int? { held < 0 ? nil : Int(held) }
}

extension PathVerdicts {
    /// The verdicts of a language that keeps `PathLanguage`'s defaults for the tolerance, the
    /// tolerated decider and every URL's verdict: those are the path's own.
    init(accepts: Bool?, decider: Int?, isFinal: Bool, judgedBySomeURL: Bool = false) {
        let claims = accepts ?? false
        self.init(
            accepts: accepts, decider: decider, isFinal: isFinal, tolerance: PathTolerance(mustClaim: claims, mayClaim: claims),
            toleratedDecider: decider, everyAccepts: accepts, everyDecider: decider, judgedBySomeURL: judgedBySomeURL)
    }
}

/// The verdicts a file may give one path: it must claim it when `mustClaim`, must not when
/// `mayClaim` is false, and either is right in between.
package struct PathTolerance: Hashable {
    package var mustClaim: Bool
    package var mayClaim: Bool
}

extension PathLanguage {
    package func tolerance(_ state: State) -> PathTolerance {
        let accepts = accepts(state) ?? false
        return PathTolerance(mustClaim: accepts, mayClaim: accepts)
    }

    package func toleratedDecider(_ state: State) -> Int? { decider(state) }

    package func size(_ state: State) -> Int { 1 }

    package func everyURL(_ state: State) -> (accepts: Bool?, decider: Int?) { (accepts(state), decider(state)) }

    package func judgedBySomeURL(_ state: State) -> Bool { false }

    package func stateHash(_ state: State) -> Int { state.hashValue }

    package func verdicts(_ state: State) -> PathVerdicts {
        let every = everyURL(state)
        return PathVerdicts(
            accepts: accepts(state), decider: decider(state), isFinal: isFinal(state), tolerance: tolerance(state),
            toleratedDecider: toleratedDecider(state), everyAccepts: every.accepts, everyDecider: every.decider,
            judgedBySomeURL: judgedBySomeURL(state))
    }
}

/// A claimed set and what a platform can express of it (spec: the *expressible set* of an API
/// range): a file must claim what both claim and nothing neither claims; where they differ, the
/// platform decides, and a file's verdict there is a tolerated difference from the claimed set.
///
/// The domain, verdict and deciders are the claimed set's; the expressible set only widens the
/// tolerance.
struct ExpressibleClaims<Claimed: PathLanguage, Expressible: PathLanguage>: PathLanguage {
    let claimed: Claimed
    let expressible: Expressible
    /// The route an expressible decider stands for: the decider of a tolerated over-claim.
    let routeOfExpressibleDecider: (Int) -> Int?

    struct State: Hashable {
        let claimed: Claimed.State
        let expressible: Expressible.State
    }

    var start: State { State(claimed: claimed.start, expressible: expressible.start) }

    func step(_ state: State, _ unit: UInt16) -> State {
        State(claimed: claimed.step(state.claimed, unit), expressible: expressible.step(state.expressible, unit))
    }

    func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        claimed.distinctions(state.claimed, into: &ranges)
        expressible.distinctions(state.expressible, into: &ranges)
    }

    func accepts(_ state: State) -> Bool? { claimed.accepts(state.claimed) }

    func decider(_ state: State) -> Int? { claimed.decider(state.claimed) }

    func isFinal(_ state: State) -> Bool {
        claimed.isFinal(state.claimed) && (claimed.accepts(state.claimed) == nil || expressible.isFinal(state.expressible))
    }

    func tolerance(_ state: State) -> PathTolerance {
        let ideal = claimed.accepts(state.claimed) ?? false
        let platform = expressible.accepts(state.expressible) ?? false
        return PathTolerance(mustClaim: ideal && platform, mayClaim: ideal || platform)
    }

    /// The route whose URL the platform cannot claim (claimed, not expressible), or whose
    /// pattern it had to widen (expressible, not claimed).
    func toleratedDecider(_ state: State) -> Int? {
        if claimed.accepts(state.claimed) == true { return claimed.decider(state.claimed) }
        return expressible.decider(state.expressible).flatMap(routeOfExpressibleDecider)
    }

    func size(_ state: State) -> Int { claimed.size(state.claimed) + expressible.size(state.expressible) }

    func judgedBySomeURL(_ state: State) -> Bool { claimed.judgedBySomeURL(state.claimed) }

    /// The answers above from each side's verdicts, made once: asked one by one, they made the
    /// platform's decision four times a state.
    func verdicts(_ state: State) -> PathVerdicts {
        let ideal = claimed.verdicts(state.claimed)
        let platform = expressible.verdicts(state.expressible)
        let idealClaims = ideal.accepts ?? false
        let platformClaims = platform.accepts ?? false
        return PathVerdicts(
            accepts: ideal.accepts, decider: ideal.decider, isFinal: ideal.isFinal && (ideal.accepts == nil || platform.isFinal),
            tolerance: PathTolerance(mustClaim: idealClaims && platformClaims, mayClaim: idealClaims || platformClaims),
            toleratedDecider: ideal.accepts == true ? ideal.decider : platform.decider.flatMap(routeOfExpressibleDecider),
            everyAccepts: ideal.accepts, everyDecider: ideal.decider, judgedBySomeURL: ideal.judgedBySomeURL)
    }

    func replica() -> Self {
        Self(claimed: claimed.replica(), expressible: expressible.replica(), routeOfExpressibleDecider: routeOfExpressibleDecider)
    }

    func stateHash(_ state: State) -> Int {
        var hasher = StateHasher()
        hasher.combine(UInt64(bitPattern: Int64(claimed.stateHash(state.claimed))))
        hasher.combine(UInt64(bitPattern: Int64(expressible.stateHash(state.expressible))))
        return hasher.value
    }
}

/// The work the walks of one platform file may do, shared by all its comparisons (each API
/// range, host, quantifier and candidate query), in *steps*: four for each unit a walk tries at
/// a pair of states — stepping both automata, looking the pair up — and one for each pattern
/// under way in a state it meets (`PathLanguage.size`). In the slowest build (the fuzzing
/// build, with AddressSanitizer) a step costs about a microsecond either way, so the bound holds
/// a file's time as well as its memory, however many comparisons it needs and whatever its
/// patterns (docs/app-links.md, "Limits").
package struct ComparisonBudget: Sendable {
    /// The steps the walks may take.
    package let limit: Int
    /// The steps taken so far.
    package internal(set) var spent = 0

    /// Steps per unit tried at a pair of states.
    static let unitCost = 4

    /// Whether the walks have taken more steps than the budget allows.
    var isSpent: Bool { spent > limit }

    /// The largest budget: a file of tens of thousands of patterns gets no more.
    package static let largestLimit = 4_000_000

    /// A walk with room for more steps than this splits across threads
    /// (`PathLanguageComparison.compareReaching`); a smaller one costs less than starting them.
    package var splitsAbove = 1_000_000

    /// A budget of `limit` steps.
    package init(limit: Int) {
        self.limit = limit
    }

    /// The budget for comparing languages built from `first` and `second` patterns (routes on
    /// one side, components or path attributes on the other): a walk pairs states of the two,
    /// so beside a base and a share per pattern it may spend in proportion to their product.
    /// That is room for real sets — Stripe's 400 routes and the 245 components of their
    /// apple-app-site-association take 278,000 steps, the bench's 10,000 routes at `min-sdk` 26
    /// 1.75 million — while a hostile file of a small app, which is what fuzzing feeds the
    /// check, is held to a few hundred thousand.
    package init(first: Int, second: Int) {
        self.init(limit: min(Self.largestLimit, 100_000 + 150 * (first + second) + 3 * first * second))
    }
}

/// Where two path languages differ, found by a breadth-first walk of the pair of automata:
/// every witness is a shortest path with its verdict, and a walk that finds nothing has seen
/// every pair of states reachable, so the languages agree on every path of the domain.
package struct PathLanguageComparison {
    /// A path the two languages decide differently.
    package struct Witness: Equatable {
        /// The path, as code units.
        package let path: [UInt16]
        /// Whether the first language accepts it (the second then does not).
        package let inFirst: Bool
        /// Whether the first language's tolerance allows the second's verdict: a difference the
        /// platform forces (`ExpressibleClaims`), not an error of the second. Its
        /// `firstDecider` is then the first's tolerated decider.
        var isTolerated = false
        /// The first language's decider at the path's end.
        package let firstDecider: Int?
        /// The second language's decider.
        let secondDecider: Int?

        /// The path as text.
        var text: String { String(decoding: path, as: UTF16.self) }
    }

    /// The comparison's answer.
    package enum Outcome: Equatable {
        /// The witnesses, one per decider of the side that accepts: empty when the languages agree.
        case compared([Witness])
        /// The walk would have done more work than its budget allows (`ComparisonBudget`):
        /// undecided.
        case tooLarge(limit: Int)
    }

    /// Units tried for a region no language tells apart, readable ones first.
    private static let preferredUnits: [UInt16] = Array("xyzqjkwvu0123456789abcdefghilmnoprst-_~".utf16)

    /// Compares `first` and `second` over every path of the first's domain, within a budget of
    /// `limit` steps. Witnesses are kept per (side, decider) pair: the first found is the
    /// shortest.
    package static func compare<First: PathLanguage, Second: PathLanguage>(
        _ first: First, _ second: Second, limit: Int = ComparisonBudget.largestLimit
    ) -> Outcome {
        var budget = ComparisonBudget(limit: limit)
        return compare(first, second, budget: &budget)
    }

    /// `compare`, spending from `budget`, which the comparisons of one file share.
    package static func compare<First: PathLanguage, Second: PathLanguage>(
        _ first: First, _ second: Second, budget: inout ComparisonBudget
    ) -> Outcome {
        compareReaching(first, second, budget: &budget).outcome
    }

    /// `compare`, and the second language's deciders met at some path of the first's domain:
    /// a decider never met decides no such path.
    ///
    /// The walk is breadth-first, so the first witness met of each key is its shortest path,
    /// and among those of one length the least by the units' order at each step
    /// (`representatives`). A walk with room for more than `ComparisonBudget.splitsAbove` steps
    /// splits at the first depth where enough pairs go on: each group of that depth's pairs,
    /// in order, walks on by itself on a thread (`Walk.continued`), with what was visited before
    /// it known to it as visited, and of the witnesses of one key the shortest from the first
    /// group is kept — the one a walk on one thread would have met first, since every path
    /// the walk keeps passes through exactly one pair of that depth. The groups may meet the
    /// same pairs, which each pays for: the budget counts them as often.
    static func compareReaching<First: PathLanguage, Second: PathLanguage>(
        _ first: First, _ second: Second, budget: inout ComparisonBudget
    ) -> (outcome: Outcome, reached: Set<Int>) {
        var fresh = MetStates<First>()
        return compareReaching(first, second, budget: &budget, carrying: &fresh)
    }

    /// `compareReaching`, starting from the states of `first` that earlier walks met (`MetStates`)
    /// and leaving this walk's in `carried` for the next: what it finds and spends is what a
    /// walk of its own would find and spend.
    static func compareReaching<First: PathLanguage, Second: PathLanguage>(
        _ first: First, _ second: Second, budget: inout ComparisonBudget, carrying carried: inout MetStates<First>
    ) -> (outcome: Outcome, reached: Set<Int>) {
        var walk = Walk(first, second, firstStates: carried.take())
        let spentBefore = budget.spent
        let limit = budget.limit
        var depthEnd = walk.pairs.count
        while walk.cursor < walk.pairs.count {
            if walk.cursor == depthEnd {
                depthEnd = walk.pairs.count
                if limit - spentBefore - walk.spent > budget.splitsAbove,
                    let groups = walk.groupsGoingOn(walk.cursor..<depthEnd, count: Self.splitGroups)
                {
                    return splitWalk(
                        walk, groups: groups, first: first, second: second, spentBefore: spentBefore, budget: &budget,
                        carrying: &carried)
                }
            }
            guard walk.takeNext(allowance: limit - spentBefore) else {
                budget.spent = spentBefore + walk.spent
                carried.keep(walk.firstStates)
                return (.tooLarge(limit: limit), walk.reached)
            }
        }
        budget.spent = spentBefore + walk.spent
        carried.keep(walk.firstStates)
        return (.compared(walk.witnesses.map(\.witness)), walk.reached)
    }

    /// `compare(ExpressibleClaims(claimed, expressible, routeOfExpressibleDecider), second)` for
    /// a `second` that holds exactly the paths `expressible` holds — a file that claims what the
    /// platform can express, as `generate app-links` writes it — without stepping `second`.
    /// Every difference is then one the platform forces, and the walk of `claimed` and
    /// `expressible` meets it at the same path: its pairs are the band's, one for one, and each
    /// tries the same units (the band tells apart what `claimed` and `expressible` do, `second`
    /// nothing more). Its witnesses are made tolerated and keyed as the band keys them, the
    /// platform's over-claims by route; which of `second`'s deciders decides is not known.
    static func toleratedDifferences<Claimed: PathLanguage, Expressible: PathLanguage>(
        _ claimed: Claimed, _ expressible: Expressible, routeOfExpressibleDecider: (Int) -> Int?, budget: inout ComparisonBudget,
        carrying carried: inout MetStates<Claimed>
    ) -> Outcome {
        let outcome = compareReaching(claimed, expressible, budget: &budget, carrying: &carried).outcome
        guard case .compared(let witnesses) = outcome else { return outcome }
        var reported = Set<WitnessKey>()
        var tolerated: [Witness] = []
        for witness in witnesses {
            let decider = witness.inFirst ? witness.firstDecider : witness.secondDecider.flatMap(routeOfExpressibleDecider)
            guard reported.insert(WitnessKey(inFirst: witness.inFirst, isTolerated: true, decider: decider)).inserted else { continue }
            tolerated.append(
                Witness(path: witness.path, inFirst: witness.inFirst, isTolerated: true, firstDecider: decider, secondDecider: nil))
        }
        return .compared(tolerated)
    }

    /// The groups a walk splits into: enough to keep the cores of a developer's machine busy
    /// when the groups' sizes differ.
    private static let splitGroups = 8

    /// The walk of `compareReaching` from `walk` on, each of `groups` (ranges of its pairs that
    /// remain, in order, together all of them) walked on a thread of its own.
    private static func splitWalk<First: PathLanguage, Second: PathLanguage>(
        _ walk: Walk<First, Second>, groups: [Range<Int>], first: First, second: Second, spentBefore: Int,
        budget: inout ComparisonBudget, carrying carried: inout MetStates<First>
    ) -> (outcome: Outcome, reached: Set<Int>) {
        let limit = budget.limit
        // Each group's walk steps languages of its own (their caches are not shared), and
        // its copy of the walk's tables is its own: the threads share nothing they change.
        // (Typed as `Any` across the threads: a closure run there may not name the languages'
        // types, which Swift 6.1 cannot say are safe to use on another thread.)
        let walkGroup = UncheckedSendable { (group: Int) -> UncheckedSendable<Any> in
            var continued = walk.continued(first: first.replica(), second: second.replica())
            let completed = continued.walk(groups[group], thenFrom: walk.pairs.count, allowance: limit - spentBefore)
            return UncheckedSendable((continued, completed))
        }
        let results = Array(groups.indices).concurrentMap { walkGroup.value($0) }.map {
            $0.value as! (Walk<First, Second>, Bool)
        }
        carried.keep(results.map(\.0.firstStates), sharingFirst: walk.firstStates.states.count)
        var reached = walk.reached
        budget.spent = spentBefore + walk.spent
        var found: [(length: Int, group: Int, order: Int, witness: Witness, key: WitnessKey)] = []
        for (group, (continued, _)) in results.enumerated() {
            reached.formUnion(continued.reached)
            // The steps each group took after the split: the pairs two groups meet count twice.
            budget.spent += continued.spent - walk.spent
            for (order, new) in continued.witnesses.dropFirst(walk.witnesses.count).enumerated() {
                found.append((new.witness.path.count, group, order, new.witness, new.key))
            }
        }
        guard results.allSatisfy(\.1), !budget.isSpent else { return (.tooLarge(limit: limit), reached) }
        found.sort { ($0.length, $0.group, $0.order) < ($1.length, $1.group, $1.order) }
        var reported = walk.reported
        var witnesses = walk.witnesses.map(\.witness)
        for candidate in found where reported.insert(candidate.key).inserted {
            witnesses.append(candidate.witness)
        }
        return (.compared(witnesses), reached)
    }

    /// A breadth-first walk of two languages' pairs of states: the pairs met, in the order met,
    /// and what was found at those taken so far.
    private struct Walk<First: PathLanguage, Second: PathLanguage> {
        var firstStates: Interned<First>
        var secondStates: Interned<Second>
        /// A pair of interned states, packed, by its position in `pairs`.
        var index = PackedKeyTable()
        var pairs: [(first: Int32, second: Int32)] = []
        /// For each pair, the pair it was reached from and the unit read.
        var parents: [(parent: Int32, unit: UInt16)] = []
        /// The witnesses, in the order found, one per key.
        var witnesses: [(witness: Witness, key: WitnessKey)] = []
        var reported = Set<WitnessKey>()
        var reached = Set<Int>()
        /// The next pair to take.
        var cursor = 0
        /// The units tried so far; the states' sizes are counted as they are met.
        var unitsTried = 0
        var ranges: [ClosedRange<UInt16>] = []
        var scratch = RepresentativeScratch()
        var units: [UInt16] = []
        /// The units to try for each two lists of distinctions met (`Interned.Facts.distinctionsID`,
        /// packed): span `i` is `representativeUnits[representativeStarts[i]..<representativeStarts[i + 1]]`.
        var representativeSpans = PackedKeyTable()
        var representativeStarts: [Int32] = [0]
        var representativeUnits: [UInt16] = []

        /// A walk that has met the start pair, with the first language's states numbered in
        /// `firstStates` when earlier walks of it met them.
        init(_ first: First, _ second: Second, firstStates carried: Interned<First>?) {
            firstStates = carried ?? Interned(first)
            firstStates.beginWalk(of: first)
            secondStates = Interned(second)
            visit((firstStates.id(of: first.start), secondStates.id(of: second.start)), from: -1, unit: 0)
        }

        /// The steps taken (`ComparisonBudget`).
        var spent: Int { ComparisonBudget.unitCost * unitsTried + firstStates.metSize + secondStates.metSize }

        /// This walk, to go on with `first` and `second` — replicas of its languages.
        func continued(first: First, second: Second) -> Self {
            var copy = self
            copy.firstStates.language = first
            copy.secondStates.language = second
            return copy
        }

        /// Takes the pairs of `roots`, then those met since, from `end` (the first pair met
        /// after the walk was copied) on. False when the steps taken pass `allowance`.
        mutating func walk(_ roots: Range<Int>, thenFrom end: Int, allowance: Int) -> Bool {
            cursor = roots.lowerBound
            while cursor < roots.upperBound {
                guard takeNext(allowance: allowance) else { return false }
            }
            cursor = end
            while cursor < pairs.count {
                guard takeNext(allowance: allowance) else { return false }
            }
            return true
        }

        mutating func visit(_ pair: (first: Int32, second: Int32), from parent: Int32, unit: UInt16) {
            guard index.insert(Int64(pair.first) << 32 | Int64(pair.second), Int32(pairs.count)).inserted else { return }
            pairs.append(pair)
            parents.append((parent, unit))
        }

        /// The units read from the start pair to pair `position`: its depth counted first, so
        /// that the path is written once, from its end (a walk of a set the platform cannot
        /// express exactly keeps a witness for each of thousands of routes).
        func path(to position: Int) -> [UInt16] {
            var depth = 0
            var cursor = Int32(position)
            while parents[Int(cursor)].parent >= 0 {
                depth += 1
                cursor = parents[Int(cursor)].parent
            }
            return [UInt16](unsafeUninitializedCapacity: depth) { units, count in
                var cursor = Int32(position)
                for index in stride(from: depth - 1, through: 0, by: -1) {
                    units[index] = parents[Int(cursor)].unit
                    cursor = parents[Int(cursor)].parent
                }
                count = depth
            }
        }

        /// Whether the walk stops at pair `position`: the first language's domain has ended, or
        /// neither language accepts again.
        func isExhausted(_ position: Int) -> Bool {
            let pair = pairs[position]
            return Self.isExhausted(firstStates.facts[Int(pair.first)].verdicts, secondStates.facts[Int(pair.second)].verdicts)
        }

        /// `isExhausted` of a pair whose states have the verdicts `a` and `b`.
        static func isExhausted(_ a: PathVerdicts, _ b: PathVerdicts) -> Bool {
            a.isFinal && (a.accepts == nil || b.isFinal)
        }

        /// The pairs of `depth` in `count` groups, in order, each with as many of the pairs the
        /// walk goes on from, give or take one; nil when fewer than twice `count` go on. (How far
        /// the walk goes from a pair is not known before: a depth of many pairs that go on is
        /// split more evenly than one of two, of which one may end a few units on.)
        func groupsGoingOn(_ depth: Range<Int>, count: Int) -> [Range<Int>]? {
            let goingOn = depth.filter { !isExhausted($0) }
            guard goingOn.count >= 2 * count else { return nil }
            // Group g begins at its first pair that goes on; the first group at the depth's start.
            var starts = (1..<count).map { goingOn[$0 * goingOn.count / count] }
            starts.insert(depth.lowerBound, at: 0)
            return zip(starts, starts.dropFirst() + [depth.upperBound]).map { $0..<$1 }
        }

        /// The units to try from `pair`, as positions in `representativeUnits`: found once for
        /// each two lists of distinctions, which most pairs share with others (a literal's next
        /// unit beside the same pattern's), so that the sweep of `representatives(of:)`, a sixth of
        /// a walk, runs for few of them.
        private mutating func representatives(_ pair: (first: Int32, second: Int32)) -> Range<Int> {
            let lists =
                Int64(firstStates.facts[Int(pair.first)].distinctionsID) << 32
                | Int64(secondStates.facts[Int(pair.second)].distinctionsID)
            if let known = representativeSpans[lists] {
                return Int(representativeStarts[Int(known)])..<Int(representativeStarts[Int(known) + 1])
            }
            ranges.removeAll(keepingCapacity: true)
            firstStates.appendDistinctions(of: pair.first, to: &ranges)
            secondStates.appendDistinctions(of: pair.second, to: &ranges)
            PathLanguageComparison.representatives(of: ranges, into: &units, scratch: &scratch)
            let start = representativeUnits.count
            representativeUnits += units
            representativeSpans.set(lists, to: Int32(representativeStarts.count - 1))
            representativeStarts.append(Int32(representativeUnits.count))
            return start..<representativeUnits.count
        }

        /// Takes the pair at `cursor`: notes its verdicts and meets the pairs it steps to.
        /// False, with nothing taken, when the steps taken already pass `allowance`.
        mutating func takeNext(allowance: Int) -> Bool {
            guard spent <= allowance else { return false }
            let pair = pairs[cursor]
            let (a, b) = (firstStates.facts[Int(pair.first)].verdicts, secondStates.facts[Int(pair.second)].verdicts)
            let verdict = a.accepts
            if verdict != nil {
                if let decider = b.decider { reached.insert(decider) }
                if let decider = b.everyDecider { reached.insert(decider) }
            }
            if let inFirst = verdict {
                // A path the first holds must be held by every URL of it (or some, where its query
                // decides); one it does not, by none.
                let claims = (inFirst && !a.judgedBySomeURL ? b.everyAccepts : b.accepts) ?? false
                if claims != inFirst {
                    let isError = claims ? !a.tolerance.mayClaim : a.tolerance.mustClaim
                    // An error is keyed by the side that accepts; a tolerated difference by the
                    // first's tolerated decider, so that each route's shows once.
                    let decider = !isError ? a.toleratedDecider : inFirst ? a.decider : b.decider
                    let secondDecider = inFirst ? b.everyDecider : b.decider
                    let key = WitnessKey(inFirst: inFirst, isTolerated: !isError, decider: decider)
                    if reported.insert(key).inserted {
                        let witness = Witness(
                            path: path(to: cursor), inFirst: inFirst, isTolerated: !isError,
                            firstDecider: isError ? a.decider : a.toleratedDecider, secondDecider: secondDecider)
                        witnesses.append((witness, key))
                    }
                }
            }
            if !Self.isExhausted(a, b) {
                let tried = representatives(pair)
                unitsTried += tried.count
                for position in tried {
                    let unit = representativeUnits[position]
                    visit((firstStates.step(pair.first, unit), secondStates.step(pair.second, unit)), from: Int32(cursor), unit: unit)
                }
            }
            cursor += 1
            return true
        }
    }

    /// A language's states numbered as they are met, with what the walk asks of each and the
    /// steps taken so far remembered: a state that many pairs share is stepped once per unit.
    /// The first language's are carried from one walk to the next (`MetStates`), so each state
    /// also says which walk met it last.
    fileprivate struct Interned<Language: PathLanguage> {
        /// Up to four steps from one state: the units read and the states they led to.
        struct FirstSteps {
            static var capacity: Int { 4 }
            var units = SIMD4<UInt16>()
            var targets = SIMD4<Int32>(repeating: -1)
            var count: UInt8 = 0
        }

        struct Facts {
            let verdicts: PathVerdicts
            /// The number of the state's distinctions among the distinct lists met (`lists`):
            /// states whose distinctions are alike share one list and its number.
            let distinctionsID: Int32
        }

        /// The language stepped: the walk's own (`PathLanguage.replica`).
        var language: Language
        var states: [Language.State] = []
        /// Each state's hash, kept so that the index grows without hashing a state again.
        var hashes: [Int] = []
        /// The states' numbers by hash, open addressing with linear probing, at most half full;
        /// -1 where a slot is free. A `Dictionary` hashed every state again at each of its
        /// growths, a third of the interning.
        var slots = [Int32](repeating: -1, count: 64)
        var facts: [Facts] = []
        /// The first steps taken from each state, by its number, beside it: most states of a
        /// large set are stepped by two or three units (the unit outside every distinction, `/`,
        /// the next letter of a word) and never again, where a table of every step taken placed
        /// keys it would never look up (3 % of the check of the held-out set at `min-sdk` 26,
        /// docs/performance.md "The round of the file as generated").
        var firstSteps: [FirstSteps] = []
        /// The steps beyond a state's `firstSteps`.
        var steps = PackedKeyTable()
        /// The walk that met each state last, by its number (`walk`), for the states numbered
        /// before the walk under way (those it numbers itself it meets as it numbers them).
        var metBy: [UInt32] = []
        /// The walk under way: the count of walks begun on these states before it.
        var walk: UInt32 = 0
        /// The states numbered before the walk under way began, which it may meet for the first
        /// time after it has numbered others; those it numbers are met as they are numbered.
        var carriedCount: Int32 = 0
        /// The sizes of the states the walk under way has met, added up: the budget's count of
        /// them, whether an earlier walk numbered them or this one.
        var metSize = 0
        /// Every distinct list of distinctions, end to end.
        var distinctionList: [ClosedRange<UInt16>] = []
        /// The distinct lists' places in `distinctionList` and hashes, by number, and their
        /// numbers by hash (open addressing as `slots`; -1 where free).
        var lists: [Range<Int32>] = []
        var listHashes: [Int] = []
        var listSlots = [Int32](repeating: -1, count: 64)

        func appendDistinctions(of id: Int32, to ranges: inout [ClosedRange<UInt16>]) {
            ranges += distinctions(of: id)
        }

        init(_ language: Language) {
            self.language = language
        }

        /// Starts a walk of `language` — one that answers as the language these states were
        /// met in — which has met none of them yet.
        mutating func beginWalk(of language: Language) {
            self.language = language
            // The states numbered since the walk before began were met by that walk.
            metBy += repeatElement(walk, count: states.count - metBy.count)
            walk += 1
            metSize = 0
            carriedCount = Int32(states.count)
        }

        /// Counts state `id` as met by the walk under way, once.
        @inline(__always)
        private mutating func meet(_ id: Int32) {
            guard id < carriedCount, metBy[Int(id)] != walk else { return }
            metBy[Int(id)] = walk
            metSize += language.size(states[Int(id)])
        }

        /// Where `state` of hash `hash` is numbered, or the free slot where it would be (-1 then).
        /// (Inlined, as `append`: called apart, a step copied its answers through memcpy.)
        @inline(__always)
        private func find(_ state: Language.State, hash: Int) -> (slot: Int, id: Int32) {
            let mask = slots.count - 1
            var slot = hash & mask
            while slots[slot] >= 0 {
                let held = slots[slot]
                if hashes[Int(held)] == hash && states[Int(held)] == state { return (slot, held) }
                slot = (slot + 1) & mask
            }
            return (slot, -1)
        }

        mutating func id(of state: Language.State) -> Int32 {
            let hash = language.stateHash(state)
            let (slot, held) = find(state, hash: hash)
            if held >= 0 {
                meet(held)
                return held
            }
            let first = Int32(distinctionList.count)
            language.distinctions(state, into: &distinctionList)
            let facts = Facts(verdicts: language.verdicts(state), distinctionsID: internList(from: first))
            metSize += language.size(state)
            return append(state, hash: hash, facts: facts, at: slot)
        }

        /// Numbers `state` in the free `slot`, as met by the walk under way.
        @inline(__always)
        private mutating func append(_ state: Language.State, hash: Int, facts stateFacts: Facts, at slot: Int) -> Int32 {
            let id = Int32(states.count)
            slots[slot] = id
            states.append(state)
            hashes.append(hash)
            facts.append(stateFacts)
            firstSteps.append(FirstSteps())
            if states.count * 2 > slots.count { Self.grow(&slots, hashes: hashes) }
            return id
        }

        /// Takes in what `other` — a copy of these states that walked on by itself, sharing the
        /// first `shared` states with them — met: its states numbered here, with their answers
        /// and lists of distinctions, and the first steps taken from each. (The steps beyond a
        /// state's first four are not taken in: a walk takes them again if it needs them.)
        mutating func absorb(_ other: Interned, sharingFirst shared: Int) {
            let countBefore = Int32(states.count)
            var renumbered = [Int32](unsafeUninitializedCapacity: other.states.count) { numbers, count in
                for index in 0..<shared { numbers[index] = Int32(index) }
                count = shared
            }
            // `other`'s lists of distinctions by their numbers here: most of its states share a
            // few lists, interned here once each.
            var listsHere = [Int32](repeating: -1, count: other.lists.count)
            for index in shared..<other.states.count {
                let (slot, held) = find(other.states[index], hash: other.hashes[index])
                if held >= 0 {
                    renumbered.append(held)
                    continue
                }
                let list = Int(other.facts[index].distinctionsID)
                if listsHere[list] < 0 {
                    let first = Int32(distinctionList.count)
                    distinctionList += other.distinctions(of: Int32(index))
                    listsHere[list] = internList(from: first)
                }
                let facts = Facts(verdicts: other.facts[index].verdicts, distinctionsID: listsHere[list])
                renumbered.append(append(other.states[index], hash: other.hashes[index], facts: facts, at: slot))
            }
            for (index, taken) in other.firstSteps.enumerated() where taken.count > 0 {
                let id = Int(renumbered[index])
                if Int32(id) >= countBefore {
                    // Numbered just now: its steps are the other's, renumbered.
                    var steps = taken
                    for position in 0..<Int(taken.count) { steps.targets[position] = renumbered[Int(taken.targets[position])] }
                    firstSteps[id] = steps
                    continue
                }
                for position in 0..<Int(taken.count) {
                    let unit = taken.units[position]
                    let known = firstSteps[id]
                    guard !(0..<Int(known.count)).contains(where: { known.units[$0] == unit }) else { continue }
                    let target = renumbered[Int(taken.targets[position])]
                    if Int(known.count) < FirstSteps.capacity {
                        firstSteps[id].units[Int(known.count)] = unit
                        firstSteps[id].targets[Int(known.count)] = target
                        firstSteps[id].count += 1
                    } else {
                        steps.set(Int64(id) << 16 | Int64(unit), to: target)
                    }
                }
            }
        }

        /// The distinctions of state `id`.
        func distinctions(of id: Int32) -> ArraySlice<ClosedRange<UInt16>> {
            let range = lists[Int(facts[Int(id)].distinctionsID)]
            return distinctionList[Int(range.lowerBound)..<Int(range.upperBound)]
        }

        /// The number of the list of distinctions `distinctionList[first...]`, just appended:
        /// an earlier list's when they are alike (the new one is then taken off again).
        private mutating func internList(from first: Int32) -> Int32 {
            let appended = Int(first)..<distinctionList.count
            var hasher = StateHasher()
            for index in appended {
                hasher.combine(UInt64(distinctionList[index].lowerBound) << 16 | UInt64(distinctionList[index].upperBound))
            }
            let hash = hasher.value
            let mask = listSlots.count - 1
            var slot = hash & mask
            while listSlots[slot] >= 0 {
                let held = Int(listSlots[slot])
                let range = Int(lists[held].lowerBound)..<Int(lists[held].upperBound)
                // Compared by index: a slice of the list kept to the removal below would make it
                // copy the whole list.
                if listHashes[held] == hash && range.count == appended.count
                    && zip(range, appended).allSatisfy({ distinctionList[$0] == distinctionList[$1] })
                {
                    distinctionList.removeLast(appended.count)
                    return Int32(held)
                }
                slot = (slot + 1) & mask
            }
            let list = Int32(lists.count)
            listSlots[slot] = list
            lists.append(first..<Int32(distinctionList.count))
            listHashes.append(hash)
            if lists.count * 2 > listSlots.count { Self.grow(&listSlots, hashes: listHashes) }
            return list
        }

        /// Doubles an index and places every number again by its kept hash.
        private static func grow(_ slots: inout [Int32], hashes: [Int]) {
            var grown = [Int32](repeating: -1, count: slots.count * 2)
            let mask = grown.count - 1
            for (id, hash) in hashes.enumerated() {
                var slot = hash & mask
                while grown[slot] >= 0 { slot = (slot + 1) & mask }
                grown[slot] = Int32(id)
            }
            slots = grown
        }

        mutating func step(_ id: Int32, _ unit: UInt16) -> Int32 {
            let first = firstSteps[Int(id)]
            for position in 0..<Int(first.count) where first.units[position] == unit {
                meet(first.targets[position])
                return first.targets[position]
            }
            let key = Int64(id) << 16 | Int64(unit)
            let isFull = Int(first.count) == FirstSteps.capacity
            if isFull, let known = steps[key] {
                meet(known)
                return known
            }
            let next = self.id(of: language.step(states[Int(id)], unit))
            if isFull {
                steps.set(key, to: next)
            } else {
                let position = Int(first.count)
                firstSteps[Int(id)].units[position] = unit
                firstSteps[Int(id)].targets[position] = next
                firstSteps[Int(id)].count += 1
            }
            return next
        }
    }

    private struct WitnessKey: Hashable {
        let inFirst: Bool
        let isTolerated: Bool
        let decider: Int?
    }

    /// Buffers `representatives` reuses from one call to the next.
    struct RepresentativeScratch {
        var bounds: [Int32] = []
        var inside: [UInt16] = []
    }

    /// Each unit's place among `preferredUnits` (the count for a unit not among them): the
    /// order in which the units of a state are tried.
    private static let preferenceRank: [UInt8] = {
        var rank = [UInt8](repeating: UInt8(preferredUnits.count), count: 128)
        for (index, unit) in preferredUnits.enumerated() { rank[Int(unit)] = UInt8(index) }
        return rank
    }()

    private static func rank(_ unit: UInt16) -> Int {
        unit < 128 ? Int(preferenceRank[Int(unit)]) : preferredUnits.count
    }

    /// One unit for each region the ranges cut the units into — inside some range, readable
    /// where the region allows — and one unit outside all of them.
    static func representatives(of ranges: [ClosedRange<UInt16>]) -> [UInt16] {
        var units: [UInt16] = []
        var scratch = RepresentativeScratch()
        representatives(of: ranges, into: &units, scratch: &scratch)
        return units
    }

    /// `representatives(of:)` into `units`, with `scratch`'s buffers: the unit outside every
    /// range first, then one unit per region — the span between two neighbouring bounds (where
    /// some range starts, or ends) that lies inside a range —, readable ones first. Among
    /// witnesses of one length the walk keeps the first it meets, so the order is the witness's.
    /// The walk calls this for every pair of states: the regions come from one sweep over the
    /// sorted bounds, with a count of the ranges open, not from a look at every range per region.
    static func representatives(of ranges: [ClosedRange<UInt16>], into units: inout [UInt16], scratch: inout RepresentativeScratch) {
        units.removeAll(keepingCapacity: true)
        guard !ranges.isEmpty else {
            units.append(preferredUnits[0])
            return
        }
        // Which ASCII units some range covers, for the unit outside them all.
        var coveredLow: UInt64 = 0
        var coveredHigh: UInt64 = 0
        // Each bound is a unit and whether a range starts (odd) or ends there, sorted: at one
        // unit, ends come before starts.
        // The buffers are taken out of the scratch while in use: a second reference would make
        // emptying them allocate anew.
        var bounds = scratch.bounds
        scratch.bounds = []
        bounds.removeAll(keepingCapacity: true)
        defer { scratch.bounds = bounds }
        for range in ranges {
            bounds.append(Int32(range.lowerBound) << 1 | 1)
            bounds.append((Int32(range.upperBound) + 1) << 1)
            coveredLow |= unitMask(range, from: 0)
            coveredHigh |= unitMask(range, from: 64)
        }
        bounds.sort()
        let isCoveredASCII = { (unit: UInt16) in
            unit < 64 ? coveredLow & (1 << UInt64(unit)) != 0 : coveredHigh & (1 << UInt64(unit - 64)) != 0
        }
        if let outside = preferredUnits.first(where: { !isCoveredASCII($0) }) {
            units.append(outside)
        } else if let outside = (UInt16(0x41)...UInt16(0xFFFD)).first(where: { unit in
            !ranges.contains { $0.contains(unit) } && !UTF16.isSurrogate(unit)
        }) {
            units.append(outside)
        }
        var inside = scratch.inside
        scratch.inside = []
        inside.removeAll(keepingCapacity: true)
        defer { scratch.inside = inside }
        var open = 0
        var index = 0
        while index < bounds.count {
            let position = bounds[index] >> 1
            // Every bound at this unit: the ranges open after it.
            while index < bounds.count && bounds[index] >> 1 == position {
                open += bounds[index] & 1 == 1 ? 1 : -1
                index += 1
            }
            guard open > 0, index < bounds.count else { continue }
            let region = Int(position)..<Int(bounds[index] >> 1)
            let unit =
                region.count == 1
                ? UInt16(region.lowerBound) : preferredUnits.first { region.contains(Int($0)) } ?? UInt16(region.lowerBound)
            inside.append(unit)
        }
        inside.sort { (rank($0), $0) < (rank($1), $1) }
        units += inside
    }
}

extension PathLanguageComparison {
    /// The states of a language that earlier comparisons with it first met, numbered, with
    /// their answers and the steps taken from them: carried from one walk of the language to the
    /// next — a manifest's claimed set compared at each API range, host and quantifier — so
    /// that a walk steps and asks about only the states no walk before it met. What a walk finds
    /// and spends is what it would find and spend by itself.
    ///
    /// A walk split across threads leaves its groups' states apart, each group's its own copy;
    /// they are taken in together when a next walk starts, so that a last walk leaves nothing
    /// to merge.
    package struct MetStates<Language: PathLanguage> {
        private var held: Interned<Language>?
        /// The other groups of a split walk, not taken in yet, and the states every group shares.
        private var groups: ArraySlice<Interned<Language>> = []
        private var sharedCount = 0

        /// No states met yet.
        package init() {}

        /// The states, the groups of a split walk taken in; nil before the first walk. They are
        /// the walk's own from then on (this holds none).
        fileprivate mutating func take() -> Interned<Language>? {
            guard var states = held else { return nil }
            held = nil
            for group in groups { states.absorb(group, sharingFirst: sharedCount) }
            groups = []
            return states
        }

        /// Keeps the states of a finished walk.
        fileprivate mutating func keep(_ states: Interned<Language>) {
            held = states
            groups = []
        }

        /// Keeps the states of a split walk's groups, which share their first `shared` states.
        fileprivate mutating func keep(_ groupStates: [Interned<Language>], sharingFirst shared: Int) {
            held = groupStates.first
            groups = groupStates.dropFirst()
            sharedCount = shared
        }
    }
}

/// The units of `range` among the 64 from `base` (0 or 64), as bits from the lowest.
private func unitMask(_ range: ClosedRange<UInt16>, from base: Int) -> UInt64 {
    let low = max(Int(range.lowerBound), base)
    let high = min(Int(range.upperBound), base + 63)
    guard low <= high else { return 0 }
    let width = high - low + 1
    return (width == 64 ? UInt64.max : (1 << UInt64(width)) - 1) << UInt64(low - base)
}

extension UTF16 {
    /// Whether `unit` is half of a surrogate pair: never a witness's unit by itself.
    fileprivate static func isSurrogate(_ unit: UInt16) -> Bool { (0xD800...0xDFFF).contains(unit) }
}

/// Turns a path (as code units) into the text of a URL path: characters a path may hold as
/// they are, every other one percent-encoded as UTF-8. `percentIsLiteral` says whether a `%` is
/// a character of the decoded path (Android) or part of an escape already (Apple).
package enum WitnessPath {
    /// A host as a witness URL names it: `*.example.com` as one of its subdomains.
    package static func host(_ host: String) -> String {
        host.hasPrefix("*.") ? "www" + host.dropFirst() : host
    }

    /// `https://HOST/PATH` for a witness: a host written `*.example.com` as one of its subdomains.
    package static func url(host: String, path: [UInt16], percentIsLiteral: Bool) -> String {
        "https://\(Self.host(host))\(urlPath(path, percentIsLiteral: percentIsLiteral))"
    }

    static func urlPath(_ path: [UInt16], percentIsLiteral: Bool) -> String {
        URLText.percentEncoded(String(decoding: path, as: UTF16.self)) {
            URLText.isSegmentCharacter($0) || $0 == "/" || $0 == ":" || ($0 == "%" && !percentIsLiteral)
        }
    }
}
