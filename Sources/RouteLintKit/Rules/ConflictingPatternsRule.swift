/// `conflicting-patterns`: two routes whose paths some URL matches with neither more specific.
public enum ConflictingPatternsRule: AppRule {
    /// At most this many conflicts are reported at one route; the rest are counted in the last.
    public static let reportsPerRoute = 10

    public static let description = RuleDescription(
        id: "conflicting-patterns",
        defaultSeverity: .error,
        summary: "Two routes' paths conflict: some URL matches both, and neither is more specific.",
        rationale: """
            A URL opens the route with the most specific pattern that matches it: \
            `/products/new` wins over `/products/:id` because every path the first matches, \
            the second matches too. When some URL matches two patterns and neither is more \
            specific, like `/:section/new` and `/products/:id` for `/products/new`, or when two \
            patterns match exactly the same URLs, like `/products/:id` and `/products/:sku`, no \
            route is right and a deep link opens one at random. These are the rules of Go's \
            `net/http.ServeMux`, which refuses such patterns. The message shows a URL both \
            match; the finding is at the later route, with the earlier one as related location.
            """,
        triggeringExamples: [
            RuleExample("""
                manifest: 1
                routes:
                  product: {path: /products/:id}
                  product-by-sku: {path: ↓/products/:sku}
                """),
            RuleExample("""
                manifest: 1
                routes:
                  product: {path: /products/:id}
                  section-new: {path: ↓/:section/new}
                """),
            RuleExample("""
                manifest: 1
                routes:
                  docs: {path: /docs/**}
                  team-page: {path: ↓/:team/page}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                manifest: 1
                routes:
                  product: {path: /products/:id}
                  new-product: {path: /products/new}
                  product-reviews: {path: /products/:id/reviews}
                  docs: {path: /docs/**}
                  docs-home: {path: /docs}
                """),
        ])

    public static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        let withPaths = app.routes.indices.filter { app.routes[$0].path != nil }
        let patterns = withPaths.map { app.routes[$0].path!.value }
        let groups = ConflictIndex.conflicts(among: patterns, limit: reportsPerRoute)
        for group in groups {
            let later = app.routes[withPaths[group.pattern]]
            let laterPattern = patterns[group.pattern]
            let laterID = app.text(later.id.value)
            let laterText = app.text(laterPattern.text)
            for (position, earlierIndex) in group.earlier.enumerated() {
                let earlier = app.routes[withPaths[earlierIndex]]
                let earlierPattern = patterns[earlierIndex]
                let earlierID = app.text(earlier.id.value)
                let earlierText = app.text(earlierPattern.text)
                let example = laterPattern.commonPath(with: earlierPattern, symbols: app.symbols)
                var message = laterPattern.relation(to: earlierPattern) == .equivalent
                    ? "path '\(laterText)' of route '\(laterID)' matches the same URLs as '\(earlierText)' of route '\(earlierID)', such as '\(example)'"
                    : "path '\(laterText)' of route '\(laterID)' conflicts with '\(earlierText)' of route '\(earlierID)': both match '\(example)' and neither is more specific"
                if position == group.earlier.count - 1, group.omitted > 0 {
                    message += " (and \(group.omitted) more conflicting routes, not reported: at most \(reportsPerRoute) are reported per route)"
                }
                findings.report(description, message, at: later.path!.range,
                                related: [RelatedLocation(earlier.path!.range, "route '\(earlierID)' declares '\(earlierText)' here")],
                                subjects: [laterID, earlierID])
            }
        }
    }
}
