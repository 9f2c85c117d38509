import RouteLintCore

/// `conflicting-patterns`: two routes whose paths some URL matches with neither more specific.
package enum ConflictingPatternsRule: AppRule {
    package static let description = RuleDescription(
        id: "conflicting-patterns",
        defaultSeverity: .error,
        summary: "Two routes' paths conflict: some URL matches both, and neither is more specific.",
        rationale: """
            A URL opens the route with the most specific pattern that matches it: \
            `/products/new` wins over `/products/:id` because every path the first matches, \
            the second matches too. When some URL matches two patterns and neither is more \
            specific, like `/:section/new` and `/products/:id` for `/products/new`, or when two \
            patterns match exactly the same URLs, like `/products/:id` and `/products/:sku`, no \
            route is right and a deep link opens one at random. These are the rules of Go's \
            `net/http.ServeMux`, which refuses such patterns. The message shows a URL both \
            match; the finding is at the later route, with the earlier one as related location. \
            A route whose path conflicts with more than three others gets one finding, at \
            its own path, naming a few of them and how many there are, with every one of them \
            as a related location (which the JSON and SARIF reports list): one catch-all \
            pattern is one problem, not a hundred. A baseline records each of its conflicts as \
            the pair of routes, as it records a conflict reported alone, so a new conflict of the \
            route is never accepted as an old one. A route's `aliases` are its paths too: \
            they may conflict with other routes' paths, never with their own route's.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  product: {path: /products/:id}
                  product-by-sku: {path: ↓/products/:sku}
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  product: {path: /products/:id}
                  section-new: {path: ↓/:section/new}
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  docs: {path: /docs/**}
                  team-page: {path: ↓/:team/page}
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  article: {path: /articles/:id}
                  author: {path: /authors/:id}
                  book: {path: /books/:id}
                  category: {path: /categories/:id}
                  section-new: {path: ↓/:section/new}
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  promo: {path: /:section/sale}
                  product: {path: /products/item/:id, aliases: [↓/p/:id]}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [product, new-product, product-reviews, docs, docs-home]}
                  product: {path: /products/:id, activity: shop, holder: H}
                  new-product: {path: /products/new, activity: shop, holder: H}
                  product-reviews: {path: /products/:id/reviews, activity: shop, holder: H}
                  docs: {path: /docs/**, activity: shop, holder: H}
                  docs-home: {path: /docs, activity: shop, holder: H}
                """)
        ])

    package static let buildsRouteSizedIndex = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        // The URLs of each route's path and of its aliases (`AppModel.openingPaths`), as the
        // route and alias, kept small; each pattern is made when it is read, as an array of them
        // was a twentieth of a large set's peak memory.
        var owners: [(route: Int32, alias: Int32)] = []
        owners.reserveCapacity(app.routes.count)
        var readsQuery = false
        var segmentCount = 0
        app.routes.forEachInPlace { index, route in
            guard let path = route.path else { return }
            owners.append((Int32(index), -1))
            segmentCount += path.value.segments.count
            // A route with query items may constrain none (an optional `string` allows every
            // URL); the walk then reads its pattern's query to find that out.
            readsQuery = readsQuery || !route.query.isEmpty
            guard app.hasAliases else { return }
            for position in route.aliases.indices {
                owners.append((Int32(index), Int32(position)))
                segmentCount += route.aliases[position].value.segments.count
            }
        }
        let hasAliases = app.hasAliases && owners.contains { $0.alias >= 0 }
        let alias = { (pattern: Int) in owners[pattern].alias < 0 ? nil : Int(owners[pattern].alias) }
        let opening = { (pattern: Int) in app.openingPath(route: Int(owners[pattern].route), alias: alias(pattern))! }
        let patternNumbered = { (pattern: Int) in app.urlPattern(route: Int(owners[pattern].route), alias: alias(pattern))! }
        let shapes = SegmentShapes(app.symbols)
        let routeID = { (pattern: Int) in app.text(app.routes[Int(owners[pattern].route)].id.value) }
        // A route's aliases and its path open one route: they never conflict with each other.
        let sameRoute: ((Int, Int) -> Bool)? = hasAliases ? { owners[$0].route == owners[$1].route } : nil
        // What related locations the app's findings may still name; past it, a finding names
        // only the routes its message names, and counts the rest.
        var relatedBudget = relatedPerApp
        let conflicts = ConflictIndex.conflicts(
            count: owners.count, segmentCount: segmentCount, readsQuery: readsQuery, shapes: shapes, limit: keptPerRoute,
            budget: relatedPerApp, limitPastBudget: namedPerFanOut + 1, pattern: patternNumbered)
        let reported = reports(conflicts, patternCount: owners.count, excluding: sameRoute)
        let hubs = Set(reported.compactMap { report -> Int? in if case .fanOut(let hub, _, _) = report { hub } else { nil } })
        for report in reported {
            switch report {
            case .pair(let laterIndex, let earlierIndex):
                let (later, earlier) = (opening(laterIndex), opening(earlierIndex))
                let (laterPattern, earlierPattern) = (patternNumbered(laterIndex), patternNumbered(earlierIndex))
                let laterID = routeID(laterIndex)
                let earlierID = routeID(earlierIndex)
                let earlierText = app.text(earlierPattern.path.text)
                let example = laterPattern.commonURL(with: earlierPattern, shapes: shapes, symbols: app.symbols)
                let message =
                    laterPattern.relation(to: earlierPattern, shapes: shapes) == .equivalent
                    ? "\(later.described(in: app)) of route '\(laterID)' matches the same URLs as '\(earlierText)' of route '\(earlierID)', such as '\(example)'"
                    : "\(later.described(in: app)) of route '\(laterID)' conflicts with '\(earlierText)' of route '\(earlierID)': both match '\(example)' and neither is more specific"
                findings.report(
                    description, message, at: later.path.range,
                    related: [RelatedLocation(earlier.path.range, "route '\(earlierID)' declares '\(earlierText)' here")],
                    subjects: [.route(laterID), .route(earlierID)],
                    parts: [Self.conflict(laterID, earlierID, in: later.path.range.file)])
            case .fanOut(let hubIndex, let partners, let total):
                let hub = opening(hubIndex)
                let hubID = routeID(hubIndex)
                let hubPattern = patternNumbered(hubIndex)
                let named = partners.prefix(namedPerFanOut).map { index in
                    "'\(routeID(index))' ('\(app.text(opening(index).path.value.text))')"
                }
                let first = partners[0]
                let example = hubPattern.commonURL(with: patternNumbered(first), shapes: shapes, symbols: app.symbols)
                let more = total - named.count
                let message =
                    "\(hub.described(in: app)) of route '\(hubID)' conflicts with \(total) paths of other routes, "
                    + "neither more specific: \(named.joined(separator: ", "))\(more > 0 ? " and \(more) more" : ""); "
                    + "both it and '\(routeID(first))' match '\(example)'"
                // Every conflicting route is a related location, for the machine formats and the
                // editor to show: as many as the per-finding and per-app bounds allow.
                let shown = relatedBudget >= namedPerFanOut ? min(partners.count, relatedPerFinding, relatedBudget) : namedPerFanOut
                relatedBudget = max(0, relatedBudget - shown)
                let related = partners.prefix(shown).map { index in
                    RelatedLocation(
                        opening(index).path.range, "route '\(routeID(index))' declares '\(app.text(opening(index).path.value.text))' here")
                }
                // The finding stands for each of its conflicts, a pair of routes as a finding of
                // its own is (`conflict`), so that a baseline accepts each one alone and a new
                // conflict is never taken for an old one; conflicts only counted (past
                // `keptPerRoute`) are one part, by their number.
                // A conflict of two such routes is a part of the later one's finding alone.
                var parts = partners.compactMap { index -> Finding.Part? in
                    let partnerIsLater = hub.path.range < opening(index).path.range
                    if partnerIsLater && hubs.contains(index) { return nil }
                    let (later, earlier) = partnerIsLater ? (index, hubIndex) : (hubIndex, index)
                    return Self.conflict(routeID(later), routeID(earlier), in: opening(later).path.range.file)
                }
                if total > partners.count {
                    parts.append(
                        Finding.Part(
                            file: hub.path.range.file, subjects: [.route(hubID), FindingSubject(.value, "\(total - partners.count) more")]))
                }
                findings.report(
                    description, message, at: hub.path.range, related: related, relatedOmitted: total - related.count,
                    subjects: [.route(hubID)], parts: parts)
            }
        }
    }

    /// What identifies one conflict, whether reported alone or with the others of a route that
    /// conflicts with many: the two routes, whichever was declared first (moving a route within
    /// its file changes no identity), in the file of the later.
    static func conflict(_ later: String, _ earlier: String, in file: FileID) -> Finding.Part {
        Finding.Part(file: file, subjects: [.route(later), .route(earlier)].sorted())
    }

    /// At most this many conflicts are kept per route while they are found, the earliest
    /// declared; the rest are counted. Once the app's conflicts kept reach `relatedPerApp`,
    /// a route keeps only as many as a message names: that bounds the work and the memory of
    /// a hostile set, whose pairs grow quadratically.
    static let keptPerRoute = 1_000

    /// A finding names at most this many conflicting routes as related locations; the rest are
    /// counted in `Finding.relatedOmitted`.
    static let relatedPerFinding = 1_000

    /// The findings of one app name at most this many related locations in all: a hostile set
    /// of 20,000 routes that all conflict would otherwise carry 20 million.
    static let relatedPerApp = 100_000

    /// A route that conflicts with more routes than this gets one finding naming them all,
    /// and the pairs it belongs to get none of their own.
    package static let fanOutAbove = 3

    /// How many of its conflicting routes a fan-out finding names in its message (and, past
    /// the app's bound on related locations, as related locations).
    static let namedPerFanOut = 3

    /// What the rule reports, by index of pattern.
    enum Report: Equatable {
        /// One conflict, at the later pattern.
        case pair(later: Int, earlier: Int)
        /// Every conflict of a pattern that has more than `fanOutAbove`: the patterns known to
        /// conflict with it, earliest first, and how many conflicts there are in all.
        case fanOut(Int, partners: [Int], total: Int)
    }

    /// Groups the conflicts found: a pattern with more than `fanOutAbove` conflicts, as the
    /// later or the earlier of each pair, is reported once; a pair is reported on its own only
    /// when neither of its patterns is; pairs `isExcluded` says are no conflict (a route's path
    /// and its aliases) are dropped first. Linear in the number of conflicts kept.
    static func reports(
        _ groups: [ConflictIndex.Group], patternCount: Int, excluding isExcluded: ((Int, Int) -> Bool)? = nil
    ) -> [Report] {
        func conflicting(_ group: ConflictIndex.Group) -> [Int] {
            guard let isExcluded else { return group.earlier }
            return group.earlier.filter { !isExcluded(group.pattern, $0) }
        }
        var total = [Int](repeating: 0, count: patternCount)
        for group in groups {
            total[group.pattern] += group.omitted
            for earlier in conflicting(group) {
                total[group.pattern] += 1
                total[earlier] += 1
            }
        }
        let isHub = { (pattern: Int) in total[pattern] > fanOutAbove }
        var partners: [Int: [Int]] = [:]
        var reports: [Report] = []
        for group in groups {
            for earlier in conflicting(group) {
                if isHub(group.pattern) { partners[group.pattern, default: []].append(earlier) }
                if isHub(earlier) { partners[earlier, default: []].append(group.pattern) }
                if !isHub(group.pattern) && !isHub(earlier) { reports.append(.pair(later: group.pattern, earlier: earlier)) }
            }
        }
        for (hub, known) in partners {
            reports.append(.fanOut(hub, partners: known.sorted(), total: total[hub]))
        }
        return reports
    }
}
