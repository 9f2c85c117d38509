import RouteLintRuns
import RouteLintCore
import LanguageServerProtocol

/// How a client counts the characters of a line in a `Position`.
enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use of those a client offers: UTF-32 counts code points as routelint
    /// does, so nothing needs converting; UTF-16 is every client's default.
    static func negotiate(_ offered: [String]?) -> PositionEncoding {
        let offered = offered ?? []
        if offered.contains(PositionEncoding.utf32.rawValue) { return .utf32 }
        return .utf16
    }
}

/// A document's text with both ways of finding a place in it: routelint's positions (lines as
/// libyaml breaks them — LF, CR, CR LF, NEL, LS, PS — and columns in code points) and LSP's
/// (lines broken at LF, CR and CR LF only, characters in the negotiated encoding). Every
/// conversion goes through the byte offset, so the two never drift apart, whatever the text.
struct DocumentText: Sendable {
    let bytes: [UInt8]
    let yamlLines: LineIndex
    /// The byte offsets at which LSP's lines start.
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        yamlLines = LineIndex(bytes)
        var starts = [0]
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == 10 {
                starts.append(offset + 1)
            } else if bytes[offset] == 13 {
                if offset + 1 < bytes.count, bytes[offset + 1] == 10 { offset += 1 }
                starts.append(offset + 1)
            }
            offset += 1
        }
        lineStarts = starts
    }

    init(_ text: String) { self.init(Array(text.utf8)) }

    var lineCount: Int { lineStarts.count }

    // MARK: routelint positions

    /// The byte offset of a routelint position; past the end of its line, the line's end.
    func offset(of position: SourcePosition) -> Int {
        let line = Int(position.line)
        if line > yamlLines.lineCount { return bytes.count }
        guard let range = yamlLines.byteRange(ofLine: max(line, 1)) else { return bytes.count }
        return advance(from: range.lowerBound, codePoints: Int(position.column) - 1, limit: range.upperBound)
    }

    /// The routelint position of a byte offset.
    func sourcePosition(ofByte offset: Int) -> SourcePosition {
        yamlLines.position(ofByte: offset)
    }

    // MARK: LSP positions

    /// The LSP position of a byte offset.
    func position(ofByte offset: Int, encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        let line = lineStarts.lastIndex(atMost: offset)
        var index = contentStart(ofLine: line)
        var character = 0
        while index < offset {
            let length = Self.sequenceLength(bytes[index])
            switch encoding {
            case .utf8: character += min(length, offset - index)
            case .utf16: character += length == 4 ? 2 : 1
            case .utf32: character += 1
            }
            index += length
        }
        return Position(line: line, character: character)
    }

    /// The byte offset of an LSP position. A line past the end is the end of the text; a
    /// character past the end of its line is the line's end, as LSP asks; a character inside
    /// a code point (the middle of a surrogate pair) is the code point's end.
    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        var index = contentStart(ofLine: position.line)
        var character = 0
        while character < position.character, index < bytes.count, bytes[index] != 10, bytes[index] != 13 {
            let length = Self.sequenceLength(bytes[index])
            switch encoding {
            case .utf8: character += length
            case .utf16: character += length == 4 ? 2 : 1
            case .utf32: character += 1
            }
            index = min(index + length, bytes.count)
        }
        return index
    }

    /// The LSP range of a routelint range of this document.
    func range(_ range: SourceRange, encoding: PositionEncoding) -> Range {
        Range(
            start: position(ofByte: offset(of: range.start), encoding: encoding),
            end: position(ofByte: offset(of: range.end), encoding: encoding))
    }

    /// The text of the byte range, as a string.
    func text(_ range: Swift.Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }

    /// LSP line `line` (0-based) without its break, and the byte offset it starts at.
    func line(_ line: Int) -> (text: String, start: Int)? {
        guard line >= 0, line < lineStarts.count else { return nil }
        let start = contentStart(ofLine: line)
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > start, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        return (text(start..<end), start)
    }

    /// The text with `range` (LSP positions, in `encoding`) replaced by `replacement`.
    func replacing(_ range: Range, with replacement: String, encoding: PositionEncoding) -> DocumentText {
        let start = offset(of: range.start, encoding: encoding)
        let end = max(start, offset(of: range.end, encoding: encoding))
        var edited = bytes
        edited.replaceSubrange(start..<end, with: replacement.utf8)
        return DocumentText(edited)
    }

    /// Where the text of a line starts: after a byte-order mark on the first line, which
    /// editors do not show.
    private func contentStart(ofLine line: Int) -> Int {
        if line == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return 3 }
        return lineStarts[line]
    }

    /// The offset `codePoints` code points after `start`, at most `limit`.
    private func advance(from start: Int, codePoints: Int, limit: Int) -> Int {
        var index = start
        var remaining = codePoints
        while remaining > 0, index < limit {
            index = min(index + Self.sequenceLength(bytes[index]), limit)
            remaining -= 1
        }
        return index
    }

    /// The length of the UTF-8 sequence a byte starts; 1 for a byte that starts none, so that
    /// text that is not UTF-8 still advances.
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }
}
