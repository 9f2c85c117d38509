/// The syntax of the names a manifest declares — activities, tabs, holders, route ids — and
/// how to write one so that it reads back as itself.
package enum ManifestName {
    /// Whether `bytes` match `[A-Za-z_][A-Za-z0-9_.-]*`, the syntax of every name.
    ///
    /// Each byte is a bit looked up in a word: every name of a manifest is checked, and a
    /// comparison per character class cost a name some ninety instructions.
    package static func isValid<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        // The first byte may be none of bytes 0–63; the ones after it, those of `digitsDotAndHyphen`.
        var lower: UInt64 = 0
        for byte in bytes {
            let allowed = byte < 64 ? lower : lettersAndUnderscore
            guard byte < 128, allowed &>> UInt64(byte & 63) & 1 == 1 else { return false }
            lower = digitsDotAndHyphen
        }
        return lower != 0
    }

    /// Bytes 64–127 that a name may hold anywhere, one bit each (bit 0 is byte 64): `A`–`Z`
    /// (bits 1–26), `_` (31) and `a`–`z` (33–58).
    private static let lettersAndUnderscore: UInt64 = 0x07FF_FFFE_87FF_FFFE
    /// Bytes 0–63 that a name may hold after its first: `-` (bit 45), `.` (46) and `0`–`9`
    /// (48–57).
    private static let digitsDotAndHyphen: UInt64 = 0x03FF_6000_0000_0000

    /// A valid name as a YAML scalar: plain, unless the core schema would read the plain
    /// text as something else (`null`, `true`), then single-quoted.
    package static func scalar(_ name: String) -> String {
        ScalarType(Array(name.utf8), isPlain: true) == .string ? name : "'" + name + "'"
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
