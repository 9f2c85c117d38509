import RouteLintCore

/// Whether two lists of `apple-app-site-association` components — one app ID's entry in two
/// copies of a file, as the host serves it and as Apple's CDN does — open the same URLs, decided
/// over every URL (docs/app-links.md, "What devices read").
///
/// A URL's query and fragment meet exactly the conditions one candidate of both lists' conditions
/// meets (`AppleQueryAndFragment`); under a candidate, each list is the path language of the
/// components whose conditions it meets, and the two are compared over every path that begins
/// with `/`. The first difference is the witness.
package enum AppleClaimsComparison {
    /// What the comparison finds.
    package enum Outcome: Equatable {
        /// Both lists open the same URLs.
        case same
        /// A URL one list opens and the other does not: its path, query and fragment as a URL
        /// writes them (`/products/x?preview=a`), and whether the first list opens it.
        case differs(pathAndRest: String, openedByFirst: Bool)
        /// The lists' conditions or paths are past the budgets: nothing is decided.
        case undecided
    }

    /// Compares `first` and `second`.
    package static func compare(_ first: [AppleLinkComponent], _ second: [AppleLinkComponent]) -> Outcome {
        if first == second { return .same }
        guard let candidates = AppleQueryAndFragment(first + second).candidates else { return .undecided }
        let firstConditions = first.count(where: \.hasConditions)
        // The candidates' comparisons share one budget.
        var budget = ComparisonBudget(first: first.count, second: second.count)
        // Candidates that meet the same conditions are the same comparison.
        var compared = Set<[Bool]>()
        for candidate in candidates where compared.insert(candidate.meets).inserted {
            let firstMet = met(first, meets: candidate.meets.prefix(firstConditions))
            let secondMet = met(second, meets: candidate.meets.dropFirst(firstConditions))
            let outcome = PathLanguageComparison.compare(
                RootedPaths(AppleComponentLanguage(firstMet)), RootedPaths(AppleComponentLanguage(secondMet)), budget: &budget)
            switch outcome {
            case .tooLarge:
                return .undecided
            case .compared(let witnesses):
                // The walk is breadth first: its first witness is a shortest one.
                guard let witness = witnesses.first else { continue }
                let rest = (candidate.query.map { "?" + $0 } ?? "") + (candidate.fragment.map { "#" + $0 } ?? "")
                return .differs(
                    pathAndRest: WitnessPath.urlPath(witness.path, percentIsLiteral: false) + rest, openedByFirst: witness.inFirst)
            }
        }
        return .same
    }

    /// The components a URL meeting `meets` (one flag per component with conditions, in order)
    /// can match, as components without conditions: those it meets, and those that have none.
    static func met(_ components: [AppleLinkComponent], meets: ArraySlice<Bool>) -> [AppleLinkComponent] {
        var flags = meets.makeIterator()
        return components.compactMap { component in
            guard component.hasConditions else { return component }
            guard flags.next() == true else { return nil }
            var unconditional = component
            unconditional.query = nil
            unconditional.queryItems = []
            unconditional.fragment = nil
            return unconditional
        }
    }
}

/// A path language read over URL paths as written: those that begin with `/` and hold only the
/// characters a URL's path carries — ASCII unreserved and sub-delimiter characters, `:`, `@`,
/// `/` — and escapes, `%` and two hex digits of either case. Everything else lies outside the
/// compared domain: a path with `é` unescaped is no URL, and the two lists' verdicts on it
/// would say nothing of what a device does.
struct RootedPaths<Inner: PathLanguage>: PathLanguage {
    enum State: Hashable {
        case begin
        case outside
        /// Within the path; `escape` counts the characters read of an escape under way (0: none).
        case inside(Inner.State, escape: UInt8)
    }

    let inner: Inner

    init(_ inner: Inner) {
        self.inner = inner
    }

    var start: State { .begin }

    func step(_ state: State, _ unit: UInt16) -> State {
        switch state {
        case .begin: return unit == GlobAutomaton.slash ? .inside(inner.step(inner.start, unit), escape: 0) : .outside
        case .outside: return .outside
        case .inside(let state, let escape):
            if escape > 0 {
                guard URLPathUnits.hexDigits.contains(where: { $0.contains(unit) }) else { return .outside }
                return .inside(inner.step(state, unit), escape: escape == 1 ? 2 : 0)
            }
            guard URLPathUnits.path.contains(where: { $0.contains(unit) }) else { return .outside }
            return .inside(inner.step(state, unit), escape: unit == URLPathUnits.percent ? 1 : 0)
        }
    }

    func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        switch state {
        case .begin: ranges.append(GlobAutomaton.slash...GlobAutomaton.slash)
        case .outside: break
        case .inside(let state, let escape):
            ranges += escape > 0 ? URLPathUnits.hexDigits : URLPathUnits.path
            ranges.append(URLPathUnits.percent...URLPathUnits.percent)
            inner.distinctions(state, into: &ranges)
        }
    }

    func accepts(_ state: State) -> Bool? {
        // A path that ends within an escape is no URL path.
        guard case .inside(let state, 0) = state else { return nil }
        return inner.accepts(state)
    }

    func decider(_ state: State) -> Int? {
        guard case .inside(let state, 0) = state else { return nil }
        return inner.decider(state)
    }

    func isFinal(_ state: State) -> Bool {
        switch state {
        case .begin: return false
        case .outside: return true
        case .inside(let state, let escape): return escape == 0 && inner.isFinal(state)
        }
    }

    func replica() -> Self { Self(inner.replica()) }
}

/// The units of a URL path as written (`RootedPaths`).
private enum URLPathUnits {
    static let percent = UInt16(UInt8(ascii: "%"))

    /// The units a path may hold outside an escape, as ranges of consecutive units.
    static let path: [ClosedRange<UInt16>] = {
        var runs: [ClosedRange<UInt16>] = []
        for unit in UInt16(0x21)...UInt16(0x7E) where ClaimedPathLanguage.isEncodedPathUnit(unit) {
            if let last = runs.last, last.upperBound + 1 == unit {
                runs[runs.count - 1] = last.lowerBound...unit
            } else {
                runs.append(unit...unit)
            }
        }
        return runs
    }()

    /// The units an escape's digits may be.
    static let hexDigits: [ClosedRange<UInt16>] = [0x30...0x39, 0x41...0x46, 0x61...0x66]
}
