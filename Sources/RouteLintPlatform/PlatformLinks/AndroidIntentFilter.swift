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
    var groups: [Group] = []

    /// A `<uri-relative-filter-group>`: it matches a URL when each of its filters does; the
    /// first group that matches decides, allowing or blocking.
    struct Group: Sendable {
        /// `android:allow` (default true).
        var allows = true
        /// Its path filters.
        var paths: [AndroidPathPattern] = []
        /// Whether it also filters the query or fragment: it then never matches a URL without
        /// them, the URLs compared here.
        var filtersQueryOrFragment = false
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

    /// Whether the filter is for `host`: a host written `*.example.com` takes every subdomain of
    /// `example.com` (`IntentFilter.AuthorityEntry` compares the end of the host).
    func covers(host: String) -> Bool {
        hosts.contains { pattern in
            if pattern == host { return true }
            guard pattern.hasPrefix("*") else { return false }
            return host.hasSuffix(pattern.dropFirst())
        }
    }

    /// The first API level that reads `<uri-relative-filter-group>`.
    static let groupsIntroducedIn = 35
}

/// The paths a list of intent filters claims for one host at one API level, as
/// `IntentFilter.matchData` decides: a filter claims a path when one of its path attributes
/// matches it, or (API 35+) its first matching group allows it; a filter with no path
/// attribute — and no group — that the API level reads claims every path.
///
/// Most attributes begin with literal text (`/products/`, then a pattern), and a large filter
/// has thousands that share their first units. Those literal beginnings form a trie, walked
/// as one position: an attribute joins the state's list of scans only where its literal text
/// ends, so a state holds the few attributes whose patterns are under way, not every one that
/// could still match — each step costs what those few cost, whatever the filter's size.
package struct AndroidFilterLanguage: PathLanguage {
    /// One path attribute that takes part: the scan, its filter, its group if any (nil for a
    /// plain `<data>` attribute), and its number among all the filters' data attributes.
    struct Matcher {
        let scan: AndroidPathScan
        let filter: Int32
        let group: Int32?
        let attribute: Int
    }

    private let matchers: [Matcher]
    /// For each filter taking part, its groups: (allows, the matchers that form it, whether it
    /// can match at all).
    private let groups: [[(allows: Bool, members: [Int32], canMatch: Bool)]]
    /// The trie of the matchers' literal beginnings; node 0 is the empty text.
    private let trie: LiteralTrie
    /// The filter, by its position in the list, that claims every path because the API level
    /// reads none of its path attributes (nor groups): the language is then everything.
    let everythingClaimedBy: Int?

    /// The language of `filters` (already chosen for the host) at `apiLevel`. Attributes are
    /// numbered across the filters in order, plain ones and group members alike, so a decider
    /// names one.
    package init(_ filters: [AndroidIntentFilter], apiLevel: Int) {
        var matchers: [Matcher] = []
        var groups: [[(allows: Bool, members: [Int32], canMatch: Bool)]] = []
        var claimsEverything: Int?
        var attribute = 0
        let readsGroups = apiLevel >= AndroidIntentFilter.groupsIntroducedIn
        for (filterIndex, filter) in filters.enumerated() {
            var known = 0
            for path in filter.paths {
                defer { attribute += 1 }
                guard path.kind.introducedIn <= apiLevel else { continue }
                known += 1
                matchers.append(Matcher(scan: AndroidPathScan(path), filter: Int32(filterIndex), group: nil, attribute: attribute))
            }
            var filterGroups: [(allows: Bool, members: [Int32], canMatch: Bool)] = []
            for (groupIndex, group) in filter.groups.enumerated() {
                var members: [Int32] = []
                for path in group.paths {
                    defer { attribute += 1 }
                    guard readsGroups else { continue }
                    members.append(Int32(matchers.count))
                    matchers.append(
                        Matcher(scan: AndroidPathScan(path), filter: Int32(filterIndex), group: Int32(groupIndex), attribute: attribute))
                }
                // A group without filters, or with a query or fragment filter, matches no URL here;
                // a group of unknown attributes only still counts as a group of the filter.
                filterGroups.append((group.allows, members, !group.filtersQueryOrFragment && !group.paths.isEmpty))
            }
            groups.append(readsGroups ? filterGroups : [])
            if known == 0 && (!readsGroups || filter.groups.isEmpty) && claimsEverything == nil {
                claimsEverything = filterIndex
            }
        }
        self.matchers = matchers
        self.groups = groups
        everythingClaimedBy = claimsEverything
        trie = LiteralTrie(matchers.indices.compactMap { Self.beginning(of: matchers[$0].scan, matcher: Int32($0)) })
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
        // A greedy repetition that can never be left (`a*a` under API 31's matcher) keeps one unit
        // alive forever without matching, so the beginning stops at the pattern's own length: past
        // it the walk carries the matcher as under way, which decides the same.
        while state != AndroidPathScan.dead && state != AndroidPathScan.acceptsAll && !scan.accepts(state)
            && units.count < scan.pattern.units.count
        {
            ranges.removeAll(keepingCapacity: true)
            scan.distinctions(state, into: &ranges)
            // One unit per region the step tells apart (one outside them all): the scan goes on
            // with exactly one, and that region is one unit wide.
            PathLanguageComparison.representatives(of: ranges, into: &representatives, scratch: &scratch)
            let alive = representatives.filter { scan.step(state, $0) != AndroidPathScan.dead }
            guard alive.count == 1, let unit = alive.first, ranges.contains(unit...unit) else { break }
            units.append(unit)
            state = scan.step(state, unit)
        }
        return state == AndroidPathScan.dead ? nil : (units, LiteralTrie.Exit(matcher: matcher, state: state))
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

    /// Where the walk stands: the trie node of the text read so far (-1 once it has left the
    /// trie), and the matchers past their literal beginnings with their scan states, ascending.
    package struct State: Hashable {
        var node: Int32
        var alive: [Alive] = []
    }

    /// A matcher under way, and the state of its scan.
    struct Alive: Hashable {
        let matcher: Int32
        let scan: AndroidPathScan.State
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

    package func accepts(_ state: State) -> Bool? { decider(state) != nil || everythingClaimedBy != nil }

    /// The attribute that claims a path ending in `state`: the first plain one that matches, else
    /// the first member of the group that allows it; nil when no filter claims it (or when a
    /// filter without path attributes claims everything, which `everythingClaimedBy` names).
    package func decider(_ state: State) -> Int? {
        if everythingClaimedBy != nil { return nil }
        var accepted = Set<Int32>()
        for alive in state.alive where matchers[Int(alive.matcher)].scan.accepts(alive.scan) {
            let matcher = alive.matcher
            if matchers[Int(matcher)].group == nil { return matchers[Int(matcher)].attribute }
            accepted.insert(matcher)
        }
        guard !accepted.isEmpty else { return nil }
        for filterGroups in groups {
            for group in filterGroups where group.canMatch && group.members.allSatisfy(accepted.contains) && !group.members.isEmpty {
                if group.allows { return matchers[Int(group.members[0])].attribute }
                break
            }
        }
        return nil
    }

    package func isFinal(_ state: State) -> Bool { everythingClaimedBy != nil || (state.alive.isEmpty && state.node < 0) }

    package func size(_ state: State) -> Int { 1 + state.alive.count }
}
