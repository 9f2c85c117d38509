import ArgumentParser
import RouteLintRuns
import RouteLintReporting

struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract:
            "Write an audit of the route set as one self-contained HTML page: counts, findings, the deep-link surface, navigation diagrams and statistics."
    )

    @Argument(help: "Files and directories to audit, as for lint (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @Option(help: "The HTML file to write.")
    var output: String

    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent).")
    var config: String?

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Option(help: "Accept the findings recorded in this baseline file: they are left out of the page.")
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "A platform link file to check against the routes, as for lint; repeatable.", valueName: "path"))
    var platformFile: [String] = []

    @OptionGroup var build: BuildOptions

    func run() throws {
        var options = LintOptions(input: .paths(paths), workingDirectory: currentDirectory())
        options.configurationPath = config
        options.gate = RunGate(strict: strict, baselinePath: baseline)
        options.platformFiles = platformFile
        options.defines = build.values
        // The verdict is lint's: the same findings fail the run.
        try conclude(try perform(options), writingBaselineTo: nil, summaryShown: false) { report in
            var destination = try openOutput(output)
            AuditPage().write(report, to: &destination)
            try finish(destination)
        }
    }
}
