import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `served-content-type`: a host serves a platform file as something other than JSON.
package enum ServedContentTypeRule: HostRule {
    package static let description = RuleDescription(
        id: "served-content-type",
        defaultSeverity: .error,
        summary: "A host serves assetlinks.json with a content type other than application/json (the association: a note).",
        rationale: """
            Android's verifier requires `assetlinks.json` to be served as `application/json`, \
            and does not verify a host that serves it otherwise: an error. A server that guesses \
            from the file name may get it right for `assetlinks.json`, and an error page comes as \
            `text/html`. iOS reads the `apple-app-site-association` whatever its content type \
            (large sites serve it as `application/octet-stream`, and their links open the app), \
            so for it the finding is a note: Apple's documentation still asks for \
            `application/json`. Configure the server (or the CDN) to send \
            `Content-Type: application/json` for both paths under `/.well-known/`. Parameters \
            such as `charset=utf-8` are fine.
            """,
        triggeringExamples: [
            ServedExamples.served(ServedExamples.response("200 OK", headers: ["Content-Type: application/octet-stream"]), marksHost: true),
            ServedExamples.servedAssetLinks(
                ServedExamples.response("200 OK", headers: ["Content-Type: text/plain"], body: ServedExamples.assetLinks)),
        ],
        nonTriggeringExamples: [
            ServedExamples.served(
                ServedExamples.response("200 OK", headers: ["Content-Type: application/json; charset=utf-8"]), marksHost: false)
        ])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for file in facts.files {
            guard case .response(200, _, _, let contentType, _, _) = file.answer, !ServedFile.isJSON(contentType) else { continue }
            let served = contentType.map { "as '\($0)'" } ?? "without a Content-Type"
            if file.kind == .appleAppSiteAssociation {
                findings.report(
                    description, "\(file.url) is served \(served), not application/json, as Apple asks: iOS reads it all the same",
                    at: file.hostEntry, subjects: [FindingSubject(.value, file.url)], severity: .note)
            } else {
                findings.report(
                    description, "\(file.url) is served \(served), not application/json: \(file.reader) refuses it, so " + file.consequence,
                    at: file.hostEntry, subjects: [FindingSubject(.value, file.url)])
            }
        }
    }
}
