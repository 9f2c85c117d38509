import RouteLintCore

/// `yaml-syntax`: a file libyaml cannot read, or one past routelint's limits (depth, aliases,
/// one document, UTF-8).
package enum YAMLSyntaxRule: FileRule {
    package static let description = RuleDescription(
        id: "yaml-syntax",
        defaultSeverity: .error,
        summary: "The file is not well-formed YAML.",
        rationale: """
            routelint reads manifests with libyaml. When libyaml cannot read a file, the finding \
            gives libyaml's own description of the problem and the position where it noticed it, \
            which can be after the actual mistake (an unclosed bracket is noticed where the file \
            ends). A manifest holds exactly one YAML document, in UTF-8, nested at most 1,000 \
            levels deep. A manifest is read as it is parsed, not held: one that changes while \
            it is read (saved again during the run) is this finding at its start, since what \
            was read is not one version of the file; lint it again.

            While a file cannot be read, the rules that look for names that are not declared \
            or routes that cannot be reached skip that part for the app the file names before \
            its problem (for every app, when it names none that early, and when a path cannot \
            be read at all): the file may declare what they would miss. The run says which \
            app's checks were skipped.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                routes:
                  home:
                    path: /home
                   ↓holder: HomeHolder
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  home: ↓{path: /home, holder: HomeHolder
                """),
            RuleExample(
                """
                manifest: 1
                ↓---
                manifest: 1
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {HomeHolder: {}}
                routes:
                  home: {path: /home, holder: HomeHolder}
                """)
        ])

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .yaml(let issue) in issues {
            guard case .syntax(let message) = issue.kind else { continue }
            findings.report(
                description, message, at: issue.range, related: issue.stopped.map { [RelatedLocation($0, "libyaml stopped here")] } ?? [])
        }
    }
}
