/// Text that is safe for a terminal or a CI log by construction: written as a string literal,
/// its literal parts are routelint's own words and every value it interpolates — a name from a
/// file, a path, an error's description — is escaped (`TerminalText`), unless the value is
/// `TerminalSafe` itself. So a message cannot pass a control character or a bidirectional
/// override from a manifest through, whoever writes it; its own line breaks stay.
public struct TerminalSafe: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The text, escaped.
    public private(set) var text: String

    /// Routelint's own words, as they are.
    public init(stringLiteral value: String) {
        text = value
    }

    /// The text of `interpolation`, its values escaped.
    public init(stringInterpolation interpolation: StringInterpolation) {
        text = interpolation.text
    }

    /// `text` from elsewhere (a file, an error, the command line), escaped.
    public init(escaping text: String) {
        self.text = TerminalText.escape(text)
    }

    /// The text, escaped.
    public var description: String { text }

    /// `items` each in single quotes, escaped, joined by commas: `'a', 'b'`.
    package static func quoted(_ items: [String]) -> TerminalSafe {
        TerminalSafe(escaping: items.map { "'\($0)'" }.joined(separator: ", "))
    }

    /// `first` followed by `second`.
    public static func + (first: TerminalSafe, second: TerminalSafe) -> TerminalSafe {
        var joined = first
        joined.text += second.text
        return joined
    }

    /// Appends `more` to `text`.
    public static func += (text: inout TerminalSafe, more: TerminalSafe) {
        text.text += more.text
    }

    /// The parts of a `TerminalSafe` literal: the literal text as it is, the values escaped.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        /// An interpolation of `literalCapacity` literal characters and `interpolationCount`
        /// values.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// Routelint's own words, as they are.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A value, escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TerminalText.escape(value.description)
        }

        /// Text escaped already, as it is.
        public mutating func appendInterpolation(_ value: TerminalSafe) {
            text += value.text
        }
    }
}
