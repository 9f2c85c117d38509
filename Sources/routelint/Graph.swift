import ArgumentParser
import RouteLintKit

extension GraphRenderer.Format: ExpressibleByArgument {}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw activities, tabs and routes as a Graphviz (dot) or Mermaid graph, findings highlighted.")

    @Argument(help: "Files and directories (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @Option(help: "dot or mermaid.")
    var format: GraphRenderer.Format = .dot

    @Option(help: "Write the graph to this file instead of standard output.")
    var output: String?

    func run() throws {
        let (result, usable) = try RouteSetLoader.lint(paths)
        try emit(GraphRenderer.render(result, format: format), to: output)
        if !usable { throw ExitCode(Exit.usageOrUnreadable) }
    }
}
