import ArgumentParser
import RouteLintRuns
import RouteLintCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct RouteLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routelint",
        abstract: "Lint and validate route manifests: activities, tabs, routes and their holders.",
        version: RouteLintVersion.current,
        subcommands: [
            Lint.self, Diff.self, Audit.self, Resolve.self, Graph.self, Generate.self, Rules.self, Explain.self, Init.self, Import.self,
            Hosts.self, DeviceLinks.self, LanguageServerCommand.self, Schema.self,
        ],
        defaultSubcommand: Lint.self)
}

/// Exit codes (docs/usage.md, "Command line").
enum Exit {
    static let failingFindings: Int32 = 1
    static let usageOrUnreadable: Int32 = 2
}

@main
enum Main {
    static func main() async {
        // A program always has its own name as its first argument: none means none was read.
        guard !CommandLine.arguments.isEmpty else {
            printError(RunMessage(.error, "cannot read the command line's arguments"))
            exit(Exit.usageOrUnreadable)
        }
        refuseMisspeltCommand(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try RouteLintCommand.parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser answers a usage error with 64 (EX_USAGE); routelint's contract is 2.
            if RouteLintCommand.exitCode(for: error) == .validationFailure {
                printErrorLines(RouteLintCommand.fullMessage(for: error))
                exit(Exit.usageOrUnreadable)
            }
            RouteLintCommand.exit(withError: error)
        }
    }
}

/// `lint` is the default command, so `routelint reslove /x` would lint a path 'reslove'. A
/// first argument that is no command, no option and no existing path, but is near a command's
/// name, is a misspelt command: say so, as git does, instead of "cannot read 'reslove'".
func refuseMisspeltCommand(_ arguments: [String]) {
    guard let first = arguments.first, !first.hasPrefix("-") else { return }
    let commands = RouteLintCommand.configuration.subcommands.map { $0._commandName }
    var info = stat()
    guard !commands.contains(first), stat(first, &info) != 0, let nearest = Suggestion.nearest(to: first, among: commands) else { return }
    printError(RunMessage(.error, "'\(first)' is not a routelint command, nor a path that exists; did you mean '\(nearest)'?"))
    exit(Exit.usageOrUnreadable)
}

/// The one way a command stops before its report: what it has to say printed on standard
/// error, and the exit status of a run that could not be made (2), to throw.
func stop(_ messages: [RunMessage]) -> ExitCode {
    for message in messages { printError(message) }
    return ExitCode(Exit.usageOrUnreadable)
}

/// `stop` with one message.
func stop(_ message: RunMessage) -> ExitCode { stop([message]) }

/// What `body` returns; a run it cannot make stops the command with what the failure says.
func stoppingOnFailure<Value>(_ body: () throws(RunFailure) -> Value) throws -> Value {
    do {
        return try body()
    } catch {
        throw stop(error.messages)
    }
}

/// Writes `message` to standard error, as every message of a run is printed: its text is
/// `TerminalSafe`, so nothing from a file or the command line reaches the terminal raw.
func printError(_ message: RunMessage) {
    writeError(message.description + "\n")
}

/// Writes `text` and a line break to standard output: what it interpolates is escaped.
func printLine(_ text: TerminalSafe) {
    print(text.text)
}

/// Writes `text`, lines from elsewhere (ArgumentParser's usage and errors, which quote the
/// arguments, `ValidationError`s among them), to standard error with each line escaped.
func printErrorLines(_ text: String) {
    writeError(
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escape(String($0)) }.joined(separator: "\n") + "\n"
    )
}

/// Writes `text`, escaped already by the reporter that made it, to standard error.
func writeError(_ text: String) {
    var standardError = StandardError()
    standardError.write(text)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        writeAll(string, to: STDERR_FILENO)
    }
}
