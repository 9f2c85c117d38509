import RouteLintCore
import RouteLintPlatform
import RouteLintReporting
import RouteLintRules
import RouteLintServed

/// What a `routelint hosts` run is asked to do: the flags of the command, as values.
package struct HostsOptions: Sendable {
    /// Files and folders of the route set; none means the configuration's include, else the
    /// working directory.
    package var paths: [String]
    /// `--config`: the configuration file; nil finds the nearest `.routelint.yml`.
    package var configurationPath: String?
    /// The directory relative paths are taken from.
    package var workingDirectory: String
    /// What the hosts are asked (`--host`, `--no-cdn`, `--statement-list`); the configuration's
    /// `served-hosts` and the entitlements' developer-only hosts are added to it by the run.
    package var survey = HostSurvey()
    /// `--strict`, `--max-warnings` and the baseline.
    package var gate = RunGate()
    /// `--define NAME=VALUE`: build settings of the entitlements files, over the manifests' own.
    package var defines: [String: String] = [:]

    /// Options for the route set at `paths`, relative to `workingDirectory`.
    package init(paths: [String], workingDirectory: String) {
        self.paths = paths
        self.workingDirectory = workingDirectory
    }
}

/// One `routelint hosts` run: the route set loaded, every host of every app asked for the
/// platform files its app needs, each answer judged — the transfer by the host rules, the file
/// by the platform rules, as a local platform file is — and the verdict. A host that cannot be
/// reached makes the run incomplete, never clean (docs/app-links.md#checking-the-deployed-files).
package struct HostsRun: Sendable {
    /// The findings and the verdict; its files are the manifests, then each file served with
    /// status 200, named by its URL, and what it could not fetch or check are URLs and files.
    package let result: GatedResult

    /// Runs the check, fetching through `fetcher`. Throws when the route set cannot be read at
    /// all (see `RunFailure`).
    package static func perform(_ options: HostsOptions, fetcher: some ServedFileFetcher) async throws(RunFailure) -> HostsRun {
        let clock = ContinuousClock()
        let started = clock.now
        let loaded = try ReferenceRouteSet.load(
            paths: options.paths, configurationPath: options.configurationPath, workingDirectory: options.workingDirectory)
        let lint = loaded.lint
        var survey = options.survey
        survey.namedHosts += lint.configuration.servedHosts
        if survey.readsAppleCDN {
            survey.developerOnlyHosts = Self.developerOnlyHosts(lint, options)
        }
        let surveyed = await survey.survey(lint.apps, numberingFilesFrom: lint.files.count, through: fetcher)

        let configuration = lint.configuration
        var cache = PlatformCheckCache.none
        var (sink, undecided) = Linter.checkPlatformFiles(surveyed.sources, apps: lint.apps, configuration: configuration, cache: &cache)
        for rule in RuleRegistry.hostRules where configuration.enables(rule.description) {
            rule.check(surveyed.facts, into: &sink)
        }
        let failures = surveyed.failures + undecided
        // The run judges the served files alone, by the host rules and the platform rules.
        let hostRules = Set(RuleRegistry.hostRuleIDs)
        var result = try loaded.judge(
            sink, besides: surveyed.served, gate: options.gate, workingDirectory: options.workingDirectory,
            decides: { hostRules.contains($0.rule) || $0.file.hasPrefix("https://") }, unreadable: failures,
            messages: surveyed.messages + undecided.map { RunMessage(.error, "cannot check '\($0.path)': \($0.reason)") },
            subject: .hosts(servedFiles: surveyed.served.count, unfetchedURLs: failures.count { $0.path.hasPrefix("https://") }))
        result.seconds = (clock.now - started).inSeconds
        return HostsRun(result: result)
    }

    /// The hosts the configuration's entitlements files name with `?mode=developer` only, their
    /// build settings filled in. A file that cannot be read, or whose settings have no value, is
    /// lint's to report: its hosts are asked of the CDN.
    static func developerOnlyHosts(_ lint: LintRun, _ options: HostsOptions) -> Set<String> {
        let loader = RouteSetLoader(configuration: lint.configuration, workingDirectory: options.workingDirectory)
        let listed = try? loader.platformFiles(
            extra: [], numberedFrom: lint.files.count, defines: options.defines, manifestPaths: lint.files.map(\.path))
        var hosts = Set<String>()
        for source in listed?.files ?? [] where source.kind == .entitlements {
            let app = PlatformLinkCheck.app(of: source, in: lint.apps)
            hosts.formUnion(PlatformFile.read(source, kind: .entitlements, values: BuildValues(for: source, app: app)).developerOnlyHosts)
        }
        return hosts
    }
}
