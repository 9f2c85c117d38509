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
    /// The routes and their links, which several rules walk.
    public private(set) var linkGraph = LinkGraph(successors: [])

    /// Groups manifests into apps, in the order each app first appears.
    /// Consumes the manifests: their entities move into the apps rather than being copied,
    /// which halves the memory a large route set needs.
    public static func merge(_ manifests: consuming [Manifest], isComplete: Bool) -> [AppModel] {
        var order: [String?] = []
        var members: [String?: [Manifest]] = [:]
        manifests.sort { $0.file < $1.file }
        for manifest in manifests {
            let name = manifest.app?.value
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(manifest)
        }
        manifests = []
        return order.map { name in
            var group = members.removeValue(forKey: name)!
            return AppModel(name: name, manifests: &group, isComplete: isComplete)
        }
    }

    /// Takes the entities out of `manifests`, leaving them empty.
    init(name: String?, manifests: inout [Manifest], isComplete: Bool) {
        self.name = name
        self.files = manifests.map(\.file)
        self.isComplete = isComplete
        for position in manifests.indices {
            schemes += manifests[position].schemes
            hosts += manifests[position].hosts
            Self.take(&manifests[position].activities, kind: .activity, into: &activities, index: &activityIndex, &redeclarations)
            Self.take(&manifests[position].tabs, kind: .tab, into: &tabs, index: &tabIndex, &redeclarations)
            Self.take(&manifests[position].holders, kind: .holder, into: &holders, index: &holderIndex, &redeclarations)
            Self.take(&manifests[position].routes, kind: .route, into: &routes, index: &routeIndex, &redeclarations)
        }
        for (position, tab) in tabs.enumerated() {
            if let root = tab.root?.value, firstTabRooted[root] == nil { firstTabRooted[root] = position }
        }
        linkGraph = LinkGraph(routes: routes, index: routeIndex)
    }

    /// Moves `declared` into `entities`, indexing each first declaration and recording
    /// each later one. The first file's entities are adopted whole, without a copy, when none
    /// of them repeats a name.
    private static func take<Entity: DeclaredEntity>(_ declared: inout [Entity], kind: EntityKind, into entities: inout [Entity],
                                                     index: inout [String: Int], _ redeclarations: inout [Redeclaration]) {
        let adoptingFirstFile = entities.isEmpty
        // When adopting: the positions in `declared` of the first declarations.
        var kept: [Int] = []
        index.reserveCapacity(index.count + declared.count)
        for position in declared.indices {
            let name = declared[position].declaredName
            if let first = index[name.value] {
                let firstName = adoptingFirstFile ? declared[kept[first]].declaredName : entities[first].declaredName
                redeclarations.append(Redeclaration(kind: kind, later: name, first: firstName))
            } else if adoptingFirstFile {
                index[name.value] = kept.count
                kept.append(position)
            } else {
                index[name.value] = entities.count
                entities.append(declared[position])
            }
        }
        if adoptingFirstFile {
            entities = kept.count == declared.count ? declared : kept.map { declared[$0] }
        }
        declared = []
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
