/// A route's URL path pattern (spec section 1, "Path patterns").
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        /// A static segment, compared in its canonical spelling (see `PathText.canonical`) so
        /// that `%41` and `A` are the same segment.
        case literal(String)
        /// `:name`: one segment, bound to `name`.
        case parameter(String)
        /// `*`: one segment, bound to nothing. Matches exactly what a parameter matches.
        case wildcard
        /// `**`: one or more segments; only last.
        case rest
    }

    public let segments: [Segment]
    /// The pattern as written in the manifest.
    public let text: String

    public var description: String { text }

    public var endsWithRest: Bool { segments.last == .rest }

    /// The names of the pattern's parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
    }

    /// Whether the pattern has any `:name`, `*` or `**` segment.
    public var hasParameters: Bool {
        segments.contains { if case .literal = $0 { return false } else { return true } }
    }

    public struct SyntaxError: Error, Equatable, Sendable {
        public let message: String
    }

    public static func parse(_ text: String) -> Result<PathPattern, SyntaxError> {
        func failure(_ message: String) -> Result<PathPattern, SyntaxError> { .failure(SyntaxError(message: message)) }
        let bytes = text.utf8
        guard bytes.first == UInt8(ascii: "/") else {
            return failure(text.isEmpty ? "the path is empty; it must start with '/'" : "the path must start with '/'")
        }
        // Only ASCII white space needs its own message: any other character is refused in
        // every segment anyway. Static segments allow none of these bytes, so checking only
        // paths that have one keeps the common path to one scan.
        if bytes.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            if let space = bytes.first(where: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }) {
                return failure("the path contains white space (U+\(String(space, radix: 16, uppercase: true).leftPadded(to: 4)))")
            }
            if bytes.contains(UInt8(ascii: "?")) { return failure("the path contains a query ('?'); patterns match the path only") }
            if bytes.contains(UInt8(ascii: "#")) { return failure("the path contains a fragment ('#'); patterns match the path only") }
        }
        if bytes.count == 1 { return .success(PathPattern(segments: [], text: text)) }
        if bytes.last == UInt8(ascii: "/") { return failure("the path ends with '/'; only the root path '/' may") }

        // One pass over the bytes, without splitting into substrings: every route has a path,
        // so this is on the hot path of a large route set.
        var contiguous = text
        return contiguous.withUTF8 { buffer -> Result<PathPattern, SyntaxError> in
            let segmentCount = buffer.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
            var segments: [Segment] = []
            segments.reserveCapacity(segmentCount)
            var start = 1
            while start <= buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != UInt8(ascii: "/") { end += 1 }
                let piece = UnsafeBufferPointer(rebasing: buffer[start..<end])
                let ordinal = segments.count + 1
                let isLast = end >= buffer.count
                if piece.isEmpty { return failure("segment \(ordinal) is empty ('//')") }
                let pieceText = String(decoding: piece, as: UTF8.self)
                if piece.count <= 2 && piece.allSatisfy({ $0 == UInt8(ascii: "*") }) {
                    if piece.count == 1 {
                        segments.append(.wildcard)
                    } else {
                        guard isLast else { return failure("'**' must be the last segment; it matches the rest of the path") }
                        segments.append(.rest)
                    }
                } else if piece[0] == UInt8(ascii: ":") {
                    let name = String(pieceText.dropFirst())
                    guard PathText.isParameterName(name) else {
                        return failure(name.isEmpty
                            ? "segment \(ordinal) is ':' without a parameter name"
                            : "parameter name '\(name)' must match [A-Za-z_][A-Za-z0-9_]* (a parameter fills a whole segment)")
                    }
                    // Paths have a handful of parameters: a linear search beats hashing.
                    guard !segments.contains(.parameter(name)) else {
                        return failure("parameter ':\(name)' appears twice; parameter names must be unique within a path")
                    }
                    segments.append(.parameter(name))
                } else {
                    switch PathText.canonical(pieceText) {
                    case .success(let canonical): segments.append(.literal(canonical))
                    case .failure(let error): return failure("segment \(ordinal) '\(pieceText)': \(error.message)")
                    }
                }
                start = end + 1
            }
            return .success(PathPattern(segments: segments, text: text))
        }
    }
}

/// Character rules shared by patterns and by the URLs `resolve` matches against them.
public enum PathText {
    /// Whether `byte` may stand unescaped in a static segment: letters, digits and
    /// `-._~!$&'()+,;=@` (RFC 3986 path characters less `:` and `*`, which patterns use).
    public static func isSegmentCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    /// Whether `name` matches `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isParameterName<S: StringProtocol>(_ name: S) -> Bool {
        var isFirst = true
        for byte in name.utf8 {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || byte == UInt8(ascii: "_") || (isDigit && !isFirst) else { return false }
            isFirst = false
        }
        return !isFirst
    }

    /// A static segment in canonical form: `%XX` escapes decoded, then every byte that is
    /// not a segment character written as `%XX` in upper case. Two segments are equal after
    /// decoding exactly when their canonical forms are equal.
    public static func canonical<S: StringProtocol>(_ segment: S) -> Result<String, PathPattern.SyntaxError> {
        // Fast path: nothing to decode or escape, the segment is its own canonical form.
        if segment.utf8.allSatisfy(isSegmentCharacter) { return .success(String(segment)) }
        let bytes = Array(segment.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    return .failure(.init(message: "'%' must start a percent-escape of two hex digits"))
                }
                decoded.append(high << 4 | low)
                index += 3
            } else if isSegmentCharacter(byte) {
                decoded.append(byte)
                index += 1
            } else {
                let character = String(decoding: bytes[index...], as: UTF8.self).unicodeScalars.first.map(String.init) ?? "?"
                return .failure(.init(message: "character '\(character)' is not allowed in a static segment; percent-encode it"))
            }
        }
        return .success(encode(decoded))
    }

    /// Canonical form of an already decoded segment.
    public static func encode(_ decoded: [UInt8]) -> String {
        var text = ""
        text.reserveCapacity(decoded.count)
        for byte in decoded {
            if isSegmentCharacter(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return text
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
