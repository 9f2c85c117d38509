/// A declared type apart from the file it was written in: what a link carries, a plan holds and
/// every output names. Compared and hashed as a type, never by its name: the decoder alone reads
/// names (`DeclaredType`), and a message or JSON writes one from `description`.
package enum ValueType: Hashable, Sendable, CustomStringConvertible {
    /// Any non-empty value.
    case string
    /// An optional `-` then 1 to 18 ASCII digits.
    case int
    /// 8-4-4-4-12 hexadecimal digits.
    case uuid
    /// Exactly one of these values, as written, in the order written.
    case listed([String])

    /// `int`, `[users, repos]`: the type as a manifest writes it and a message names it.
    package var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .uuid: return "uuid"
        case .listed(let values): return "[" + values.joined(separator: ", ") + "]"
        }
    }

    /// `text`, a value of this type, as generated code writes it back from the typed value it
    /// holds: an `int` without leading zeros or `+`, a `uuid` in lower case; others as they are.
    package func canonical(_ text: String) -> String {
        switch self {
        case .int: return Int(text).map(String.init) ?? text
        case .uuid: return text.lowercased()
        case .string, .listed: return text
        }
    }
}

extension DeclaredType {
    /// The type apart from its file, its listed values as `text` spells their symbols.
    package func valueType(_ text: (Symbol) -> String) -> ValueType {
        switch self {
        case .string: return .string
        case .int: return .int
        case .uuid: return .uuid
        case .listed(let values): return .listed(values.map { text($0.text.value) })
        }
    }
}

/// A value a link carries, by name and type: a path parameter or a query item. What a stack
/// needs of a link and what a link gives a route are sets of these.
package struct CarriedValue: Hashable, Sendable, CustomStringConvertible {
    /// The parameter's or query item's name.
    package let name: String
    /// Its type.
    package let type: ValueType

    /// The value named `name`, of `type`.
    package init(name: String, type: ValueType) {
        self.name = name
        self.type = type
    }

    /// `id: int`, as messages name it.
    package var description: String { "\(name): \(type)" }
}
