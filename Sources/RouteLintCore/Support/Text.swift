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

    /// Without leading and trailing spaces and tabs.
    package func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

extension String {
    /// The text with zeros before it, to `width` characters: `"7".leftPadded(to: 2)` is `"07"`.
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
