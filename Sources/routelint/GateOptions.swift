import ArgumentParser
import RouteLintKit
import RouteLintCore
import RouteLintReporting

/// The options `lint` and `diff` share: how the run is gated and how its reports are written.
struct GateOptions: ParsableArguments {
    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent; for diff, each revision's own).")
    var config: String?

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Option(help: "Fail the run when there are more than this many warnings.")
    var maxWarnings: Int?

    @Option(help: "Accept what this baseline file records (findings; for diff, changes): only the rest is reported.")
    var baseline: String?

    @Option(help: "Record the current findings (for diff, changes) in this baseline file, and accept them.")
    var writeBaseline: String?

    @Option(help: "The folder SARIF artifact locations are relative to (default: the current directory).")
    var baseDir: String?

    @Flag(help: "Show only what fails the run, without the summary.")
    var quiet = false

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
    }

    /// The reporter of `format`, colored when it writes to a terminal: the one factory of the
    /// outputs of `lint` and `diff`.
    func reporter(_ format: OutputFormat, toTerminal: Bool, workingDirectory: String) -> any Reporter {
        switch format {
        case .text:
            return TextReporter(options: .init(colored: toTerminal && Terminal.wantsColor, summary: !quiet, onlyFailing: quiet))
        case .json:
            return JSONReporter()
        case .github:
            return GitHubReporter()
        case .sarif:
            let base = baseDir.map { FilePath.absolute($0, in: workingDirectory) } ?? workingDirectory
            return SARIFReporter(options: .init(baseDirectory: base, workingDirectory: workingDirectory))
        case .markdown:
            return MarkdownReporter()
        }
    }
}

/// Every report format of the command line; each command offers those that suit it.
enum OutputFormat: String {
    case text, json, sarif, github, markdown
}

/// A command's choice of formats, each one of `OutputFormat`.
protocol FormatChoice: RawRepresentable<String>, ExpressibleByArgument, CaseIterable {}

extension FormatChoice {
    /// The format, as the reporter factory knows it.
    var output: OutputFormat { OutputFormat(rawValue: rawValue)! }
}
