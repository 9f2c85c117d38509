import RouteLintCore
import RouteLintRules

/// `routelint audit`'s page (docs/audit.md): one self-contained HTML file — every style and
/// script inline, no network, no font — for the people who own a large route set. Per app: the
/// counts, findings by rule as a bar chart, the files with most findings, the deep-link surface,
/// each activity's navigation as an SVG drawn by `LayeredLayout` (or summarised when large),
/// the statistics of the link graph; then every finding with its excerpt, filterable by rule,
/// severity, file and text, each linked to the route it concerns.
///
/// Every text from a manifest or a path goes through `AuditPage.escaped`: control and
/// bidirectional characters shown as escapes, then HTML's special characters as entities, so
/// a route named `<script>` is text. Lists are bounded so that 100,000 routes stay a page that
/// opens in seconds; what is left out is counted.
package struct AuditPage: Reporter {
    /// At most this many items of one list (patterns of an origin, entry routes, …).
    package static let maximumListItems = 200
    /// At most this many findings are listed; the rest are counted (the JSON report has all).
    package static let maximumFindings = 5_000

    /// The page writer.
    package init() {}

    /// Writes the page of `report`.
    package func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        let audits = report.apps.enumerated().map { index, app in
            AppAudit(app, index: index, findings: report.active, files: report.files)
        }
        // Findings in files of no app — platform link files, manifests that could not be read
        // into one — have a section of their own, so that the apps' counts and theirs add up to
        // the findings listed.
        let appFiles = Set(report.apps.flatMap { $0.files.map(\.id) })
        let elsewhere = report.active.filter { !appFiles.contains($0.range.file) }
        output.write(
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>routelint audit</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>routelint audit</h1>
            <p id="summary">\(Self.escaped(TextReporter.summary(report.active, totals: report.totals)))</p>

            """)
        for failure in report.unreadable {
            output.write("<p class=\"incomplete\">Not checked: \(Self.escaped(failure.path)): \(Self.escaped(failure.reason))</p>\n")
        }
        for skipped in report.skippedChecks { output.write("<p class=\"incomplete\">\(Self.escaped(skipped))</p>\n") }
        output.write("<nav><ul>\n")
        for audit in audits { output.write("<li><a href=\"#app-\(audit.index)\">\(Self.escaped(audit.name))</a></li>\n") }
        if !elsewhere.isEmpty { output.write("<li><a href=\"#elsewhere\">Files of no app</a></li>\n") }
        output.write("<li><a href=\"#findings\">Findings (\(report.active.count))</a></li>\n</ul></nav>\n</header>\n<main>\n")
        for (audit, app) in zip(audits, report.apps) { writeApp(audit, app, report: report, to: &output) }
        if !elsewhere.isEmpty { writeElsewhere(elsewhere, files: report.files, to: &output) }
        writeFindings(report, apps: report.apps, to: &output)
        output.write("</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n")
    }

    // MARK: - Files of no app

    /// The findings of files that belong to no app, counted as an app's are.
    private func writeElsewhere<Output: TextOutputStream>(_ findings: [Finding], files: [SourceFile], to output: inout Output) {
        let (byRule, mostFindings) = AppAudit.counts(of: findings, files: files)
        output.write(
            """
            <section class="app" id="elsewhere">
            <h2>Files of no app</h2>
            <p>Platform link files, and manifests that could not be read into an app: \(findings.count) \
            \(findings.count == 1 ? "finding" : "findings").</p>
            <h3>Findings by rule</h3>

            """)
        output.write(Self.ruleChart(byRule))
        output.write("<table class=\"files\"><caption>Files with the most findings</caption><tr><th>File</th><th>Findings</th></tr>\n")
        for (path, count) in mostFindings { output.write("<tr><td>\(Self.escaped(path))</td><td>\(count)</td></tr>\n") }
        output.write("</table>\n</section>\n")
    }

    // MARK: - One app

    private func writeApp<Output: TextOutputStream>(_ audit: AppAudit, _ app: AppModel, report: LintReport, to output: inout Output) {
        let errors = audit.findingsByRule.reduce(0) { $0 + $1.errors }
        let warnings = audit.findingsByRule.reduce(0) { $0 + $1.warnings }
        let notes = audit.findingsByRule.reduce(0) { $0 + $1.notes }
        output.write(
            """
            <section class="app" id="app-\(audit.index)">
            <h2>\(Self.escaped(audit.name))</h2>
            <dl class="counts">
            <div><dt>Routes</dt><dd data-count="routes">\(audit.routeCount)</dd></div>
            <div><dt>Activities</dt><dd data-count="activities">\(audit.activityCount)</dd></div>
            <div><dt>Tabs</dt><dd data-count="tabs">\(audit.tabCount)</dd></div>
            <div><dt>Holders</dt><dd data-count="holders">\(audit.holderCount)</dd></div>
            <div><dt>Errors</dt><dd data-count="errors" class="error">\(errors)</dd></div>
            <div><dt>Warnings</dt><dd data-count="warnings" class="warning">\(warnings)</dd></div>
            <div><dt>Notes</dt><dd data-count="notes" class="note">\(notes)</dd></div>
            </dl>

            """)
        output.write("<h3>Findings by rule</h3>\n")
        if audit.findingsByRule.isEmpty {
            output.write("<p>No findings.</p>\n")
        } else {
            output.write(Self.ruleChart(audit.findingsByRule))
            output.write("<table class=\"files\"><caption>Files with the most findings</caption><tr><th>File</th><th>Findings</th></tr>\n")
            for (path, count) in audit.filesWithMostFindings {
                output.write("<tr><td>\(Self.escaped(path))</td><td>\(count)</td></tr>\n")
            }
            output.write("</table>\n")
        }

        output.write("<h3>Deep-link surface</h3>\n")
        if audit.origins.isEmpty { output.write("<p>No schemes and no hosts: no URL opens the app.</p>\n") }
        for origin in audit.origins {
            output.write(
                "<details class=\"origin\"><summary><code>\(Self.escaped(origin.origin))</code> opens "
                    + "\(origin.patterns.count) \(origin.patterns.count == 1 ? "pattern" : "patterns")</summary>\n<ul>\n")
            for (route, pattern) in origin.patterns.prefix(Self.maximumListItems) {
                output.write("<li><code>\(Self.escaped(pattern))</code> → \(Self.escaped(route))</li>\n")
            }
            output.write(Self.more(origin.patterns.count) + "</ul></details>\n")
        }
        writeList("Entry routes", audit.entryRoutes, kind: "entry", to: &output)
        writeList(
            "What a link to an entry route does (its plan, every flag on)", audit.entryPlans.map { "\($0.route) → \($0.plan)" },
            kind: "plans", to: &output)
        writeList("Routes kept off the web (<code>web: false</code>)", audit.webOffRoutes, kind: "web-off", to: &output)
        writeList(
            "Auth-required routes a link from outside opens, or reaches without passing another",
            audit.authReachableFromOutside.map { $0.joined(separator: " → ") }, kind: "auth-reachable", to: &output)

        output.write("<h3>Navigation</h3>\n")
        for activity in audit.activities {
            output.write(
                "<figure class=\"activity\" data-activity=\"\(Self.escaped(activity.name))\"><figcaption>Activity "
                    + "<strong>\(Self.escaped(activity.name))</strong>: \(activity.routeCount) routes</figcaption>\n")
            if let layout = activity.layout {
                output.write(Self.diagram(layout, appIndex: audit.index))
            } else {
                output.write(
                    "<p class=\"summarised\">Too large to draw legibly (more than \(AppAudit.maximumDrawnRoutes) routes). "
                        + "Its largest subtrees, by routes first reached through them:</p>\n<ol>\n")
                for (route, size) in activity.largestSubtrees { output.write("<li>\(Self.escaped(route)): \(size)</li>\n") }
                output.write("</ol>\n")
                output.write(Self.histogram(activity.depthHistogram.enumerated().map { ("depth \($0.offset)", $0.element) }))
            }
            output.write("</figure>\n")
        }
        output.write(Self.legend)

        output.write("<h3>Statistics</h3>\n<div class=\"stats\">\n<div><h4>Depth from the nearest tab root</h4>\n")
        var depths = audit.depthHistogram.enumerated().map { ("\($0.offset)", $0.element) }
        if audit.unreachedFromTabs > 0 { depths.append(("no tab", audit.unreachedFromTabs)) }
        output.write(Self.histogram(depths) + "</div>\n<div><h4>Fan-out (links per route)</h4>\n")
        output.write(Self.histogram(zip(AppAudit.fanOutBuckets, audit.fanOutHistogram).map { ($0, $1) }) + "</div>\n</div>\n")
        writeList("Routes with the most links", audit.widestRoutes.map { "\($0.route): \($0.links)" }, kind: "widest", to: &output)
        writeList(
            "Longest link chains from a tab root", audit.longestChains.map { $0.joined(separator: " → ") }, kind: "chains",
            to: &output)
        writeRoutesWithFindings(audit, app, report: report, to: &output)
        output.write("</section>\n")
    }

    private func writeList<Output: TextOutputStream>(_ title: String, _ items: [String], kind: String, to output: inout Output) {
        output.write("<h4>\(title) (\(items.count))</h4>\n")
        guard !items.isEmpty else { return output.write("<p class=\"none\">None.</p>\n") }
        output.write("<ul class=\"\(kind)\">\n")
        for item in items.prefix(Self.maximumListItems) { output.write("<li>\(Self.escaped(item))</li>\n") }
        output.write(Self.more(items.count) + "</ul>\n")
    }

    /// "… and N more" when a list is cut, as a list item.
    private static func more(_ count: Int) -> String {
        count > maximumListItems ? "<li class=\"more\">… and \(count - maximumListItems) more</li>\n" : ""
    }

    /// The anchors findings link to: each route of the app with findings, and its findings.
    private func writeRoutesWithFindings<Output: TextOutputStream>(
        _ audit: AppAudit, _ app: AppModel, report: LintReport, to output: inout Output
    ) {
        var byRoute: [String: [Int]] = [:]
        var order: [String] = []
        let appFiles = Set(app.files.map(\.id))
        for (index, finding) in report.active.enumerated().prefix(Self.maximumFindings) where appFiles.contains(finding.range.file) {
            guard let route = finding.subjects.first(where: { $0.kind == .route })?.name, app.route(named: route) != nil else { continue }
            if byRoute[route] == nil { order.append(route) }
            byRoute[route, default: []].append(index)
        }
        output.write("<h4>Routes with findings (\(order.count))</h4>\n")
        guard !order.isEmpty else { return output.write("<p class=\"none\">None.</p>\n") }
        output.write("<table class=\"routes\"><tr><th>Route</th><th>Path</th><th>Findings</th></tr>\n")
        for route in order {
            let path = app.route(named: route)?.path.map { app.text($0.value.text) } ?? ""
            let links = byRoute[route]!.map { "<a href=\"#finding-\($0)\">\(Self.escaped(report.active[$0].rule))</a>" }
            output.write(
                "<tr id=\"\(Self.routeAnchor(audit.index, route))\"><td>\(Self.escaped(route))</td>"
                    + "<td><code>\(Self.escaped(path))</code></td><td>\(links.joined(separator: ", "))</td></tr>\n")
        }
        output.write("</table>\n")
    }

    /// The anchor of a route's row: unique across apps.
    static func routeAnchor(_ appIndex: Int, _ route: String) -> String {
        "route-\(appIndex)-" + escaped(route)
    }

    // MARK: - Findings

    private func writeFindings<Output: TextOutputStream>(_ report: LintReport, apps: [AppModel], to output: inout Output) {
        var appOfFile: [FileID: Int] = [:]
        for (index, app) in apps.enumerated() { for file in app.files { appOfFile[file.id] = index } }
        let shown = report.active.prefix(Self.maximumFindings)
        let rules = Set(shown.map(\.rule)).sorted()
        let files = Array(Set(shown.map { report.files[Int($0.range.file.index)].path })).sorted()
        output.write(
            """
            <section id="findings">
            <h2>Findings (\(report.active.count))</h2>
            <form class="filters" role="search" onsubmit="return false">
            <label>Rule <select id="filter-rule"><option value="">all</option>
            """)
        for rule in rules { output.write("<option>\(Self.escaped(rule))</option>") }
        output.write(
            """
            </select></label>
            <label>Severity <select id="filter-severity"><option value="">all</option><option>error</option><option>warning</option><option>note</option></select></label>
            <label>File <select id="filter-file"><option value="">all</option>
            """)
        for file in files { output.write("<option>\(Self.escaped(file))</option>") }
        output.write(
            """
            </select></label>
            <label>Text <input id="filter-text" type="search" placeholder="press / to search"></label>
            <output id="filter-count" aria-live="polite"></output>
            </form>
            <ol id="finding-list">

            """)
        var excerpts = TextExcerpts(files: report.files)
        for (index, finding) in shown.enumerated() {
            let file = report.files[Int(finding.range.file.index)].path
            let route = finding.subjects.first { $0.kind == .route }?.name
            let routeLink =
                route.flatMap { route -> String? in
                    guard let app = appOfFile[finding.range.file], apps[app].route(named: route) != nil else { return nil }
                    return " <a class=\"route\" href=\"#\(Self.routeAnchor(app, route))\">route \(Self.escaped(route))</a>"
                } ?? ""
            output.write(
                "<li id=\"finding-\(index)\" class=\"finding \(finding.severity.rawValue)\" data-rule=\"\(Self.escaped(finding.rule))\" "
                    + "data-severity=\"\(finding.severity.rawValue)\" data-file=\"\(Self.escaped(file))\">"
                    + "<span class=\"severity\">\(finding.severity.rawValue)</span> <code class=\"rule\">\(Self.escaped(finding.rule))</code> "
                    + "<span class=\"where\">\(Self.escaped(file)):\(finding.range.start.line):\(finding.range.start.column)</span>"
                    + routeLink + "<p class=\"message\">\(Self.escaped(finding.message))</p>"
                    + "<pre class=\"excerpt\">\(Self.escaped(excerpts.line(finding.range)))</pre></li>\n")
        }
        output.write("</ol>\n")
        if report.active.count > shown.count {
            output.write(
                "<p class=\"more\">… and \(report.active.count - shown.count) more findings, left out of this page: "
                    + "see <code>routelint lint --format json</code>.</p>\n")
        }
        output.write("</section>\n")
    }

    // MARK: - Charts

    /// Findings per rule as horizontal bars, each split by severity.
    static func ruleChart(_ counts: [AppAudit.RuleCount]) -> String {
        let largest = max(1, counts.map(\.total).max() ?? 1)
        let rowHeight = 22
        let labelWidth = 190
        let barWidth = 360
        var svg =
            "<svg class=\"chart rules\" role=\"img\" aria-label=\"Findings by rule\" width=\"\(labelWidth + barWidth + 60)\" "
            + "height=\(quoted(counts.count * rowHeight + 4)) xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (row, count) in counts.enumerated() {
            let y = row * rowHeight + 2
            svg += "<g class=\"bar\" data-rule=\"\(escaped(count.rule))\" data-total=\"\(count.total)\">"
            svg += "<text x=\"0\" y=\"\(y + 15)\">\(escaped(count.rule))</text>"
            var x = labelWidth
            for (severity, value) in [("error", count.errors), ("warning", count.warnings), ("note", count.notes)] where value > 0 {
                let width = max(2, value * barWidth / largest)
                svg +=
                    "<rect class=\"\(severity)\" x=\"\(x)\" y=\"\(y + 3)\" width=\"\(width)\" height=\"16\"><title>\(value) \(severity)</title></rect>"
                x += width
            }
            svg += "<text x=\"\(x + 6)\" y=\"\(y + 15)\">\(count.total)</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    /// Vertical bars of labelled counts.
    static func histogram(_ buckets: [(label: String, count: Int)]) -> String {
        guard !buckets.isEmpty else { return "<p class=\"none\">No routes.</p>\n" }
        let largest = max(1, buckets.map(\.count).max() ?? 1)
        let width = 44
        let height = 120
        var svg =
            "<svg class=\"chart histogram\" role=\"img\" width=\(quoted(buckets.count * width + 10)) height=\(quoted(height + 40)) "
            + "xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (index, bucket) in buckets.enumerated() {
            let barHeight = bucket.count == 0 ? 0 : max(2, bucket.count * height / largest)
            let x = index * width + 5
            svg += "<g class=\"bucket\" data-label=\"\(escaped(bucket.label))\" data-count=\"\(bucket.count)\">"
            svg += "<rect x=\"\(x)\" y=\"\(height - barHeight + 14)\" width=\"\(width - 8)\" height=\"\(barHeight)\"></rect>"
            svg += "<text x=\"\(x + (width - 8) / 2)\" y=\"\(height - barHeight + 10)\" text-anchor=\"middle\">\(bucket.count)</text>"
            svg += "<text x=\"\(x + (width - 8) / 2)\" y=\"\(height + 30)\" text-anchor=\"middle\">\(escaped(bucket.label))</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    /// An activity's navigation: tabs, roots, links; sheets dashed, full-screen routes framed
    /// twice, entry routes starred, entities with findings in their severity's colour and
    /// linked to their row.
    static func diagram(_ layout: LayeredLayout, appIndex: Int) -> String {
        let boxWidth = 160
        let boxHeight = 24
        let columnGap = 56
        let rowGap = 10
        let x = { (node: LayeredLayout.Node) in 8 + node.column * (boxWidth + columnGap) }
        let y = { (node: LayeredLayout.Node) in 8 + node.row * (boxHeight + rowGap) }
        let width = 16 + layout.columns * (boxWidth + columnGap)
        let height = 16 + layout.rows * (boxHeight + rowGap)
        var svg =
            "<svg class=\"navigation\" role=\"img\" width=\(quoted(width)) height=\(quoted(height)) "
            + "viewBox=\"0 0 \(width) \(height)\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for edge in layout.edges {
            let from = layout.nodes[edge.from]
            let to = layout.nodes[edge.to]
            let forward = to.column > from.column
            let (x1, y1) = (x(from) + boxWidth, y(from) + boxHeight / 2)
            let (x2, y2) = forward ? (x(to), y(to) + boxHeight / 2) : (x(to) + boxWidth / 2, y(to) + (to.row > from.row ? 0 : boxHeight))
            let bend = forward ? (x2 - x1) / 2 : 40
            svg +=
                "<path class=\"edge\(forward ? "" : " back")\(from.kind == .tab ? " root" : "")\" "
                + "d=\"M\(x1),\(y1) C\(x1 + bend),\(y1) \(x2 - (forward ? bend : 0)),\(y2) \(x2),\(y2)\"></path>\n"
        }
        for node in layout.nodes {
            var classes = ["node"]
            var label = node.name
            switch node.kind {
            case .tab: classes.append("tab")
            case .route(let presentation, let isEntry):
                classes.append(presentation.rawValue)
                if isEntry {
                    classes.append("entry")
                    label = "★ " + label
                }
            }
            if let severity = node.severity { classes.append(severity.rawValue) }
            let shown = label.count > 22 ? String(label.prefix(21)) + "…" : label
            let title = node.name + (node.detail.map { " " + $0 } ?? "")
            var box =
                "<g class=\"\(classes.joined(separator: " "))\" data-name=\"\(escaped(node.name))\">"
                + "<title>\(escaped(title))</title>"
                + "<rect x=\"\(x(node))\" y=\"\(y(node))\" width=\"\(boxWidth)\" height=\"\(boxHeight)\" rx=\"5\"></rect>"
                + "<text x=\"\(x(node) + 8)\" y=\"\(y(node) + 16)\">\(escaped(shown))</text></g>"
            if node.severity != nil, case .route = node.kind {
                box = "<a href=\"#\(routeAnchor(appIndex, node.name))\">" + box + "</a>"
            }
            svg += box + "\n"
        }
        return svg + "</svg>\n"
    }

    private static func quoted(_ value: Int) -> String { "\"\(value)\"" }

    private static let legend = """
        <p class="legend"><span class="key tab">tab</span> <span class="key push">push</span> \
        <span class="key sheet">sheet</span> <span class="key fullscreen">full screen</span> \
        <span class="key entry">★ entry</span> <span class="key error">error</span> \
        <span class="key warning">warning</span> <span class="key note">note</span>; \
        the last column holds the routes no tab reaches.</p>

        """

    // MARK: - Text

    /// Text for HTML, in an element or an attribute: control and bidirectional characters as
    /// visible escapes (`\\u{202E}`), then `& < > " '` as entities.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in TerminalText.escape(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Source lines by range, reading each file's line index once.
    private struct TextExcerpts {
        let files: [SourceFile]
        var indexes: [FileID: LineIndex] = [:]

        init(files: [SourceFile]) { self.files = files }

        mutating func line(_ range: SourceRange) -> String {
            let index = indexes[range.file] ?? LineIndex(files[Int(range.file.index)].bytes)
            indexes[range.file] = index
            return index.line(Int(range.start.line)) ?? ""
        }
    }

    // MARK: - Style and script

    /// The page's style sheet: `AuditPage.css`, embedded in the binary.
    private static let style = resourceText(PackageResources.AuditPage_css)

    /// The page's script, `AuditPage.js`, embedded in the binary: the filters (rule, severity,
    /// file and free text) applied as the user types; `/` focuses the text field. A query
    /// (`audit.html?severity=error&text=cart`) presets them, so that a filtered view can be
    /// linked to. It reads and writes only the page's own elements.
    private static let script = resourceText(PackageResources.AuditPage_js)

    /// An embedded resource's text, without the line break that ends the file.
    private static func resourceText(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
