import RouteLintCore
import RouteLintPlatform

/// `unclaimed-route`: a web route has URLs that a platform file does not claim.
package enum UnclaimedRouteRule: PlatformRule {
    package static let description = RuleDescription(
        id: "unclaimed-route",
        defaultSeverity: .error,
        summary: "A web route has URLs that a platform file does not claim.",
        rationale: """
            The route's links open the browser instead of the app, often on one platform only: a \
            component or intent filter that was never added, an exclusion that carves out too \
            much, or a `pathAdvancedPattern` that an older API level ignores. The finding points \
            at the route's path and names a URL the route opens that the file does not claim \
            (on Android, for the API levels where that holds): one of the route's `examples` \
            where one shows it, so that the finding names a link the team wrote. Set `web: \
            false` on a route the website should keep.
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    name: "example.routes.yaml",
                    contents: PlatformExamples.manifest.replacingFirst(
                        "product: {path: /products/:id", with: "product: {path: ↓/products/:id")
                ),
                (
                    name: "apple-app-site-association",
                    contents: PlatformExamples.association(
                        """
                                  {"/": "/?*", "exclude": true},
                                  {"/": "/"}
                        """)
                ),
            ])
        ],
        nonTriggeringExamples: [
            PlatformExamples.files(
                "AndroidManifest.xml", PlatformExamples.androidManifest(PlatformExamples.webFilter(PlatformExamples.exactData)))
        ])

    package static let comparesClaims = true

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        for fact in facts.unclaimed {
            findings.report(
                description,
                "route '\(fact.route.id)' opens \(fact.url), "
                    + "which \(fact.file) does not claim (\(fact.platform))"
                    + (fact.fileIsGenerated ? PlatformRuleText.regenerate(fact.file) : ""),
                at: fact.route.pathRange,
                related: [RelatedLocation(fact.fileStart, "\(fact.file) is read here")],
                subjects: [.route(fact.route.id), FindingSubject(.value, fact.file)])
        }
    }
}
