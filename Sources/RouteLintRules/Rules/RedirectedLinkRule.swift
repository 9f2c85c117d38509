import RouteLintChanges
import RouteLintCore

/// `redirected-link`: a URL that opened one route opens another now.
package enum RedirectedLinkRule: ChangeRule {
    package static let description = RuleDescription(
        id: "redirected-link",
        defaultSeverity: .warning,
        summary: "A URL that opened one route opens another now.",
        rationale: """
            A new literal route takes URLs from a parameter route (`/products/new` from \
            `/products/:id`), a route's path moves onto another's, a route is removed and a wider \
            one catches its URLs: links already sent open a different screen than the one they \
            were made for. Often that is the intent; the finding names a URL that shows the \
            change, so that a reviewer can tell.
            """,
        triggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing(
                    "  order: {path: /orders/:id",
                    to: "  ↓new-product: {path: /products/new, holder: H, activity: main}\n  order: {path: /orders/:id"
                ).replacingFirst("links: [product, order]", with: "links: [product, order, new-product]"))
        ],
        nonTriggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing("product: {path: /products/:id", to: "product: {holder: H, path: /products/:id")
                    .replacingFirst(", holder: H, activity: main}", with: ", activity: main}"))
        ])

    package static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.links where change.kind == .redirected {
            findings.report(
                description,
                "\(ChangeWording.urls(change.urls)) opened route '\(change.before ?? "")'; "
                    + "\(ChangeWording.opens(change.urls)) route '\(change.after ?? "")' now"
                    + (change.cause.map { " (\(ChangeWording.cause($0)))" } ?? ""),
                at: change.range, related: change.related, subjects: ChangeWording.subjects(change), witnesses: change.urls)
        }
    }
}
