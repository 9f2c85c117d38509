import RouteLintCore

/// A layered drawing of an activity's navigation, laid out without Graphviz: tabs in the first
/// column, their root routes in the second, and each route in the column of its depth by links
/// from a root; routes of the activity that no tab reaches (entries, orphans) in a last column.
/// Within a column, nodes are ordered by the mean row of the nodes that link to them (one sweep
/// from left to right, the barycentre heuristic), so that most edges run straight.
package struct LayeredLayout: Sendable {
    /// What a node stands for.
    package enum Kind: Sendable, Equatable {
        /// A tab of the activity.
        case tab
        /// A route, with how it is shown and whether it is an entry.
        case route(Presentation, isEntry: Bool)
    }

    /// One box of the drawing.
    package struct Node: Sendable {
        /// The tab's name or the route's id.
        package let name: String
        /// The route's path, for its tooltip.
        package let detail: String?
        /// A tab or a route.
        package let kind: Kind
        /// The most severe finding on the entity, if any.
        package let severity: Severity?
        /// The column: 0 for tabs, then a route's depth from a root plus one.
        package let column: Int
        /// The row within the column.
        package internal(set) var row: Int
    }

    /// The boxes, column by column.
    package private(set) var nodes: [Node]
    /// Edges by node index: a tab to its root, a route to each route it links to (drawn ones).
    package let edges: [(from: Int, to: Int)]
    /// The number of columns.
    package let columns: Int
    /// The most rows a column has.
    package let rows: Int

    /// The drawing of one activity: its `tabs` (in index order), the positions of its routes
    /// (`members`), each route's depth from a tab root within the activity, and the most severe
    /// finding on each tab and route (`severities`).
    static func activity(_ app: AppModel, tabs: [Tab], members: [Int], depth: [Int: Int], marks severities: [FindingSubject: Severity])
        -> LayeredLayout
    {
        var nodes: [Node] = []
        var nodeOfRoute: [Int: Int] = [:]
        for tab in tabs {
            let name = app.text(tab.name.value)
            nodes.append(
                Node(
                    name: name, detail: nil, kind: .tab, severity: severities[FindingSubject.tab(name)], column: 0, row: nodes.count))
        }
        let deepest = depth.values.max() ?? -1
        let unreached = deepest + 2
        var columnOf: [Int: Int] = [:]
        for position in members { columnOf[position] = depth[position].map { $0 + 1 } ?? unreached }
        // Columns in order; within one, declaration order until the sweep.
        let ordered = members.sorted { (columnOf[$0]!, $0) < (columnOf[$1]!, $1) }
        for position in ordered {
            let route = app.routes[position]
            let name = app.text(route.id.value)
            nodeOfRoute[position] = nodes.count
            nodes.append(
                Node(
                    name: name, detail: route.path.map { app.text($0.value.text) },
                    kind: .route(route.presentation?.value ?? .push, isEntry: route.isEntry),
                    severity: severities[FindingSubject.route(name)],
                    column: columnOf[position]!, row: 0))
        }
        var edges: [(from: Int, to: Int)] = []
        for (index, tab) in tabs.enumerated() {
            if let root = tab.root.flatMap({ app.routePosition($0.value) }), let target = nodeOfRoute[root] {
                edges.append((index, target))
            }
        }
        for position in ordered {
            for next in app.linkGraph.successors(of: position) {
                if let target = nodeOfRoute[next] { edges.append((nodeOfRoute[position]!, target)) }
            }
        }
        // The barycentre sweep: each column after the first ordered by the mean row of the
        // nodes in earlier columns that link to it.
        var incoming = [[Int]](repeating: [], count: nodes.count)
        for edge in edges where nodes[edge.from].column < nodes[edge.to].column { incoming[edge.to].append(edge.from) }
        let columnCount = (nodes.map(\.column).max() ?? 0) + 1
        var rows = tabs.count
        for column in 1..<max(columnCount, 1) {
            let members = nodes.indices.filter { nodes[$0].column == column }
            let keyed = members.map { index -> (Double, Int) in
                let parents = incoming[index]
                let mean = parents.isEmpty ? Double.infinity : Double(parents.reduce(0) { $0 + nodes[$1].row }) / Double(parents.count)
                return (mean, index)
            }
            for (row, entry) in keyed.sorted(by: { $0 < $1 }).enumerated() { nodes[entry.1].row = row }
            rows = max(rows, members.count)
        }
        return LayeredLayout(nodes: nodes, edges: edges, columns: columnCount, rows: rows)
    }

    private init(nodes: [Node], edges: [(from: Int, to: Int)], columns: Int, rows: Int) {
        self.nodes = nodes
        self.edges = edges
        self.columns = columns
        self.rows = rows
    }

    /// The most severe finding about each tab and route the findings name first.
    static func severities(_ findings: [Finding]) -> [FindingSubject: Severity] {
        var result: [FindingSubject: Severity] = [:]
        for finding in findings {
            guard let subject = finding.subjects.first(where: { $0.kind == .route || $0.kind == .tab }) else { continue }
            result[subject] = max(result[subject] ?? .note, finding.severity)
        }
        return result
    }
}
