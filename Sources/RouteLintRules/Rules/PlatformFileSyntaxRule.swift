import RouteLintCore
import RouteLintPlatform

/// `platform-file-syntax`: a platform link file that cannot be read as its platform reads it.
package enum PlatformFileSyntaxRule: PlatformRule {
    package static let description = RuleDescription(
        id: "platform-file-syntax",
        defaultSeverity: .error,
        summary: "A platform link file is not well-formed, or holds a value of the wrong type.",
        rationale: """
            An apple-app-site-association or assetlinks.json that is not JSON, an \
            AndroidManifest.xml or entitlements file that is not XML, or a value of the wrong \
            type where the platform reads one (a number for a path pattern) makes the platform \
            ignore the file or the entry: no link opens the app, or the build fails. What could \
            not be read is not checked, so the run is never clean while this stands. In \
            assetlinks.json, one malformed or empty field of `dynamic_app_link_components` makes \
            Android 15 ignore every dynamic rule of the statement, and a misspelt key \
            (`dynamic_app_deep_link_components`) is never read.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "apple-app-site-association",
                PlatformExamples.association(
                    """
                              {"/": ↓42}
                    """)),
            PlatformExamples.files(
                "AndroidManifest.xml",
                """
                <?xml version="1.0" encoding="utf-8"?>
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                    <application>
                ↓</manifest>

                """),
            PlatformExamples.files(
                "assetlinks.json", PlatformExamples.assetLinks(dynamicRules: #"[{"/": "/checkout", "exclude": ↓"yes"}, {"/": "*"}]"#)),
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("apple-app-site-association", PlatformExamples.association(PlatformExamples.exactComponents))
        ])

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        var grouped = GroupedFindings(description, what: "values of the wrong type")
        for issue in facts.issues {
            switch issue {
            case .malformed(let message, let range):
                grouped.report("the file is not well-formed: \(message)", at: range)
            case .unexpected(let expected, let found, let range):
                grouped.report(
                    "expected \(expected) here, found \(found)", at: range,
                    subjects: [FindingSubject(.value, expected)])
            case .ignoredDynamicRules(let problem, let range):
                grouped.report(
                    "\(problem): Android 15 ignores every dynamic rule of this statement, so the manifest "
                        + "alone decides", at: range)
            case .rejectedPattern, .misleadingPattern, .oversizedAssociation, .unresolvedReference:
                continue
            }
        }
        grouped.flush(into: &findings)
    }
}
