import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// `wildcard-host`: `routelint hosts` cannot fetch a wildcard host, and no subdomain of it was
/// named to check.
package enum WildcardHostRule: HostRule {
    package static let description = RuleDescription(
        id: "wildcard-host",
        defaultSeverity: .warning,
        summary: "A wildcard host has no subdomain named for routelint hosts to check.",
        rationale: """
            `*.example.com` stands for every subdomain, and each serves its own association \
            files: the platforms fetch them from the subdomain a link names. No one can fetch \
            them all, so name the subdomains that must hold — `routelint hosts --host \
            shop.example.com` or `served-hosts: [shop.example.com]` in `.routelint.yml` — and \
            routelint checks each one that the wildcard covers.
            """,
        triggeringExamples: [
            ServedExamples.served(
                ServedExamples.response("200 OK"), marksHost: false,
                manifest: ServedExamples.manifest.replacingFirst("hosts: [example.com]", with: "hosts: [example.com, ↓\"*.example.com\"]"))
        ],
        nonTriggeringExamples: [ServedExamples.served(ServedExamples.response("200 OK"), marksHost: false)])

    package static func check(_ facts: ServedFacts, into findings: inout FindingSink) {
        for wildcard in facts.uncheckedWildcards {
            findings.report(
                description,
                "'\(wildcard.value)' is a wildcard, which cannot be fetched: name the subdomains to check with "
                    + "--host or 'served-hosts' in .routelint.yml",
                at: wildcard.range, subjects: [FindingSubject(.value, wildcard.value)])
        }
    }
}
