#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file of a lint run: its path as the user named it and its bytes.
public struct SourceFile: Sendable {
    /// The file's number in its route set, in path order.
    public let id: FileID
    /// The path as given on the command line (or joined below a directory given there).
    public let path: String
    /// The file's bytes, as read.
    public let bytes: [UInt8]

    /// The file numbered `id`, named `path`, holding `bytes`.
    public init(id: FileID, path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        self.bytes = bytes
    }
}

/// The byte offsets at which the lines of a text start, with line breaks counted the way
/// libyaml counts them (LF, CR, CR LF, NEL, LS and PS), so that line numbers agree with the
/// positions libyaml reports.
package struct LineIndex: Sendable {
    /// The text indexed.
    package let bytes: [UInt8]
    private let lineStarts: [Int]

    /// The index of the lines of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = bytes.withUnsafeBufferPointer { text in
            // Counted first, and written once into an array of their number: appended, the
            // offsets of a large file were copied at every doubling of their buffer.
            var count = 1
            LineIndex.forEachLineStart(in: text) { _ in count += 1 }
            return [Int](unsafeUninitializedCapacity: count) { starts, initialized in
                starts[0] = 0
                initialized = 1
                LineIndex.forEachLineStart(in: text) { start in
                    starts[initialized] = start
                    initialized += 1
                }
            }
        }
    }

    /// Calls `body` with the offset just after each line break of `text`, in order. A text
    /// without CR and without the bytes NEL, LS and PS start with (0xC2, 0xE2) — most files —
    /// breaks its lines at LF only, which `memchr` finds; any other is read byte by byte.
    private static func forEachLineStart(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        let start = UnsafeRawPointer(base)
        if memchr(start, 0x0D, text.count) == nil && memchr(start, 0xC2, text.count) == nil
            && memchr(start, 0xE2, text.count) == nil
        {
            var offset = 0
            while offset < text.count, let found = memchr(start + offset, 0x0A, text.count - offset) {
                offset = start.distance(to: UnsafeRawPointer(found)) + 1
                body(offset)
            }
            return
        }
        var offset = 0
        while offset < text.count {
            let byte = text[offset]
            guard byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2 else {
                offset += 1
                continue
            }
            let breakLength = lineBreakLength(text, at: offset)
            offset += max(breakLength, 1)
            if breakLength > 0 { body(offset) }
        }
    }

    /// The number of lines.
    package var lineCount: Int { lineStarts.count }

    /// The text of 1-based line `number` without its line break (and without a byte-order
    /// mark on line 1), or nil past the end of the text.
    package func line(_ number: Int) -> String? {
        byteRange(ofLine: number).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where line `number` is in the bytes, without its line break (and without a
    /// byte-order mark on line 1), or nil past the end of the text.
    package func byteRange(ofLine number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var start = lineStarts[number - 1]
        if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        // The next line starts after this one's break: step back over the break, found from
        // its end, so that a long line is not scanned to find where it ends.
        guard number < lineStarts.count else { return start..<bytes.count }
        let next = lineStarts[number]
        return start..<max(start, next - LineIndex.lineBreakLength(bytes, endingAt: next))
    }

    /// The 1-based number of the line holding byte `offset`, and where the line's text starts
    /// (after a byte-order mark on line 1).
    package func line(holdingByte offset: Int) -> (number: Int, start: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        let index = lineStarts.lastIndex(atMost: clamped)
        var start = lineStarts[index]
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), clamped >= 3 { start = 3 }
        return (index + 1, start)
    }

    /// The number of code points in `bytes[range]`: every byte that is not a UTF-8
    /// continuation byte starts one.
    package func codePoints(in range: Range<Int>) -> Int {
        let clamped = range.clamped(to: 0..<bytes.count)
        // Read in place: every position of a platform file counts the bytes before it on its line.
        // By index, not through a slice's iterator, which an unoptimized build (the tests') makes
        // a runtime call per byte.
        return bytes.withUnsafeBufferPointer { bytes in
            var count = 0
            for offset in clamped where bytes[offset] & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }

    /// The byte offset of `position` (columns in code points, after a byte-order mark on line
    /// 1): the inverse of `position(ofByte:)`; nil past the end of its line. Counted from the
    /// line's start, or on from `known`, a column of the same line before it and its offset.
    package func offset(of position: SourcePosition, from known: (column: Int, offset: Int)? = nil) -> Int? {
        guard let line = byteRange(ofLine: Int(position.line)) else { return nil }
        var (column, offset) = known.map { ($0.column, $0.offset) } ?? (1, line.lowerBound)
        while column < Int(position.column) {
            guard offset < line.upperBound else { return nil }
            offset += 1
            while offset < line.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return offset
    }

    /// The 1-based position of byte `offset`, counting columns in code points.
    package func position(ofByte offset: Int) -> SourcePosition {
        let clamped = min(max(offset, 0), bytes.count)
        let (number, start) = line(holdingByte: clamped)
        return SourcePosition(line: number, column: 1 + codePoints(in: start..<clamped))
    }

    /// The length of the line break that ends just before `end`, which must be a line start.
    static func lineBreakLength(_ bytes: [UInt8], endingAt end: Int) -> Int {
        if end >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, bytes[end - 1] == 0xA8 || bytes[end - 1] == 0xA9 { return 3 }
        if end >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0x85 { return 2 }
        if end >= 2, bytes[end - 2] == 0x0D, bytes[end - 1] == 0x0A { return 2 }
        return 1
    }

    /// The length of the line break at `offset`, or 0 when there is none.
    static func lineBreakLength<Text: RandomAccessCollection<UInt8>>(_ bytes: Text, at offset: Int) -> Int
    where Text.Index == Int {
        switch bytes[offset] {
        case 0x0A:
            return 1
        case 0x0D:
            return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2 where offset + 1 < bytes.count && bytes[offset + 1] == 0x85:
            return 2
        case 0xE2
        where offset + 2 < bytes.count && bytes[offset + 1] == 0x80
            && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9):
            return 3
        default:
            return 0
        }
    }
}
