import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `served-size`: a host serves a platform file larger than routelint reads.
package enum ServedSizeRule: HostRule {
    package static let description = RuleDescription(
        id: "served-size",
        defaultSeverity: .error,
        summary: "A host serves a platform file larger than 1 MB, which is not read further or checked.",
        rationale: """
            routelint reads at most 1 MB (1,048,576 bytes) of a served file, so that a host \
            that streams without end cannot hold a CI job. No real association file is that \
            large: iOS reads none of an apple-app-site-association over 128 KB \
            (`association-size` says so for a smaller one), and a body this long is usually a \
            misrouted download or a page. Its claims are not compared with the routes.
            """,
        triggeringExamples: [
            ServedExamples.served(
                ServedExamples.response(
                    "200 OK",
                    body: ServedExamples.association.replacingFirst(
                        #"{"/": "/"}"#, with: #"{"/": "/", "comment": ""# + RuleExample.filler(ServedFile.bodyLimit) + #""}"#)),
                marksHost: true)
        ],
        nonTriggeringExamples: [ServedExamples.served(ServedExamples.response("200 OK"), marksHost: false)])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for file in facts.files {
            guard case .response(200, _, _, _, let bytes, true) = file.answer else { continue }
            findings.report(
                description,
                "\(file.url) is over \(bytes) bytes, the most routelint reads: it was not checked, and iOS and "
                    + "Android read no file that large",
                at: file.hostEntry, subjects: [FindingSubject(.value, file.url)])
        }
    }
}
