/// The keys the format defines for one kind of mapping. Each is a closed enum: the decoder
/// switches over it without `default:`, so a key added here and not decoded is a compile error.
public protocol ManifestKey: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == UInt8 {
    /// The key as written in a manifest.
    var name: String { get }
    /// Every key, in the format's order, stored once (`allCases` builds a new array per call).
    static var keys: [Self] { get }
    /// The UTF-8 bytes of every key's name, in the same order.
    static var spellings: [[UInt8]] { get }
}

extension ManifestKey {
    /// Every key's name, in the format's order.
    public static var names: [String] { keys.map(\.name) }

    /// The key spelt by `bytes`, if the format defines one: a dozen short comparisons, most
    /// of which fail at the first byte, cost less than hashing.
    static func named(_ bytes: [UInt8]) -> Self? {
        spellings.firstIndex(of: bytes).map { keys[$0] }
    }
}

/// The keys an entity was written with, whatever their values: what tells a field that is
/// absent from one whose value could not be read.
public struct KeySet<Key: ManifestKey>: Sendable, Equatable {
    private var bits: UInt32 = 0

    public init() {}

    public func contains(_ key: Key) -> Bool { bits & (1 << UInt32(key.rawValue)) != 0 }

    mutating func insert(_ key: Key) { bits |= 1 << UInt32(key.rawValue) }
}

public enum TopLevelKey: UInt8, ManifestKey {
    case manifest, app, schemes, hosts, activities, tabs, holders, routes

    public var name: String {
        switch self {
        case .manifest: return "manifest"
        case .app: return "app"
        case .schemes: return "schemes"
        case .hosts: return "hosts"
        case .activities: return "activities"
        case .tabs: return "tabs"
        case .holders: return "holders"
        case .routes: return "routes"
        }
    }

    public static let keys = Array(allCases)
    public static let spellings = keys.map { Array($0.name.utf8) }
}

public enum ActivityKey: UInt8, ManifestKey {
    case title, icon, defaultTab

    public var name: String {
        switch self {
        case .title: return "title"
        case .icon: return "icon"
        case .defaultTab: return "default-tab"
        }
    }

    public static let keys = Array(allCases)
    public static let spellings = keys.map { Array($0.name.utf8) }
}

public enum TabKey: UInt8, ManifestKey {
    case activity, index, root, icon, title

    public var name: String {
        switch self {
        case .activity: return "activity"
        case .index: return "index"
        case .root: return "root"
        case .icon: return "icon"
        case .title: return "title"
        }
    }

    /// Whether a tab must have the field.
    public var isRequired: Bool {
        switch self {
        case .activity, .index, .root, .icon: return true
        case .title: return false
        }
    }

    public static let keys = Array(allCases)
    public static let spellings = keys.map { Array($0.name.utf8) }
}

public enum HolderKey: UInt8, ManifestKey {
    case scope, params, parent

    public var name: String {
        switch self {
        case .scope: return "scope"
        case .params: return "params"
        case .parent: return "parent"
        }
    }

    public static let keys = Array(allCases)
    public static let spellings = keys.map { Array($0.name.utf8) }
}

public enum RouteKey: UInt8, ManifestKey {
    case path, activity, holder, links, presentation, stacked, entry, requiresAuth, feature, fallback, sends, observes

    public var name: String {
        switch self {
        case .path: return "path"
        case .activity: return "activity"
        case .holder: return "holder"
        case .links: return "links"
        case .presentation: return "presentation"
        case .stacked: return "stacked"
        case .entry: return "entry"
        case .requiresAuth: return "requires-auth"
        case .feature: return "feature"
        case .fallback: return "fallback"
        case .sends: return "sends"
        case .observes: return "observes"
        }
    }

    public static let keys = Array(allCases)
    public static let spellings = keys.map { Array($0.name.utf8) }
}
