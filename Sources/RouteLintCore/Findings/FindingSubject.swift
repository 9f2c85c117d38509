/// One thing a finding is about: a route, a holder, a key… by kind and name. A finding's
/// subjects, its rule and its file identify it across edits (baselines, SARIF fingerprints),
/// so they are built from the model, never from the words of its message: rewording a
/// message changes no identity.
public struct FindingSubject: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The kinds of thing a finding can be about.
    public enum Kind: String, CaseIterable, Sendable {
        /// An entity of a manifest.
        case activity, tab, route, holder
        /// A top-level section (`routes`), or `top-level` for the manifest's top level.
        case section
        /// A key of a mapping, as written.
        case key
        /// A path parameter or a holder parameter.
        case parameter
        /// A query item a route reads.
        case queryItem
        /// A feature flag.
        case flag
        /// A context a route sends or observes.
        case context
        /// A value as written, when the value itself is the subject (an unknown choice).
        case value
        /// A rule id, named by a suppression directive.
        case rule
        /// Where a suppression directive applies: `line` or `file`.
        case scope
    }

    /// What kind of thing it is.
    public let kind: Kind
    /// Its name as written.
    public let name: String

    /// The subject `kind` `name`.
    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// The activity `name`.
    package static func activity(_ name: String) -> FindingSubject { FindingSubject(.activity, name) }
    /// The tab `name`.
    package static func tab(_ name: String) -> FindingSubject { FindingSubject(.tab, name) }
    /// The route `name`.
    package static func route(_ name: String) -> FindingSubject { FindingSubject(.route, name) }
    /// The holder `name`.
    package static func holder(_ name: String) -> FindingSubject { FindingSubject(.holder, name) }
    /// The key `name`.
    package static func key(_ name: String) -> FindingSubject { FindingSubject(.key, name) }

    /// The subject for a declared entity of any kind.
    package static func entity(_ kind: EntityKind, _ name: String) -> FindingSubject {
        switch kind {
        case .activity: return .activity(name)
        case .tab: return .tab(name)
        case .route: return .route(name)
        case .holder: return .holder(name)
        }
    }

    /// `kind:name`, as baselines store it; the kind has no colon, so the first one splits.
    public var description: String { "\(kind.rawValue):\(name)" }

    /// Reads `kind:name`; nil for text that is not a subject.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let kind = Kind(rawValue: String(text[..<colon])) else { return nil }
        self.init(kind, String(text[text.index(after: colon)...]))
    }

    public static func < (lhs: FindingSubject, rhs: FindingSubject) -> Bool {
        (lhs.kind.rawValue, lhs.name) < (rhs.kind.rawValue, rhs.name)
    }
}

extension KeyOwner {
    /// The subjects that hold a key or value: `section:top-level`, `section:routes`,
    /// `route:home`; a route's `params` or `query` by the route (and `key:params`), one of its
    /// query items by the route and the item.
    public var subjects: [FindingSubject] {
        switch kind {
        case .topLevel: return [FindingSubject(.section, "top-level")]
        case .section(let key): return [FindingSubject(.section, key.name)]
        case .entity(let kind): return [.entity(kind, name)]
        case .parameterTypes: return [.route(name), .key(RouteKey.params.name)]
        case .queryItems: return [.route(name), .key(RouteKey.query.name)]
        case .queryItem: return [.route(name), FindingSubject(.queryItem, item)]
        }
    }
}
