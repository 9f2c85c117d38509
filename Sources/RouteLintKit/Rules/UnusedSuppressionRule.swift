/// `unused-suppression`, reported when suppression directives are applied (see `LintGate`).
public enum UnusedSuppressionRule: Rule {
    public static let description = RuleDescription(
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
            RuleExample("""
                manifest: 1
                activities:
                  shop: {}  # routelint:ignore ↓orphan-activty -- typo in the rule id
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}  # routelint:ignore ↓tab-limit
                routes:
                  home: {path: /, holder: H}
                holders: {H: {}}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                manifest: 1
                activities:
                  shop: {}
                  legacy: {}  # routelint:ignore orphan-activity -- removed in the next release
                tabs:
                  home: {activity: shop, index: 0, root: home, icon: house}
                routes:
                  home: {path: /, holder: H}
                holders: {H: {}}
                """),
        ])
}
