/// What changed between two revisions of a route set (docs/diff.md), as facts that the
/// change rules word: links that open another route or none, links that open a route now,
/// auth dropped on the way to a screen, and the generated code's surface.
///
/// Apps are matched by name. Routes are matched by id, and a route whose id is gone is matched
/// with a new one whose pattern is the same up to parameter names (a rename): its URLs are not
/// link changes, only an API change.
struct RouteChanges {
    /// How a link changed.
    enum LinkKind: Sendable {
        /// URLs that opened a route open none now.
        case removed
        /// URLs that opened a route open another now.
        case redirected
        /// URLs that opened nothing open a route now.
        case added
    }

    /// URLs whose route changed: one fact per kind, pair of routes and cause, with a witness URL
    /// per kind of origin (a custom scheme, an `https` host).
    struct LinkChange: Sendable {
        let kind: LinkKind
        let app: String
        /// Witness URLs, each opening `before` in the earlier revision and `after` now.
        var urls: [String]
        /// The route the URLs opened (nil: none), and the route they open now.
        let before: String?
        let after: String?
        /// Why, in words, when there is more to say than the routes: "route 'x' was removed".
        let cause: String?
        let range: SourceRange
        let related: [RelatedLocation]
    }

    /// A screen that needed a signed-in user and is reached without one now.
    struct AuthChange: Sendable {
        enum Kind: Sendable {
            /// Route `route` required auth, and does not now; `earlier` is where it did.
            case dropped(route: String, earlier: SourceRange)
            /// `url` opened route `from`, which requires auth, and opens `to` now, which does not.
            case redirected(url: String, from: String, to: String, related: [RelatedLocation])
        }
        let kind: Kind
        let range: SourceRange
        let subjects: [FindingSubject]
    }

    /// A change of the generated code's surface.
    struct APIChange: Sendable {
        enum Kind: Sendable {
            /// Route `id` is gone.
            case routeRemoved(id: String)
            /// Route `id` is route `to` now, with the same URLs.
            case routeRenamed(id: String, to: String)
            /// Route `route` takes the path parameters `now`, not `before`; `earlier` is its old path.
            case pathParameters(route: String, now: [String], before: [String], earlier: SourceRange?)
            /// Holder `holder` takes the params `now`, not `before`.
            case holderParams(holder: String, now: [String], before: [String])
            /// An activity, tab or holder no longer declared.
            case entityRemoved(EntityKind, String)
            /// An app that is gone, with its number of routes.
            case appRemoved(app: String, routes: Int)
        }
        let kind: Kind
        let range: SourceRange
        /// Where the changed thing was in the earlier revision (for all but `pathParameters`).
        let earlier: SourceRange?
        let subjects: [FindingSubject]
    }

    private(set) var links: [LinkChange] = []
    private(set) var auth: [AuthChange] = []
    private(set) var api: [APIChange] = []
    /// Apps whose comparison stopped at its bound: what it found is true, but not all.
    private(set) var incomplete: [String] = []

    /// The changes from `before` to `after`; `locations` places the earlier revision's ranges.
    init(before: [AppModel], after: [AppModel], locations: DiffLocations) {
        let key = { (app: AppModel) in app.name.map { app.text($0.value) } ?? "" }
        // Apps pair by name; an app whose name is gone pairs with a new one that declares one
        // of its schemes or hosts (a renamed app).
        var pairs: [(before: AppModel?, after: AppModel?)] = []
        var earlier: [String: Int] = [:]
        for (index, app) in before.enumerated() where earlier[key(app)] == nil { earlier[key(app)] = index }
        var paired = Set<Int>()
        var seen = Set<String>()
        var unpaired: [AppModel] = []
        for app in after where seen.insert(key(app)).inserted {
            if let index = earlier[key(app)] {
                paired.insert(index)
                pairs.append((before[index], app))
            } else {
                unpaired.append(app)
            }
        }
        for app in unpaired {
            let origins = Set(AppComparison.origins(app))
            let match = earlier.values.sorted().first {
                !paired.contains($0) && !origins.isDisjoint(with: AppComparison.origins(before[$0]))
            }
            if let match { paired.insert(match) }
            pairs.append((match.map { before[$0] }, app))
        }
        for index in Set(earlier.values).subtracting(paired).sorted() { pairs.append((before[index], nil)) }
        for pair in pairs {
            AppComparison(before: pair.before, after: pair.after, everyBefore: before, everyAfter: after, locations: locations)
                .run(into: &self)
        }
    }

    fileprivate mutating func add(_ link: LinkChange) { links.append(link) }
    fileprivate mutating func add(_ change: AuthChange) { auth.append(change) }
    fileprivate mutating func add(_ change: APIChange) { api.append(change) }
    fileprivate mutating func stopped(_ app: String) { incomplete.append(app) }
}

/// Where findings about two revisions point: the report numbers the current tree's files
/// first, then the earlier revision's. Something that is gone is placed at its old line in the
/// current tree's file of the same path (or a stand-in for it, when that file is gone too),
/// with its old place as a related location.
struct DiffLocations: Sendable {
    /// The number of the current tree's files: the earlier revision's file `i` is `offset + i`.
    let offset: Int
    /// For each file of the earlier revision, the file of the same path now (or its stand-in).
    let counterpart: [FileID]
    /// For each file of the report, its number of lines.
    let lineCounts: [Int]

    /// `range` of the earlier revision, numbered as the report numbers its files.
    func before(_ range: SourceRange) -> SourceRange {
        var moved = range
        moved.file = FileID(offset + Int(range.file.index))
        return moved
    }

    /// Where something at `range` in the earlier revision stands in the current tree: the same
    /// line of the file of the same path (its last line, when it has fewer).
    func anchor(_ range: SourceRange) -> SourceRange {
        let file = counterpart[Int(range.file.index)]
        let lastLine = max(1, lineCounts[Int(file.index)])
        guard range.start.line <= lastLine else {
            let position = SourcePosition(line: lastLine, column: 1)
            return SourceRange(file: file, start: position, end: position)
        }
        let end = range.end.line == range.start.line ? range.end : range.start
        return SourceRange(file: file, start: range.start, end: end)
    }
}

/// One app in two revisions.
private struct AppComparison {
    /// A walk, with the automata it walked.
    typealias Walked = (walk: PathChangeWalk, before: ClaimedSegments, after: ClaimedSegments)

    let before: AppModel?
    let after: AppModel?
    let locations: DiffLocations
    let appName: String

    /// Every app of each revision: an origin one app drops may be another's now.
    let everyBefore: [AppModel]
    let everyAfter: [AppModel]

    init(before: AppModel?, after: AppModel?, everyBefore: [AppModel], everyAfter: [AppModel], locations: DiffLocations) {
        self.before = before
        self.after = after
        self.everyBefore = everyBefore
        self.everyAfter = everyAfter
        self.locations = locations
        let app = (after ?? before)!
        appName = app.displayName
    }

    func run(into changes: inout RouteChanges) {
        guard let before else {
            if let after { originsAdded(after, Self.walk(after, after, counterpart: nil), schemes: [], hosts: [], into: &changes) }
            return
        }
        guard let after else {
            appRemoved(before, into: &changes)
            return
        }
        let counterparts = Self.counterparts(before, after)
        compareAPI(before, after, counterparts, into: &changes)
        compareLinks(before, after, counterparts.routes, into: &changes)
    }

    // MARK: The generated code's surface

    /// For each route of `before`, the route of `after` that it is: same id, else renamed (the
    /// only route gone and the only route new with its pattern up to parameter names).
    static func counterparts(_ before: AppModel, _ after: AppModel) -> (routes: [Int?], renamed: Set<Int>) {
        var counterparts: [Int?] = before.routes.map { route in
            after.route(named: before.text(route.id.value)).flatMap { found in
                after.routePosition(found.id.value)
            }
        }
        let taken = Set(counterparts.compactMap { $0 })
        func shapes(_ app: AppModel, _ positions: [Int]) -> [String: [Int]] {
            var byShape: [String: [Int]] = [:]
            for position in positions {
                guard let pattern = app.routes[position].path?.value else { continue }
                byShape[shape(of: pattern, in: app), default: []].append(position)
            }
            return byShape
        }
        let gone = shapes(before, before.routes.indices.filter { counterparts[$0] == nil })
        let new = shapes(after, after.routes.indices.filter { !taken.contains($0) })
        var renamed = Set<Int>()
        for (shape, positions) in gone where positions.count == 1 {
            guard let candidates = new[shape], candidates.count == 1 else { continue }
            counterparts[positions[0]] = candidates[0]
            renamed.insert(positions[0])
        }
        return (counterparts, renamed)
    }

    /// A pattern with its parameter names left out: what its URLs depend on.
    private static func shape(of pattern: PathPattern, in app: AppModel) -> String {
        pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let symbol): return "/" + app.text(symbol)
            case .parameter, .wildcard: return "/:"
            case .rest: return "/**"
            }
        }.joined()
    }

    private func compareAPI(
        _ before: AppModel, _ after: AppModel, _ matched: (routes: [Int?], renamed: Set<Int>), into changes: inout RouteChanges
    ) {
        let (counterparts, renamed) = matched
        for (position, route) in before.routes.enumerated() {
            let id = before.text(route.id.value)
            guard let match = counterparts[position] else {
                changes.add(
                    RouteChanges.APIChange(
                        kind: .routeRemoved(id: id), range: locations.anchor(route.id.range),
                        earlier: locations.before(route.id.range), subjects: [.route(id)]))
                continue
            }
            let now = after.routes[match]
            let newID = after.text(now.id.value)
            if renamed.contains(position) {
                changes.add(
                    RouteChanges.APIChange(
                        kind: .routeRenamed(id: id, to: newID), range: now.id.range, earlier: locations.before(route.id.range),
                        subjects: [.route(id), .route(newID)]))
            }
            let parameters = (route.path?.value.parameterNames ?? []).map(before.text)
            let newParameters = (now.path?.value.parameterNames ?? []).map(after.text)
            if parameters != newParameters {
                changes.add(
                    RouteChanges.APIChange(
                        kind: .pathParameters(
                            route: newID, now: newParameters, before: parameters, earlier: route.path.map { locations.before($0.range) }),
                        range: now.path?.range ?? now.id.range, earlier: nil,
                        subjects: [.route(newID)] + newParameters.map { FindingSubject(.parameter, $0) }))
            }
            if route.requiresAuth?.value == true && now.requiresAuth?.value != true {
                changes.add(
                    RouteChanges.AuthChange(
                        kind: .dropped(route: newID, earlier: locations.before(route.requiresAuth!.range)),
                        range: now.requiresAuth?.range ?? now.id.range, subjects: [.route(newID)]))
            }
        }
        compareEntities(before.activities.map(\.name), after, kind: .activity, into: &changes) { after.activity($0) != nil }
        compareEntities(before.tabs.map(\.name), after, kind: .tab, into: &changes) { after.tab($0) != nil }
        compareEntities(before.holders.map(\.name), after, kind: .holder, into: &changes) { after.holder($0) != nil }
        for holder in before.holders {
            let name = before.text(holder.name.value)
            guard let symbol = after.symbols.lookup(name), let now = after.holder(symbol) else { continue }
            let params = before.names(holder.params).map { before.text($0.value) }
            let newParams = after.names(now.params).map { after.text($0.value) }
            guard params != newParams else { continue }
            changes.add(
                RouteChanges.APIChange(
                    kind: .holderParams(holder: name, now: newParams, before: params), range: now.name.range,
                    earlier: locations.before(holder.name.range),
                    subjects: [.holder(name)] + newParams.map { FindingSubject(.parameter, $0) }))
        }
    }

    /// Reports each of `names` (of `before`) that `after` no longer declares.
    private func compareEntities(
        _ names: [LocatedName], _ after: AppModel, kind: EntityKind, into changes: inout RouteChanges, isKept: (Symbol) -> Bool
    ) {
        guard let before else { return }
        for name in names {
            let text = before.text(name.value)
            if let symbol = after.symbols.lookup(text), isKept(symbol) { continue }
            changes.add(
                RouteChanges.APIChange(
                    kind: .entityRemoved(kind, text), range: locations.anchor(name.range), earlier: locations.before(name.range),
                    subjects: [.entity(kind, text)]))
        }
    }

    private func appRemoved(_ before: AppModel, into changes: inout RouteChanges) {
        let range = before.name?.range ?? SourceRange.fileStart(before.files[0].id)
        changes.add(
            RouteChanges.APIChange(
                kind: .appRemoved(app: appName, routes: before.routes.count), range: locations.anchor(range),
                earlier: locations.before(range), subjects: [FindingSubject(.value, appName)]))
        let walk = Self.walk(before, before, counterpart: nil)
        originsDropped(before, walk, schemes: [], hosts: [], into: &changes)
    }

    // MARK: Links

    /// The app's schemes (`scheme:NAME`) and hosts (`host:NAME`), lower-cased.
    static func origins(_ app: AppModel) -> [String] {
        schemes(app).map { "scheme:" + $0.text } + hosts(app).map { "host:" + $0.text }
    }

    /// Origins compare lower-cased, as URLs do.
    private static func schemes(_ app: AppModel) -> [(text: String, name: LocatedName)] {
        app.schemes.map { (app.text($0.value).lowercased(), $0) }
    }

    private static func hosts(_ app: AppModel) -> [(text: String, name: LocatedName)] {
        app.hosts.map { (app.text($0.value).lowercased(), $0) }
    }

    /// Walks two revisions' automata together; `counterpart` nil walks an app against itself,
    /// for the paths it opens.
    private static func walk(_ before: AppModel, _ after: AppModel, counterpart: [Int?]?) -> Walked {
        let limit = PathChangeWalk.limit(routeCount: before.routes.count + after.routes.count)
        let built = (counterpart == nil ? [before] : [before, after]).concurrentMap { app in
            ClaimedSegments(app, spelling: .encoded, stateLimit: limit)
        }
        let (earlier, later) = (built[0], built[built.count - 1])
        // Route positions in the automata: the routes with a path, in the app's order.
        var automatonIndex: [Int: Int32] = [:]
        var position: Int32 = 0
        for (index, route) in after.routes.enumerated() where route.path != nil {
            automatonIndex[index] = position
            position += 1
        }
        var mapped: [Int32] = []
        for (index, route) in before.routes.enumerated() where route.path != nil {
            if let counterpart {
                mapped.append(counterpart[index].flatMap { automatonIndex[$0] } ?? -1)
            } else {
                mapped.append(Int32(mapped.count))
            }
        }
        return (PathChangeWalk(before: earlier, after: later, counterpart: mapped, limit: limit), earlier, later)
    }

    private func compareLinks(_ before: AppModel, _ after: AppModel, _ counterparts: [Int?], into changes: inout RouteChanges) {
        let walked = Self.walk(before, after, counterpart: counterparts)
        let (walk, earlier, later) = walked
        if !walk.isComplete { changes.stopped(appName) }
        let schemesBefore = Self.schemes(before)
        let schemesAfter = Self.schemes(after)
        let hostsBefore = Self.hosts(before)
        let hostsAfter = Self.hosts(after)
        originsDropped(before, walked, schemes: schemesAfter.map(\.text), hosts: hostsAfter.map(\.text), into: &changes)
        originsAdded(after, walked, schemes: schemesBefore.map(\.text), hosts: hostsBefore.map(\.text), into: &changes)
        let scheme = schemesBefore.first { candidate in schemesAfter.contains { $0.text == candidate.text } }?.text
        let host = Self.commonHost(hostsBefore.map(\.text), hostsAfter.map(\.text))
        // Changes of one kind between the same routes, for the same cause, are one finding.
        var merged: [String: Int] = [:]
        var found: [RouteChanges.LinkChange] = []
        var relaxed = Set<[Int32]>()
        for (change, path) in walk.changes {
            let url: String
            switch change.origin {
            case .scheme:
                guard let scheme else { continue }
                url = Self.url(scheme: scheme, path)
            case .web:
                guard let host else { continue }
                url = Self.url(host: host, path)
            }
            guard
                let link = linkChange(
                    change, url: url, before: before, after: after, earlier: earlier, later: later, counterparts: counterparts)
            else { continue }
            let key = "\(link.kind)\u{0}\(link.before ?? "")\u{0}\(link.after ?? "")\u{0}\(link.cause ?? "")"
            if let index = merged[key] {
                found[index].urls.append(url)
            } else {
                merged[key] = found.count
                found.append(link)
            }
            // A link to a screen that needs a signed-in user, redirected to one that does not.
            if change.before >= 0 && change.after >= 0 && relaxed.insert([change.before, change.after]).inserted {
                let from = earlier.routes[Int(change.before)]
                let to = later.routes[Int(change.after)]
                if from.requiresAuth?.value == true && to.requiresAuth?.value != true {
                    let (fromID, toID) = (before.text(from.id.value), after.text(to.id.value))
                    changes.add(
                        RouteChanges.AuthChange(
                            kind: .redirected(url: url, from: fromID, to: toID, related: link.related), range: to.id.range,
                            subjects: [.route(fromID), .route(toID)]))
                }
            }
        }
        for link in found { changes.add(link) }
    }

    /// The fact a difference of the walk makes.
    private func linkChange(
        _ change: PathChangeWalk.Change, url: String, before: AppModel, after: AppModel,
        earlier: ClaimedSegments, later: ClaimedSegments, counterparts: [Int?]
    ) -> RouteChanges.LinkChange? {
        let from = change.before >= 0 ? earlier.routes[Int(change.before)] : nil
        let to = change.after >= 0 ? later.routes[Int(change.after)] : nil
        let fromID = from.map { before.text($0.id.value) }
        let toID = to.map { after.text($0.id.value) }
        // The route of the earlier revision as it is now, when it still exists.
        let fromNow = from.flatMap { route in
            before.routePosition(route.id.value).flatMap { counterparts[$0] }.map { after.routes[$0] }
        }
        let quoted = { (id: String) in "'\(TerminalText.escape(id))'" }
        if let from, let fromID {
            let declared =
                fromNow.map { [RelatedLocation($0.id.range, "route \(quoted(fromID)) is here now")] }
                ?? [RelatedLocation(locations.before(from.id.range), "route \(quoted(fromID)) was declared here")]
            if let to, let toID {
                return RouteChanges.LinkChange(
                    kind: .redirected, app: appName, urls: [url], before: fromID, after: toID, cause: nil, range: to.id.range,
                    related: declared)
            }
            if change.unclaimedAfter >= 0 {
                let hidden = later.routes[Int(change.unclaimedAfter)]
                let hiddenID = after.text(hidden.id.value)
                return RouteChanges.LinkChange(
                    kind: .removed, app: appName, urls: [url], before: fromID, after: nil,
                    cause: "route \(quoted(hiddenID)) opens it and has web: false, so the app does not claim it",
                    range: hidden.web?.range ?? hidden.id.range, related: declared)
            }
            guard let fromNow else {
                return RouteChanges.LinkChange(
                    kind: .removed, app: appName, urls: [url], before: fromID, after: nil,
                    cause: "route \(quoted(fromID)) was removed", range: locations.anchor(from.id.range), related: declared)
            }
            let cause =
                fromNow.path.map {
                    "route \(quoted(fromID)) no longer matches it (its path is \(TerminalText.escape(after.text($0.value.text))) now)"
                }
                ?? "route \(quoted(fromID)) has no path now"
            return RouteChanges.LinkChange(
                kind: .removed, app: appName, urls: [url], before: fromID, after: nil, cause: cause,
                range: fromNow.path?.range ?? fromNow.id.range, related: declared)
        }
        guard let to, let toID else { return nil }
        var cause: String?
        if change.unclaimedBefore >= 0 {
            let hidden = earlier.routes[Int(change.unclaimedBefore)]
            cause = "route \(quoted(before.text(hidden.id.value))) had web: false, so the app did not claim it"
        }
        return RouteChanges.LinkChange(
            kind: .added, app: appName, urls: [url], before: nil, after: toID, cause: cause, range: to.id.range, related: [])
    }

    // MARK: Origins

    /// A host both revisions claim: from the earlier revision's hosts, the first that the
    /// later one covers (for a wildcard, a subdomain of it that the later one covers).
    private static func commonHost(_ before: [String], _ after: [String]) -> String? {
        for pattern in before {
            guard pattern.hasPrefix("*.") else {
                if covers(after, pattern) { return pattern }
                continue
            }
            let subdomain = PlatformLinkCheck.witnessHost(pattern)
            if covers(after, subdomain) { return subdomain }
            if let exact = after.first(where: { !$0.hasPrefix("*.") && covers([pattern], $0) }) { return exact }
        }
        return nil
    }

    /// Whether one of `patterns` (`*.example.com` for every subdomain) covers `host`.
    static func covers(_ patterns: [String], _ host: String) -> Bool {
        patterns.contains { ParsedURL.host(host, matches: $0) }
    }

    /// A host `pattern` covers and none of `patterns` does; nil when they cover all it covers.
    static func uncoveredHost(_ pattern: String, by patterns: [String]) -> String? {
        guard pattern.hasPrefix("*.") else { return covers(patterns, pattern) ? nil : pattern }
        let suffix = pattern.dropFirst()
        let wider = patterns.contains { other in
            other.hasPrefix("*.") && (suffix == other.dropFirst() || suffix.hasSuffix(other.dropFirst()))
        }
        if wider { return nil }
        // Exact hosts take one subdomain each: one of `patterns.count + 1` names is left.
        for attempt in 1...(patterns.count + 1) {
            let host = (attempt == 1 ? "www" : "www\(attempt)") + suffix
            if !covers(patterns, host) { return host }
        }
        return nil
    }

    private static func url(scheme: String, _ path: [[UInt8]]) -> String {
        "\(scheme)://" + encoded(path)
    }

    private static func url(host: String, _ path: [[UInt8]]) -> String {
        "https://\(host)/" + encoded(path)
    }

    /// The path's segments, already in canonical (percent-encoded) spelling, joined.
    private static func encoded(_ path: [[UInt8]]) -> String {
        path.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
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
    private func originsDropped(
        _ before: AppModel, _ walk: Walked, schemes: [String], hosts: [String], into changes: inout RouteChanges
    ) {
        let paths = walk.walk.firstOpened
        let others = Self.others(of: after, in: everyAfter)
        for (scheme, name) in Self.schemes(before) where !schemes.contains(scheme) {
            guard let path = paths[.scheme]?.before, let route = Self.routeID(path, walk.before, before) else { continue }
            let url = Self.url(scheme: scheme, path)
            let owner = others.first { Self.schemes($0).contains { $0.text == scheme } }
            changes.add(dropped("scheme '\(TerminalText.escape(scheme))'", url: url, route: route, at: name, nowOf: owner))
        }
        for (host, name) in Self.hosts(before) {
            guard let witness = Self.uncoveredHost(host, by: hosts), let path = paths[.web]?.before,
                let route = Self.routeID(path, walk.before, before)
            else { continue }
            let owner = others.first { Self.covers(Self.hosts($0).map(\.text), witness) }
            changes.add(
                dropped("host '\(TerminalText.escape(host))'", url: Self.url(host: witness, path), route: route, at: name, nowOf: owner))
        }
    }

    /// The apps of `apps` other than `app` (told apart by their first file).
    private static func others(of app: AppModel?, in apps: [AppModel]) -> [AppModel] {
        apps.filter { $0.files.first?.id != app?.files.first?.id }
    }

    /// A scheme or host the app no longer declares: its links open nothing now, or, when
    /// another app (`owner`) declares it now, what that app opens (one witness, resolved as
    /// `resolve` resolves it).
    private func dropped(_ origin: String, url: String, route: String, at name: LocatedName, nowOf owner: AppModel?)
        -> RouteChanges.LinkChange
    {
        let related = [RelatedLocation(locations.before(name.range), "\(origin) was declared here")]
        guard let owner else {
            return RouteChanges.LinkChange(
                kind: .removed, app: appName, urls: [url], before: route, after: nil,
                cause: "\(origin) is no longer declared", range: locations.anchor(name.range), related: related)
        }
        let cause = "\(origin) is declared by \(TerminalText.escape(owner.displayName)) now"
        let resolution = URLResolver(apps: everyAfter).resolve(url)
        let target = resolution.status == .resolved ? resolution.route.flatMap { owner.route(named: $0) } : nil
        if let target, !url.hasPrefix("https://") || target.isWeb {
            return RouteChanges.LinkChange(
                kind: .redirected, app: appName, urls: [url], before: route, after: owner.text(target.id.value), cause: cause,
                range: target.id.range, related: related)
        }
        return RouteChanges.LinkChange(
            kind: .removed, app: appName, urls: [url], before: route, after: nil, cause: cause + ", and no route of it opens the URL",
            range: locations.anchor(name.range), related: related)
    }

    /// Schemes and hosts of `after` that the earlier revision (`schemes`, `hosts`) lacked.
    private func originsAdded(
        _ after: AppModel, _ walked: Walked, schemes: [String], hosts: [String], into changes: inout RouteChanges
    ) {
        let segments = walked.after
        let paths = walked.walk.firstOpened
        func added(_ origin: String, url: String, path: [[UInt8]], at name: LocatedName) {
            guard let route = Self.routeID(path, segments, after) else { return }
            changes.add(
                RouteChanges.LinkChange(
                    kind: .added, app: appName, urls: [url], before: nil, after: route, cause: "\(origin) is new",
                    range: name.range, related: []))
        }
        // An origin another app of the earlier revision declared moved from there: it is
        // reported from that side.
        let others = Self.others(of: before, in: everyBefore)
        for (scheme, name) in Self.schemes(after) where !schemes.contains(scheme) {
            guard !others.contains(where: { Self.schemes($0).contains { $0.text == scheme } }) else { continue }
            guard let path = paths[.scheme]?.after else { continue }
            added("scheme '\(TerminalText.escape(scheme))'", url: Self.url(scheme: scheme, path), path: path, at: name)
        }
        for (host, name) in Self.hosts(after) {
            guard let witness = Self.uncoveredHost(host, by: hosts), let path = paths[.web]?.after,
                !others.contains(where: { Self.covers(Self.hosts($0).map(\.text), witness) })
            else { continue }
            added("host '\(TerminalText.escape(host))'", url: Self.url(host: witness, path), path: path, at: name)
        }
    }
}
