import RouteLintCore

/// `routelint graph`: the navigation of a route set as a Graphviz DOT or Mermaid flowchart.
/// Activities are clusters holding their tabs and routes; each tab points at its root route
/// (a bold edge); `links` are plain edges. Sheets are dashed, full-screen routes drawn as
/// 3-D boxes, entry routes doubled (DOT) or shaded (Mermaid). An entity with findings is
/// drawn in the colour of its most severe one, with the rule ids in its label.
package enum GraphRenderer {
    /// The graph languages.
    package enum Format: String, CaseIterable, Sendable {
        /// Graphviz's DOT, or a Mermaid flowchart.
        case dot, mermaid
    }

    /// The graph of `apps`, each entity marked with the `findings` inside its declaration.
    package static func render(_ apps: [AppModel], findings: [Finding], format: Format) -> String {
        let graph = NavigationGraph(apps: apps, findings: findings)
        switch format {
        case .dot: return dot(graph)
        case .mermaid: return mermaid(graph)
        }
    }

    // MARK: - DOT

    static func dot(_ graph: NavigationGraph) -> String {
        var out = "digraph routes {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=Helvetica];\n  edge [fontname=Helvetica];\n"
        for cluster in graph.clusters {
            out += "  subgraph \(dotID("cluster_" + cluster.id)) {\n"
            out += "    label=\(dotString([cluster.label] + ruleLine(cluster.findings)));\n"
            if let color = color(cluster.findings) { out += "    color=\"\(color)\";\n    fontcolor=\"\(color)\";\n" }
            for node in cluster.nodes { out += "    " + dotNode(node) + "\n" }
            // Graphviz draws no empty cluster, and an activity without tabs is worth seeing.
            if cluster.nodes.isEmpty { out += "    \(dotID(cluster.id + ".empty")) [label=\"(no tabs)\", shape=plaintext];\n" }
            out += "  }\n"
        }
        for node in graph.looseNodes { out += "  " + dotNode(node) + "\n" }
        for edge in graph.edges {
            out += "  \(dotID(edge.from)) -> \(dotID(edge.to))" + (edge.isTabRoot ? " [style=bold, arrowhead=empty]" : "") + ";\n"
        }
        return out + "}\n"
    }

    private static func dotNode(_ node: NavigationGraph.Node) -> String {
        var attributes = ["label=\(dotString(node.label + ruleLine(node.findings)))"]
        switch node.kind {
        case .tab: attributes.append("shape=tab")
        case .route(let presentation, let isEntry):
            if presentation == .sheet { attributes.append("style=\"rounded,dashed\"") }
            if presentation == .fullscreen { attributes.append("shape=box3d") }
            if isEntry { attributes.append("peripheries=2") }
        }
        if let color = color(node.findings) { attributes += ["color=\"\(color)\"", "fontcolor=\"\(color)\""] }
        return "\(dotID(node.id)) [\(attributes.joined(separator: ", "))];"
    }

    private static func dotID(_ id: String) -> String { dotString([id]) }

    /// A quoted DOT string of the given lines, each escaped for the terminal first, so no
    /// control character from a manifest reaches the file.
    private static func dotString(_ lines: [String]) -> String {
        let escaped = lines.map { line in
            TerminalText.escape(line).unicodeScalars.map { character -> String in
                switch character {
                case "\\": return "\\\\"
                case "\"": return "\\\""
                default: return String(character)
                }
            }.joined()
        }
        return "\"" + escaped.joined(separator: "\\n") + "\""
    }

    // MARK: - Mermaid

    static func mermaid(_ graph: NavigationGraph) -> String {
        var out = "flowchart LR\n"
        var classes: [(node: String, className: String)] = []
        func node(_ node: NavigationGraph.Node, indent: String) {
            let label = mermaidLabel(node.label + ruleLine(node.findings))
            let id = mermaidID(node.id)
            switch node.kind {
            case .tab:
                out += "\(indent)\(id)[[\(label)]]\n"
                classes.append((id, "tab"))
            case .route(let presentation, let isEntry):
                out += "\(indent)\(id)(\(label))\n"
                if presentation != .push { classes.append((id, presentation.rawValue)) }
                if isEntry { classes.append((id, "entry")) }
            }
            if let severity = node.findings.map(\.severity).max() { classes.append((id, severity.rawValue)) }
        }
        for cluster in graph.clusters {
            out += "  subgraph \(mermaidID(cluster.id))[\(mermaidLabel([cluster.label] + ruleLine(cluster.findings)))]\n"
            for member in cluster.nodes { node(member, indent: "    ") }
            if cluster.nodes.isEmpty { out += "    \(mermaidID(cluster.id + ".empty"))[\"(no tabs)\"]\n" }
            out += "  end\n"
            if let severity = cluster.findings.map(\.severity).max() { classes.append((mermaidID(cluster.id), severity.rawValue)) }
        }
        for loose in graph.looseNodes { node(loose, indent: "  ") }
        for edge in graph.edges {
            out += "  \(mermaidID(edge.from)) \(edge.isTabRoot ? "==>" : "-->") \(mermaidID(edge.to))\n"
        }
        out += """
              classDef tab fill:#eef3fb,stroke:#5b7db1
              classDef sheet stroke-dasharray:5 5
              classDef fullscreen stroke-width:3px
              classDef entry fill:#eaf7ea
              classDef error stroke:#d00000,stroke-width:2px,color:#d00000
              classDef warning stroke:#c77800,stroke-width:2px,color:#c77800
              classDef note stroke:#1f6feb,stroke-width:2px

            """
        for (className, members) in Dictionary(grouping: classes, by: \.className).sorted(by: { $0.key < $1.key }) {
            out += "  class \(members.map(\.node).joined(separator: ",")) \(className)\n"
        }
        return out
    }

    /// Mermaid ids allow letters, digits and `_`; everything else is written as `_XX_`, so
    /// distinct names stay distinct.
    private static func mermaidID(_ id: String) -> String {
        var escaped = ""
        for byte in id.utf8 {
            let isAlphanumeric =
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if isAlphanumeric {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "_" + String(byte, radix: 16, uppercase: true) + "_"
            }
        }
        return escaped
    }

    /// A quoted label of the given lines, with Mermaid's entity codes for the characters its
    /// syntax uses.
    private static func mermaidLabel(_ lines: [String]) -> String {
        let escaped = lines.map { line in
            TerminalText.escape(line).map { character -> String in
                switch character {
                case "#": return "#35;"
                case "\"": return "#quot;"
                case "<": return "#lt;"
                case ">": return "#gt;"
                default: return String(character)
                }
            }.joined()
        }
        return "\"" + escaped.joined(separator: "<br/>") + "\""
    }

    // MARK: - Findings

    /// The line that names the rules of an entity's findings, if it has any.
    private static func ruleLine(_ findings: [Finding]) -> [String] {
        guard !findings.isEmpty else { return [] }
        var rules: [String] = []
        for finding in findings where !rules.contains(finding.rule) { rules.append(finding.rule) }
        return ["[" + rules.joined(separator: ", ") + "]"]
    }

    private static func color(_ findings: [Finding]) -> String? {
        switch findings.map(\.severity).max() {
        case .error?: return "#d00000"
        case .warning?: return "#c77800"
        case .note?: return "#1f6feb"
        case nil: return nil
        }
    }
}

/// The nodes, clusters and edges of a route set's navigation, with the findings that fall
/// inside each entity's declaration.
struct NavigationGraph {
    enum Kind: Equatable {
        case tab
        case route(Presentation, isEntry: Bool)
    }

    struct Node {
        let id: String
        let kind: Kind
        let label: [String]
        let findings: [Finding]
    }

    struct Cluster {
        let id: String
        let label: String
        let findings: [Finding]
        var nodes: [Node]
    }

    struct Edge {
        let from: String
        let to: String
        let isTabRoot: Bool
    }

    private(set) var clusters: [Cluster] = []
    private(set) var looseNodes: [Node] = []
    private(set) var edges: [Edge] = []

    init(apps: [AppModel], findings allFindings: [Finding]) {
        let findingsByFile = Dictionary(grouping: allFindings, by: \.range.file)
        func findings(in extent: SourceRange) -> [Finding] {
            (findingsByFile[extent.file] ?? []).filter { $0.range.start >= extent.start && $0.range.start < extent.end }
        }
        let prefixApps = apps.count > 1
        for (appIndex, app) in apps.enumerated() {
            let prefix = prefixApps ? "app\(appIndex)." : ""
            let appLabel = prefixApps ? (app.name.map { " (app \(app.text($0.value)))" } ?? " (no app)") : ""
            var clusterIndex: [Symbol: Int] = [:]
            for activity in app.activities {
                let name = app.text(activity.name.value)
                clusterIndex[activity.name.value] = clusters.count
                clusters.append(
                    Cluster(
                        id: prefix + "activity." + name, label: "activity " + name + appLabel,
                        findings: findings(in: activity.extent), nodes: []))
            }
            func place(_ node: Node, in activity: Symbol?) {
                if let activity, let index = clusterIndex[activity] { clusters[index].nodes.append(node) } else { looseNodes.append(node) }
            }
            for tab in app.tabs {
                let name = app.text(tab.name.value)
                let id = prefix + "tab." + name
                let index = tab.index.map { " (tab \($0.value))" } ?? " (tab)"
                place(
                    Node(id: id, kind: .tab, label: [name + index], findings: findings(in: tab.extent)),
                    in: tab.activity?.value)
                if let root = tab.root, app.route(root.value) != nil {
                    edges.append(Edge(from: id, to: prefix + "route." + app.text(root.value), isTabRoot: true))
                }
            }
            for route in app.routes {
                let routeID = app.text(route.id.value)
                let id = prefix + "route." + routeID
                var label = [routeID]
                if let path = route.path { label.append(app.text(path.value.text)) }
                if route.isEntry { label.append("entry") }
                place(
                    Node(
                        id: id, kind: .route(route.effectivePresentation, isEntry: route.isEntry), label: label,
                        findings: findings(in: route.extent)),
                    in: app.activity(of: route))
                var linked = Set<Symbol>()
                for link in app.names(route.links) where app.route(link.value) != nil && linked.insert(link.value).inserted {
                    edges.append(Edge(from: id, to: prefix + "route." + app.text(link.value), isTabRoot: false))
                }
            }
        }
    }
}
