import ArgumentParser
import RouteLintRuns
import RouteLintReporting

extension GraphRenderer.Format: ExpressibleByArgument {}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw activities, tabs and routes as a Graphviz (dot) or Mermaid graph, findings highlighted.")

    @Argument(help: "Files and directories (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @Option(help: "dot or mermaid.")
    var format: GraphRenderer.Format = .dot

    @Option(help: "Write the graph to this file instead of standard output.")
    var output: String?

    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent).")
    var config: String?

    func run() throws {
        let run = try lintForAnswers(paths, configurationPath: config)
        try emit(GraphRenderer.render(run.apps, findings: run.active, format: format), to: output)
        // The graph may lack what part of the route set declares.
        if !run.answersFromAppsAreComplete { throw ExitCode(Exit.usageOrUnreadable) }
    }
}
