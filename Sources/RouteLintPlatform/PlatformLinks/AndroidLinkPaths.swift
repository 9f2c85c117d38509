import RouteLintCore

/// The path attributes of the `https` intent filter that claim an app's claimed set, from the
/// claimed-set automaton (`ClaimedSegments`, decoded spelling, as `Uri.getPath()` reads).
///
/// A filter's path attributes form a union, with no order and no exclusion, so the set is
/// written as a union of disjoint pieces: each path of the automaton from the root to a state
/// that claims, with each segment written as the words that lead the same way — a literal,
/// `[^/]+` for any segment, or, where some words lead elsewhere, the complement of those words
/// by prefixes (`[^/n][^/]*`, `n`, `n[^/e][^/]*`, … for "not `new`"). A piece that ends at a
/// claimed state takes an optional trailing `/`; one that reaches a state of `**` routes
/// alone that claims everything deeper ends in `/.+`.
///
/// - `pathAdvancedPattern` (API 31+) writes every piece exactly: its tokens take as much as they
///   can, and no token here can take what the next one needs.
/// - Below API 31 only `path` and `pathPattern` exist: a piece is written there too when
///   `PatternMatcher`'s simple glob matches it exactly — literal segments, `.*` for a whole
///   segment followed by `/` (it stops at the first `/`), `/..*` for everything deeper, and
///   the trailing slash as a second pattern. Those attributes are read by API 31+ too, so they are written once,
///   and the advanced form only for the other pieces.
/// - Below API 31 a filter whose attributes are all advanced would have no path attribute at
///   all and claim every path; it then gets the `path` of one claimed URL instead, and the
///   check that follows generation reports what that API range misses.
/// - With `inexact: claim-more`, a piece that API levels below 31 cannot write exactly is
///   widened instead: its segments up to the first that `pathPattern` cannot hold, then `..*`
///   (anything, at least one character). Every level reads that attribute, so the filter claims
///   more at every level.
///
/// What the attributes claim at an API level is that level's *expressible set*: `lint` judges
/// a filter against it, and reports the difference from the claimed set as the platform's.
package enum AndroidLinkPaths {
    /// One segment of a piece.
    enum SegmentForm: Equatable {
        /// Exactly this word.
        case word([UInt16])
        /// Any segment.
        case any
        /// `prefix`, then a unit other than `/` and `units`, then anything within the segment.
        case avoiding(prefix: [UInt16], units: [UInt16])
        /// Any segment of a shape (`integer` or `uuid`): only advanced patterns say it.
        case shaped(ValueShape)

        /// Whether it is one word.
        var isWord: Bool {
            if case .word = self { return true }
            return false
        }
    }

    /// A union member: its segments, then either the end (with an optional trailing `/`) or
    /// anything deeper.
    struct Piece: Equatable {
        var segments: [SegmentForm]
        var deeper: Bool
        /// A path the piece claims.
        var example: [UInt16]
        /// The route that opens `example` (an index into the claimed set's routes).
        var route: Int32?
        /// False when a segment form holds segments of a shape that lead elsewhere in the
        /// claimed set (a typed parameter's values are decided apart there, and no form
        /// written here says "no integer"): the piece then claims more than its paths.
        var isExact = true

        /// Whether attributes that every API level reads write it exactly (`simpleGlobs`).
        var isWritableBelowAdvanced: Bool {
            segments.indices.allSatisfy { index in
                switch segments[index] {
                case .word: return true
                case .any: return deeper || index < segments.count - 1
                case .avoiding, .shaped: return false
                }
            }
        }
    }

    /// The path attributes of an app's `https` filter, with what they stand for.
    package struct WebPaths {
        /// The attributes, in the order they are written.
        package var attributes: [AndroidPathPattern] = []
        /// For each attribute, the route whose URLs it claims (of several, the first).
        var routes: [Int32?] = []
        /// The routes whose pieces the API levels below 31 cannot write exactly, ascending: with
        /// `claim-more`, the routes whose patterns are widened. (A route whose URLs a wider
        /// piece holds — a literal inside a parameter's — is counted with that piece's.)
        var inexactRoutes: [Int32] = []
        /// Whether every piece is written exactly from API 31 on: false where segments of a
        /// shape a typed parameter tells apart had to be claimed with others.
        package var isExactFromAdvanced = true

        mutating func append(_ attribute: AndroidPathPattern?, for piece: Piece) {
            guard let attribute else { return }
            attributes.append(attribute)
            routes.append(piece.route)
        }
    }

    /// The attributes for the claimed set `claimed` (decoded spelling), for an app whose
    /// lowest API level is `minimumSDK`.
    package static func webPaths(_ claimed: ClaimedSegments, minimumSDK: Int, inexact: InexactClaims) -> WebPaths {
        attributes(pieces(claimed), minimumSDK: minimumSDK, inexact: inexact)
    }

    /// The pieces of the claimed set, depth first in word order: disjoint, and together exactly
    /// the claimed paths — but where a typed parameter sends segments of one shape (integers,
    /// UUIDs) elsewhere than the rest, and the rest's form holds them too (`Piece.isExact`).
    /// States that claim alike are merged first, so a literal route inside a parameter route
    /// that claims the same adds no piece.
    static func pieces(_ claimed: ClaimedSegments) -> [Piece] {
        let automaton = claimed.mergedByClaim()
        var pieces: [Piece] = []
        var segments: [SegmentForm] = []
        var example: [UInt16] = []
        // The forms on the way that hold segments leading elsewhere.
        var widenings = 0
        // `example` leads to state `original` of the claimed automaton (not merged), whose
        // route opens it: followed along, since finding it again from the path's text, a split
        // and a search per segment for each piece, cost a third of the pieces' making.
        func piece(deeper: Bool, original: Int32) -> Piece {
            let path = deeper ? example + slash + sample : example.isEmpty ? slash : example
            let opened = deeper ? claimed.target(of: original, word: sample[...]) : original
            return Piece(
                segments: segments, deeper: deeper, example: path, route: claimed.states[Int(opened)].route, isExact: widenings == 0)
        }
        func walk(_ id: Int32, original: Int32) {
            let state = automaton.states[Int(id)]
            guard !state.isDead else { return }
            if state.claimed { pieces.append(piece(deeper: false, original: original)) }
            if state.other == id && state.othersAgree && state.words.isEmpty {
                // Only `**` routes are left, looping here: everything deeper is decided alike.
                if state.claimed { pieces.append(piece(deeper: true, original: original)) }
                return
            }
            // The words by the state they lead to, targets in the order they first appear: one
            // pass, since a state of a large set has thousands of words.
            var targets: [Int32] = []
            var wordsOf: [Int32: [[UInt16]]] = [:]
            for (word, target) in zip(state.words, state.targets) {
                if wordsOf[target] == nil { targets.append(target) }
                wordsOf[target, default: []].append(word)
            }
            for other in state.otherTargets where wordsOf[other] == nil && !targets.contains(other) { targets.append(other) }
            for target in targets where target != id && !automaton.states[Int(target)].isDead {
                let (forms, isExact) = Self.forms(leadingTo: target, from: state, words: wordsOf[target] ?? [])
                let next = automaton.states[Int(target)]
                if isExact, forms.count == 1, case .any = forms[0].0, next.claimed, next.words.isEmpty, next.other == target,
                    next.othersAgree
                {
                    // Any segment leads to a `**` state that claims it and everything deeper: one
                    // piece for one or more segments, which `/..*` writes exactly.
                    pieces.append(piece(deeper: true, original: original))
                    continue
                }
                if !isExact { widenings += 1 }
                for (form, value) in forms {
                    segments.append(form)
                    let saved = example.count
                    example += slash
                    example += value
                    walk(target, original: claimed.target(of: original, word: value[...]))
                    segments.removeLast()
                    example.removeSubrange(saved...)
                }
                if !isExact { widenings -= 1 }
            }
        }
        walk(0, original: 0)
        return pieces
    }

    /// The forms of the segments that lead from `state` to `target` (`words` of them are
    /// words of the state), each with an example, and whether they hold no segment that leads
    /// elsewhere. The segments that are no word and of no shape take a form that holds every
    /// segment but the words leading elsewhere; the integers or UUIDs that lead apart from them
    /// take their shape's form.
    private static func forms(leadingTo target: Int32, from state: ClaimedSegments.State, words: [[UInt16]])
        -> (forms: [(SegmentForm, [UInt16])], isExact: Bool)
    {
        let leadsElsewhere = { (shape: ValueShape) in state.other(shape) != target }
        if state.other == target {
            let excluded = zip(state.words, state.targets).filter { $0.1 != target }.map(\.0)
            let forms: [(SegmentForm, [UInt16])] = excluded.isEmpty ? [(.any, sample)] : complement(of: excluded)
            return (forms, !leadsElsewhere(.integer) && !leadsElsewhere(.uuid))
        }
        var forms: [(SegmentForm, [UInt16])] = []
        var isExact = true
        var covered: [ValueShape] = []
        for shape in [ValueShape.integer, .uuid] where state.other(shape) == target {
            covered.append(shape)
            forms.append((.shaped(shape), ClaimedSegments.sampleWord(of: shape, avoiding: state.words)))
            // A word of the shape that leads elsewhere is held by the shape's form too.
            if zip(state.words, state.targets).contains(where: { $0.1 != target && ClaimedSegments.shape(of: $0.0) == shape }) {
                isExact = false
            }
        }
        for word in words where covered.isEmpty || !covered.contains(ClaimedSegments.shape(of: word)) {
            forms.append((.word(word), word))
        }
        return (forms, isExact)
    }

    private static let slash: [UInt16] = [UInt16(UInt8(ascii: "/"))]
    /// A segment value for examples.
    private static let sample: [UInt16] = Array("x".utf16)

    /// Every non-empty segment that is none of `excluded` (non-empty words), as disjoint forms
    /// with an example each: the complement by prefixes of the words' trie.
    static func complement(of excluded: [[UInt16]]) -> [(SegmentForm, [UInt16])] {
        var forms: [(SegmentForm, [UInt16])] = []
        func visit(prefix: [UInt16], words: [[UInt16]]) {
            // `words` all start with `prefix`; sorted, so equal next units are adjacent.
            let isWord = words.contains { $0.count == prefix.count }
            if !prefix.isEmpty && !isWord { forms.append((.word(prefix), prefix)) }
            var nextUnits: [UInt16] = []
            for word in words where word.count > prefix.count && nextUnits.last != word[prefix.count] {
                nextUnits.append(word[prefix.count])
            }
            let other = exampleUnit(avoiding: nextUnits)
            forms.append((.avoiding(prefix: prefix, units: nextUnits), prefix + [other]))
            for unit in nextUnits {
                visit(prefix: prefix + [unit], words: words.filter { $0.count > prefix.count && $0[prefix.count] == unit })
            }
        }
        visit(prefix: [], words: excluded.sorted { $0.lexicographicallyPrecedes($1) })
        return forms
    }

    /// A readable unit that is not `/` and none of `units`.
    private static func exampleUnit(avoiding units: [UInt16]) -> UInt16 {
        let candidates = Array("xyzqjkw0123456789abcdefghilmnoprstuv".utf16)
        return candidates.first { !units.contains($0) } ?? (0x00C0...0xFFFD).first { !units.contains(UInt16($0)) }.map(UInt16.init) ?? 0x41
    }

    // MARK: - Spelling

    /// The piece as simple globs that `PatternMatcher` matches exactly, or nil: without and
    /// with the trailing `/`, since a `X*` left over when the path ends fails there (only a
    /// final `.*` may match nothing).
    static func simpleGlobs(_ piece: Piece) -> [String]? {
        // Decided before any text is built, and without copying a word: most pieces of a large
        // set are no simple glob, and gathering their words first was most of the attributes' cost.
        guard piece.isWritableBelowAdvanced else { return nil }
        let text = piece.segments.map { segment in
            if case .word(let word) = segment { return "/" + escapedSimple(word) }
            return "/.*"
        }.joined()
        if piece.deeper { return [text + "/..*"] }
        return text.isEmpty ? ["/"] : [text, text + "/"]
    }

    /// The piece as a literal `path`, when it has only words and ends there.
    static func literalPaths(_ piece: Piece) -> [String]? {
        guard !piece.deeper, piece.segments.allSatisfy(\.isWord) else { return nil }
        let text = piece.segments.map { segment in
            guard case .word(let word) = segment else { return "" }
            return "/" + Self.text(word)
        }.joined()
        return text.isEmpty ? ["/"] : [text, text + "/"]
    }

    /// The piece widened to what `pathPattern` can hold: its segments up to the first it cannot
    /// write exactly, then anything (at least one character) — a superset of the piece.
    static func widenedGlob(_ piece: Piece) -> String {
        var text = ""
        for (index, segment) in piece.segments.enumerated() {
            switch segment {
            case .word(let word): text += "/" + escapedSimple(word)
            case .any where piece.deeper || index < piece.segments.count - 1,
                .shaped where piece.deeper || index < piece.segments.count - 1:
                text += "/.*"
            case .any, .shaped: return text + "/..*"
            case .avoiding(let prefix, _): return text + "/" + escapedSimple(prefix) + "..*"
            }
        }
        // Every piece `simpleGlobs` cannot write has a segment above.
        return text + "/..*"
    }

    /// The piece as an advanced pattern.
    static func advancedGlob(_ piece: Piece) -> String {
        var text = ""
        for segment in piece.segments {
            text += "/"
            switch segment {
            case .word(let word): text += escapedAdvanced(word)
            case .any: text += "[^/]+"
            case .avoiding(let prefix, let units):
                text += escapedAdvanced(prefix) + "[^/" + units.map(escapedInSet).joined() + "][^/]*"
            case .shaped(.integer): text += "-{0,1}[0-9]{1,18}"
            case .shaped(.uuid): text += "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
            case .shaped(.other): text += "[^/]+"
            }
        }
        if piece.deeper { return text + "/.+" }
        return text.isEmpty ? "/" : text + "/{0,1}"
    }

    private static let simpleSpecial = Array("*.\\".utf16)
    private static let advancedSpecial = Array("\\[]{}*+.".utf16)
    private static let setSpecial = Array("\\[]^-".utf16)

    private static func escapedSimple(_ word: [UInt16]) -> String {
        escaped(word, special: simpleSpecial)
    }

    private static func escapedAdvanced(_ word: [UInt16]) -> String {
        escaped(word, special: advancedSpecial)
    }

    /// `word` with a backslash before each of the `special` (ASCII) units, in one pass: the
    /// checks build these for every route of large sets.
    private static func escaped(_ word: [UInt16], special: [UInt16]) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(word.count + 4)
        for unit in word {
            if special.contains(unit) { units.append(0x5C) }
            units.append(unit)
        }
        return text(units)
    }

    private static func escapedInSet(_ unit: UInt16) -> String {
        setSpecial.contains(unit) ? text([0x5C, unit]) : text([unit])
    }

    /// The text of `units`. Words are ASCII nearly always, and copied byte for byte then:
    /// `String(decoding:as:)` from UTF-16 reads a scalar at a time, which was a tenth of the
    /// check of 10,000 routes at `min-sdk` 26.
    private static func text(_ units: [UInt16]) -> String {
        guard units.allSatisfy({ $0 < 0x80 }) else { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: units.count) { bytes in
            for (index, unit) in units.enumerated() { bytes[index] = UInt8(truncatingIfNeeded: unit) }
            return units.count
        }
    }

    /// The path attributes for the pieces: `path` and `pathPattern` for the pieces they write
    /// exactly, `pathAdvancedPattern` for the rest — or, below API 31 with `claim-more`, a
    /// widened `pathPattern`; with `minimumSDK` below 31, a `path` of one claimed URL when
    /// nothing else would be read there. Without `writingAdvanced` the `pathAdvancedPattern`s
    /// are left out, unbuilt — for an expressible set that no API level reading them is
    /// compared with: at `min-sdk` 26 they were half the cost of making it.
    static func attributes(_ pieces: [Piece], minimumSDK: Int, inexact: InexactClaims = .claimLess, writingAdvanced: Bool = true)
        -> WebPaths
    {
        var legacy = WebPaths()
        var advanced = WebPaths()
        var widened = Set<String>()
        let belowAdvanced = minimumSDK < AndroidPathPattern.Kind.advancedGlob.introducedIn
        for piece in pieces {
            if !piece.isExact { advanced.isExactFromAdvanced = false }
            if let paths = literalPaths(piece) {
                for path in paths { legacy.append(try? AndroidPathPattern(.literal, path), for: piece) }
            } else if let globs = simpleGlobs(piece) {
                for glob in globs { legacy.append(try? AndroidPathPattern(.simpleGlob, glob), for: piece) }
            } else {
                if let route = piece.route, legacy.inexactRoutes.last != route { legacy.inexactRoutes.append(route) }
                if belowAdvanced && inexact == .claimMore {
                    let glob = widenedGlob(piece)
                    if widened.insert(glob).inserted { legacy.append(try? AndroidPathPattern(.simpleGlob, glob), for: piece) }
                } else if writingAdvanced {
                    advanced.append(try? AndroidPathPattern(.advancedGlob, advancedGlob(piece)), for: piece)
                }
            }
        }
        // Whether the levels below 31 get the `path` of one claimed URL depends on the advanced
        // attributes that parse: with none written, they are written after all.
        if !writingAdvanced && legacy.attributes.isEmpty && belowAdvanced {
            return attributes(pieces, minimumSDK: minimumSDK, inexact: inexact)
        }
        if legacy.attributes.isEmpty && !advanced.attributes.isEmpty && belowAdvanced, let first = pieces.first {
            legacy.append(try? AndroidPathPattern(.literal, text(first.example)), for: first)
        }
        var paths = legacy
        paths.attributes += advanced.attributes
        paths.routes += advanced.routes
        paths.inexactRoutes = Array(Set(legacy.inexactRoutes)).sorted()
        paths.isExactFromAdvanced = advanced.isExactFromAdvanced
        return paths
    }
}
