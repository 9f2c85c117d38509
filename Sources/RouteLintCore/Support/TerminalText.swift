/// Makes text from manifests safe to print to a terminal or a CI log: control characters
/// (which could move the cursor, change colours or, in a CI log, start a command) and
/// bidirectional-override characters (which could reorder what a reader sees) are written
/// as `\u{…}` escapes.
package enum TerminalText {
    /// `text` with every control character, bidirectional mark or override, and line or
    /// paragraph separator written as its `\u{…}` escape.
    package static func escape(_ text: String) -> String {
        // Printable ASCII needs nothing: most text is that, and a byte scan tells.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }), text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { escaped += escapeSequence(scalar) } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    /// Whether `scalar` must not reach a terminal as it is.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The escape that shows `scalar`, as `\u{1B}` shows ESC.
    package static func escapeSequence(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
