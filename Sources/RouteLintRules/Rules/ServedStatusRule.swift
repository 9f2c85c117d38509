import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `served-status`: a host does not answer 200 for a platform file, or its TLS fails.
package enum ServedStatusRule: HostRule {
    package static let description = RuleDescription(
        id: "served-status",
        defaultSeverity: .error,
        summary: "A host answers a platform file with a status other than 200, a redirect, or a TLS failure.",
        rationale: """
            iOS fetches `https://HOST/.well-known/apple-app-site-association` (through Apple's \
            CDN) and Android's verifier `https://HOST/.well-known/assetlinks.json`; neither \
            follows a redirect, and both need a certificate a device trusts for that very host. \
            Anything but a 200 response — a redirect to `www.`, a login page, a 404 after a \
            deploy, an expired or self-signed certificate — and the platform quietly gives up: \
            links open the browser. Serve the file itself, at that path, on every host of \
            `hosts`. The finding points at the host in the manifest and names the URL, the \
            status and, for a redirect, where it leads.
            """,
        triggeringExamples: [
            ServedExamples.served(
                ServedExamples.response(
                    "301 Moved Permanently",
                    headers: ["Location: https://www.example.com/.well-known/apple-app-site-association", "Content-Type: text/html"],
                    body: "<html>Moved</html>\n"),
                marksHost: true),
            ServedExamples.served(
                ServedExamples.response("404 Not Found", headers: ["Content-Type: text/html"], body: "<html>Not found</html>\n"),
                marksHost: true),
        ],
        nonTriggeringExamples: [ServedExamples.served(ServedExamples.response("200 OK"), marksHost: false)])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for file in facts.files {
            let url = file.url
            switch file.answer {
            case .tlsFailure(let reason):
                findings.report(
                    description,
                    "\(url) cannot be fetched: TLS failed (\(reason)); \(file.reader) refuses the host too, so "
                        + file.consequence,
                    at: file.hostEntry, subjects: [FindingSubject(.value, file.url)])
            case .response(let status, let reason, let location, _, _, _) where status != 200:
                let answer = "\(status)\(reason.isEmpty ? "" : " " + reason)"
                let message: String
                if (300..<400).contains(status) {
                    let target = location.map { " to \($0)" } ?? " without a Location"
                    message = "\(url) answers \(answer), a redirect\(target): \(file.reader) follows no redirect, so \(file.consequence)"
                } else {
                    message = "\(url) answers \(answer), not 200: \(file.reader) reads no file, so \(file.consequence)"
                }
                findings.report(description, message, at: file.hostEntry, subjects: [FindingSubject(.value, file.url)])
            case .response:
                continue
            }
        }
    }
}
