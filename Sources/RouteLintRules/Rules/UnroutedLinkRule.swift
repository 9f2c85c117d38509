import RouteLintCore
import RouteLintPlatform

/// `unrouted-link`: a platform file claims a URL of the app's hosts that no web route opens.
package enum UnroutedLinkRule: PlatformRule {
    package static let description = RuleDescription(
        id: "unrouted-link",
        defaultSeverity: .error,
        summary: "A platform file claims a URL on the app's hosts that opens no web route.",
        rationale: """
            The operating system hands the URL to the app, and the app has no screen for it: the \
            user sees an error or an empty screen where the website would have worked. Typical \
            causes are Apple's `*`, which also crosses `/`, a `pathPrefix` wider than the routes, \
            and Android's `pathPattern` `.*`, which stops at the first occurrence of the next \
            character. The finding names a URL that is claimed and no route opens, decided over \
            every URL path, and on Android the API levels where it holds.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": ↓"/products/*"},
                              {"/": "/"}
                    """)),
            PlatformExamples.files(
                "AndroidManifest.xml",
                PlatformExamples.androidManifest(
                    PlatformExamples.webFilter(
                        """
                                        <data android:path="/" />
                                        <data android:pathPrefix="↓/products/" />
                        """))),
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("apple-app-site-association", PlatformExamples.association(PlatformExamples.exactComponents))
        ])

    package static let comparesClaims = true

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        var grouped = GroupedFindings(description, what: "patterns that claim URLs no web route opens")
        for fact in facts.unrouted {
            grouped.report(
                "\(fact.url) opens the app through \(fact.claimant) (\(fact.platform)), "
                    + "but no web route opens it" + (fact.fileIsGenerated ? PlatformRuleText.regenerate(nil) : ""),
                at: fact.range, subjects: [FindingSubject(.value, fact.url)])
        }
        grouped.flush(into: &findings)
        for undecided in facts.undecided {
            findings.report(
                description,
                "the claims of '\(undecided.file)' are too large to compare with the routes "
                    + "(\(undecided.bound)): they were not checked",
                at: undecided.range)
        }
    }
}
