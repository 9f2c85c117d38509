#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A route's URL path pattern (docs/usage.md, "Path patterns"). Literal segments and
/// parameter names are symbols of the run's table, so patterns compare by integers.
///
/// A pattern's text and segments are words of a `PatternWords` buffer that the patterns one
/// parser reads share, one after another: an array of its own for every path was its
/// allocation, header and spare room (some 70 bytes a route, the largest part of the paths'
/// memory at 100,000 routes; docs/performance.md, "the round of the pooled segments").
package struct PathPattern: Hashable, Sendable {
    /// One segment of a pattern.
    package enum Segment: Hashable, Sendable {
        /// A static segment, interned in its canonical spelling (see `PathText.canonical`) so
        /// that `%41` and `A` are the same segment.
        case literal(Symbol)
        /// `:name`: one segment, bound to `name`.
        case parameter(Symbol)
        /// `*`: one segment, bound to nothing. Matches exactly what a parameter matches.
        case wildcard
        /// `**`: one or more segments; only last.
        case rest

        var parameterName: Symbol? {
            if case .parameter(let name) = self { return name }
            return nil
        }
    }

    /// The buffer that holds the pattern: at `start`, its number of segments, then its text's
    /// symbol, then its segments.
    private let words: PatternWords
    private let start: UInt32

    /// The segments, in order; none for `/`.
    package var segments: Segments { Segments(words, first: Int(start) + 2, count: Int(words[Int(start)])) }

    /// The pattern as written in the manifest.
    package var text: Symbol { Symbol(index: words[Int(start) + 1]) }

    /// Whether the last segment is `**`.
    package var endsWithRest: Bool { segments.last == .rest }

    /// The names of the pattern's parameters, in order.
    package var parameterNames: [Symbol] { segments.compactMap(\.parameterName) }

    /// Whether the pattern has the parameter `:name`: one call for the whole question, since
    /// a rule in another module reads the segments through a call a step.
    package func hasParameter(_ name: Symbol) -> Bool {
        segments.contains { if case .parameter(let parameter) = $0 { parameter == name } else { false } }
    }

    /// Whether the pattern has any `:name`, `*` or `**` segment.
    package var hasParameters: Bool {
        segments.contains { if case .literal = $0 { return false } else { return true } }
    }

    /// The pattern `text` with `segments`, written at the end of `buffer` (a new buffer when
    /// it has no room for them).
    private init(text: Symbol, segments: some Collection<Segment>, into buffer: inout PatternWords?) {
        let needed = segments.count + 2
        if buffer == nil || buffer!.room < needed { buffer = PatternWords.make(after: buffer, holding: needed) }
        words = buffer!
        start = UInt32(
            words.append(needed) { word in
                word[0] = UInt32(segments.count)
                word[1] = text.index
                var position = 2
                for segment in segments {
                    word[position] = segment.word
                    position += 1
                }
            })
    }

    /// Equal and hashed by the text alone: the text, parsed, decides the segments (`parse` and
    /// `renumbered` are the only ways a pattern is made, and both keep them in step).
    package static func == (lhs: PathPattern, rhs: PathPattern) -> Bool { lhs.text == rhs.text }

    package func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// A pattern's segments, read in its buffer.
    package struct Segments: RandomAccessCollection, Sendable {
        private let words: PatternWords
        private let first: Int
        package let count: Int

        fileprivate init(_ words: PatternWords, first: Int, count: Int) {
            self.words = words
            self.first = first
            self.count = count
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { count }

        package subscript(position: Int) -> Segment {
            // Checked as an array's index is: past the end are the next pattern's words.
            precondition(position >= 0 && position < count, "segment index out of range")
            return Segment(word: words[first + position])
        }
    }

    /// Why a path is not a valid pattern. `InvalidPathRule` words each case.
    package enum SyntaxError: Error, Equatable, Sendable {
        /// The path is empty.
        case empty
        /// The path does not start with `/`.
        case noLeadingSlash
        /// The byte value of the first ASCII white-space character.
        case whiteSpace(UInt8)
        /// The path holds `?`.
        case query
        /// The path holds `#`.
        case fragment
        /// The path ends with `/` and is not `/`.
        case trailingSlash
        /// Segments are numbered from 1.
        case emptySegment(ordinal: Int)
        /// `**` is not the last segment.
        case restNotLast
        /// A segment is `:` alone.
        case missingParameterName(ordinal: Int)
        /// A parameter name that is not an identifier.
        case invalidParameterName(String)
        /// A parameter name used twice.
        case repeatedParameter(String)
        /// A `%` not followed by two hex digits.
        case invalidPercentEscape(ordinal: Int, segment: String)
        /// A character that a static segment may not hold.
        case invalidCharacter(ordinal: Int, segment: String, character: String)
    }

    /// Parses the pattern `text`, interning its literals, parameter names and text in `symbols`.
    package static func parse(_ text: String, symbols: inout SymbolTable) -> Result<PathPattern, SyntaxError> {
        parse(Array(text.utf8), symbols: &symbols)
    }

    /// The pattern written in `bytes`, its names interned in `symbols`; or what is wrong with it.
    /// `offset` is where the table's file may hold `bytes` (see `SymbolTable.intern(_:foundAt:)`).
    package static func parse(_ bytes: [UInt8], foundAt offset: Int = -1, symbols: inout SymbolTable) -> Result<PathPattern, SyntaxError> {
        var previous = Previous()
        return parse(bytes, foundAt: offset, symbols: &symbols, after: &previous)
    }

    /// The path a parser read last and its segments, which the next path takes as they are for
    /// the segments it begins with byte for byte: sibling routes' paths share their first
    /// segments, and interning and checking them again was nearly half of parsing its paths.
    ///
    /// It also holds the buffer the parser writes its patterns into, so a value of it is used
    /// by one parser at a time: the patterns already read are never written again, and may be
    /// read on any thread.
    package struct Previous: Sendable {
        /// The path's bytes, in a buffer kept from path to path.
        fileprivate var bytes: [UInt8] = []
        fileprivate var segments: [Segment] = []
        /// The segments of the path being read, in an array kept from path to path.
        fileprivate var reading: [Segment] = []
        /// Where the next pattern is written.
        fileprivate var words: PatternWords?

        /// No path read yet.
        package init() {}
    }

    /// `parse(_:foundAt:symbols:)` for the next of several paths, `previous` the valid path
    /// parsed before it; a valid pattern becomes `previous`.
    package static func parse(
        _ bytes: [UInt8], foundAt offset: Int = -1, symbols: inout SymbolTable, after previous: inout Previous
    ) -> Result<PathPattern, SyntaxError> {
        parse(bytes[...], foundAt: offset, symbols: &symbols, after: &previous)
    }

    /// `parse(_:foundAt:symbols:after:)` of bytes read in place: the text of a scalar, which a
    /// decoder has in its event's buffer.
    package static func parse(
        _ bytes: ArraySlice<UInt8>, foundAt offset: Int = -1, symbols: inout SymbolTable, after previous: inout Previous
    ) -> Result<PathPattern, SyntaxError> {
        // Read in place: the scalar's text is not copied into an array of its own, and neither
        // a segment's slice nor the comparison with the previous path retains an array.
        bytes.withUnsafeBufferPointer { parse($0, foundAt: offset, symbols: &symbols, after: &previous) }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, foundAt offset: Int, symbols: inout SymbolTable, after previous: inout Previous
    ) -> Result<PathPattern, SyntaxError> {
        guard bytes.first == UInt8(ascii: "/") else { return .failure(bytes.isEmpty ? .empty : .noLeadingSlash) }
        // Only ASCII white space needs its own message: any other character is refused in
        // every segment anyway. Static segments allow none of these bytes, so checking only
        // paths that have one keeps the common path to one scan, which counts the segments too.
        var slashes = 0
        var hasSpaceQueryOrFragment = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                slashes += 1
            } else if byte <= 0x20 || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                hasSpaceQueryOrFragment = true
            }
        }
        if hasSpaceQueryOrFragment {
            if let space = bytes.first(where: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }) { return .failure(.whiteSpace(space)) }
            if bytes.contains(UInt8(ascii: "?")) { return .failure(.query) }
            if bytes.contains(UInt8(ascii: "#")) { return .failure(.fragment) }
        }
        if bytes.count > 1 && bytes.last == UInt8(ascii: "/") { return .failure(.trailingSlash) }
        // One segment per `/`, in an array of the parser's, which keeps its room from path to
        // path: the pattern's own copy is written into the shared buffer once it is valid.
        var segments = previous.reading
        previous.reading = []
        segments.removeAll(keepingCapacity: true)
        segments.reserveCapacity(slashes)
        // Paths have a handful of parameters, checked for repeats by a linear search; a path
        // with many gets a set, so that a hostile one costs linear time.
        var manyParameters: Set<Symbol>?
        // Whether every segment so far is the previous path's, byte for byte.
        var isPreviousPrefix = true
        var start = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let ordinal = segments.count + 1
            if piece.isEmpty { return .failure(.emptySegment(ordinal: ordinal)) }
            // The same bytes make the same literal or parameter, valid as it was: taken whole.
            var same: Segment?
            if isPreviousPrefix {
                same = previous.segment(segments.count, at: start..<end, in: bytes)
                isPreviousPrefix = same != nil
            }
            if case .literal = same {
                segments.append(same!)
            } else if piece.count <= 2 && piece.allSatisfy({ $0 == UInt8(ascii: "*") }) {
                if piece.count == 1 {
                    segments.append(.wildcard)
                } else {
                    guard end >= bytes.count else { return .failure(.restNotLast) }
                    segments.append(.rest)
                }
            } else if piece.first == UInt8(ascii: ":") {
                let name = UnsafeBufferPointer(rebasing: piece.dropFirst())
                let symbol: Symbol
                if let known = same?.parameterName {
                    symbol = known
                } else {
                    guard !name.isEmpty else { return .failure(.missingParameterName(ordinal: ordinal)) }
                    guard PathText.isParameterName(name) else {
                        return .failure(.invalidParameterName(String(decoding: name, as: UTF8.self)))
                    }
                    symbol = symbols.intern(UnsafeRawBufferPointer(name), foundAt: offset < 0 ? -1 : offset + start + 1)
                }
                if manyParameters == nil && segments.count > 16 { manyParameters = Set(segments.compactMap(\.parameterName)) }
                let isRepeat = manyParameters.map { !$0.isEmpty && $0.contains(symbol) } ?? segments.contains(.parameter(symbol))
                guard !isRepeat else { return .failure(.repeatedParameter(String(decoding: name, as: UTF8.self))) }
                manyParameters?.insert(symbol)
                segments.append(.parameter(symbol))
            } else if piece.allSatisfy(PathText.isSegmentCharacter) {
                // Nothing to decode or escape: the segment is its own canonical form.
                segments.append(.literal(symbols.intern(UnsafeRawBufferPointer(piece), foundAt: offset < 0 ? -1 : offset + start)))
            } else {
                switch PathText.canonical(Array(piece)[...]) {
                case .success(let canonical): segments.append(.literal(symbols.intern(canonical[...])))
                case .failure(let problem):
                    let segment = String(decoding: piece, as: UTF8.self)
                    switch problem {
                    case .percentEscape: return .failure(.invalidPercentEscape(ordinal: ordinal, segment: segment))
                    case .character(let character):
                        return .failure(.invalidCharacter(ordinal: ordinal, segment: segment, character: character))
                    }
                }
            }
            start = end + 1
        }
        let text = symbols.intern(UnsafeRawBufferPointer(bytes), foundAt: offset)
        let pattern = PathPattern(text: text, segments: segments, into: &previous.words)
        previous.remember(bytes, &segments)
        return .success(pattern)
    }

    /// The same pattern with its symbols renumbered: `mapping[old.index]` is the new symbol. It
    /// is written into `buffer`, which the patterns of one joining file share.
    func renumbered(_ mapping: [Symbol], into buffer: inout PatternWords?) -> PathPattern {
        let segments = segments.lazy.map { segment -> Segment in
            switch segment {
            case .literal(let symbol): .literal(mapping[Int(symbol.index)])
            case .parameter(let symbol): .parameter(mapping[Int(symbol.index)])
            case .wildcard, .rest: segment
            }
        }
        return PathPattern(text: mapping[Int(text.index)], segments: segments, into: &buffer)
    }
}

extension PathPattern.Segment {
    /// The segment in one word: its kind in the top two bits, its symbol in the others.
    fileprivate var word: UInt32 {
        switch self {
        case .literal(let symbol): Self.symbolWord(symbol)
        case .parameter(let symbol): 1 << 30 | Self.symbolWord(symbol)
        case .wildcard: 2 << 30
        case .rest: 3 << 30
        }
    }

    fileprivate init(word: UInt32) {
        switch word >> 30 {
        case 0: self = .literal(Symbol(index: word))
        case 1: self = .parameter(Symbol(index: word & (1 << 30 - 1)))
        case 2: self = .wildcard
        default: self = .rest
        }
    }

    /// A symbol's number, which fits in thirty bits: a table of a billion names would need
    /// some 30 GB before its first pattern, and a wrong segment is worse than a stop.
    private static func symbolWord(_ symbol: Symbol) -> UInt32 {
        precondition(symbol.index < 1 << 30, "over 2^30 distinct names")
        return symbol.index
    }
}

/// Words that patterns are written into one after another, each pattern then only read: a
/// buffer of fixed room, never moved, so that a pattern read on one thread is never touched
/// by the writing of a later one on another (the writer is one parser, see
/// `PathPattern.Previous`). Unchecked `Sendable` for that reason alone.
package final class PatternWords: @unchecked Sendable {
    /// The most words a buffer is made with unless a pattern needs more: 64 KB, so that the
    /// room a parser leaves unused in its last buffer is small beside a large file's patterns.
    private static let largestRoom = 16_384

    private let base: UnsafeMutablePointer<UInt32>
    private let capacity: Int
    private var written = 0

    private init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    /// A buffer for at least `needed` words, after `previous` (nil: the parser's first): each
    /// new buffer twice as large as the one before, so that a file with one path takes a few
    /// words and one with thousands a few buffers.
    static func make(after previous: PatternWords?, holding needed: Int) -> PatternWords {
        PatternWords(capacity: max(needed, min(largestRoom, (previous?.capacity ?? 8) * 2)))
    }

    /// How many more words the buffer holds.
    var room: Int { capacity - written }

    /// Writes `count` words, which `write` fills, and returns where they start.
    func append(_ count: Int, _ write: (UnsafeMutablePointer<UInt32>) -> Void) -> Int {
        precondition(count <= room)
        let start = written
        write(base + start)
        written += count
        return start
    }

    /// The word at `position`, which a pattern's writing has filled.
    subscript(position: Int) -> UInt32 { base[position] }
}

extension PathPattern.Previous {
    /// Takes `path` and its `segments` as the path read last; the array that held the path
    /// before it becomes `segments`' room for the next.
    fileprivate mutating func remember(_ path: UnsafeBufferPointer<UInt8>, _ segments: inout [PathPattern.Segment]) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: path)
        swap(&self.segments, &segments)
        reading = segments
    }

    /// The previous path's segment at `index`, a literal or a parameter, when `path` holds the
    /// same bytes at `range` and the previous path's segment ends there too. The bytes before
    /// `range` are the caller's to know the same: then so is where the segment starts.
    fileprivate func segment(_ index: Int, at range: Range<Int>, in path: UnsafeBufferPointer<UInt8>) -> PathPattern.Segment? {
        guard index < segments.count, range.upperBound <= bytes.count,
            range.upperBound == bytes.count || bytes[range.upperBound] == UInt8(ascii: "/")
        else { return nil }
        switch segments[index] {
        case .literal, .parameter:
            let same = bytes.withUnsafeBufferPointer { bytes in
                memcmp(bytes.baseAddress! + range.lowerBound, path.baseAddress! + range.lowerBound, range.count) == 0
            }
            return same ? segments[index] : nil
        case .wildcard, .rest: return nil
        }
    }
}

/// Character rules shared by patterns and by the URLs `resolve` matches against them.
package enum PathText {
    /// Whether `byte` may stand unescaped in a static segment: letters, digits and
    /// `-._~!$&'()+,;=@` (RFC 3986 path characters less `:` and `*`, which patterns use).
    package static func isSegmentCharacter(_ byte: UInt8) -> Bool {
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
    package static func isParameterName<Bytes: Sequence<UInt8>>(_ name: Bytes) -> Bool {
        var isFirst = true
        for byte in name {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || byte == UInt8(ascii: "_") || (isDigit && !isFirst) else { return false }
            isFirst = false
        }
        return !isFirst
    }

    /// Why a static segment has no canonical form.
    package enum SegmentProblem: Error, Equatable, Sendable {
        /// A '%' that does not start a percent-escape of two hex digits.
        case percentEscape
        /// A character that must be percent-encoded.
        case character(String)
    }

    /// A static segment in canonical form: `%XX` escapes decoded, then every byte that is
    /// not a segment character written as `%XX` in upper case. Two segments are equal after
    /// decoding exactly when their canonical forms are equal.
    package static func canonical(_ segment: ArraySlice<UInt8>) -> Result<[UInt8], SegmentProblem> {
        // Fast path: nothing to decode or escape, the segment is its own canonical form.
        if segment.allSatisfy(isSegmentCharacter) { return .success(Array(segment)) }
        let bytes = Array(segment)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    return .failure(.percentEscape)
                }
                decoded.append(high << 4 | low)
                index += 3
            } else if isSegmentCharacter(byte) {
                decoded.append(byte)
                index += 1
            } else {
                let character = String(decoding: bytes[index...], as: UTF8.self).unicodeScalars.first.map(String.init) ?? "?"
                return .failure(.character(character))
            }
        }
        return .success(encode(decoded))
    }

    /// Canonical form of an already decoded segment.
    package static func encode(_ decoded: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(decoded.count)
        for byte in decoded {
            if isSegmentCharacter(byte) {
                text.append(byte)
            } else {
                text += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            }
        }
        return text
    }

    /// The bytes a canonical segment stands for: its `%XX` escapes decoded (a `%` without two
    /// hex digits after it stays as it is).
    package static func decode(_ canonical: [UInt8]) -> [UInt8] {
        escapesDecoded(canonical, refusingMalformed: false) ?? canonical
    }

    /// The bytes `text` stands for, its `%XX` escapes decoded; nil when a `%` is not followed by
    /// two hex digits.
    package static func percentDecoded(_ text: Substring) -> [UInt8]? {
        escapesDecoded(Array(text.utf8), refusingMalformed: true)
    }

    /// `bytes` with each `%XX` escape decoded; a `%` without two hex digits after it is kept, or
    /// refuses the whole text (nil) when `refusingMalformed`.
    private static func escapesDecoded(_ bytes: [UInt8], refusingMalformed: Bool) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                if refusingMalformed && bytes[index] == UInt8(ascii: "%") { return nil }
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    /// The first `%XX` escape of `text` (a `%` and two hex digits), as written; nil when it has none.
    package static func firstEscape(in text: String) -> String? {
        let bytes = Array(text.utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count {
            if hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil {
                return String(decoding: bytes[index...(index + 2)], as: UTF8.self)
            }
        }
        return nil
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    @inlinable
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
