import RouteLintRuns
import RouteLintCore
import RouteLintRules
import RouteLintPlatform
import RouteLintReporting
import LanguageServerProtocol

// Hover: what a name stands for (a route's path, activity, holder, presentation, how it is
// reached and what its path conflicts with; a holder's scope, params and parent chain; a
// tab's and an activity's fields), what a key means, and what a suppressed rule checks.
extension LanguageServer {
    /// At most this many routes are named where a list of them could be long.
    static let namedRoutes = 5

    mutating func hover(_ params: TextDocumentPositionParams) -> Hover? {
        if let found = name(at: params.textDocument, params.position), let model = workspace!.model(of: found.file.path) {
            let markdown: String
            switch found.occurrence.kind {
            case .route: markdown = describeRoute(found.occurrence.name, in: model)
            case .holder: markdown = describeHolder(found.occurrence.name, in: model)
            case .tab: markdown = describeTab(found.occurrence.name, in: model)
            case .activity: markdown = describeActivity(found.occurrence.name, in: model)
            }
            return Hover(
                contents: MarkupContent(value: markdown),
                range: found.file.text.range(found.occurrence.range, encoding: encoding))
        }
        guard let place = place(params.textDocument, params.position) else { return nil }
        let word = Self.word(around: place.offset, in: place.file.text)
        guard !word.text.isEmpty else { return nil }
        let range = Range(
            start: place.file.text.position(ofByte: word.bytes.lowerBound, encoding: encoding),
            end: place.file.text.position(ofByte: word.bytes.upperBound, encoding: encoding))
        switch ManifestContext.at(word.bytes.lowerBound, in: place.file.text).place {
        case .suppressedRule:
            guard let rule = RuleRegistry.description(of: word.text) else { return nil }
            return Hover(
                contents: MarkupContent(
                    value: "**\(rule.id)** (\(rule.defaultSeverity.rawValue))\n\n\(rule.summary)\n\n"
                        + "[Documentation](\(rule.documentationURI))"),
                range: range)
        case .key(let mapping, _):
            guard Self.isFollowedByColon(word.bytes.upperBound, in: place.file.text),
                let summary = mapping.keys.first(where: { $0.name == word.text })?.summary
            else { return nil }
            return Hover(contents: MarkupContent(value: "**\(word.text)**\n\n\(summary)"), range: range)
        case .value(.route, RouteKey.examples.name):
            return exampleHover(place.file, at: place.offset)
        case .value(.parameterTypes, _), .value(.queryItems, _), .value(.queryItem, QueryItemKey.type.name):
            guard let summary = DeclaredType.summary(of: word.text) else { return nil }
            return Hover(contents: MarkupContent(value: "**\(word.text)** (type)\n\n\(summary)"), range: range)
        default:
            return nil
        }
    }

    // MARK: Examples

    /// For an `https` example a platform file of the app does not hand to the app, on each
    /// platform where it does not: the nearest component or attribute and what stopped it, as
    /// `resolve --platform` says it. Nil when every platform file opens it, or it names none.
    private func exampleHover(_ file: Workspace.File, at offset: Int) -> Hover? {
        let bytes = file.text.bytes
        let delimiters = Set(" \t\r\n[],\"'".utf8)
        var start = min(offset, bytes.count)
        var end = start
        while start > 0, !delimiters.contains(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, !delimiters.contains(bytes[end]) { end += 1 }
        let url = file.text.text(start..<end)
        guard url.hasPrefix("https://"), let workspace, let model = workspace.model(of: file.path) else { return nil }
        let sources = workspace.platformSources(of: file.app)
        var lines: [String] = []
        for platform in PlatformResolver.Platform.allCases {
            guard let decision = PlatformResolver.resolve([url], platform: platform, platformFiles: sources, apps: [model]).first,
                decision.problem == nil
            else { continue }
            for answer in decision.answers where !answer.opensApp {
                // Patterns and messages hold the files' own text: escaped, as Markdown reads it.
                let escaped = MarkdownReporter.escaped
                lines.append("- \(answer.scope): stays on the web" + (answer.decidedBy.map { " (\(escaped($0)))" } ?? ""))
                guard let miss = answer.nearMiss else { continue }
                if let nearest = miss.nearest {
                    let place = miss.place.map { " in \(escaped(FilePath.name(of: $0.file))) line \($0.position.line)" } ?? ""
                    lines.append("  - nearest: \(escaped(nearest))\(place)")
                }
                for stop in miss.stoppedBy { lines.append("  - stopped by \(stop.kind.rawValue): \(escaped(stop.message))") }
            }
        }
        guard !lines.isEmpty else { return nil }
        let range = Range(
            start: file.text.position(ofByte: start, encoding: encoding), end: file.text.position(ofByte: end, encoding: encoding))
        let heading = "**\(MarkdownReporter.escaped(url))** does not open the app everywhere"
        return Hover(contents: MarkupContent(value: ([heading, ""] + lines).joined(separator: "\n")), range: range)
    }

    // MARK: Entities

    private func describeRoute(_ id: Symbol, in app: AppModel) -> String {
        let name = app.text(id)
        guard let route = app.route(id), let position = app.routePosition(id) else { return "route `\(name)`: not declared" }
        var lines = ["**route** `\(name)`", ""]
        lines.append("- path: " + (route.path.map { "`\(app.text($0.value.text))`" } ?? "none: opened only through `links`"))
        let aliases = route.aliases
        if !aliases.isEmpty {
            lines.append(
                "- aliases (former paths that still open it): " + aliases.map { "`\(app.text($0.value.text))`" }.joined(separator: ", "))
        }
        lines.append("- activity: " + (app.activity(of: route).map { "`\(app.text($0))`" } ?? "none"))
        if let holder = route.holder {
            let scope = app.holder(holder.value).map { " (scope \($0.effectiveScope.rawValue))" } ?? " (not declared)"
            lines.append("- holder: `\(app.text(holder.value))`\(scope)")
        } else {
            lines.append("- holder: none")
        }
        if !route.params.isEmpty, let path = route.path?.value {
            let typed = path.parameterNames.map { "`\(app.text($0))`: \(route.parameterType($0).description(app.text))" }
            lines.append("- parameters: " + typed.joined(separator: ", "))
        }
        if !route.query.isEmpty {
            let items = route.query.map { item in
                "`\(app.text(item.name.value))`: \(item.effectiveType.description(app.text))"
                    + (item.isRequired ? ", required" : item.defaultValue.map { ", default `\(app.text($0.value))`" } ?? "")
            }
            lines.append("- query: " + items.joined(separator: "; "))
        }
        lines.append("- presentation: \(route.effectivePresentation.rawValue)" + (route.isStacked ? ", stacked" : ""))
        if route.requiresAuth?.value == true { lines.append("- requires a signed-in user") }
        if let feature = route.feature {
            lines.append("- feature flag: `\(app.text(feature.value))`" + (route.fallback.map { ", else `\(app.text($0.value))`" } ?? ""))
        }
        lines.append("- reached: " + reach(of: route, at: position, in: app))
        if let path = route.path?.value {
            let pattern = URLPattern(path, of: route)
            let shapes = SegmentShapes(app.symbols)
            let conflicts = app.routes.filter { other in
                other.id.value != id
                    && (other.path.map { pattern.relation(to: URLPattern($0.value, of: other), shapes: shapes).isConflict } ?? false)
            }
            if !conflicts.isEmpty {
                let named = conflicts.prefix(Self.namedRoutes).map { "`\(app.text($0.id.value))` (`\(app.text($0.path!.value.text))`)" }
                lines.append(
                    "- conflicts with "
                        + englishList(named + (conflicts.count > Self.namedRoutes ? ["\(conflicts.count - Self.namedRoutes) more"] : [])))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How users get to a route: the tabs it is the root of, entry, the routes linking to it.
    private func reach(of route: Route, at position: Int, in app: AppModel) -> String {
        var ways: [String] = []
        let tabs = app.tabs.filter { $0.root?.value == route.id.value }.map { "`\(app.text($0.name.value))`" }
        if !tabs.isEmpty { ways.append("root of tab " + englishList(tabs)) }
        if route.isEntry { ways.append("entry (deep links, notifications, widgets)") }
        let linking = app.routes.filter { app.names($0.links).contains { $0.value == route.id.value } }
        if !linking.isEmpty {
            let named = linking.prefix(Self.namedRoutes).map { "`\(app.text($0.id.value))`" }
            ways.append(
                "linked from " + englishList(named + (linking.count > Self.namedRoutes ? ["\(linking.count - Self.namedRoutes) more"] : []))
            )
        }
        if !app.reachableRoutes()[position] {
            ways.append(ways.isEmpty ? "never: no tab root or entry route leads to it" : "but no tab root or entry route leads to it")
        }
        return ways.joined(separator: "; ")
    }

    private func describeHolder(_ name: Symbol, in app: AppModel) -> String {
        guard let holder = app.holder(name) else { return "holder `\(app.text(name))`: not declared" }
        var lines = ["**holder** `\(app.text(name))`", "", "- scope: \(holder.effectiveScope.rawValue)"]
        let params = app.names(holder.params).map { "`\(app.text($0.value))`" }
        lines.append("- params: " + (params.isEmpty ? "none" : params.joined(separator: ", ")))
        // The parent chain, up to a loop (which `holder-scope` reports).
        var chain: [String] = []
        var seen: Set<Symbol> = [name]
        var parent = holder.parent?.value
        while let current = parent {
            let parentHolder = app.holder(current)
            chain.append("`\(app.text(current))`" + (parentHolder.map { " (\($0.effectiveScope.rawValue))" } ?? " (not declared)"))
            guard seen.insert(current).inserted else { chain.append("… a loop"); break }
            parent = parentHolder?.parent?.value
        }
        lines.append("- parents: " + (chain.isEmpty ? "none" : chain.joined(separator: " → ")))
        let bound = app.routes.filter { $0.holder?.value == name }.map { "`\(app.text($0.id.value))`" }
        lines.append(
            "- bound to "
                + (bound.isEmpty
                    ? "no route"
                    : englishList(
                        Array(bound.prefix(Self.namedRoutes))
                            + (bound.count > Self.namedRoutes ? ["\(bound.count - Self.namedRoutes) more"] : []))))
        return lines.joined(separator: "\n")
    }

    private func describeTab(_ name: Symbol, in app: AppModel) -> String {
        guard let tab = app.tab(name) else { return "tab `\(app.text(name))`: not declared" }
        var lines = ["**tab** `\(app.text(name))`", ""]
        lines.append("- activity: " + (tab.activity.map { "`\(app.text($0.value))`" } ?? "none"))
        lines.append("- index: " + (tab.index.map { String($0.value) } ?? "none"))
        lines.append("- root: " + (tab.root.map { "`\(app.text($0.value))`" } ?? "none"))
        if let title = tab.title { lines.append("- title: \(app.text(title.value))") }
        if let icon = tab.icon { lines.append("- icon: `\(app.text(icon.value))`") }
        return lines.joined(separator: "\n")
    }

    private func describeActivity(_ name: Symbol, in app: AppModel) -> String {
        guard let activity = app.activity(name) else { return "activity `\(app.text(name))`: not declared" }
        var lines = ["**activity** `\(app.text(name))`", ""]
        if let title = activity.title { lines.append("- title: \(app.text(title.value))") }
        let tabs = app.tabs.filter { $0.activity?.value == name }
            .sorted { ($0.index?.value ?? .max) < ($1.index?.value ?? .max) }
            .map { "`\(app.text($0.name.value))`" }
        lines.append("- tabs: " + (tabs.isEmpty ? "none" : tabs.joined(separator: ", ")))
        if let defaultTab = activity.defaultTab { lines.append("- default tab: `\(app.text(defaultTab.value))`") }
        return lines.joined(separator: "\n")
    }

    // MARK: Words

    /// The name-like word (`[A-Za-z0-9_.-]`) around a byte offset.
    static func word(around offset: Int, in text: DocumentText) -> (text: String, bytes: Swift.Range<Int>) {
        let bytes = text.bytes
        var start = min(offset, bytes.count)
        var end = start
        while start > 0, ManifestContext.isNameByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, ManifestContext.isNameByte(bytes[end]) { end += 1 }
        return (text.text(start..<end), start..<end)
    }

    /// Whether a key's colon follows offset `end`.
    static func isFollowedByColon(_ end: Int, in text: DocumentText) -> Bool {
        var index = end
        while index < text.bytes.count, text.bytes[index] == 32 { index += 1 }
        return index < text.bytes.count && text.bytes[index] == UInt8(ascii: ":")
    }
}
