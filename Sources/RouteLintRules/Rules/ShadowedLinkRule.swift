import RouteLintCore
import RouteLintPlatform

/// `shadowed-link-rule`: an apple-app-site-association component, or an assetlinks.json
/// dynamic rule, that no URL reaches.
package enum ShadowedLinkRule: PlatformRule {
    package static let description = RuleDescription(
        id: "shadowed-link-rule",
        defaultSeverity: .warning,
        summary: "An apple-app-site-association component or dynamic rule is never reached: earlier ones decide every URL it matches.",
        rationale: """
            iOS tries the components in order and the first that matches decides. A component \
            after a wider one — an exclusion after the `*` that includes the same URLs, a route \
            after a `?*` that already takes it — decides nothing: the carve-out it was written \
            for does not happen. Move it before the component that hides it, or remove it. iOS \
            drops a path's trailing `/` before it compares, so `/cart/` after `/cart` is hidden \
            too: both match the same URLs. The same holds for Android 15's Dynamic App Links \
            rules in assetlinks.json, which are also tried in order — and which only narrow: a \
            rule that lets through only URLs the manifest does not claim opens nothing.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": "/?*/?*/?*", "exclude": true},
                              {"/": "/products/?*"},
                              {"/": ↓"/products/new", "exclude": true},
                              {"/": "/?*/?*", "exclude": true},
                              {"/": "/?*", "exclude": true},
                              {"/": "/"}
                    """)),
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": "/?*/?*/?*", "exclude": true},
                              {"/": "/products/?*"},
                              {"/": "/?*/?*", "exclude": true},
                              {"/": "/cart"},
                              {"/": ↓"/cart/", "exclude": true},
                              {"/": "/?*", "exclude": true},
                              {"/": "/"}
                    """)),
            RuleExample(files: [
                (name: "example.routes.yaml", contents: PlatformExamples.manifest),
                (
                    name: "AndroidManifest.xml",
                    contents: PlatformExamples.androidManifest(PlatformExamples.webFilter(PlatformExamples.exactData))
                ),
                (
                    name: "assetlinks.json",
                    contents: PlatformExamples.assetLinks(dynamicRules: #"[{"/": "*"}, ↓{"/": "/products/*", "exclude": true}]"#)
                ),
            ]),
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("apple-app-site-association", PlatformExamples.association(PlatformExamples.exactComponents))
        ])

    package static let comparesClaims = true

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        var grouped = GroupedFindings(description, what: "components that are never reached")
        for fact in facts.shadowed {
            if let rule = fact.dynamicRule {
                grouped.report(
                    "dynamic rule \(rule) \(fact.pattern) decides no URL on Android 15+: earlier rules "
                        + "decide every URL it matches that the manifest claims, and a rule never widens the intent filters",
                    at: fact.range, subjects: [FindingSubject(.value, fact.pattern)])
                continue
            }
            grouped.report(
                "component '\(fact.pattern)' is never reached: earlier components decide every URL it matches",
                at: fact.range, subjects: [FindingSubject(.value, fact.pattern)])
        }
        grouped.flush(into: &findings)
    }
}
