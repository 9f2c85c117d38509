import RouteLintCore
import RouteLintPlatform

/// `shadowed-link-rule`: an apple-app-site-association component that no URL reaches.
public enum ShadowedLinkRule: PlatformRule {
    public static let description = RuleDescription(
        id: "shadowed-link-rule",
        defaultSeverity: .warning,
        summary: "An apple-app-site-association component is never reached: earlier ones decide every URL it matches.",
        rationale: """
            iOS tries the components in order and the first that matches decides. A component \
            after a wider one — an exclusion after the `*` that includes the same URLs, a route \
            after a `?*` that already takes it — decides nothing: the carve-out it was written \
            for does not happen. Move it before the component that hides it, or remove it. iOS \
            drops a path's trailing `/` before it compares, so `/cart/` after `/cart` is hidden \
            too: both match the same URLs.
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
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("apple-app-site-association", PlatformExamples.association(PlatformExamples.exactComponents))
        ])

    static let comparesClaims = true

    static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        var grouped = GroupedFindings(description, what: "components that are never reached")
        for fact in facts.shadowed {
            grouped.report(
                "component '\(TerminalText.escape(fact.pattern))' is never reached: earlier components decide every URL it matches",
                at: fact.range, subjects: [FindingSubject(.value, fact.pattern)])
        }
        grouped.flush(into: &findings)
    }
}
