/// A JSON value whose objects keep their fields in the order given, so output is stable.
package indirect enum JSONValue: Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Two-space indented text; strings escaped so that any text, control characters
    /// included, round-trips.
    package func serialized() -> String {
        var text = ""
        write(to: &text, indent: 0)
        return text
    }

    /// Writes the value as `serialized` does, starting at nesting level `indent`.
    package func write<Output: TextOutputStream>(to text: inout Output, indent: Int) {
        switch self {
        case .string(let value): text.write(Self.quoted(value))
        case .integer(let value): text.write(String(value))
        case .bool(let value): text.write(value ? "true" : "false")
        case .null: text.write("null")
        case .array(let items):
            guard !items.isEmpty else { text.write("[]"); return }
            text.write("[")
            for (position, item) in items.enumerated() {
                text.write(position == 0 ? "\n" : ",\n")
                text.write(Self.indentation(indent + 1))
                item.write(to: &text, indent: indent + 1)
            }
            text.write("\n")
            text.write(Self.indentation(indent))
            text.write("]")
        case .object(let fields):
            guard !fields.isEmpty else { text.write("{}"); return }
            text.write("{")
            for (position, (key, value)) in fields.enumerated() {
                text.write(position == 0 ? "\n" : ",\n")
                text.write(Self.indentation(indent + 1))
                text.write(Self.quoted(key))
                text.write(": ")
                value.write(to: &text, indent: indent + 1)
            }
            text.write("\n")
            text.write(Self.indentation(indent))
            text.write("}")
        }
    }

    private static func indentation(_ level: Int) -> String {
        String(repeating: "  ", count: level)
    }

    package static func quoted(_ string: String) -> String {
        // Most strings need no escape: they are copied whole, not a scalar at a time.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 >= 0x7F }) {
            return "\"" + string + "\""
        }
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                // What a terminal must not get raw (controls, bidirectional marks and overrides,
                // line separators) is a JSON escape: the same string to a reader of the JSON,
                // and inert to anyone who looks at the file.
                if TerminalText.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
