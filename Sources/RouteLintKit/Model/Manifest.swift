/// A name or text of a manifest: its symbol in the run's `SymbolTable`, and where it was
/// written.
public typealias Name = Located<Symbol>

/// A list of names — `links`, `sends`, `observes`, `params` — as a range of a pool of names
/// (the manifest's, or the app's once merged): a route costs no array of its own.
public struct NameList: Sendable, Equatable {
    let start: UInt32
    let end: UInt32

    public static let empty = NameList(start: 0, end: 0)

    public var count: Int { Int(end - start) }
    public var isEmpty: Bool { start == end }

    var range: Range<Int> { Int(start)..<Int(end) }

    func offset(by amount: UInt32) -> NameList { isEmpty ? self : NameList(start: start + amount, end: end + amount) }
}

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
    public var activities = EntityList<Activity>()
    public var tabs = EntityList<Tab>()
    public var holders = EntityList<Holder>()
    public var routes = EntityList<Route>()
    /// The items of every `NameList` of the file's entities.
    public var names: [Name] = []
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
    public var params = NameList.empty
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
    public var links = NameList.empty
    public var presentation: Located<Presentation>?
    public var stacked: Located<Bool>?
    public var entry: Located<Bool>?
    public var requiresAuth: Located<Bool>?
    public var feature: Name?
    public var fallback: Name?
    public var sends = NameList.empty
    public var observes = NameList.empty
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
    /// The entity as it joins an app: its symbols renumbered into the run's table
    /// (`symbols[old.index]` is the new symbol; nil when they stay) and its name lists moved
    /// along the app's pool of names.
    func joined(symbols: [Symbol]?, namesOffset: UInt32) -> Self
}

extension Activity: DeclaredEntity { public var declaredName: Name { name } }
extension Tab: DeclaredEntity { public var declaredName: Name { name } }
extension Holder: DeclaredEntity { public var declaredName: Name { name } }
extension Route: DeclaredEntity { public var declaredName: Name { id } }

// MARK: - Joining an app

// When files join an app their symbols move from the file's table to the run's, and their
// name lists into the app's pool. These are the only places that list every symbol and
// list an entity holds.

extension Located where Value == Symbol {
    func renumbered(_ mapping: [Symbol]?) -> Name {
        guard let mapping else { return self }
        return Name(mapping[Int(value.index)], at: range)
    }
}

extension Optional where Wrapped == Name {
    func renumbered(_ mapping: [Symbol]?) -> Name? { map { $0.renumbered(mapping) } }
}

extension Activity {
    public func joined(symbols mapping: [Symbol]?, namesOffset: UInt32) -> Activity {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.title = title.renumbered(mapping)
        copy.icon = icon.renumbered(mapping)
        copy.defaultTab = defaultTab.renumbered(mapping)
        return copy
    }
}

extension Tab {
    public func joined(symbols mapping: [Symbol]?, namesOffset: UInt32) -> Tab {
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
    public func joined(symbols mapping: [Symbol]?, namesOffset: UInt32) -> Holder {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.params = params.offset(by: namesOffset)
        copy.parent = parent.renumbered(mapping)
        return copy
    }
}

extension Route {
    public func joined(symbols mapping: [Symbol]?, namesOffset: UInt32) -> Route {
        var copy = self
        copy.id = id.renumbered(mapping)
        if let mapping { copy.path = path.map { Located($0.value.renumbered(mapping), at: $0.range) } }
        copy.activity = activity.renumbered(mapping)
        copy.holder = holder.renumbered(mapping)
        copy.links = links.offset(by: namesOffset)
        copy.feature = feature.renumbered(mapping)
        copy.fallback = fallback.renumbered(mapping)
        copy.sends = sends.offset(by: namesOffset)
        copy.observes = observes.offset(by: namesOffset)
        return copy
    }
}
