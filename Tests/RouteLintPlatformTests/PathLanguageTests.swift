import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// The automata that decide platform claims over every path: each agrees with the reference
/// matcher it is built from, on many random patterns and paths; the comparison finds a
/// difference exactly when one exists, with a witness that is true.
@Suite("Path languages")
struct PathLanguageTests {
    @Test("each Android attribute's scan decides every path as PatternMatcher does")
    func androidScans() throws {
        var random = SeededRandom(state: 17)
        let patternAlphabet: [Character] = ["/", "a", "b", ".", "*", "\\", "[", "]", "^", "-", "+", "{", "}", "1", ","]
        let pathAlphabet: [Character] = ["/", "a", "b", ".", "*", "1", "c"]
        var compared = 0
        for _ in 0..<4_000 {
            let kind = AndroidPathPattern.Kind.allCases.randomElement(using: &random)!
            let text = randomText(patternAlphabet, maximumLength: 8, &random)
            guard let pattern = try? AndroidPathPattern(kind, text) else { continue }
            let scan = AndroidPathScan(pattern)
            for _ in 0..<30 {
                let path = randomText(pathAlphabet, maximumLength: 9, &random)
                var state = scan.start
                for unit in path.utf16 { state = scan.step(state, unit) }
                #expect(scan.accepts(state) == pattern.matches(path), "\(kind.rawValue)=\"\(text)\" on \"\(path)\"")
                compared += 1
            }
        }
        #expect(compared > 50_000)
    }

    /// Units with the same membership in every range a state names must step alike: else the
    /// walk, which tries one unit per region, could miss a path that differs.
    static func checkDistinctions(
        _ ranges: [ClosedRange<UInt16>], _ step: (UInt16) -> AnyHashable, _ context: @autoclosure () -> String
    ) {
        var bySignature: [[Bool]: AnyHashable] = [:]
        for unit in UInt16(0x20)...UInt16(0x7E) {
            let signature = ranges.map { $0.contains(unit) }
            let next = step(unit)
            if let seen = bySignature[signature] {
                #expect(seen == next, "\(context()): unit \(unit) steps apart from its region")
            } else {
                bySignature[signature] = next
            }
        }
    }

    @Test("a state's distinctions name every unit that steps differently")
    func distinctionsAreComplete() {
        Self.visitAndroidScanStates(seed: 23) { scan, state, pattern in
            var ranges: [ClosedRange<UInt16>] = []
            scan.distinctions(state, into: &ranges)
            Self.checkDistinctions(ranges, { AnyHashable(scan.step(state, $0)) }, pattern)
        }
        var random = SeededRandom(state: 23)
        for _ in 0..<300 {
            let components = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                AppleLinkComponent(
                    path: randomText(["/", "a", "b", "*", "?", "A", "é"], maximumLength: 6, &random), exclude: Bool.random(using: &random),
                    caseSensitive: Bool.random(using: &random), percentEncoded: Bool.random(using: &random))
            }
            let language = AppleComponentLanguage(components)
            var state = language.start
            // Escapes too, for the components that decode the path.
            for unit in randomText(["/", "a", "b", "A", "%", "C", "3", "2", "F", "9", "é"], maximumLength: 9, &random).utf16 {
                var ranges: [ClosedRange<UInt16>] = []
                language.distinctions(state, into: &ranges)
                Self.checkDistinctions(ranges, { AnyHashable(language.step(state, $0)) }, "\(components.map(\.path))")
                state = language.step(state, unit)
            }
        }
    }

    /// Calls `visit` with 1,500 random Android path patterns' scans and the states random
    /// paths lead them to, each with the pattern as written.
    static func visitAndroidScanStates(seed: UInt64, _ visit: (AndroidPathScan, AndroidPathScan.State, String) -> Void) {
        var random = SeededRandom(state: seed)
        let patternAlphabet: [Character] = ["/", "a", "b", ".", "*", "\\", "[", "]", "^", "-", "+", "{", "}", "1", ","]
        for _ in 0..<1_500 {
            let kind = AndroidPathPattern.Kind.allCases.randomElement(using: &random)!
            let text = randomText(patternAlphabet, maximumLength: 8, &random)
            guard let pattern = try? AndroidPathPattern(kind, text) else { continue }
            let scan = AndroidPathScan(pattern)
            var state = scan.start
            for unit in randomText(["/", "a", "b", ".", "1"], maximumLength: 5, &random).utf16 {
                visit(scan, state, "\(kind.rawValue)=\"\(text)\"")
                state = scan.step(state, unit)
            }
        }
    }

    @Test("a unit a state requires is the only one that keeps the scan alive")
    func requiredUnits() {
        var required = 0
        Self.visitAndroidScanStates(seed: 29) { scan, state, pattern in
            guard let unit = scan.requiredUnit(state) else { return }
            required += 1
            let alive = (UInt16(0)...UInt16(0x7F)).filter { scan.step(state, $0) != AndroidPathScan.dead }
            #expect(alive == [unit], "\(pattern)")
            #expect(scan.step(state, 0xFFFF) == AndroidPathScan.dead, "\(pattern)")
        }
        #expect(required > 500)
    }

    @Test("Apple's components as an automaton decide every path as the components do in order")
    func appleComponents() {
        var random = SeededRandom(state: 5)
        let alphabet: [Character] = ["/", "a", "b", "*", "?", "A"]
        for _ in 0..<600 {
            let components = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                // One in five names no path: it matches every path, undecodable ones too.
                AppleLinkComponent(
                    path: Int.random(in: 0..<5, using: &random) == 0 ? nil : randomText(alphabet, maximumLength: 6, &random),
                    exclude: Bool.random(using: &random),
                    caseSensitive: Bool.random(using: &random), percentEncoded: Int.random(in: 0..<4, using: &random) > 0)
            }
            let language = AppleComponentLanguage(components)
            for _ in 0..<40 {
                // Escapes of '/' and 'a', broken ones and a byte that is not UTF-8 (%80), for the
                // components that decode.
                var path = randomText(["/", "a", "b", "A", "c", "%", "2", "F", "6", "1", "8", "0"], maximumLength: 8, &random)
                // A URL's path starts with '/' (or is empty): a component without a path is only
                // ever asked about those.
                if components.contains(where: { $0.path == nil }) && !path.isEmpty && !path.hasPrefix("/") { path = "/" + path }
                // A decoding component is walked over the paths as URLs spell them.
                guard components.allSatisfy(\.percentEncoded) || ClaimedPathLanguage.isEncodedSpelling(path) else { continue }
                var state = language.start
                // Once a state is final, no longer path may change what decides.
                var final: Int?? = nil
                for unit in path.utf16 {
                    if final == nil && language.isFinal(state) { final = .some(language.decider(state)) }
                    state = language.step(state, unit)
                }
                let expected = AppleLinkComponent.decide(components, path: path)
                #expect(language.accepts(state) == (expected?.opensApp ?? false), "\(components.map(\.path)) on \(path)")
                #expect(language.decider(state) == expected?.component)
                if let final { #expect(final == expected?.component, "final too early: \(components.map(\.path)) on \(path)") }
            }
        }
    }

    @Test("Android filters as an automaton decide every path as their attributes do, the first that matches deciding")
    func androidFilters() {
        var random = SeededRandom(state: 29)
        let patternAlphabet: [Character] = ["/", "a", "b", ".", "*", "[", "^", "]", "+"]
        for _ in 0..<600 {
            let patterns = (0..<Int.random(in: 1...5, using: &random)).compactMap { _ in
                try? AndroidPathPattern(
                    AndroidPathPattern.Kind.allCases.randomElement(using: &random)!,
                    "/" + randomText(patternAlphabet, maximumLength: 5, &random))
            }
            guard !patterns.isEmpty else { continue }
            let language = AndroidFilterLanguage([AndroidIntentFilter(paths: patterns)], apiLevel: 35)
            for _ in 0..<40 {
                let path = randomText(["/", "a", "b", ".", "c"], maximumLength: 7, &random)
                var state = language.start
                var final: Int?? = nil
                for unit in path.utf16 {
                    if final == nil && language.isFinal(state) { final = .some(language.decider(state)) }
                    state = language.step(state, unit)
                }
                let expected = patterns.firstIndex { $0.matches(path) }
                #expect(language.decider(state) == expected, "\(patterns.map { "\($0.kind.rawValue)=\($0.pattern)" }) on \(path)")
                if let final { #expect(final == expected, "final too early: \(patterns.map(\.pattern)) on \(path)") }
            }
        }
    }

    @Test("a filter of thousands of attributes, its beginnings found in chunks side by side, decides as its attributes do")
    func largeAndroidFilter() throws {
        // Literal paths and advanced patterns that share their beginnings across chunks of the
        // matchers, with an overlap that only the attributes' order decides.
        var patterns: [AndroidPathPattern] = []
        for index in 0..<3_000 {
            patterns.append(try AndroidPathPattern(.literal, "/p\(index % 1_500)/\(index)"))
            patterns.append(try AndroidPathPattern(.advancedGlob, "/p\(index % 1_500)/[0-9]+/x"))
        }
        let language = AndroidFilterLanguage([AndroidIntentFilter(paths: patterns)], apiLevel: 35)
        let paths = ["/p7/7", "/p7/1507", "/p1499/2999", "/p1499/12/x", "/p1500/0", "/p7/7/x", "/p7/x", "/p", "/"]
        for path in paths {
            var state = language.start
            for unit in path.utf16 { state = language.step(state, unit) }
            #expect(language.decider(state) == patterns.firstIndex { $0.matches(path) }, "\(path)")
        }
    }

    @Test("a walk split across threads finds what one thread's walk finds: the same witnesses, in order, and deciders reached")
    func splitWalk() {
        var random = SeededRandom(state: 41)
        let appleAlphabet: [Character] = ["/", "a", "b", "c", "*", "?"]
        let androidAlphabet: [Character] = ["/", "a", "b", "c", ".", "*"]
        var splitsThatCostMore = 0
        for round in 0..<400 {
            if round % 2 == 0 {
                let components = { (count: Int) in
                    (0..<count).map { _ in
                        AppleLinkComponent(
                            path: "/" + randomText(appleAlphabet, maximumLength: 6, &random),
                            exclude: Int.random(in: 0..<4, using: &random) == 0)
                    }
                }
                let first = AppleComponentLanguage(components(Int.random(in: 2...8, using: &random)))
                let second = AppleComponentLanguage(components(Int.random(in: 2...8, using: &random)))
                if Self.splitWalkAgrees(first, second) { splitsThatCostMore += 1 }
            } else {
                let first = AndroidFilterLanguage([Self.randomFilter(androidAlphabet, &random)], apiLevel: 35)
                let second = AndroidFilterLanguage([Self.randomFilter(androidAlphabet, &random)], apiLevel: 31)
                if Self.splitWalkAgrees(first, second) { splitsThatCostMore += 1 }
            }
        }
        // The groups pay for the pairs they share: that many walks were split.
        #expect(splitsThatCostMore > 40)
    }

    @Test("a walk from the states earlier walks of its first language met finds and spends what a walk of its own does")
    func carriedStates() {
        var random = SeededRandom(state: 43)
        let alphabet: [Character] = ["/", "a", "b", "c", ".", "*"]
        var undecided = 0
        for round in 0..<150 {
            let first = AndroidFilterLanguage([Self.randomFilter(alphabet, &random)], apiLevel: 35)
            var carried = PathLanguageComparison.MetStates<AndroidFilterLanguage>()
            // Split walks leave each group's states to be taken in by the next walk; a small
            // budget leaves a walk undecided, its states met so far carried all the same.
            let splitsAbove = round % 2 == 0 ? 0 : Int.max
            for _ in 0..<3 {
                let second = AndroidFilterLanguage(
                    [Self.randomFilter(alphabet, &random)], apiLevel: [26, 31, 35].randomElement(using: &random)!)
                let limit = round % 3 == 0 ? Int.random(in: 40...400, using: &random) : ComparisonBudget.largestLimit
                var alone = ComparisonBudget(limit: limit)
                alone.splitsAbove = splitsAbove
                var carrying = alone
                let fresh = PathLanguageComparison.compareReaching(first, second, budget: &alone)
                let continued = PathLanguageComparison.compareReaching(first, second, budget: &carrying, carrying: &carried)
                #expect(continued.outcome == fresh.outcome)
                #expect(continued.reached == fresh.reached)
                #expect(carrying.spent == alone.spent)
                if case .tooLarge = fresh.outcome { undecided += 1 }
            }
        }
        #expect(undecided > 10)
    }

    /// An intent filter of two to eight path attributes of random kinds, written in `alphabet`
    /// (those the parser rejects left out).
    static func randomFilter(_ alphabet: [Character], _ random: inout SeededRandom) -> AndroidIntentFilter {
        let count = Int.random(in: 2...8, using: &random)
        return AndroidIntentFilter(
            paths: (0..<count).compactMap { _ in
                try? AndroidPathPattern(
                    AndroidPathPattern.Kind.allCases.randomElement(using: &random)!, "/" + randomText(alphabet, maximumLength: 5, &random))
            })
    }

    /// Expects the comparison of `first` and `second` split wherever it can to give what one
    /// thread's gives; returns whether the split walk took more steps.
    static func splitWalkAgrees<First: PathLanguage, Second: PathLanguage>(_ first: First, _ second: Second) -> Bool {
        var alone = ComparisonBudget(limit: ComparisonBudget.largestLimit)
        alone.splitsAbove = .max
        var split = ComparisonBudget(limit: ComparisonBudget.largestLimit)
        split.splitsAbove = 0
        let single = PathLanguageComparison.compareReaching(first, second, budget: &alone)
        let threads = PathLanguageComparison.compareReaching(first, second, budget: &split)
        #expect(threads.outcome == single.outcome)
        #expect(threads.reached == single.reached)
        // The groups spend at least what one thread does: a budget too small for one thread's
        // walk is too small for the split one.
        var half = ComparisonBudget(limit: alone.spent / 2)
        half.splitsAbove = .max
        var halfSplit = ComparisonBudget(limit: alone.spent / 2)
        halfSplit.splitsAbove = 0
        if PathLanguageComparison.compareReaching(first, second, budget: &half).outcome == .tooLarge(limit: half.limit) {
            #expect(PathLanguageComparison.compareReaching(first, second, budget: &halfSplit).outcome == .tooLarge(limit: half.limit))
        }
        return split.spent > alone.spent
    }

    @Test("the units a walk tries are one per region the ranges cut, the outside one first, then readable ones")
    func representatives() {
        var random = SeededRandom(state: 29)
        let preferred = Array("xyzqjkwvu0123456789abcdefghilmnoprst-_~".utf16)
        let rank = { (unit: UInt16) in preferred.firstIndex(of: unit) ?? preferred.count }
        for round in 0..<2_000 {
            // Narrow and wide ranges, mostly ASCII, some over every unit a path may hold.
            let ranges: [ClosedRange<UInt16>] = (0..<Int.random(in: 0...7, using: &random)).map { _ in
                let low = UInt16.random(in: round % 50 == 0 ? 0...0xFFF0 : 0x20...0x7E, using: &random)
                let width = round % 100 == 0 ? 0xFFFF : [0, 0, 0, 1, 5, 40].randomElement(using: &random)!
                return low...UInt16(min(0xFFFF, Int(low) + width))
            }
            let found = PathLanguageComparison.representatives(of: ranges)
            // The definition, unit by unit: the regions lie between neighbouring bounds.
            let bounds = Set(ranges.flatMap { [Int($0.lowerBound), Int($0.upperBound) + 1] }).sorted()
            var expected: [UInt16] = []
            for (low, high) in zip(bounds, bounds.dropFirst()) where ranges.contains(where: { $0.contains(UInt16(low)) }) {
                expected.append(preferred.first { (low..<high).contains(Int($0)) } ?? UInt16(low))
            }
            expected.sort { (rank($0), $0) < (rank($1), $1) }
            let covered = { (unit: UInt16) in ranges.contains { $0.contains(unit) } }
            let outside =
                preferred.first { !covered($0) }
                ?? (UInt16(0x41)...UInt16(0xFFFD)).first { !covered($0) && !(0xD800...0xDFFF).contains($0) }
            #expect(found == (outside.map { [$0] } ?? []) + expected, "\(ranges)")
        }
        #expect(PathLanguageComparison.representatives(of: []) == [UInt16(UInt8(ascii: "x"))])
    }

    @Test("a short list holds what an array holds under appends, inserts and removals, equal and hashed as its contents")
    func shortList() {
        struct Element: ShortListElement {
            let value: Int32
            static var placeholder: Self { Self(value: -1) }
        }
        var random = SeededRandom(state: 31)
        var lists: [(ShortList<Element>, [Int32])] = []
        for _ in 0..<3_000 {
            var list = ShortList<Element>()
            var model: [Int32] = []
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let value = Int32.random(in: 0...3, using: &random)
                switch Int.random(in: 0...4, using: &random) {
                case 0, 1:
                    list.append(Element(value: value))
                    model.append(value)
                case 2, 3:
                    let position = Int.random(in: 0...model.count, using: &random)
                    list.insert(Element(value: value), at: position)
                    model.insert(value, at: position)
                default:
                    let kept = Int.random(in: 0...model.count, using: &random)
                    list.removeSubrange(kept...)
                    model.removeSubrange(kept...)
                }
            }
            #expect(list.map(\.value) == model)
            #expect(list.count == model.count && list.isEmpty == model.isEmpty)
            lists.append((list, model))
        }
        // Lists with the same contents, however they were made, are equal and hash alike.
        for ((left, leftModel), (right, rightModel)) in zip(lists, lists.dropFirst()) {
            #expect((left == right) == (leftModel == rightModel))
            if left == right { #expect(left.hashValue == right.hashValue) }
        }
        #expect(lists.filter { $0.1.count > 2 }.count > 100)
        #expect(zip(lists, lists.dropFirst()).filter { $0.0.1 == $0.1.1 }.count > 100)
    }

    @Test("comparisons that share a budget stop together: a second one is undecided once the first has spent most of it")
    func sharedBudget() {
        let components = (0..<50).map { AppleLinkComponent(path: "/p\($0)/*/x?") }
        let language = AppleComponentLanguage(components)
        let other = AppleComponentLanguage(components.reversed())
        var alone = ComparisonBudget(limit: ComparisonBudget.largestLimit)
        guard case .compared = PathLanguageComparison.compare(language, other, budget: &alone) else {
            Issue.record("the comparison did not fit the largest budget")
            return
        }
        #expect(alone.spent > 1_000)
        // Room for one comparison and a half: the second stops where the budget ends.
        var shared = ComparisonBudget(limit: alone.spent * 3 / 2)
        #expect(PathLanguageComparison.compare(language, other, budget: &shared) != .tooLarge(limit: shared.limit))
        #expect(PathLanguageComparison.compare(language, other, budget: &shared) == .tooLarge(limit: shared.limit))
        #expect(shared.spent > shared.limit)
        #expect(ComparisonBudget(first: 4, second: 10).limit == 100_000 + 150 * 14 + 3 * 40)
        #expect(ComparisonBudget(first: 10_000, second: 10_000).limit == ComparisonBudget.largestLimit)
    }
}

/// Whether `language`'s verdicts of `state`, given at once, are its answers asked one by one:
/// a language that gives them from one computation must give what the protocol's answers say.
func verdictsAgree<Language: PathLanguage>(_ language: Language, _ state: Language.State) -> Bool {
    let verdicts = language.verdicts(state)
    let every = language.everyURL(state)
    return verdicts.accepts == language.accepts(state) && verdicts.decider == language.decider(state)
        && verdicts.isFinal == language.isFinal(state) && verdicts.tolerance == language.tolerance(state)
        && verdicts.toleratedDecider == language.toleratedDecider(state) && verdicts.everyAccepts == every.accepts
        && verdicts.everyDecider == every.decider && verdicts.judgedBySomeURL == language.judgedBySomeURL(state)
}
