import RouteLintCore
import RouteLintPlatform

/// `typed-link-limit`: a platform file cannot say which values a typed parameter takes, so it
/// claims more URLs than the typed routes open.
package enum TypedLinkLimitRule: PlatformRule {
    package static let description = RuleDescription(
        id: "typed-link-limit",
        defaultSeverity: .note,
        summary: "A platform file cannot say a typed parameter's values, so it claims more URLs than the typed routes open.",
        rationale: """
            `params: {id: int}` makes `/products/42` a URL of `/products/:id` and `/products/abc` \
            none. An apple-app-site-association cannot say so: its `?*` takes any segment, so it \
            claims `/products/abc` too, and the app receives a link it routes nowhere (the \
            generated `RouteLink(url:)` returns nil: show the website's page or a search instead). \
            Android's `pathAdvancedPattern` says integers and UUIDs from API 31, but not \
            "anything else" where another route takes the other values. `generate app-links` \
            writes the smallest superset a platform can express; `unclaimed-route` and \
            `unrouted-link` judge a file against that, and this note says once per file and API \
            range what the platform forces: a URL claimed though no route opens it, and how \
            many typed routes there are. Listed values are written one pattern each and stay \
            exact. Query items are judged by path: a file must claim some URL of a path some \
            URL of which opens a web route.
            """,
        triggeringExamples: [
            RuleExample(files: [
                (name: "example.routes.yaml", contents: typedManifest),
                (
                    name: "apple-app-site-association",
                    contents: "↓" + PlatformExamples.association(PlatformExamples.exactComponents)
                ),
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (name: "example.routes.yaml", contents: typedManifest),
                (
                    name: "AndroidManifest.xml",
                    contents: PlatformExamples.androidManifest(
                        PlatformExamples.webFilter(
                            """
                                            <data android:path="/" />
                                            <data android:pathAdvancedPattern="/products/-{0,1}[0-9]{1,18}/{0,1}" />
                            """))
                ),
            ])
        ])

    /// The examples' route set with the product id an integer.
    static let typedManifest = PlatformExamples.manifest.replacingFirst(
        "product: {path: /products/:id,", with: "product: {path: /products/:id, params: {id: int},")

    package static let comparesClaims = true

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        for fact in facts.limits where fact.cause == .valueTypes {
            let routes = fact.routeCount == 1 ? "1 typed route" : "\(fact.routeCount) typed routes"
            let accept = fact.routeCount == 1 ? "accepts" : "accept"
            let example = fact.route.map { " such as '\($0.id)'" } ?? ""
            let platform = fact.platform.description
            let message =
                fact.claimsMore
                ? "\(fact.file) cannot say which values \(routes)\(example) \(accept): on \(platform) \(fact.url) "
                    + "opens the app though no route opens it, and the app's RouteLink(url:) finds no route for it"
                : "\(fact.file) cannot say which values \(routes)\(example) \(accept): on \(platform) \(fact.url) "
                    + "is left to the website though a route opens it"
            findings.report(
                description, message, at: fact.range,
                subjects: [FindingSubject(.value, fact.file), FindingSubject(.value, platform)])
        }
    }
}
