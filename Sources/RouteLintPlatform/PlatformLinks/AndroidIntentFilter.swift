/// An `<intent-filter>` as far as links go: its actions, categories, the schemes and hosts of
/// its `<data>` elements (which combine: every scheme with every host with every path), the
/// path attributes, and its `<uri-relative-filter-group>` elements.
package struct AndroidIntentFilter: Sendable {
    /// `android:autoVerify`.
    package var autoVerify = false
    package var actions: [String] = []
    package var categories: [String] = []
    package var schemes: [String] = []
    package var hosts: [String] = []
    /// The path attributes of its `<data>` elements, in order.
    package var paths: [AndroidPathPattern] = []
    /// Its groups, in order.
    package var groups: [Group] = []

    /// A `<uri-relative-filter-group>`: it matches a URL when each of its filters does; the
    /// first group that matches decides, allowing or blocking. A group with no filter attribute
    /// is dropped when the manifest is read, as Android drops it.
    package struct Group: Sendable {
        /// `android:allow` (default true).
        package var allows = true
        /// Its filters, in the order they are written.
        package var filters: [RelativeFilter] = []
        /// Whether one of its filter attributes is a pattern the platform rejects: the group then
        /// matches no URL.
        package var hasRejectedFilter = false

        /// Its path filters.
        package var paths: [AndroidPathPattern] { filters.filter { $0.part == .path }.map(\.pattern) }
    }

    /// One `<data>` attribute of a group (`UriRelativeFilter`): the part of the URL it compares
    /// and its pattern, matched as `PatternMatcher` matches a path.
    package struct RelativeFilter: Sendable {
        package let part: URLPart
        package let pattern: AndroidPathPattern

        /// The attribute's name: `queryPrefix` for a prefix of the query.
        package var attributeName: String { part.attributeName(pattern.kind) }
    }

    /// The part of a URL a group's filter compares: `Uri.getPath()`, `getQuery()` or
    /// `getFragment()`, each percent-decoded.
    package enum URLPart: String, Sendable {
        case path, query, fragment

        /// The attribute that compares this part with a pattern of `kind`: `fragmentPattern`.
        package func attributeName(_ kind: AndroidPathPattern.Kind) -> String {
            rawValue + kind.rawValue.dropFirst("path".count)
        }

        /// The part and kind an attribute named `name` stands for in a group's `<data>`.
        static func filter(named name: String) -> (part: URLPart, kind: AndroidPathPattern.Kind)? {
            for part in [URLPart.path, .query, .fragment] where name.hasPrefix(part.rawValue) {
                guard let kind = AndroidPathPattern.Kind(rawValue: "path" + name.dropFirst(part.rawValue.count)) else { return nil }
                return (part, kind)
            }
            return nil
        }
    }

    /// A filter of these actions, categories, schemes, hosts and paths, without groups.
    package init(
        autoVerify: Bool = false, actions: [String] = [], categories: [String] = [], schemes: [String] = [], hosts: [String] = [],
        paths: [AndroidPathPattern] = []
    ) {
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.schemes = schemes
        self.hosts = hosts
        self.paths = paths
    }

    package static let viewAction = "android.intent.action.VIEW"
    package static let browsableCategory = "android.intent.category.BROWSABLE"
    package static let defaultCategory = "android.intent.category.DEFAULT"

    /// Whether a browser may hand it an `https` link: the VIEW action, the BROWSABLE category
    /// and the `https` scheme. Other filters do not take links.
    package var takesWebLinks: Bool {
        actions.contains(Self.viewAction) && categories.contains(Self.browsableCategory) && schemes.contains("https")
    }

    /// `IntentFilter.handlesWebUris(true)`: the VIEW action, the BROWSABLE category and schemes,
    /// `http` or `https` each.
    var takesOnlyWebLinks: Bool {
        actions.contains(Self.viewAction) && categories.contains(Self.browsableCategory) && !schemes.isEmpty
            && schemes.allSatisfy { $0 == "http" || $0 == "https" }
    }

    /// `IntentFilter.needsVerification()`: `autoVerify` on a filter of web schemes only.
    var asksForVerification: Bool { autoVerify && takesOnlyWebLinks }

    /// The first API level that verifies each host apart, from the filters that ask for it.
    static let verificationByHostIntroducedIn = 31

    /// Whether Android at `apiLevel` verifies the app's links to `host`, its assetlinks.json
    /// granting it (which `app-link-setup` checks). From API 31, for an app that targets 31 or
    /// later (as Google Play requires), only the hosts of the filters that ask for verification
    /// and carry the DEFAULT category (`DomainVerificationCollector`); before, nothing at all
    /// unless some filter asks (`needsVerification`), and then the app's web hosts.
    static func verifies(host: String, in filters: [AndroidIntentFilter], apiLevel: Int) -> Bool {
        guard apiLevel >= verificationByHostIntroducedIn else { return filters.contains(where: \.asksForVerification) }
        return filters.contains { $0.asksForVerification && $0.categories.contains(defaultCategory) && $0.covers(host: host) }
    }

    /// Whether the filter is for `host`: a host written `*.example.com` takes every subdomain of
    /// `example.com` (`IntentFilter.AuthorityEntry` compares the end of the host).
    func covers(host: String) -> Bool {
        hosts.contains { pattern in
            if pattern == host { return true }
            guard pattern.hasPrefix("*") else { return false }
            return host.hasSuffix(pattern.dropFirst())
        }
    }

    /// Path attribute `index` as a finding names it, numbered as `AndroidFilterLanguage` numbers
    /// its deciders: the plain ones, then each group's filter attributes. Made on demand: a
    /// filter may hold hundreds of thousands, and findings name few.
    package func attributeName(at index: Int) -> String? {
        if index < paths.count { return "android:\(paths[index].kind.rawValue) '\(paths[index].pattern)'" }
        var rest = index - paths.count
        for group in groups {
            if rest < group.filters.count {
                let filter = group.filters[rest]
                return "android:\(filter.attributeName) '\(filter.pattern.pattern)' of a <uri-relative-filter-group>"
            }
            rest -= group.filters.count
        }
        return nil
    }

    /// The first API level that reads `<uri-relative-filter-group>`.
    static let groupsIntroducedIn = 35
    /// The first API level that applies the Dynamic App Links rules of assetlinks.json.
    package static let dynamicRulesIntroducedIn = 35
}

/// The paths a list of intent filters claims for one host at one API level, as
/// `IntentFilter.matchData` decides: a filter claims a URL when one of its path attributes
/// matches its path, or (API 35+) its first group that matches the URL allows it; a filter with
/// no path attribute — and no group — that the API level reads claims every path.
///
/// A group may also filter the query or fragment, so a path can open the app with one query and
/// not with another: the language holds a path when *some* URL of it opens the app, or when
/// *every* one does (`Quantifier`), and says with which query and fragment
/// (`AndroidQueryAndFragment` finds every way to satisfy those filters).
///
/// Most attributes begin with literal text (`/products/`, then a pattern), and a large filter
/// has thousands that share their first units. Those literal beginnings form a trie, walked
/// as one position: an attribute joins the state's list of scans only where its literal text
/// ends, so a state holds the few attributes whose patterns are under way, not every one that
/// could still match — each step costs what those few cost, whatever the filter's size.
package struct AndroidFilterLanguage: PathLanguage {
    /// Which paths the language holds when groups or dynamic rules filter the query or fragment.
    package enum Quantifier {
        /// A path some URL of which (some query, some fragment) opens the app: what the file claims.
        case someURL
        /// A path every URL of which opens the app: what the file surely claims.
        case everyURL
    }

    /// What a filter list, and the Dynamic App Links rules when there are, do with one URL.
    package enum Outcome: Equatable {
        /// It opens the app; `attribute` decides (a group by its first filter attribute; nil for
        /// a filter with no path attribute read, which claims every path), and `rule`, the
        /// dynamic rule that lets it through, when there are rules.
        case opens(attribute: Int?, rule: Int? = nil)
        /// A group with `android:allow="false"` keeps it on the web; `attribute` is its first.
        case blocked(attribute: Int)
        /// No filter claims it.
        case unclaimed
        /// The filters claim it, and dynamic rule `rule` excludes it — or, when `rule` is nil,
        /// no rule matches it.
        case excluded(rule: Int?)

        package var opensApp: Bool {
            if case .opens = self { return true }
            return false
        }
    }

    /// One path pattern that takes part: the scan, its group if any (nil for a
    /// plain `<data>` attribute), and its number among all the filters' data attributes — or
    /// the dynamic rule it is the path of (`rule`; `attribute` is then the rule's number).
    struct Matcher {
        let scan: AndroidPathScan
        let group: Int32?
        let attribute: Int
        var rule: Int32? = nil

        var isPlain: Bool { group == nil && rule == nil }
    }

    /// A group as the walk decides it.
    struct GroupRule {
        let allows: Bool
        /// The matchers of its path filters.
        let members: [Int32]
        /// Its query and fragment filters, by index into `relative`'s patterns.
        let queries: FilterSet
        let fragments: FilterSet
        /// Its first filter attribute, which names it.
        let attribute: Int
        /// False when one of its attributes is rejected: it matches no URL.
        let canMatch: Bool
    }

    /// The matchers and the query and fragment patterns of a language, gathered as its
    /// filters and dynamic rules are read.
    private struct Parts {
        var matchers: [Matcher] = []
        var queryPatterns: [AndroidPathPattern] = []
        var fragmentPatterns: [AndroidPathPattern] = []

        /// Reads `filters` as `apiLevel` does: returns each filter's groups, and the first filter
        /// that claims every path (no path attribute nor group read there).
        mutating func read(_ filters: [AndroidIntentFilter], apiLevel: Int) -> (groups: [[GroupRule]], claimsEverything: Int?) {
            var groups: [[GroupRule]] = []
            var claimsEverything: Int?
            var attribute = 0
            let readsGroups = apiLevel >= AndroidIntentFilter.groupsIntroducedIn
            for (filterIndex, filter) in filters.enumerated() {
                var known = 0
                for path in filter.paths {
                    defer { attribute += 1 }
                    guard path.kind.introducedIn <= apiLevel else { continue }
                    known += 1
                    matchers.append(Matcher(scan: AndroidPathScan(path), group: nil, attribute: attribute))
                }
                var filterGroups: [GroupRule] = []
                for (groupIndex, group) in filter.groups.enumerated() {
                    defer { attribute += group.filters.count }
                    guard readsGroups else { continue }
                    filterGroups.append(read(group, number: groupIndex, firstAttribute: attribute))
                }
                groups.append(filterGroups)
                if known == 0 && (!readsGroups || filter.groups.isEmpty) && claimsEverything == nil {
                    claimsEverything = filterIndex
                }
            }
            return (groups, claimsEverything)
        }

        /// Reads group `number` of a filter, whose attributes are numbered from `firstAttribute`.
        private mutating func read(_ group: AndroidIntentFilter.Group, number: Int, firstAttribute: Int) -> GroupRule {
            var members: [Int32] = []
            var queries = FilterSet()
            var fragments = FilterSet()
            for (offset, relativeFilter) in group.filters.enumerated() {
                switch relativeFilter.part {
                case .path:
                    members.append(Int32(matchers.count))
                    matchers.append(
                        Matcher(scan: AndroidPathScan(relativeFilter.pattern), group: Int32(number), attribute: firstAttribute + offset))
                case .query:
                    queries.insert(queryPatterns.count)
                    queryPatterns.append(relativeFilter.pattern)
                case .fragment:
                    fragments.insert(fragmentPatterns.count)
                    fragmentPatterns.append(relativeFilter.pattern)
                }
            }
            return GroupRule(
                allows: group.allows, members: members, queries: queries, fragments: fragments, attribute: firstAttribute,
                canMatch: !group.hasRejectedFilter && !group.filters.isEmpty)
        }

        /// Reads the Dynamic App Links rules as groups that allow or exclude; a rule with a
        /// part Android cannot match matches no URL.
        mutating func read(_ rules: [AndroidDynamicRule]) -> [GroupRule] {
            rules.enumerated().map { index, rule in
                var members: [Int32] = []
                var canMatch = true
                if let path = rule.path {
                    if let pattern = AndroidDynamicRule.matcherPattern(path) {
                        members.append(Int32(matchers.count))
                        matchers.append(Matcher(scan: AndroidPathScan(pattern), group: nil, attribute: index, rule: Int32(index)))
                    } else {
                        canMatch = false
                    }
                }
                var queries = FilterSet()
                for parameter in rule.query {
                    guard let pattern = AndroidDynamicRule.matcherPattern(parameter.value, after: parameter.name + "=") else {
                        canMatch = false
                        continue
                    }
                    queries.insert(queryPatterns.count)
                    queryPatterns.append(pattern)
                }
                var fragments = FilterSet()
                if let fragment = rule.fragment {
                    if let pattern = AndroidDynamicRule.matcherPattern(fragment) {
                        fragments.insert(fragmentPatterns.count)
                        fragmentPatterns.append(pattern)
                    } else {
                        canMatch = false
                    }
                }
                return GroupRule(
                    allows: !rule.exclude, members: members, queries: queries, fragments: fragments, attribute: index,
                    canMatch: canMatch)
            }
        }
    }

    private let matchers: [Matcher]
    /// For each filter taking part, its groups.
    private let groups: [[GroupRule]]
    /// Whether plain attributes alone decide, no group, dynamic rule, query or fragment
    /// filter read: the first that matches a path claims it.
    private let plainAttributesDecide: Bool
    /// The Dynamic App Links rules, as groups that allow or exclude (`attribute` is the rule's
    /// number); nil when none apply.
    private let dynamicRules: [GroupRule]?
    /// The rules without a path pattern, which every path meets: with the rules whose path
    /// matcher accepts, the only ones a path's URLs need be tried against.
    private let rulesForEveryPath: [Int32]
    /// The trie of the matchers' literal beginnings; node 0 is the empty text.
    private let trie: LiteralTrie
    /// The filter, by its position in the list, that claims every path because the API level
    /// reads none of its path attributes (nor groups): the language is then everything.
    let everythingClaimedBy: Int?
    /// The query and fragment filters of the groups and dynamic rules, and every way to satisfy
    /// them; nil when none read at this level has one.
    let relative: AndroidQueryAndFragment?
    /// Whether those query and fragment filters are too many to decide over every query
    /// (`AndroidQueryAndFragment`'s budgets): the language must not be compared then.
    package let isUndecided: Bool
    let quantifier: Quantifier
    /// The decision for each set of accepted matchers met, shared by the language's copies
    /// (not by its replicas).
    private var decisions = DecisionCache()

    /// The language of `filters` (already chosen for the host) at `apiLevel`, narrowed from
    /// API 35 on by the Dynamic App Links rules `dynamicRules` when there are. Attributes are
    /// numbered across the filters in order — plain ones, then each group's filter attributes
    /// — so a decider names one.
    package init(
        _ filters: [AndroidIntentFilter], apiLevel: Int, dynamicRules: [AndroidDynamicRule] = [], quantifier: Quantifier = .someURL
    ) {
        var parts = Parts()
        let (groups, claimsEverything) = parts.read(filters, apiLevel: apiLevel)
        if apiLevel >= AndroidIntentFilter.dynamicRulesIntroducedIn && !dynamicRules.isEmpty {
            let rules = parts.read(dynamicRules)
            self.dynamicRules = rules
            rulesForEveryPath = rules.indices.filter { rules[$0].members.isEmpty }.map(Int32.init)
        } else {
            self.dynamicRules = nil
            rulesForEveryPath = []
        }
        let matchers = parts.matchers
        self.matchers = matchers
        self.groups = groups
        plainAttributesDecide = groups.allSatisfy(\.isEmpty) && self.dynamicRules == nil
        self.quantifier = quantifier
        everythingClaimedBy = claimsEverything
        trie = LiteralTrie(Self.beginnings(of: matchers))
        if parts.queryPatterns.isEmpty && parts.fragmentPatterns.isEmpty {
            relative = nil
            isUndecided = false
        } else {
            // Each filter's groups, and the dynamic rules, are tried in order: the chains.
            let chains = (groups + [self.dynamicRules ?? []]).map { chain in
                chain.map { AndroidQueryAndFragment.Requirement(queries: $0.queries, fragments: $0.fragments) }
            }
            relative = AndroidQueryAndFragment(queryPatterns: parts.queryPatterns, fragmentPatterns: parts.fragmentPatterns, chains: chains)
            isUndecided = relative == nil
        }
    }

    /// Whether some group or dynamic rule read here filters the query or fragment: the languages
    /// of both quantifiers then differ, and each must be compared.
    package var filtersQueryOrFragment: Bool { relative != nil || isUndecided }

    /// Each matcher's literal beginning (`beginning(of:matcher:)`), in order; a large filter's
    /// side by side in chunks: its tens of thousands of patterns, each stepped from its start,
    /// were an eighth of the check of 10,000 routes at `min-sdk` 26, on one core.
    private static func beginnings(of matchers: [Matcher]) -> [(units: [UInt16], exit: LiteralTrie.Exit)] {
        let chunkSize = 1024
        let beginnings = { @Sendable (range: Range<Int>) in
            range.compactMap { beginning(of: matchers[$0].scan, matcher: Int32($0)) }
        }
        guard matchers.count > 2 * chunkSize else { return beginnings(matchers.indices) }
        let chunks = stride(from: 0, to: matchers.count, by: chunkSize).map { $0..<min($0 + chunkSize, matchers.count) }
        return chunks.concurrentMap(beginnings).flatMap { $0 }
    }

    /// The units `scan` takes one by one from its start — where exactly one unit keeps it alive
    /// and it does not match yet, at most as many as the pattern has — and its state after them;
    /// nil for a scan that is dead after them.
    private static func beginning(of scan: AndroidPathScan, matcher: Int32) -> (units: [UInt16], exit: LiteralTrie.Exit)? {
        var state = scan.start
        var units: [UInt16] = []
        var ranges: [ClosedRange<UInt16>] = []
        var representatives: [UInt16] = []
        var scratch = PathLanguageComparison.RepresentativeScratch()
        units.reserveCapacity(scan.pattern.units.count)
        // A greedy repetition that can never be left (`a*a` under API 31's matcher) keeps one unit
        // alive forever without matching, so the beginning stops at the pattern's own length: past
        // it the walk carries the matcher as under way, which decides the same.
        while state != AndroidPathScan.dead && state != AndroidPathScan.acceptsAll && !scan.accepts(state)
            && units.count < scan.pattern.units.count
        {
            // Most of a generated pattern is literal characters: the one unit they allow needs
            // no regions to be found.
            if let unit = scan.requiredUnit(state) {
                units.append(unit)
                state = scan.step(state, unit)
                continue
            }
            ranges.removeAll(keepingCapacity: true)
            scan.distinctions(state, into: &ranges)
            guard let unit = soleLiveUnit(scan, state, ranges, representatives: &representatives, scratch: &scratch) else { break }
            units.append(unit)
            state = scan.step(state, unit)
        }
        return state == AndroidPathScan.dead ? nil : (units, LiteralTrie.Exit(matcher: matcher, state: state))
    }

    /// The one unit that keeps `scan` alive from `state`, when exactly one does and no other unit
    /// steps as it does (`ranges` tells it apart alone); nil otherwise. Every unit a region of
    /// `ranges` holds, and every unit outside them all, steps alike: one of each is tried.
    private static func soleLiveUnit(
        _ scan: AndroidPathScan, _ state: AndroidPathScan.State, _ ranges: [ClosedRange<UInt16>],
        representatives: inout [UInt16], scratch: inout PathLanguageComparison.RepresentativeScratch
    ) -> UInt16? {
        let isAlive = { (unit: UInt16) in scan.step(state, unit) != AndroidPathScan.dead }
        guard ranges.allSatisfy({ $0.count == 1 }) else {
            PathLanguageComparison.representatives(of: ranges, into: &representatives, scratch: &scratch)
            let alive = representatives.filter(isAlive)
            guard alive.count == 1, let unit = alive.first, ranges.contains(unit...unit) else { return nil }
            return unit
        }
        // Single units, as a pattern's literal characters name them: the regions are the units.
        guard let outside = (UInt16(0)...UInt16.max).first(where: { unit in !ranges.contains { $0.lowerBound == unit } }),
            !isAlive(outside)
        else { return nil }
        var sole: UInt16?
        for range in ranges where range.lowerBound != sole && isAlive(range.lowerBound) {
            guard sole == nil else { return nil }
            sole = range.lowerBound
        }
        return sole
    }

    /// Which of `filters`' path attributes and groups `apiLevel` reads, in order: two levels
    /// that read the same claim the same paths.
    static func reading(_ filters: [AndroidIntentFilter], apiLevel: Int) -> [Bool] {
        let readsGroups = apiLevel >= AndroidIntentFilter.groupsIntroducedIn
        var reading: [Bool] = []
        for filter in filters {
            reading += filter.paths.map { $0.kind.introducedIn <= apiLevel }
            reading += filter.groups.map { _ in readsGroups }
        }
        return reading
    }

    /// The path attributes `filters` read at `apiLevel`, in order, when they alone decide the
    /// paths claimed there — no group read, no filter that claims every path; nil otherwise.
    /// Two lists of filters whose patterns are equal claim the same paths at that level, without
    /// rules (a path is claimed when one of the patterns matches it), whatever else tells them apart.
    static func plainPaths(_ filters: [AndroidIntentFilter], apiLevel: Int) -> [AndroidPathPattern]? {
        let readsGroups = apiLevel >= AndroidIntentFilter.groupsIntroducedIn
        var paths: [AndroidPathPattern] = []
        for filter in filters {
            guard !readsGroups || filter.groups.isEmpty else { return nil }
            let count = paths.count
            paths += filter.paths.lazy.filter { $0.kind.introducedIn <= apiLevel }
            guard paths.count > count else { return nil }
        }
        return paths
    }

    /// Where the walk stands: the trie node of the text read so far (-1 once it has left the
    /// trie), and the matchers past their literal beginnings with their scan states, ascending.
    package struct State: Hashable {
        var node: Int32
        var alive = ShortList<Alive>()
    }

    /// A matcher under way, and the state of its scan.
    struct Alive: ShortListElement {
        let matcher: Int32
        let scan: AndroidPathScan.State

        static var placeholder: Self { Self(matcher: -1, scan: AndroidPathScan.dead) }
    }

    package func stateHash(_ state: State) -> Int {
        var hasher = StateHasher()
        hasher.combine(state.node, Int32(state.alive.count))
        for alive in state.alive {
            hasher.combine(UInt64(UInt32(bitPattern: alive.matcher)))
            hasher.combine(UInt64(bitPattern: alive.scan))
        }
        return hasher.value
    }

    package var start: State {
        var state = State(node: 0)
        arrive(at: 0, in: &state)
        return state
    }

    package func step(_ state: State, _ unit: UInt16) -> State {
        var next = State(node: state.node < 0 ? -1 : trie.child(of: state.node, unit))
        for alive in state.alive {
            let scan = matchers[Int(alive.matcher)].scan.step(alive.scan, unit)
            if scan != AndroidPathScan.dead { next.alive.append(Alive(matcher: alive.matcher, scan: scan)) }
        }
        if next.node >= 0 { arrive(at: next.node, in: &next) }
        return next
    }

    /// Adds the matchers whose literal beginning ends at `node`, in order; leaves the trie when
    /// nothing lies deeper.
    private func arrive(at node: Int32, in state: inout State) {
        for exit in trie.exits(of: node) {
            let position = state.alive.firstIndex { $0.matcher > exit.matcher } ?? state.alive.count
            state.alive.insert(Alive(matcher: exit.matcher, scan: exit.state), at: position)
        }
        if !trie.hasChildren(node) { state.node = -1 }
    }

    package func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        if state.node >= 0 { trie.units(of: state.node, into: &ranges) }
        for alive in state.alive { matchers[Int(alive.matcher)].scan.distinctions(alive.scan, into: &ranges) }
    }

    package func accepts(_ state: State) -> Bool? { decision(state).outcome.opensApp }

    /// The attribute that claims a path ending in `state`, under the query and fragment the
    /// quantifier chooses (`urlEnd`): the first plain one that matches, else the first of the
    /// group that allows it; nil when no filter claims it (or when a filter without path
    /// attributes claims everything, which `everythingClaimedBy` names).
    package func decider(_ state: State) -> Int? {
        guard case .opens(let attribute, _) = decision(state).outcome else { return nil }
        return attribute
    }

    /// The verdicts of the protocol's defaults, from one decision: each answer asked on its own
    /// would make it again (six times a state, most of interning the states of a large file).
    package func verdicts(_ state: State) -> PathVerdicts {
        let outcome = decision(state).outcome
        let decider: Int?
        if case .opens(let attribute, _) = outcome { decider = attribute } else { decider = nil }
        return PathVerdicts(accepts: outcome.opensApp, decider: decider, isFinal: isFinal(state))
    }

    /// What the filters do with the URL whose path ends in `state`, whose decoded query and
    /// fragment are these (nil: the URL has none).
    package func outcome(_ state: State, query: [UInt16]?, fragment: [UInt16]?) -> Outcome {
        let satisfiedQueries = relative.map { AndroidQueryAndFragment.satisfied(byQuery: query, $0.queryPatterns) } ?? FilterSet()
        let satisfiedFragments = relative.map { AndroidQueryAndFragment.satisfied(byFragment: fragment, $0.fragmentPatterns) }
        return outcome(pathMatch(state), queries: satisfiedQueries, fragments: fragment == nil ? nil : satisfiedFragments ?? FilterSet())
    }

    /// The query and fragment, as they end a witness URL (`?q#f`, encoded), under which the
    /// path ending in `state` gets its verdict: for `someURL`, one that opens the app if any
    /// does; for `everyURL`, one that does not if any does not. Empty when neither matters.
    package func urlEnd(_ state: State) -> String {
        guard let relative else { return "" }
        let decision = decision(state)
        let query = relative.candidates[decision.candidate].query.text
        let fragment = relative.candidates[decision.candidate].fragment.text
        return (query.map { "?" + AndroidQueryAndFragment.encoded($0, keepingAmpersands: true) } ?? "")
            + (fragment.map { "#" + AndroidQueryAndFragment.encoded($0, keepingAmpersands: false) } ?? "")
    }

    /// What a path matches: the matchers whose scans accept at its end, and the dynamic rules
    /// its URLs may meet — those whose path matches and those without one — both ascending.
    struct PathMatch {
        let accepted: [Int32]
        let rules: [Int32]
    }

    /// What the path ending in `state` matches.
    private func pathMatch(_ state: State) -> PathMatch {
        let accepted = state.alive.compactMap { matchers[Int($0.matcher)].scan.accepts($0.scan) ? $0.matcher : nil }
        guard dynamicRules != nil else { return PathMatch(accepted: accepted, rules: []) }
        let rules = (rulesForEveryPath + accepted.compactMap { matchers[Int($0)].rule }).sorted()
        return PathMatch(accepted: accepted, rules: rules)
    }

    /// The outcome for a path that matches `path`, with a query satisfying `queries` and a
    /// fragment satisfying `fragments` (nil: no fragment).
    private func outcome(_ path: PathMatch, queries: FilterSet, fragments: FilterSet?) -> Outcome {
        let claimed = claim(path.accepted, queries: queries, fragments: fragments)
        guard case .opens(let attribute, _) = claimed, let dynamicRules else { return claimed }
        // The first dynamic rule that matches decides; none matching keeps the URL on the web.
        guard
            let index = path.rules.first(where: {
                matches(dynamicRules[Int($0)], path.accepted, queries: queries, fragments: fragments)
            })
        else { return .excluded(rule: nil) }
        let rule = dynamicRules[Int(index)]
        return rule.allows ? .opens(attribute: attribute, rule: rule.attribute) : .excluded(rule: rule.attribute)
    }

    /// What the intent filters alone do with the URL.
    private func claim(_ accepted: [Int32], queries: FilterSet, fragments: FilterSet?) -> Outcome {
        if everythingClaimedBy != nil { return .opens(attribute: nil) }
        // A plain attribute that matches wins over every group.
        for matcher in accepted where matchers[Int(matcher)].isPlain {
            return .opens(attribute: matchers[Int(matcher)].attribute)
        }
        var blocked: Int?
        for filterGroups in groups {
            for group in filterGroups where matches(group, accepted, queries: queries, fragments: fragments) {
                if group.allows { return .opens(attribute: group.attribute) }
                blocked = blocked ?? group.attribute
                break
            }
        }
        return blocked.map { .blocked(attribute: $0) } ?? .unclaimed
    }

    /// The outcome with a candidate query and fragment.
    private func outcome(_ path: PathMatch, _ candidate: AndroidQueryAndFragment.Candidate) -> Outcome {
        outcome(path, queries: candidate.query.satisfied, fragments: candidate.fragment.text == nil ? nil : candidate.fragment.satisfied)
    }

    /// Whether every filter of `group` matches: its path matchers accepted, the query and
    /// fragment satisfying its query and fragment filters (nil: the URL has no fragment).
    private func matches(_ group: GroupRule, _ accepted: [Int32], queries: FilterSet, fragments: FilterSet?) -> Bool {
        group.canMatch && group.members.allSatisfy(accepted.contains) && queries.isSuperset(of: group.queries)
            && (group.fragments.isEmpty || fragments?.isSuperset(of: group.fragments) == true)
    }

    /// The verdict for paths ending in `state` under the quantifier, and the candidate query and
    /// fragment it holds for: the URL without either first, so that a path the query and
    /// fragment filters do not concern keeps its plain verdict.
    private func decision(_ state: State) -> Decision {
        // The first attribute that matches claims the path: found without the list of every
        // attribute that matches, which each new state of a large file built and freed.
        if plainAttributesDecide {
            if everythingClaimedBy != nil { return Decision(outcome: .opens(attribute: nil)) }
            let first = state.alive.first { matchers[Int($0.matcher)].scan.accepts($0.scan) }
            return Decision(outcome: first.map { .opens(attribute: matchers[Int($0.matcher)].attribute) } ?? .unclaimed)
        }
        let path = pathMatch(state)
        guard let relative else { return Decision(outcome: outcome(path, queries: FilterSet(), fragments: nil)) }
        if let known = decisions.known[path.accepted] { return known }
        var found: Decision?
        for (index, candidate) in relative.candidates.enumerated() {
            let outcome = outcome(path, candidate)
            if outcome.opensApp == (quantifier == .someURL) {
                found = Decision(outcome: outcome, candidate: index)
                break
            }
        }
        let decision = found ?? Decision(outcome: outcome(path, queries: FilterSet(), fragments: nil))
        decisions.known[path.accepted] = decision
        return decision
    }

    /// The dynamic rules that decide some URL — one the filters claim and no earlier rule
    /// decides — found by walking every state paths reach, with every query and fragment that
    /// tell the rules apart; nil once `budget` is spent (its steps counted as a comparison's).
    package func dynamicRulesReached(budget: inout ComparisonBudget) -> Set<Int>? {
        guard let dynamicRules else { return [] }
        let none = AndroidQueryAndFragment.Choice(satisfied: FilterSet(), text: nil)
        let candidates = relative?.candidates ?? [AndroidQueryAndFragment.Candidate(query: none, fragment: none)]
        var reached = Set<Int>()
        // Paths that match the same patterns reach the same rules: each is tried once.
        var tried: Set<[Int32]> = []
        var seen: Set<State> = [start]
        var pending = [start]
        var ranges: [ClosedRange<UInt16>] = []
        var units: [UInt16] = []
        var scratch = PathLanguageComparison.RepresentativeScratch()
        while let state = pending.popLast() {
            let path = pathMatch(state)
            if tried.insert(path.accepted).inserted {
                for candidate in candidates {
                    switch outcome(path, candidate) {
                    case .opens(_, let rule?), .excluded(let rule?): reached.insert(rule)
                    default: break
                    }
                }
            }
            if reached.count == dynamicRules.count { return reached }
            guard !isFinal(state) else { continue }
            ranges.removeAll(keepingCapacity: true)
            distinctions(state, into: &ranges)
            PathLanguageComparison.representatives(of: ranges, into: &units, scratch: &scratch)
            budget.spent += ComparisonBudget.unitCost * units.count
            for unit in units {
                let next = step(state, unit)
                guard seen.insert(next).inserted else { continue }
                budget.spent += size(next)
                guard !budget.isSpent else { return nil }
                pending.append(next)
            }
        }
        return reached
    }

    /// A verdict, and the query and fragment it holds for.
    struct Decision {
        var outcome: Outcome
        /// The candidate query and fragment, by index into `relative`'s.
        var candidate = 0
    }

    package func replica() -> Self {
        var replica = self
        replica.decisions = DecisionCache()
        return replica
    }

    /// Decisions by the accepted matchers of a state: many states share them.
    private final class DecisionCache {
        var known: [[Int32]: Decision] = [:]
    }

    package func isFinal(_ state: State) -> Bool {
        (everythingClaimedBy != nil && dynamicRules == nil) || (state.alive.isEmpty && state.node < 0)
    }

    package func size(_ state: State) -> Int { 1 + state.alive.count }
}
