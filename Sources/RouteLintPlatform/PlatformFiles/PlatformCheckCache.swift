import RouteLintCore

/// What checking each platform file found, kept from one check of a changing route set to the
/// next (the language server checks on every edit): a file is read and decided again only when
/// its text changed, what its app claims — paths, `web`, hosts, app IDs, the Android
/// settings — or the values its build fills in, not when a route's holder, links or position did. Findings about a route point
/// at its path as it is written now.
package struct PlatformCheckCache: Sendable {
    private struct Key: Equatable {
        let file: FileID
        let bytes: [UInt8]
        let servedHost: String?
        let values: BuildValues
        let claims: AppClaims?
        let comparesClaims: Bool
        let dynamicRules: [PlatformLinkCheck.DynamicRuleFile]
        let judgesRulesAlone: Bool
    }

    private var entries: [String: (key: Key, facts: PlatformFacts)] = [:]
    /// False for a single run, which has nothing to keep its files' texts for.
    private var keepsEntries = true
    /// How many times a file was read and decided, rather than taken from the cache.
    package private(set) var filesDecided = 0

    /// An empty cache.
    package init() {}

    /// A cache that keeps nothing: for a run that checks the files once.
    package static var none: PlatformCheckCache {
        var cache = PlatformCheckCache()
        cache.keepsEntries = false
        return cache
    }

    /// The facts of `source` for `apps`, from the cache when nothing they rest on changed; an
    /// AndroidManifest.xml meets the Dynamic App Links rules of `dynamicRules` on Android 15+,
    /// and with `judgesRulesAlone` (no manifest is checked) an assetlinks.json's rules are
    /// judged against the routes by themselves.
    package mutating func facts(
        _ source: PlatformFileSource, kind: PlatformFileKind, apps: [AppModel], comparesClaims: Bool,
        dynamicRules: [PlatformLinkCheck.DynamicRuleFile] = [], judgesRulesAlone: Bool = false
    ) -> PlatformFacts {
        // Only a manifest reads the rules, and only assetlinks.json is judged alone: another
        // file's facts do not change with them.
        let dynamicRules = kind == .androidManifest ? dynamicRules : []
        let judgesRulesAlone = kind == .assetLinks && judgesRulesAlone
        let app = PlatformLinkCheck.app(of: source, in: apps)
        // Read again on every check: an edit of strings.xml or of a placeholder decides the file again.
        let values = kind == .androidManifest || kind == .entitlements ? BuildValues(for: source, app: app) : BuildValues()
        let check = { @Sendable () -> PlatformFacts in
            let (file, expressible) = Self.read(source, kind: kind, values: values, comparingWith: comparesClaims ? app : nil)
            return PlatformLinkCheck.facts(
                file, apps: apps, comparesClaims: comparesClaims, dynamicRules: dynamicRules, judgesRulesAlone: judgesRulesAlone,
                expressible: expressible)
        }
        guard keepsEntries else { return check() }
        let key = Key(
            file: source.file.id, bytes: source.file.bytes, servedHost: source.servedHost, values: values,
            claims: app.map(AppClaims.init),
            comparesClaims: comparesClaims, dynamicRules: dynamicRules, judgesRulesAlone: judgesRulesAlone)
        if let cached = entries[source.file.path], cached.key == key {
            guard let app else { return cached.facts }
            return cached.facts.withRoutePaths(of: app)
        }
        let facts = check()
        entries[source.file.path] = (key, facts)
        filesDecided += 1
        return facts
    }

    /// Reads `source`; for an AndroidManifest.xml compared with `app`'s claims, builds those
    /// claims as Android can express them meanwhile on a second thread: neither needs the
    /// other, and each is about a fifth of checking a generated manifest of 10,000 routes.
    private static func read(
        _ source: PlatformFileSource, kind: PlatformFileKind, values: BuildValues, comparingWith app: AppModel?
    ) -> (PlatformFile, AndroidExpressibleClaims?) {
        guard kind == .androidManifest, let app else { return (PlatformFile.read(source, kind: kind, values: values), nil) }
        let claims = BackgroundWork { AndroidExpressibleClaims(app) }
        let file = PlatformFile.read(source, kind: kind, values: values)
        return (file, claims.result())
    }
}

/// Everything of an app that the check of its platform files reads, but for positions and
/// route ids: its routes' opening paths are told by their position among them.
private struct AppClaims: Equatable {
    let name: String?
    /// The path, aliases and `web` of each route with a path, in order.
    let routes: [String]
    let hosts: [String]
    let iosAppIDs: [String]
    let android: [String]?

    init(_ app: AppModel) {
        name = app.name.map { app.text($0.value) }
        routes = app.routes.compactMap { route in
            route.path.map { path in
                let aliases = route.aliases
                let paths =
                    aliases.isEmpty ? app.text(path.value.text) : ([path] + aliases).map { app.text($0.value.text) }.joined(separator: " ")
                return (route.isWeb ? "web " : "not web ") + paths
            }
        }
        hosts = app.hosts.map { app.text($0.value) }
        iosAppIDs = app.iosAppIDs.map { app.text($0.value) }
        android = app.android.map { settings in
            [
                settings.package.map { app.text($0.value) } ?? "", settings.activity.map { app.text($0.value) } ?? "",
                String(settings.minimumSDK), settings.inexactClaims.rawValue,
            ] + settings.certFingerprints.map { app.text($0.value) }
        }
    }
}

extension PlatformFacts {
    /// The facts with each route's id and path range as `app` has them now: the same routes
    /// (`AppClaims` equal), renamed or moved.
    fileprivate func withRoutePaths(of app: AppModel) -> PlatformFacts {
        guard !unclaimed.isEmpty || limits.contains(where: { $0.route != nil }) else { return self }
        let routes = app.routesByOpeningPath
        func current(_ reference: RouteReference) -> RouteReference {
            let route = routes[reference.index]
            return RouteReference(id: app.text(route.id.value), pathRange: route.path!.range, index: reference.index)
        }
        var moved = self
        for index in moved.unclaimed.indices { moved.unclaimed[index].route = current(moved.unclaimed[index].route) }
        for index in moved.limits.indices { moved.limits[index].route = moved.limits[index].route.map(current) }
        return moved
    }
}
