import RouteLintCore

/// What the audit page (docs/audit.md) says about one app, drawn from its model and the run's
/// findings: the counts, the deep-link surface, the navigation of each activity and the
/// statistics of its link graph. Every figure is computed here, so that the page only lays
/// them out and tests can check them without a browser.
package struct AppAudit: Sendable {
    /// How the app is called ("app 'shop'").
    package let name: String
    /// The app's position in the run, for anchors that stay unique across apps.
    package let index: Int
    /// Routes declared.
    package let routeCount: Int
    /// Activities declared.
    package let activityCount: Int
    /// Tabs declared.
    package let tabCount: Int
    /// Holders declared.
    package let holderCount: Int

    /// Findings of one rule, by severity.
    package struct RuleCount: Sendable, Equatable {
        /// The rule's id.
        package let rule: String
        /// Its findings at each severity.
        package var errors = 0
        /// See `errors`.
        package var warnings = 0
        /// See `errors`.
        package var notes = 0
        /// Every finding of the rule.
        package var total: Int { errors + warnings + notes }
    }

    /// `findings` per rule, the rules with most findings first, and the files with the most of
    /// them (at most ten), most first: an app's, or those of the files of no app.
    package static func counts(of findings: [Finding], files: [SourceFile]) -> ([RuleCount], [(path: String, count: Int)]) {
        var byRule: [String: RuleCount] = [:]
        var byFile: [FileID: Int] = [:]
        for finding in findings {
            var count = byRule[finding.rule] ?? RuleCount(rule: finding.rule)
            switch finding.severity {
            case .error: count.errors += 1
            case .warning: count.warnings += 1
            case .note: count.notes += 1
            }
            byRule[finding.rule] = count
            byFile[finding.range.file, default: 0] += 1
        }
        let rules = byRule.values.sorted { ($0.total, $1.rule) > ($1.total, $0.rule) }
        let mostFindings = byFile.sorted { ($0.value, $1.key.index) > ($1.value, $0.key.index) }.prefix(10).map {
            (files[Int($0.key.index)].path, $0.value)
        }
        return (rules, mostFindings)
    }

    /// The findings in the app's files, per rule, the rules with most findings first.
    package let findingsByRule: [RuleCount]
    /// The files with the most findings, most first (at most ten).
    package let filesWithMostFindings: [(path: String, count: Int)]

    /// A scheme or host and the patterns it opens.
    package struct Origin: Sendable {
        /// `shop://` or `https://shop.example.com`.
        package let origin: String
        /// The patterns opened there, each route's path and aliases: every route's but the in-app
        /// ones for a scheme, the web routes' for a host.
        package let patterns: [(route: String, pattern: String)]
    }

    /// The deep-link surface: what the outside world reaches.
    package let origins: [Origin]
    /// Routes marked `entry: true`.
    package let entryRoutes: [String]
    /// Routes with a path and `web: false`: not claimed on the hosts.
    package let webOffRoutes: [String]
    /// Auth-required routes that a link from outside opens, or reaches by links without passing
    /// another auth-required route, each with the chain of route ids from the route it opens.
    package let authReachableFromOutside: [[String]]
    /// What a link to each entry route with a path does (docs/code-generation.md, "Navigation
    /// plans"), its values written as their names (`:id`). The routes that share a tab root and
    /// the names and types of their values share one search.
    package let entryPlans: [(route: String, plan: String)]

    /// The navigation of one activity.
    package struct ActivityAudit: Sendable {
        /// The activity's name.
        package let name: String
        /// The layered drawing, or nil when the activity is too large to draw legibly.
        package let layout: LayeredLayout?
        /// Routes of the activity.
        package let routeCount: Int
        /// For a large activity: its largest subtrees (a tab root or its child, and the routes
        /// first reached through it), largest first.
        package let largestSubtrees: [(route: String, size: Int)]
        /// For a large activity: how many of its routes lie at each depth from a tab root.
        package let depthHistogram: [Int]
    }

    /// One entry per activity, in declaration order.
    package let activities: [ActivityAudit]

    /// How many routes lie at each depth from their nearest tab root (index 0: the roots), and
    /// how many no tab reaches.
    package let depthHistogram: [Int]
    /// How many routes no tab reaches.
    package let unreachedFromTabs: Int
    /// How many routes link to 0, 1, 2, 3–5, 6–10 and more than 10 routes.
    package let fanOutHistogram: [Int]
    /// The routes with the most links, most first (at most five).
    package let widestRoutes: [(route: String, links: Int)]
    /// The longest of the shortest chains of links from a tab root, longest first (at most
    /// five), each as route ids from the root.
    package let longestChains: [[String]]

    /// The labels of `fanOutHistogram`'s buckets.
    package static let fanOutBuckets = ["0", "1", "2", "3–5", "6–10", "11+"]

    /// The most routes an activity's drawing holds; a larger one is summarised.
    package static let maximumDrawnRoutes = 120

    /// The audit of `app`, the `index`th app of a run, with the run's `findings` (those in the
    /// app's files count) and its `files`.
    package init(_ app: AppModel, index: Int, findings: [Finding], files: [SourceFile]) {
        name = app.displayName
        self.index = index
        routeCount = app.routes.count
        activityCount = app.activities.count
        tabCount = app.tabs.count
        holderCount = app.holders.count

        let appFiles = Set(app.files.map(\.id))
        let own = findings.filter { appFiles.contains($0.range.file) }
        (findingsByRule, filesWithMostFindings) = Self.counts(of: own, files: files)

        // The surface.
        let routesWithPaths = app.routes.filter { $0.path != nil }
        // Every path a link from outside opens: each route's, and its aliases'.
        let opened = app.routesByOpeningPath
        let pattern = { (route: Route) in (app.text(route.id.value), app.text(route.path!.value.text)) }
        origins =
            app.schemes.map { Origin(origin: app.text($0.value) + "://", patterns: opened.filter { !$0.isInApp }.map(pattern)) }
            + app.hosts.map { Origin(origin: "https://" + app.text($0.value), patterns: opened.filter(\.isWeb).map(pattern)) }
        entryRoutes = app.routes.filter(\.isEntry).map { app.text($0.id.value) }
        webOffRoutes = routesWithPaths.filter { !$0.isWeb }.map { app.text($0.id.value) }
        authReachableFromOutside = Self.authReachable(app)
        var planner = NavigationPlanner(app: app, nearestTab: URLResolver.nearestTabs(app))
        entryPlans = app.routes.filter { $0.isEntry && $0.path != nil }.map { route in
            // Each value a link carries, written as its name.
            let pathValues = (route.path?.value.parameterNames ?? []).map { name in
                NavigationPlanner.Value(
                    name: app.text(name), value: ":" + app.text(name), type: route.parameterType(name).valueType(app.text))
            }
            let itemValues = route.query.filter(\.isRequired).map { item in
                NavigationPlanner.Value(
                    name: app.text(item.name.value), value: ":" + app.text(item.name.value), type: item.effectiveType.valueType(app.text))
            }
            let outcome = planner.plan(route, values: pathValues + itemValues, requestedTab: nil) { _ in false }
            return (app.text(route.id.value), ResolutionReporter.planLine(outcome))
        }

        // The link graph from the tab roots.
        let graph = app.linkGraph
        let roots = app.tabs.compactMap { $0.root.flatMap { app.routePosition($0.value) } }
        let fromTabs = graph.breadthFirstSearch(from: roots)
        depthHistogram = fromTabs.depthHistogram
        unreachedFromTabs = graph.vertexCount - fromTabs.depth.count
        var fanOut = [Int](repeating: 0, count: Self.fanOutBuckets.count)
        var widths: [(route: String, links: Int)] = []
        for vertex in 0..<graph.vertexCount {
            let links = graph.successors(of: vertex).count
            fanOut[links <= 2 ? links : links <= 5 ? 3 : links <= 10 ? 4 : 5] += 1
            widths.append((app.text(app.routes[vertex].id.value), links))
        }
        fanOutHistogram = fanOut
        widestRoutes = Array(widths.filter { $0.links > 0 }.sorted { ($0.links, $1.route) > ($1.links, $0.route) }.prefix(5))
        let depth = fromTabs.depth
        let deepest = depth.keys.sorted { (depth[$0]!, $1) > (depth[$1]!, $0) }.prefix(5)
        longestChains = deepest.map { fromTabs.chain(to: $0).map { app.text(app.routes[$0].id.value) } }

        // Routes and tabs by activity, and the findings' marks, gathered once: an app may have
        // thousands of activities.
        var routesOf: [Symbol: [Int]] = [:]
        for position in app.routes.indices {
            if let activity = app.activity(of: app.routes[position]) { routesOf[activity, default: []].append(position) }
        }
        var tabsOf: [Symbol: [Tab]] = [:]
        for tab in app.tabs { if let activity = tab.activity?.value { tabsOf[activity, default: []].append(tab) } }
        let marks = LayeredLayout.severities(own)
        activities = app.activities.map { activity in
            Self.activityAudit(
                activity, in: app, members: routesOf[activity.name.value] ?? [], tabs: tabsOf[activity.name.value] ?? [], marks: marks)
        }
    }

    /// Auth-required routes a link from outside the app lands on, or reaches without passing
    /// another: a search from every route such a link opens — an entry route, a route whose
    /// path one of the app's schemes opens (any but an in-app one), a web route's on its hosts — that stops at each
    /// auth-required route it reaches.
    static func authReachable(_ app: AppModel) -> [[String]] {
        let requiresAuth = app.routes.map { $0.requiresAuth?.value == true }
        let opened = app.routes.indices.filter { position in
            let route = app.routes[position]
            return route.isEntry || (route.path != nil && ((!app.schemes.isEmpty && !route.isInApp) || (route.isWeb && !app.hosts.isEmpty)))
        }
        let search = app.linkGraph.breadthFirstSearch(from: opened, expands: { !requiresAuth[$0] })
        return search.order.filter { requiresAuth[$0] }.map { search.chain(to: $0).map { app.text(app.routes[$0].id.value) } }
    }

    /// One activity: `members` are the positions of its routes, `tabs` its tabs, `marks` the
    /// most severe finding on each tab and route.
    private static func activityAudit(
        _ activity: Activity, in app: AppModel, members: [Int], tabs: [Tab], marks: [FindingSubject: Severity]
    ) -> ActivityAudit {
        let name = app.text(activity.name.value)
        let tabs = tabs.sorted { ($0.index?.value ?? .max) < ($1.index?.value ?? .max) }
        let roots = tabs.compactMap { $0.root.flatMap { app.routePosition($0.value) } }
        let inActivity = Set(members)
        // Depths within the activity: links that leave it are not followed.
        let search = app.linkGraph.breadthFirstSearch(from: roots, enters: inActivity.contains)
        let depth = search.depth
        guard members.count > maximumDrawnRoutes else {
            let layout = LayeredLayout.activity(app, tabs: tabs, members: members, depth: depth, marks: marks)
            return ActivityAudit(name: name, layout: layout, routeCount: members.count, largestSubtrees: [], depthHistogram: [])
        }
        // Too large to draw: the sizes of the subtrees the search grew from the roots and their
        // children, and the depth histogram.
        var size = [Int: Int]()
        for vertex in search.order.reversed() {
            size[vertex, default: 0] += 1
            if let up = search.parent[vertex] { size[up, default: 0] += size[vertex]! }
        }
        let heads = search.order.filter { depth[$0]! <= 1 }
        let largest = heads.map { (app.text(app.routes[$0].id.value), size[$0] ?? 1) }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
        return ActivityAudit(
            name: name, layout: nil, routeCount: members.count, largestSubtrees: Array(largest.prefix(10)),
            depthHistogram: search.depthHistogram)
    }
}
