import ArgumentParser
import RouteLintCore
import RouteLintHosts
import RouteLintRuns

struct Hosts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hosts",
        abstract: "Fetch the platform link files every host of the route set serves, and check them against the routes.",
        discussion: """
            For each host of each app: https://HOST/.well-known/apple-app-site-association (with ios.app-ids) and \
            https://HOST/.well-known/assetlinks.json (with android.package), without following redirects; and what \
            devices read: Apple's CDN's copy of each association (unless --no-cdn), the statements assetlinks.json \
            includes, and with --statement-list Google's statement list. A URL that cannot be fetched makes the run \
            incomplete (exit 2).
            """)

    @Argument(help: "Files and directories of the route set (default: the configuration's include, else the current directory).")
    var paths: [String] = []

    @OptionGroup var reports: ReportOptions<ReportFormat>

    @OptionGroup var gate: GateOptions

    @OptionGroup var build: BuildOptions

    @Option(
        name: .customLong("host"),
        help: ArgumentHelp(
            "A subdomain to check for the wildcard host that covers it (*.example.com); repeatable, besides the configuration's served-hosts.",
            valueName: "host"))
    var namedHosts: [String] = []

    @Option(help: ArgumentHelp("Also trust the certificate authorities of this PEM file.", valueName: "pem"))
    var caFile: String?

    @Option(
        help: ArgumentHelp(
            "Connect to ADDR:PORT for HOST, still asking for and verifying HOST (as curl's --connect-to); repeatable.",
            valueName: "host=addr:port"))
    var connect: [String] = []

    @Flag(help: "Do not fetch Apple's CDN's copy of each iOS host's association (devices read that copy).")
    var noCdn = false

    @Flag(
        help:
            "Also ask Google's Digital Asset Links API for each Android host's statement list, which Android's verifier reads, and compare it with the host's file."
    )
    var statementList = false

    @Option(help: ArgumentHelp("The most each request may take, in seconds, from connecting to its last byte.", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout must be more than 0 and at most 3600 seconds") }
        _ = try destinations()
    }

    /// `--connect`, by host.
    func destinations() throws -> [String: ConnectDestination] {
        var destinations: [String: ConnectDestination] = [:]
        for mapping in connect {
            guard let equals = mapping.firstIndex(of: "="),
                let destination = ConnectDestination(parsing: String(mapping[mapping.index(after: equals)...])),
                !mapping[..<equals].isEmpty
            else {
                throw ValidationError(
                    "--connect takes HOST=ADDR:PORT, as shop.example.com=127.0.0.1:8443; found '\(mapping)'")
            }
            destinations[mapping[..<equals].lowercased()] = destination
        }
        return destinations
    }

    func run() async throws {
        #if Hosts
            try await check()
        #else
            // A build for linting leaves the HTTPS client out (docs/install.md): say how to get one with it.
            throw stop(
                RunMessage(
                    .error,
                    "this routelint was built without `hosts` (the package trait Hosts): use a release binary "
                        + "or the container image, or build with `swift build -c release --traits Hosts`"))
        #endif
    }

    #if Hosts
        /// Fetches and checks every host's files, and reports them.
        private func check() async throws {
            let workingDirectory = currentDirectory()
            var options = HostsOptions(paths: paths, workingDirectory: workingDirectory)
            options.configurationPath = gate.config
            options.gate = gate.runGate
            options.defines = build.values
            options.survey.namedHosts = namedHosts
            options.survey.readsAppleCDN = !noCdn
            options.survey.asksStatementList = statementList
            let destinations = try destinations()
            let fetcher: HTTPSFetcher
            do {
                fetcher = try HTTPSFetcher(
                    caFile: caFile.map { FilePath.absolute($0, in: workingDirectory) }, destinations: destinations,
                    timeout: .nanoseconds(Int64(timeout * 1e9)))
            } catch {
                throw stop(RunMessage(.error, "\(error.description)"))
            }
            let run: HostsRun
            do {
                run = try await HostsRun.perform(options, fetcher: fetcher)
            } catch {
                await fetcher.shutDown()
                throw stop(error.messages)
            }
            await fetcher.shutDown()
            try reports.conclude(run, gate: gate, workingDirectory: workingDirectory)
        }
    #endif
}
