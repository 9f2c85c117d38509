import ArgumentParser
import RouteLintKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, github
}

/// `--report FORMAT[:FILE]`: a report in FORMAT, written to FILE or to standard output.
struct ReportRequest: ExpressibleByArgument {
    let format: ReportFormat
    let path: String?

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let format = ReportFormat(rawValue: first) else { return nil }
        self.format = format
        path = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
    }

    init(format: ReportFormat, path: String?) {
        self.format = format
        self.path = path
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lint route manifests (files, and *.routes.yaml / *.routes.yml below directories).")

    @Argument(help: "Files and directories to lint (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(help: "Write the --format report to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("report"), help: ArgumentHelp("Also write a report: FORMAT[:FILE] (repeatable), e.g. sarif:routelint.sarif.", valueName: "format[:file]"))
    var reports: [ReportRequest] = []

    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent).")
    var config: String?

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Option(help: "Fail the run when there are more than this many warnings.")
    var maxWarnings: Int?

    @Option(help: "Accept the findings recorded in this baseline file: only new ones are reported.")
    var baseline: String?

    @Option(help: "Record the current findings in this baseline file, and accept them.")
    var writeBaseline: String?

    @Flag(help: "Lint the whole route set (the configuration's include, else the current directory) but report only findings in the PATHs given, as a pre-commit hook needs.")
    var wholeSet = false

    @Option(help: "The folder SARIF artifact locations are relative to (default: the current directory).")
    var baseDir: String?

    @Flag(help: "Show only the findings that fail the run, without the summary.")
    var quiet = false

    @Option(help: ArgumentHelp("With the path '-': the path the manifest on standard input stands for, which names it in findings and picks the configuration and the route set it belongs to.", valueName: "path"))
    var stdinFilename: String?

    /// `routelint lint -`: one manifest from standard input.
    private var readsStandardInput: Bool { paths == ["-"] }

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let workingDirectory = currentDirectory()
        // The buffer on standard input is configured as the file it stands for would be.
        let stdinPath = stdinFilename.map { absolutePath($0, in: workingDirectory) }
        let configurationDirectory = readsStandardInput ? stdinPath.map(parentDirectory) ?? workingDirectory : workingDirectory
        let configuration = try RouteSetLoader.configuration(config, workingDirectory: configurationDirectory)
        let insideSet = pathsInsideConfiguredSet(configuration, workingDirectory: workingDirectory)
        var (files, failures): ([SourceFile], [ManifestDiscovery.Failure])
        if readsStandardInput {
            (files, failures) = try standardInputRouteSet(configuration, workingDirectory: workingDirectory)
        } else {
            let routeSetPaths = wholeSet || paths.isEmpty || insideSet != nil ? configuredPaths(configuration) : paths
            (files, failures) = try RouteSetLoader.load(routeSetPaths, configuration: configuration, workingDirectory: workingDirectory,
                                                        included: insideSet?.included)
        }
        let result = Linter.lint(files, someFilesUnread: !failures.isEmpty, configuration: configuration)
        // Checks skipped for an app that may lack a file are named, never silently dropped.
        let skippedChecks = result.apps.filter { !$0.isComplete }.map { app in
            "\(app.displayName) may lack a file that could not be read, so what these rules would find missing there is not "
                + "reported: \(RuleRegistry.wholeAppRuleIDs.joined(separator: ", "))"
        }
        for note in skippedChecks { printError("routelint: note: \(TerminalText.escape(note))") }

        var active = result.findings
        var suppressed = result.suppressed
        if let baseline {
            let accepted: [Finding]
            let stale: [Baseline.Entry]
            do {
                (active, accepted, stale) = try Baseline.load(baseline).apply(to: active, files: files)
            } catch {
                printError("routelint: error: \(error)")
                throw ExitCode(Exit.usageOrUnreadable)
            }
            suppressed += Self.accepted(accepted, by: baseline)
            reportStale(stale)
        }
        if let writeBaseline {
            try emit(Baseline(findings: active, files: files).text, to: writeBaseline)
            suppressed += Self.accepted(active, by: writeBaseline)
            active = []
        }
        if wholeSet || readsStandardInput || insideSet != nil {
            // Report only on the paths given (files, or every file below a folder), or the
            // buffer on standard input; the rest of the set is context.
            let given = readsStandardInput ? [absolutePath(stdinName, in: workingDirectory)]
                : paths.map { absolutePath($0, in: workingDirectory) }
            let isGiven = { (finding: Finding) in
                let path = absolutePath(files[Int(finding.range.file.index)].path, in: workingDirectory)
                return given.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
            }
            active = active.filter(isGiven)
            suppressed = suppressed.filter(isGiven)
        }

        let failingSeverity: Severity = strict ? .warning : .error
        let warnings = active.filter { $0.severity == .warning }.count
        let failingCount = active.filter { $0.severity >= failingSeverity }.count
        let tooManyWarnings = maxWarnings.map { warnings > $0 } ?? false
        let fails = failingCount > 0 || tooManyWarnings
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        for request in [ReportRequest(format: format, path: output)] + reports {
            var destination = try open(request.path)
            switch request.format {
            case .text:
                let shown = quiet ? active.filter { $0.severity >= failingSeverity } : active
                TextReporter.write(
                    shown, files: files,
                    totals: .init(files: files.count, routes: result.routeCount, seconds: seconds, unreadablePaths: failures.count),
                    options: .init(colored: request.path == nil && Terminal.wantsColor, summary: !quiet), to: &destination)
            case .json:
                JSONReporter.write(active, files: files, to: &destination)
            case .github:
                GitHubReporter.write(active, files: files, to: &destination)
            case .sarif:
                let base = baseDir.map { absolutePath($0, in: workingDirectory) } ?? workingDirectory
                destination.write(SARIFReporter.render(active: active, suppressed: suppressed, files: files,
                                                       notifications: skippedChecks, unreadable: failures.map { ($0.path, $0.reason) },
                                                       options: .init(baseDirectory: base, workingDirectory: workingDirectory)))
            }
            try finish(destination)
        }

        // The reason for a failing exit status is always printed: the summary says it, unless
        // there is none (--quiet, another format) or the threshold is --max-warnings.
        if tooManyWarnings, let maxWarnings {
            printError("routelint: error: \(warnings) warnings, more than --max-warnings \(maxWarnings) allows")
        }
        if failingCount > 0 && (quiet || format != .text) {
            printError("routelint: error: \(failingCount) \(failingCount == 1 ? "finding" : "findings") at a failing severity"
                       + (strict ? " (--strict: warnings fail too)" : ""))
        }
        if !failures.isEmpty { throw ExitCode(Exit.usageOrUnreadable) }
        if fails { throw ExitCode(Exit.failingFindings) }
    }

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
        if paths.contains("-") && paths.count > 1 { throw ValidationError("'-' reads one manifest from standard input, alone") }
        if stdinFilename != nil && !readsStandardInput { throw ValidationError("--stdin-filename names the manifest read with the path '-'") }
        // Standard output carries the --format report; a second report there would interleave.
        if let request = reports.first(where: { $0.path == nil }) {
            throw ValidationError("--report \(request.format.rawValue) needs a file: --report \(request.format.rawValue):FILE "
                                  + "(standard output carries the --format report)")
        }
    }

    /// The paths given, made absolute, when a configuration's `include` is in force and every
    /// one of them is a file of its route set or a folder holding some: then the whole set is
    /// linted and only these paths reported, so that no finding is false by construction (a
    /// link to a route declared in a file that was not given is not unknown).
    /// Returns the walk of the include globs with them, so the set is not walked twice.
    private func pathsInsideConfiguredSet(_ configuration: LintConfiguration, workingDirectory: String)
        -> (given: [String], included: RouteSetLoader.Found)? {
        guard !wholeSet, !readsStandardInput, !paths.isEmpty, configuration.path != nil, !configuration.include.isEmpty else { return nil }
        let given = paths.map { absolutePath($0, in: workingDirectory) }
        let included = ManifestDiscovery.find(matching: configuration.include, under: configuration.baseDirectory)
        let set = included.files
            .filter { !RouteSetLoader.isExcluded($0, by: configuration, workingDirectory: workingDirectory) }
            .map { absolutePath($0, in: workingDirectory) }
        let inside = given.allSatisfy { path in set.contains { $0 == path || $0.hasPrefix(path == "/" ? "/" : path + "/") } }
        return inside ? (given, included) : nil
    }

    /// What findings in the buffer on standard input are reported under.
    private var stdinName: String { stdinFilename ?? "<stdin>" }

    /// The manifest on standard input, and — when it stands for a file of the configuration's
    /// route set — the rest of that set, read from disk, with the buffer in the file's place.
    private func standardInputRouteSet(_ configuration: LintConfiguration,
                                       workingDirectory: String) throws -> ([SourceFile], [ManifestDiscovery.Failure]) {
        let bytes: [UInt8]
        switch ManifestDiscovery.standardInput() {
        case .success(let input): bytes = input
        case .failure(let failure):
            printError("routelint: error: cannot read standard input: \(failure.reason)")
            throw ExitCode(Exit.usageOrUnreadable)
        }
        var paths: [String] = []
        var failures: [ManifestDiscovery.Failure] = []
        if stdinFilename != nil && !configuration.include.isEmpty {
            (paths, failures) = ManifestDiscovery.find(matching: configuration.include, under: configuration.baseDirectory)
        }
        let stdinPath = absolutePath(stdinName, in: workingDirectory)
        var files: [SourceFile] = []
        for path in paths where absolutePath(path, in: workingDirectory) != stdinPath {
            switch ManifestDiscovery.contents(of: path) {
            case .success(let contents): files.append(SourceFile(id: FileID(0), path: path, bytes: contents))
            case .failure(let failure): failures.append(failure)
            }
        }
        files.append(SourceFile(id: FileID(0), path: stdinName, bytes: bytes))
        for failure in failures { printError("routelint: error: cannot read '\(TerminalText.escape(failure.path))': \(failure.reason)") }
        // Files are numbered in path order, the buffer in the place of the file it stands for.
        files.sort { absolutePath($0.path, in: workingDirectory).utf8.lexicographicallyPrecedes(absolutePath($1.path, in: workingDirectory).utf8) }
        return (files.enumerated().map { SourceFile(id: FileID($0), path: $1.path, bytes: $1.bytes) }, failures)
    }

    /// The route set when no path is given: the configuration's include, else the current directory.
    private func configuredPaths(_ configuration: LintConfiguration) -> [String] {
        configuration.include.isEmpty ? ["."] : []
    }

    /// Findings a baseline accepts: kept, for SARIF, as suppressed outside the source.
    private static func accepted(_ findings: [Finding], by baseline: String) -> [Finding] {
        findings.map { finding in
            var accepted = finding
            accepted.suppression = Suppression(kind: .external, justification: "in the baseline \(baseline)")
            return accepted
        }
    }

    private func reportStale(_ stale: [Baseline.Entry]) {
        guard !stale.isEmpty else { return }
        let count = stale.reduce(0) { $0 + $1.count }
        printError("routelint: note: \(count) baseline \(count == 1 ? "entry matches" : "entries match") no finding any more; "
                   + "rewrite the baseline with --write-baseline to drop \(count == 1 ? "it" : "them"):")
        for entry in stale {
            let names = entry.identity.subjects.map { "\($0.kind.rawValue) '\(TerminalText.escape($0.name))'" }.joined(separator: ", ")
            printError("  \(TerminalText.escape(entry.identity.file)): \(entry.identity.rule) \(names)\(entry.count > 1 ? " (×\(entry.count))" : "")")
        }
    }
}

/// Loads the configuration and the route set a command works on, reporting what cannot be read.
enum RouteSetLoader {
    /// For commands that answer from the apps (`resolve`, `graph`): reports each file that is
    /// not well-formed YAML, whose declarations the answer lacks. Returns whether there was any.
    static func reportUnparsed(_ result: LintResult) -> Bool {
        for file in result.unparsedFiles {
            let path = TerminalText.escape(result.files[Int(file.index)].path)
            let problem = result.findings.first { $0.range.file == file && $0.rule == YAMLSyntaxRule.description.id }
            let detail = problem.map { " (\($0.range.start): \(TerminalText.escape($0.message)))" } ?? ""
            printError("routelint: error: cannot use '\(path)': it is not well-formed YAML\(detail); "
                       + "the answer leaves out what it declares (see 'routelint lint \(path)')")
        }
        return !result.unparsedFiles.isEmpty
    }

    /// The configuration at `path`, else the nearest `.routelint.yml`, else the defaults.
    /// A configuration with a problem is a usage error.
    static func configuration(_ path: String?, workingDirectory: String = currentDirectory()) throws -> LintConfiguration {
        guard let path = path ?? LintConfiguration.find(from: workingDirectory) else {
            return LintConfiguration(baseDirectory: workingDirectory)
        }
        do {
            return try LintConfiguration.load(path)
        } catch {
            printError("routelint: error: \(error)")
            throw ExitCode(Exit.usageOrUnreadable)
        }
    }

    /// Whether the configuration's `exclude` removes `path` from the route set.
    static func isExcluded(_ path: String, by configuration: LintConfiguration, workingDirectory: String) -> Bool {
        guard !configuration.exclude.isEmpty else { return false }
        let base = absolutePath(configuration.baseDirectory, in: workingDirectory)
        let absolute = absolutePath(path, in: workingDirectory)
        guard absolute.hasPrefix(base + "/") else { return false }
        let relative = String(absolute.dropFirst(base.count + 1))
        return configuration.exclude.contains { $0.matches(relative) }
    }

    /// The manifests a walk of the include globs found, and what it could not read.
    typealias Found = (files: [String], failures: [ManifestDiscovery.Failure])

    /// The files of the route set: `paths`, or when there are none the configuration's
    /// include globs (`included`, when the caller has walked them already); less its exclude
    /// globs. What cannot be read is reported on standard error and returned as failures;
    /// finding no manifest at all is a usage error.
    static func load(_ paths: [String], configuration: LintConfiguration = LintConfiguration(),
                     workingDirectory: String = currentDirectory(), included walked: Found? = nil)
        throws -> (files: [SourceFile], failures: [ManifestDiscovery.Failure]) {
        var searched = paths
        var included: [String] = []
        var includeFailures: [ManifestDiscovery.Failure] = []
        if paths.isEmpty {
            if configuration.include.isEmpty {
                searched = ["."]
            } else {
                (included, includeFailures) = walked ?? ManifestDiscovery.find(matching: configuration.include, under: configuration.baseDirectory)
                // Show the files as the user would name them: relative to where they are.
                let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
                included = included.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            }
        }
        let excluded = { (path: String) in isExcluded(path, by: configuration, workingDirectory: workingDirectory) }
        for path in paths where excluded(path) {
            printError("routelint: note: '\(TerminalText.escape(path))' is left out by the configuration's exclude")
        }
        var (files, failures) = ManifestDiscovery.load(searched + included, excluded: excluded)
        failures = includeFailures + failures
        for failure in failures {
            printError("routelint: error: cannot read '\(TerminalText.escape(failure.path))': \(failure.reason)")
        }
        if files.isEmpty && failures.isEmpty {
            let scope = !paths.isEmpty ? paths.map { "'\(TerminalText.escape($0))'" }.joined(separator: ", ")
                : configuration.include.isEmpty ? "the current directory"
                : "the configuration's include (\(configuration.include.map(\.pattern).joined(separator: ", ")))"
            printError("routelint: error: no route manifests (*.routes.yaml, *.routes.yml) found in \(scope)")
            throw ExitCode(Exit.usageOrUnreadable)
        }
        return (files, failures)
    }
}

func currentDirectory() -> String {
    guard let pointer = getcwd(nil, 0) else { return "." }
    defer { free(pointer) }
    return String(cString: pointer)
}

func absolutePath(_ path: String, in directory: String) -> String {
    ManifestDiscovery.absolutePath(path, in: directory)
}

/// The folder of an absolute path.
func parentDirectory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
}

/// Where a report goes: standard output, or the file at `path`.
func open(_ path: String?) throws -> ReportOutput {
    guard let path else { return .standardOutput() }
    do {
        return try ReportOutput(file: path)
    } catch {
        printError("routelint: error: \(error)")
        throw ExitCode(Exit.usageOrUnreadable)
    }
}

func finish(_ output: ReportOutput) throws {
    do {
        try output.finish()
    } catch {
        printError("routelint: error: \(error)")
        throw ExitCode(Exit.usageOrUnreadable)
    }
}

/// Prints a report to standard output, or saves it to a file.
func emit(_ report: String, to path: String?) throws {
    let output = try open(path)
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
