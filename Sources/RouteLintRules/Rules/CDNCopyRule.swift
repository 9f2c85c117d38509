import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `cdn-copy`: Apple's CDN serves a host's association other than the host does, or none.
package enum CDNCopyRule: HostRule {
    package static let description = RuleDescription(
        id: "cdn-copy",
        defaultSeverity: .warning,
        summary: "Apple's CDN serves a host's apple-app-site-association that opens other URLs than the host's own, or none.",
        rationale: """
            Since iOS 14 a device does not fetch the association from the host: it asks Apple's \
            CDN (`https://app-site-association.cdn-apple.com/a/v1/HOST`), which fetches the \
            host's file on its own schedule and serves its copy until then. A file deployed \
            today reaches devices when the CDN refreshes: until then they open the URLs of the \
            old copy — or none, while the CDN answers 404 for a host it has not fetched yet. \
            `routelint hosts` fetches the CDN's copy of every iOS host beside the host's, judges \
            it as it judges the host's, and reports where the two open different URLs for an app \
            ID, with a URL that shows it (decided over every URL, queries and fragments \
            included). The finding is a warning: it goes away when the CDN refreshes, which can \
            take a day or more. `--no-cdn` skips the CDN; a host the entitlements name with \
            `?mode=developer` only is fetched from the host alone, as devices in developer mode \
            do.
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    name: "example.routes.yaml",
                    contents: ServedExamples.manifest.replacingFirst("hosts: [example.com]", with: "hosts: [↓example.com]")
                ),
                (name: ServedExamples.associationURL, contents: ServedExamples.response("200 OK")),
                (
                    name: ServedExamples.cdnURL,
                    contents: ServedExamples.response(
                        "200 OK", body: PlatformExamples.association(#"          {"/": "/", "exclude": true}, {"/": "/products/*"}"#))
                ),
            ]),
            RuleExample(files: [
                (
                    name: "example.routes.yaml",
                    contents: ServedExamples.manifest.replacingFirst("hosts: [example.com]", with: "hosts: [↓example.com]")
                ),
                (name: ServedExamples.associationURL, contents: ServedExamples.response("200 OK")),
                (name: ServedExamples.cdnURL, contents: ServedExamples.response("404 Not Found", headers: [], body: "")),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (name: "example.routes.yaml", contents: ServedExamples.manifest),
                (name: ServedExamples.associationURL, contents: ServedExamples.response("200 OK")),
                (
                    name: ServedExamples.cdnURL,
                    // The same components, written on one line: another file, the same claims.
                    contents: ServedExamples.response(
                        "200 OK",
                        body: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
                            + PlatformExamples.exactComponents.split(separator: "\n").map { $0.trimmingSpaces() }.joined(separator: " ")
                            + "]}]}}\n")
                ),
            ])
        ])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for copy in facts.cdnCopies {
            let association = "https://\(copy.host)/.well-known/apple-app-site-association"
            let message: String
            switch copy.difference {
            case .none(let status, let reason):
                message =
                    "Apple's CDN has no copy of \(association): \(copy.url) answers \(status)\(reason.isEmpty ? "" : " " + reason); "
                    + "devices read the CDN's copy, so no universal link of the host opens the app until it refreshes"
            case .claims(let appID, let url, let openedByHost):
                let opens =
                    openedByHost
                    ? "the host's file opens \(url), the CDN's copy does not" : "the CDN's copy opens \(url), the host's file does not"
                message =
                    "Apple's CDN serves another copy of \(association) (\(copy.url)): for \(appID) \(opens); "
                    + "devices read the CDN's copy until it refreshes"
            }
            let related = copy.copy.map { [RelatedLocation($0, "Apple's CDN's copy is read here")] } ?? []
            findings.report(description, message, at: copy.hostEntry, related: related, subjects: [FindingSubject(.value, copy.url)])
        }
    }
}
