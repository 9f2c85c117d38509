/// One app of a route set: the manifests that declare the same `app` (or none), merged.
/// Names are global within an app; where a name is declared twice, the first declaration
/// (files in path order, then position) is the one used, and the others are kept in
/// `redeclarations` for `duplicate-name`.
public struct AppModel: Sendable {
    public enum EntityKind: String, Sendable {
        case activity, tab, holder, route
    }

    public struct Redeclaration: Sendable {
        public let kind: EntityKind
        public let later: Located<String>
        public let first: Located<String>
    }

    /// The app's name; nil for the files that name none.
    public let name: String?
    public let files: [FileID]
    public private(set) var schemes: [Located<String>] = []
    public private(set) var hosts: [Located<String>] = []
    public private(set) var activities: [Activity] = []
    public private(set) var tabs: [Tab] = []
    public private(set) var holders: [Holder] = []
    /// Routes in declaration order.
    public private(set) var routes: [Route] = []
    public private(set) var redeclarations: [Redeclaration] = []
    /// False when a file of the route set could not be read: it may have declared anything,
    /// so rules that reason about what is not declared or not reachable stay silent.
    public let isComplete: Bool

    private var activityIndex: [String: Int] = [:]
    private var tabIndex: [String: Int] = [:]
    private var holderIndex: [String: Int] = [:]
    private var routeIndex: [String: Int] = [:]
    /// For each route that is some tab's root, the first such tab.
    private var firstTabRooted: [String: Int] = [:]

    /// Groups manifests into apps, in the order each app first appears.
    public static func merge(_ manifests: [Manifest], isComplete: Bool) -> [AppModel] {
        var order: [String?] = []
        var members: [String?: [Manifest]] = [:]
        for manifest in manifests.sorted(by: { $0.file < $1.file }) {
            let name = manifest.app?.value
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(manifest)
        }
        return order.map { AppModel(name: $0, manifests: members[$0]!, isComplete: isComplete) }
    }

    init(name: String?, manifests: [Manifest], isComplete: Bool) {
        self.name = name
        self.files = manifests.map(\.file)
        self.isComplete = isComplete
        for manifest in manifests {
            schemes += manifest.schemes
            hosts += manifest.hosts
            for activity in manifest.activities {
                Self.add(activity, kind: .activity, to: &activities, index: &activityIndex, &redeclarations)
            }
            for tab in manifest.tabs {
                Self.add(tab, kind: .tab, to: &tabs, index: &tabIndex, &redeclarations)
            }
            for holder in manifest.holders {
                Self.add(holder, kind: .holder, to: &holders, index: &holderIndex, &redeclarations)
            }
            for route in manifest.routes {
                Self.add(route, kind: .route, to: &routes, index: &routeIndex, &redeclarations)
            }
        }
        for (position, tab) in tabs.enumerated() {
            if let root = tab.root?.value, firstTabRooted[root] == nil { firstTabRooted[root] = position }
        }
    }

    private static func add<Entity: DeclaredEntity>(_ entity: Entity, kind: EntityKind, to entities: inout [Entity],
                                                    index: inout [String: Int], _ redeclarations: inout [Redeclaration]) {
        let name = entity.declaredName
        if let first = index[name.value] {
            redeclarations.append(Redeclaration(kind: kind, later: name, first: entities[first].declaredName))
        } else {
            index[name.value] = entities.count
            entities.append(entity)
        }
    }

    public func activity(named name: String) -> Activity? { activityIndex[name].map { activities[$0] } }
    public func tab(named name: String) -> Tab? { tabIndex[name].map { tabs[$0] } }
    public func holder(named name: String) -> Holder? { holderIndex[name].map { holders[$0] } }
    public func route(named name: String) -> Route? { routeIndex[name].map { routes[$0] } }
    public func routePosition(named name: String) -> Int? { routeIndex[name] }

    /// The first tab whose root is the route, if any.
    public func tabRooted(at route: String) -> Tab? { firstTabRooted[route].map { tabs[$0] } }

    /// The route's activity: its own, else that of the tab whose root it is.
    public func activity(of route: Route) -> String? {
        route.activity?.value ?? tabRooted(at: route.id.value)?.activity?.value
    }

    public var activityNames: [String] { activities.map(\.name.value) }
    public var tabNames: [String] { tabs.map(\.name.value) }
    public var holderNames: [String] { holders.map(\.name.value) }
    public var routeIDs: [String] { routes.map(\.id.value) }

    /// How the app is called in messages.
    public var displayName: String { name.map { "app '\($0)'" } ?? "the app" }
}
