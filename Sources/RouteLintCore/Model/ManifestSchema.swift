/// The manifest format as a JSON Schema (draft 2020-12), for editors that validate YAML by
/// schema (docs/editors.md, "Any editor: the JSON Schema"). Made from the key tables the
/// decoder reads — each key's name, summary and `KeyValue` — so a key added to the format is in
/// the schema too.
///
/// The schema states what one file can say of itself: the keys, their kinds and shapes, the
/// required fields. What needs the whole app (a route's `activity`, required unless it is a
/// tab's root; references to declared names; conflicts) or a path's grammar beyond its kind is
/// left to `routelint lint`.
package enum ManifestSchema {
    /// The URL of the draft the schema follows.
    package static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema, ready to print.
    package static func json() -> JSONValue {
        .object([
            ("$schema", .string(draft)),
            ("title", .string("routelint route manifest")),
            (
                "description",
                .string(
                    "A route manifest, format version 1: activities, tabs, holders and routes with URL path patterns. "
                        + "`routelint lint` checks what a schema cannot: references, conflicts, reachability.")
            ),
            ("type", .string("object")),
            ("required", .array([.string(TopLevelKey.manifest.name)])),
            ("properties", properties(TopLevelKey.keys)),
            // Extension keys hold YAML anchors for merge keys; routelint ignores them.
            ("patternProperties", .object([("^x-", .object([]))])),
            ("additionalProperties", .bool(false)),
            ("$defs", definitions()),
        ])
    }

    /// The schema's text: two-space indented JSON and a final newline.
    package static func text() -> String { json().serialized() + "\n" }

    private static func definitions() -> JSONValue {
        .object([
            ("activity", entity(ActivityKey.keys, required: [])),
            ("tab", entity(TabKey.keys, required: TabKey.keys.filter(\.isRequired))),
            ("holder", entity(HolderKey.keys, required: [])),
            ("route", entity(RouteKey.keys, required: RouteKey.keys.filter(\.isRequired), neverBothTrue: (.inApp, .web))),
            ("type", typeSchema()),
            ("queryItem", queryItem()),
        ])
    }

    /// The properties of a mapping of `keys`, each with its summary as the description.
    private static func properties<Key: ManifestKey>(_ keys: [Key]) -> JSONValue {
        .object(keys.map { key in (key.name, schema(of: key.value, described: key.summary)) })
    }

    /// The properties of a settings table, whose type the caller holds as a value.
    private static func properties<Key: ManifestKey>(of table: Key.Type) -> JSONValue { properties(table.keys) }

    /// An entity's mapping: its keys and no other, and never both of `neverBothTrue` true (a
    /// route's `web: true` beside `in-app: true`); null is an entity with no field.
    private static func entity<Key: ManifestKey>(_ keys: [Key], required: [Key], neverBothTrue: (Key, Key)? = nil) -> JSONValue {
        var mapping: [(String, JSONValue)] = [("type", .string("object"))]
        if !required.isEmpty { mapping.append(("required", .array(required.map { .string($0.name) }))) }
        mapping += [("properties", properties(keys)), ("additionalProperties", .bool(false))]
        if let (first, second) = neverBothTrue {
            let both = [first, second].map { ($0.name, JSONValue.object([("const", .bool(true))])) }
            mapping.append(
                ("not", .object([("properties", .object(both)), ("required", .array([first, second].map { .string($0.name) }))])))
        }
        return .object([("anyOf", .array([.object([("type", .string("null"))]), .object(mapping)]))])
    }

    private static func schema(of value: KeyValue, described description: String? = nil) -> JSONValue {
        var fields = fields(of: value)
        if let description { fields.insert(("description", .string(description)), at: 0) }
        return .object(fields)
    }

    private static func string(pattern: String) -> [(String, JSONValue)] {
        [("type", .string("string")), ("pattern", .string(pattern))]
    }

    /// A mapping or list may be null, which reads as empty.
    private static func nullable(_ schema: [(String, JSONValue)]) -> [(String, JSONValue)] {
        [("anyOf", .array([.object([("type", .string("null"))]), .object(schema)]))]
    }

    private static let namePattern = "^[A-Za-z_][A-Za-z0-9_.-]*$"
    private static let parameterNamePattern = "^[A-Za-z_][A-Za-z0-9_]*$"

    private static func fields(of value: KeyValue) -> [(String, JSONValue)] {
        switch value {
        case .formatVersion: return [("const", .integer(1))]
        case .text, .path: return [("type", .string("string"))]
        case .name: return string(pattern: namePattern)
        case .parameterName: return string(pattern: parameterNamePattern)
        case .boolean: return [("type", .string("boolean"))]
        case .index: return [("type", .string("integer")), ("minimum", .integer(0))]
        case .apiLevel: return [("type", .string("integer")), ("minimum", .integer(1)), ("maximum", .integer(1000))]
        case .choice(let choices): return [("enum", .array(choices.map(JSONValue.string)))]
        case .scheme: return string(pattern: "^[A-Za-z][A-Za-z0-9+.-]*$")
        case .host: return string(pattern: "^(\\*(\\.[A-Za-z0-9-]+)+|[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*)$")
        case .appID: return string(pattern: "^[A-Za-z0-9]{10}\\.[A-Za-z0-9.-]*[A-Za-z0-9-]$")
        case .androidName(let allowsLeadingDot):
            let identifier = "[A-Za-z_][A-Za-z0-9_]*"
            return string(
                pattern: allowsLeadingDot ? "^\\.?\(identifier)(\\.\(identifier))*$" : "^\(identifier)(\\.\(identifier))+$")
        case .certificateFingerprint: return string(pattern: "^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}$")
        case .url: return string(pattern: "^[A-Za-z][A-Za-z0-9+.-]*:[^\\u0000-\\u0020\\u007F]+$")
        case .list(let item): return nullable([("type", .string("array")), ("items", schema(of: item))])
        case .entities(let kind):
            return nullable([
                ("type", .string("object")),
                ("propertyNames", .object(string(pattern: namePattern))),
                ("additionalProperties", .object([("$ref", .string("#/$defs/\(kind.rawValue)"))])),
            ])
        case .settings(let table):
            return nullable([
                ("type", .string("object")), ("properties", properties(of: table)), ("additionalProperties", .bool(false)),
            ])
        case .parameterTypes:
            return nullable([
                ("type", .string("object")),
                ("propertyNames", .object(string(pattern: parameterNamePattern))),
                ("additionalProperties", .object([("$ref", .string("#/$defs/type"))])),
            ])
        case .queryItems:
            return nullable([
                ("type", .string("object")),
                // No white space, control character, `&`, `=` or `#`: what a query item's name can hold.
                ("propertyNames", .object(string(pattern: "^[^\\u0000-\\u0020&=#]+$"))),
                ("additionalProperties", .object([("$ref", .string("#/$defs/queryItem"))])),
            ])
        case .type: return [("$ref", .string("#/$defs/type"))]
        case .buildValues:
            return nullable([
                ("type", .string("object")),
                ("additionalProperties", .object([("type", .array([.string("string"), .string("number"), .string("boolean")]))])),
            ])
        case .defaultValue:
            return [
                (
                    "anyOf",
                    .array([.object([("type", .string("string")), ("minLength", .integer(1))]), .object([("type", .string("integer"))])])
                )
            ]
        }
    }

    /// `string`, `int`, `uuid`, or a list of distinct, non-empty values.
    private static func typeSchema() -> JSONValue {
        .object([
            ("description", .string("`string`, `int`, `uuid`, or a list of the values it takes (distinct, non-empty strings).")),
            (
                "anyOf",
                .array([
                    .object([("enum", .array(["string", "int", "uuid"].map(JSONValue.string)))]),
                    .object([
                        ("type", .string("array")), ("minItems", .integer(1)), ("uniqueItems", .bool(true)),
                        ("items", .object([("type", .string("string")), ("minLength", .integer(1))])),
                    ]),
                ])
            ),
        ])
    }

    /// A query item: a type, null (a `string`), or its keys. A `default` is of the item's type
    /// where a schema can say so (`int`, `uuid`; a listed value is `lint`'s to check), and never
    /// beside `required: true`.
    private static func queryItem() -> JSONValue {
        let integerPattern = "^-?[0-9]{1,18}$"
        let uuidPattern = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        func defaultWhenType(_ type: String, _ defaultSchema: [(String, JSONValue)]) -> JSONValue {
            .object([
                (
                    "if",
                    .object([
                        ("properties", .object([(QueryItemKey.type.name, .object([("const", .string(type))]))])),
                        ("required", .array([.string(QueryItemKey.type.name)])),
                    ])
                ),
                ("then", .object([("properties", .object([(QueryItemKey.default.name, .object(defaultSchema))]))])),
            ])
        }
        let written: [(String, JSONValue)] = [
            ("type", .string("object")),
            ("properties", properties(QueryItemKey.keys)),
            ("additionalProperties", .bool(false)),
            (
                "not",
                .object([
                    ("properties", .object([(QueryItemKey.required.name, .object([("const", .bool(true))]))])),
                    ("required", .array([.string(QueryItemKey.required.name), .string(QueryItemKey.default.name)])),
                ])
            ),
            (
                "allOf",
                .array([
                    defaultWhenType(
                        "int",
                        [
                            (
                                "anyOf",
                                .array([
                                    .object([
                                        ("type", .string("integer")), ("minimum", .integer(-999_999_999_999_999_999)),
                                        ("maximum", .integer(999_999_999_999_999_999)),
                                    ]),
                                    .object(string(pattern: integerPattern)),
                                ])
                            )
                        ]),
                    defaultWhenType("uuid", string(pattern: uuidPattern)),
                ])
            ),
        ]
        return .object([
            ("anyOf", .array([.object([("type", .string("null"))]), .object([("$ref", .string("#/$defs/type"))]), .object(written)]))
        ])
    }
}
