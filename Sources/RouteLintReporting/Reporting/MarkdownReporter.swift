import RouteLintCore

/// The pull-request format of `routelint diff` (docs/diff.md), for a comment or
/// `$GITHUB_STEP_SUMMARY`: per app, a table of the changes with their witness URLs, and a
/// Mermaid flowchart of the changed routes with their neighbours, which GitHub draws. Rows go
/// from the most severe change down, in report order within a severity. Both are
/// bounded ("and N more"): a huge diff stays a page. Manifest text is escaped for Markdown,
/// HTML and Mermaid alike: a route or host named like markup shows as text.
public struct MarkdownReporter: Reporter {
    /// At most this many rows per app's table.
    public static let maximumRows = 50
    /// At most this many changed routes per app's flowchart.
    public static let maximumChangedRoutes = 25
    /// At most this many neighbours of a changed route each way (links to it, links from it).
    public static let maximumNeighbours = 6

    /// The reporter.
    public init() {}

    /// The whole page for `report`, a report of changes (`routelint diff`); of a lint, the
    /// findings as changes of no other revision.
    public func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        var against = "nothing"
        if case .diff(let revision) = report.totals.subject { against = revision }
        output.write("## Route changes compared with \(Self.escaped(against))\n\n")
        // Without the time: the same change gives the same page.
        let totals = LintReport.Totals(
            files: report.totals.files, routes: report.totals.routes, seconds: nil, unreadablePaths: report.totals.unreadablePaths,
            subject: report.totals.subject)
        output.write(Self.escaped(TextReporter.summary(report.active, totals: totals)) + "\n")
        var order: [String] = []
        var byApp: [String: [Finding]] = [:]
        for finding in report.active {
            let app = report.comparison?.app(of: finding.range.file) ?? ""
            if byApp[app] == nil { order.append(app) }
            byApp[app, default: []].append(finding)
        }
        for app in order {
            // The changes that fail first: a reviewer reads the top of the table.
            let findings = byApp[app]!.enumerated().sorted { lhs, rhs in
                lhs.element.severity != rhs.element.severity ? lhs.element.severity > rhs.element.severity : lhs.offset < rhs.offset
            }.map(\.element)
            output.write("\n### \(Self.escaped(app))\n\n")
            output.write("| Severity | Change | What | Witness | Where |\n|---|---|---|---|---|\n")
            for finding in findings.prefix(Self.maximumRows) {
                let file = report.files[Int(finding.range.file.index)]
                let witness = finding.witnesses.map(Self.escaped).joined(separator: "<br>")
                output.write(
                    "| \(finding.severity.rawValue) | `\(finding.rule)` | \(Self.escaped(finding.message)) | \(witness) "
                        + "| \(Self.escaped(file.path)):\(finding.range.start.line) |\n")
            }
            if findings.count > Self.maximumRows {
                output.write("\n… and \(findings.count - Self.maximumRows) more changes (see the full report).\n")
            }
            writeFlowchart(app: app, findings: findings, report: report, to: &output)
        }
    }

    /// The changed routes of one app with their neighbours by links, in the current revision
    /// (in the earlier one for a route that is gone).
    private func writeFlowchart<Output: TextOutputStream>(
        app name: String, findings: [Finding], report: LintReport, to output: inout Output
    ) {
        var changed: [String] = []
        var severity: [String: Severity] = [:]
        for finding in findings {
            for subject in finding.subjects where subject.kind == .route {
                if severity[subject.name] == nil { changed.append(subject.name) }
                severity[subject.name] = max(severity[subject.name] ?? .note, finding.severity)
            }
        }
        guard !changed.isEmpty else { return }
        let current = report.apps.first { $0.displayName == name }
        let earlier = report.comparison?.earlierApps.first { $0.displayName == name }
        let drawn = Array(changed.prefix(Self.maximumChangedRoutes))
        var nodes: [String] = []
        var index: [String: Int] = [:]
        func node(_ id: String) -> Int {
            if let known = index[id] { return known }
            index[id] = nodes.count
            nodes.append(id)
            return nodes.count - 1
        }
        var edges: [(Int, Int)] = []
        var seenEdges = Set<[Int]>()
        func edge(_ from: String, _ to: String) {
            let pair = [node(from), node(to)]
            if seenEdges.insert(pair).inserted { edges.append((pair[0], pair[1])) }
        }
        let incoming = Self.incomingLinks(current, toAny: Set(drawn))
        for id in drawn {
            _ = node(id)
            let app = current?.route(named: id) != nil ? current : earlier
            guard let app, let route = app.route(named: id) else { continue }
            for target in app.names(route.links).prefix(Self.maximumNeighbours) { edge(id, app.text(target.value)) }
            for source in (incoming[id] ?? []).prefix(Self.maximumNeighbours) { edge(source, id) }
        }
        output.write("\n```mermaid\nflowchart LR\n")
        for (position, id) in nodes.enumerated() {
            let app = current?.route(named: id) != nil ? current : earlier
            let path = app?.route(named: id)?.path.map { app!.text($0.value.text) }
            let label = Self.mermaidEscaped(id + (path.map { " " + $0 } ?? ""))
            let gone = current?.route(named: id) == nil
            var line = "  n\(position)[\"\(label)\"]"
            if let level = severity[id] { line += ":::\(level.rawValue)" }
            if gone { line = "  n\(position)[\"\(label) (removed)\"]" + (severity[id].map { ":::\($0.rawValue)" } ?? "") }
            output.write(line + "\n")
        }
        for (from, to) in edges { output.write("  n\(from) --> n\(to)\n") }
        output.write("  classDef error fill:#fde2e1,stroke:#cf222e\n")
        output.write("  classDef warning fill:#fff3cd,stroke:#bf8700\n")
        output.write("  classDef note fill:#ddf4ff,stroke:#0969da\n")
        output.write("```\n")
        if changed.count > drawn.count {
            output.write("\n… and \(changed.count - drawn.count) more changed routes, not drawn.\n")
        }
    }

    /// For each of `targets`, the routes of `app` that link to it.
    private static func incomingLinks(_ app: AppModel?, toAny targets: Set<String>) -> [String: [String]] {
        guard let app else { return [:] }
        var incoming: [String: [String]] = [:]
        for route in app.routes {
            for target in app.names(route.links) {
                let name = app.text(target.value)
                if targets.contains(name) { incoming[name, default: []].append(app.text(route.id.value)) }
            }
        }
        return incoming
    }

    /// Text for a Markdown table cell: HTML's special characters as entities, Markdown's
    /// punctuation as numeric references, line breaks as spaces, and the other control and
    /// bidirectional characters as `\u{…}`, as a terminal shows them.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\n", "\r": result += " "
            case "|", "`", "*", "_", "[", "]", "\\", "~", "#", "!", "\"":
                result += "&#\(scalar.value);"
            default:
                if TerminalText.needsEscape(scalar) {
                    result += TerminalText.escapeSequence(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Text for a Mermaid label in double quotes: every character but letters, digits and
    /// plain path punctuation as Mermaid's `#code;` entity.
    static func mermaidEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " /:._-".unicodeScalars.contains(scalar))
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "#\(scalar.value);"
            }
        }
        return result
    }
}
