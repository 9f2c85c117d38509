import RouteLintCore
import RouteLintPlatform

/// Builds the manifest `routelint import` writes from what the link files and the navigation
/// graphs say (docs/adopting.md): the graphs give activities, tabs, routes, links and holders;
/// every pattern the link files claim is a route, the same route as a graph's deep link when
/// both name one path.
package enum ManifestImport {
    /// The manifest of `links` and `navigation`, for the app `app` (nil: unnamed).
    package static func build(links: LinkFileImport, navigation: NavigationGraphImport, app: String?) -> ImportedManifest {
        var builder = Builder(links: links, navigation: navigation)
        builder.manifest.app = app
        builder.readNavigation()
        builder.readClaims()
        return builder.manifest
    }

    private struct Builder {
        let links: LinkFileImport
        let navigation: NavigationGraphImport
        var manifest = ImportedManifest()
        var names = NameTable()
        /// Route index by its path with parameter names left out: one route for one path.
        var routesByShape: [String: Int] = [:]
        /// The route of each destination id.
        var destinationRoutes: [String: String] = [:]

        init(links: LinkFileImport, navigation: NavigationGraphImport) {
            self.links = links
            self.navigation = navigation
            manifest.settings = links.settings
            manifest.notes = links.notes
        }

        // MARK: Navigation graphs

        mutating func readNavigation() {
            let graphs = navigation.graphs
            guard !graphs.isEmpty else { return }
            // An included file's root graph nests in the graph that includes it.
            var parents = graphs.map(\.parent)
            let fileRoots = Dictionary(
                graphs.indices.filter { graphs[$0].parent == nil }.map { (graphs[$0].fileName, $0) },
                uniquingKeysWith: { first, _ in first })
            for include in navigation.includes {
                if let included = fileRoots[include.fileName], included != include.graph { parents[included] = include.graph }
            }
            let menu = bottomMenu()
            let tabGraphIDs = Set(menu?.items.map(\.id) ?? [])
            // A graph is an activity of its own unless a bottom-navigation item names it: then
            // it is that tab's stack, in the activity of the graph that holds it.
            var activityOf: [Int] = Array(graphs.indices)
            var activityNames: [Int: String] = [:]
            for graph in graphs.indices {
                var owner = graph
                var steps = 0
                while let parent = parents[owner], tabGraphIDs.contains(graphs[owner].id), steps < graphs.count {
                    owner = parent
                    steps += 1
                }
                // Graphs that include each other in a ring: each stands alone.
                activityOf[graph] = steps == graphs.count ? graph : owner
            }
            for graph in graphs.indices where activityOf[graph] == graph {
                let name = names.fresh(graphs[graph].id, kind: .activity)
                activityNames[graph] = name
                manifest.activities.append(.init(name: name, title: graphs[graph].label, origin: graphs[graph].origin))
            }
            func activity(of graph: Int) -> String { activityNames[activityOf[graph]] ?? "" }
            // Routes first, so that links and tabs can name them.
            for destination in navigation.destinations {
                addRoute(for: destination, activity: activity(of: destination.graph))
            }
            let routeIndex = Dictionary(manifest.routes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let graphsByID = Dictionary(graphs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            func route(named id: String, depth: Int = 0) -> String? {
                if let route = destinationRoutes[id] { return route }
                // A graph id stands for its start destination (graphs that start at each other: none).
                guard depth < graphs.count, let start = graphsByID[id]?.startDestination else {
                    return nil
                }
                return route(named: start, depth: depth + 1)
            }
            for destination in navigation.destinations {
                guard let id = destinationRoutes[destination.id], let index = routeIndex[id] else {
                    continue
                }
                var targets = destination.actions
                if graphs[destination.graph].startDestination == destination.id { targets += graphs[destination.graph].globalActions }
                for target in targets {
                    guard let linked = route(named: target) else {
                        manifest.routes[index].comments.append("an action leads to '\(target)', which no graph declares")
                        continue
                    }
                    if linked != id && !manifest.routes[index].links.contains(linked) { manifest.routes[index].links.append(linked) }
                }
            }
            // Tabs: the menu's items in order; else each activity's start destination.
            if let menu, let rootGraph = graphs.indices.first(where: { parents[$0] == nil }) {
                for (index, item) in menu.items.enumerated() {
                    guard let root = route(named: item.id) else { continue }
                    let title = item.title
                    if let title, let placeholder = Placeholder.find(in: title) {
                        manifest.notes.append(
                            .init(.placeholder, "tab title '\(title)' is the resource \(placeholder), kept as written", at: item.origin))
                    }
                    manifest.tabs.append(
                        .init(
                            name: names.fresh(item.id, kind: .tab), activity: activity(of: rootGraph), index: index, root: root,
                            icon: item.icon ?? item.id, title: title, origin: item.origin))
                }
            }
            for graph in graphs.indices where activityOf[graph] == graph {
                let name = activity(of: graph)
                guard !manifest.tabs.contains(where: { $0.activity == name }), let start = graphs[graph].startDestination,
                    let root = route(named: start)
                else { continue }
                manifest.tabs.append(
                    .init(
                        name: names.fresh(name + "-start", kind: .tab), activity: name, index: 0, root: root, icon: start, title: nil,
                        origin: graphs[graph].origin))
            }
        }

        /// The first menu whose items are all destinations or graphs: a bottom-navigation bar.
        func bottomMenu() -> NavigationGraphImport.Menu? {
            let known = Set(navigation.destinations.map(\.id) + navigation.graphs.map(\.id))
            return navigation.menus.first { menu in !menu.items.isEmpty && menu.items.allSatisfy { known.contains($0.id) } }
        }

        mutating func addRoute(for destination: NavigationGraphImport.Destination, activity: String) {
            let id = names.fresh(destination.id, kind: .route)
            destinationRoutes[destination.id] = id
            var route = ImportedManifest.Route(id: id, activity: activity, holder: names.holder(for: id))
            route.origins = [destination.origin]
            if destination.kind == "dialog" { route.presentation = "sheet" }
            var extraLinks: [(path: String, uri: String, origin: ImportOrigin)] = []
            var queryPlaceholders: [(item: String, argument: String)] = []
            for (uri, origin) in destination.deepLinks {
                guard let path = deepLinkPath(uri, origin: origin) else { continue }
                if route.path == nil {
                    route.path = path
                    route.origins.append(origin)
                    queryPlaceholders = Self.queryPlaceholders(uri)
                } else if Self.shape(path) == Self.shape(route.path!) {
                    // `https://…/r/{id}` and `foodie://r/{id}`: one path, which the app's schemes and
                    // hosts both open: one route.
                    route.origins.append(origin)
                } else if !extraLinks.contains(where: { Self.shape($0.path) == Self.shape(path) }) {
                    extraLinks.append((path, uri, origin))
                }
            }
            route.entry = route.path != nil
            let pathParams = Set((route.path ?? "").split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) })
            let arguments = Dictionary(destination.arguments.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            for (name, written) in destination.arguments where pathParams.contains(name) {
                let type = argumentType(written, argument: name, origin: destination.origin)
                if type != .string { route.params.append((name, type.description)) }
            }
            // `?ref={ref}`: the item `ref` typed as the argument the placeholder names.
            for (item, argument) in queryPlaceholders where !pathParams.contains(item) && !route.query.contains(where: { $0.name == item })
            {
                route.query.append(
                    (item, argumentType(arguments[argument] ?? nil, argument: argument, origin: destination.origin).description))
            }
            let queryArguments = Set(queryPlaceholders.map(\.argument))
            // The holder is made with the path's parameters: every link of the route carries them,
            // where a query item is optional and another deep link may lack it.
            route.holderParams = destination.arguments.map(\.name).filter { pathParams.contains($0) }
            let passed = destination.arguments.filter { !pathParams.contains($0.name) && !queryArguments.contains($0.name) }
            if !passed.isEmpty {
                route.comments.append(
                    "arguments passed in code: "
                        + passed.map { argument in argument.type.map { "\(argument.name) (\($0))" } ?? argument.name }.joined(
                            separator: ", "))
            }
            if let className = destination.className { route.comments.append("\(destination.kind) \(className)") }
            insert(route)
            for (path, uri, origin) in extraLinks {
                var alias = ImportedManifest.Route(
                    id: names.fresh(id + "-link", kind: .route), path: path, activity: activity, holder: route.holder)
                alias.holderParams = route.holderParams
                let aliasParams = Set(path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) })
                alias.params = route.params.filter { aliasParams.contains($0.name) }
                for (item, argument) in Self.queryPlaceholders(uri)
                where !aliasParams.contains(item) && !alias.query.contains(where: { $0.name == item }) {
                    alias.query.append((item, Self.manifestType(arguments[argument] ?? nil).description))
                }
                alias.entry = true
                alias.origins = [origin]
                alias.comments = ["another deep link of '\(id)'"]
                insert(alias)
            }
        }

        /// The manifest type of a navigation argument's `app:argType`: `integer` and `long` are
        /// `int`; `string` (or none) is `string`; anything else (an enum class, `float`,
        /// `boolean`, a Parcelable) is `string`, with a note that says what it was.
        mutating func argumentType(_ written: String?, argument: String, origin: ImportOrigin?) -> ValueType {
            if let written, !["integer", "long", "string"].contains(written) {
                manifest.notes.append(
                    .init(
                        .skipped,
                        "argument '\(argument)' is of type '\(written)', a string in the manifest: list its values under params "
                            + "if it is an enum", at: origin))
            }
            return Self.manifestType(written)
        }

        /// The manifest type of an `app:argType`: `int` for `integer` and `long`, else `string`.
        static func manifestType(_ written: String?) -> ValueType {
            written == "integer" || written == "long" ? .int : .string
        }

        /// The query items of a deep link's URI whose value is one placeholder: `?ref={ref}`
        /// gives (item `ref`, argument `ref`). Fixed values and other shapes are left out.
        static func queryPlaceholders(_ uri: String) -> [(item: String, argument: String)] {
            guard let question = uri.firstIndex(of: "?") else { return [] }
            let query = uri[uri.index(after: question)...].prefix { $0 != "#" }
            return query.split(separator: "&").compactMap { item in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[1].hasPrefix("{"), parts[1].hasSuffix("}"), parts[1].count > 2, !parts[0].isEmpty else {
                    return nil
                }
                let argument = parts[1].dropFirst().dropLast()
                guard PathText.isParameterName(argument.utf8) else { return nil }
                return (String(parts[0]), String(argument))
            }
        }

        /// A deep link's URI as a route path: `{name}` is the parameter `:name`; a URI without a
        /// scheme is `http` and `https`; a custom scheme's host is the path's first segment.
        mutating func deepLinkPath(_ uri: String, origin: ImportOrigin) -> String? {
            if uri.hasPrefix("@") {
                // `@string/deep_link`: the URI is a resource, which the import does not resolve.
                manifest.notes.append(
                    .init(.placeholder, "deep link '\(uri)' is a resource, kept out: write the route's path yourself", at: origin))
                return nil
            }
            guard let url = LinkURL(uri, grammar: .navigationPattern) else { return nil }
            let written = url.writtenScheme.map(String.init)
            let scheme = url.scheme
            let host = String(url.authority ?? "")
            var path = String(url.path)
            if let placeholder = Placeholder.find(in: (written ?? "") + "://" + host) {
                // `${scheme}://${host}/…`: the path is still the path.
                manifest.notes.append(
                    .init(.placeholder, "deep link '\(uri)' holds the placeholder \(placeholder); its path is imported", at: origin))
            } else if let scheme, scheme != "http" && scheme != "https" {
                if !manifest.settings.schemes.contains(scheme) { manifest.settings.schemes.append(scheme) }
                path = "/" + host + path
            } else if links.claims.isEmpty && !host.isEmpty && !manifest.settings.hosts.contains(host) {
                // Without link files, the graph's deep links are what the app claims.
                manifest.settings.hosts.append(host)
            }
            var parameters = ParameterNames()
            var segments: [String] = []
            for segment in path.split(separator: "/") {
                let previous = segments.last.flatMap { $0.hasPrefix(":") ? nil : $0 }
                let name = String(segment.dropFirst().dropLast())
                if segment.hasPrefix("{") && segment.hasSuffix("}") && Self.isParameterName(name) {
                    parameters.reserve(name)
                    segments.append(":" + name)
                } else if !LinkPatternConversion.isStaticSegment(segment) {
                    manifest.notes.append(
                        .init(
                            .inexactPattern, "deep link segment '\(segment)' is no literal a route can hold; written as a parameter",
                            at: origin))
                    segments.append(parameters.name(after: previous))
                } else {
                    segments.append(String(segment))
                }
            }
            return "/" + segments.joined(separator: "/")
        }

        // MARK: Link files

        mutating func readClaims() {
            guard !links.claims.isEmpty else { return }
            let activity: String
            if let first = manifest.activities.first {
                activity = first.name
            } else {
                activity = names.fresh("main", kind: .activity)
                manifest.activities.append(.init(name: activity, title: nil, origin: nil))
                manifest.notes.append(
                    .init(
                        .skipped,
                        "link files say nothing of screens or tabs: every route is an entry route of activity '\(activity)', "
                            + "which has no tab until you add the app's tabs and links (docs/adopting.md)",
                        at: nil))
            }
            var claimedPaths = ClaimedPaths()
            for claim in links.claims {
                if !claim.opensApp, let reason = claim.conversion.approximation {
                    // A `web: false` route near an exclusion would keep more on the web than
                    // the exclusion does (`/*.js` is no `/:name`): the routes claim a little
                    // more instead, and the check shows what.
                    manifest.notes.append(.init(.skipped, "exclusion '\(claim.origin.text)' left out: \(reason)", at: claim.origin))
                    continue
                }
                if let reason = claim.conversion.approximation {
                    manifest.notes.append(.init(.inexactPattern, reason, at: claim.origin))
                }
                if claim.conversion.paths.isEmpty {
                    manifest.unroutedPatterns.append(claim.origin)
                    continue
                }
                for path in claim.conversion.paths {
                    let shape = Self.shape(path)
                    if claim.opensApp { claimedPaths.insert(path) }
                    let key = Self.key(shape, claim.requiredItems)
                    if let index = routesByShape[key] {
                        // The first claim of a path decides, as the platforms' first match does.
                        if !manifest.routes[index].origins.contains(claim.origin) { manifest.routes[index].origins.append(claim.origin) }
                        if manifest.routes[index].web, let reason = claim.conversion.approximation {
                            manifest.routes[index].comments.append("inexact: \(reason)")
                        }
                        continue
                    }
                    let name = ([Self.routeName(path)] + claim.requiredItems.map(\.value)).joined(separator: "-")
                    let id = names.fresh(name, kind: .route)
                    var route = ImportedManifest.Route(id: id, path: path, activity: activity, holder: names.holder(for: id))
                    route.entry = true
                    route.web = claim.opensApp
                    route.origins = [claim.origin]
                    route.holderParams = path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
                    route.query = claim.requiredItems.map {
                        ($0.name, "{type: [\(ImportedManifest.scalar($0.value))], required: true}")
                    }
                    if let reason = claim.conversion.approximation { route.comments.append("inexact: \(reason)") }
                    insert(route, key: key)
                }
            }
            // A graph's deep link that no link file claims opens the app only from inside it; one
            // that a claim covers (`/r/:id` under the AASA's `/r/*`) is claimed.
            for index in manifest.routes.indices where manifest.routes[index].path != nil {
                let path = manifest.routes[index].path!
                if manifest.routes[index].web && !claimedPaths.covers(path)
                    && manifest.routes[index].origins.allSatisfy({ !Self.isLinkFile($0.path) })
                {
                    manifest.routes[index].web = false
                    manifest.routes[index].comments.append("a deep link of the navigation graph that no link file claims")
                }
            }
        }

        /// Whether `name` can name a route parameter: `[A-Za-z_][A-Za-z0-9_]*`.
        static func isParameterName(_ name: String) -> Bool {
            guard let first = name.first, first.isASCII && (first.isLetter || first == "_") else { return false }
            return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }

        static func isLinkFile(_ path: String) -> Bool { PlatformFileKind(path: path) != nil }

        /// Adds `route`, found again by `key` (its path's shape by default).
        mutating func insert(_ route: ImportedManifest.Route, key: String? = nil) {
            if let path = route.path { routesByShape[key ?? Self.shape(path)] = manifest.routes.count }
            manifest.routes.append(route)
        }

        static func shape(_ path: String) -> String { ImportedManifest.shape(path) }

        /// What tells routes apart: the path's shape, and the fixed query items a URL must have.
        static func key(_ shape: String, _ requiredItems: [(name: String, value: String)]) -> String {
            requiredItems.isEmpty ? shape : shape + "?" + requiredItems.map { $0.name + "=" + $0.value }.joined(separator: "&")
        }

        /// A route id from a path: its segments joined with `-` (`/products/:product` →
        /// `products-product`; `/` → `root`; `**` → `all`).
        static func routeName(_ path: String) -> String {
            let words = path.split(separator: "/").map { segment -> String in
                switch segment {
                case "**": return "all"
                case "*": return "any"
                default: return String(segment.drop(while: { $0 == ":" }))
                }
            }
            return words.isEmpty ? "root" : words.joined(separator: "-")
        }
    }
}

/// Names for what an import declares: each valid (`[A-Za-z_][A-Za-z0-9_.-]*`) and unique within
/// its kind.
struct NameTable {
    enum Kind { case activity, tab, route, holder }

    private var used: [Kind: Set<String>] = [:]
    /// The number to try first after each base name that was taken: a thousand routes of one
    /// base (non-ASCII paths of one length) would otherwise try every number before theirs.
    private var nextNumber: [Kind: [String: Int]] = [:]

    /// `wanted` made a valid name, with a number after it when the kind already has it.
    mutating func fresh(_ wanted: String, kind: Kind) -> String {
        var base = String(
            wanted.map { character -> Character in
                character.isASCII && (character.isLetter || character.isNumber || "_.-".contains(character)) ? character : "-"
            })
        if base.isEmpty { base = "route" }
        if let first = base.first, !(first.isLetter || first == "_") { base = "r-" + base }
        var name = base
        if used[kind, default: []].contains(name) {
            var counter = nextNumber[kind, default: [:]][base] ?? 2
            repeat {
                name = "\(base)-\(counter)"
                counter += 1
            } while used[kind, default: []].contains(name)
            nextNumber[kind, default: [:]][base] = counter
        }
        used[kind, default: []].insert(name)
        return name
    }

    /// A holder named after its route: `product-detail` → `ProductDetailHolder`.
    mutating func holder(for route: String) -> String {
        let words = route.split(whereSeparator: { "-_.".contains($0) })
        let camel = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return fresh(camel + "Holder", kind: .holder)
    }
}

/// The paths the link files claim for the app, as a trie of their segments, so that whether a
/// path is covered is found by walking the path once rather than by comparing it with every
/// claim (which cost minutes at 10,000 routes).
///
/// A claim covers a path when it matches every URL path of it, segment by segment: a `**` the
/// rest (of at least one segment), a parameter or `*` any one segment but a `**`, a static
/// segment itself.
package struct ClaimedPaths {
    private struct Node {
        var statics: [Substring: Int] = [:]
        /// The child for a parameter or `*`.
        var any: Int?
        /// Whether a claim has `**` here.
        var coversRest = false
        /// Whether a claim ends here.
        var isEnd = false
    }

    private var nodes = [Node()]

    package init() {}

    /// Adds the claimed path `claim`.
    package mutating func insert(_ claim: String) {
        var node = 0
        for segment in claim.split(separator: "/") {
            // What follows a `**` never matters: it already covers the rest.
            if segment == "**" {
                nodes[node].coversRest = true
                return
            }
            let isAny = segment == "*" || segment.hasPrefix(":")
            if let next = isAny ? nodes[node].any : nodes[node].statics[segment] {
                node = next
                continue
            }
            nodes.append(Node())
            if isAny { nodes[node].any = nodes.count - 1 } else { nodes[node].statics[segment] = nodes.count - 1 }
            node = nodes.count - 1
        }
        nodes[node].isEnd = true
    }

    /// Whether some claim covers `path`. The walk holds the nodes of one depth, each reached
    /// from one parent, so it visits a node at most once.
    package func covers(_ path: String) -> Bool {
        var current = [0]
        for segment in path.split(separator: "/") {
            var next: [Int] = []
            for node in current {
                if nodes[node].coversRest { return true }
                guard segment != "**" else { continue }
                if let child = nodes[node].statics[segment] { next.append(child) }
                if let child = nodes[node].any { next.append(child) }
            }
            if next.isEmpty { return false }
            current = next
        }
        return current.contains { nodes[$0].isEnd }
    }
}
