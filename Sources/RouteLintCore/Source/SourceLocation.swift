/// Identifies one file of a lint run. Files are numbered in path order, so comparing ids
/// compares files the way the spec orders declarations ("files in path order").
public struct FileID: Hashable, Comparable, Sendable {
    /// The file's position in its route set's path order.
    public let index: Int32

    /// The file at `index`.
    public init(_ index: Int) { self.index = Int32(index) }

    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.index < rhs.index }
}

/// A 1-based line and column. Columns count Unicode code points, as libyaml does.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int32
    /// The column, from 1, in Unicode code points as libyaml counts them.
    public var column: Int32

    /// The position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = Int32(clamping: line)
        self.column = Int32(clamping: column)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A region of one file: from `start` up to, not including, `end`.
public struct SourceRange: Hashable, Comparable, Sendable {
    /// The file.
    public var file: FileID
    /// Where the range starts.
    public var start: SourcePosition
    /// Where it ends (exclusive).
    public var end: SourcePosition

    /// The range from `start` to `end` in `file`.
    public init(file: FileID, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The empty range at the first character of `file`: where a finding about a file that has
    /// no node to point at (an empty file, say) is reported.
    public static func fileStart(_ file: FileID) -> SourceRange {
        let first = SourcePosition(line: 1, column: 1)
        return SourceRange(file: file, start: first, end: first)
    }

    /// Declaration order: files in path order, then position in the file.
    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.file, lhs.start, lhs.end) < (rhs.file, rhs.start, rhs.end)
    }
}

/// A value of a manifest together with the source range it was read from.
package struct Located<Value> {
    /// The value.
    package var value: Value
    /// Where it is written.
    package var range: SourceRange

    /// `value`, written at `range`.
    package init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
