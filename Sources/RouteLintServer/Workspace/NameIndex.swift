import RouteLintRuns
import RouteLintCore

/// Every place an app writes the name of an activity, tab, holder or route: where it is
/// declared (again, too, in a later file) and every field that refers to it. What go to
/// definition, find references and rename read.
struct NameIndex: Sendable {
    enum Role: Sendable, Equatable {
        /// The mapping key that declares the entity the app uses.
        case declaration
        /// A later declaration of the same name (`duplicate-name`).
        case redeclaration
        /// A field that names the entity: `links`, `root`, `holder`, `parent`, ….
        case reference(field: String)
    }

    struct Occurrence: Sendable {
        let kind: EntityKind
        let name: Symbol
        let range: SourceRange
        let role: Role
    }

    /// In declaration order: by file, then position.
    let occurrences: [Occurrence]
    private let byName: [NameKey: [Int]]

    private struct NameKey: Hashable {
        let kind: EntityKind
        let name: Symbol
    }

    init(_ app: AppModel) {
        var found: [Occurrence] = []
        func add(_ name: LocatedName?, _ kind: EntityKind, _ role: Role) {
            if let name { found.append(Occurrence(kind: kind, name: name.value, range: name.range, role: role)) }
        }
        for activity in app.activities {
            add(activity.name, .activity, .declaration)
            add(activity.defaultTab, .tab, .reference(field: ActivityKey.defaultTab.name))
        }
        for tab in app.tabs {
            add(tab.name, .tab, .declaration)
            add(tab.activity, .activity, .reference(field: TabKey.activity.name))
            add(tab.root, .route, .reference(field: TabKey.root.name))
        }
        for holder in app.holders {
            add(holder.name, .holder, .declaration)
            add(holder.parent, .holder, .reference(field: HolderKey.parent.name))
        }
        for route in app.routes {
            add(route.id, .route, .declaration)
            add(route.activity, .activity, .reference(field: RouteKey.activity.name))
            add(route.holder, .holder, .reference(field: RouteKey.holder.name))
            add(route.fallback, .route, .reference(field: RouteKey.fallback.name))
            for link in app.names(route.links) { add(link, .route, .reference(field: RouteKey.links.name)) }
        }
        for redeclaration in app.redeclarations { add(redeclaration.later, redeclaration.kind, .redeclaration) }
        found.sort { $0.range < $1.range }
        var byName: [NameKey: [Int]] = [:]
        for (position, occurrence) in found.enumerated() {
            byName[NameKey(kind: occurrence.kind, name: occurrence.name), default: []].append(position)
        }
        occurrences = found
        self.byName = byName
    }

    /// The name written at `position` of `file` (its start up to its end, both included, so
    /// that a cursor just after a name is on it).
    func occurrence(at position: SourcePosition, in file: FileID) -> Occurrence? {
        // The last occurrence that starts at or before the position.
        var low = 0
        var high = occurrences.count
        while low < high {
            let middle = (low + high) / 2
            let start = occurrences[middle].range
            if (start.file, start.start) <= (file, position) { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = occurrences[low - 1]
        guard candidate.range.file == file, candidate.range.end >= position else { return nil }
        return candidate
    }

    /// Every occurrence of a name of a kind, in declaration order.
    func occurrences(of kind: EntityKind, _ name: Symbol) -> [Occurrence] {
        (byName[NameKey(kind: kind, name: name)] ?? []).map { occurrences[$0] }
    }

    /// Where the app declares the name (its first declaration), if it does.
    func declaration(of kind: EntityKind, _ name: Symbol) -> Occurrence? {
        occurrences(of: kind, name).first { $0.role == .declaration }
    }
}
