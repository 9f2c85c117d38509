import ArgumentParser
import RouteLintRuns
import RouteLintCore
import RouteLintRules

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter .routelint.yml covering the manifests found here, and print the pre-commit and GitHub Action snippets.")

    func run() throws {
        let directory = currentDirectory()
        let loader = RouteSetLoader(configuration: LintConfiguration(baseDirectory: directory), workingDirectory: directory)
        let relative = loader.discover([]).files.compactMap { FilePath.relative($0.absolute, to: directory) }
        var info = stat()
        if lstat(LintConfiguration.fileName, &info) == 0 {
            printError(RunMessage(.error, "\(LintConfiguration.fileName) already exists; it is left as it is"))
            throw ExitCode(Exit.usageOrUnreadable)
        }
        let globs = Starter.includeGlobs(for: relative)
        try emit(Starter.configuration(include: globs), to: LintConfiguration.fileName)
        let found =
            relative.isEmpty
            ? "**/*.routes.yaml (no manifest found yet)"
            : globs.joined(separator: ", ") + " (\(relative.count) manifest\(relative.count == 1 ? "" : "s") found)"
        print("Wrote \(LintConfiguration.fileName): include \(TerminalText.escape(found)).\n")
        if relative.isEmpty, let offer = ImportRun.offer(in: directory) { print(TerminalText.escape(offer) + "\n") }
        print(Starter.snippets(revision: "v" + RouteLintVersion.current), terminator: "")
    }
}
