import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `statement-include`: an include statement of a served assetlinks.json leads to no statements.
package enum StatementIncludeRule: HostRule {
    package static let description = RuleDescription(
        id: "statement-include",
        defaultSeverity: .error,
        summary: "An include statement of a served assetlinks.json names statements that cannot be read.",
        rationale: """
            A statement `{"include": "https://…/statements.json"}` in `assetlinks.json` stands \
            for the statements of another file, so that many sites can point at one list. \
            Google's Digital Asset Links service, which Android's verifier reads, follows it; \
            when the file has moved, is served with another status or over a failing TLS \
            connection, or leads back to a file already read, its statements are not there, and \
            the host is not verified for the apps it names. `routelint hosts` follows includes \
            as the service does — https only, no redirect, each file read once — judges the \
            statements they lead to as the served file's own, at their own URLs, and stops at \
            \(StatementInclude.depthLimit) includes deep and \(StatementInclude.fileLimit) \
            included files per served file. The finding points at the include.
            """,
        triggeringExamples: [
            ServedExamples.servedAssetLinks(
                ServedExamples.response("200 OK", body: #"[{"include": ↓"https://example.com/moved.json"}]"#), marksHost: false,
                more: [
                    (
                        name: "https://example.com/moved.json",
                        contents: ServedExamples.response(
                            "404 Not Found", headers: ["Content-Type: text/html"], body: "<html>Not found</html>\n")
                    )
                ]),
            ServedExamples.servedAssetLinks(
                ServedExamples.response("200 OK", body: #"[{"include": ↓"https://example.com/.well-known/assetlinks.json"}]"#),
                marksHost: false),
        ],
        nonTriggeringExamples: [
            ServedExamples.servedAssetLinks(
                ServedExamples.response("200 OK", body: #"[{"include": "https://example.com/statements.json"}]"#), marksHost: false,
                more: [
                    (
                        name: "https://example.com/statements.json",
                        contents: ServedExamples.response("200 OK", body: ServedExamples.assetLinks)
                    )
                ])
        ])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for include in facts.includes {
            let url = include.url
            let message: String
            switch include.problem {
            case .notFetchable:
                message = "include '\(url)' is not an https URL of a host (no port, no user): its statements are not read"
            case .unserved(let status, let reason, let location):
                let answer = "\(status)\(reason.isEmpty ? "" : " " + reason)"
                let redirect =
                    (300..<400).contains(status) ? ", a redirect\(location.map { " to \($0)" } ?? ""), which is not followed" : ", not 200"
                message = "include '\(url)' answers \(answer)\(redirect): its statements are not read"
            case .tlsFailure(let reason):
                message = "include '\(url)' cannot be fetched: TLS failed (\(reason)): its statements are not read"
            case .oversized:
                message = "include '\(url)' is over \(ServedFile.bodyLimit) bytes: its statements are not read"
            case .cycle:
                message = "include '\(url)' leads back to a file the includes have already read: it adds no statement"
            case .tooDeep(let limit):
                message = "include '\(url)' is more than \(limit) includes deep from the served file: its statements are not checked"
            case .tooMany(let limit):
                message =
                    "include '\(url)' comes after the \(limit) files the served file's includes may lead to: its statements are not checked"
            }
            findings.report(description, message, at: include.range, subjects: [FindingSubject(.value, url)])
        }
    }
}
