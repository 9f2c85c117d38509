import RouteLintCore
import RouteLintPlatform

/// `api-level-limit`: an Android API range cannot claim the app's routes exactly, so the
/// intent filter claims less (or, with `inexact: claim-more`, more) there.
package enum APILevelLimitRule: PlatformRule {
    package static let description = RuleDescription(
        id: "api-level-limit",
        defaultSeverity: .note,
        summary: "An Android API range cannot claim the routes exactly, so the intent filter claims less or more there.",
        rationale: """
            Below API 31 a `pathPattern` cannot hold a parameter to one segment: `.*` at the end \
            takes the rest of the path, and `pathAdvancedPattern`, which can, is not read. On \
            those API levels a filter either leaves such URLs to the website (`android: {inexact: \
            claim-less}`, the default: the link opens the browser) or claims wider patterns \
            (`claim-more`: the app opens, and hands a URL it cannot route to the browser). \
            `unclaimed-route` and `unrouted-link` judge the file against what the range can \
            express; this note says once per file and range what the platform forces: a URL \
            claimed otherwise than the routes say, and how many routes are concerned. Raise \
            `min-sdk` to 31 to claim the routes exactly.
            """,
        triggeringExamples: [
            RuleExample(files: [
                (name: "example.routes.yaml", contents: PlatformExamples.manifest.replacingFirst("min-sdk: 31", with: "min-sdk: 26")),
                (
                    name: "AndroidManifest.xml",
                    contents: PlatformExamples.androidManifest(
                        PlatformExamples.webFilter(PlatformExamples.exactData).replacingFirst("<intent-filter", with: "↓<intent-filter"))
                ),
            ])
        ],
        nonTriggeringExamples: [
            PlatformExamples.files(
                "AndroidManifest.xml", PlatformExamples.androidManifest(PlatformExamples.webFilter(PlatformExamples.exactData)))
        ])

    package static let comparesClaims = true

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        for fact in facts.limits where fact.cause == .apiLevel {
            let file = fact.file
            let url = fact.url
            let routes = fact.routeCount == 1 ? "1 route" : "\(fact.routeCount) routes"
            let route = fact.route.map { " (route '\($0.id)')" } ?? ""
            let example = fact.route.map { " such as '\($0.id)'" } ?? ""
            let message =
                fact.claimsMore
                ? "\(file) claims wider patterns than the paths of \(routes)\(example), as 'inexact: claim-more' asks where "
                    + "API levels below 31 cannot claim them exactly: on Android \(fact.platform) \(url) opens the app though no route "
                    + "opens it, and the app hands it to the browser; 'min-sdk: 31' claims exactly"
                : "Android \(fact.platform) cannot hold a parameter to one segment: \(file) leaves URLs of \(routes) to the "
                    + "website, such as \(url)\(route); 'min-sdk: 31' claims them, 'inexact: claim-more' opens them in the app"
            findings.report(
                description, message, at: fact.range,
                subjects: [FindingSubject(.value, fact.file), FindingSubject(.value, "\(fact.platform)")])
        }
    }
}
