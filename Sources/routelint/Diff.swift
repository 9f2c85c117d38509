import ArgumentParser
import RouteLintRuns
import RouteLintCore

/// The formats of `routelint diff`: those of `lint`, and Markdown for a pull request.
enum DiffFormat: String, FormatChoice {
    case text, json, sarif, github, markdown

    static let reportExample = "markdown:changes.md"
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
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

    @OptionGroup var reports: ReportOptions<DiffFormat>

    @OptionGroup var gate: GateOptions

    func run() throws {
        let workingDirectory = currentDirectory()
        var options = DiffOptions(paths: paths, against: Self.revision(against, in: workingDirectory), workingDirectory: workingDirectory)
        options.configurationPath = gate.config
        options.gate = gate.runGate
        let run = try stoppingOnFailure { () throws(RunFailure) in try DiffRun.perform(options) }
        try reports.conclude(run, gate: gate, workingDirectory: workingDirectory)
    }

    /// A folder when one is there, else a git revision: a branch named like a folder of the
    /// tree is given as `refs/heads/NAME`.
    static func revision(_ text: String, in workingDirectory: String) -> DiffOptions.Revision {
        let path = FilePath.absolute(text, in: workingDirectory)
        if case .success(let entry) = DiskFileSystem().entry(at: path), entry.kind == .directory { return .directory(text) }
        return .git(text)
    }

    func validate() throws {
        if against.isEmpty { throw ValidationError("--against needs a git revision or a folder") }
    }
}
