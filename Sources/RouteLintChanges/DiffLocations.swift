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
    /// The apps of each revision, to place what is gone by what is left (`placing`).
    private var earlierApps: [AppModel] = []
    private var currentApps: [AppModel] = []
    /// The declarations of the earlier revision's files, by their number there: each entity's
    /// app, kind and position among the app's entities of that kind, by the line of its key.
    /// Numbers only, made once: names are compared only for what is gone.
    private var earlierDeclarations: [Int: [(line: Int32, app: Int32, kind: EntityKind, position: Int32)]] = [:]

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
        placed.earlierApps = before
        placed.currentApps = now
        for (appIndex, app) in before.enumerated() {
            func add(_ kind: EntityKind, _ ranges: some Sequence<SourceRange>) {
                for (position, range) in ranges.enumerated() {
                    placed.earlierDeclarations[Int(range.file.index), default: []].append(
                        (Int32(range.start.line), Int32(appIndex), kind, Int32(position)))
                }
            }
            add(.activity, app.activities.lazy.map(\.name.range))
            add(.tab, app.tabs.lazy.map(\.name.range))
            add(.holder, app.holders.lazy.map(\.name.range))
            add(.route, app.routes.lazy.map(\.id.range))
        }
        for file in placed.earlierDeclarations.keys { placed.earlierDeclarations[file]!.sort { $0.line < $1.line } }
        return placed
    }

    /// Where the current file `file` declares the earlier revision's entity, when it still does.
    private func currentPlace(of declaration: (line: Int32, app: Int32, kind: EntityKind, position: Int32), in file: FileID) -> SourceRange?
    {
        let app = earlierApps[Int(declaration.app)]
        let position = Int(declaration.position)
        let name: String
        switch declaration.kind {
        case .activity: name = app.text(app.activities[position].name.value)
        case .tab: name = app.text(app.tabs[position].name.value)
        case .holder: name = app.text(app.holders[position].name.value)
        case .route: name = app.text(app.routes[position].id.value)
        }
        for current in currentApps {
            guard let symbol = current.symbols.lookup(name) else { continue }
            let range: SourceRange?
            switch declaration.kind {
            case .activity: range = current.activity(symbol)?.name.range
            case .tab: range = current.tab(symbol)?.name.range
            case .holder: range = current.holder(symbol)?.name.range
            case .route: range = current.route(symbol)?.id.range
            }
            if let range, range.file == file { return range }
        }
        return nil
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
        if let earlier = earlierDeclarations[Int(range.file.index)] {
            // The declarations before the one gone, nearest first, then those after it.
            let line = Int32(range.start.line)
            var (split, high) = (0, earlier.count)
            while split < high {
                let middle = (split + high) / 2
                if earlier[middle].line < line { split = middle + 1 } else { high = middle }
            }
            for declaration in earlier[..<split].reversed() + earlier[split...].filter({ $0.line > line }) {
                if let place = currentPlace(of: declaration, in: file) { return place }
            }
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
