import RouteLintCore

/// The output of `routelint resolve`.
package enum ResolutionReporter {
    /// `routelint resolve`'s text: one block per URL, in input order.
    package static func text(_ resolutions: [URLResolver.Resolution]) -> String {
        var output = ""
        for resolution in resolutions {
            let url = TerminalText.escape(resolution.url)
            switch resolution.status {
            case .resolved:
                output += "\(url) → route '\(TerminalText.escape(resolution.route ?? ""))'\n"
                let fields: [(String, String?)] = [
                    ("activity", resolution.activity),
                    ("tab", resolution.tab),
                    ("holder", resolution.holder),
                    ("params", pairs(resolution.parameters)),
                    ("query", pairs(resolution.query)),
                ]
                for case let (label, value?) in fields {
                    output += "  " + label + String(repeating: " ", count: 10 - label.count) + TerminalText.escape(value) + "\n"
                }
            case .ambiguous:
                output += "\(url) → ambiguous: \(TerminalText.escape(resolution.reason ?? ""))\n"
            case .unmatched:
                output += "\(url) → no route: \(TerminalText.escape(resolution.reason ?? ""))\n"
            }
        }
        return output
    }

    /// `id=42 (int), page=1 (int, default)`: a typed value says its type.
    private static func pairs(_ pairs: [URLResolver.Pair]) -> String? {
        pairs.isEmpty
            ? nil
            : pairs.map { pair in
                let notes = [pair.type, pair.isDefault ? "default" : nil].compactMap { $0 }
                return "\(pair.name)=\(pair.value)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
            }.joined(separator: ", ")
    }

    /// The array docs/usage.md defines ("Which route does a URL open?"): one object per URL, in input order. Every key is
    /// always present; what does not apply is null (or empty).
    package static func json(_ resolutions: [URLResolver.Resolution]) -> String {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        // An `int` value is a number; every other value, its decoded text.
        func object(_ pairs: [URLResolver.Pair]) -> JSONValue {
            .object(
                pairs.map {
                    ($0.name, $0.type == "int" ? Int64($0.value).map { .integer(Int($0)) } ?? .string($0.value) : .string($0.value))
                })
        }
        return JSONValue.array(
            resolutions.map { resolution in
                .object([
                    ("url", .string(resolution.url)),
                    ("status", .string(resolution.status.rawValue)),
                    ("route", optional(resolution.route)),
                    ("candidates", .array(resolution.candidates.map(JSONValue.string))),
                    ("activity", optional(resolution.activity)),
                    ("tab", optional(resolution.tab)),
                    ("holder", optional(resolution.holder)),
                    ("params", object(resolution.parameters)),
                    ("query", object(resolution.query)),
                    ("reason", optional(resolution.reason)),
                ])
            }
        ).serialized() + "\n"
    }
}
