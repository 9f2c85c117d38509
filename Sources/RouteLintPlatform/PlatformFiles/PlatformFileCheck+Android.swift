import RouteLintCore

extension PlatformLinkCheck.FileCheck {
    /// Judges an AndroidManifest.xml: its web intent filters' setup and hosts, then, per host
    /// and per class of API ranges that read its filters alike, its claims against the routes'
    /// (or, where an API range cannot express them exactly, against what it can).
    mutating func androidManifest(_ filters: [PlatformFile.LocatedFilter]) {
        let web = filters.filter(\.filter.takesWebLinks)
        for filter in web where !filter.filter.autoVerify { facts.setup.append(.notVerified(at: filter.range)) }
        let named = web.flatMap { filter in zip(filter.filter.hosts, filter.hostRanges).map { Located($0, at: $1) } }
        var firstOfEach: [Located<String>] = []
        for host in named where !firstOfEach.contains(where: { $0.value == host.value }) { firstOfEach.append(host) }
        hosts(firstOfEach, fileRange: file.start)
        guard comparesClaims else { return }
        let expressible = self.expressible ?? AndroidExpressibleClaims(app)
        var reach = DynamicRuleReach()
        // Each API range, host and quantifier walks the same claimed set: each walk steps only
        // the states no walk before it met.
        var claimedStates = PathLanguageComparison.MetStates<ClaimedPathLanguage>()
        // Hosts with the same filters are claimed alike: they are compared once, named by the first.
        var compared: [[Int]] = []
        for host in hosts {
            let chosenIndexes = web.indices.filter {
                web[$0].filter.covers(host: WitnessPath.host(host)) || web[$0].filter.hosts.contains(host)
            }
            guard !compared.contains(chosenIndexes) else { continue }
            compared.append(chosenIndexes)
            compareFilters(chosenIndexes.map { web[$0] }, at: host, with: expressible, reach: &reach, claimedStates: &claimedStates)
        }
        if reach.checked, reach.decided, let statement = dynamicRules?.statement {
            for (index, rule) in statement.rules.enumerated() where !reach.reached.contains(index) {
                facts.shadowed.append(.init(pattern: rule.json, range: statement.ruleRanges[index], dynamicRule: index + 1))
            }
        }
        merge()
    }

    /// Compares the intent filters `chosen` for `host` with the routes, once per class of API
    /// ranges that read them alike, and tallies the dynamic rules some URL reached; the walks
    /// of the claimed set start from and add to `claimedStates`.
    private mutating func compareFilters(
        _ chosen: [PlatformFile.LocatedFilter], at host: String, with expressible: AndroidExpressibleClaims,
        reach: inout DynamicRuleReach, claimedStates: inout PathLanguageComparison.MetStates<ClaimedPathLanguage>
    ) {
        let filters = chosen.map(\.filter)
        let attributes = ChosenAttributes(chosen)
        let (fileName, fileStart) = (self.fileName, file.start)
        for alike in readingClasses(filters, expressible) {
            let level = alike[0].lowerBound
            // From API 35 the Dynamic App Links rules of assetlinks.json narrow the filters.
            let applied = level >= AndroidIntentFilter.dynamicRulesIntroducedIn ? dynamicRules : nil
            let rules = applied?.statement.rules ?? []
            // Where the range cannot express the claimed set, what it can is the band a file
            // may claim within.
            let band = expressible.paths.flatMap { paths in
                expressible.differs(at: alike[0])
                    ? (paths: paths, language: AndroidFilterLanguage(expressible.filters, apiLevel: level)) : nil
            }
            let comparison = { (language: AndroidFilterLanguage?, counted: PlatformLinkCheck.CountedDifferences) in
                var comparison = PlatformLinkCheck.ClaimsComparison(
                    routes: expressible.segments.routes, host: host, platform: .android(alike), percentIsLiteral: true,
                    claimant: { index in
                        if let index, let attribute = attributes.attribute(index) { return attribute }
                        guard let filter = language?.everythingClaimedBy else { return nil }
                        return (chosen[filter].range, "the intent filter, which has no path attribute read there, so claims every path")
                    })
                comparison.counted = counted
                if let language { comparison.urlEnd = Self.witnessEnd(language, language.urlEnd) }
                comparison.judged = applied.map { "\(fileName) with the dynamic rules of \($0.file)" }
                if let band {
                    comparison.limit = PlatformLinkCheck.LimitPlacement(
                        widenedRoutes: band.paths.inexactRoutes.count, filterRange: chosen.first?.range ?? fileStart,
                        cause: expressible.limitCause(at: level))
                }
                return comparison
            }
            let routeOfExpressibleDecider = { (decider: Int) in band?.paths.routes[decider].map(Int.init) }
            // A file that claims here what the range can express — what `generate app-links`
            // writes — differs from the routes only where the range makes it: the walk of the
            // claimed set and the expressible one finds it all, without stepping the file's
            // language in step with the expressible one, which holds the same paths.
            if let band, applied == nil, let read = AndroidFilterLanguage.plainPaths(filters, apiLevel: level),
                read == AndroidFilterLanguage.plainPaths(expressible.filters, apiLevel: level)
            {
                let outcome = PathLanguageComparison.toleratedDifferences(
                    expressible.claimed, band.language, routeOfExpressibleDecider: routeOfExpressibleDecider, budget: &budget,
                    carrying: &claimedStates)
                record(outcome, reached: [], comparison(nil, .both))
                continue
            }
            let someURL = AndroidFilterLanguage(filters, apiLevel: level, dynamicRules: rules)
            if someURL.isUndecided {
                noteUndecided(.queryAndFragment(states: AndroidQueryAndFragment.stateBudget))
                reach.decided = false
                continue
            }
            if applied != nil {
                reach.checked = true
                if let reached = someURL.dynamicRulesReached(budget: &budget) {
                    reach.reached.formUnion(reached)
                } else {
                    reach.decided = false
                }
            }
            // A group that filters the query or fragment opens some URLs of a path and not
            // others: the file claims a path when some URL of it opens the app (judged against
            // the routes for unrouted links) and claims it whole when every URL does (judged
            // for unclaimed routes).
            var sides = [(language: someURL, counted: PlatformLinkCheck.CountedDifferences.both)]
            if someURL.filtersQueryOrFragment {
                let everyURL = AndroidFilterLanguage(filters, apiLevel: level, dynamicRules: rules, quantifier: .everyURL)
                sides = [(someURL, .whereFileClaimsMore), (everyURL, .whereFileClaimsLess)]
            }
            for (language, counted) in sides {
                if let band {
                    let claims = ExpressibleClaims(
                        claimed: expressible.claimed, expressible: band.language, routeOfExpressibleDecider: routeOfExpressibleDecider)
                    compare(claims, language, comparison(language, counted))
                } else {
                    let (outcome, reached) = PathLanguageComparison.compareReaching(
                        expressible.claimed, language, budget: &budget, carrying: &claimedStates)
                    record(outcome, reached: reached, comparison(language, counted))
                }
            }
        }
    }

    /// The app's API ranges in classes whose members read `filters` and the expressible set's
    /// filters alike, and apply the same rules: one comparison stands for a whole class.
    /// Without dynamic rules, Android 15 reads what 12 reads.
    private func readingClasses(_ filters: [AndroidIntentFilter], _ expressible: AndroidExpressibleClaims) -> [[ClosedRange<Int>]] {
        var classes: [(reading: [Bool], ranges: [ClosedRange<Int>])] = []
        for range in expressible.ranges {
            let level = range.lowerBound
            let reading =
                AndroidFilterLanguage.reading(filters, apiLevel: level)
                + AndroidFilterLanguage.reading(expressible.filters, apiLevel: level)
                + [expressible.differs(at: range), dynamicRules != nil && level >= AndroidIntentFilter.dynamicRulesIntroducedIn]
            if let index = classes.firstIndex(where: { $0.reading == reading }) {
                classes[index].ranges.append(range)
            } else {
                classes.append((reading, [range]))
            }
        }
        return classes.map(\.ranges)
    }
}

/// The path attributes of the intent filters chosen for a host, numbered across them as
/// `AndroidFilterLanguage` numbers its deciders: where each is written and how a finding names
/// it, found on demand — a file may hold hundreds of thousands, and findings name few.
struct ChosenAttributes {
    private let chosen: [PlatformFile.LocatedFilter]
    /// For each chosen filter, how many attributes the filters before it hold.
    private let starts: [Int]

    init(_ chosen: [PlatformFile.LocatedFilter]) {
        self.chosen = chosen
        var starts: [Int] = []
        var count = 0
        for filter in chosen {
            starts.append(count)
            count += filter.attributeRanges.count
        }
        self.starts = starts
    }

    /// Where attribute `index` is written and its name; nil past the last.
    func attribute(_ index: Int) -> (SourceRange, String)? {
        guard let filter = starts.lastIndex(where: { $0 <= index }) else { return nil }
        let local = index - starts[filter]
        let located = chosen[filter]
        guard local < located.attributeRanges.count, let name = located.filter.attributeName(at: local) else { return nil }
        return (located.attributeRanges[local], name)
    }
}

/// Which of an assetlinks.json's Dynamic App Links rules some URL of some host reached: a
/// rule that decides none has no effect.
struct DynamicRuleReach {
    var reached = Set<Int>()
    /// Whether every comparison with rules was decided (else nothing is said of the rules).
    var decided = true
    /// Whether any comparison applied the rules.
    var checked = false
}

/// What each of an Android app's API ranges can express of its claimed set: what `generate
/// app-links` writes. Where that is the claimed set itself — every piece written exactly, or
/// API 31+ claiming less — the file is compared with the claimed set alone.
struct AndroidExpressibleClaims {
    /// The routes' paths as Android decodes them, and the set they claim.
    let segments: ClaimedSegments
    let claimed: ClaimedPathLanguage
    /// The API ranges the app runs on, from its minimum SDK.
    let ranges: [ClosedRange<Int>]
    /// The path attributes that express the set, when some range cannot claim it exactly.
    private(set) var paths: AndroidLinkPaths.WebPaths?
    /// Those attributes as one intent filter; none without `paths`.
    private(set) var filters: [AndroidIntentFilter]
    private let inexact: InexactClaims
    private let isExactEverywhere: Bool
    private let isExactFromAdvanced: Bool
    private let typedRoutes: Set<Int>
    private static let advancedFrom = AndroidPathPattern.Kind.advancedGlob.introducedIn

    init(_ app: AppModel) {
        let segments = ClaimedSegments(app, spelling: .decoded)
        let minimum = app.android?.minimumSDK ?? AndroidSettings.defaultMinSDK
        let inexact = app.android?.inexactClaims ?? .claimLess
        let ranges = AppLinkLimits.apiRanges(from: minimum)
        // Only below API 31, or when the app claims more there, or where typed parameters
        // decide, may the expressible set differ: the pieces are not needed otherwise.
        let mayDiffer = { (range: ClosedRange<Int>) in
            range.lowerBound < Self.advancedFrom || inexact == .claimMore || segments.tellsShapesApart
        }
        let pieces = ranges.contains(where: mayDiffer) ? AndroidLinkPaths.pieces(segments) : []
        self.segments = segments
        self.claimed = ClaimedPathLanguage(segments: segments)
        self.ranges = ranges
        self.inexact = inexact
        self.isExactEverywhere = pieces.allSatisfy(\.isWritableBelowAdvanced)
        self.isExactFromAdvanced = pieces.allSatisfy(\.isExact)
        self.typedRoutes = Set(segments.routes.indices.filter { !segments.routes[$0].params.isEmpty })
        self.paths = nil
        self.filters = []
        if ranges.contains(where: { differs(at: $0) }) {
            let advancedCompared = ranges.contains { $0.lowerBound >= Self.advancedFrom && differs(at: $0) }
            let paths = AndroidLinkPaths.attributes(pieces, minimumSDK: minimum, inexact: inexact, writingAdvanced: advancedCompared)
            self.paths = paths
            self.filters = [AndroidIntentFilter(schemes: ["https"], paths: paths.attributes)]
        }
    }

    /// Whether what `range` can express differs from the claimed set.
    func differs(at range: ClosedRange<Int>) -> Bool {
        let byLevel = range.lowerBound < Self.advancedFrom || inexact == .claimMore
        return (byLevel && !isExactEverywhere) || (range.lowerBound >= Self.advancedFrom && !isExactFromAdvanced)
    }

    /// Why API `level` cannot claim the route at a decider exactly: from API 31, a typed
    /// parameter's values, unless `claim-more` widened an untyped route's pattern.
    func limitCause(at level: Int) -> (Int?) -> PlatformFacts.PlatformLimit.Cause {
        let typedRoutes = typedRoutes
        let valueTypesDecide = level >= Self.advancedFrom
        let claimsMore = inexact == .claimMore
        return { route in
            valueTypesDecide && (!claimsMore || route.map(typedRoutes.contains) == true) ? .valueTypes : .apiLevel
        }
    }
}
