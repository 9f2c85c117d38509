/// One app of a route set: the manifests that declare the same `app` (or none), merged.
/// Names are global within an app; where a name is declared twice, the first declaration
/// (files in path order, then position) is the one used, and the others are kept in
/// `redeclarations` for `duplicate-name`. Every name is a symbol of the run's `symbols`.
package struct AppModel: Sendable {
    /// A name declared again in a later file of the app (or later in one file).
    package struct Redeclaration: Sendable {
        /// What kind of entity it names.
        package let kind: EntityKind
        /// The later declaration, which the app ignores.
        package let later: LocatedName
        /// The first declaration, which the app uses.
        package let first: LocatedName
    }

    /// A file of the app, as `missing-field` needs it.
    package struct File: Sendable {
        /// The file.
        package let id: FileID
        /// Where its `manifest` key is, or that it has none.
        package let versionKey: Manifest.VersionKey
    }

    /// The app's name, as its first file declares it; nil for the files that name none.
    package let name: LocatedName?
    /// The run's symbols: every name of every app.
    package let symbols: SymbolTable
    /// The app's files, in path order.
    package let files: [File]
    /// The custom URL schemes of every file, in order.
    package private(set) var schemes: [LocatedName] = []
    /// The universal-link hosts of every file, in order.
    package private(set) var hosts: [LocatedName] = []
    /// The same hosts as names, in the same order: what a URL's host is matched against. The
    /// decoder keeps only hosts that read as names, so every one of `hosts` has its name here.
    package private(set) var hostNames: [HostName] = []
    /// The activities, first declarations only, in declaration order.
    package private(set) var activities = EntityList<Activity>()
    /// The tabs, first declarations only, in declaration order.
    package private(set) var tabs = EntityList<Tab>()
    /// The holders, first declarations only, in declaration order.
    package private(set) var holders = EntityList<Holder>()
    /// Routes in declaration order.
    package private(set) var routes = EntityList<Route>()
    /// Whether some route of the app's files declares `aliases` (its redeclarations too).
    package private(set) var hasAliases = false
    /// Whether some route of the app's files declares `examples` (its redeclarations too).
    package private(set) var hasExamples = false
    /// The items of every `NameList` of the app's entities.
    package private(set) var names: [LocatedName] = []
    /// Every later declaration of a name the app already has.
    package private(set) var redeclarations: [Redeclaration] = []
    /// The tabs whose `root` names no route but nearly spells one, by position: the root as
    /// written. The model reads the route it nearly spells (`tabs`), so that one typo is one
    /// finding (`unknown-reference`, which reads the root as written), not also the missing
    /// activity of the route meant and the routes that only it reaches.
    package private(set) var misspeltRoots: [Int: LocatedName] = [:]
    /// The routes whose `holder` names no holder but nearly spells one, by position: the holder
    /// as written. In an app read whole, the model reads the holder it nearly spells, so that
    /// one typo is one finding (`missing-holder`, which reads the holder as written), not also
    /// the holder meant reported unused and its parameters and scope left unchecked.
    package private(set) var misspeltHolders: [Int: LocatedName] = [:]
    /// The `ios` settings of the app's files, in path order.
    package private(set) var iosSettings: [IOSSettings] = []
    /// The `android` settings of the app's files, in path order.
    package private(set) var androidSettings: [AndroidSettings] = []
    /// False when a file that may belong to the app could not be read — one that names the
    /// app before its problem, or whose app is unknown, or a path that could not be read at
    /// all: it may have declared anything, so the rules that reason about what is not
    /// declared or not reachable (`RuleRegistry.wholeAppRuleIDs`) skip that part.
    package let isComplete: Bool

    private var activityIndex = SymbolIndex()
    private var tabIndex = SymbolIndex()
    private var holderIndex = SymbolIndex()
    private var routeIndex = SymbolIndex()
    /// For each route that is some tab's root, the first such tab.
    private var firstTabRooted = SymbolIndex()
    /// The routes and their links, which several rules walk.
    package private(set) var linkGraph = LinkGraph()

    /// Joins the files' models into the run's symbol table and groups them into apps, in the
    /// order each app first appears. Consumes the manifests: their entities move into the
    /// apps rather than being copied.
    /// `isComplete` tells, from an app's name, whether every file of it could be read.
    package static func merge(
        _ decoded: consuming [(manifest: Manifest, symbols: SymbolTable)],
        isComplete: (String?) -> Bool
    ) -> (apps: [AppModel], symbols: SymbolTable) {
        decoded.sort { $0.manifest.file < $1.manifest.file }
        var symbols = SymbolTable()
        var order: [Symbol?] = []
        var members: [Symbol?: [Member]] = [:]
        for position in decoded.indices {
            var manifest = Manifest(file: decoded[position].manifest.file)
            swap(&manifest, &decoded[position].manifest)
            // The first file's table becomes the run's as it is: nothing to renumber.
            let mapping = symbols.count == 0 ? nil : symbols.merge(decoded[position].symbols)
            if mapping == nil { symbols = decoded[position].symbols }
            decoded[position].symbols = SymbolTable()
            manifest.app = manifest.app.renumbered(mapping)
            let name = manifest.app?.value
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(Member(manifest: manifest, symbols: mapping))
        }
        decoded = []
        let apps = order.map { name in
            var group = members.removeValue(forKey: name)!
            return AppModel(symbols: symbols, members: &group, isComplete: isComplete(name.map(symbols.text)))
        }
        return (apps, symbols)
    }

    /// A manifest of the app, and how its symbols map into the run's table (nil: unchanged).
    struct Member {
        var manifest: Manifest
        let symbols: [Symbol]?
    }

    /// Takes the entities out of the members' manifests, leaving them empty.
    init(symbols: SymbolTable, members: inout [Member], isComplete: Bool) {
        self.symbols = symbols
        name = members.first?.manifest.app
        files = members.map { File(id: $0.manifest.file, versionKey: $0.manifest.versionKey) }
        self.isComplete = isComplete
        for position in members.indices {
            let mapping = members[position].symbols
            schemes += members[position].manifest.schemes.map { $0.renumbered(mapping) }
            if let ios = members[position].manifest.ios { iosSettings.append(ios.renumbered(mapping)) }
            if let android = members[position].manifest.android { androidSettings.append(android.renumbered(mapping)) }
            hosts += members[position].manifest.hosts.map { $0.renumbered(mapping) }
            let namesOffset = UInt32(names.count)
            if names.isEmpty && mapping == nil {
                names = members[position].manifest.names
            } else {
                names += members[position].manifest.names.map { $0.renumbered(mapping) }
            }
            members[position].manifest.names = []
            func take<Entity: DeclaredEntity>(
                _ declared: inout EntityList<Entity>, _ kind: EntityKind,
                into entities: inout EntityList<Entity>, index: inout SymbolIndex
            ) {
                Self.take(
                    &declared, kind: kind, symbols: mapping, namesOffset: namesOffset,
                    into: &entities, index: &index, &redeclarations)
            }
            take(&members[position].manifest.activities, .activity, into: &activities, index: &activityIndex)
            take(&members[position].manifest.tabs, .tab, into: &tabs, index: &tabIndex)
            take(&members[position].manifest.holders, .holder, into: &holders, index: &holderIndex)
            hasAliases = hasAliases || members[position].manifest.hasAliases
            hasExamples = hasExamples || members[position].manifest.hasExamples
            take(&members[position].manifest.routes, .route, into: &routes, index: &routeIndex)
        }
        for position in tabs.indices {
            guard let root = tabs[position].root, routeIndex[root.value] == nil,
                let meant = Suggestion.nearest(to: symbols.text(root.value), among: routes.lazy.map { symbols.text($0.id.value) })
                    .flatMap(symbols.lookup)
            else { continue }
            misspeltRoots[position] = root
            tabs[position].root = LocatedName(meant, at: root.range)
        }
        if isComplete {
            // Each misspelling is looked up once, however many routes repeat it.
            var nearest: [Symbol: Symbol?] = [:]
            for position in routes.indices {
                guard let holder = routes[position].holder, holderIndex[holder.value] == nil else { continue }
                let found =
                    nearest[holder.value]
                    ?? Suggestion.nearest(to: symbols.text(holder.value), among: holders.lazy.map { symbols.text($0.name.value) })
                    .flatMap(symbols.lookup)
                nearest[holder.value] = found
                guard let meant = found else { continue }
                misspeltHolders[position] = holder
                routes[position].holder = LocatedName(meant, at: holder.range)
            }
        }
        for (position, tab) in tabs.enumerated() {
            if let root = tab.root?.value, firstTabRooted[root] == nil { firstTabRooted[root] = position }
        }
        hostNames = hosts.compactMap { HostName(symbols.text($0.value), policy: .declared) }
        linkGraph = LinkGraph(routes: routes, names: names, index: routeIndex)
    }

    /// Moves `declared` into `entities`, indexing each first declaration and recording each
    /// later one. Entities that join unchanged (the first file's) are adopted whole, without
    /// a copy, when none of them repeats a name.
    private static func take<Entity: DeclaredEntity>(
        _ declared: inout EntityList<Entity>, kind: EntityKind,
        symbols mapping: [Symbol]?, namesOffset: UInt32,
        into entities: inout EntityList<Entity>, index: inout SymbolIndex,
        _ redeclarations: inout [Redeclaration]
    ) {
        // The manifest's list is left empty either way.
        defer { declared = EntityList() }
        index.reserveCapacity(index.count + declared.count)
        guard entities.isEmpty && mapping == nil && namesOffset == 0 else {
            var patterns: PatternWords?
            for position in declared.indices {
                let entity = declared[position].joined(symbols: mapping, namesOffset: namesOffset, patterns: &patterns)
                let name = entity.declaredName
                if let first = index[name.value] {
                    redeclarations.append(Redeclaration(kind: kind, later: name, first: entities[first].declaredName))
                } else {
                    index[name.value] = entities.count
                    entities.append(entity)
                }
            }
            return
        }
        // Adopting the list as it is: only the names are read, where the list holds the
        // entities (reading one whole copies it), and the list moves whole unless a name is
        // declared twice. `kept`: the positions in `declared` of the first declarations.
        var kept: [Int] = []
        for position in declared.indices {
            let name = declared[position].declaredName
            if let first = index[name.value] {
                redeclarations.append(Redeclaration(kind: kind, later: name, first: declared[kept[first]].declaredName))
            } else {
                index[name.value] = kept.count
                kept.append(position)
            }
        }
        if kept.count == declared.count {
            entities = declared
        } else {
            for position in kept { entities.append(declared[position]) }
        }
    }

    /// The names of a list: a route's links, sends or observes, a holder's params.
    package func names(_ list: NameList) -> ArraySlice<LocatedName> {
        // Most lists are empty (a route's sends and observes): no slice of the pool, no retain.
        list.isEmpty ? [] : names[list.range]
    }

    /// The text of a name.
    package func text(_ symbol: Symbol) -> String { symbols.text(symbol) }

    /// The activity named `name`.
    package func activity(_ name: Symbol) -> Activity? { activityIndex[name].map { activities[$0] } }
    /// The tab named `name`.
    package func tab(_ name: Symbol) -> Tab? { tabIndex[name].map { tabs[$0] } }
    /// The holder named `name`.
    package func holder(_ name: Symbol) -> Holder? { holderIndex[name].map { holders[$0] } }
    /// The position in `holders` of the holder named `name`.
    package func holderPosition(_ name: Symbol) -> Int? { holderIndex[name] }
    /// The route whose id is `id`.
    package func route(_ id: Symbol) -> Route? { routeIndex[id].map { routes[$0] } }
    /// The position in `routes` of the route whose id is `id`.
    package func routePosition(_ id: Symbol) -> Int? { routeIndex[id] }

    /// Whether an entity of `kind` is named `name`: a lookup of its index, with no copy of the
    /// entity (a route is large to copy, and a check of every reference asks this).
    package func declares(_ kind: EntityKind, _ name: Symbol) -> Bool {
        switch kind {
        case .activity: activityIndex[name] != nil
        case .tab: tabIndex[name] != nil
        case .holder: holderIndex[name] != nil
        case .route: routeIndex[name] != nil
        }
    }

    /// Looks a name up by its text, as a user or a test gives it.
    package func route(named id: String) -> Route? { symbols.lookup(id).flatMap(route) }
    /// The tab named `name`, by its text.
    package func tab(named name: String) -> Tab? { symbols.lookup(name).flatMap(tab) }

    /// The first tab whose root is the route, if any.
    package func tabRooted(at route: Symbol) -> Tab? { firstTabRooted[route].map { tabs[$0] } }

    /// The route's activity: its own, else that of the tab whose root it is.
    package func activity(of route: Route) -> Symbol? { activity(declared: route.activity, route: route.id.value) }

    /// The same for the route at `position`, read where the app holds it.
    package func activity(ofRoute position: Int) -> Symbol? {
        activity(declared: routes[position].activity, route: routes[position].id.value)
    }

    private func activity(declared: LocatedName?, route: Symbol) -> Symbol? {
        declared?.value ?? tabRooted(at: route)?.activity?.value
    }

    /// For each route, in declaration order, whether a chain of `links` leads to it from a
    /// tab's root or an `entry` route (spec: reachability).
    package func reachableRoutes() -> [Bool] {
        let roots = tabs.compactMap { $0.root.flatMap { routePosition($0.value) } } + routes.indices.filter { routes[$0].isEntry }
        return linkGraph.reachable(from: roots)
    }

    /// Names as suggestions draw on them: gathered only when a name is unknown.
    package var activityNames: [String] { activities.map { text($0.name.value) } }
    /// The tabs' names, in declaration order.
    package var tabNames: [String] { tabs.map { text($0.name.value) } }
    /// The holders' names, in declaration order.
    package var holderNames: [String] { holders.map { text($0.name.value) } }
    /// The routes' ids, in declaration order.
    package var routeIDs: [String] { routes.map { text($0.id.value) } }

    /// How the app is called in messages.
    package var displayName: String { name.map { "app '\(text($0.value))'" } ?? "the app" }
}

/// Positions of entities by their name's symbol: an open-addressing table of integers, as
/// cheap to probe as the symbol is to hash. It is kept at most four fifths full: symbols are
/// numbered densely and Fibonacci hashing spreads them evenly, so a lookup still reads about
/// two slots of one cache line, and the indexes of 100,000 routes and of 100,000 holders take
/// 1 MB each, half what they would at most half full.
struct SymbolIndex: Sendable {
    /// Pairs of (symbol + 1, position); a symbol of 0 marks an empty slot.
    private var slots: [(key: UInt32, position: Int32)] = Array(repeating: (0, 0), count: 16)
    private(set) var count = 0

    mutating func reserveCapacity(_ capacity: Int) {
        var size = slots.count
        while Self.isOverfull(capacity, size) { size *= 2 }
        if size > slots.count { rehash(size) }
    }

    /// Whether `count` entries fill more than four fifths of `size` slots.
    private static func isOverfull(_ count: Int, _ size: Int) -> Bool { count * 5 > size * 4 }

    subscript(symbol: Symbol) -> Int? {
        get {
            let key = symbol.index + 1
            let mask = slots.count - 1
            var slot = Self.slot(key, mask)
            while slots[slot].key != 0 {
                if slots[slot].key == key { return Int(slots[slot].position) }
                slot = (slot + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }
            let key = symbol.index + 1
            let mask = slots.count - 1
            var slot = Self.slot(key, mask)
            while slots[slot].key != 0 && slots[slot].key != key { slot = (slot + 1) & mask }
            if slots[slot].key == 0 { count += 1 }
            slots[slot] = (key, Int32(newValue))
            if Self.isOverfull(count, slots.count) { rehash(slots.count * 2) }
        }
    }

    private mutating func rehash(_ size: Int) {
        let old = slots
        slots = Array(repeating: (0, 0), count: size)
        let mask = size - 1
        for entry in old where entry.key != 0 {
            var slot = Self.slot(entry.key, mask)
            while slots[slot].key != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Fibonacci hashing: symbols are dense integers, which this spreads over the table.
    private static func slot(_ key: UInt32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}

// MARK: - Platform settings

extension AppModel {
    /// Every app ID the app's `ios` settings list, in path order, each once.
    package var iosAppIDs: [LocatedName] {
        var seen = Set<Symbol>()
        return iosSettings.flatMap(\.appIDs).filter { seen.insert($0.value).inserted }
    }

    /// The `ios.build-settings` of every file, in path order: the first value of a name is in force.
    package var iosBuildSettings: [BuildValue] { iosSettings.flatMap(\.buildSettings) }

    /// The app as its platform files are judged at the lowest Android API level `level` (where
    /// `generate app-links --android-min-sdk` writes them for another level than `min-sdk`).
    package func withAndroidMinimumSDK(_ level: Int) -> AppModel {
        guard !androidSettings.isEmpty else { return self }
        var judged = self
        let start = SourcePosition(line: 1, column: 1)
        let range = androidSettings[0].minSDK?.range ?? SourceRange(file: files[0].id, start: start, end: start)
        for index in judged.androidSettings.indices { judged.androidSettings[index].minSDK = nil }
        judged.androidSettings[0].minSDK = Located(level, at: range)
        return judged
    }

    /// The Android settings in force: each field as the first file (in path order) that sets
    /// it has it, and the fingerprints of every file, each once; nil when no file has `android`.
    package var android: AndroidSettings? {
        guard var merged = androidSettings.first else { return nil }
        var seen = Set(merged.certFingerprints.map(\.value))
        for later in androidSettings.dropFirst() {
            merged.package = merged.package ?? later.package
            merged.activity = merged.activity ?? later.activity
            merged.minSDK = merged.minSDK ?? later.minSDK
            merged.inexact = merged.inexact ?? later.inexact
            merged.dynamicRules = merged.dynamicRules ?? later.dynamicRules
            merged.certFingerprints += later.certFingerprints.filter { seen.insert($0.value).inserted }
            merged.resources += later.resources
            merged.placeholders += later.placeholders
        }
        return merged
    }

    /// A field of the app's `android` settings set again, in a later file, to another value
    /// than the one in force.
    package struct SettingRedeclaration: Sendable {
        /// The field.
        package let key: AndroidKey
        /// Where the later value is.
        package let later: SourceRange
        /// What the later value says.
        package let laterText: String
        /// Where the value in force is.
        package let first: SourceRange
        /// What the value in force says.
        package let firstText: String
    }

    /// Every later `package`, `activity`, `min-sdk`, `inexact` or `dynamic-rules` of `android` that differs from the one in force.
    package var androidRedeclarations: [SettingRedeclaration] {
        var redeclared: [SettingRedeclaration] = []
        var inForce: [AndroidKey: (range: SourceRange, text: String)] = [:]
        for settings in androidSettings {
            let values: [(AndroidKey, (range: SourceRange, text: String)?)] = [
                (.package, settings.package.map { ($0.range, text($0.value)) }),
                (.activity, settings.activity.map { ($0.range, text($0.value)) }),
                (.minSDK, settings.minSDK.map { ($0.range, String($0.value)) }),
                (.inexact, settings.inexact.map { ($0.range, $0.value.rawValue) }),
                (.dynamicRules, settings.dynamicRules.map { ($0.range, String($0.value)) }),
            ]
            for case (let key, let value?) in values {
                guard let first = inForce[key] else {
                    inForce[key] = value
                    continue
                }
                if first.text != value.text {
                    redeclared.append(
                        SettingRedeclaration(key: key, later: value.range, laterText: value.text, first: first.range, firstText: first.text)
                    )
                }
            }
        }
        return redeclared
    }
}

/// A path that opens a route (docs/usage.md, "Aliases"): its `path`, or one of its `aliases`,
/// the former paths that keep old links working. Matching, conflicts, the link files and the
/// generated code read every one; a route value writes its `path`.
package struct OpeningPath: Sendable {
    /// The route's position in `AppModel.routes`.
    package let route: Int
    /// The pattern and where it is written.
    package let path: Located<PathPattern>
    /// Its position among the route's `aliases`; nil for the route's `path`.
    package let alias: Int?

    /// Whether it is one of the route's `aliases`.
    package var isAlias: Bool { alias != nil }

    /// How messages name it: `path '/products/:id'` or `alias '/items/:id'`.
    package func described(in app: AppModel) -> String {
        "\(isAlias ? "alias" : "path") '\(app.text(path.value.text))'"
    }
}

extension AppModel {
    /// Every path that opens a route: each route's `path` followed by its aliases, in route
    /// order. A route without a valid `path` has none: its aliases alias nothing
    /// (`invalid-alias` says so).
    package var openingPaths: [OpeningPath] {
        var paths: [OpeningPath] = []
        paths.reserveCapacity(routes.count)
        for index in routes.indices {
            let route = routes[index]
            guard let path = route.path else { continue }
            paths.append(OpeningPath(route: index, path: path, alias: nil))
            guard hasAliases else { continue }
            for (position, alias) in route.aliases.enumerated() {
                paths.append(OpeningPath(route: index, path: alias, alias: position))
            }
        }
        return paths
    }
}

extension AppModel {
    /// The route of each of `openingPaths`, in their order, as that path opens it: the route
    /// with its `path` set to the opening path. The link files and their checks treat each as
    /// a route of its own, as the platforms know nothing of aliases; without aliases, these
    /// are the routes that have a path.
    package var routesByOpeningPath: [Route] {
        var opened: [Route] = []
        opened.reserveCapacity(routes.count)
        for route in routes where route.path != nil {
            opened.append(route)
            guard hasAliases else { continue }
            for alias in route.aliases {
                var aliased = route
                aliased.path = alias
                opened.append(aliased)
            }
        }
        return opened
    }

    /// Route `route`'s path (`alias` nil) or its alias `alias`, as an opening path; nil when the
    /// route has no path, or no such alias.
    package func openingPath(route: Int, alias: Int?) -> OpeningPath? {
        let declared = routes[route]
        guard let path = declared.path else { return nil }
        guard let alias else { return OpeningPath(route: route, path: path, alias: nil) }
        let aliases = declared.aliases
        return aliases.indices.contains(alias) ? OpeningPath(route: route, path: aliases[alias], alias: alias) : nil
    }

    /// The URLs route `route`'s path (`alias` nil) or its alias `alias` opens; nil as for
    /// `openingPath`.
    package func urlPattern(route: Int, alias: Int?) -> URLPattern? {
        // Read where the list holds the route: reading it whole copies it.
        routes.withRouteInPlace(at: route) { route in
            let path: PathPattern?
            if let alias {
                let aliases = route.aliases
                path = aliases.indices.contains(alias) ? aliases[alias].value : nil
            } else {
                path = route.path?.value
            }
            return path.map { URLPattern($0, params: route.params, query: route.query) }
        }
    }
}
