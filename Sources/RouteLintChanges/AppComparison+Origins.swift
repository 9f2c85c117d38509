import RouteLintCore
import RouteLintPlatform

/// Origins: custom schemes and hosts an app drops or adds, with the URLs they took along.
extension AppComparison {
    /// A host both revisions claim: from the earlier revision's hosts, the first that the
    /// later one covers (for a wildcard, a subdomain of it that the later one covers).
    static func commonHost(_ before: [HostName], _ after: [HostName]) -> String? {
        for pattern in before {
            guard pattern.isWildcard else {
                if covers(after, pattern.text) { return pattern.text }
                continue
            }
            if covers(after, pattern.exampleHost) { return pattern.exampleHost }
            if let exact = after.first(where: { !$0.isWildcard && pattern.covers($0.text) }) { return exact.text }
        }
        return nil
    }

    /// Whether one of `names` (`*.example.com` for every subdomain) covers `host`.
    static func covers(_ names: [HostName], _ host: String) -> Bool {
        names.contains { $0.covers(host) }
    }

    /// A host `pattern` covers and none of `names` does; nil when they cover all it covers.
    static func uncoveredHost(_ pattern: HostName, by names: [HostName]) -> String? {
        guard pattern.isWildcard else { return covers(names, pattern.text) ? nil : pattern.text }
        if names.contains(where: { $0.covers(pattern) }) { return nil }
        // Exact hosts take one subdomain each: one of `names.count + 1` names is left.
        let suffix = pattern.text.dropFirst()
        for attempt in 1...(names.count + 1) {
            let host = (attempt == 1 ? "www" : "www\(attempt)") + suffix
            if !covers(names, host) { return host }
        }
        return nil
    }

    /// The URL of `path`, its segments in canonical (percent-encoded) spelling, at `scheme`.
    static func url(scheme: String, _ path: [[UInt8]]) -> String {
        URLText.url(origin: "\(scheme):/", path: encoded(path))
    }

    /// The URL of `path`, its segments in canonical (percent-encoded) spelling, on `host`.
    static func url(host: String, _ path: [[UInt8]]) -> String {
        URLText.url(origin: "https://\(host)", path: encoded(path))
    }

    /// The path of the segments, already in canonical (percent-encoded) spelling.
    private static func encoded(_ path: [[UInt8]]) -> String {
        "/" + path.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
    }

    /// The route a path opens in `app`, from the automaton that found the path.
    private static func routeID(_ path: [[UInt8]]?, _ segments: ClaimedSegments, _ app: AppModel) -> String? {
        guard let path else { return nil }
        var state: Int32 = 0
        for segment in path { state = segments.target(of: state, word: Array(String(decoding: segment, as: UTF8.self).utf16)[...]) }
        return segments.states[Int(state)].route.map { app.text(segments.routes[Int($0)].id.value) }
    }

    /// Schemes and hosts of `before` that the later revision (`schemes`, `hosts`) lacks: every
    /// link through them opens nothing now.
    func originsDropped(
        _ before: AppModel, _ walk: Walked, schemes: [String], hosts: [HostName], into changes: inout RouteChanges
    ) {
        let paths = walk.walk.firstOpened
        let others = Self.others(of: after, in: everyAfter)
        for (scheme, name) in Self.schemes(before) where !schemes.contains(scheme) {
            guard let path = paths[.scheme]?.before, let route = Self.routeID(path, walk.before, before) else { continue }
            let url = Self.url(scheme: scheme, path)
            let owner = others.first { Self.schemes($0).contains { $0.text == scheme } }
            changes.add(dropped(.init(kind: .scheme, name: scheme), url: url, route: route, at: name, nowOf: owner))
        }
        for (host, name) in Self.hosts(before) {
            guard let witness = Self.uncoveredHost(host, by: hosts), let path = paths[.web]?.before,
                let route = Self.routeID(path, walk.before, before)
            else { continue }
            let owner = others.first { Self.covers($0.hostNames, witness) }
            changes.add(
                dropped(.init(kind: .host, name: host.text), url: Self.url(host: witness, path), route: route, at: name, nowOf: owner))
        }
    }

    /// The apps of `apps` other than `app` (told apart by their first file).
    private static func others(of app: AppModel?, in apps: [AppModel]) -> [AppModel] {
        apps.filter { $0.files.first?.id != app?.files.first?.id }
    }

    /// A scheme or host the app no longer declares: its links open nothing now, or, when
    /// another app (`owner`) declares it now, what that app opens (one witness, resolved as
    /// `resolve` resolves it).
    private func dropped(
        _ origin: RouteChanges.Origin, url: String, route: String, at name: LocatedName, nowOf owner: AppModel?
    )
        -> RouteChanges.LinkChange
    {
        let related = [
            RelatedLocation(locations.before(name.range), "\(origin.kind) '\(origin.name)' was declared here")
        ]
        guard let owner else {
            return RouteChanges.LinkChange(
                kind: .removed, app: appName, urls: [url], before: route, after: nil,
                cause: .originUndeclared(origin), range: locations.anchor(name.range), related: related)
        }
        let resolution = URLResolver(apps: everyAfter).resolve(url)
        let target = resolution.status == .resolved ? resolution.route.flatMap { owner.route(named: $0) } : nil
        if let target, !url.hasPrefix("https://") || target.isWeb {
            return RouteChanges.LinkChange(
                kind: .redirected, app: appName, urls: [url], before: route, after: owner.text(target.id.value),
                cause: .originMoved(origin, app: owner.displayName, opensRoute: true),
                range: target.id.range, related: related)
        }
        return RouteChanges.LinkChange(
            kind: .removed, app: appName, urls: [url], before: route, after: nil,
            cause: .originMoved(origin, app: owner.displayName, opensRoute: false),
            range: locations.anchor(name.range), related: related)
    }

    /// Schemes and hosts of `after` that the earlier revision (`schemes`, `hosts`) lacked.
    func originsAdded(
        _ after: AppModel, _ walked: Walked, schemes: [String], hosts: [HostName], into changes: inout RouteChanges
    ) {
        let segments = walked.after
        let paths = walked.walk.firstOpened
        func added(_ origin: RouteChanges.Origin, url: String, path: [[UInt8]], at name: LocatedName) {
            guard let route = Self.routeID(path, segments, after) else { return }
            changes.add(
                RouteChanges.LinkChange(
                    kind: .added, app: appName, urls: [url], before: nil, after: route, cause: .originAdded(origin),
                    range: name.range, related: []))
        }
        // An origin another app of the earlier revision declared moved from there: it is
        // reported from that side.
        let others = Self.others(of: before, in: everyBefore)
        for (scheme, name) in Self.schemes(after) where !schemes.contains(scheme) {
            guard !others.contains(where: { Self.schemes($0).contains { $0.text == scheme } }) else { continue }
            guard let path = paths[.scheme]?.after else { continue }
            added(.init(kind: .scheme, name: scheme), url: Self.url(scheme: scheme, path), path: path, at: name)
        }
        for (host, name) in Self.hosts(after) {
            guard let witness = Self.uncoveredHost(host, by: hosts), let path = paths[.web]?.after,
                !others.contains(where: { Self.covers($0.hostNames, witness) })
            else { continue }
            added(.init(kind: .host, name: host.text), url: Self.url(host: witness, path), path: path, at: name)
        }
    }
}
