import RouteLintCore

/// `unused-suppression`: a suppression directive that names no rule, or silences nothing.
package enum UnusedSuppressionRule: Rule {
    package static let description = RuleDescription(
        id: "unused-suppression",
        defaultSeverity: .warning,
        summary: "A suppression comment names an unknown rule, or silences nothing.",
        rationale: """
            `# routelint:ignore RULE` silences RULE on its own line, and \
            `# routelint:ignore-file RULE` in its whole file; both take an optional \
            `-- reason`. A directive left behind after its finding was fixed, or one that \
            names a rule that does not exist, hides nothing today but would hide the next real \
            problem there, so it is reported, as SwiftLint does.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {}
                  legacy: {}  # routelint:ignore ↓orphan-activty -- typo in the rule id
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}  # routelint:ignore ↓tab-limit
                routes:
                  home: {path: /, holder: H}
                holders: {H: {}}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities:
                  shop: {}
                  legacy: {}  # routelint:ignore orphan-activity -- removed in the next release
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                routes:
                  home: {path: /, holder: H}
                holders: {H: {}}
                """)
        ],
        fix: "writes the rule id a directive's unknown one nearly spells")

    /// Reports each rule a directive names that is unknown or silenced nothing. `used` holds,
    /// for each directive, the positions in its rule list of the rules that silenced a finding.
    static func check(
        _ directives: [SuppressionDirective], used: [Set<Int>], configuration: LintConfiguration,
        into findings: inout FindingSink
    ) {
        let knownRules = Set(RuleRegistry.ids)
        for (index, directive) in directives.enumerated() {
            let scope = FindingSubject(.scope, directive.scope == .file ? "file" : "line")
            if directive.omittedRuleCount > 0 {
                findings.report(
                    description,
                    "suppression names \(directive.omittedRuleCount) more rules than the \(SuppressionDirective.maximumRules) that are read; "
                        + "they silence nothing", at: directive.range, subjects: [FindingSubject(.rule, "omitted"), scope])
            }
            for (position, rule) in directive.rules.enumerated() where !used[index].contains(position) {
                let message: String
                var suggestion: String?
                if !knownRules.contains(rule.value) {
                    suggestion = Suggestion.nearest(to: rule.value, among: RuleRegistry.ids)
                    message = "suppression names '\(rule.value)', which is no rule" + Suggestion.hint(suggestion)
                } else if configuration.rules[rule.value]?.isEnabled == false {
                    // The rule is off: the directive has nothing to do, and that is expected.
                    continue
                } else if RuleRegistry.changeRuleIDs.contains(rule.value) || RuleRegistry.hostRuleIDs.contains(rule.value)
                    || RuleRegistry.deviceRuleIDs.contains(rule.value)
                {
                    // Only `routelint diff`, `hosts` or `device-links` reports it; whether the
                    // directive silences something there, a lint cannot tell.
                    continue
                } else {
                    let scope = directive.scope == .file ? "in this file" : "on this line"
                    message = "suppression of '\(rule.value)' silences nothing \(scope); remove it"
                }
                findings.report(
                    description, message, at: rule.range, subjects: [FindingSubject(.rule, rule.value), scope],
                    suggestion: suggestion)
            }
        }
    }
}
