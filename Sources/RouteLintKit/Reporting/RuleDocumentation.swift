/// The text of `routelint rules` and `routelint explain`.
public enum RuleDocumentation {
    public static func catalogue() -> String {
        let descriptions = RuleRegistry.descriptions
        let idWidth = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { rule in
            padded(rule.id, to: idWidth + 2) + padded(rule.defaultSeverity.rawValue, to: 9) + rule.summary
        }.joined(separator: "\n") + "\n"
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    public static func explain(_ rule: RuleDescription) -> String {
        var text = "\(rule.id) (default severity: \(rule.defaultSeverity.rawValue))\n\n"
        text += rule.summary + "\n\n" + rule.rationale + "\n"
        text += examples("Triggering examples", rule.triggeringExamples)
        text += examples("Non-triggering examples", rule.nonTriggeringExamples)
        return text
    }

    private static func examples(_ heading: String, _ examples: [RuleExample]) -> String {
        var text = "\n\(heading):\n"
        for example in examples {
            for file in example.files {
                text += "\n    # \(file.name)\n"
                let contents = file.contents.filter { $0 != RuleExample.marker }
                for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += line.isEmpty ? "\n" : "    \(line)\n"
                }
            }
        }
        return text
    }
}
