import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `served-content-type`: a host serves a platform file as something other than JSON.
package enum ServedContentTypeRule: HostRule {
    package static let description = RuleDescription(
        id: "served-content-type",
        defaultSeverity: .error,
        summary: "A host serves a platform file with a content type other than application/json.",
        rationale: """
            Apple's and Google's documentation both require the association files to be served \
            as `application/json`. A server that guesses from the file name serves the \
            extensionless `apple-app-site-association` as `application/octet-stream` or \
            `text/plain`, and an error page comes as `text/html`. Configure the server (or the \
            CDN) to send `Content-Type: application/json` for both paths under `/.well-known/`. \
            Parameters such as `charset=utf-8` are fine.
            """,
        triggeringExamples: [
            ServedExamples.served(ServedExamples.response("200 OK", headers: ["Content-Type: application/octet-stream"]), marksHost: true)
        ],
        nonTriggeringExamples: [
            ServedExamples.served(
                ServedExamples.response("200 OK", headers: ["Content-Type: application/json; charset=utf-8"]), marksHost: false)
        ])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for file in facts.files {
            guard case .response(200, _, _, let contentType, _, _) = file.answer, !isJSON(contentType) else { continue }
            let served = contentType.map { "as '\($0)'" } ?? "without a Content-Type"
            findings.report(
                description,
                "\(file.url) is served \(served), not application/json: \(file.reader) may refuse it, so "
                    + file.consequence,
                at: file.hostEntry, subjects: [FindingSubject(.value, file.url)])
        }
    }

    /// Whether a Content-Type names JSON's media type: `application/json`, in any case, with
    /// or without parameters.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return mediaType.trimmingSpaces().lowercased() == "application/json"
    }
}
