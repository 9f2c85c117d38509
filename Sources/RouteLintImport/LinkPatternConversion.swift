import RouteLintCore
import RouteLintPlatform

/// The route patterns nearest to what one platform path pattern claims (docs/adopting.md): a
/// literal segment stays literal, a wildcard that takes one whole segment becomes a parameter,
/// one that takes the rest of the path becomes `**`. What a route pattern cannot say — a
/// wildcard inside a segment, a suffix — is named in `approximation`; whether the result is
/// exact is decided afterwards, over every URL path, by the same check `lint` makes.
package struct LinkPatternConversion: Sendable, Equatable {
    /// The route paths, in order; none when no route comes near (a `pathSuffix`).
    package var paths: [String]
    /// Why the paths can only come near the pattern, when that shows in its text.
    package var approximation: String?

    /// One unit of a pattern: a character or a wildcard, with how often it repeats.
    private struct Token: Equatable {
        enum Unit: Equatable {
            case character(Character)
            /// Any character, `/` included.
            case any
            /// Any character but `/` (`[^/]`).
            case notSlash
            /// Another set: only its text is kept.
            case set(String)
        }

        enum Repeat: Equatable { case one, optional, zeroOrMore, oneOrMore }

        var unit: Unit
        var repeats: Repeat = .one

        var isSlash: Bool { unit == .character("/") && repeats == .one }
        var isLiteral: Bool {
            if case .character = unit, repeats == .one { return true }
            return false
        }
    }

    /// The route paths nearest to an apple-app-site-association component's path pattern
    /// (`*` any run of characters, `/` included; `?` one character). `depthBound`: an earlier
    /// exclusion has decided every path of more segments, so a wildcard at that depth takes
    /// one segment only — the layout `generate app-links` writes.
    package static func apple(_ pattern: String, depthBound: Int? = nil) -> LinkPatternConversion {
        // As iOS reads it: one leading '/', no trailing one, and a final `/*` that may be left
        // out, which the path without it stands for (`/app/*` is `/app/**` and `/app`).
        let path = ApplePathPattern(pattern)
        var conversion = convert(appleTokens(path.glob), written: pattern)
        if let parent = path.parentGlob {
            let shorter = convert(appleTokens(parent), written: pattern)
            conversion.paths += shorter.paths.filter { !conversion.paths.contains($0) }
            conversion.approximation = conversion.approximation ?? shorter.approximation
        }
        if let depthBound, conversion.paths.count == 1, conversion.paths[0].hasSuffix("/**") {
            var segments = conversion.paths[0].split(separator: "/").map(String.init)
            if segments.count == depthBound {
                var names = ParameterNames()
                for segment in segments where segment.hasPrefix(":") { names.reserve(String(segment.dropFirst())) }
                let previous = segments.count > 1 ? segments[segments.count - 2] : nil
                segments[segments.count - 1] = names.name(after: previous?.hasPrefix(":") == true ? nil : previous)
                conversion.paths = ["/" + segments.joined(separator: "/")]
            }
        }
        return conversion
    }

    /// The number of segments every path has that an exclusion written as `/?*/?*/…` (one
    /// `?*` a segment) matches: such a component keeps every path of at least that many
    /// segments that earlier components left undecided on the web.
    package static func appleDepthExclusion(_ pattern: String) -> Int? {
        let pieces = pattern.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count > 1, pieces[0].isEmpty, pieces.dropFirst().allSatisfy({ $0 == "?*" }) else { return nil }
        return pieces.count - 1
    }

    /// The tokens of a glob as `ApplePathPattern` gives it: it starts with '/' (or is empty, the root).
    private static func appleTokens(_ glob: String) -> [Token] {
        glob.isEmpty
            ? [Token(unit: .character("/"))]
            : glob.map { character -> Token in
                switch character {
                case "*": return Token(unit: .any, repeats: .zeroOrMore)
                case "?": return Token(unit: .any)
                default: return Token(unit: .character(character))
                }
            }
    }

    /// The route paths nearest to an Android `<data>` path attribute.
    package static func android(_ pattern: AndroidPathPattern) -> LinkPatternConversion {
        switch pattern.kind {
        case .literal:
            return convert(pattern.pattern.map { Token(unit: .character($0)) }, written: pattern.pattern)
        case .prefix:
            let literal = pattern.pattern.map { Token(unit: .character($0)) }
            if pattern.pattern.hasSuffix("/") {
                return convert(literal + [Token(unit: .any, repeats: .zeroOrMore)], written: pattern.pattern)
            }
            // `/products` also starts `/products/1` and `/productsale`: the route and the
            // subtree below it come nearest.
            var conversion = convert(literal, written: pattern.pattern)
            conversion.paths = conversion.paths.flatMap { [$0, $0 == "/" ? "/**" : $0 + "/**"] }
            conversion.approximation = conversion.approximation ?? "a prefix that also starts longer segments"
            return conversion
        case .simpleGlob:
            return convert(simpleGlobTokens(pattern.pattern), written: pattern.pattern)
        case .advancedGlob:
            return convert(advancedGlobTokens(pattern.pattern), written: pattern.pattern)
        case .suffix:
            return LinkPatternConversion(paths: [], approximation: "a suffix, which no route pattern can hold")
        }
    }

    /// `pathPattern`: `.` any character, `X*` any run of X, `\` escapes.
    private static func simpleGlobTokens(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\\":
                if let escaped = characters.next() { tokens.append(Token(unit: .character(escaped))) }
            case ".": tokens.append(Token(unit: .any))
            case "*":
                if let last = tokens.popLast(), last.repeats == .one {
                    tokens.append(Token(unit: last.unit, repeats: .zeroOrMore))
                } else {
                    tokens.append(Token(unit: .character("*")))
                }
            default: tokens.append(Token(unit: .character(character)))
            }
        }
        return tokens
    }

    /// `pathAdvancedPattern`: `.`, sets, `*`, `+`, `{m,n}` and `\`.
    private static func advancedGlobTokens(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(pattern)
        var index = 0
        func modify(_ repeats: Token.Repeat) {
            guard let last = tokens.popLast() else { return }
            tokens.append(Token(unit: last.unit, repeats: last.repeats == .one ? repeats : .zeroOrMore))
        }
        /// The text up to `closing`, which is passed over.
        func text(until closing: Character) -> String {
            var text = ""
            while index < characters.count && characters[index] != closing {
                text.append(characters[index])
                index += 1
            }
            index += 1
            return text
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\\":
                if index < characters.count {
                    tokens.append(Token(unit: .character(characters[index])))
                    index += 1
                }
            case ".": tokens.append(Token(unit: .any))
            case "[":
                let set = text(until: "]")
                tokens.append(Token(unit: set == "^/" ? .notSlash : .set(set)))
            case "*": modify(.zeroOrMore)
            case "+": modify(.oneOrMore)
            case "{":
                let bounds = text(until: "}").split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingSpaces()) }
                switch (bounds.first ?? nil, bounds.count > 1 ? bounds[1] : bounds.first ?? nil) {
                case (0, 1): modify(.optional)
                case (1, 1): break
                case (0, _): modify(.zeroOrMore)
                default: modify(.oneOrMore)
                }
            default: tokens.append(Token(unit: .character(character)))
            }
        }
        return tokens
    }

    /// Segment by segment: the pieces between slashes.
    private static func convert(_ input: [Token], written: String) -> LinkPatternConversion {
        var tokens = input
        // One trailing `/`, optional or not, is what every route ignores.
        if let last = tokens.last, last.unit == .character("/"), last.repeats == .optional || last.repeats == .one, tokens.count > 1 {
            tokens.removeLast()
        }
        guard tokens.first?.isSlash == true else {
            return LinkPatternConversion(paths: [], approximation: "a pattern that does not start with '/'")
        }
        var pieces: [[Token]] = [[]]
        for token in tokens.dropFirst() {
            if token.isSlash { pieces.append([]) } else { pieces[pieces.count - 1].append(token) }
        }
        if pieces == [[]] { return LinkPatternConversion(paths: ["/"], approximation: nil) }
        var segments: [String] = []
        var parameters = ParameterNames()
        var approximation: String?
        for (position, piece) in pieces.enumerated() {
            let isLast = position == pieces.count - 1
            let previous = segments.last.flatMap { $0.hasPrefix(":") || $0 == "*" ? nil : $0 }
            if piece.isEmpty {
                approximation = approximation ?? "an empty segment"
                continue
            }
            if piece.allSatisfy(\.isLiteral) {
                let text = String(
                    piece.compactMap { token -> Character? in
                        if case .character(let character) = token.unit { return character }
                        return nil
                    })
                if !isStaticSegment(text) {
                    approximation = approximation ?? "characters a route's static segment cannot hold"
                    segments.append(parameters.name(after: previous))
                } else {
                    segments.append(text)
                }
                continue
            }
            let crossesSlash = piece.contains { $0.unit == .any && $0.repeats != .one }
            if isLast && piece.count == 1 && piece[0].unit == .any && piece[0].repeats != .one {
                // `*` or `.*` at the end: the rest of the path.
                if piece[0].repeats == .zeroOrMore && segments.isEmpty {
                    return LinkPatternConversion(paths: ["/", "/**"], approximation: approximation)
                }
                segments.append("**")
                continue
            }
            if isLast && piece.count == 2 && piece[0].unit == .any && piece[0].repeats == .one && piece[1].unit == .any
                && piece[1].repeats == .zeroOrMore
            {
                segments.append("**")  // `..*`: one character, then the rest.
                continue
            }
            let wholeSegment = piece.count == 1 || (piece.count == 2 && piece[0].repeats == .one && piece[1].unit == piece[0].unit)
            let wildcards = piece.filter { !$0.isLiteral }
            if wholeSegment && wildcards.allSatisfy({ $0.unit == .any || $0.unit == .notSlash }) {
                segments.append(parameters.name(after: previous))
            } else if isLast && crossesSlash {
                approximation = approximation ?? "a wildcard inside a segment ('\(written)')"
                segments.append("**")
            } else {
                approximation = approximation ?? "a wildcard inside a segment ('\(written)')"
                segments.append(parameters.name(after: previous))
            }
        }
        if segments.isEmpty { return LinkPatternConversion(paths: ["/"], approximation: approximation) }
        return LinkPatternConversion(paths: ["/" + segments.joined(separator: "/")], approximation: approximation)
    }

    /// Whether `text` is a static segment of a route path (docs/usage.md, "Path patterns"):
    /// RFC 3986 path characters and whole `%XX` escapes, not starting with `:`, not `*`.
    static func isStaticSegment<Text: StringProtocol>(_ text: Text) -> Bool {
        let characters = Array(text)
        guard !characters.isEmpty, characters[0] != ":", text != "*", text != "**" else { return false }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "%" {
                let isHex = { (digit: Character) in digit.isASCII && digit.isHexDigit }
                guard index + 2 < characters.count, isHex(characters[index + 1]), isHex(characters[index + 2]) else { return false }
                index += 3
                continue
            }
            guard let ascii = character.asciiValue else { return false }
            switch ascii {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            default:
                guard "-._~!$&'()+,;=@".contains(character) else { return false }
            }
            index += 1
        }
        return true
    }
}

/// Parameter names for one path, each from the literal segment before it (`/products/:product`),
/// unique within the path.
package struct ParameterNames {
    private var used: Set<String> = []

    package init() {}

    /// A fresh name for a parameter that follows the literal `previous` (nil: none).
    package mutating func name(after previous: String?) -> String {
        var base = "id"
        if let previous {
            var words = previous.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map(String.init)
            if let last = words.popLast() {
                let singular =
                    last.count > 3 && last.hasSuffix("ies")
                    ? String(last.dropLast(3)) + "y"
                    : last.count > 2 && last.hasSuffix("s") && !last.hasSuffix("ss") ? String(last.dropLast()) : last
                words.append(singular)
            }
            let joined = words.enumerated().map {
                $0.offset == 0 ? $0.element.lowercased() : $0.element.prefix(1).uppercased() + $0.element.dropFirst().lowercased()
            }.joined()
            if let first = joined.first, first.isLetter { base = joined }
        }
        var name = base
        var counter = 2
        while used.contains(name) {
            name = base + String(counter)
            counter += 1
        }
        used.insert(name)
        return ":" + name
    }

    /// Marks `name` (without `:`) as taken.
    package mutating func reserve(_ name: String) { used.insert(name) }
}
