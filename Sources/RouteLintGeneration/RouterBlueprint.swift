import RouteLintCore

/// What `routelint generate` writes for one app, decided once for every target language:
/// the routes with their parameters, the trie their paths are matched with, the tabs,
/// activities and holders, each with the names the code gives them. The language generators
/// only spell this blueprint; they decide nothing.
package struct RouterBlueprint: Sendable {
    struct RouteEntry: Sendable {
        /// The manifest id.
        let id: String
        /// The case (Swift) or class (Kotlin) name, before a language escapes it.
        let caseName: String
        /// Path parameters in path order: manifest name and the name code gives it.
        let parameters: [Parameter]
        /// The query items the route declares, in manifest order.
        let query: [Parameter]
        /// The route's place in an order where a route comes before every route it is more
        /// specific than: of the routes a URL matches, generated code opens the first.
        var rank = 0
        /// The path's segments, to write a route value's path; nil for a route without one.
        let path: [PathPiece]?
        let activity: String?
        /// The tab the route opens in when a URL does not name one: the tab of its activity
        /// whose root leads to it in the fewest links, else the activity's default tab.
        let tab: String?
        let presentation: Presentation
        let requiresAuth: Bool
        let holder: String
        /// What a navigation plan reads (docs/code-generation.md, "Navigation plans"): the
        /// positions of the routes it links to (in the order of their ids), of its `up` when that
        /// route links to it, of its `fallback`; whether it holds pushes as a presented route;
        /// its feature flag.
        var links: [Int] = []
        var up: Int?
        var isStacked = false
        var feature: String?
        var fallback: Int?
        /// Whether only the app's own navigation opens it: `RouteLink` refuses a URL with a
        /// scheme or host that leads to it.
        var isInApp = false

        /// The registry's typed accessor of the route's holder: `productHolder(id:)`.
        var accessorName: String { caseName + "Holder" }
    }

    /// A path parameter or a query item: its name in the manifest and in code, and its type.
    struct Parameter: Sendable, Equatable {
        let name: String
        let codeName: String
        var kind: ValueKind = .string
        /// A query item that a URL may leave out and that has no default: an optional in code.
        var isOptional = false
        /// A query item's `default`, in the canonical text of its type (`7` for `007`).
        var defaultValue: String?
        /// A query item a URL must carry.
        var isRequired = false
    }

    /// What code types a value as (docs/usage.md, "Parameter types and query items").
    enum ValueKind: Sendable, Equatable {
        case string, int, uuid
        /// One of the values of the blueprint's `valueEnums[index]`.
        case listed(Int)

        /// The kind as the generated tables write it: `s`, `i`, `u`, `l` and the enum's index.
        var tableCode: String {
            switch self {
            case .string: return "s"
            case .int: return "i"
            case .uuid: return "u"
            case .listed(let index): return "l\(index)"
            }
        }
    }

    /// The enum generated for the listed values of parameters (and items) of one name.
    struct ValueEnum: Sendable, Equatable {
        let typeName: String
        /// The name of the parameters (or query items) it types.
        let parameter: String
        /// The values as URLs carry them, decoded, in manifest order.
        let values: [String]
        /// The values in the canonical form segments are compared in.
        let canonical: [String]
        /// The case (entry) of each value.
        let caseNames: [String]

        /// Its documentation: the name of what it types, where the name needs no escaping in a
        /// comment of either language.
        var summary: String {
            let isPlain = parameter.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
            return isPlain
                ? "The values a URL may carry as `\(parameter)`." : "The values a URL may carry as one of its parameters or query items."
        }
    }

    /// An alias of a route: a former path that still opens it (docs/usage.md, "Aliases").
    /// Matching reads it as a route of its own, whose values become its route's.
    struct AliasEntry: Sendable {
        /// The route's position.
        let route: Int
        /// The alias's segments; a parameter's index is its position in the route's `parameters`.
        let path: [PathPiece]
        /// Its place among the routes' ranks (`RouteEntry.rank`).
        var rank = 0
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
        var parameters: [Parameter]
        let parent: String?
    }

    /// The segment trie of the routes' paths, as tables indexed by node (node 0 is the root).
    /// A path is matched by one walk that follows, at each node, the static child, every
    /// parameter child whose type holds the segment, and a `**` starting here: each node is
    /// reached at one depth only, so the walk visits each at most once. Of the routes it finds
    /// whose query items the URL meets, the one of lowest `rank` is the most specific.
    struct Trie: Sendable, Equatable {
        /// Indices into `routes` of the routes whose path ends exactly at the node.
        var exact: [[Int]] = [[]]
        /// Indices of the routes whose `**` starts below the node.
        var rest: [[Int]] = [[]]
        /// Static edges: (node, canonical segment, child), sorted.
        var literals: [(node: Int, segment: String, child: Int)] = []
        /// Parameter and `*` edges: (node, the type of the segment, child), sorted.
        var parameters: [(node: Int, kind: ValueKind, child: Int)] = []

        static func == (lhs: Trie, rhs: Trie) -> Bool {
            lhs.exact == rhs.exact && lhs.rest == rhs.rest
                && lhs.literals.elementsEqual(rhs.literals) { $0.node == $1.node && $0.segment == $1.segment && $0.child == $1.child }
                && lhs.parameters.elementsEqual(rhs.parameters) { $0.node == $1.node && $0.kind == $1.kind && $0.child == $1.child }
        }
    }

    let appName: String?
    let schemes: [String]
    let hosts: [String]
    let routes: [RouteEntry]
    /// The routes' aliases, in route order.
    let aliases: [AliasEntry]
    let tabs: [TabEntry]
    /// The tabs' positions in `tabs` by index (then declaration): the order a plan tries their roots in.
    var tabOrder: [Int] { tabs.indices.sorted { (tabs[$0].index, $0) < (tabs[$1].index, $1) } }
    let activities: [ActivityEntry]
    let holders: [HolderEntry]
    /// The enums of listed values, by `ValueKind.listed`'s index.
    let valueEnums: [ValueEnum]
    let trie: Trie
    /// The manifests the blueprint was made from, as given, for the generated header.
    let sources: [String]
    /// How the holder factory types its holders.
    var holderTypes: HolderTypes = .generic
    /// The access level of the generated Swift's declarations.
    var swiftAccess: SwiftAccess = .public

    /// Whether a parameter, query item or holder param is a `uuid`.
    var usesUUID: Bool {
        routes.contains { ($0.parameters + $0.query).contains { $0.kind == .uuid } }
    }

    /// Positions of the entries by manifest name.
    /// Each route's position, by id.
    let routeIndex: [String: Int]
    private let tabIndex: [String: Int]
    private let activityIndex: [String: Int]
    private let holderIndex: [String: Int]

    init(
        appName: String?, schemes: [String], hosts: [String], routes: [RouteEntry], aliases: [AliasEntry] = [], tabs: [TabEntry],
        activities: [ActivityEntry], holders: [HolderEntry], valueEnums: [ValueEnum], trie: Trie, sources: [String]
    ) {
        self.appName = appName
        self.schemes = schemes
        self.hosts = hosts
        self.routes = routes
        self.aliases = aliases
        self.tabs = tabs
        self.activities = activities
        self.holders = holders
        self.valueEnums = valueEnums
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
    /// with tab-separated fields: id, pattern (`/` and segments, a parameter as `:name:kind`
    /// with `ValueKind.tableCode`, `*` and `**` as the filler; empty for no path), the
    /// positions of its activity and tab among the blueprint's (empty for none), presentation,
    /// requires-auth (`1` or `0`), the position of its holder, its query items (separated by
    /// `/`, each `name:kind:required:default`, name and default as canonical segments, `1` or
    /// `0` for required, an empty default for none), its rank, and what plans read: the positions
    /// of the routes it links to (separated by spaces), of its `up` (empty for none), `1` or `0`
    /// for stacked, its feature (a canonical segment, empty for none), the position of its
    /// fallback, and `1` for an in-app route (empty for one a link from outside opens). After the
    /// routes, a line per alias: its route's line with the alias's pattern and rank, and a
    /// last field, the position of its route. Ids, canonical segments and parameter names hold no tab, newline, quote,
    /// backslash, `/` or `:` (a canonical segment escapes all of them), so the lines need no
    /// escaping.
    var routeTable: [String] {
        let activityPositions = Dictionary(activities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let tabPositions = Dictionary(tabs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = routes.map { route in line(of: route, path: route.path, rank: route.rank) }
        return rows
            + aliases.map { alias in
                line(of: routes[alias.route], path: alias.path, rank: alias.rank) + "\t" + String(alias.route)
            }
        func line(of route: RouteEntry, path: [PathPiece]?, rank: Int) -> String {
            let pattern = path.map { pieces in
                "/"
                    + pieces.map { piece in
                        switch piece {
                        case .literal(let text), .filler(let text): return text
                        case .parameter(let index):
                            return ":" + route.parameters[index].name + ":" + route.parameters[index].kind.tableCode
                        }
                    }.joined(separator: "/")
            }
            let query = route.query.map { item in
                [
                    Self.canonical(item.name), item.kind.tableCode, item.isRequired ? "1" : "0",
                    item.defaultValue.map(Self.canonical) ?? "",
                ].joined(separator: ":")
            }
            let position = { (value: Int?) -> String in value.map(String.init) ?? "" }
            let matching: [String] = [
                route.id, pattern ?? "", position(route.activity.flatMap { activityPositions[$0] }),
                position(route.tab.flatMap { tabPositions[$0] }), route.presentation.rawValue,
                route.requiresAuth ? "1" : "0", holderIndex[route.holder].map(String.init) ?? "0",
                query.joined(separator: "/"), String(rank),
            ]
            let planning: [String] = [
                route.links.map(String.init).joined(separator: " "), position(route.up), route.isStacked ? "1" : "0",
                route.feature.map(Self.canonical) ?? "", position(route.fallback), route.isInApp ? "1" : "",
            ]
            return (matching + planning).joined(separator: "\t")
        }
    }

    /// The listed values of each enum, a line each, as canonical segments separated by `/`.
    var valueTable: [String] {
        valueEnums.map { $0.canonical.joined(separator: "/") }
    }

    /// A decoded value as the canonical segment that spells it.
    static func canonical(_ value: String) -> String {
        String(decoding: PathText.encode(Array(value.utf8)), as: UTF8.self)
    }

    /// Why an app cannot be generated: names that collide in code, or a set that the rules
    /// were told not to check into a shape code cannot have.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The blueprint of `app`. `sources` are the paths of its files.
    static func make(_ app: AppModel, sources: [String]) throws(Problem) -> RouterBlueprint {
        var names = NameRegistry()
        // Route values take the most common names; their members may not be taken by a case.
        let routeMembers: Set<String> = [
            "id", "path", "parameters", "activity", "tab", "presentation", "requiresAuth", "holderKind",
            "hashValue", "hash", "init", "self", "Type", "Protocol", "allCases", "description", "ordinal", "arguments",
            "argument", "optionalArgument", "intArgument", "row", "json", "plan", "made",
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
        let valueEnums = try Self.valueEnums(app, names: &names)
        var pathKeys: [[Int]] = []
        var queryKeys: [Int] = []
        var aliasEntries: [AliasEntry] = []
        var aliasPatterns: [PathPattern] = []
        var aliasPathKeys: [[Int]] = []
        for route in app.routes {
            let id = app.text(route.id.value)
            let caseName = try names.claim(Identifier.lowerCamel(id), kind: "route", name: id, space: "route", reserved: routeMembers)
            var parameters: [Parameter] = []
            var parameterNames = NameRegistry()
            let (pieces, pathKey) = try Self.pieces(of: route.path?.value, in: route, app, filler: filler) { symbol throws(Problem) in
                let name = app.text(symbol)
                let codeName = try parameterNames.claim(
                    Identifier.lowerCamel(name), kind: "parameter", name: name, space: "the parameters of route '\(id)'", reserved: [])
                parameters.append(
                    Parameter(name: name, codeName: codeName, kind: valueEnums.kind(of: route.parameterType(symbol), named: name, in: app)))
                return parameters.count - 1
            }
            var query: [Parameter] = []
            var declared = Set<Symbol>()
            var queryKey = 0
            for item in route.query where declared.insert(item.name.value).inserted {
                let name = app.text(item.name.value)
                let codeName = try parameterNames.claim(
                    Identifier.lowerCamel(name), kind: "query item", name: name,
                    space: "the parameters of route '\(id)'", reserved: [])
                let type = item.effectiveType
                let kind = valueEnums.kind(of: type, named: name, in: app)
                var defaultValue = item.defaultValue.map { type.valueType(app.text).canonical(app.text($0.value)) }
                // A listed default names a value as it is written; the enum holds it decoded.
                if let written = item.defaultValue?.value, case .listed(let index) = kind, case .listed(let declared) = type {
                    guard let position = declared.firstIndex(where: { $0.text.value == written }) else {
                        throw Problem(
                            description: "the default '\(app.text(written))' of query item '\(name)' of route '\(id)' is none of its "
                                + "values (see invalid-value)")
                    }
                    defaultValue = valueEnums.enums[index].values[position]
                }
                query.append(
                    Parameter(
                        name: name, codeName: codeName, kind: kind, isOptional: !item.isRequired && defaultValue == nil,
                        defaultValue: defaultValue, isRequired: item.isRequired))
                queryKey += SegmentRank.queryKey(item.constraint)
            }
            guard let holder = route.holder?.value, app.holder(holder) != nil else {
                throw Problem(
                    description: "route '\(id)' has no declared holder; every route needs one to be generated (see missing-holder)")
            }
            let activity = app.activity(of: route)
            let tab = nearestTab[route.id.value] ?? activity.flatMap { URLResolver.defaultTab(of: $0, in: app) }
            var entry = RouteEntry(
                id: id, caseName: caseName, parameters: parameters, query: query, path: route.path == nil ? nil : pieces,
                activity: activity.map(app.text), tab: tab.map(app.text),
                presentation: route.effectivePresentation, requiresAuth: route.requiresAuth?.value ?? false,
                holder: app.text(holder))
            let position = routeEntries.count
            // In the order of their ids: a plan's search visits them so (`RoutePlanner`).
            entry.links = app.linkGraph.successors(of: position).sorted {
                app.text(app.routes[$0].id.value) < app.text(app.routes[$1].id.value)
            }
            // An `up` counts only where it names a route that links here (unlinked-up otherwise).
            if let up = route.up.flatMap({ app.routePosition($0.value) }), up != position,
                app.linkGraph.successors(of: up).contains(position)
            {
                entry.up = up
            }
            entry.isStacked = route.isStacked
            entry.feature = route.feature.map { app.text($0.value) }
            entry.fallback = route.fallback.flatMap { app.routePosition($0.value) }
            entry.isInApp = route.isInApp
            for alias in route.path == nil ? [] : route.aliases {
                let (pieces, pathKey) = try Self.pieces(of: alias.value, in: route, app, filler: filler) { symbol throws(Problem) in
                    guard let index = parameters.firstIndex(where: { $0.name == app.text(symbol) }) else {
                        throw aliasProblem(app.text(alias.value.text), of: id)
                    }
                    return index
                }
                // A route value is made from the values an alias carries: every one of the path's.
                let carried = Set(pieces.compactMap { if case .parameter(let index) = $0 { index } else { nil } })
                guard carried.count == parameters.count else { throw aliasProblem(app.text(alias.value.text), of: id) }
                aliasEntries.append(AliasEntry(route: routeEntries.count, path: pieces))
                aliasPatterns.append(alias.value)
                aliasPathKeys.append(pathKey)
            }
            routeEntries.append(entry)
            pathKeys.append(pathKey)
            queryKeys.append(queryKey)
        }
        // More specific routes first (see `SegmentRank`), an alias among them as a route of its
        // own with its route's query; ties in manifest order, aliases after the routes.
        pathKeys += aliasPathKeys
        queryKeys += aliasEntries.map { queryKeys[$0.route] }
        let order = pathKeys.indices.sorted { lhs, rhs in
            if pathKeys[lhs] != pathKeys[rhs] { return pathKeys[lhs].lexicographicallyPrecedes(pathKeys[rhs]) }
            if queryKeys[lhs] != queryKeys[rhs] { return queryKeys[lhs] < queryKeys[rhs] }
            return lhs < rhs
        }
        for (rank, index) in order.enumerated() {
            if index < routeEntries.count {
                routeEntries[index].rank = rank
            } else {
                aliasEntries[index - routeEntries.count].rank = rank
            }
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
                Identifier.upperCamel(name), kind: "holder", name: name, space: "type", reserved: reservedTypeNames)
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
        try typeHolders(&holderEntries, routes: routeEntries)

        return RouterBlueprint(
            appName: app.name.map { app.text($0.value) }, schemes: app.schemes.map { app.text($0.value) },
            hosts: app.hosts.map { app.text($0.value) }, routes: routeEntries, aliases: aliasEntries, tabs: tabEntries,
            activities: activityEntries, holders: holderEntries, valueEnums: valueEnums.enums,
            trie: try makeTrie(app, routeEntries, aliases: aliasEntries, aliasPatterns: aliasPatterns), sources: sources)
    }

    /// Type names of the generated code and the languages', which a holder or an enum of
    /// listed values may not take.
    private static let reservedTypeNames: Set<String> = [
        "Route", "Tab", "Activity", "Holder", "HolderKind", "HolderFactory", "HolderRegistry", "Presentation",
        "RouteLink", "Any", "Self", "String", "Int", "Long", "Bool", "Boolean", "Unit", "Nothing", "UUID",
        "Never", "Void", "Set", "List", "Map", "Optional", "Factory", "RouteRow", "RouteTables", "RouteTrie",
        "RoutePath", "RouteURL", "RouteUrl", "HolderSlot", "Pair", "HashMap", "ArrayList", "Array", "Dictionary",
        "RouteValueKind", "QueryItem", "NavigationPlan", "Presented", "RoutePlanner", "RouteValues", "RouteJSON", "RouteJson",
        "RouteNamedValue", "RouteQueryItem", "RouteSerializer", "PresentedSerializer",
    ]

    /// The enums of a route set's listed values: one per parameter (or query item) name and
    /// list of values, named after the parameter (`SearchType` for `type`), or after the route
    /// and the parameter when routes list different values under one name.
    private static func valueEnums(_ app: AppModel, names: inout NameRegistry) throws(Problem) -> ValueEnumTable {
        var declarations: [(name: String, route: String, values: [DeclaredValue])] = []
        for route in app.routes {
            let id = app.text(route.id.value)
            for param in route.params {
                if case .listed(let values) = param.type.type { declarations.append((app.text(param.name.value), id, values)) }
            }
            for item in route.query {
                if case .listed(let values) = item.effectiveType { declarations.append((app.text(item.name.value), id, values)) }
            }
        }
        var listsByName: [String: Set<String>] = [:]
        for declaration in declarations {
            listsByName[declaration.name, default: []].insert(declaration.values.map { app.text($0.value.segment) }.joined(separator: "/"))
        }
        // Kotlin's route classes are nested in `Route`, where they would hide an enum of their name.
        let routeClasses = Set(app.routes.map { Identifier.upperCamel(Identifier.lowerCamel(app.text($0.id.value))) })
        var table = ValueEnumTable()
        for declaration in declarations {
            let canonical = declaration.values.map { app.text($0.value.segment) }
            let key = ValueEnumTable.key(declaration.name, canonical)
            guard table.index[key] == nil else { continue }
            let shared = listsByName[declaration.name]?.count == 1
            let candidate =
                shared
                ? Identifier.upperCamel(declaration.name)
                : Identifier.upperCamel(declaration.route) + Identifier.upperCamel(declaration.name)
            let typeName = try names.claim(
                candidate, kind: "the values of '\(declaration.name)' in route", name: declaration.route, space: "type",
                reserved: reservedTypeNames.union(routeClasses))
            let values = canonical.map { String(decoding: PathText.decode(Array($0.utf8)), as: UTF8.self) }
            table.index[key] = table.enums.count
            table.enums.append(
                ValueEnum(
                    typeName: typeName, parameter: declaration.name, values: values, canonical: canonical, caseNames: caseNames(values)))
        }
        return table
    }

    /// The case names of listed values: each made an identifier (`in-stock` → `inStock`,
    /// `1` → `_1`), with its position added where two would be the same.
    private static func caseNames(_ values: [String]) -> [String] {
        let members: Set<String> = [
            "rawValue", "allCases", "description", "init", "self", "Type", "hashValue", "value", "name", "ordinal", "entries",
            "values", "valueOf", "Companion", "toString",
        ]
        var taken = Set<String>()
        return values.enumerated().map { position, value in
            var identifier = String(
                Identifier.lowerCamel(value).unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
                        ? Character(scalar) : "_"
                })
            if identifier.isEmpty || identifier.first!.isNumber { identifier = "_" + identifier }
            if members.contains(identifier) { identifier += "Value" }
            if !taken.insert(identifier.lowercased()).inserted {
                identifier += "_\(position)"
                taken.insert(identifier.lowercased())
            }
            return identifier
        }
    }

    /// Each holder's params typed as the routes that make it give them: every route whose
    /// holder is the holder or below it has a parameter or a query item of each param's name,
    /// and all of them have the same type.
    private static func typeHolders(_ holders: inout [HolderEntry], routes: [RouteEntry]) throws(Problem) {
        let positions = Dictionary(holders.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The route that first typed each holder's parameter, by holder and parameter name.
        var typedBy: [[String]: String] = [:]
        for route in routes {
            var seen = Set<String>()
            var current = positions[route.holder]
            while let position = current {
                let holder = holders[position]
                guard seen.insert(holder.name).inserted else {
                    throw Problem(description: "holder '\(holder.name)' is on a loop of parents (see holder-scope)")
                }
                for (index, param) in holder.parameters.enumerated() {
                    guard let provided = (route.parameters + route.query).first(where: { $0.name == param.name }) else {
                        throw Problem(
                            description: "route '\(route.id)' cannot create holder '\(holder.name)': it has no parameter or query item "
                                + "'\(param.name)' (see holder-params)")
                    }
                    let slot = [holder.name, param.name]
                    if let first = typedBy[slot] {
                        guard provided.kind == param.kind && provided.isOptional == param.isOptional else {
                            throw Problem(
                                description: "holder '\(holder.name)' takes '\(param.name)' with one type from route '\(first)' and "
                                    + "another from route '\(route.id)'; give it the same type in both")
                        }
                    } else {
                        typedBy[slot] = route.id
                        holders[position].parameters[index].kind = provided.kind
                        holders[position].parameters[index].isOptional = provided.isOptional
                    }
                }
                current = holder.parent.flatMap { positions[$0] }
            }
        }
    }

    /// A holder's member name, kept off the members of `HolderKind` (Swift's raw value and
    /// cases, its `id`): `Value` is added to one that would take them.
    private static func holderMember(_ candidate: String) -> String {
        ["id", "rawValue", "allCases", "hashValue", "init", "self", "Type"].contains(candidate) ? candidate + "Value" : candidate
    }

    /// Where a route's path ends in the trie, with the query items that tell routes apart there
    /// (each a name, a kind and whether it is required): two routes with the same end match the
    /// same URLs.
    private struct RouteEnd: Hashable {
        let node: Int
        let endsInRest: Bool
        let query: Set<[String]>
    }

    /// The trie of the routes' paths, as `Trie` describes it. Two routes that end at one node
    /// and ask the same of the query match the same URLs.
    /// Row `routes.count + i` is alias `i`, whose pattern is `aliasPatterns[i]`.
    private static func makeTrie(
        _ app: AppModel, _ routes: [RouteEntry], aliases: [AliasEntry], aliasPatterns: [PathPattern]
    ) throws(Problem) -> Trie {
        var trie = Trie()
        var literalChildren: [Int: [String: Int]] = [:]
        var parameterChildren: [Int: [String: (kind: ValueKind, child: Int)]] = [:]
        var ends: [RouteEnd: Int] = [:]
        func newNode() -> Int {
            trie.exact.append([])
            trie.rest.append([])
            return trie.exact.count - 1
        }
        // Each pattern with its route and its row of the table.
        var patterns: [(pattern: PathPattern, route: Int, row: Int)] = []
        for (index, route) in app.routes.enumerated() {
            if let pattern = route.path?.value { patterns.append((pattern, index, index)) }
        }
        for (position, alias) in aliases.enumerated() {
            patterns.append((aliasPatterns[position], alias.route, routes.count + position))
        }
        for (pattern, index, row) in patterns {
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
                    var kind = ValueKind.string
                    if case .parameter(let name) = segment {
                        kind = routes[index].parameters.first { $0.name == app.text(name) }?.kind ?? .string
                    }
                    if let edge = parameterChildren[node]?[kind.tableCode] {
                        node = edge.child
                    } else {
                        let child = newNode()
                        parameterChildren[node, default: [:]][kind.tableCode] = (kind, child)
                        node = child
                    }
                case .rest:
                    endsInRest = true
                }
            }
            let query = routes[index].query.filter { !($0.kind == .string && $0.isOptional) }
                .map { [$0.name, $0.kind.tableCode, $0.isRequired ? "required" : "optional"] }
            let end = RouteEnd(node: node, endsInRest: endsInRest, query: Set(query))
            if let other = ends[end] { throw conflict(routes[other].id, routes[index].id) }
            ends[end] = index
            if endsInRest { trie.rest[node].append(row) } else { trie.exact[node].append(row) }
        }
        trie.literals = literalChildren.flatMap { node, children in children.map { (node: node, segment: $0.key, child: $0.value) } }
            .sorted { $0.node != $1.node ? $0.node < $1.node : $0.segment.utf8.lexicographicallyPrecedes($1.segment.utf8) }
        trie.parameters = parameterChildren.flatMap { node, children in
            children.map { (node: node, kind: $0.value.kind, child: $0.value.child) }
        }
        .sorted { $0.node != $1.node ? $0.node < $1.node : $0.kind.tableCode.utf8.lexicographicallyPrecedes($1.kind.tableCode.utf8) }
        return trie
    }

    /// The pieces of `pattern` (none for nil) as a route value writes them, each parameter's
    /// index given by `parameterIndex`, and the pattern's key for ranking (`SegmentRank`).
    private static func pieces(
        of pattern: PathPattern?, in route: Route, _ app: AppModel, filler: String,
        parameterIndex: (Symbol) throws(Problem) -> Int
    ) throws(Problem) -> (pieces: [PathPiece], key: [Int]) {
        var pieces: [PathPiece] = []
        var key: [Int] = []
        for segment in pattern.map({ Array($0.segments) }) ?? [] {
            switch segment {
            case .literal(let symbol):
                pieces.append(.literal(app.text(symbol)))
                key.append(SegmentRank.literal.key(count: 1))
            case .parameter(let symbol):
                pieces.append(.parameter(try parameterIndex(symbol)))
                key.append(SegmentRank.of(route.parameterType(symbol)))
            case .wildcard:
                pieces.append(.filler(filler))
                key.append(SegmentRank.any.key(count: 0))
            case .rest:
                pieces.append(.filler(filler))
                key.append(SegmentRank.rest.key(count: 0))
            }
        }
        return (pieces, key)
    }

    private static func aliasProblem(_ alias: String, of route: String) -> Problem {
        Problem(description: "alias '\(alias)' of route '\(route)' does not carry the parameters of its path (see invalid-alias)")
    }

    private static func conflict(_ first: String, _ second: String) -> Problem {
        Problem(description: "the paths of routes '\(first)' and '\(second)' match the same URLs (see conflicting-patterns)")
    }
}

/// The enums of a blueprint's listed values, and the one of each declaration.
struct ValueEnumTable {
    var enums: [RouterBlueprint.ValueEnum] = []
    /// By `key`.
    var index: [Key: Int] = [:]

    /// What tells the enums apart: the name they type, and their values in canonical form.
    struct Key: Hashable {
        let name: String
        let canonicalValues: [String]
    }

    static func key(_ name: String, _ canonicalValues: [String]) -> Key {
        Key(name: name, canonicalValues: canonicalValues)
    }

    /// The kind of a value of `type`, declared for the parameter or item `name`.
    func kind(of type: DeclaredType, named name: String, in app: AppModel) -> RouterBlueprint.ValueKind {
        switch type {
        case .string: return .string
        case .int: return .int
        case .uuid: return .uuid
        case .listed(let values):
            // `valueEnums` made an enum for every declaration.
            return index[Self.key(name, values.map { app.text($0.value.segment) })].map { .listed($0) } ?? .string
        }
    }
}

/// How specific a pattern's segment is, as a number: where one segment's values are a strict
/// subset of another's, its number is the smaller — a static segment (or one listed value),
/// listed values (fewer first), `int` or `uuid`, any value, `**`. Comparing the numbers of two
/// paths position by position, a path whose URLs are a strict subset of another's comes
/// first; among equal paths, the sum of `queryKey` over the items does the same for queries.
/// So in a route set without conflicts, the routes a URL matches come, in this order, from
/// the most specific to the least.
enum SegmentRank: Int {
    case literal, listed, typed, any, rest

    func key(count: Int) -> Int { rawValue << 40 | count }

    static func of(_ type: DeclaredType) -> Int {
        // The values as matching reads them: listed ones distinct by their canonical segment.
        switch type.values {
        case .any: return SegmentRank.any.key(count: 0)
        case .integer, .uuid: return SegmentRank.typed.key(count: 0)
        case .listed(let values): return values.count == 1 ? SegmentRank.literal.key(count: 1) : SegmentRank.listed.key(count: values.count)
        }
    }

    /// What an item's constraint adds to a route's query key: at most zero, zero for an item
    /// that allows everything, and smaller for a strict subset of what another allows.
    static func queryKey(_ constraint: QueryItemSet) -> Int {
        let values: Int
        switch constraint.values {
        case .listed(let listed): values = listed.count
        case .integer, .uuid: values = 1 << 32
        case .any: values = 1 << 33
        }
        return values + (constraint.allowsAbsence ? 1 : 0) - (1 << 33 + 1)
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
    /// Who has each name, by name space and name in lower case.
    private var owners: [[String]: String] = [:]

    /// `candidate`, or `candidate` + "Value" when it is one of the `reserved` members, once no
    /// other name of `space` has it.
    mutating func claim(_ candidate: String, kind: String, name: String, space: String, reserved: Set<String>) throws(RouterBlueprint
        .Problem)
        -> String
    {
        let chosen = reserved.contains(candidate) ? candidate + "Value" : candidate
        let key = [space, chosen.lowercased()]
        if let owner = owners[key] {
            throw RouterBlueprint.Problem(
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
