import RouteLintPlatform

/// `association-size`: an apple-app-site-association larger than iOS reads.
package enum AssociationSizeRule: PlatformRule {
    package static let description = RuleDescription(
        id: "association-size",
        defaultSeverity: .error,
        summary: "An apple-app-site-association is larger than the 128 KB iOS reads.",
        rationale: """
            iOS ignores an apple-app-site-association of more than 128 KB (131,072 bytes): no \
            universal link of any host that serves it opens the app, and nothing says so on the \
            device. Remove white space and comments (`generate app-links` does when the file \
            would not fit), or claim fewer paths: `web: false` on routes the website serves, one \
            `**` route for a subtree the app opens whole. The claims of a file iOS does not read \
            are not compared with the routes, as no URL opens the app through it.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "apple-app-site-association",
                "↓"
                    + PlatformExamples.association(
                        PlatformExamples.exactComponents.replacingFirst(
                            #"{"/": "/"}"#, with: #"{"/": "/", "comment": ""# + RuleExample.filler(131_072) + #""}"#)))
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("apple-app-site-association", PlatformExamples.association(PlatformExamples.exactComponents))
        ])

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        for issue in facts.issues {
            guard case .oversizedAssociation(let bytes, let range) = issue else { continue }
            findings.report(
                description,
                "the file is \(bytes) bytes, over the \(AppLinkLimits.maximumAssociationSize) bytes iOS reads: iOS ignores it and "
                    + "opens no universal link",
                at: range)
        }
    }
}
