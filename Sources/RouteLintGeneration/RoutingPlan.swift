import RouteLintCore

/// What `routelint generate` writes for one app, decided once for every target language:
/// the routes with their parameters, the trie their paths are matched with, the tabs,
/// activities and holders, each with the names the code gives them. The language generators
/// only spell this plan; they decide nothing.
package struct RoutingPlan: Sendable {
    struct RouteEntry: Sendable {
        /// The manifest id.
        let id: String
        /// The case (Swift) or class (Kotlin) name, before a language escapes it.
        let caseName: String
        /// Path parameters in path order: manifest name and the name code gives it.
        let parameters: [Parameter]
        /// The path's segments, to write a route value's path; nil for a route without one.
        let path: [PathPiece]?
        let activity: String?
        /// The tab the route opens in when a URL does not name one: the tab of its activity
        /// whose root leads to it in the fewest links, else the activity's default tab.
        let tab: String?
        let presentation: Presentation
        let requiresAuth: Bool
        let holder: String

        /// The registry's typed accessor of the route's holder: `productHolder(id:)`.
        var accessorName: String { caseName + "Holder" }
    }

    struct Parameter: Sendable, Equatable {
        let name: String
        let codeName: String
    }

    /// One segment of a route's path, as a route value writes it.
    enum PathPiece: Sendable, Equatable {
        /// A static segment, in canonical form.
        case literal(String)
        /// The parameter at this position in `parameters`, percent-encoded.
        case parameter(Int)
        /// `*` or `**`: a segment that matches no static segment of the app.
        case filler(String)
    }

    struct TabEntry: Sendable {
        let name: String
        let caseName: String
        let title: String
        let icon: String
        let index: Int
        let activity: String
        /// The root route: it has no parameters.
        let root: String
    }

    struct ActivityEntry: Sendable {
        let name: String
        let caseName: String
        let title: String
        let icon: String?
        let defaultTab: String?
        /// Its tabs, by index.
        let tabs: [String]
    }

    struct HolderEntry: Sendable {
        let name: String
        /// The type name (Swift associated type, Kotlin type parameter).
        let typeName: String
        /// Its name in code: `HolderKind`'s case, the registry's function that makes it.
        let memberName: String
        let scope: HolderScope
        let parameters: [Parameter]
        let parent: String?
    }

    /// The segment trie of the routes' paths, as tables indexed by node (node 0 is the root).
    /// A path is matched by one walk that tries, at each node, the static child, then the
    /// wildcard child, then a `**` ending here: in a route set without conflicting patterns
    /// the first route found is the most specific one that matches.
    struct Trie: Sendable, Equatable {
        /// Index into `routes` of the route whose path ends exactly at the node, or -1.
        var exact: [Int] = [-1]
        /// Index of the route whose `**` starts below the node, or -1.
        var rest: [Int] = [-1]
        /// The node reached by a `:name` or `*` segment, or -1.
        var wildcard: [Int] = [-1]
        /// Static edges: (node, canonical segment, child), sorted.
        var literals: [(node: Int, segment: String, child: Int)] = []

        static func == (lhs: Trie, rhs: Trie) -> Bool {
            lhs.exact == rhs.exact && lhs.rest == rhs.rest && lhs.wildcard == rhs.wildcard
                && lhs.literals.elementsEqual(rhs.literals) { $0.node == $1.node && $0.segment == $1.segment && $0.child == $1.child }
        }
    }

    let appName: String?
    let schemes: [String]
    let hosts: [String]
    let routes: [RouteEntry]
    let tabs: [TabEntry]
    let activities: [ActivityEntry]
    let holders: [HolderEntry]
    let trie: Trie
    /// The manifests the plan was made from, as given, for the generated header.
    let sources: [String]
    /// How the holder factory types its holders.
    var holderTypes: HolderTypes = .generic

    /// Positions of the entries by manifest name.
    private let routeIndex: [String: Int]
    private let tabIndex: [String: Int]
    private let activityIndex: [String: Int]
    private let holderIndex: [String: Int]

    init(
        appName: String?, schemes: [String], hosts: [String], routes: [RouteEntry], tabs: [TabEntry], activities: [ActivityEntry],
        holders: [HolderEntry], trie: Trie, sources: [String]
    ) {
        self.appName = appName
        self.schemes = schemes
        self.hosts = hosts
        self.routes = routes
        self.tabs = tabs
        self.activities = activities
        self.holders = holders
        self.trie = trie
        self.sources = sources
        func index(_ names: [String]) -> [String: Int] {
            Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        routeIndex = index(routes.map(\.id))
        tabIndex = index(tabs.map(\.name))
        activityIndex = index(activities.map(\.name))
        holderIndex = index(holders.map(\.name))
    }

    /// The entries by manifest name. `make` checked that every tab's activity and root, every
    /// route's holder and every holder's parent are there.
    func route(id: String) -> RouteEntry? { routeIndex[id].map { routes[$0] } }
    func tab(_ name: String) -> TabEntry? { tabIndex[name].map { tabs[$0] } }
    func activity(_ name: String) -> ActivityEntry? { activityIndex[name].map { activities[$0] } }
    func holder(_ name: String) -> HolderEntry? { holderIndex[name].map { holders[$0] } }

    /// The route table the runtime's `RouteRow.rows` reads: a line per route, in route order,
    /// with tab-separated fields: id, pattern (`/` and segments, a parameter as `:name`, `*`
    /// and `**` as the filler; empty for no path), the positions of its activity and tab among
    /// the plan's (empty for none), presentation, requires-auth (`1` or `0`) and the position of
    /// its holder. Ids, canonical segments and parameter names hold no tab, newline, quote or
    /// backslash, so the lines need no escaping.
    var routeTable: [String] {
        let activityPositions = Dictionary(activities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let tabPositions = Dictionary(tabs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return routes.map { route in
            let pattern = route.path.map { pieces in
                "/"
                    + pieces.map { piece in
                        switch piece {
                        case .literal(let text), .filler(let text): return text
                        case .parameter(let index): return ":" + route.parameters[index].name
                        }
                    }.joined(separator: "/")
            }
            return [
                route.id, pattern ?? "", route.activity.flatMap { activityPositions[$0] }.map(String.init) ?? "",
                route.tab.flatMap { tabPositions[$0] }.map(String.init) ?? "", route.presentation.rawValue,
                route.requiresAuth ? "1" : "0", holderIndex[route.holder].map(String.init) ?? "0",
            ].joined(separator: "\t")
        }
    }

    /// Why an app cannot be generated: names that collide in code, or a set that the rules
    /// were told not to check into a shape code cannot have.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The plan of `app`. `sources` are the paths of its files.
    static func make(_ app: AppModel, sources: [String]) throws(Problem) -> RoutingPlan {
        var names = NameRegistry()
        // Route values take the most common names; their members may not be taken by a case.
        let routeMembers: Set<String> = [
            "id", "path", "parameters", "activity", "tab", "presentation", "requiresAuth", "holderKind",
            "hashValue", "hash", "init", "self", "Type", "Protocol", "allCases", "description", "ordinal", "arguments",
            "argument", "row",
        ]
        var routeEntries: [RouteEntry] = []
        let nearestTab = URLResolver.nearestTabs(app)
        let literals = Set(
            app.routes.compactMap { $0.path?.value }.flatMap { pattern in
                pattern.segments.compactMap { segment -> String? in
                    if case .literal(let symbol) = segment { return app.text(symbol) }
                    return nil
                }
            })
        // A filler for `*` and `**` that no static segment of the app spells, so that a route
        // value's path leads back to it.
        let filler = (["_", "-", "~"] + (0..<literals.count + 1).map { "_\($0)" }).first { !literals.contains($0) }!
        for route in app.routes {
            let id = app.text(route.id.value)
            let caseName = try names.claim(Identifier.lowerCamel(id), kind: "route", name: id, space: "route", reserved: routeMembers)
            var parameters: [Parameter] = []
            var parameterNames = NameRegistry()
            var pieces: [PathPiece] = []
            for segment in route.path?.value.segments ?? [] {
                switch segment {
                case .literal(let symbol): pieces.append(.literal(app.text(symbol)))
                case .parameter(let symbol):
                    let name = app.text(symbol)
                    let codeName = try parameterNames.claim(
                        Identifier.lowerCamel(name), kind: "parameter", name: name,
                        space: "the parameters of route '\(id)'", reserved: [])
                    pieces.append(.parameter(parameters.count))
                    parameters.append(Parameter(name: name, codeName: codeName))
                case .wildcard, .rest: pieces.append(.filler(filler))
                }
            }
            guard let holder = route.holder?.value, app.holder(holder) != nil else {
                throw Problem(
                    description: "route '\(id)' has no declared holder; every route needs one to be generated (see missing-holder)")
            }
            let activity = app.activity(of: route)
            let tab = nearestTab[route.id.value] ?? activity.flatMap { URLResolver.defaultTab(of: $0, in: app) }
            routeEntries.append(
                RouteEntry(
                    id: id, caseName: caseName, parameters: parameters, path: route.path == nil ? nil : pieces,
                    activity: activity.map(app.text), tab: tab.map(app.text),
                    presentation: route.presentation?.value ?? .push, requiresAuth: route.requiresAuth?.value ?? false,
                    holder: app.text(holder)))
        }

        var tabEntries: [TabEntry] = []
        for tab in app.tabs {
            let name = app.text(tab.name.value)
            guard let activity = tab.activity?.value, app.activity(activity) != nil, let index = tab.index?.value,
                let root = tab.root?.value, let rootRoute = app.route(root), !(rootRoute.path?.value.hasParameters ?? false)
            else {
                throw Problem(
                    description: "tab '\(name)' needs a declared activity, an index and a root route without parameters "
                        + "to be generated (see missing-field, unknown-reference and tab-root)")
            }
            let caseName = try names.claim(
                Identifier.lowerCamel(name), kind: "tab", name: name, space: "tab",
                reserved: ["title", "icon", "index", "activity", "root", "init"])
            tabEntries.append(
                TabEntry(
                    name: name, caseName: caseName, title: tab.title.map { app.text($0.value) } ?? Identifier.capitalised(name),
                    icon: tab.icon.map { app.text($0.value) } ?? "", index: index, activity: app.text(activity),
                    root: app.text(root)))
        }

        var activityEntries: [ActivityEntry] = []
        for activity in app.activities {
            let name = app.text(activity.name.value)
            let caseName = try names.claim(
                Identifier.lowerCamel(name), kind: "activity", name: name, space: "activity",
                reserved: ["title", "icon", "defaultTab", "tabs", "init"])
            let tabs = tabEntries.filter { $0.activity == name }.sorted { ($0.index, $0.name) < ($1.index, $1.name) }.map(\.name)
            activityEntries.append(
                ActivityEntry(
                    name: name, caseName: caseName, title: activity.title.map { app.text($0.value) } ?? Identifier.capitalised(name),
                    icon: activity.icon.map { app.text($0.value) },
                    defaultTab: URLResolver.defaultTab(of: activity.name.value, in: app).map(app.text), tabs: tabs))
        }

        var holderEntries: [HolderEntry] = []
        for holder in app.holders {
            let name = app.text(holder.name.value)
            let typeName = try names.claim(
                Identifier.upperCamel(name), kind: "holder", name: name, space: "holder type",
                reserved: [
                    "Route", "Tab", "Activity", "Holder", "HolderKind", "HolderFactory", "HolderRegistry", "Presentation",
                    "RouteLink", "Any", "Self", "String", "Int", "Bool", "Boolean", "Unit", "Nothing",
                    "Never", "Void", "Set", "List", "Map", "Optional", "Factory", "RouteRow", "RouteTables", "RouteTrie",
                    "RoutePath", "RouteURL", "RouteUrl", "HolderSlot", "Pair", "HashMap", "ArrayList", "Array", "Dictionary",
                ])
            var parameterNames = NameRegistry()
            let parameters = try app.names(holder.params).map { param throws(Problem) -> Parameter in
                let text = app.text(param.value)
                return Parameter(
                    name: text,
                    codeName: try parameterNames.claim(
                        Identifier.lowerCamel(text), kind: "parameter", name: text,
                        space: "the params of holder '\(name)'", reserved: ["parent"]))
            }
            let parent = holder.parent.map { app.text($0.value) }
            if let parent, app.holder(named: parent) == nil {
                throw Problem(description: "holder '\(name)' has parent '\(parent)', which is not declared (see unknown-reference)")
            }
            holderEntries.append(
                HolderEntry(
                    name: name, typeName: typeName, memberName: holderMember(Identifier.lowerCamel(name)), scope: holder.effectiveScope,
                    parameters: parameters, parent: parent))
        }
        try checkHolders(holderEntries, routes: routeEntries)

        return RoutingPlan(
            appName: app.name.map { app.text($0.value) }, schemes: app.schemes.map { app.text($0.value) },
            hosts: app.hosts.map { app.text($0.value) }, routes: routeEntries, tabs: tabEntries,
            activities: activityEntries, holders: holderEntries,
            trie: try makeTrie(app), sources: sources)
    }

    /// A holder's member name, kept off the members of `HolderKind` (Swift's raw value and
    /// cases, its `id`): `Value` is added to one that would take them.
    private static func holderMember(_ candidate: String) -> String {
        ["id", "rawValue", "allCases", "hashValue", "init", "self", "Type"].contains(candidate) ? candidate + "Value" : candidate
    }

    /// Each route can create its holder and the holder's parents: the chain has no loop, and
    /// every holder on it finds its params among the route's path parameters.
    private static func checkHolders(_ holders: [HolderEntry], routes: [RouteEntry]) throws(Problem) {
        let byName = Dictionary(holders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for route in routes {
            var seen = Set<String>()
            var current = byName[route.holder]
            while let holder = current {
                guard seen.insert(holder.name).inserted else {
                    throw Problem(description: "holder '\(holder.name)' is on a loop of parents (see holder-scope)")
                }
                let provided = Set(route.parameters.map(\.name))
                if let missing = holder.parameters.first(where: { !provided.contains($0.name) }) {
                    throw Problem(
                        description: "route '\(route.id)' cannot create holder '\(holder.name)': its path has no parameter "
                            + "'\(missing.name)' (see holder-params)")
                }
                current = holder.parent.flatMap { byName[$0] }
            }
        }
    }

    /// The trie of the routes' paths, as `Trie` describes it.
    private static func makeTrie(_ app: AppModel) throws(Problem) -> Trie {
        var trie = Trie()
        var literalChildren: [Int: [String: Int]] = [:]
        func newNode() -> Int {
            trie.exact.append(-1)
            trie.rest.append(-1)
            trie.wildcard.append(-1)
            return trie.exact.count - 1
        }
        for (index, route) in app.routes.enumerated() {
            guard let pattern = route.path?.value else { continue }
            var node = 0
            var endsInRest = false
            for segment in pattern.segments {
                switch segment {
                case .literal(let symbol):
                    let text = app.text(symbol)
                    if let child = literalChildren[node]?[text] {
                        node = child
                    } else {
                        let child = newNode()
                        literalChildren[node, default: [:]][text] = child
                        node = child
                    }
                case .parameter, .wildcard:
                    if trie.wildcard[node] < 0 { trie.wildcard[node] = newNode() }
                    node = trie.wildcard[node]
                case .rest:
                    endsInRest = true
                }
            }
            let id = app.text(route.id.value)
            if endsInRest {
                guard trie.rest[node] < 0 else { throw conflict(id, trie.rest[node], app) }
                trie.rest[node] = index
            } else {
                guard trie.exact[node] < 0 else { throw conflict(id, trie.exact[node], app) }
                trie.exact[node] = index
            }
        }
        trie.literals = literalChildren.flatMap { node, children in children.map { (node: node, segment: $0.key, child: $0.value) } }
            .sorted { $0.node != $1.node ? $0.node < $1.node : $0.segment.utf8.lexicographicallyPrecedes($1.segment.utf8) }
        return trie
    }

    private static func conflict(_ id: String, _ other: Int, _ app: AppModel) -> Problem {
        Problem(
            description: "the paths of routes '\(app.text(app.routes[other].id.value))' and '\(id)' match the same URLs "
                + "(see conflicting-patterns)")
    }
}

extension HolderScope {
    /// The key of a holder of this scope in the registry's store, as an expression of `route`
    /// in both languages: the route value, its tab, its activity, or one key for the app.
    var registryKey: String {
        switch self {
        case .route: return "route"
        case .tab: return "route.tab"
        case .activity: return "route.activity"
        case .app: return "true"
        }
    }
}

/// Names given out in one name space of the generated code, so that two names of the
/// manifest that come out the same in code are an error, not code that does not compile.
struct NameRegistry {
    private var owners: [String: String] = [:]

    /// `candidate`, or `candidate` + "Value" when it is one of the `reserved` members, once no
    /// other name of `space` has it.
    mutating func claim(_ candidate: String, kind: String, name: String, space: String, reserved: Set<String>) throws(RoutingPlan.Problem)
        -> String
    {
        let chosen = reserved.contains(candidate) ? candidate + "Value" : candidate
        let key = space + "\u{0}" + chosen.lowercased()
        if let owner = owners[key] {
            throw RoutingPlan.Problem(
                description: "\(kind) '\(name)' and \(owner) would both be named '\(chosen)' in generated code; rename one")
        }
        owners[key] = "\(kind) '\(name)'"
        return chosen
    }
}

/// Manifest names made into identifiers of generated code.
enum Identifier {
    /// `product-detail` → `productDetail`; `_draft` keeps its underscore.
    static func lowerCamel(_ name: String) -> String {
        let upper = upperCamel(name)
        guard let first = upper.firstIndex(where: { $0 != "_" }) else { return upper }
        return upper[..<first] + upper[first...].prefix(1).lowercased() + upper[upper.index(after: first)...]
    }

    /// `product-detail` → `ProductDetail`; the letters after the first keep their case.
    static func upperCamel(_ name: String) -> String {
        let leading = name.prefix { $0 == "_" }
        let parts = name.dropFirst(leading.count).split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
        let joined = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.isEmpty ? "_" + leading : leading + joined
    }

    /// `orders` → `Orders`: the default title of a tab or activity, its name capitalised.
    static func capitalised(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}

extension AppModel {
    func holder(named name: String) -> Holder? { symbols.lookup(name).flatMap(holder) }
}
