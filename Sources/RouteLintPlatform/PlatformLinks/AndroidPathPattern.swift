/// A path pattern of an Android intent filter's `<data>` element, read and matched as
/// `android.os.PatternMatcher` reads and matches it — including where that differs from a
/// regular expression:
///
/// - `pathPattern` (a simple glob): `X*` matches any run of `X`, and `.*` consumes the path up
///   to the first occurrence of the pattern's next character, never backtracking, so
///   `/.*/edit` does not match `/a/b/edit`. `\` escapes; there are no sets.
/// - `pathAdvancedPattern`: `.`, sets `[a-z]` and `[^/]`, the modifiers `*`, `+` and `{m,n}`;
///   each token takes as many characters as it can and never gives one back, so `/.*/edit`
///   matches nothing at all. A `}` outside a range is dropped; patterns AOSP's parser rejects
///   (a modifier with no token before it, an unclosed set or range, an escape at the end) are
///   rejected here with its reason.
///
/// Strings are compared as Java compares them, by UTF-16 code unit. The platform matches
/// `Uri.getPath()`: the path percent-decoded.
package struct AndroidPathPattern: Sendable, Equatable {
    /// The `<data>` attribute a pattern is written in.
    package enum Kind: String, Sendable, CaseIterable {
        /// `android:path`: the whole path, literally.
        case literal = "path"
        /// `android:pathPrefix`: the start of the path, literally.
        case prefix = "pathPrefix"
        /// `android:pathPattern`: a simple glob.
        case simpleGlob = "pathPattern"
        /// `android:pathAdvancedPattern`: an advanced glob.
        case advancedGlob = "pathAdvancedPattern"
        /// `android:pathSuffix`: the end of the path, literally.
        case suffix = "pathSuffix"

        /// The kind an attribute of local name `name` sets; nil for any other attribute. Asked of
        /// every attribute of a manifest's `<data>` elements: a name is compared with the one
        /// case of its length, where `init(rawValue:)` compares it with each case in turn.
        package init?(attributeName name: String) {
            let candidate: Self
            switch name.utf8.count {
            case 4: candidate = .literal
            case 10: candidate = name.utf8.dropFirst(4).first == UInt8(ascii: "P") ? .prefix : .suffix
            case 11: candidate = .simpleGlob
            case 19: candidate = .advancedGlob
            default: return nil
            }
            guard candidate.rawValue == name else { return nil }
            self = candidate
        }

        /// The first API level whose manifest parser reads the attribute: an older one ignores it.
        package var introducedIn: Int {
            switch self {
            case .literal, .prefix, .simpleGlob: return 1
            case .advancedGlob, .suffix: return 31
            }
        }
    }

    /// A pattern the platform's parser rejects, and why, in its words.
    package struct Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The attribute it is written in.
    package let kind: Kind
    /// The pattern as written.
    package let pattern: String
    /// The pattern's UTF-16 code units.
    let units: [UInt16]
    /// An advanced pattern as AOSP's parser stores it: characters, and negative markers.
    let parsed: [Int32]

    /// Reads `pattern` written in `kind`; an advanced pattern the platform rejects throws.
    package init(_ kind: Kind, _ pattern: String) throws(Rejection) {
        self.kind = kind
        self.pattern = pattern
        units = Self.codeUnits(of: pattern)
        parsed = kind == .advancedGlob ? try Self.parseAdvanced(units) : []
    }

    /// The UTF-16 code units of `text`. An ASCII text's are its bytes, copied in one pass; the
    /// UTF-16 view transcodes a unit at a time, a tenth of reading a generated manifest's patterns.
    private static func codeUnits(of text: String) -> [UInt16] {
        var bytes = text
        let ascii = bytes.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? bytes.map(UInt16.init) : nil }
        return ascii ?? Array(text.utf16)
    }

    /// Whether the pattern matches `path`, as the platform decides it.
    package func matches(_ path: String) -> Bool {
        let match = Array(path.utf16)
        switch kind {
        case .literal: return match == units
        case .prefix: return match.starts(with: units)
        case .suffix: return match.count >= units.count && Array(match.suffix(units.count)) == units
        case .simpleGlob: return Self.matchSimpleGlob(units, match)
        case .advancedGlob: return Self.matchAdvanced(parsed, match)
        }
    }

    // MARK: - pathPattern

    static let star = UInt16(UInt8(ascii: "*"))
    static let dot = UInt16(UInt8(ascii: "."))
    static let backslash = UInt16(UInt8(ascii: "\\"))

    /// `PatternMatcher.matchGlobPattern`, step for step: its quirks are what the platform does.
    private static func matchSimpleGlob(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let patternCount = pattern.count
        guard patternCount > 0 else { return match.isEmpty }
        let matchCount = match.count
        var ip = 0
        var im = 0
        // 0 stands for "no character", as Java's `(char) 0` does there.
        func at(_ index: Int) -> UInt16 { index < patternCount ? pattern[index] : 0 }
        var next = pattern[0]
        while ip < patternCount && im < matchCount {
            var character = next
            ip += 1
            next = at(ip)
            let escaped = character == backslash
            if escaped {
                character = next
                ip += 1
                next = at(ip)
            }
            if next == star {
                if !escaped && character == dot {
                    // `.*` last in the pattern matches whatever is left.
                    if ip >= patternCount - 1 { return true }
                    ip += 1
                    next = pattern[ip]
                    if next == backslash {
                        ip += 1
                        next = at(ip)
                    }
                    // Consume up to the first occurrence of the next pattern character.
                    while im < matchCount && match[im] != next { im += 1 }
                    if im == matchCount { return false }
                    ip += 1
                    next = at(ip)
                    im += 1
                } else {
                    // Consume every repeat of the character before `*`.
                    while im < matchCount && match[im] == character { im += 1 }
                    ip += 1
                    next = at(ip)
                }
            } else {
                if character != dot && match[im] != character { return false }
                im += 1
            }
        }
        if ip >= patternCount && im >= matchCount { return true }
        // The path is used up, but a `.*` may still end the pattern.
        return ip == patternCount - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }

    // MARK: - pathAdvancedPattern

    // AOSP's markers in a parsed advanced pattern; characters are 0 and up.
    static let setStart: Int32 = -1
    static let inverseSetStart: Int32 = -2
    static let setStop: Int32 = -3
    static let anyCharacter: Int32 = -4
    static let rangeStart: Int32 = -5
    static let rangeStop: Int32 = -6
    static let zeroOrMore: Int32 = -7
    static let oneOrMore: Int32 = -8
    /// AOSP's parse buffer; a pattern that fills it is "too large".
    private static let maximumStorage = 2048

    private static func isModifier(_ token: Int32) -> Bool {
        token == oneOrMore || token == zeroOrMore || token == rangeStop || token == rangeStart
    }

    /// `PatternMatcher.parseAndVerifyAdvancedPattern`: the same tokens, the same rejections.
    private static func parseAdvanced(_ pattern: [UInt16]) throws(Rejection) -> [Int32] {
        let count = pattern.count
        var parsed: [Int32] = []
        // A set's character takes two entries, so twice the units (and one range's bounds) bound
        // what it needs: one allocation.
        parsed.reserveCapacity(min(2 * count + 2, maximumStorage))
        var ip = 0
        var inSet = false
        var inRange = false
        var inCharacterClass = false
        func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
        while ip < count {
            if parsed.count > maximumStorage - 3 { throw Rejection(description: "Pattern is too large!") }
            var character = pattern[ip]
            var literal = false
            switch character {
            case ascii("["):
                if inSet {
                    literal = true
                } else {
                    // AOSP reads the character after '[' unchecked: at the end it fails.
                    guard ip + 1 < count else { throw Rejection(description: "Set was not terminated!") }
                    if pattern[ip + 1] == ascii("^") {
                        parsed.append(inverseSetStart)
                        ip += 1
                    } else {
                        parsed.append(setStart)
                    }
                    ip += 1
                    inSet = true
                    continue
                }
            case ascii("]"):
                if !inSet {
                    literal = true
                } else {
                    if let last = parsed.last, last == setStart || last == inverseSetStart {
                        throw Rejection(description: "You must define characters in a set.")
                    }
                    parsed.append(setStop)
                    inSet = false
                    inCharacterClass = false
                }
            case ascii("{"):
                if !inSet {
                    if parsed.isEmpty || isModifier(parsed.last!) { throw Rejection(description: "Modifier must follow a token.") }
                    parsed.append(rangeStart)
                    ip += 1
                    inRange = true
                }
            case ascii("}"):
                if inRange {
                    parsed.append(rangeStop)
                    inRange = false
                }
            case ascii("*"), ascii("+"):
                if !inSet {
                    if parsed.isEmpty || isModifier(parsed.last!) { throw Rejection(description: "Modifier must follow a token.") }
                    parsed.append(character == ascii("*") ? zeroOrMore : oneOrMore)
                }
            case ascii("."):
                if !inSet { parsed.append(anyCharacter) }
            case ascii("\\"):
                guard ip + 1 < count else { throw Rejection(description: "Escape found at end of pattern!") }
                ip += 1
                character = pattern[ip]
                literal = true
            default:
                literal = true
            }
            if inSet {
                if inCharacterClass {
                    parsed.append(Int32(character))
                    inCharacterClass = false
                } else if ip + 2 < count && pattern[ip + 1] == ascii("-") && pattern[ip + 2] != ascii("]") {
                    // The lower end of a range `a-z`; its upper end comes next.
                    inCharacterClass = true
                    parsed.append(Int32(character))
                    ip += 1
                } else {
                    parsed.append(Int32(character))
                    parsed.append(Int32(character))
                }
            } else if inRange {
                guard let end = pattern[ip...].firstIndex(of: ascii("}")) else {
                    throw Rejection(description: "Range not ended with '}'")
                }
                let bounds: (Int32, Int32)
                if let comma = pattern[ip..<end].firstIndex(of: ascii(",")) {
                    guard let minimum = javaInteger(pattern[ip..<comma]) else {
                        throw Rejection(description: "Range number format incorrect")
                    }
                    if comma + 1 == end {
                        bounds = (minimum, Int32.max)
                    } else {
                        guard let maximum = javaInteger(pattern[(comma + 1)..<end]) else {
                            throw Rejection(description: "Range number format incorrect")
                        }
                        bounds = (minimum, maximum)
                    }
                } else {
                    guard let exact = javaInteger(pattern[ip..<end]) else { throw Rejection(description: "Range number format incorrect") }
                    bounds = (exact, exact)
                }
                guard bounds.0 <= bounds.1 else { throw Rejection(description: "Range quantifier minimum is greater than maximum") }
                parsed.append(bounds.0)
                parsed.append(bounds.1)
                ip = end
                continue
            } else if literal {
                parsed.append(Int32(character))
            }
            ip += 1
        }
        if inSet { throw Rejection(description: "Set was not terminated!") }
        // Kept in an array of its own size: the spare capacity appending leaves would be a
        // third of a small pattern's memory, and a file may hold hundreds of thousands.
        return Array(unsafeUninitializedCapacity: parsed.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: parsed)
            count = parsed.count
        }
    }

    /// `Integer.parseInt` as Android runs it: an optional sign, then decimal digits within 32
    /// bits — any Unicode decimal digit, since its `Character.digit` asks ICU (`{٢}` is `{2}`).
    private static func javaInteger(_ units: ArraySlice<UInt16>) -> Int32? {
        var digits = units
        let negative = digits.first == UInt16(UInt8(ascii: "-"))
        if negative || digits.first == UInt16(UInt8(ascii: "+")) { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var magnitude: Int64 = 0
        for unit in digits {
            guard let digit = decimalDigit(unit) else { return nil }
            magnitude = magnitude * 10 + digit
            // Past Int32's bounds whatever the sign: stop before Int64 could overflow too.
            if magnitude > Int64(Int32.max) + 1 { return nil }
        }
        return Int32(exactly: negative ? -magnitude : magnitude)
    }

    /// The value of a UTF-16 unit that is a decimal digit (Unicode's `Nd`); nil for any other,
    /// a surrogate included (Java's `charAt` hands `Character.digit` half a pair).
    private static func decimalDigit(_ unit: UInt16) -> Int64? {
        if unit >= 0x30 && unit <= 0x39 { return Int64(unit - 0x30) }
        guard unit >= 0x80, let scalar = Unicode.Scalar(unit), scalar.properties.numericType == .decimal,
            let value = scalar.properties.numericValue
        else { return nil }
        return Int64(value)
    }

    /// One token of a parsed advanced pattern, as `matchAdvancedPattern` reads it: what it
    /// accepts, how many units it takes, and where the next token starts. Read from `parsed` where
    /// it is needed, so that a pattern keeps no second copy of its tokens: a file may hold
    /// hundreds of thousands of patterns.
    struct AdvancedToken {
        /// A unit (0...0xFFFF), `anyCharacter`, `setStart` or `inverseSetStart`.
        let marker: Int32
        /// For a set, where its members' bounds lie in `parsed`, in pairs.
        let members: Range<Int>
        let minimum: Int32
        let maximum: Int32
        /// Where the next token starts in `parsed`.
        let end: Int

        /// The one unit accepted, if that is what the token accepts.
        var unit: UInt16? { marker >= 0 ? UInt16(truncatingIfNeeded: marker) : nil }

        /// Whether the token takes `unit`; `parsed` is the pattern's, which holds the members.
        func takes(_ unit: UInt16, in parsed: [Int32]) -> Bool {
            switch marker {
            case AndroidPathPattern.anyCharacter: return true
            case AndroidPathPattern.setStart, AndroidPathPattern.inverseSetStart:
                let value = Int32(unit)
                var pair = members.lowerBound
                while pair + 1 < members.upperBound {
                    if value >= parsed[pair] && value <= parsed[pair + 1] { return marker == AndroidPathPattern.setStart }
                    pair += 2
                }
                return marker == AndroidPathPattern.inverseSetStart
            default: return Int32(unit) == marker
            }
        }
    }

    /// The token of `parsed` that starts at `start`, as `matchAdvancedPattern` reads it.
    static func advancedToken(in parsed: [Int32], at start: Int) -> AdvancedToken {
        let count = parsed.count
        let marker = parsed[start]
        var ip = start + 1
        var members = ip..<ip
        if marker == setStart || marker == inverseSetStart {
            while ip < count && parsed[ip] != setStop { ip += 1 }
            members = start + 1..<ip
            ip += 1
        }
        var minimum: Int32 = 1
        var maximum: Int32 = 1
        if ip < count {
            switch parsed[ip] {
            case zeroOrMore:
                (minimum, maximum) = (0, Int32.max)
                ip += 1
            case oneOrMore:
                (minimum, maximum) = (1, Int32.max)
                ip += 1
            case rangeStart:
                (minimum, maximum) = (parsed[ip + 1], parsed[ip + 2])
                ip += 4
            default:
                break
            }
        }
        return AdvancedToken(marker: marker, members: members, minimum: minimum, maximum: maximum, end: ip)
    }

    /// `PatternMatcher.matchAdvancedPattern`: each token takes as many characters as it may
    /// and keeps them.
    private static func matchAdvanced(_ parsed: [Int32], _ match: [UInt16]) -> Bool {
        var ip = 0
        var im = 0
        while ip < parsed.count {
            let token = advancedToken(in: parsed, at: ip)
            if token.minimum > token.maximum { return false }
            var matched: Int32 = 0
            while matched < token.maximum && im + Int(matched) < match.count
                && token.takes(match[im + Int(matched)], in: parsed)
            {
                matched += 1
            }
            if matched < token.minimum { return false }
            im += Int(matched)
            ip = token.end
        }
        return im >= match.count
    }
}
