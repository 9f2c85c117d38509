/// Which route a URL opens (docs/usage.md, "Which route does a URL open?"): the route whose pattern is
/// the most specific among those that match the URL's path, with its activity, the tab it
/// opens in, its holder, and the parameters and query items the URL carries.
package struct URLResolver: Sendable {
    /// What one URL opens.
    package struct Resolution: Sendable, Equatable {
        /// Whether the URL opens exactly one route.
        package enum Status: String, Sendable {
            /// One route (`resolved`), routes that conflict (`ambiguous`), or none (`unmatched`).
            case resolved, ambiguous, unmatched
        }

        /// The URL as given.
        package let url: String
        /// Whether it opens exactly one route.
        package let status: Status
        /// The route's id, when resolved.
        package var route: String?
        /// The alias of the route that matched, as written; nil when its `path` did.
        package var alias: String?
        /// The best-matching routes when they conflict.
        package var candidates: [String] = []
        /// The route's activity.
        package var activity: String?
        /// The tab it opens in: the URL's `tab` query, else the activity's default tab.
        package var tab: String?
        /// The holder bound to the route.
        package var holder: String?
        /// Parameter name → value, percent-decoded, in path order.
        package var parameters: [Pair] = []
        /// Query items other than a `tab` that selected the tab, in URL order.
        package var query: [Pair] = []
        /// Why the URL did not resolve to one route.
        package var reason: Reason?
        /// Why the phone does not hand the URL to the app although its route matches: an `http`
        /// URL, or an `https` URL of a `web: false` route, opens in the browser. Nil for a URL
        /// the app is handed (a custom scheme, an `https` link of a web route, a bare path).
        package var notHandedToApp: String?
        /// Whether `tab` is the one the URL's `tab` query names.
        package var tabRequested = false
        /// The resolver's app that holds the route.
        var appIndex: Int?

        init(url: String, status: Status) {
            self.url = url
            self.status = status
        }
    }

    /// Why a URL opens no one route: a sentence for people, and for programs its kind and the
    /// route, parameter (or query item), type and value it names (docs/usage.md, "Which route
    /// does a URL open?").
    package struct Reason: Sendable, Equatable {
        /// What kept the URL from opening one route.
        package enum Kind: String, Sendable {
            /// It is no URL or path routelint reads.
            case notAURL = "not-a-url"
            /// No app declares its scheme, or its host.
            case unknownScheme = "unknown-scheme", unknownHost = "unknown-host"
            /// No route's path spells its path.
            case noMatchingPath = "no-matching-path"
            /// A route's path spells it, but a parameter's value is not of its type.
            case parameterType = "parameter-type"
            /// A route's path matches, but a required query item is missing, or one is not of its type.
            case missingQueryItem = "missing-query-item", queryItemType = "query-item-type"
            /// Its route is in-app: no link from outside the app opens it.
            case inApp = "in-app"
            /// The best matches conflict.
            case ambiguous
        }

        /// What kept the URL from opening one route.
        package let kind: Kind
        /// The sentence the text output prints.
        package let message: String
        /// The route the URL came nearest to, when one did.
        package var route: String? = nil
        /// The path parameter or query item that refused the value, by name.
        package var parameter: String? = nil
        /// Its type.
        package var type: ValueType? = nil
        /// The value it refused, decoded; nil for a missing item.
        package var value: String? = nil

        init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// A name and its decoded value: a path parameter or a query item.
    package struct Pair: Sendable, Equatable {
        /// The name.
        package let name: String
        /// The value, percent-decoded.
        package let value: String
        /// The type the route declares for it; nil when it declares none.
        package var type: ValueType? = nil
        /// Whether the value is the declared item's `default`, the URL lacking the item.
        package var isDefault = false
    }

    /// A class: each URL's candidates and matches hold their app, and a copy of a struct of
    /// this many arrays would retain each of them.
    private final class IndexedApp: Sendable {
        let app: AppModel
        /// The paths that open routes (`AppModel.openingPaths`), the route of each, the URLs
        /// of each, and the trie of their patterns.
        let paths: [OpeningPath]
        let routes: [Route]
        let patterns: [URLPattern]
        let trie: SegmentTrie
        /// For each route, the tab of its activity whose root is nearest to it by links.
        let nearestTab: [Symbol: Symbol]
        /// How the shapes of the app's static segments are told.
        let shapes: SegmentShapes

        init(
            app: AppModel, paths: [OpeningPath], routes: [Route], patterns: [URLPattern], trie: SegmentTrie,
            nearestTab: [Symbol: Symbol]
        ) {
            self.app = app
            self.paths = paths
            self.routes = routes
            self.patterns = patterns
            self.trie = trie
            self.nearestTab = nearestTab
            shapes = SegmentShapes(app.symbols)
        }
    }

    private let apps: [IndexedApp]

    /// A resolver over `apps`: a URL's scheme or host picks the app, its path the route.
    package init(apps: [AppModel]) {
        self.apps = apps.map { app in
            let paths = app.openingPaths
            let routes = paths.map { app.routes[$0.route] }
            let patterns = zip(paths, routes).map { URLPattern($0.path.value, of: $1) }
            var trie = SegmentTrie(patternCount: patterns.count, segmentCount: patterns.reduce(0) { $0 + $1.segmentCount })
            for (index, pattern) in patterns.enumerated() { trie.insert(pattern, as: Int32(index)) }
            return IndexedApp(
                app: app, paths: paths, routes: routes, patterns: patterns, trie: trie, nearestTab: Self.nearestTabs(app))
        }
    }

    /// Why `url` is no URL of the apps: it is not one, or no app declares its scheme or host;
    /// nil when it is one (a bare path is every app's).
    package func foreignOrigin(_ url: String) -> String? {
        switch ParsedURL.parse(url) {
        case .failure(let error): return error.message
        case .success(let parsed):
            return apps.contains { parsed.belongs(to: $0.app) } ? nil : parsed.unknownOriginReason(apps: apps.map(\.app)).message
        }
    }

    /// What `url` opens: a custom-scheme link, an `https` link or a bare path.
    package func resolve(_ url: String) -> Resolution {
        var unmatched = Resolution(url: url, status: .unmatched)
        let parsed: ParsedURL
        switch ParsedURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let error):
            unmatched.reason = Reason(.notAURL, error.message)
            return unmatched
        }
        let candidates = apps.filter { parsed.belongs(to: $0.app) }
        guard !candidates.isEmpty else {
            unmatched.reason = parsed.unknownOriginReason(apps: apps.map(\.app))
            return unmatched
        }
        let canonical = parsed.segments.map(PathText.encode)
        let shapes = parsed.segments.map { ValueShape.of($0) }
        var refusedByQuery: (app: IndexedApp, position: Int)?
        var matches: [(app: IndexedApp, position: Int)] = []
        for indexed in candidates {
            // A segment that no pattern of the app spells can only match a wildcard or a type.
            let segments = zip(canonical, shapes).map { (symbol: indexed.app.symbols.lookup($0[...]), shape: $1) }
            for position in indexed.trie.matches(segments) {
                // A value not of its item's type, or a required item missing: the route does not match.
                if Self.meetsQuery(indexed.patterns[position], parsed.query, symbols: indexed.app.symbols) {
                    matches.append((indexed, position))
                } else if refusedByQuery == nil {
                    refusedByQuery = (indexed, position)
                }
            }
        }
        guard !matches.isEmpty else {
            if let (indexed, position) = refusedByQuery, let refusal = Self.refusal(of: parsed, by: position, in: indexed) {
                unmatched.reason = refusal.reason(
                    "\(Self.described(position, in: indexed)) matches '\(parsed.path)', but not its query: ", route: indexed, position)
            } else {
                unmatched.reason =
                    Self.typeRefusal(of: parsed, canonical, shapes, in: candidates)
                    ?? Reason(.noMatchingPath, "no route's path matches '\(parsed.path)'")
            }
            return unmatched
        }
        // The best matches: those no other match is more specific than. A route matched by its
        // path and an alias counts once, as the more specific of the two.
        var best = matches.filter { match in
            // The apps of a run share its table of symbols.
            !matches.contains { other in
                other.app.patterns[other.position].relation(
                    to: match.app.patterns[match.position], shapes: match.app.shapes) == .moreSpecific
            }
        }
        if best.count > 1 {
            best = best.enumerated().filter { index, match in
                !best.prefix(index).contains {
                    $0.app === match.app && $0.app.paths[$0.position].route == match.app.paths[match.position].route
                }
            }.map(\.element)
        }
        guard best.count == 1, let (indexed, position) = best.first else {
            var ambiguous = Resolution(url: url, status: .ambiguous)
            ambiguous.candidates = best.map { $0.app.app.text($0.app.routes[$0.position].id.value) }
            let described = best.map { match in
                let app = match.app.app
                return
                    "'\(app.text(match.app.routes[match.position].id.value))' (\(app.text(match.app.paths[match.position].path.value.text)))"
            }
            ambiguous.reason = Reason(
                .ambiguous, "the paths of " + englishList(described) + " all match '\(parsed.path)' and none is more specific")
            return ambiguous
        }
        let app = indexed.app
        let route = indexed.routes[position]
        let matchedPath = indexed.paths[position]
        // An in-app route keeps its URLs to the app's own navigation: a link from outside (a
        // scheme or a host) to its path opens nothing, as the generated `RouteLink` refuses it.
        if parsed.scheme != nil && route.isInApp {
            unmatched.reason = Reason(.inApp, "route '\(app.text(route.id.value))' is in-app: no link from outside the app opens it")
            unmatched.reason?.route = app.text(route.id.value)
            return unmatched
        }
        var resolution = Resolution(url: url, status: .resolved)
        resolution.appIndex = apps.firstIndex { $0 === indexed }
        resolution.route = app.text(route.id.value)
        if matchedPath.isAlias { resolution.alias = app.text(matchedPath.path.value.text) }
        resolution.holder = route.holder.map { app.text($0.value) }
        let activity = app.activity(of: route)
        resolution.activity = activity.map(app.text)
        resolution.parameters = zip(matchedPath.path.value.segments, parsed.segments).compactMap { segment, value in
            guard case .parameter(let name) = segment else { return nil }
            let declared = route.params.contains { $0.name.value == name }
            return Pair(
                name: app.text(name), value: String(decoding: value, as: UTF8.self),
                type: declared ? route.parameterType(name).valueType(app.text) : nil)
        }
        if matchedPath.isAlias {
            // In the order of the route's path, as its own path gives them.
            let order = route.path!.value.parameterNames.map(app.text)
            resolution.parameters.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        }
        let requestedTab = parsed.query.first { $0.name == "tab" }?.value
        var query = parsed.query
        if let requestedTab, let tab = app.tab(named: requestedTab), tab.activity?.value == activity {
            resolution.tab = requestedTab
            resolution.tabRequested = true
            query = parsed.query.filter { $0.name != "tab" }
        } else {
            let tab = indexed.nearestTab[route.id.value] ?? activity.flatMap { Self.defaultTab(of: $0, in: app) }
            resolution.tab = tab.map(app.text)
        }
        resolution.query = Self.typedQuery(query, of: route, in: app)
        resolution.notHandedToApp = Self.notHandedToApp(parsed, route, in: app)
        return resolution
    }

    /// Why the operating system opens a web URL of `route` in the browser rather than the app:
    /// universal links are `https` only, as are the intent filters `generate app-links` writes,
    /// and the link files leave out `web: false` routes (docs/app-links.md).
    private static func notHandedToApp(_ url: ParsedURL, _ route: Route, in app: AppModel) -> String? {
        switch url.scheme {
        case "http":
            return "universal links are https only, as are the intent filters routelint writes: the browser opens an http URL "
                + "(its https URL opens the app)"
        case "https" where !route.isWeb:
            let deepLink = app.schemes.first.map { " (\(app.text($0.value)):/\(url.path) opens the app)" } ?? ""
            return "route '\(app.text(route.id.value))' is web: false: no link file claims it, so the browser opens the website"
                + deepLink
        default:
            return nil
        }
    }

    /// The feature flags the apps' routes declare, sorted: what a plan's flags may name.
    package var declaredFeatures: [String] {
        Set(apps.flatMap { indexed in indexed.app.routes.compactMap { $0.feature.map { indexed.app.text($0.value) } } }).sorted()
    }

    /// The navigation plan of a resolved URL (docs/code-generation.md, "Navigation plans"),
    /// the features `isOff` names off; nil when it did not resolve.
    package func plan(_ resolution: Resolution, isOff: (String) -> Bool) -> Result<NavigationPlan, NavigationPlanner.Refusal>? {
        plans([resolution], isOff: isOff)[0]
    }

    /// The navigation plans of resolved URLs, as `plan` makes each: one planner per app, so
    /// that links sharing a tab root and the values they carry share one search.
    package func plans(_ resolutions: [Resolution], isOff: (String) -> Bool) -> [Result<NavigationPlan, NavigationPlanner.Refusal>?] {
        var planners: [Int: NavigationPlanner] = [:]
        return resolutions.map { resolution in
            guard resolution.status == .resolved, let index = resolution.appIndex, let id = resolution.route else { return nil }
            let indexed = apps[index]
            let app = indexed.app
            guard let route = app.symbols.lookup(id).flatMap(app.route) else { return nil }
            // The values the link carries: its path parameters and the items the route declares.
            let values = (resolution.parameters + resolution.query.filter { $0.type != nil }).map {
                NavigationPlanner.Value(name: $0.name, value: $0.value, type: $0.type ?? .string)
            }
            let requestedTab = resolution.tabRequested ? resolution.tab.flatMap(app.symbols.lookup) : nil
            var planner = planners[index] ?? NavigationPlanner(app: app, nearestTab: indexed.nearestTab)
            let outcome = planner.plan(route, values: values, requestedTab: requestedTab, isOff: isOff)
            planners[index] = planner
            return outcome
        }
    }

    /// Whether a URL with this query meets what `pattern` asks of each item it declares: the
    /// item's first value of its type, or the item absent (or empty) where that is allowed.
    private static func meetsQuery(_ pattern: URLPattern, _ query: [Pair], symbols: SymbolTable) -> Bool {
        pattern.query.allSatisfy { name, set in
            let text = symbols.text(name)
            guard let value = query.first(where: { $0.name == text })?.value, !value.isEmpty else { return set.allowsAbsence }
            return holds(set.values, Array(value.utf8), symbols: symbols)
        }
    }

    /// Whether the decoded value `bytes` is one of `values`.
    private static func holds(_ values: ValueSet, _ bytes: [UInt8], symbols: SymbolTable) -> Bool {
        switch values {
        case .listed:
            return symbols.lookup(PathText.encode(bytes)[...]).map { values.contains(ListedValue(segment: $0, shape: .of(bytes))) } ?? false
        default:
            return values.contains(unlistedOfShape: .of(bytes))
        }
    }

    /// Why route `id` does not take `url` though one of its paths spells the URL's path
    /// segment for segment: the first path parameter or query item whose value is not of its
    /// type, or a required item the URL lacks. Nil when no path of the route spells it, or
    /// when the route does take it.
    package func typeMismatch(_ url: String, route id: Symbol) -> String? {
        guard case .success(let parsed) = ParsedURL.parse(url) else { return nil }
        for indexed in apps {
            let app = indexed.app
            guard let routePosition = app.routePosition(id) else { continue }
            for position in indexed.routes.indices where indexed.paths[position].route == routePosition {
                let segments = indexed.paths[position].path.value.segments
                guard segments.last != .rest, segments.count == parsed.segments.count else { continue }
                let spells = zip(segments, parsed.segments).allSatisfy { segment, value in
                    guard case .literal(let symbol) = segment else { return true }
                    return app.symbols.lookup(PathText.encode(value)[...]) == symbol
                }
                if spells, let refusal = Self.refusal(of: parsed, by: position, in: indexed) { return refusal.text }
            }
        }
        return nil
    }

    /// What refused a URL whose path a route's spells: a parameter or query item, by name,
    /// with its type and the value it refused (nil: the item is missing).
    private struct Refusal {
        let kind: Reason.Kind
        let name: String
        let type: ValueType
        let value: String?

        /// `its parameter 'id' is of type int, which 'abc' is not`.
        var text: String {
            switch kind {
            case .missingQueryItem: return "its query item '\(name)' is required, and the URL has none"
            case .queryItemType: return "its query item '\(name)' is of type \(type), which '\(value ?? "")' is not"
            default: return "its parameter '\(name)' is of type \(type), which '\(value ?? "")' is not"
            }
        }

        /// The reason it gives: `lead` and `text`, naming the route of pattern `position`.
        func reason(_ lead: String, route indexed: IndexedApp, _ position: Int) -> Reason {
            var reason = Reason(kind, lead + text)
            reason.route = indexed.app.text(indexed.routes[position].id.value)
            reason.parameter = name
            reason.type = type
            reason.value = value
            return reason
        }
    }

    /// Why the route of pattern `position`, whose path spells `parsed`'s but for its values,
    /// does not open it: its first parameter whose value is not of its type, else its first
    /// query item the URL lacks or holds a value of another type. Nil when nothing refuses it.
    private static func refusal(of parsed: ParsedURL, by position: Int, in indexed: IndexedApp) -> Refusal? {
        let app = indexed.app
        let route = indexed.routes[position]
        for (segment, value) in zip(indexed.paths[position].path.value.segments, parsed.segments) {
            guard case .parameter(let name) = segment else { continue }
            let type = route.parameterType(name)
            if !holds(type.values, value, symbols: app.symbols) {
                return Refusal(
                    kind: .parameterType, name: app.text(name), type: type.valueType(app.text),
                    value: String(decoding: value, as: UTF8.self))
            }
        }
        for item in route.query {
            let name = app.text(item.name.value)
            let set = item.constraint
            let type = item.effectiveType.valueType(app.text)
            guard let value = parsed.query.first(where: { $0.name == name })?.value, !value.isEmpty else {
                if !set.allowsAbsence { return Refusal(kind: .missingQueryItem, name: name, type: type, value: nil) }
                continue
            }
            if !holds(set.values, Array(value.utf8), symbols: app.symbols) {
                return Refusal(kind: .queryItemType, name: name, type: type, value: value)
            }
        }
        return nil
    }

    /// `route 'show' ('/shows/:showId')`: the route of pattern `position`, as a refusal names it.
    private static func described(_ position: Int, in indexed: IndexedApp) -> String {
        let app = indexed.app
        return "route '\(app.text(indexed.routes[position].id.value))' ('\(app.text(indexed.paths[position].path.value.text))')"
    }

    /// For a path no pattern matches, why the first route whose path spells it but for its
    /// parameters' types refuses it; nil when no route's path spells it. Asked only of a URL
    /// that opens nothing.
    private static func typeRefusal(
        of parsed: ParsedURL, _ canonical: [[UInt8]], _ shapes: [ValueShape], in candidates: [IndexedApp]
    ) -> Reason? {
        for indexed in candidates {
            let segments = zip(canonical, shapes).map { (symbol: indexed.app.symbols.lookup($0[...]), shape: $1) }
            for position in indexed.trie.matches(segments, ignoringTypes: true) {
                if let refusal = refusal(of: parsed, by: position, in: indexed) {
                    return refusal.reason(
                        "\(described(position, in: indexed)) matches '\(parsed.path)' but for its types: ", route: indexed, position)
                }
            }
        }
        return nil
    }

    /// The URL's query items, the first occurrence of each declared item with its declared
    /// type (the one the route reads), and the default of each declared item the URL lacks (or
    /// holds empty first) in place of the empty value.
    private static func typedQuery(_ query: [Pair], of route: Route, in app: AppModel) -> [Pair] {
        guard !route.query.isEmpty else { return query }
        var typed = query
        for item in route.query {
            let name = app.text(item.name.value)
            let type = item.effectiveType.valueType(app.text)
            let first = typed.firstIndex { $0.name == name }
            if let first, !typed[first].value.isEmpty {
                typed[first].type = type
            } else if let value = item.defaultValue {
                if let first { typed.remove(at: first) }
                typed.append(Pair(name: name, value: app.text(value.value), type: type, isDefault: true))
            }
        }
        return typed
    }

    /// The tab shown when switching to an activity: its `default-tab`, else its tab named
    /// `home`, else its tab with the lowest index.
    package static func defaultTab(of activity: Symbol, in app: AppModel) -> Symbol? {
        let tabs = app.tabs.filter { $0.activity?.value == activity }
        if let named = app.activity(activity)?.defaultTab?.value, tabs.contains(where: { $0.name.value == named }) {
            return named
        }
        if let home = app.symbols.lookup("home"), tabs.contains(where: { $0.name.value == home }) { return home }
        return tabs.min { ($0.index?.value ?? .max) < ($1.index?.value ?? .max) }?.name.value
    }

    /// For each route, the tab of the route's activity whose root reaches it in the fewest
    /// links (ties to the tab declared first): one breadth-first search per activity, from
    /// all of its tab roots at once.
    package static func nearestTabs(_ app: AppModel) -> [Symbol: Symbol] {
        let graph = app.linkGraph
        var nearest: [Symbol: Symbol] = [:]
        var tabsByActivity: [Symbol: [Tab]] = [:]
        var activityOrder: [Symbol] = []
        for tab in app.tabs {
            guard let activity = tab.activity?.value else { continue }
            if tabsByActivity[activity] == nil { activityOrder.append(activity) }
            tabsByActivity[activity, default: []].append(tab)
        }
        for activity in activityOrder {
            var owner = [Int: Symbol]()
            var frontier: [Int] = []
            for tab in tabsByActivity[activity]! {
                guard let root = tab.root.flatMap({ app.routePosition($0.value) }), owner[root] == nil else { continue }
                owner[root] = tab.name.value
                frontier.append(root)
            }
            while !frontier.isEmpty {
                var next: [Int] = []
                for vertex in frontier {
                    for successor in graph.successors(of: vertex) where owner[successor] == nil {
                        owner[successor] = owner[vertex]
                        next.append(successor)
                    }
                }
                frontier = next
            }
            for (position, tab) in owner where app.activity(of: app.routes[position]) == activity {
                nearest[app.routes[position].id.value] = tab
            }
        }
        return nearest
    }
}

/// The URLs of a `--urls` file: one a line; blank lines and lines starting with `#` are
/// skipped. A file that is not UTF-8 text (a NUL byte, or bytes that are not UTF-8) is
/// refused rather than read as megabytes of URLs that resolve to nothing.
package enum URLList {
    /// A URL list that holds a NUL byte or bytes that are not UTF-8.
    package struct NotText: Error, Equatable, Sendable {}

    /// The URLs of a `--urls` file: one a line, blank lines and `#` comments skipped.
    package static func urls(in bytes: [UInt8]) -> Result<[String], NotText> {
        guard !bytes.contains(0), isUTF8(bytes) else { return .failure(NotText()) }
        return .success(
            String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                .map { $0.trimmingSpaces() }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    private static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

/// A URL taken apart: a custom-scheme deep link (`shop://products/42`, where what follows the
/// scheme is the path), a universal link (`https://shop.example.com/products/42`), or a bare
/// path (`/products/42`).
package struct ParsedURL {
    struct Failure: Error {
        let message: String
    }

    /// Lower-cased; nil for a bare path.
    let scheme: String?
    /// Lower-cased; set for `http` and `https` URLs only.
    let host: String?
    /// The path as written, for messages.
    let path: String
    /// Percent-decoded path segments. One trailing `/` is ignored.
    let segments: [[UInt8]]
    let query: [URLResolver.Pair]

    static func parse(_ url: String) -> Result<ParsedURL, Failure> {
        guard let link = LinkURL(url) else {
            // Why not: a scheme that is none, or neither a scheme nor a path.
            let beforeQuery = url.prefix { $0 != "#" && $0 != "?" }
            if let colon = beforeQuery.firstIndex(of: ":"), beforeQuery[colon...].hasPrefix("://") {
                return .failure(Failure(message: "'\(beforeQuery[..<colon].lowercased())' is not a URL scheme"))
            }
            return .failure(Failure(message: "'\(url)' is neither a URL with a scheme nor a path starting with '/'"))
        }
        let scheme = link.scheme
        var host: String?
        let path: String
        if link.isWeb {
            host = link.matchedHost ?? ""
            path = link.path.isEmpty ? "/" : String(link.path)
        } else if scheme != nil {
            // In a custom-scheme deep link, what stands where a host would is the first segment.
            path = link.pathAfterScheme
        } else {
            path = String(link.path)
        }
        var pieces = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if pieces.last == "" { pieces.removeLast() }
        var segments: [[UInt8]] = []
        for piece in pieces {
            guard !piece.isEmpty else { return .failure(Failure(message: "the path '\(path)' has an empty segment")) }
            guard let decoded = PathText.percentDecoded(piece) else {
                return .failure(Failure(message: "the path '\(path)' has a '%' that does not start a percent-escape"))
            }
            segments.append(decoded)
        }
        var query: [URLResolver.Pair] = []
        for item in (link.query ?? "").split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in PathText.percentDecoded(text).map { String(decoding: $0, as: UTF8.self) } ?? String(text) }
            query.append(URLResolver.Pair(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : ""))
        }
        return .success(ParsedURL(scheme: scheme, host: host, path: path, segments: segments, query: query))
    }

    /// Whether the app declares the URL's scheme or host; every app takes bare paths.
    func belongs(to app: AppModel) -> Bool {
        if let host {
            return app.hostNames.contains { $0.covers(host) }
        }
        if let scheme {
            return app.schemes.contains { app.text($0.value).lowercased() == scheme }
        }
        return true
    }

    func unknownOriginReason(apps: [AppModel]) -> URLResolver.Reason {
        if let host {
            if host.isEmpty { return URLResolver.Reason(.unknownHost, "it names no host") }
            let declared = apps.flatMap { app in app.hosts.map { app.text($0.value) } }
            return URLResolver.Reason(
                .unknownHost,
                "host '\(host)' is not declared"
                    + (declared.isEmpty ? " (no manifest declares hosts)" : " (hosts: \(declared.joined(separator: ", ")))"))
        }
        let declared = apps.flatMap { app in app.schemes.map { app.text($0.value) } }
        return URLResolver.Reason(
            .unknownScheme,
            "scheme '\(scheme ?? "")' is not declared"
                + (declared.isEmpty ? " (no manifest declares schemes)" : " (schemes: \(declared.joined(separator: ", ")))"))
    }
}
