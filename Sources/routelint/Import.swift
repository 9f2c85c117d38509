import ArgumentParser
import RouteLintRuns
import RouteLintCore
import RouteLintReporting

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
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

    @OptionGroup var build: BuildOptions

    func run() throws {
        let workingDirectory = currentDirectory()
        let run = try stoppingOnFailure { () throws(RunFailure) in
            var options = ImportOptions(paths: paths, output: output, app: app, workingDirectory: workingDirectory)
            options.hosts = host
            options.defines = build.values
            return try ImportRun.perform(options)
        }
        for message in run.messages { printError(message) }
        writeError(ImportReporter.findings(run.report))
        try stoppingOnFailure { () throws(RunFailure) in try run.write(in: workingDirectory) }
        print(ImportReporter.summary(run.report), terminator: "")
        if !run.isComplete { throw ExitCode(Exit.usageOrUnreadable) }
    }
}
