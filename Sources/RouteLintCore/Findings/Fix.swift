/// The edit a finding names, as its message names it ("did you mean 'int'?"): text to write in
/// place of a range of the manifest (docs/usage.md, "Fixing findings"). The rule that makes the
/// finding makes its fix; `lint --fix`, JSON, SARIF and the language server's quick fix apply or
/// show the same edit.
public struct Fix: Hashable, Sendable {
    /// What the fix does: "change 'integer' to 'int'".
    public let description: String
    /// The scalar the fix replaces, as the finding's range gives it (quotes included).
    public let range: SourceRange
    /// The plain text it writes there: a name, key, type or value that needs no quotes.
    public let text: String

    /// A fix writing `text` in place of the scalar at `range`, described by `description`.
    public init(_ description: String, replacing range: SourceRange, with text: String) {
        self.description = description
        self.range = range
        self.text = text
    }

    /// The edit as made in the text `lines` indexes, the file the range is in: a quoted scalar
    /// keeps its quotes, and only the text between them is replaced. Nil when the range is not
    /// in the text, or spans lines (no fix does).
    package func edit(in lines: LineIndex) -> Edit? {
        guard let start = lines.offset(of: range.start), let end = lines.offset(of: range.end) else { return nil }
        return edit(in: lines, from: start, to: end)
    }

    /// The edit, the range's start and end being at byte offsets `start` and `end`.
    private func edit(in lines: LineIndex, from start: Int, to end: Int) -> Edit? {
        guard range.start.line == range.end.line, start <= end else { return nil }
        let bytes = lines.bytes
        // A quote is one character: without the quotes, the range starts one later and ends one sooner.
        guard end - start >= 2, bytes[start] == bytes[end - 1], bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'")
        else { return Edit(range: range, bytes: start..<end, text: text) }
        let inside = SourceRange(
            file: range.file, start: SourcePosition(line: Int(range.start.line), column: Int(range.start.column) + 1),
            end: SourcePosition(line: Int(range.end.line), column: Int(range.end.column) - 1))
        return Edit(range: inside, bytes: (start + 1)..<(end - 1), text: text)
    }

    /// `bytes` with `edits` made, in text order: an edit that overlaps one made already (or
    /// repeats it) is left out, its finding left. The rest of the text is kept byte for byte.
    package static func apply(_ edits: [Edit], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        var made: [Edit] = []
        for edit in edits.sorted(by: { ($0.bytes.lowerBound, $0.bytes.upperBound) < ($1.bytes.lowerBound, $1.bytes.upperBound) }) {
            if let last = made.last, last.bytes.upperBound > edit.bytes.lowerBound || last.bytes == edit.bytes { continue }
            made.append(edit)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for edit in made {
            result += bytes[copied..<edit.bytes.lowerBound]
            result += Array(edit.text.utf8)
            copied = edit.bytes.upperBound
        }
        result += bytes[copied...]
        return (result, made.count)
    }

    /// The edits of findings' fixes in the files they are in, each file's lines indexed once.
    /// Fixes asked in report order cost their own length: the column of each is counted on from
    /// the one asked before it on the same line (a one-line file may hold thousands).
    package struct Edits {
        private let files: [SourceFile]
        private var lines: [FileID: LineIndex] = [:]
        /// Per file, the last position whose byte offset was found, and that offset.
        private var cursors: [FileID: (position: SourcePosition, offset: Int)] = [:]

        /// Edits in `files`, numbered as the findings' ranges number them.
        package init(files: [SourceFile]) {
            self.files = files
        }

        /// The edit of `fix`; nil when its file is not among the files or the range is not in it.
        package mutating func edit(_ fix: Fix) -> Edit? {
            let file = fix.range.file
            guard files.indices.contains(Int(file.index)) else { return nil }
            if lines[file] == nil { lines[file] = LineIndex(files[Int(file.index)].bytes) }
            let index = lines[file]!
            guard let start = offset(of: fix.range.start, in: file, index), let end = offset(of: fix.range.end, in: file, index)
            else { return nil }
            return fix.edit(in: index, from: start, to: end)
        }

        /// The byte offset of `position`, counted on from the file's cursor when it is on the
        /// same line, before it.
        private mutating func offset(of position: SourcePosition, in file: FileID, _ index: LineIndex) -> Int? {
            var found: Int?
            if let cursor = cursors[file], cursor.position.line == position.line, cursor.position.column <= position.column,
                let line = index.byteRange(ofLine: Int(position.line))
            {
                var offset = cursor.offset
                var column = Int(cursor.position.column)
                while column < Int(position.column), offset < line.upperBound {
                    offset += 1
                    while offset < line.upperBound, index.bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                    column += 1
                }
                found = column == Int(position.column) ? offset : nil
            } else {
                found = index.offset(of: position)
            }
            if let found { cursors[file] = (position, found) }
            return found
        }
    }

    /// A fix's edit in its file: the exact range it replaces and the text it writes.
    public struct Edit: Hashable, Sendable {
        /// Where the replaced text is: columns as findings count them, `end` one past its last
        /// character.
        public let range: SourceRange
        /// The same as byte offsets into the file.
        public let bytes: Range<Int>
        /// What replaces it.
        public let text: String
    }
}
