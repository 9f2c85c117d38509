import RouteLintCore

/// What changed between two revisions of a route set (docs/diff.md), as facts that the
/// change rules word: links that open another route or none, links that open a route now,
/// auth dropped on the way to a screen, and the generated code's surface.
///
/// Apps are matched by name. Routes are matched by id, and a route whose id is gone is matched
/// with a new one whose pattern is the same up to parameter names (a rename): its URLs are not
/// link changes, only an API change.
package struct RouteChanges {
    /// How a link changed.
    package enum LinkKind: Sendable {
        /// URLs that opened a route open none now.
        case removed
        /// URLs that opened a route open another now.
        case redirected
        /// URLs that opened nothing open a route now.
        case added
    }

    /// URLs whose route changed: one fact per kind, pair of routes and cause, with a witness URL
    /// per kind of origin (a custom scheme, an `https` host).
    package struct LinkChange: Sendable {
        package let kind: LinkKind
        package let app: String
        /// Witness URLs, each opening `before` in the earlier revision and `after` now.
        package var urls: [String]
        /// The route the URLs opened (nil: none), and the route they open now.
        package let before: String?
        package let after: String?
        /// Why, when there is more to say than the routes.
        package let cause: LinkCause?
        package let range: SourceRange
        package let related: [RelatedLocation]
        /// Whether the app declared `android` in the earlier revision, and declares it now.
        package var androidBefore = false
        package var androidAfter = false

        /// How the Android app ships the change of its `https` links, when it has one.
        package var androidShipping: AndroidShipping? {
            guard urls.contains(where: { $0.hasPrefix("https://") }) else { return nil }
            switch kind {
            case .removed: return androidBefore ? .assetLinks : nil
            case .added: return androidAfter ? .appRelease : nil
            case .redirected: return nil
            }
        }
    }

    /// How an Android app ships a change of the `https` links it claims (docs/diff.md).
    package enum AndroidShipping: Sendable {
        /// URLs leave the claimed set: from API 35 an exclude rule of assetlinks.json narrows
        /// the installed app's intent filters, with no release; earlier API levels need one.
        case assetLinks
        /// URLs join the claimed set: rules never widen the intent filters, so only a release does.
        case appRelease
    }

    /// A scheme or an `https` host an app declares.
    package struct Origin: Hashable, Sendable {
        package enum Kind: Sendable { case scheme, host }
        package let kind: Kind
        package let name: String
    }

    /// Why links changed, beyond the routes they open.
    package enum LinkCause: Hashable, Sendable {
        /// Route `route` matches the URLs now and has `web: false`, so the app does not claim them.
        case unclaimedBy(route: String)
        /// Route `route`, which matched them, was removed.
        case routeRemoved(route: String)
        /// Route `route` no longer matches them: its path is `path` now. `former`, the path or
        /// alias that matched them, when it carries the parameters `path` does: as an alias, it
        /// would keep opening the route.
        case pathChanged(route: String, path: String, former: String?)
        /// Route `route` has the same path, but its parameters' types (`types`, as the manifest
        /// writes them: `id: int`) accept fewer values now.
        case typesNarrowed(route: String, types: String)
        /// Route `route` has no path now.
        case pathRemoved(route: String)
        /// Route `route` matched them and had `web: false`, so the app did not claim them.
        case wasUnclaimedBy(route: String)
        /// Route `route` matches them now and is `in-app`: no link from outside opens it.
        case inApp(route: String)
        /// Route `route` matched them and was `in-app`.
        case wasInApp(route: String)
        /// The app no longer declares the origin.
        case originUndeclared(Origin)
        /// App `app` declares the origin now; `opensRoute` is whether one of its routes opens the URLs.
        case originMoved(Origin, app: String, opensRoute: Bool)
        /// The origin is new.
        case originAdded(Origin)
    }

    /// A screen that needed a signed-in user and is reached without one now.
    package struct AuthChange: Sendable {
        package enum Kind: Sendable {
            /// Route `route` required auth, and does not now; `earlier` is where it did.
            case dropped(route: String, earlier: SourceRange)
            /// `url` opened route `from`, which requires auth, and opens `to` now, which does not.
            case redirected(url: String, from: String, to: String, related: [RelatedLocation])
        }
        package let kind: Kind
        package let range: SourceRange
        package let subjects: [FindingSubject]
    }

    /// A change of the generated code's surface.
    package struct APIChange: Sendable {
        package enum Kind: Sendable {
            /// Route `id` is gone.
            case routeRemoved(id: String)
            /// Route `id` is route `to` now, with the same URLs.
            case routeRenamed(id: String, to: String)
            /// Route `route` takes the path parameters `now`, not `before`; `earlier` is its old path.
            case pathParameters(route: String, now: [String], before: [String], earlier: SourceRange?)
            /// Route `route` takes other values now: its parameters' types or its query items
            /// changed (`changes`, in words); `witness` is a URL that opened it and does not now.
            case values(route: String, changes: [String], witness: String?)
            /// Holder `holder` takes the params `now`, not `before`.
            case holderParams(holder: String, now: [String], before: [String])
            /// An activity, tab or holder no longer declared.
            case entityRemoved(EntityKind, String)
            /// An app that is gone, with its number of routes.
            case appRemoved(app: String, routes: Int)
        }
        package let kind: Kind
        package let range: SourceRange
        /// Where the changed thing was in the earlier revision (for all but `pathParameters`).
        package let earlier: SourceRange?
        package let subjects: [FindingSubject]
        /// URLs that show the change: that opened the route and do not now.
        package var witnesses: [String] = []
    }

    package private(set) var links: [LinkChange] = []
    package private(set) var auth: [AuthChange] = []
    package private(set) var api: [APIChange] = []
    /// Apps whose comparison stopped at its bound: what it found is true, but not all.
    package private(set) var incomplete: [String] = []

    /// The changes from `before` to `after`; `locations` places the earlier revision's ranges.
    package init(before: [AppModel], after: [AppModel], locations: DiffLocations) {
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
            let first = links.count
            AppComparison(before: pair.before, after: pair.after, everyBefore: before, everyAfter: after, locations: locations)
                .run(into: &self)
            for index in first..<links.count {
                links[index].androidBefore = pair.before?.android != nil
                links[index].androidAfter = pair.after?.android != nil
            }
        }
    }

    mutating func add(_ link: LinkChange) { links.append(link) }
    mutating func add(_ change: AuthChange) { auth.append(change) }
    mutating func add(_ change: APIChange) { api.append(change) }
    mutating func stopped(_ app: String) { incomplete.append(app) }
}
