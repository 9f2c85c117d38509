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
        let (paths, discoveryFailures) = ManifestDiscovery.find(self.paths.isEmpty ? ["."] : self.paths)
        var failures = discoveryFailures
        var files: [SourceFile] = []
        for path in paths {
            switch ManifestDiscovery.contents(of: path) {
            case .success(let bytes): files.append(SourceFile(id: FileID(files.count), path: path, bytes: bytes))
            case .failure(let failure): failures.append(failure)
            }
        }
        for failure in failures {
            printError("routelint: error: cannot read '\(TerminalText.escape(failure.path))': \(failure.reason)")
        }
        if files.isEmpty && failures.isEmpty {
            printError("routelint: error: no route manifests (*.routes.yaml, *.routes.yml) found in "
                       + (self.paths.isEmpty ? "the current directory" : self.paths.map { "'\(TerminalText.escape($0))'" }.joined(separator: ", ")))
            throw ExitCode(Exit.usageOrUnreadable)
        }

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
        if let output {
            do {
                try AtomicFile.save(report, to: output)
            } catch {
                printError("routelint: error: \(error)")
                throw ExitCode(Exit.usageOrUnreadable)
            }
        } else {
            print(report, terminator: "")
        }

        if !failures.isEmpty { throw ExitCode(Exit.usageOrUnreadable) }
        if result.findings.contains(where: { $0.severity >= failingSeverity }) { throw ExitCode(Exit.failingFindings) }
    }
}

enum Terminal {
    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything.
    static var wantsColor: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
