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
    /// The line whose columns `checkpoints` holds.
    private var checkpointLine = -1
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
        let line = lines.line(holdingByte: offset)
        let stride = Self.checkpointStride
        if line.number != checkpointLine {
            checkpointLine = line.number
            // Most values start a line of their own: the array is emptied, not made anew.
            checkpoints.removeAll(keepingCapacity: true)
            checkpoints.append(1)
        }
        let index = max(0, offset - line.start) / stride
        while checkpoints.count <= index {
            let from = line.start + (checkpoints.count - 1) * stride
            checkpoints.append(checkpoints[checkpoints.count - 1] + lines.codePoints(in: from..<(from + stride)))
        }
        let from = line.start + index * stride
        let column = checkpoints[index] + lines.codePoints(in: from..<max(from, offset))
        return SourcePosition(line: line.number, column: column)
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
