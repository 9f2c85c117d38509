/// The kinds of entity a manifest declares.
package enum EntityKind: String, Sendable {
    /// An activity, a tab, a holder or a route.
    case activity, tab, holder, route
}

/// A problem found while reading one file: what was found, where, and the names involved.
/// Each case belongs to one file rule, whose file words it (see `FileRule`).
package enum ManifestIssue: Sendable, Equatable {
    /// `yaml-syntax` and `duplicate-key`.
    case yaml(YAMLIssue)
    /// `unknown-key`: a key the format does not define, with the keys it does define there, and
    /// the one its value was read as: the key it nearly spells, when the entity does not set it.
    case unknownKey(key: String, owner: KeyOwner, validKeys: [String], readAs: String?, at: SourceRange)
    /// `invalid-value`.
    case invalidValue(InvalidValue, at: SourceRange)
    /// `invalid-path`: a route's path, or one of its `aliases`, that is not a valid pattern.
    case invalidPath(route: String, path: String, isAlias: Bool, problem: PathPattern.SyntaxError, at: SourceRange)

    /// Where the issue is.
    package var range: SourceRange {
        switch self {
        case .yaml(let issue): return issue.range
        case .unknownKey(_, _, _, _, let range), .invalidValue(_, let range), .invalidPath(_, _, _, _, let range): return range
        }
    }
}

/// What holds a key or a value: the top level, a section such as `routes`, an entity, or a
/// part of a route (its `params`, its `query`, one item of its query).
///
/// One reference to its kind and names: the decoder copies an owner into the reference of
/// every field it reads, and this copy is one retain, where an enum with names in several
/// cases copies through its value witnesses.
package struct KeyOwner: Sendable, Equatable, CustomStringConvertible {
    /// What kind of mapping holds the key.
    package enum Kind: Sendable, Equatable {
        /// The top level of the manifest.
        case topLevel
        /// A top-level section (`routes`, say).
        case section(TopLevelKey)
        /// An entity of a section, named by `name`.
        case entity(EntityKind)
        /// The `params` of the route `name`.
        case parameterTypes
        /// The `query` of the route `name`.
        case queryItems
        /// The item `item` of the `query` of route `name`, written in full.
        case queryItem
    }

    // Written only by `reuse`, while no other owner refers to it: shared, it is never changed.
    private final class Storage: @unchecked Sendable {
        var kind: Kind
        var name: String
        var item: String

        init(_ kind: Kind, name: String, item: String) {
            self.kind = kind
            self.name = name
            self.item = item
        }
    }

    private var storage: Storage

    private init(_ kind: Kind, name: String = "", item: String = "") {
        storage = Storage(kind, name: name, item: item)
    }

    /// Makes this the owner of kind `kind` named `name` (and `item`), in place when no other
    /// owner refers to its storage — an owner that an issue keeps is left as it is. The decoder
    /// reuses one owner from entity to entity this way, where making one cost each entity an
    /// allocation and its release.
    package mutating func reuse(as kind: Kind, name: String, item: String = "") {
        guard isKnownUniquelyReferenced(&storage) else {
            storage = Storage(kind, name: name, item: item)
            return
        }
        storage.kind = kind
        storage.name = name
        storage.item = item
    }

    /// The kind of mapping.
    package var kind: Kind { storage.kind }
    /// The entity's name, or the id of the route whose part holds the key; empty otherwise.
    package var name: String { storage.name }
    /// The query item's name, for `queryItem`; empty otherwise.
    package var item: String { storage.item }

    package static func == (lhs: KeyOwner, rhs: KeyOwner) -> Bool {
        lhs.storage === rhs.storage || (lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.item == rhs.item)
    }

    /// The top level of the manifest.
    package static let topLevel = KeyOwner(.topLevel)
    /// A top-level section.
    package static func section(_ key: TopLevelKey) -> KeyOwner { KeyOwner(.section(key)) }
    /// The entity `name` of kind `kind`.
    package static func entity(_ kind: EntityKind, _ name: String) -> KeyOwner { KeyOwner(.entity(kind), name: name) }

    /// "the top level", "'routes'", "route 'home'", "'params' of route 'product'", "query item
    /// 'ref' of route 'product'".
    package var description: String {
        switch kind {
        case .topLevel: return "the top level"
        case .section(let key): return "'\(key.name)'"
        case .entity(let kind): return "\(kind.rawValue) '\(name)'"
        case .parameterTypes: return "'params' of route '\(name)'"
        case .queryItems: return "'query' of route '\(name)'"
        case .queryItem: return "query item '\(item)' of route '\(name)'"
        }
    }
}

/// A field whose value is at fault: `index` of tab `home`, an item of `links` of route
/// `cart`, or `app` at the top level.
package struct FieldReference: Sendable, Equatable {
    /// The key as written.
    package let key: String
    /// The mapping it is in.
    package let owner: KeyOwner
    /// Whether the value at fault is an item of the key's list, not the whole value.
    package var isItem = false

    /// The field `key` of `owner`, or an item of it.
    package init(_ key: String, of owner: KeyOwner, isItem: Bool = false) {
        self.key = key
        self.owner = owner
        self.isItem = isItem
    }

    var item: FieldReference { FieldReference(key, of: owner, isItem: true) }
}

/// What stood where a value of another kind was expected.
package enum FoundValue: Sendable, Equatable {
    /// A mapping.
    case mapping
    /// A list.
    case list
    /// `null`, or nothing.
    case null
    /// A scalar: its type as the core schema reads it ("an integer"), and its text.
    case scalar(type: String, text: String)
}

/// The kind of value a field takes.
package enum ExpectedValue: Sendable, Equatable {
    /// The kinds of value a field takes.
    case string, integer, boolean, list
    /// `manifest`: the integer 1.
    case formatVersion
    /// A mapping of settings (`ios`, `android`).
    case mapping
    /// A section: a mapping of the names of entities of this kind.
    case names(of: EntityKind)
    /// A type: `string`, `int`, `uuid` or a list of values.
    case type
    /// `params`: a mapping of parameter names to types.
    case parameterTypes
    /// `query`: a mapping of item names to types or `{type, required, default}`.
    case queryItems
    /// A query item's `default`: a string or an integer.
    case defaultValue
}

/// The ways a value can be invalid; `InvalidValueRule` words each.
package enum InvalidValue: Sendable, Equatable {
    /// The top level is not a mapping.
    case topLevelNotMapping(found: FoundValue)
    /// A field holds a value of another type than it takes.
    case wrongType(FieldReference, expected: ExpectedValue, found: FoundValue)
    /// A mapping key that is not a scalar.
    case nonScalarKey(in: KeyOwner, found: FoundValue)
    /// An entity declared under a name that is not valid.
    case invalidEntityName(EntityKind, String)
    /// An entity is not a mapping.
    case entityNotMapping(EntityKind, String, found: FoundValue)
    /// A reference to an entity that is not a valid name.
    case invalidName(FieldReference, String)
    /// A parameter name that is not an identifier.
    case invalidParameterName(FieldReference, String)
    /// A tab index below 0.
    case negativeIndex(FieldReference, Int)
    /// A value not among the field's choices, with the choices.
    case unknownChoice(FieldReference, String, choices: [String])
    /// A `manifest` version other than 1.
    case unsupportedVersion(Int)
    /// A scheme that is not a URL scheme (RFC 3986).
    case invalidScheme(String)
    /// A host that is not a host name, or a wildcard not at its start.
    case invalidHost(String)
    /// An `ios.app-ids` item that is not `TEAMID.bundle.id`.
    case invalidAppID(String)
    /// An `android.package` or `android.activity` that is not a Java package or class name.
    case invalidAndroidName(FieldReference, String)
    /// An `android.cert-fingerprints` item that is not a SHA-256 fingerprint.
    case invalidFingerprint(String)
    /// An `android.min-sdk` out of range.
    case invalidAPILevel(Int)
    /// A merge key (`<<`) whose value is not a mapping or a list of mappings.
    case mergeNotMapping(in: KeyOwner, found: FoundValue)
    /// A type that is none of `string`, `int`, `uuid` (nor a list of values).
    case unknownType(FieldReference, String)
    /// A list of values that lists none.
    case emptyValueList(FieldReference)
    /// A listed value that is the empty string, which no segment or query value is.
    case emptyListedValue(FieldReference)
    /// A value listed twice.
    case repeatedListedValue(FieldReference, String)
    /// A query item's name that a URL's query cannot carry as a name (empty, or with `&`, `=`,
    /// `#` or white space).
    case invalidQueryItemName(route: String, String)
    /// A query item's `default` that is not of the item's type (as a message names the type).
    case defaultNotOfType(FieldReference, value: String, type: String)
    /// A `default` beside `required: true`: a URL without the item never opens the route.
    case defaultWithRequired(FieldReference)
    /// `web: true` on a route that is `in-app: true`: no link from outside opens it.
    case webBesideInApp(FieldReference)
}
