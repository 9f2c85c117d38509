import RouteLintChanges
import RouteLintCore

/// `changed-route-api`: the generated routing code's surface changed.
package enum ChangedRouteAPIRule: ChangeRule {
    package static let description = RuleDescription(
        id: "changed-route-api",
        defaultSeverity: .warning,
        summary:
            "A route, tab, activity or holder was removed or renamed, or a route's or holder's parameters, their types or its query items changed.",
        rationale: """
            `routelint generate` turns the manifest into the app's typed routing code: a case per \
            route with a labelled value per path parameter, a case per tab and activity, a \
            factory method per holder. Removing or renaming one of them, or renaming a path \
            parameter, breaks the code that uses it — even when every URL opens what it did. The \
            finding says what changed, so that the pull request carries the code change too.
            """,
        triggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing("product: {path: /products/:id", to: "product: {path: ↓/products/:sku"))
        ],
        nonTriggeringExamples: [ChangeExamples.moved])

    package static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.api {
            let (message, declared) = words(change.kind)
            var related: [RelatedLocation] = []
            if let earlier = change.earlier { related.append(RelatedLocation(earlier, declared)) }
            if case .pathParameters(_, _, _, let earlier?) = change.kind { related.append(RelatedLocation(earlier, "the path was this")) }
            findings.report(
                description, message, at: change.range, related: related, subjects: change.subjects, witnesses: change.witnesses)
        }
    }

    /// The message of a change, and what its place in the earlier revision is called.
    private static func words(_ kind: RouteChanges.APIChange.Kind) -> (message: String, declared: String) {
        switch kind {
        case .routeRemoved(let id):
            return ("route '\(id)' was removed", "route '\(id)' was declared here")
        case .routeRenamed(let id, let newID):
            return (
                "route '\(id)' was renamed to '\(newID)'",
                "route '\(id)' was declared here"
            )
        case .pathParameters(let route, let now, let before, _):
            return (
                "route '\(route)' takes the path parameters \(list(now)) now, not \(list(before))",
                "the path was this"
            )
        case .values(let route, let changes, let witness):
            return (
                "route '\(route)' takes other values now: \(changes.joined(separator: "; "))"
                    + (witness.map { ": \($0) opened it and opens it no longer" } ?? ""),
                "route '\(route)' was declared here"
            )
        case .holderParams(let holder, let now, let before):
            return (
                "holder '\(holder)' takes the params \(list(now)) now, not \(list(before))",
                "holder '\(holder)' was declared here"
            )
        case .entityRemoved(let kind, let name):
            return (
                "\(kind.rawValue) '\(name)' was removed or renamed",
                "\(kind.rawValue) '\(name)' was declared here"
            )
        case .appRemoved(let app, let routes):
            return ("\(app) was removed, and with it \(routes) routes", "it was declared here")
        }
    }

    /// `(a, b)`, or `none`.
    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : "(" + names.joined(separator: ", ") + ")"
    }
}
