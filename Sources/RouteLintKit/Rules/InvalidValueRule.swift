/// `invalid-value`, reported by `ManifestDecoder`.
public enum InvalidValueRule: Rule {
    public static let description = RuleDescription(
        id: "invalid-value",
        defaultSeverity: .error,
        summary: "A value of the wrong type, an unknown enum value, a negative index or an unsupported manifest version.",
        rationale: """
            Every field has a type: `index` is an integer of 0 or more, `stacked` is `true` or \
            `false`, `presentation` is `push`, `sheet` or `fullscreen`, names match \
            `[A-Za-z_][A-Za-z0-9_.-]*`. Values are read by the YAML 1.2 core schema, so `yes` \
            is a string, not a boolean, and `"3"` is a string, not an integer. A file with an \
            unsupported `manifest` version is reported once and still checked as version 1.
            """,
        triggeringExamples: [
            RuleExample("""
                manifest: 1
                tabs:
                  home:
                    activity: shop
                    index: ↓-1
                    root: home
                    icon: house
                """),
            RuleExample("""
                manifest: 1
                routes:
                  filters:
                    presentation: ↓modal
                    stacked: ↓yes
                """),
            RuleExample("""
                manifest: ↓2
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                manifest: 1
                routes:
                  filters:
                    presentation: sheet
                    stacked: true
                """),
        ])
}
