import RouteLintCore

/// Percent-decoding as `android.net.Uri` decodes `getPath()`, `getQuery()` and `getFragment()`
/// (`UriCodec.decode` with `+` kept and failures replaced rather than thrown): escaped bytes
/// gather until the next unescaped character and decode as UTF-8, a malformed sequence becoming
/// U+FFFD. A malformed escape is not kept as written: `%zz` gives U+FFFD, then the byte its
/// digits read so far (0), then `z` — the loop that reads the two digits stops at the bad one,
/// having taken it, and still stores the byte. An escape cut off by the end gives U+FFFD.
/// So `android:path="/a%zz"` is met by no URL written `/a%zz`.
enum AndroidURIDecoding {
    /// The decoded text, as UTF-16 code units.
    static func decode<Text: Collection<UInt8>>(_ text: Text) -> [UInt16] {
        var decoded: [UInt16] = []
        var pending: [UInt8] = []
        func flush() {
            guard !pending.isEmpty else { return }
            decoded += String(decoding: pending, as: UTF8.self).utf16
            pending.removeAll()
        }
        let bytes = Array(text)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "%") else {
                flush()
                // The text is UTF-8: a character outside ASCII is copied whole.
                var end = index
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                decoded += String(decoding: bytes[(index - 1)..<end], as: UTF8.self).utf16
                index = end
                continue
            }
            var value: UInt8 = 0
            var digits = 0
            while digits < 2 {
                guard index < bytes.count else {
                    flush()
                    decoded.append(0xFFFD)
                    return decoded
                }
                let digit = PathText.hexValue(bytes[index])
                index += 1
                guard let digit else {
                    flush()
                    decoded.append(0xFFFD)
                    break
                }
                value = value &* 16 &+ digit
                digits += 1
            }
            pending.append(value)
        }
        flush()
        return decoded
    }
}
