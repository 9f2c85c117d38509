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
        abstract:
            "Write a starter .routelint.yml covering every manifest below this folder, and print the pre-commit and GitHub Action snippets."
    )

    func run() throws {
        let directory = currentDirectory()
        // The manifests the starter configuration takes: its excludes leave out build and
        // dependency folders.
        let starter =
            (try? LintConfiguration.parse(Array(Starter.configuration().utf8), path: FilePath.join(directory, LintConfiguration.fileName)))
            ?? LintConfiguration(baseDirectory: directory)
        let loader = RouteSetLoader(configuration: starter, workingDirectory: directory)
        let relative = loader.discover([]).files.compactMap { FilePath.relative($0.absolute, to: directory) }
        var info = stat()
        if lstat(LintConfiguration.fileName, &info) == 0 {
            throw stop(RunMessage(.error, "\(LintConfiguration.fileName) already exists; it is left as it is"))
        }
        try emit(Starter.configuration(), to: LintConfiguration.fileName)
        let found =
            Starter.include.joined(separator: ", ")
            + (relative.isEmpty ? " (no manifest found yet)" : " (\(relative.count) manifest\(relative.count == 1 ? "" : "s") found)")
        printLine("Wrote \(LintConfiguration.fileName): include \(found).\n")
        if relative.isEmpty, let offer = ImportRun.offer(in: directory) { printLine("\(offer)\n") }
        print(Starter.snippets(revision: "v" + RouteLintVersion.current), terminator: "")
    }
}
