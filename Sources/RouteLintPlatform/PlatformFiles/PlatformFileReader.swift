import RouteLintCore

/// Turns the parsed values of a platform file into the model, collecting issues; one file
/// per format extends it.
package struct PlatformFileReader {
    package let file: FileID
    package let lines: LineIndex
    package var issues: [PlatformFileIssue] = []
    /// The URLs of an assetlinks.json's include statements, as read.
    package var includes: [Located<String>] = []
    /// The hosts an entitlements file names with `?mode=developer` only, in lower case.
    package var developerOnlyHosts = Set<String>()
    /// What the build fills into the file.
    let values: BuildValues
    /// Whether some reference had no value.
    package private(set) var hasUnresolvedReferences = false
    /// The line whose columns `checkpoints` holds, where its text starts, and its bytes up to
    /// the next line's start: a position in them needs no search for its line.
    private var checkpointLine = -1
    private var checkpointLineStart = 0
    private var checkpointLineBytes = 0..<0
    /// The last position asked for on `checkpointLine`, by offset: a position after it, as the
    /// end of a value after its start, is counted on from it.
    private var lastOnLine = (offset: 0, column: 1)
    /// The column at every `checkpointStride`-th byte of `checkpointLine`, as far as asked
    /// for: a column is counted from the checkpoint before it, so that positions on a file of
    /// one long line (minified JSON, XML) cost a bounded count each, in any order.
    private var checkpoints: [Int] = []
    private static let checkpointStride = 256

    package init(file: FileID, lines: LineIndex, values: BuildValues = BuildValues()) {
        self.file = file
        self.lines = lines
        self.values = values
    }

    /// `built`'s value; nil, with its issue at `location`, for a reference that has none.
    mutating func built(_ built: Result<String, UnresolvedReference>, at location: XMLDocument.ByteRange) -> String? {
        switch built {
        case .success(let text): return text
        case .failure(let unresolved):
            issues.append(.unresolvedReference(unresolved, at: range(location)))
            hasUnresolvedReferences = true
            return nil
        }
    }

    package mutating func position(_ offset: Int) -> SourcePosition {
        if !checkpointLineBytes.contains(offset) {
            let line = lines.line(holdingByte: offset)
            guard line.start <= offset else { return SourcePosition(line: line.number, column: 1) }
            checkpointLine = line.number
            checkpointLineStart = line.start
            // Kept for the positions after it on its line; but not a position in line 1's
            // first three bytes, which may be a byte-order mark the line's text starts after.
            checkpointLineBytes =
                line.number == 1 && offset < 3 ? 0..<0 : line.start..<(lines.start(ofLine: line.number + 1) ?? Int.max)
            // Most values start a line of their own: the array is emptied, not made anew.
            checkpoints.removeAll(keepingCapacity: true)
            checkpoints.append(1)
            lastOnLine = (line.start, 1)
        }
        let column: Int
        if offset >= lastOnLine.offset {
            column = lastOnLine.column + lines.codePoints(in: lastOnLine.offset..<offset)
        } else {
            let stride = Self.checkpointStride
            let index = (offset - checkpointLineStart) / stride
            while checkpoints.count <= index {
                let from = checkpointLineStart + (checkpoints.count - 1) * stride
                checkpoints.append(checkpoints[checkpoints.count - 1] + lines.codePoints(in: from..<(from + stride)))
            }
            let from = checkpointLineStart + index * stride
            column = checkpoints[index] + lines.codePoints(in: from..<offset)
        }
        lastOnLine = (offset, column)
        return SourcePosition(line: checkpointLine, column: column)
    }

    package mutating func range(_ start: Int, _ end: Int) -> SourceRange {
        let from = position(start)
        return SourceRange(file: file, start: from, end: position(end))
    }

    package mutating func range(_ bytes: XMLDocument.ByteRange) -> SourceRange { range(bytes.start, bytes.end) }

    /// The value as `extract` reads it, with its range; an issue naming `what` was expected
    /// when it is absent (at its `parent`) or of another type.
    private mutating func typed<Value>(
        _ value: JSONDocument.Value?, _ what: String, in parent: JSONDocument.Value, _ extract: (JSONDocument.Value) -> Value?
    ) -> Located<Value>? {
        guard let value else {
            issues.append(.unexpected(expected: what, found: "nothing", at: range(parent.range.start, parent.range.start + 1)))
            return nil
        }
        guard let extracted = extract(value) else {
            issues.append(.unexpected(expected: what, found: value.typeName, at: range(value.range)))
            return nil
        }
        return Located(extracted, at: range(value.range))
    }

    /// The text of a JSON string value; an issue when it is something else.
    mutating func string(_ value: JSONDocument.Value?, _ what: String, in parent: JSONDocument.Value) -> Located<String>? {
        typed(value, what, in: parent) { $0.string }
    }

    /// The items of a JSON array; an issue when it is something else.
    mutating func array(_ value: JSONDocument.Value?, _ what: String, in parent: JSONDocument.Value) -> [JSONDocument.Value]? {
        typed(value, what, in: parent) { $0.array }?.value
    }
}
