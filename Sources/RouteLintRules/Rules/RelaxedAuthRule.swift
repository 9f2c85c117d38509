import RouteLintChanges
import RouteLintCore

/// `relaxed-auth`: a screen that needed a signed-in user is reached without one now.
package enum RelaxedAuthRule: ChangeRule {
    package static let description = RuleDescription(
        id: "relaxed-auth",
        defaultSeverity: .error,
        summary: "A route that required auth no longer does, or a URL that opened one opens one that does not.",
        rationale: """
            `requires-auth` guards screens with a user's data. When a route loses it, or a link \
            that opened a guarded route opens an unguarded one now, a link shared or leaked \
            reaches that screen without a sign-in. The change may be meant; it is a security \
            review either way, so it fails the gate until acknowledged.
            """,
        triggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing("requires-auth: true}", to: "requires-auth: ↓false}"))
        ],
        nonTriggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing("activity: main}", to: "activity: main, requires-auth: true}"))
        ])

    package static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.auth {
            switch change.kind {
            case .dropped(let route, let earlier):
                findings.report(
                    description, "route '\(route)' required a signed-in user and does not now", at: change.range,
                    related: [RelatedLocation(earlier, "it required auth here")], subjects: change.subjects)
            case .redirected(let url, let from, let to, let related):
                findings.report(
                    description,
                    "\(url) opened route '\(from)', which requires a signed-in user; "
                        + "it opens route '\(to)' now, which does not",
                    at: change.range, related: related, subjects: change.subjects)
            }
        }
    }
}
