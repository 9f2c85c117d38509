import RouteLintCore
import RouteLintPlatform

/// Where an imported fact is written in the app's own files: a file and a position, and the
/// text found there.
package struct ImportOrigin: Sendable, Hashable {
    /// The file, as the import was given it.
    package var path: String
    /// The 1-based line and column.
    package var line: Int
    package var column: Int
    /// What is written there (a pattern, an element), for messages.
    package var text: String

    package init(path: String, line: Int, column: Int, text: String) {
        self.path = path
        self.line = line
        self.column = column
        self.text = text
    }

    /// The start of `range` in the file at `path`.
    package init(path: String, range: SourceRange, text: String) {
        self.init(path: path, line: Int(range.start.line), column: Int(range.start.column), text: text)
    }

    /// `path:line:column`.
    package var location: String { "\(path):\(line):\(column)" }
}

/// What a manifest says of the app's links at its top level (docs/app-links.md): the hosts,
/// schemes, Apple's app IDs and Android's settings.
package struct LinkSettings: Sendable {
    package var hosts: [String] = []
    package var schemes: [String] = []
    package var appleAppIDs: [String] = []
    package var androidPackage: String?
    package var androidActivity: String?
    package var fingerprints: [String] = []
    package var minimumSDK: Int?
    /// The values the link files' placeholders and build settings were read with (`--define`),
    /// by name: written under `android.placeholders` and `ios.build-settings`, so that `lint`
    /// reads the files as the import did.
    package var placeholders: [(name: String, value: String)] = []
    package var buildSettings: [(name: String, value: String)] = []

    package init() {}
}

/// A manifest as `routelint import` writes it: what the app's link files and navigation graphs
/// say, with where each part comes from (docs/adopting.md).
package struct ImportedManifest: Sendable {
    /// One activity: a navigation graph, or the app's only context.
    package struct Activity: Sendable {
        package var name: String
        package var title: String?
        package var origin: ImportOrigin?

        package init(name: String, title: String?, origin: ImportOrigin?) {
            self.name = name
            self.title = title
            self.origin = origin
        }
    }

    /// One tab: an item of a bottom-navigation menu, or a graph's start destination.
    package struct Tab: Sendable {
        package var name: String
        package var activity: String
        package var index: Int
        package var root: String
        package var icon: String
        package var title: String?
        package var origin: ImportOrigin?

        package init(
            name: String, activity: String, index: Int, root: String, icon: String, title: String?, origin: ImportOrigin?
        ) {
            self.name = name
            self.activity = activity
            self.index = index
            self.root = root
            self.icon = icon
            self.title = title
            self.origin = origin
        }
    }

    /// One route and the holder made for it.
    package struct Route: Sendable {
        package var id: String
        package var path: String?
        package var activity: String?
        package var holder: String
        /// The holder's params: the arguments the path and the query provide.
        package var holderParams: [String] = []
        /// The types of path parameters that are not strings (`id: int`).
        package var params: [(name: String, type: String)] = []
        /// The query items the route reads, with their types (optional items).
        package var query: [(name: String, type: String)] = []
        package var presentation: String?
        package var links: [String] = []
        /// `examples`: URLs the app's files say open the route (Android Lint's `tools:validation testUrl`).
        package var examples: [String] = []
        package var entry = false
        package var web = true
        /// The files and places that say the route exists.
        package var origins: [ImportOrigin] = []
        /// Lines of comment written above the route.
        package var comments: [String] = []

        package init(id: String, path: String? = nil, activity: String?, holder: String) {
            self.id = id
            self.path = path
            self.activity = activity
            self.holder = holder
        }
    }

    /// Something `import` kept as written, left out or could only approximate, for the summary
    /// and the manifest's comments.
    package struct Note: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// A build-time placeholder kept as written (`$(TEAM_ID)`, `${applicationId}`, `@string/host`).
            case placeholder
            /// A pattern a route cannot say exactly; `witness` once the check has found one.
            case inexactPattern
            /// Something read and left out, and why.
            case skipped
        }

        package var kind: Kind
        package var message: String
        package var origin: ImportOrigin?

        package init(_ kind: Kind, _ message: String, at origin: ImportOrigin?) {
            self.kind = kind
            self.message = message
            self.origin = origin
        }
    }

    package var app: String?
    package var settings = LinkSettings()
    package var activities: [Activity] = []
    package var tabs: [Tab] = []
    package var routes: [Route] = []
    /// Patterns no route comes near (a `pathSuffix`), written as comments.
    package var unroutedPatterns: [ImportOrigin] = []
    /// What the reading of the files and the building of the manifest found to say, in order.
    package var notes: [Note] = []

    package init() {}

    /// The manifest without the routes that a wider route of the same kind stands for —
    /// `P/:x` and `P/:x/**` beside `P/**`, both web or both not — as link files that write one
    /// subtree at several depths (the layout `generate app-links` writes) give them. Their
    /// origins move to the wider route. Only routes of link files go: a graph's destination
    /// is a screen of its own. Whether nothing a URL opens has changed is the caller's check.
    package func mergingSubtrees() -> ImportedManifest {
        var merged = self
        var subtrees: [String: Int] = [:]
        for (index, route) in routes.enumerated() {
            guard let path = route.path, path.hasSuffix("/**") else { continue }
            subtrees[Self.shape(path)] = index
        }
        var removed = Set<Int>()
        for (index, route) in routes.enumerated() {
            guard let path = route.path, route.origins.allSatisfy({ PlatformFileKind(path: $0.path) != nil }) else { continue }
            var segments = path.split(separator: "/").map(String.init)
            if segments.last == "**" { segments.removeLast() }
            guard let last = segments.last, last.hasPrefix(":") else { continue }
            segments[segments.count - 1] = "**"
            guard let wider = subtrees[Self.shape("/" + segments.joined(separator: "/"))], wider != index,
                routes[wider].web == route.web, routes[wider].activity == route.activity
            else { continue }
            removed.insert(index)
            for origin in route.origins where !merged.routes[wider].origins.contains(origin) {
                merged.routes[wider].origins.append(origin)
            }
        }
        merged.routes = merged.routes.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        return merged
    }

    /// A path with its parameters' names left out: two paths of one shape match the same URLs.
    package static func shape(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix(":") ? ":" : String($0) }.joined(separator: "/")
    }

    /// The manifest's text, and the line each route's `path` is written on (route id → line),
    /// so that findings about it lead back to the files it came from.
    package func yaml(sources: [String]) -> (text: String, pathLines: [Int: String]) {
        var lines: [String] = []
        lines.append("# Imported by `routelint import` from:")
        for source in sources { lines.append("#   \(Self.commentText(source))") }
        lines.append("# Review it, then lint it with those files (docs/adopting.md).")
        lines.append("manifest: 1")
        if let app { lines.append("app: \(Self.scalar(app))") }
        if !settings.schemes.isEmpty { lines.append("schemes: \(Self.flow(settings.schemes))") }
        if !settings.hosts.isEmpty { lines.append("hosts: \(Self.flow(settings.hosts))") }
        let iosFields =
            (settings.appleAppIDs.isEmpty ? [] : ["app-ids: \(Self.flow(settings.appleAppIDs))"])
            + (settings.buildSettings.isEmpty ? [] : ["build-settings: \(Self.flowMapping(settings.buildSettings))"])
        if !iosFields.isEmpty { lines.append("ios: {\(iosFields.joined(separator: ", "))}") }
        if settings.androidPackage != nil || settings.androidActivity != nil || !settings.fingerprints.isEmpty
            || settings.minimumSDK != nil || !settings.placeholders.isEmpty
        {
            lines.append("android:")
            if let package = settings.androidPackage { lines.append("  package: \(Self.scalar(package))") }
            if let activity = settings.androidActivity { lines.append("  activity: \(Self.scalar(activity))") }
            if !settings.fingerprints.isEmpty { lines.append("  cert-fingerprints: \(Self.flow(settings.fingerprints))") }
            if let minimumSDK = settings.minimumSDK { lines.append("  min-sdk: \(minimumSDK)") }
            if !settings.placeholders.isEmpty { lines.append("  placeholders: \(Self.flowMapping(settings.placeholders))") }
        }
        if !activities.isEmpty {
            lines.append("activities:")
            for activity in activities {
                if let origin = activity.origin { lines.append("  # \(Self.commentText(origin.location))") }
                var fields: [String] = []
                if let title = activity.title { fields.append("title: \(Self.scalar(title))") }
                lines.append("  \(activity.name): {\(fields.joined(separator: ", "))}")
            }
        }
        if !tabs.isEmpty {
            lines.append("tabs:")
            for tab in tabs {
                if let origin = tab.origin { lines.append("  # \(Self.commentText(origin.location))") }
                var fields = [
                    "activity: \(Self.scalar(tab.activity))", "index: \(tab.index)", "root: \(Self.scalar(tab.root))",
                    "icon: \(Self.scalar(tab.icon))",
                ]
                if let title = tab.title { fields.append("title: \(Self.scalar(title))") }
                lines.append("  \(tab.name): {\(fields.joined(separator: ", "))}")
            }
        }
        if !routes.isEmpty {
            lines.append("holders:")
            var declared = Set<String>()
            for route in routes where declared.insert(route.holder).inserted {
                lines.append(
                    route.holderParams.isEmpty
                        ? "  \(route.holder): {}" : "  \(route.holder): {params: \(Self.flow(route.holderParams))}")
            }
        }
        var pathLines: [Int: String] = [:]
        if !routes.isEmpty || !unroutedPatterns.isEmpty {
            lines.append("routes:")
            for pattern in unroutedPatterns {
                lines.append(
                    "  # No route: \(Self.commentText(pattern.text)) (\(Self.commentText(pattern.location))) has no route pattern near it.")
            }
            for route in routes {
                for origin in route.origins {
                    lines.append("  # from \(Self.commentText(origin.location)): \(Self.commentText(origin.text))")
                }
                for comment in route.comments { lines.append("  # \(Self.commentText(comment))") }
                lines.append("  \(route.id):")
                if let path = route.path {
                    pathLines[lines.count + 1] = route.id
                    lines.append("    path: \(Self.scalar(path))")
                }
                if let activity = route.activity { lines.append("    activity: \(Self.scalar(activity))") }
                lines.append("    holder: \(route.holder)")
                if !route.params.isEmpty { lines.append("    params: " + Self.typeMapping(route.params)) }
                if !route.query.isEmpty { lines.append("    query: " + Self.typeMapping(route.query)) }
                if let presentation = route.presentation { lines.append("    presentation: \(presentation)") }
                if !route.links.isEmpty { lines.append("    links: \(Self.flow(route.links))") }
                if !route.examples.isEmpty { lines.append("    examples: \(Self.flow(route.examples))") }
                if route.entry { lines.append("    entry: true") }
                if !route.web { lines.append("    web: false") }
            }
        }
        return (lines.joined(separator: "\n") + "\n", pathLines)
    }

    /// `{id: int, ref: string}`: names and their types as a flow mapping.
    static func typeMapping(_ entries: [(name: String, type: String)]) -> String {
        "{" + entries.map { "\(scalar($0.name)): \($0.type)" }.joined(separator: ", ") + "}"
    }

    /// A YAML scalar: plain where YAML reads the text back as this same string, else
    /// double-quoted with escapes.
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._/:".contains($0)) }
            && !(text.first == ":" || text.first == "-" || text.first == ".") && !text.contains(": ")
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
            && Double(text) == nil && Int(text) == nil && !text.hasSuffix(":")
        return plain ? text : JSONValue.quoted(text)
    }

    private static func flow(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    /// `{name: value, …}`, each quoted where YAML needs it.
    private static func flowMapping(_ pairs: [(name: String, value: String)]) -> String {
        "{" + pairs.map { scalar($0.name) + ": " + scalar($0.value) }.joined(separator: ", ") + "}"
    }

    /// Text made safe for one line of comment: control characters escaped.
    static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar == "\u{2028}"
                || scalar == "\u{2029}"
            {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
