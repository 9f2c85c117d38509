import ArgumentParser
import RouteLintKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lint route manifests (files, and *.routes.yaml / *.routes.yml below directories).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Files and directories to lint (default: the current directory).")
    var paths: [String] = []

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Flag(help: "Show only the findings that fail the run, without the summary.")
    var quiet = false

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let (files, failures) = try RouteSetLoader.load(paths)
        let result = Linter.lint(files, someFilesUnread: !failures.isEmpty)
        let failingSeverity: Severity = strict ? .warning : .error
        let shown = quiet ? result.findings.filter { $0.severity >= failingSeverity } : result.findings
        let elapsed = clock.now - started
        let report: String
        switch format {
        case .text:
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            report = TextReporter.render(
                shown, files: files,
                totals: .init(files: files.count, routes: result.routeCount, seconds: seconds),
                options: .init(colored: output == nil && Terminal.wantsColor, summary: !quiet))
        case .json:
            report = JSONReporter.render(shown, files: files)
        }
        try emit(report, to: output)

        if !failures.isEmpty { throw ExitCode(Exit.usageOrUnreadable) }
        if result.findings.contains(where: { $0.severity >= failingSeverity }) { throw ExitCode(Exit.failingFindings) }
    }
}

/// Loads the route set a command works on, reporting what cannot be read.
enum RouteSetLoader {
    /// The files of the route set named by `paths` (the current directory when empty). What
    /// cannot be read is reported on standard error and returned as failures; finding no
    /// manifest at all is a usage error.
    static func load(_ paths: [String]) throws -> (files: [SourceFile], failures: [ManifestDiscovery.Failure]) {
        let (files, failures) = ManifestDiscovery.load(paths.isEmpty ? ["."] : paths)
        for failure in failures {
            printError("routelint: error: cannot read '\(TerminalText.escape(failure.path))': \(failure.reason)")
        }
        if files.isEmpty && failures.isEmpty {
            printError("routelint: error: no route manifests (*.routes.yaml, *.routes.yml) found in "
                       + (paths.isEmpty ? "the current directory" : paths.map { "'\(TerminalText.escape($0))'" }.joined(separator: ", ")))
            throw ExitCode(Exit.usageOrUnreadable)
        }
        return (files, failures)
    }
}

/// Prints a report to standard output, or saves it to a file.
func emit(_ report: String, to output: String?) throws {
    guard let output else {
        print(report, terminator: "")
        return
    }
    do {
        try AtomicFile.save(report, to: output)
    } catch {
        printError("routelint: error: \(error)")
        throw ExitCode(Exit.usageOrUnreadable)
    }
}

enum Terminal {
    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything.
    static var wantsColor: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
