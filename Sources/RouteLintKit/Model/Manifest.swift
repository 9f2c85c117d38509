/// A name or text of a manifest: its symbol in the run's `SymbolTable`, and where it was
/// written.
public typealias Name = Located<Symbol>

/// The typed content of one manifest file (spec section 1). Every value keeps the source
/// range it was read from; a value that was absent or could not be read is nil or missing.
/// Names are symbols of the file's own table until the file joins an app, and of the run's
/// table from then on.
public struct Manifest: Sendable {
    public let file: FileID
    public var version: Located<Int>?
    public var app: Name?
    public var schemes: [Name] = []
    public var hosts: [Name] = []
    public var activities: [Activity] = []
    public var tabs: [Tab] = []
    public var holders: [Holder] = []
    public var routes: [Route] = []
    /// Whether the top level is a mapping with a `manifest` key, and where a missing one would go.
    public var versionKey = VersionKey.notApplicable

    public enum VersionKey: Sendable, Equatable {
        case present
        /// The top level is a mapping without the key; the range is the mapping's start.
        case missing(at: SourceRange)
        /// The file holds no content, or only null: at the file's start, or the null's.
        case emptyDocument(at: SourceRange)
        /// The top level is not a mapping: that is reported, and nothing more about it.
        case notApplicable
    }

    public init(file: FileID) {
        self.file = file
    }
}

/// An app context with its own tab set.
public struct Activity: Sendable {
    /// The mapping key that declares the activity.
    public internal(set) var name: Name
    public var title: Name?
    public var icon: Name?
    public var defaultTab: Name?

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(name: Name) {
        self.name = name
        extent = name.range
    }
}

public struct Tab: Sendable {
    public internal(set) var name: Name
    public var activity: Name?
    public var index: Located<Int>?
    public var root: Name?
    public var icon: Name?
    public var title: Name?
    /// The keys the tab was written with, valid or not.
    public var written = KeySet<TabKey>()

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(name: Name) {
        self.name = name
        extent = name.range
    }
}

/// The lifetime of a holder's scope, from narrowest to widest.
public enum HolderScope: String, CaseIterable, Comparable, Sendable {
    case route, tab, activity, app

    private var rank: Int {
        switch self {
        case .route: return 0
        case .tab: return 1
        case .activity: return 2
        case .app: return 3
        }
    }

    public static func < (lhs: HolderScope, rhs: HolderScope) -> Bool { lhs.rank < rhs.rank }
}

/// Owns a route's ViewModel and DI scope.
public struct Holder: Sendable {
    public internal(set) var name: Name
    public var scope: Located<HolderScope>?
    public var params: [Name] = []
    public var parent: Name?

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(name: Name) {
        self.name = name
        extent = name.range
    }

    /// The scope, `route` when none is written.
    public var effectiveScope: HolderScope { scope?.value ?? .route }
}

public enum Presentation: String, CaseIterable, Sendable {
    case push, sheet, fullscreen
}

public struct Route: Sendable {
    public internal(set) var id: Name
    /// The path, when it is a valid pattern. (An invalid one is reported by `invalid-path`;
    /// `written` still says the route has one.)
    public var path: Located<PathPattern>?
    public var activity: Name?
    public var holder: Name?
    public var links: [Name] = []
    public var presentation: Located<Presentation>?
    public var stacked: Located<Bool>?
    public var entry: Located<Bool>?
    public var requiresAuth: Located<Bool>?
    public var feature: Name?
    public var fallback: Name?
    public var sends: [Name] = []
    public var observes: [Name] = []
    /// The keys the route was written with, valid or not.
    public var written = KeySet<RouteKey>()

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(id: Name) {
        self.id = id
        extent = id.range
    }

    public var effectivePresentation: Presentation { presentation?.value ?? .push }
    public var isEntry: Bool { entry?.value ?? false }
    public var isStacked: Bool { stacked?.value ?? false }
}

/// An activity, tab, holder or route: declared under a name, by the mapping key `declaredName`.
public protocol DeclaredEntity: Sendable {
    var declaredName: Name { get }
    /// From the declaring key to the end of the entity's fields: findings inside it are
    /// about the entity.
    var extent: SourceRange { get set }
    /// The same entity with its symbols renumbered: `mapping[old.index]` is the new symbol.
    func renumbered(_ mapping: [Symbol]) -> Self
}

extension Activity: DeclaredEntity { public var declaredName: Name { name } }
extension Tab: DeclaredEntity { public var declaredName: Name { name } }
extension Holder: DeclaredEntity { public var declaredName: Name { name } }
extension Route: DeclaredEntity { public var declaredName: Name { id } }

// MARK: - Renumbering

// When files join an app their symbols move from the file's table to the run's. These are
// the only places that list every symbol an entity holds.

extension Located where Value == Symbol {
    func renumbered(_ mapping: [Symbol]) -> Name { Name(mapping[Int(value.index)], at: range) }
}

extension Optional where Wrapped == Name {
    func renumbered(_ mapping: [Symbol]) -> Name? { map { $0.renumbered(mapping) } }
}

extension Array where Element == Name {
    func renumbered(_ mapping: [Symbol]) -> [Name] { map { $0.renumbered(mapping) } }
}

extension Activity {
    public func renumbered(_ mapping: [Symbol]) -> Activity {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.title = title.renumbered(mapping)
        copy.icon = icon.renumbered(mapping)
        copy.defaultTab = defaultTab.renumbered(mapping)
        return copy
    }
}

extension Tab {
    public func renumbered(_ mapping: [Symbol]) -> Tab {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.activity = activity.renumbered(mapping)
        copy.root = root.renumbered(mapping)
        copy.icon = icon.renumbered(mapping)
        copy.title = title.renumbered(mapping)
        return copy
    }
}

extension Holder {
    public func renumbered(_ mapping: [Symbol]) -> Holder {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.params = params.renumbered(mapping)
        copy.parent = parent.renumbered(mapping)
        return copy
    }
}

extension Route {
    public func renumbered(_ mapping: [Symbol]) -> Route {
        var copy = self
        copy.id = id.renumbered(mapping)
        copy.path = path.map { Located($0.value.renumbered(mapping), at: $0.range) }
        copy.activity = activity.renumbered(mapping)
        copy.holder = holder.renumbered(mapping)
        copy.links = links.renumbered(mapping)
        copy.feature = feature.renumbered(mapping)
        copy.fallback = fallback.renumbered(mapping)
        copy.sends = sends.renumbered(mapping)
        copy.observes = observes.renumbered(mapping)
        return copy
    }
}
