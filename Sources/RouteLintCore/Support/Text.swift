/// Small text helpers the layers share, written without Foundation.
extension StringProtocol {
    /// The first occurrence of `text`, without Foundation.
    package func firstOccurrence(of text: String) -> Range<Substring.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(text) { return index..<self.index(index, offsetBy: text.count) }
            index = self.index(after: index)
        }
        return nil
    }

    /// Without leading and trailing spaces and tabs: a slice, not the characters copied one by
    /// one through two reversals (a `--urls` file of 10,000 lines spent a fifth of `resolve` there).
    package func trimmingSpaces() -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// Whether some byte of the text's UTF-8 satisfies `test`, read where the text is stored:
    /// `utf8.contains(where:)` steps the view's index a byte at a time, five times the cost.
    @inlinable
    package func containsUTF8Byte(where test: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.contains(where: test) }
    }

    /// The text with zeros before it, to `width` characters: `"7".leftPadded(to: 2)` is `"07"`.
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Texts of at most seven bytes packed into one word, to be compared as numbers: the keywords
/// of YAML's core schema and the names of parameter types are matched this way, where
/// comparing strings cost each scalar or type some hundreds of instructions.
enum ShortText {
    /// `bytes` as one word — its bytes, then its length in the lowest byte, so that texts of
    /// different lengths never pack alike —, or nil for a text of more than seven bytes.
    @inline(__always)
    static func word(_ bytes: ArraySlice<UInt8>) -> UInt64? {
        guard bytes.count <= 7 else { return nil }
        var word: UInt64 = 0
        for byte in bytes { word = word << 8 | UInt64(byte) }
        return word << 8 | UInt64(bytes.count)
    }

    /// `text`'s word, for a table of known texts of at most seven bytes.
    static func word(_ text: String) -> UInt64 {
        guard let word = word(Array(text.utf8)[...]) else { preconditionFailure("'\(text)' is longer than seven bytes") }
        return word
    }
}
