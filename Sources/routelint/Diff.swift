import ArgumentParser
import RouteLintKit

/// The formats of `routelint diff`: those of `lint`, and Markdown for a pull request.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, github, markdown
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare the route set with another revision: links that a change breaks, redirects or adds, and the generated code's surface.")

    @Argument(
        help: "Files and directories of the route set, as for lint (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "The revision to compare with: a git revision (read through git, never checked out) or a folder holding another copy of the current directory.",
            valueName: "ref|dir"))
    var against: String

    @Option(help: "Output format: \(DiffFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: DiffFormat = .text

    @Option(help: "Write the --format report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp("Also write a report: FORMAT[:FILE] (repeatable), e.g. markdown:changes.md.", valueName: "format[:file]"))
    var reports: [ReportRequest<DiffFormat>] = []

    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent, in each revision its own).")
    var config: String?

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Option(help: "Fail the run when there are more than this many warnings.")
    var maxWarnings: Int?

    @Option(help: "Accept the changes recorded in this baseline file: only other changes are reported.")
    var baseline: String?

    @Option(help: "Record the current changes in this baseline file, and accept them: a deliberate break, acknowledged.")
    var writeBaseline: String?

    @Option(help: "The folder SARIF artifact locations are relative to (default: the current directory).")
    var baseDir: String?

    @Flag(help: "Show only the changes that fail the run, without the summary.")
    var quiet = false

    func run() throws {
        let workingDirectory = currentDirectory()
        var options = DiffOptions(paths: paths, against: Self.revision(against, in: workingDirectory), workingDirectory: workingDirectory)
        options.configurationPath = config
        options.strict = strict
        options.maxWarnings = maxWarnings
        options.baselinePath = baseline
        options.writesBaseline = writeBaseline != nil
        let run: DiffRun
        do {
            run = try DiffRun.perform(options)
        } catch {
            for message in error.messages { printError(message.description) }
            throw ExitCode(Exit.usageOrUnreadable)
        }
        for message in run.messages { printError(message.description) }
        if let writeBaseline, let newBaseline = run.newBaseline { try emit(newBaseline.text, to: writeBaseline) }
        for request in [ReportRequest(format: format, path: output)] + reports {
            var destination = try openOutput(request.path)
            write(run, as: request.format, toTerminal: request.path == nil, workingDirectory: workingDirectory, to: &destination)
            try finish(destination)
        }
        for reason in run.verdict.reasons(summaryShown: format == .text && !quiet) { printError(reason.description) }
        if run.verdict.exitStatus != 0 { throw ExitCode(run.verdict.exitStatus) }
    }

    /// A folder when one is there, else a git revision: a branch named like a folder of the
    /// tree is given as `refs/heads/NAME`.
    static func revision(_ text: String, in workingDirectory: String) -> DiffOptions.Revision {
        let path = FilePath.absolute(text, in: workingDirectory)
        if case .success(let entry) = DiskFileSystem().entry(at: path), entry.kind == .directory { return .directory(text) }
        return .git(text)
    }

    private func write(_ run: DiffRun, as format: DiffFormat, toTerminal: Bool, workingDirectory: String, to output: inout OutputFile) {
        let report = run.report
        switch format {
        case .text:
            TextReporter(options: .init(colored: toTerminal && Terminal.wantsColor, summary: !quiet, onlyFailing: quiet))
                .write(report, to: &output)
        case .json: JSONReporter().write(report, to: &output)
        case .github: GitHubReporter().write(report, to: &output)
        case .sarif:
            let base = baseDir.map { FilePath.absolute($0, in: workingDirectory) } ?? workingDirectory
            SARIFReporter(options: .init(baseDirectory: base, workingDirectory: workingDirectory)).write(report, to: &output)
        case .markdown: MarkdownReporter().write(run, to: &output)
        }
    }

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
        if against.isEmpty { throw ValidationError("--against needs a git revision or a folder") }
        if let request = reports.first(where: { $0.path == nil }) {
            throw ValidationError(
                "--report \(request.format.rawValue) needs a file: --report \(request.format.rawValue):FILE "
                    + "(standard output carries the --format report)")
        }
    }
}
