/// `changed-route-api`: the generated routing code's surface changed.
public enum ChangedRouteAPIRule: ChangeRule {
    public static let description = RuleDescription(
        id: "changed-route-api",
        defaultSeverity: .warning,
        summary: "A route, tab, activity or holder was removed or renamed, or a route's or holder's parameters changed.",
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

    static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.api {
            findings.report(description, change.message, at: change.range, related: change.related, subjects: change.subjects)
        }
    }
}
