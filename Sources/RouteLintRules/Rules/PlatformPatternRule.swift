import RouteLintCore
import RouteLintPlatform

/// `platform-pattern`: a pattern in a platform file that the platform rejects, or reads
/// otherwise than it looks.
package enum PlatformPatternRule: PlatformRule {
    package static let description = RuleDescription(
        id: "platform-pattern",
        defaultSeverity: .error,
        summary: "A platform file's pattern is rejected by the platform or means something else than it looks.",
        rationale: """
            Android's manifest parser rejects some `pathAdvancedPattern`s (an unclosed set, a \
            modifier with nothing before it), which fails the install. Other patterns are \
            accepted but read otherwise than they look: `pathPattern` has no `?`, `(` or `|`, so \
            they match themselves; a `*` in a host is a wildcard only as its first character; \
            Android compares schemes and hosts in lower case, so upper case matches nothing; an \
            Android path without a leading `/` matches no URL (iOS reads a component's path as if \
            it had one, so `products/?*` is `/products/?*` there). In an apple-app-site-association, \
            one `?` value that is not a string (`true`, `5`, `null`) makes iOS ignore the whole \
            query dictionary, so the component opens the app whatever the query; and with \
            `"percentEncoded": false` iOS decodes the URL before it compares, so an escape in the \
            pattern (`/a%20b`) no longer matches the character it encodes. A substitution variable \
            that is neither in `substitutionVariables` nor predefined matches nothing (never its \
            own text), so its component matches no URL; a value that uses another variable \
            matches nothing either; and a list named like a predefined variable (`region`, \
            `lang`, `digit`, …) is one iOS may not use.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "AndroidManifest.xml",
                PlatformExamples.androidManifest(
                    PlatformExamples.webFilter(
                        """
                                        <data android:path="/" />
                                        <data android:pathAdvancedPattern="/products/[^/]+/{0,1}" />
                                        <data android:pathAdvancedPattern="↓/products/[a-" />
                        """))),
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": "/?*/?*/?*", "exclude": true},
                              {"/": "/products/?*", "?": {"ref": "mail", "preview": ↓true}},
                              {"/": ↓"/products/caf%C3%A9", "percentEncoded": false},
                              {"/": "/products/?*"},
                              {"/": "/?*/?*", "exclude": true},
                              {"/": "/?*", "exclude": true},
                              {"/": "/"}
                    """)),
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": "/?*/?*/?*", "exclude": true},
                              {"/": ↓"/$(section)/?*"},
                              {"/": "/$(kinds)/?*"},
                              {"/": "/?*/?*", "exclude": true},
                              {"/": "/?*", "exclude": true},
                              {"/": "/"}
                    """,
                    substitutionVariables: #"{"kinds": ["products", ↓"$(kinds)-archive"], ↓"region": ["GB", "UK"]}"#)),
        ],
        nonTriggeringExamples: [
            PlatformExamples.files(
                "AndroidManifest.xml", PlatformExamples.androidManifest(PlatformExamples.webFilter(PlatformExamples.exactData))),
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": "/?*/?*/?*", "exclude": true},
                              {"/": "products/?*"},
                              {"/": "/?*/?*", "exclude": true},
                              {"/": "/?*", "exclude": true},
                              {"/": "/"}
                    """)),
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": "/?*/?*/?*", "exclude": true},
                              {"/": "/$(kinds)/?*"},
                              {"/": "/?*/?*", "exclude": true},
                              {"/": "/?*", "exclude": true},
                              {"/": "/"}
                    """,
                    substitutionVariables: #"{"kinds": ["products"]}"#)),
        ])

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        var grouped = GroupedFindings(description, what: "patterns the platform rejects or reads otherwise")
        for issue in facts.issues {
            switch issue {
            case .rejectedPattern(let attribute, let pattern, let reason, let range):
                grouped.report(
                    "Android rejects android:\(attribute) '\(pattern)': \(reason)",
                    at: range, subjects: [FindingSubject(.value, pattern)])
            case .misleadingPattern(let pattern, let explanation, let range):
                grouped.report(
                    "'\(pattern)': \(explanation)", at: range,
                    subjects: [FindingSubject(.value, pattern)])
            case .malformed, .unexpected, .oversizedAssociation, .ignoredDynamicRules, .unresolvedReference:
                continue
            }
        }
        grouped.flush(into: &findings)
    }
}
