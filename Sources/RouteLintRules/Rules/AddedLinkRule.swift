import RouteLintChanges
import RouteLintCore

/// `added-link`: URLs that opened nothing open a route now.
package enum AddedLinkRule: ChangeRule {
    package static let description = RuleDescription(
        id: "added-link",
        defaultSeverity: .note,
        summary: "URLs that opened nothing open a route now.",
        rationale: """
            A new route, a wider pattern, a new host or scheme, or `web: false` turned off: the \
            app answers links it did not answer before. Nothing breaks, but the deep-link surface \
            grows — links on the website start opening the app, and the platform files \
            (`routelint generate app-links`) need to follow. The finding names one such URL.
            """,
        triggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing("links: [product, order]", to: "links: [product, order, help]")
                    + "\n  ↓help: {path: /help, holder: H, activity: main}")
        ],
        nonTriggeringExamples: [ChangeExamples.moved])

    package static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.links where change.kind == .added {
            findings.report(
                description,
                "\(ChangeWording.urls(change.urls)) opened no route; \(ChangeWording.opens(change.urls)) "
                    + "route '\(change.after ?? "")' now"
                    + (change.cause.map { " (\(ChangeWording.cause($0)))" } ?? "") + ChangeWording.android(change.androidShipping),
                at: change.range, related: change.related, subjects: ChangeWording.subjects(change), witnesses: change.urls)
        }
    }
}
