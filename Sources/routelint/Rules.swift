import ArgumentParser
import RouteLintRuns
import RouteLintCore
import RouteLintRules
import RouteLintReporting

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List every rule: id, default severity and summary.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text, json.")
    var format: Format = .text

    func run() {
        switch format {
        case .text: print(RuleDocumentation.catalogue(), terminator: "")
        case .json: print(RuleDocumentation.catalogueJSON(), terminator: "")
        }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Show one rule's documentation and examples.")

    @Argument(help: "A rule id, as `routelint rules` lists them.")
    var rule: String

    func validate() throws {
        guard RuleRegistry.description(of: rule) != nil else {
            throw ValidationError(
                "unknown rule '\(rule)'"
                    + Suggestion.hint(for: rule, among: RuleRegistry.ids)
                    + " (see 'routelint rules')")
        }
    }

    func run() {
        print(RuleDocumentation.explain(RuleRegistry.description(of: rule)!), terminator: "")
    }
}
