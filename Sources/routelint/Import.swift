import ArgumentParser
import RouteLintRuns
import RouteLintCore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a manifest of what an app's link files and navigation graphs say, checked against them.",
        discussion: """
            Reads apple-app-site-association, *.entitlements, AndroidManifest.xml and assetlinks.json \
            (their hosts, app IDs, package, fingerprints and every path pattern they claim), and \
            Jetpack Navigation graphs and menus (res/navigation, res/menu: activities, tabs, routes, \
            arguments, actions, deep links). Before writing, the manifest is linted with the link \
            files as 'lint --platform-file' would: each pattern routes can only come near is printed \
            with a URL that shows it, and every other finding the manifest leaves. Never replaces a \
            file (exit 2); exit 2 also when a file cannot be read or a claim cannot be decided.
            """)

    @Argument(help: "Files and directories to read (default: the current directory).")
    var paths: [String] = []

    @Option(help: "The manifest to write (*.routes.yaml), or a folder to write APP.routes.yaml in.")
    var output: String

    @Option(help: "The app's name in the manifest.")
    var app: String?

    @Option(help: "A host the app serves links on (repeatable): an apple-app-site-association does not name its own.")
    var host: [String] = []

    func run() throws {
        let workingDirectory = currentDirectory()
        let run: ImportRun
        do {
            var options = ImportOptions(paths: paths, output: output, app: app, workingDirectory: workingDirectory)
            options.hosts = host
            run = try ImportRun.perform(options)
        } catch {
            for message in error.messages { printError(message.description) }
            throw ExitCode(Exit.usageOrUnreadable)
        }
        for message in run.messages { printError(message.description) }
        for pattern in run.inexact {
            let reason = pattern.reason.map { " (\(TerminalText.escape($0)))" } ?? ""
            printError("\(TerminalText.escape(pattern.location)): inexact: \(TerminalText.escape(pattern.pattern))\(reason)")
            for finding in pattern.findings { printError("    \(TerminalText.escape(finding))") }
        }
        for finding in run.findings {
            let path = run.files.first { $0.id == finding.range.file }?.path ?? ""
            printError(
                "\(TerminalText.escape(path)):\(finding.range.start.line):\(finding.range.start.column): \(finding.severity.rawValue): "
                    + "\(TerminalText.escape(finding.message)) [\(finding.rule)]")
        }
        do {
            try run.write(in: workingDirectory)
        } catch {
            for message in error.messages { printError(message.description) }
            throw ExitCode(Exit.usageOrUnreadable)
        }
        let files = run.filesRead.count
        let inexact =
            run.inexact.isEmpty
            ? "every pattern imported exactly"
            : "\(run.inexact.count) pattern\(run.inexact.count == 1 ? "" : "s") imported inexactly"
        let placeholders =
            run.placeholderCount == 0 ? "" : "; \(run.placeholderCount) placeholder\(run.placeholderCount == 1 ? "" : "s") kept"
        let left = run.findings.isEmpty ? "" : "; \(run.findings.count) finding\(run.findings.count == 1 ? "" : "s") left"
        print(
            "Wrote \(TerminalText.escape(run.outputPath)): \(run.routeCount) route\(run.routeCount == 1 ? "" : "s") from \(files) file\(files == 1 ? "" : "s"); \(inexact)\(placeholders)\(left)."
        )
        if !run.checkedLinkFiles.isEmpty {
            let flags = run.checkedLinkFiles.map { "--platform-file \(shellWord($0))" }.joined(separator: " ")
            print("Check it with the files it came from: routelint lint \(shellWord(run.outputPath)) \(flags)")
        }
        if !run.isComplete { throw ExitCode(Exit.usageOrUnreadable) }
    }
}

/// `text` as one word of a POSIX shell command, escaped for the terminal.
private func shellWord(_ text: String) -> String {
    let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./-:@%+=,".contains($0)) }
    return TerminalText.escape(
        plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'")
}
