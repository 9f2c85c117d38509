import ArgumentParser
import RouteLintRuns
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

    @Option(
        help:
            "The folder SARIF artifact locations are relative to (default: the project's root, the configuration's folder or else the git work tree's top)."
    )
    var baseDir: String?

    @Flag(help: "Show only what fails the run, without the summary.")
    var quiet = false

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
    }

    /// The gate of the run these options ask for.
    var runGate: RunGate {
        RunGate(strict: strict, maxWarnings: maxWarnings, baselinePath: baseline, writesBaseline: writeBaseline != nil)
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
            let base = baseDir.map { FilePath.absolute($0, in: workingDirectory) }
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

/// A command's choice of formats, each one of `OutputFormat`, `text` among them.
protocol FormatChoice: RawRepresentable<String>, ExpressibleByArgument, CaseIterable, Sendable {
    /// The default format: text for a reader.
    static var text: Self { get }
    /// A `--report` argument for the help: `sarif:routelint.sarif`.
    static var reportExample: String { get }
}

/// Where a command writes its reports: `--format` to `--output` (standard output by default),
/// and each `--report FORMAT:FILE` beside it.
struct ReportOptions<Format: FormatChoice>: ParsableArguments {
    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format = Format.text

    @Option(help: "Write the --format report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp("Also write a report: FORMAT[:FILE] (repeatable), e.g. \(Format.reportExample).", valueName: "format[:file]"))
    var reports: [ReportRequest<Format>] = []

    func validate() throws {
        // Standard output carries the --format report; a second report there would interleave.
        if let request = reports.first(where: { $0.path == nil }) {
            throw ValidationError(
                "--report \(request.format.rawValue) needs a file: --report \(request.format.rawValue):FILE "
                    + "(standard output carries the --format report)")
        }
    }

    /// Writes `report` in every format asked for, each made by `gate`'s reporter factory.
    func write(_ report: LintReport, gate: GateOptions, workingDirectory: String) throws {
        for request in [ReportRequest(format: format, path: output)] + reports {
            var destination = try openOutput(request.path)
            gate.reporter(request.format.output, toTerminal: request.path == nil, workingDirectory: workingDirectory)
                .write(report, to: &destination)
            try finish(destination)
        }
    }

    /// Whether the text on standard output ends with the summary, so the verdict need not
    /// repeat it.
    func showsSummary(_ gate: GateOptions) -> Bool { format == .text && !gate.quiet }

    /// Finishes `run` with the reports asked for, as `conclude` finishes every gated run.
    func conclude(_ run: some GatedRun, gate: GateOptions, workingDirectory: String) throws {
        try routelint.conclude(run, writingBaselineTo: gate.writeBaseline, summaryShown: showsSummary(gate)) { report in
            try write(report, gate: gate, workingDirectory: workingDirectory)
        }
    }
}

/// Finishes a gated run, one way for every command: what the run says on standard error, the
/// new baseline to `baselinePath`, the report written by `write`, why the run fails (less what
/// a summary shown already said), and the exit status.
func conclude(
    _ run: some GatedRun, writingBaselineTo baselinePath: String?, summaryShown: Bool, write: (LintReport) throws -> Void
) throws {
    for message in run.messages { printError(message) }
    if let baselinePath, let newBaseline = run.newBaseline { try emit(newBaseline.text, to: baselinePath) }
    try write(run.report)
    for reason in run.verdict.reasons(summaryShown: summaryShown) { printError(reason) }
    if run.verdict.exitStatus != 0 { throw ExitCode(run.verdict.exitStatus) }
}

extension FormatChoice {
    /// The format, as the reporter factory knows it.
    var output: OutputFormat { OutputFormat(rawValue: rawValue)! }
}

/// `--report FORMAT[:FILE]`: a report in FORMAT (one of a command's formats), written to FILE
/// or to standard output.
struct ReportRequest<Format: RawRepresentable & Sendable>: ExpressibleByArgument where Format.RawValue == String {
    let format: Format
    let path: String?

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let format = Format(rawValue: first) else { return nil }
        self.format = format
        path = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
    }

    init(format: Format, path: String?) {
        self.format = format
        self.path = path
    }
}
