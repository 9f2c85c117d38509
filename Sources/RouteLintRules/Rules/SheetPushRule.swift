import RouteLintCore

/// `sheet-push`: a sheet with no navigation stack that links to a pushed route.
package enum SheetPushRule: AppRule {
    package static let description = RuleDescription(
        id: "sheet-push",
        defaultSeverity: .warning,
        summary: "A sheet or full-screen route that is not stacked links to a push route.",
        rationale: """
            A `sheet` or `fullscreen` route is presented over the tab's stack and has no \
            navigation stack of its own unless it is `stacked: true`. A `push` route it links \
            to has nowhere to be pushed: depending on the platform it is pushed behind the \
            sheet, or not at all. Make the sheet `stacked`, or present the target as a sheet.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  filters: {presentation: sheet, links: [↓filter-detail, help]}
                  filter-detail: {path: /filters/:id}
                  help: {presentation: fullscreen}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [filters, share]}
                  filters: {activity: shop, holder: H, presentation: sheet, stacked: true, links: [filter-detail]}
                  filter-detail: {path: /filters/:id, activity: shop, holder: H}
                  share: {activity: shop, holder: H, presentation: fullscreen, links: [help]}
                  help: {activity: shop, holder: H, presentation: sheet}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        app.routes.forEachInPlace { _, route in
            guard route.effectivePresentation != .push && !route.isStacked else { return }
            for link in app.names(route.links) {
                guard let target = app.route(link.value), target.effectivePresentation == .push else { continue }
                let presentation = route.effectivePresentation.rawValue
                let id = app.text(route.id.value)
                let targetID = app.text(link.value)
                findings.report(
                    description,
                    "\(presentation) route '\(id)' is not 'stacked', so it cannot push route '\(targetID)'; set 'stacked: true' or present '\(targetID)' as a sheet",
                    at: link.range, subjects: [.route(id), .route(targetID)])
            }
        }
    }
}
