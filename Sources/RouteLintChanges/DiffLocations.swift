import RouteLintCore

/// Where findings about two revisions point: the report numbers the current tree's files
/// first, then the earlier revision's. Something that is gone is placed at its old line in the
/// current tree's file of the same path (or a stand-in for it, when that file is gone too),
/// with its old place as a related location.
package struct DiffLocations: Sendable {
    /// The number of the current tree's files: the earlier revision's file `i` is `offset + i`.
    let offset: Int
    /// For each file of the earlier revision, the file of the same path now (or its stand-in).
    let counterpart: [FileID]
    /// For each file of the report, its number of lines.
    let lineCounts: [Int]

    /// Locations for a report of `offset` current files, then the earlier revision's files
    /// with their `counterpart`s now, each file of the report having `lineCounts` lines.
    package init(offset: Int, counterpart: [FileID], lineCounts: [Int]) {
        self.offset = offset
        self.counterpart = counterpart
        self.lineCounts = lineCounts
    }

    /// `range` of the earlier revision, numbered as the report numbers its files.
    func before(_ range: SourceRange) -> SourceRange {
        var moved = range
        moved.file = FileID(offset + Int(range.file.index))
        return moved
    }

    /// Where something at `range` in the earlier revision stands in the current tree: the same
    /// line of the file of the same path (its last line, when it has fewer).
    func anchor(_ range: SourceRange) -> SourceRange {
        let file = counterpart[Int(range.file.index)]
        let lastLine = max(1, lineCounts[Int(file.index)])
        guard range.start.line <= lastLine else {
            let position = SourcePosition(line: lastLine, column: 1)
            return SourceRange(file: file, start: position, end: position)
        }
        let end = range.end.line == range.start.line ? range.end : range.start
        return SourceRange(file: file, start: range.start, end: end)
    }
}
