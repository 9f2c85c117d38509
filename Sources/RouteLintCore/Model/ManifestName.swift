/// The syntax of the names a manifest declares — activities, tabs, holders, route ids — and
/// how to write one so that it reads back as itself.
package enum ManifestName {
    /// Whether `bytes` match `[A-Za-z_][A-Za-z0-9_.-]*`, the syntax of every name.
    package static func isValid<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var isFirst = true
        for byte in bytes {
            let allowed =
                isASCIILetter(byte) || byte == UInt8(ascii: "_")
                || (!isFirst && (isASCIIDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")))
            guard allowed else { return false }
            isFirst = false
        }
        return !isFirst
    }

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
