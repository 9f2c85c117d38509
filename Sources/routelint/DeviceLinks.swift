import ArgumentParser
import RouteLintCore
import RouteLintRuns

struct DeviceLinks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device-links",
        abstract: "Judge what `adb shell pm get-app-links` printed against the route set's Android apps.",
        discussion: """
            Each OUTPUT is what `adb shell pm get-app-links [--user cur] [PACKAGE]` printed on Android 12 or later \
            ('-' reads it from standard input). Each package block of an app's android.package is judged against the \
            manifest: a host that is not verified (with what its state means), a host verified on the device that \
            hosts lacks, a package or signing certificate that is not the manifest's, link handling a user turned off. \
            An output that cannot be read is a finding; an output that cannot be opened makes the run incomplete (exit 2).
            """)

    @Argument(help: ArgumentHelp("Files holding the output of pm get-app-links, or '-' for standard input.", valueName: "output"))
    var outputs: [String]

    @Option(
        name: .customLong("routes"),
        help: ArgumentHelp(
            "A file or directory of the route set; repeatable (default: the configuration's include, else the current directory).",
            valueName: "path"))
    var routePaths: [String] = []

    @OptionGroup var reports: ReportOptions<ReportFormat>

    @OptionGroup var gate: GateOptions

    func validate() throws {
        if outputs.isEmpty { throw ValidationError("name the output of pm get-app-links to judge: a file, or '-' for standard input") }
        if outputs.count(where: { $0 == "-" }) > 1 { throw ValidationError("'-' reads standard input once") }
    }

    func run() throws {
        let workingDirectory = currentDirectory()
        var inputs: [DeviceLinksOptions.Output] = []
        for output in outputs {
            guard output == "-" else {
                inputs.append(.path(output))
                continue
            }
            switch DiskFileSystem.readStandardInput() {
            case .success(let bytes): inputs.append(.standardInput(bytes))
            case .failure(let failure): throw stop(RunMessage(.error, "cannot read standard input: \(failure.reason)"))
            }
        }
        var options = DeviceLinksOptions(outputs: inputs, workingDirectory: workingDirectory)
        options.routePaths = routePaths
        options.configurationPath = gate.config
        options.gate = gate.runGate
        let run = try stoppingOnFailure { () throws(RunFailure) in try DeviceLinksRun.perform(options) }
        try reports.conclude(run, gate: gate, workingDirectory: workingDirectory)
    }
}
