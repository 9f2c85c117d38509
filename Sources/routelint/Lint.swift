import ArgumentParser
import RouteLintRuns
import RouteLintCore
import RouteLintReporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum ReportFormat: String, FormatChoice {
    case text, json, sarif, github

    static let reportExample = "sarif:routelint.sarif"
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint route manifests (files, and *.routes.yaml / *.routes.yml below directories).")

    @Argument(help: "Files and directories to lint (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @OptionGroup var reports: ReportOptions<ReportFormat>

    @OptionGroup var gate: GateOptions

    @OptionGroup var build: BuildOptions

    @Flag(
        help:
            "Lint the whole route set (the configuration's include, else the current directory) but report only findings in the PATHs given."
    )
    var wholeSet = false

    @Flag(
        help:
            "Apply the edits the findings name (did you mean …?) to the manifests, then lint again and report what is left; with '-', print the fixed manifest."
    )
    var fix = false

    @Flag(help: "With --fix: print the changes as a unified diff, and write nothing.")
    var dryRun = false

    @Option(
        help: ArgumentHelp(
            "A platform link file to check against the routes (apple-app-site-association, assetlinks.json, AndroidManifest.xml, *.entitlements); repeatable. The configuration's platform-files are checked too.",
            valueName: "path"))
    var platformFile: [String] = []

    @Option(
        help: ArgumentHelp(
            "With the path '-': the path the manifest on standard input stands for, which names it in findings and picks the configuration and the route set it belongs to.",
            valueName: "path"))
    var stdinFilename: String?

    @Flag(
        help:
            "Check the commit being made, as the pre-commit hook does: what the commit will hold is read from git's index, deletions included; the whole route set is linted, and every finding in an app the commit touches is reported. Run by pre-commit over a range (--from-ref/--to-ref), the apps the range changes; with nothing staged (--all-files), the whole set."
    )
    var staged = false

    /// What pre-commit tells a hook of the run it makes (`LintOptions.hook`).
    static var hookEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["PRE_COMMIT", "PRE_COMMIT_FROM_REF", "PRE_COMMIT_TO_REF"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// `routelint lint -`: one manifest from standard input.
    private var readsStandardInput: Bool { paths == ["-"] }

    func run() throws {
        let workingDirectory = currentDirectory()
        var options = LintOptions(input: .paths(paths), workingDirectory: workingDirectory)
        if readsStandardInput {
            switch DiskFileSystem.readStandardInput() {
            case .success(let bytes): options.input = .standardInput(bytes, standsFor: stdinFilename)
            case .failure(let failure): throw stop(RunMessage(.error, "cannot read standard input: \(failure.reason)"))
            }
        } else if staged {
            options = try stoppingOnFailure { () throws(RunFailure) in
                try LintOptions.hook(in: workingDirectory, environment: Self.hookEnvironment)
            }
        }
        options.configurationPath = gate.config
        options.wholeSet = wholeSet
        options.gate = gate.runGate
        options.platformFiles = platformFile
        options.defines = build.values

        if fix {
            try fixFindings(options, workingDirectory: workingDirectory)
            return
        }
        options.leavesFilesOnDisk = true
        let run = try perform(options)
        keepUntilExit(run)
        try reports.conclude(run, gate: gate, workingDirectory: workingDirectory)
    }

    /// `--fix`: the fixed manifests written (with `--dry-run`, their diff printed; with `-`, the
    /// fixed text printed), what was changed said, and what is left reported as lint reports it.
    private func fixFindings(_ options: LintOptions, workingDirectory: String) throws {
        let fixed = try stoppingOnFailure { () throws(RunFailure) in try FixRun.perform(options, dryRun: dryRun || readsStandardInput) }
        for message in fixed.messages { printError(message) }
        if readsStandardInput {
            guard case .standardInput(let bytes, _) = options.input else { return }
            let output = OutputFile.standardOutput()
            output.write(String(decoding: fixed.changes.first?.after ?? bytes, as: UTF8.self))
            try finish(output)
            for message in fixed.result.messages { printError(message) }
            if fixed.result.verdict.exitStatus != 0 { throw ExitCode(fixed.result.verdict.exitStatus) }
            return
        }
        if dryRun {
            let output = OutputFile.standardOutput()
            for change in fixed.changes {
                output.write(UnifiedDiff.text(path: change.path, before: change.before, after: change.after, addedLines: change.addedLines))
            }
            try finish(output)
        }
        let count = fixed.changes.reduce(0) { $0 + $1.fixed }
        if count > 0 {
            let files = fixed.changes.map { "\($0.path) (\($0.fixed))" }.joined(separator: ", ")
            printError(
                RunMessage(
                    .note,
                    "\(dryRun ? "would fix" : "fixed") \(count) finding\(count == 1 ? "" : "s") in \(fixed.changes.count) "
                        + "file\(fixed.changes.count == 1 ? "" : "s"): \(files)"))
        }
        try reports.conclude(fixed.result, gate: gate, workingDirectory: workingDirectory)
    }

    func validate() throws {
        if paths.contains("-") && paths.count > 1 { throw ValidationError("'-' reads one manifest from standard input, alone") }
        if dryRun && !fix { throw ValidationError("--dry-run shows what --fix would change; give --fix too") }
        if fix && staged { throw ValidationError("--fix edits files in the work tree; give the paths (pre-commit does), not --staged") }
        if fix && gate.writeBaseline != nil { throw ValidationError("--fix and --write-baseline: fix first, then record what is left") }
        if stdinFilename != nil && !readsStandardInput {
            throw ValidationError("--stdin-filename names the manifest read with the path '-'")
        }
        if staged && (!paths.isEmpty || wholeSet) {
            throw ValidationError("--staged reads the changed files from git; give no paths and no --whole-set")
        }
    }
}

/// Runs the lint, printing what was said before a failure and exiting 2.
func perform(_ options: LintOptions) throws -> LintRun {
    try stoppingOnFailure { () throws(RunFailure) in try LintRun.perform(options) }
}

/// Lints the route set for a command that answers from its apps (`resolve`, `graph`, `generate`),
/// printing what the run has to say; a run that cannot go on exits 2.
func lintForAnswers(
    _ paths: [String], configurationPath: String?, platformFiles: [String] = [], defines: [String: String] = [:]
) throws -> LintRun {
    var options = LintOptions(input: .paths(paths), workingDirectory: currentDirectory())
    options.configurationPath = configurationPath
    options.platformFiles = platformFiles
    options.defines = defines
    options.purpose = .input
    options.leavesFilesOnDisk = true
    let run = try perform(options)
    for message in run.messages + run.unparsedFileMessages { printError(message) }
    return run
}

/// What `keepUntilExit` holds.
nonisolated(unsafe) private var keptUntilExit: [Any] = []

/// Keeps `value` until the process exits. A lint ends the process: freeing its model piece by
/// piece (at 10,000 routes, 4 million instructions of releases) costs more than the exit, which
/// returns the memory at once — as clang leaves its syntax tree to the exit (`-disable-free`).
/// For a command whose run is its last work only, never for the language server.
func keepUntilExit(_ value: Any) {
    keptUntilExit.append(value)
}

func currentDirectory() -> String {
    guard let pointer = getcwd(nil, 0) else { return "." }
    defer { free(pointer) }
    return String(cString: pointer)
}

/// Where a report goes: standard output, or the file at `path`.
func openOutput(_ path: String?) throws -> OutputFile {
    guard let path else { return .standardOutput() }
    do {
        return try OutputFile(file: path)
    } catch {
        throw stop(RunMessage(.error, "\(error)"))
    }
}

func finish(_ output: OutputFile) throws {
    do {
        try output.finish()
    } catch {
        throw stop(RunMessage(.error, "\(error)"))
    }
}

/// Prints a report to standard output, or saves it to a file.
func emit(_ report: String, to path: String?) throws {
    let output = try openOutput(path)
    output.write(report)
    try finish(output)
}

enum Terminal {
    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything.
    static var wantsColor: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
