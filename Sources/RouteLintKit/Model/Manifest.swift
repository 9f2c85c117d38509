/// The typed content of one manifest file (spec section 1). Every value keeps the source
/// range it was read from; a value that was absent or could not be read is nil or missing.
public struct Manifest: Sendable {
    public let file: FileID
    public var version: Located<Int>?
    public var app: Located<String>?
    public var schemes: [Located<String>] = []
    public var hosts: [Located<String>] = []
    public var activities: [Activity] = []
    public var tabs: [Tab] = []
    public var holders: [Holder] = []
    public var routes: [Route] = []

    public init(file: FileID) {
        self.file = file
    }
}

/// An app context with its own tab set.
public struct Activity: Sendable {
    /// The mapping key that declares the activity.
    public let name: Located<String>
    public var title: Located<String>?
    public var icon: Located<String>?
    public var defaultTab: Located<String>?

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(name: Located<String>) {
        self.name = name
        extent = name.range
    }
}

public struct Tab: Sendable {
    public let name: Located<String>
    public var activity: Located<String>?
    public var index: Located<Int>?
    public var root: Located<String>?
    public var icon: Located<String>?
    public var title: Located<String>?

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(name: Located<String>) {
        self.name = name
        extent = name.range
    }
}

/// The lifetime of a holder's scope, from narrowest to widest.
public enum HolderScope: String, CaseIterable, Comparable, Sendable {
    case route, tab, activity, app

    public static func < (lhs: HolderScope, rhs: HolderScope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Owns a route's ViewModel and DI scope.
public struct Holder: Sendable {
    public let name: Located<String>
    public var scope: Located<HolderScope>?
    public var params: [Located<String>] = []
    public var parent: Located<String>?

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(name: Located<String>) {
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
    public let id: Located<String>
    /// The path as written; `pattern` is set only when it is a valid pattern.
    public var path: Located<String>?
    public var pattern: PathPattern?
    public var activity: Located<String>?
    public var holder: Located<String>?
    public var links: [Located<String>] = []
    public var presentation: Located<Presentation>?
    public var stacked: Located<Bool>?
    public var entry: Located<Bool>?
    public var requiresAuth: Located<Bool>?
    public var feature: Located<String>?
    public var fallback: Located<String>?
    public var sends: [Located<String>] = []
    public var observes: [Located<String>] = []

    /// From the declaring key to the end of the entity's fields.
    public var extent: SourceRange

    public init(id: Located<String>) {
        self.id = id
        extent = id.range
    }

    public var effectivePresentation: Presentation { presentation?.value ?? .push }
    public var isEntry: Bool { entry?.value ?? false }
    public var isStacked: Bool { stacked?.value ?? false }
}

/// An activity, tab, holder or route: declared under a name, by the mapping key `declaredName`.
public protocol DeclaredEntity: Sendable {
    var declaredName: Located<String> { get }
    /// From the declaring key to the end of the entity's fields: findings inside it are
    /// about the entity.
    var extent: SourceRange { get set }
}

extension Activity: DeclaredEntity { public var declaredName: Located<String> { name } }
extension Tab: DeclaredEntity { public var declaredName: Located<String> { name } }
extension Holder: DeclaredEntity { public var declaredName: Located<String> { name } }
extension Route: DeclaredEntity { public var declaredName: Located<String> { id } }
