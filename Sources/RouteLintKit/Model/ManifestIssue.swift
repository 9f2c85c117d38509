/// The kinds of entity a manifest declares.
public enum EntityKind: String, Sendable {
    case activity, tab, holder, route
}

/// A problem found while reading one file: what was found, where, and the names involved.
/// Each case belongs to one file rule, whose file words it (see `FileRule`).
public enum ManifestIssue: Sendable, Equatable {
    /// `yaml-syntax` and `duplicate-key`.
    case yaml(YAMLIssue)
    /// `unknown-key`: a key the format does not define, with the keys it does define there.
    case unknownKey(key: String, owner: Owner, validKeys: [String], at: SourceRange)
    /// `invalid-value`.
    case invalidValue(InvalidValue, at: SourceRange)
    /// `invalid-path`: a route's path that is not a valid pattern.
    case invalidPath(route: String, path: String, problem: PathPattern.SyntaxError, at: SourceRange)

    /// Where the issue is.
    public var range: SourceRange {
        switch self {
        case .yaml(let issue): return issue.range
        case .unknownKey(_, _, _, let range), .invalidValue(_, let range), .invalidPath(_, _, _, let range): return range
        }
    }
}

/// What holds a key or a value: the top level, a section such as `routes`, or an entity.
public enum Owner: Sendable, Equatable, CustomStringConvertible {
    case topLevel
    case section(TopLevelKey)
    case entity(EntityKind, String)

    /// "the top level", "'routes'", "route 'home'".
    public var description: String {
        switch self {
        case .topLevel: return "the top level"
        case .section(let key): return "'\(key.name)'"
        case .entity(let kind, let name): return "\(kind.rawValue) '\(name)'"
        }
    }
}

/// A field whose value is at fault: `index` of tab `home`, an item of `links` of route
/// `cart`, or `app` at the top level.
public struct FieldReference: Sendable, Equatable {
    public let key: String
    public let owner: Owner
    public var isItem = false

    public init(_ key: String, of owner: Owner, isItem: Bool = false) {
        self.key = key
        self.owner = owner
        self.isItem = isItem
    }

    var item: FieldReference { FieldReference(key, of: owner, isItem: true) }
}

/// What stood where a value of another kind was expected.
public enum FoundValue: Sendable, Equatable {
    case mapping
    case list
    case null
    /// A scalar: its type as the core schema reads it ("an integer"), and its text.
    case scalar(type: String, text: String)
}

/// The kind of value a field takes.
public enum ExpectedValue: Sendable, Equatable {
    case string, integer, boolean, list
    /// `manifest`: the integer 1.
    case formatVersion
    /// A section: a mapping of the names of entities of this kind.
    case names(of: EntityKind)
}

/// The ways a value can be invalid; `InvalidValueRule` words each.
public enum InvalidValue: Sendable, Equatable {
    case topLevelNotMapping(found: FoundValue)
    case wrongType(FieldReference, expected: ExpectedValue, found: FoundValue)
    /// A mapping key that is not a scalar.
    case nonScalarKey(in: Owner, found: FoundValue)
    /// An entity declared under a name that is not valid.
    case invalidEntityName(EntityKind, String)
    case entityNotMapping(EntityKind, String, found: FoundValue)
    /// A reference to an entity that is not a valid name.
    case invalidName(FieldReference, String)
    case invalidParameterName(FieldReference, String)
    case negativeIndex(FieldReference, Int)
    case unknownChoice(FieldReference, String, choices: [String])
    case unsupportedVersion(Int)
    case invalidScheme(String)
    case invalidHost(String)
    /// A merge key (`<<`) whose value is not a mapping or a list of mappings.
    case mergeNotMapping(in: Owner, found: FoundValue)
}
