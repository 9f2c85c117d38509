import RouteLintCore

/// Where findings about two revisions point: the report numbers the current tree's files
/// first, then the earlier revision's. Something that is gone is placed where it was taken out
/// of the current tree's file of the same path — at the nearest declaration before it that the
/// file still has (else the nearest after it; else its old line) — or in a stand-in for the
/// file when that is gone too, with its old place as a related location.
package struct DiffLocations: Sendable {
    /// The number of the current tree's files: the earlier revision's file `i` is `offset + i`.
    let offset: Int
    /// For each file of the earlier revision, the file of the same path now (or its stand-in).
    let counterpart: [FileID]
    /// For each file of the report, its number of lines.
    let lineCounts: [Int]
    /// The declarations of the earlier revision's files, by their number there: each entity's
    /// kind and name (`route:cart`) and the line of its key, in order.
    private var earlierDeclarations: [Int: [(key: String, line: Int)]] = [:]
    /// Where the current tree's files declare each entity, by `kind:name`.
    private var currentDeclarations: [FileID: [String: SourceRange]] = [:]

    /// Locations for a report of `offset` current files, then the earlier revision's files
    /// with their `counterpart`s now, each file of the report having `lineCounts` lines.
    package init(offset: Int, counterpart: [FileID], lineCounts: [Int]) {
        self.offset = offset
        self.counterpart = counterpart
        self.lineCounts = lineCounts
    }

    /// These locations, placing what is gone by the declarations of the apps `before` and `now`.
    package func placing(before: [AppModel], now: [AppModel]) -> DiffLocations {
        var placed = self
        for app in before {
            for (key, range) in Self.declarations(of: app) {
                placed.earlierDeclarations[Int(range.file.index), default: []].append((key, Int(range.start.line)))
            }
        }
        for file in placed.earlierDeclarations.keys { placed.earlierDeclarations[file]!.sort { $0.line < $1.line } }
        for app in now {
            for (key, range) in Self.declarations(of: app) where placed.currentDeclarations[range.file]?[key] == nil {
                placed.currentDeclarations[range.file, default: [:]][key] = range
            }
        }
        return placed
    }

    /// Each activity, tab, holder and route of `app`, by `kind:name`, with its key's range.
    private static func declarations(of app: AppModel) -> [(String, SourceRange)] {
        app.activities.map { ("activity:" + app.text($0.name.value), $0.name.range) }
            + app.tabs.map { ("tab:" + app.text($0.name.value), $0.name.range) }
            + app.holders.map { ("holder:" + app.text($0.name.value), $0.name.range) }
            + app.routes.map { ("route:" + app.text($0.id.value), $0.id.range) }
    }

    /// `range` of the earlier revision, numbered as the report numbers its files.
    func before(_ range: SourceRange) -> SourceRange {
        var moved = range
        moved.file = FileID(offset + Int(range.file.index))
        return moved
    }

    /// Where something at `range` in the earlier revision stands in the current tree: at the
    /// nearest declaration before it that the file of the same path still has, else the
    /// nearest after it; else the same line (the last line, when the file has fewer).
    func anchor(_ range: SourceRange) -> SourceRange {
        let file = counterpart[Int(range.file.index)]
        if let earlier = earlierDeclarations[Int(range.file.index)], let current = currentDeclarations[file] {
            let line = Int(range.start.line)
            let survivor =
                earlier.last { $0.line < line && current[$0.key] != nil } ?? earlier.first { $0.line > line && current[$0.key] != nil }
            if let survivor, let place = current[survivor.key] { return SourceRange(file: file, start: place.start, end: place.end) }
        }
        let lastLine = max(1, lineCounts[Int(file.index)])
        guard range.start.line <= lastLine else {
            let position = SourcePosition(line: lastLine, column: 1)
            return SourceRange(file: file, start: position, end: position)
        }
        let end = range.end.line == range.start.line ? range.end : range.start
        return SourceRange(file: file, start: range.start, end: end)
    }
}
