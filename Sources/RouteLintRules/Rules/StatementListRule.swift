import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `statement-list`: Google's statement list for a host differs from the host's assetlinks.json.
package enum StatementListRule: HostRule {
    package static let description = RuleDescription(
        id: "statement-list",
        defaultSeverity: .warning,
        summary: "Google's statement list for a host (`--statement-list`) differs from the host's assetlinks.json.",
        rationale: """
            Android's verifier does not read `assetlinks.json` itself: it asks Google's Digital \
            Asset Links service, which reads the file, follows its includes and answers from \
            its cache. With `--statement-list`, `routelint hosts` asks the service's \
            `statements:list` for each Android host, as the verifier does, and reports each app \
            and certificate the host's file (with its includes) states and Google's answer does \
            not, each one Google's answer still states and the file no longer does, and Dynamic \
            App Links rules that differ. Until the service refreshes, devices verify what \
            Google answers.
            """,
        triggeringExamples: [
            ServedExamples.servedAssetLinks(
                ServedExamples.response("200 OK", body: ServedExamples.assetLinks),
                more: [(name: ServedExamples.statementListURL, contents: ServedExamples.response("200 OK", body: "{}"))])
        ],
        nonTriggeringExamples: [
            ServedExamples.servedAssetLinks(
                ServedExamples.response("200 OK", body: ServedExamples.assetLinks), marksHost: false,
                more: [
                    (
                        name: ServedExamples.statementListURL,
                        contents: ServedExamples.response(
                            "200 OK",
                            body: """
                                {"statements": [{"source": {"web": {"site": "https://example.com."}},
                                  "relation": "delegate_permission/common.handle_all_urls",
                                  "target": {"androidApp": {"packageName": "com.example.app",
                                    "certificate": {"sha256Fingerprint": "\(PlatformExamples.fingerprint)"}}}}],
                                 "maxAge": "3600s"}
                                """)
                    )
                ])
        ])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for difference in facts.statementLists {
            let list = "Google's statement list for https://\(difference.host) (\(difference.url))"
            let message: String
            switch difference.difference {
            case .missing(let package, let fingerprint):
                message =
                    "\(list) does not state \(package) with certificate \(fingerprint), which the host's assetlinks.json does: "
                    + "Android does not verify the host for it until Google refreshes"
            case .extra(let package, let fingerprint):
                message =
                    "\(list) still states \(package) with certificate \(fingerprint), which the host's assetlinks.json no longer does: "
                    + "Android verifies the host for it until Google refreshes"
            case .rules(let package, let host, let google):
                message =
                    "\(list) holds other dynamic rules for \(package) than the host's assetlinks.json (Google's: \(google) \(google == 1 ? "rule" : "rules"); "
                    + "the host's: \(host)): Android 15+ applies Google's until it refreshes"
            }
            let related = difference.answer.map { [RelatedLocation($0, "Google's answer states it here")] } ?? []
            findings.report(
                description, message, at: difference.hostEntry, related: related, subjects: [FindingSubject(.value, difference.url)])
        }
    }
}
