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
