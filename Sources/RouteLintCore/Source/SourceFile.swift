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
        var starts = [0]
        var offset = 0
        while offset < bytes.count {
            let breakLength = LineIndex.lineBreakLength(bytes, at: offset)
            if breakLength > 0 {
                offset += breakLength
                starts.append(offset)
            } else {
                offset += 1
            }
        }
        lineStarts = starts
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
        return bytes.withUnsafeBufferPointer { bytes in
            var count = 0
            for byte in bytes[clamped] where byte & 0xC0 != 0x80 { count += 1 }
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
    static func lineBreakLength(_ bytes: [UInt8], at offset: Int) -> Int {
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
