import RouteLintCore
import RouteLintPlatform

/// `platform-file-syntax`: a platform link file that cannot be read as its platform reads it.
public enum PlatformFileSyntaxRule: PlatformRule {
    public static let description = RuleDescription(
        id: "platform-file-syntax",
        defaultSeverity: .error,
        summary: "A platform link file is not well-formed, or holds a value of the wrong type.",
        rationale: """
            An apple-app-site-association or assetlinks.json that is not JSON, an \
            AndroidManifest.xml or entitlements file that is not XML, or a value of the wrong \
            type where the platform reads one (a number for a path pattern) makes the platform \
            ignore the file or the entry: no link opens the app, or the build fails. What could \
            not be read is not checked, so the run is never clean while this stands.
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
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("apple-app-site-association", PlatformExamples.association(PlatformExamples.exactComponents))
        ])

    static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        var grouped = GroupedFindings(description, what: "values of the wrong type")
        for issue in facts.issues {
            switch issue {
            case .malformed(let message, let range):
                grouped.report("the file is not well-formed: \(TerminalText.escape(message))", at: range)
            case .unexpected(let expected, let found, let range):
                grouped.report(
                    "expected \(TerminalText.escape(expected)) here, found \(TerminalText.escape(found))", at: range,
                    subjects: [FindingSubject(.value, expected)])
            case .rejectedPattern, .misleadingPattern, .oversizedAssociation:
                continue
            }
        }
        grouped.flush(into: &findings)
    }
}
