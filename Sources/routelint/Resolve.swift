import ArgumentParser
import RouteLintRuns
import RouteLintCore
import RouteLintPlatform
import RouteLintReporting

extension PlatformResolver.Platform: ExpressibleByArgument {}

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which route, activity and tab each URL opens, with its parameters.",
        discussion: """
            URLs may be custom-scheme deep links (shop://products/42), universal links \
            (https://shop.example.com/products/42?tab=products) or bare paths (/products/42). \
            Exits 1 unless every URL resolves to exactly one route.

            With --platform ios|android, says instead whether the operating system hands each \
            https URL to the app, by the platform link files (the configuration's platform-files \
            and --platform-file) under the platform's matcher, and which component, <data> \
            attribute or intent filter decides; on Android per API range from the app's min-sdk. \
            Exits 1 unless the app opens every URL.
            """)

    @Option(help: "ios or android: answer by that platform's link files instead of the routes.")
    var platform: PlatformResolver.Platform?

    @Option(help: ArgumentHelp("A platform link file to decide by (repeatable).", valueName: "path"))
    var platformFile: [String] = []

    @OptionGroup var build: BuildOptions

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "URLs to resolve.")
    var urls: [String] = []

    @Option(
        name: .customLong("manifest"),
        help: "A manifest file or directory; repeat for several (default: the configuration's include, else the current directory).")
    var manifests: [String] = []

    @Option(
        name: .customLong("urls"),
        help: "A file with one URL per line ('-' for standard input); blank lines and lines starting with '#' are skipped.")
    var urlFile: String?

    @Option(help: "Output format: text, json.")
    var format: Format = .text

    @Flag(help: "Also print each URL's navigation plan: activity, tab, back stack, presented routes, sign-in.")
    var plan = false

    @Option(
        name: .customLong("flag"),
        help: ArgumentHelp(
            "With --plan, a feature flag's state, such as new-arrivals=off (repeatable; flags are on unless said).",
            valueName: "name=on|off"))
    var flags: [String] = []

    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent).")
    var config: String?

    func validate() throws {
        if urls.isEmpty && urlFile == nil { throw ValidationError("give at least one URL, or --urls FILE") }
        if platform == nil && !platformFile.isEmpty { throw ValidationError("--platform-file needs --platform ios|android") }
        if !flags.isEmpty && !plan { throw ValidationError("--flag needs --plan") }
        for flag in flags {
            let parts = flag.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty, parts[1] == "on" || parts[1] == "off" else {
                throw ValidationError("--flag takes NAME=on or NAME=off, not '\(flag)'")
            }
        }
    }

    func run() throws {
        var all = urls
        if let urlFile { all += try readURLs(urlFile) }
        let run = try lintForAnswers(manifests, configurationPath: config, platformFiles: platformFile, defines: build.values)
        if let platform {
            let decisions = PlatformResolver.resolve(all, platform: platform, platformFiles: run.platformFiles, apps: run.apps)
            switch format {
            case .text: print(PlatformResolutionReporter.text(decisions), terminator: "")
            case .json: print(PlatformResolutionReporter.json(decisions), terminator: "")
            }
            if !run.answersFromAppsAreComplete || decisions.contains(where: { $0.problem != nil }) {
                throw ExitCode(Exit.usageOrUnreadable)
            }
            if decisions.contains(where: { $0.answers.contains { !$0.opensApp } }) { throw ExitCode(Exit.failingFindings) }
            return
        }
        let resolver = URLResolver(apps: run.apps)
        let resolutions = all.map(resolver.resolve)
        // A flag no route declares is a typo that would plan with the feature on: refused.
        let declared = resolver.declaredFeatures
        for name in Set(flags.map { String($0.prefix { $0 != "=" }) }).sorted() where !declared.contains(name) {
            let known =
                declared.isEmpty ? "no route declares a feature" : "the features are \(declared.map { "'\($0)'" }.joined(separator: ", "))"
            throw stop(
                RunMessage(
                    .error,
                    "--flag names '\(name)', a feature no route declares (\(known))\(Suggestion.hint(for: name, among: declared))"))
        }
        // The last word on a flag wins; every flag not named is on.
        var off = Set<String>()
        for flag in flags {
            let parts = flag.split(separator: "=", maxSplits: 1).map(String.init)
            if parts[1] == "off" { off.insert(parts[0]) } else { off.remove(parts[0]) }
        }
        let plans = plan ? resolver.plans(resolutions) { off.contains($0) } : []
        switch format {
        case .text: print(ResolutionReporter.text(resolutions, plans: plans), terminator: "")
        case .json: print(ResolutionReporter.json(resolutions, plans: plans), terminator: "")
        }
        // The answer may be wrong when part of the route set could not be used.
        if !run.answersFromAppsAreComplete { throw ExitCode(Exit.usageOrUnreadable) }
        if resolutions.contains(where: { $0.status != .resolved }) { throw ExitCode(Exit.failingFindings) }
    }

    private func readURLs(_ path: String) throws -> [String] {
        let read = path == "-" ? DiskFileSystem.readStandardInput() : DiskFileSystem.read(path)
        let bytes: [UInt8]
        switch read {
        case .success(let contents): bytes = contents
        case .failure(let failure): throw stop(RunMessage(.error, "cannot read '\(path)': \(failure.reason)"))
        }
        guard case .success(let urls) = URLList.urls(in: bytes) else {
            throw stop(RunMessage(.error, "'\(path)' is not a text file of URLs (it holds a NUL byte or bytes that are not UTF-8)"))
        }
        return urls
    }
}
