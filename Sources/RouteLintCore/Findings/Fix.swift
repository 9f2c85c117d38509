/// The edit a finding names, as its message names it ("did you mean 'int'?"): text to write in
/// place of a scalar of the manifest, and at most an entry to add beside it (docs/usage.md,
/// "Fixing findings"). The rule that makes the finding makes its fix; `lint --fix`, JSON, SARIF
/// and the language server's quick fix apply or show the same edits.
public struct Fix: Hashable, Sendable {
    /// What the fix does: "change to 'int'".
    public let description: String
    /// What it writes, in the file of the finding.
    public let changes: [Change]

    /// One thing a fix writes.
    public enum Change: Hashable, Sendable {
        /// The plain text (a name, key, type, value or path that needs no quotes) in place of
        /// the scalar at the range, as the finding's range gives it: a quoted scalar keeps its
        /// quotes.
        case replace(SourceRange, with: String)
        /// A new entry `key: value` of the mapping that holds the entry whose value is the
        /// scalar at the range, right after that entry: `, key: value` in a flow mapping, a line
        /// of its own at the entry's indentation in a block one.
        case addEntry(after: SourceRange, key: String, value: String)

        var range: SourceRange {
            switch self {
            case .replace(let range, _), .addEntry(let range, _, _): return range
            }
        }
    }

    /// A fix writing `text` in place of the scalar at `range`, described by `description`.
    public init(_ description: String, replacing range: SourceRange, with text: String) {
        self.init(description, [.replace(range, with: text)])
    }

    /// A fix making `changes`, described by `description`.
    public init(_ description: String, _ changes: [Change]) {
        self.description = description
        self.changes = changes
    }

    /// A fix's edit in its file: the exact range it replaces (empty for an insertion) and the
    /// text it writes.
    public struct Edit: Hashable, Sendable {
        /// Where the replaced text is: columns as findings count them, `end` one past its last
        /// character.
        public let range: SourceRange
        /// The same as byte offsets into the file.
        public let bytes: Range<Int>
        /// What replaces it.
        public let text: String
    }

    /// `bytes` with the edits of `fixes` made, each fix whole or not at all: in text order, a
    /// fix with an edit that overlaps one made already (or repeats it), or whose own edits
    /// overlap, is left out, its finding left. The rest of the text is kept byte for byte. Returns how many fixes were made, and
    /// how many lines each line they add lines to gains (an entry written on a line of its own).
    package static func apply(_ fixes: [[Edit]], to bytes: [UInt8]) -> AppliedFixes {
        var made: [Edit] = []
        var madeRanges = MadeRanges(starts: fixes.flatMap { $0.map(\.bytes.lowerBound) })
        var applied = 0
        for edits in fixes.sorted(by: { ($0.first?.bytes.lowerBound ?? 0) < ($1.first?.bytes.lowerBound ?? 0) }) {
            guard !edits.contains(where: { madeRanges.overlapsOne($0.bytes) }), !overlapEachOther(edits) else { continue }
            made += edits
            for edit in edits { madeRanges.insert(edit.bytes) }
            applied += 1
        }
        made.sort { ($0.bytes.lowerBound, $0.bytes.upperBound) < ($1.bytes.lowerBound, $1.bytes.upperBound) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for edit in made {
            result += bytes[copied..<edit.bytes.lowerBound]
            result += Array(edit.text.utf8)
            copied = edit.bytes.upperBound
        }
        result += bytes[copied...]
        var addedLines: [Int: Int] = [:]
        for edit in made where edit.text.utf8.contains(UInt8(ascii: "\n")) {
            addedLines[Int(edit.range.start.line), default: 0] += edit.text.utf8.count { $0 == UInt8(ascii: "\n") }
        }
        return AppliedFixes(bytes: result, applied: applied, addedLines: addedLines)
    }

    /// A file's text with the fixes of its findings made (`apply`).
    package struct AppliedFixes: Sendable {
        /// The file's text, fixed.
        package let bytes: [UInt8]
        /// How many fixes were made.
        package let applied: Int
        /// How many lines each line that lines were added to gains.
        package let addedLines: [Int: Int]
    }

    /// The fixes of `findings` made in `files`, each file at once (`apply`): by file, the files
    /// a fix can be made in. A fix whose edits cannot all be made, or that reaches into another
    /// file than its finding's, is left out, its finding left — the one way `lint --fix`, the
    /// documentation's fixed examples and their tests make fixes.
    package static func apply(_ findings: some Sequence<Finding>, to files: [SourceFile]) -> [FileID: AppliedFixes] {
        var edits = Edits(files: files)
        var byFile: [FileID: [[Edit]]] = [:]
        for finding in findings {
            guard let fix = finding.fix, let made = edits.edits(fix), !made.isEmpty,
                made.allSatisfy({ $0.range.file == finding.range.file })
            else { continue }
            byFile[finding.range.file, default: []].append(made)
        }
        var applied: [FileID: AppliedFixes] = [:]
        for file in files where applied[file.id] == nil {
            // Made in the text the edits were found in, which a file the run does not hold
            // was read again for.
            if let fixes = byFile[file.id], let text = edits.text(of: file.id) { applied[file.id] = apply(fixes, to: text) }
        }
        return applied
    }

    /// Whether two of a fix's own edits replace the same byte, or one inserts inside a range the
    /// other replaces: no text has both made. Insertions at one place, or at either end of a
    /// replaced range, are made in order.
    private static func overlapEachOther(_ edits: [Edit]) -> Bool {
        guard edits.count > 1 else { return false }
        let ranges = edits.map(\.bytes).sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        var end = ranges[0].upperBound
        for range in ranges.dropFirst() {
            if range.lowerBound < end { return true }
            end = max(end, range.upperBound)
        }
        return false
    }

    /// The byte ranges of the edits made, asked whether one touches a range: they share a byte,
    /// repeat each other, or one is an insertion inside the other (for ranges `a` and `b`, `a ==
    /// b`, or `a.lowerBound < b.upperBound && b.lowerBound < a.upperBound`, which says the
    /// insertions' cases too). In logarithmic time: the largest end of the ranges made, by
    /// start, in a Fenwick tree over every start a fix has, so that a file of thousands of fixes
    /// is not a pass over all pairs of them.
    private struct MadeRanges {
        /// Every start an edit has, sorted, each once: the tree's positions.
        let starts: [Int]
        /// The Fenwick tree of the largest end made at each start (`Int.min` where none).
        var largestEnds: [Int]
        var made: Set<Range<Int>> = []

        init(starts: [Int]) {
            self.starts = Array(Set(starts)).sorted()
            largestEnds = Array(repeating: Int.min, count: self.starts.count + 1)
        }

        /// How many starts are below `bound`.
        private func count(below bound: Int) -> Int {
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < bound { low = middle + 1 } else { high = middle }
            }
            return low
        }

        mutating func insert(_ range: Range<Int>) {
            made.insert(range)
            var position = count(below: range.lowerBound) + 1
            while position < largestEnds.count {
                largestEnds[position] = max(largestEnds[position], range.upperBound)
                position += position & -position
            }
        }

        func overlapsOne(_ range: Range<Int>) -> Bool {
            if made.contains(range) { return true }
            // The largest end among the ranges made that start before `range` ends.
            var position = count(below: range.upperBound)
            var largestEnd = Int.min
            while position > 0 {
                largestEnd = max(largestEnd, largestEnds[position])
                position -= position & -position
            }
            return largestEnd > range.lowerBound
        }
    }

    /// The edits of findings' fixes in the files they are in, each file's lines indexed once.
    /// Fixes asked in report order cost their own length: the column of each is counted on from
    /// the one asked before it on the same line (a one-line file may hold thousands).
    package struct Edits {
        private let files: [FileID: SourceFile]
        private var lines: [FileID: LineIndex] = [:]
        /// The files that are no longer what the run checked: no edit is made in them.
        private var changedFiles: Set<FileID> = []
        /// Per file, the last position whose byte offset was found, and that offset.
        private var cursors: [FileID: (position: SourcePosition, offset: Int)] = [:]

        /// Edits in `files`, by the number the findings' ranges give them.
        package init(files: [SourceFile]) {
            self.files = Dictionary(files.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// The text of `file` that edits were made in, once one was.
        package func text(of file: FileID) -> [UInt8]? { lines[file]?.bytes }

        /// The lines of `file`, its bytes read when a fix first asks (a file the run does not
        /// hold is read again); nil when it is not among the files or no longer what was checked.
        private mutating func lineIndex(of file: FileID) -> LineIndex? {
            if let known = lines[file] { return known }
            guard let source = files[file], !changedFiles.contains(file) else { return nil }
            let bytes: [UInt8]? = if let onDisk = source.onDisk { onDisk.read() } else { source.bytes }
            guard let bytes else {
                changedFiles.insert(file)
                return nil
            }
            lines[file] = LineIndex(bytes)
            return lines[file]
        }

        /// The edits of `fix`, in its order; nil when one cannot be made: its file is not among
        /// the files, a range is not in it, or an entry's mapping cannot be told.
        package mutating func edits(_ fix: Fix) -> [Edit]? {
            var made: [Edit] = []
            for change in fix.changes {
                let file = change.range.file
                guard change.range.start.line == change.range.end.line, let index = lineIndex(of: file) else { return nil }
                guard let start = offset(of: change.range.start, in: file, index), let end = offset(of: change.range.end, in: file, index),
                    start <= end
                else { return nil }
                switch change {
                case .replace(let range, let text):
                    made.append(Self.replacement(range, start..<end, text, in: index.bytes))
                case .addEntry(let range, let key, let value):
                    guard let edit = Self.entry(after: range, start..<end, key: key, value: value, in: index) else { return nil }
                    made.append(edit)
                }
            }
            return made
        }

        /// `text` in place of the scalar at `range` (bytes `scalar`); a quoted scalar keeps its
        /// quotes, and a quote is one character: the range starts one later and ends one sooner.
        private static func replacement(_ range: SourceRange, _ scalar: Range<Int>, _ text: String, in bytes: [UInt8]) -> Edit {
            let (start, end) = (scalar.lowerBound, scalar.upperBound)
            guard end - start >= 2, bytes[start] == bytes[end - 1], bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'")
            else { return Edit(range: range, bytes: scalar, text: text) }
            let inside = SourceRange(
                file: range.file, start: SourcePosition(line: Int(range.start.line), column: Int(range.start.column) + 1),
                end: SourcePosition(line: Int(range.end.line), column: Int(range.end.column) - 1))
            return Edit(range: inside, bytes: (start + 1)..<(end - 1), text: text)
        }

        /// The insertion of `key: value` after the entry whose value is the scalar at `range`
        /// (bytes `scalar`): the entry's key is found before the scalar (`key:`), and what comes
        /// before the key says whether the mapping is flow (`{` or `,`) or block (the line's
        /// indentation). Nil when the text there is neither.
        private static func entry(after range: SourceRange, _ scalar: Range<Int>, key: String, value: String, in lines: LineIndex) -> Edit?
        {
            let bytes = lines.bytes
            guard let line = lines.byteRange(ofLine: Int(range.start.line)) else { return nil }
            var index = scalar.lowerBound
            while index > line.lowerBound, bytes[index - 1] == UInt8(ascii: " ") { index -= 1 }
            guard index > line.lowerBound, bytes[index - 1] == UInt8(ascii: ":") else { return nil }
            index -= 1
            while index > line.lowerBound, ![UInt8(ascii: " "), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(bytes[index - 1]) {
                index -= 1
            }
            let keyStart = index
            while index > line.lowerBound, bytes[index - 1] == UInt8(ascii: " ") { index -= 1 }
            let entry = "\(key): \(value)"
            if index == line.lowerBound {
                // Block style: a line of its own, at the key's indentation, after this line (and
                // its comment), ended as this line is.
                let indentation = String(repeating: " ", count: keyStart - line.lowerBound)
                let breakLength = line.upperBound < bytes.count ? LineIndex.lineBreakLength(bytes, at: line.upperBound) : 0
                let lineBreak =
                    breakLength > 0 ? String(decoding: bytes[line.upperBound..<(line.upperBound + breakLength)], as: UTF8.self) : "\n"
                let at = lines.position(ofByte: line.upperBound)
                return Edit(
                    range: SourceRange(file: range.file, start: at, end: at), bytes: line.upperBound..<line.upperBound,
                    text: lineBreak + indentation + entry)
            }
            guard bytes[index - 1] == UInt8(ascii: "{") || bytes[index - 1] == UInt8(ascii: ",") else { return nil }
            return Edit(
                range: SourceRange(file: range.file, start: range.end, end: range.end), bytes: scalar.upperBound..<scalar.upperBound,
                text: ", " + entry)
        }

        /// The byte offset of `position`, counted on from the file's cursor when it is on the
        /// same line, before it.
        private mutating func offset(of position: SourcePosition, in file: FileID, _ index: LineIndex) -> Int? {
            let cursor = cursors[file].flatMap { cursor in
                cursor.position.line == position.line && cursor.position.column <= position.column
                    ? (column: Int(cursor.position.column), offset: cursor.offset) : nil
            }
            let found = index.offset(of: position, from: cursor)
            if let found { cursors[file] = (position, found) }
            return found
        }
    }
}
