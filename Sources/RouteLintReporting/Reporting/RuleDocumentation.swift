import RouteLintCore
import RouteLintPlatform
import RouteLintRules

/// The text of `routelint rules` and `routelint explain`.
package enum RuleDocumentation {
    /// `routelint rules`: a line per rule with its id, default severity and summary.
    package static func catalogue() -> String {
        let descriptions = RuleRegistry.descriptions
        let idWidth = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { rule in
            padded(rule.id, to: idWidth + 2) + padded(rule.defaultSeverity.rawValue, to: 9) + rule.summary
        }.joined(separator: "\n") + "\n"
    }

    /// The catalogue as JSON: one object per rule, in catalogue order, with its id, default
    /// severity, category (`format`, `navigation`, `platform-links`, `route-changes` or `suppression`), summary, documentation
    /// address and options. Fields are only ever added.
    package static func catalogueJSON() -> String {
        JSONValue.array(
            RuleRegistry.descriptions.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("defaultSeverity", .string(rule.defaultSeverity.rawValue)),
                    ("category", .string(RuleRegistry.category(of: rule.id))),
                    ("summary", .string(rule.summary)),
                    ("documentation", .string(rule.documentationURI)),
                    (
                        "options",
                        .array(
                            rule.options.map { option in
                                .object([
                                    ("name", .string(option.name)),
                                    ("summary", .string(option.summary)),
                                    ("default", .integer(option.defaultValue)),
                                    ("minimum", .integer(option.minimum)),
                                ])
                            })
                    ),
                ])
            }
        ).serialized() + "\n"
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// `routelint explain RULE`: the rule's whole documentation, its examples as manifests to write.
    package static func explain(_ rule: RuleDescription) -> String {
        var text = "\(rule.id) (default severity: \(rule.defaultSeverity.rawValue))\n\n"
        text += rule.summary + "\n\n" + rule.rationale + "\n"
        if let fix = rule.fix { text += "\nFixable: `routelint lint --fix` \(fix).\n" }
        text += examples("Triggering examples", rule.triggeringExamples)
        if rule.fix != nil {
            text += examples("Fixed by routelint lint --fix", rule.triggeringExamples.compactMap { fixed($0, rule: rule.id) })
        }
        text += examples("Non-triggering examples", rule.nonTriggeringExamples)
        return text
    }

    /// A triggering example with the fixes of its findings of `rule` made: its files, those the
    /// fixes change with their fixed text; nil when no finding of the rule carries a fix.
    package static func fixed(_ example: RuleExample, rule: String) -> RuleExample? {
        guard example.before.isEmpty else { return nil }
        let sources = example.files.enumerated().map { index, file in
            SourceFile(id: FileID(index), path: file.name, bytes: Array(file.contents.filter { $0 != RuleExample.marker }.utf8))
        }
        let manifests = sources.filter { PlatformFileKind(path: $0.path) == nil }
        let platformFiles = sources.filter { PlatformFileKind(path: $0.path) != nil }.map { PlatformFileSource(file: $0, app: nil) }
        let result = Linter.lint(manifests, platformFiles: platformFiles)
        let fixed = Fix.apply(result.findings.lazy.filter { $0.rule == rule }, to: sources)
        guard !fixed.isEmpty else { return nil }
        return RuleExample(
            files: sources.map { source in
                (name: source.path, contents: String(decoding: fixed[source.id]?.bytes ?? source.bytes, as: UTF8.self))
            })
    }

    /// docs/usage.md's list of the findings `lint --fix` mends: each fixable rule, linked to its
    /// section of docs/rules.md, and what its fix writes.
    package static func fixableList() -> String {
        RuleRegistry.descriptions.compactMap { rule in
            rule.fix.map { "- [`\(rule.id)`](rules.md#\(rule.id)) \($0)\n" }
        }.joined()
    }

    /// A Markdown table of every rule — id, default severity, summary — each id linking to its
    /// section of `docs/rules.md` through `page` (empty within that page): for the rules page
    /// and the README.
    package static func table(linkingTo page: String) -> String {
        var text = "| rule | default | summary |\n|---|---|---|\n"
        for rule in RuleRegistry.descriptions {
            text += "| [`\(rule.id)`](\(page)#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |\n"
        }
        return text
    }

    /// The rules by what they judge, each linked to its section of `page`: the README's list.
    package static func tableByCategory(linkingTo page: String) -> String {
        let judged = [
            "format": "the file: YAML, keys, values, paths", "navigation": "the app: references, patterns, holders, tabs, stacks",
            "platform-links": "platform link files against the routes", "served-files": "the files the hosts serve (`routelint hosts`)",
            "device-links": "what a device says (`routelint device-links`)", "route-changes": "a change (`routelint diff`)",
            "suppression": "suppression comments",
        ]
        var text = "| rules of | rules |\n|---|---|\n"
        for category in RuleRegistry.categories {
            let ids = RuleRegistry.ids.filter { RuleRegistry.category(of: $0) == category }
            text += "| \(judged[category] ?? category) | \(ids.map { "[`\($0)`](\(page)#\($0))" }.joined(separator: ", ")) |\n"
        }
        return text
    }

    /// Which rules stay quiet after which finding, so that one mistake is one finding to fix.
    private static let oneMistakeOneFinding = """

        ## One mistake, one finding

        A mistake is reported once, by the rule that names its fix; the other rules read what the \
        mistake nearly spells, or leave undecided what it leaves unknown, so that no second finding \
        follows from it:

        | finding | the other rules read | and stay quiet |
        |---|---|---|
        | `unknown-key` one slip from a key | the key it nearly spells, when the entity does not set it | `missing-field` of that key |
        | `unknown-reference` of a tab's `root` one slip from a route | the route it nearly spells | `unreachable-route` of the routes it leads to |
        | `missing-holder` one slip from a holder | the holder it nearly spells | `unused-holder` of that holder, `holder-params` of the route |
        | `invalid-value` of a type one slip from a type, or another router's name for it (`integer`) | the type it nearly names (`int`) | `unusable-fallback`, `unbuildable-stack`, `unusable-up`, `wrong-example` |
        | `invalid-value` of a type that nearly names none | the route's values as undecided | `unusable-fallback`, `unbuildable-stack` and `unusable-up` of that route, `wrong-example` of its examples |
        | `invalid-path` | the route's values as undecided | the same |
        | `yaml-syntax`, or a file that cannot be read | the file's app as possibly lacking a file | the rules that need every file of an app (`unreachable-route`, `unused-holder`, `missing-holder`, …) for that app, and `unused-suppression` for those rules |

        """

    /// `docs/rules.md`: every rule's documentation, one section per rule, headed by its id
    /// so that `docs/rules.md#RULE` (the SARIF helpUri) lands on it.
    package static func markdown() -> String {
        var text = "# routelint rules\n\nGenerated from the rules' own descriptions (`routelint explain RULE` prints the same); "
        text += "the test suite runs every example below.\n\n"
        text += table(linkingTo: "")
        text += oneMistakeOneFinding
        for rule in RuleRegistry.descriptions {
            text += "\n## \(rule.id)\n\nDefault severity: **\(rule.defaultSeverity.rawValue)**. \(rule.summary)\n\n\(rule.rationale)\n"
            for option in rule.options {
                text += "\nOption `\(option.name)`: \(option.summary) (default \(option.defaultValue), at least \(option.minimum)).\n"
            }
            if let fix = rule.fix { text += "\nFixable: `routelint lint --fix` \(fix).\n" }
            let fixedExamples = rule.fix == nil ? [] : rule.triggeringExamples.compactMap { fixed($0, rule: rule.id) }
            for (heading, examples) in [
                ("Triggers", rule.triggeringExamples), ("Fixed by `routelint lint --fix`", fixedExamples),
                ("Does not trigger", rule.nonTriggeringExamples),
            ] where !examples.isEmpty {
                text += "\n\(heading):\n"
                for example in examples {
                    for (revision, file) in revisions(example) {
                        text += "\n```yaml\n# \(file.name)\(revision)\n\(file.shown)\n```\n"
                    }
                }
            }
        }
        return text
    }

    private static func examples(_ heading: String, _ examples: [RuleExample]) -> String {
        var text = "\n\(heading):\n"
        for example in examples {
            for (revision, file) in revisions(example) {
                text += "\n    # \(file.name)\(revision)\n"
                for line in file.shown.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += line.isEmpty ? "\n" : "    \(line)\n"
                }
            }
        }
        return text
    }

    /// An example's files, each with the revision it belongs to for a change rule's example
    /// (" (before)", " (after)"), else "".
    private static func revisions(_ example: RuleExample) -> [(String, RuleExample.File)] {
        guard !example.before.isEmpty else { return example.files.map { ("", $0) } }
        return example.before.map { (" (before)", $0) } + example.files.map { (" (after)", $0) }
    }
}
