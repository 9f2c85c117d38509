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
    /// The manifests, then each file served with status 200, named by its URL.
    package let files: [SourceFile]
    /// How many of `files`, at their end, were served.
    package let servedFileCount: Int
    /// The apps of the route set.
    package let apps: [AppModel]
    /// The findings reported, in report order.
    package let active: [Finding]
    /// Findings silenced by a directive in a manifest or accepted by the baseline, for SARIF.
    package let suppressed: [Finding]
    /// With `writesBaseline`: the baseline to save.
    package let newBaseline: Baseline?
    /// What the run's files are named from in what outlives it: the baseline, SARIF, GitHub's annotations.
    package let root: ProjectRoot
    /// What could not be fetched or checked: URLs and files, with the reason.
    package let unreadable: [ReadFailure]
    /// What to say on standard error, in order.
    package let messages: [RunMessage]
    /// How long the run took, in seconds.
    package let seconds: Double
    /// Whether the run passes, and why not.
    package let verdict: Verdict

    /// What every reporter reads.
    package var report: LintReport {
        var totals = LintReport.Totals(
            files: files.count - servedFileCount, routes: apps.reduce(0) { $0 + $1.routes.count }, seconds: seconds,
            unreadablePaths: unreadable.count, platformFiles: servedFileCount)
        totals.unfetchedURLs = unreadable.count { $0.path.hasPrefix("https://") }
        return LintReport(
            active: active, suppressed: suppressed, files: files, totals: totals, skippedChecks: [], unreadable: unreadable,
            failingSeverity: verdict.failingSeverity, apps: apps, root: root)
    }

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
        let failures = loaded.failures + surveyed.failures + undecided
        let (active, suppressed) = RunGate.configured(sink, configuration: configuration, directives: lint.suppressionDirectives)
        let files = lint.files + surveyed.served
        let gate = options.gate.withBaseline(of: configuration, workingDirectory: options.workingDirectory)
        let root = ProjectRoot.find(configurationPath: configuration.path, workingDirectory: options.workingDirectory)
        // The run judges the served files alone, by the host rules and the platform rules.
        let hostRules = Set(RuleRegistry.hostRuleIDs)
        let gated = try gate.accept(
            active, suppressed: suppressed, names: files.map { root.name($0.path) }, root: root,
            decides: { hostRules.contains($0.rule) || $0.file.hasPrefix("https://") },
            messages: loaded.messages + surveyed.messages + undecided.map { RunMessage(.error, "cannot check '\($0.path)': \($0.reason)") })
        let verdict = gate.verdict(on: gated.active, unreadablePaths: failures.count)
        return HostsRun(
            files: files, servedFileCount: surveyed.served.count, apps: lint.apps, active: gated.active, suppressed: gated.suppressed,
            newBaseline: gated.newBaseline, root: root, unreadable: failures, messages: gated.messages,
            seconds: (clock.now - started).inSeconds,
            verdict: verdict)
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
