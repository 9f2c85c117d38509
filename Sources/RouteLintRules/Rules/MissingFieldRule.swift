import RouteLintCore

/// `missing-field`. The fields a file lacks are reported by `ManifestDecoder`; a route's
/// `activity`, which a tab in another file may supply, is checked here on the merged app.
package enum MissingFieldRule: AppRule {
    package static let description = RuleDescription(
        id: "missing-field",
        defaultSeverity: .error,
        summary: "A required field is absent.",
        rationale: """
            A file needs `manifest: 1`; a tab needs `activity`, `index`, `root` and `icon`; a \
            route needs an `activity` unless it is the root of a tab, whose activity it then \
            takes. Without them the app cannot place the tab or route at run time. The finding \
            points at the key that declares the incomplete entity.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                tabs:
                  ↓home:
                    activity: shop
                    root: home
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  ↓settings:
                    path: /settings
                    holder: SettingsHolder
                """),
            RuleExample(
                """
                ↓app: shop
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                holders: {HomeHolder: {}, SettingsHolder: {}}
                routes:
                  home: {path: /, holder: HomeHolder, links: [settings]}
                  settings: {path: /settings, activity: shop, holder: SettingsHolder}
                """)
        ])

    /// What it looks for may be declared in a file of the app that could not be read.
    package static let needsEveryFile = true

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        for file in app.files {
            switch file.versionKey {
            case .present, .notApplicable:
                continue
            case .missing(let range):
                findings.report(
                    description, "the manifest has no 'manifest' key; add 'manifest: 1'", at: range, subjects: [.key("manifest")])
            case .emptyDocument(let range):
                findings.report(
                    description, "the manifest has no 'manifest' key; start the file with 'manifest: 1'",
                    at: range, subjects: [.key("manifest")])
            }
        }
        for tab in app.tabs {
            let missing = TabKey.keys.filter { $0.isRequired && !tab.written.contains($0) }.map(\.name)
            guard !missing.isEmpty else { continue }
            let name = app.text(tab.name.value)
            findings.report(
                description,
                "tab '\(name)' lacks the required field\(missing.count == 1 ? "" : "s") \(englishList(missing.map { "'\($0)'" }))",
                at: tab.name.range, subjects: [.tab(name)] + missing.map(FindingSubject.key))
        }
        // The tab that roots a route may sit in a file that could not be read.
        guard app.isComplete else { return }
        for route in app.routes
        where route.activity == nil && !route.written.contains(.activity) && app.tabRooted(at: route.id.value) == nil {
            let id = app.text(route.id.value)
            findings.report(
                description,
                "route '\(id)' has no 'activity'; only the root route of a tab takes its activity from the tab",
                at: route.id.range, subjects: [.route(id), .key(RouteKey.activity.name)])
        }
    }
}
