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
        guard range.start.line == range.end.line else { return nil }
        let bytes = lines.bytes
        guard let first = lines.offset(of: range.start), let end = lines.offset(of: range.end), first <= end else { return nil }
        var replaced = first..<end
        if replaced.count >= 2, bytes[first] == bytes[end - 1], bytes[first] == UInt8(ascii: "\"") || bytes[first] == UInt8(ascii: "'") {
            replaced = (first + 1)..<(end - 1)
        }
        let start = lines.position(ofByte: replaced.lowerBound)
        return Edit(
            range: SourceRange(file: range.file, start: start, end: lines.position(ofByte: replaced.upperBound)), bytes: replaced,
            text: text)
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
    package struct Edits {
        private let files: [SourceFile]
        private var lines: [FileID: LineIndex] = [:]

        /// Edits in `files`, numbered as the findings' ranges number them.
        package init(files: [SourceFile]) {
            self.files = files
        }

        /// The edit of `fix`; nil when its file is not among the files or the range is not in it.
        package mutating func edit(_ fix: Fix) -> Edit? {
            let index = Int(fix.range.file.index)
            guard files.indices.contains(index) else { return nil }
            if lines[fix.range.file] == nil { lines[fix.range.file] = LineIndex(files[index].bytes) }
            return fix.edit(in: lines[fix.range.file]!)
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
