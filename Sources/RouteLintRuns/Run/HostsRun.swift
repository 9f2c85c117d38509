import RouteLintCore
import RouteLintPlatform
import RouteLintReporting
import RouteLintRules
import RouteLintServed

/// An HTTP response to a request for a platform file: what `routelint hosts` reads of it.
package struct HTTPAnswer: Sendable {
    /// The status code.
    package let status: Int
    /// The reason phrase (`Moved Permanently`); empty over HTTP/2, which has none.
    package let reason: String
    /// The headers, names as sent.
    package let headers: [(name: String, value: String)]
    /// The body, at most `ServedFile.bodyLimit` bytes of it.
    package let body: [UInt8]
    /// Whether the body went on past `ServedFile.bodyLimit`, where reading stopped.
    package let bodyCut: Bool

    /// A response; see the properties.
    package init(status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8], bodyCut: Bool) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.bodyCut = bodyCut
    }

    /// The first value of the header `name`, whose case does not matter.
    package func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name.lowercased() == name }?.value
    }
}

/// What asking a host for a platform file came to.
package enum FetchOutcome: Sendable {
    /// The host answered.
    case answered(HTTPAnswer)
    /// The TLS handshake failed, for `reason` (an untrusted certificate, a name mismatch): the
    /// host was reached, and answers no platform.
    case tlsFailure(reason: String)
    /// The host could not be reached, or did not answer in time: nothing can be said of what it
    /// serves, and the run is incomplete.
    case unreachable(reason: String)
}

/// Fetches what a host serves at a path over HTTPS, without following redirects, within its
/// own bounds of time and of size (`ServedFile.bodyLimit`). The network lives behind it, so that
/// a run can be tested with any answers.
package protocol ServedFileFetcher: Sendable {
    /// What `https://HOST/PATH` answers.
    func fetch(host: String, path: String) async -> FetchOutcome
}

/// What a `routelint hosts` run is asked to do: the flags of the command, as values.
package struct HostsOptions: Sendable {
    /// Files and folders of the route set; none means the configuration's include, else the
    /// working directory.
    package var paths: [String]
    /// `--config`: the configuration file; nil finds the nearest `.routelint.yml`.
    package var configurationPath: String?
    /// The directory relative paths are taken from.
    package var workingDirectory: String
    /// `--host`: subdomains to check for the wildcard hosts that cover them, besides the
    /// configuration's `served-hosts`.
    package var namedHosts: [String] = []
    /// `--strict`, `--max-warnings` and the baseline.
    package var gate = RunGate()
    /// How many requests are under way at once.
    package var concurrentRequests = 16

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
            failingSeverity: verdict.failingSeverity, apps: apps)
    }

    /// One request the run makes: a platform file of a host.
    struct Request: Hashable {
        let host: String
        let kind: PlatformFileKind

        var url: String { "https://" + host + (kind.wellKnownPath ?? "") }
    }

    /// A request as one app needs it: whose file it is, and the manifest's host entry behind it.
    struct Need {
        let request: Request
        let app: String?
        let hostEntry: SourceRange
    }

    /// Runs the check, fetching through `fetcher`. Throws when the route set cannot be read at
    /// all (see `RunFailure`).
    package static func perform(_ options: HostsOptions, fetcher: some ServedFileFetcher) async throws(RunFailure) -> HostsRun {
        let clock = ContinuousClock()
        let started = clock.now
        // The route set as `lint` reads it; its own findings are lint's to report.
        var lintOptions = LintOptions(input: .paths(options.paths), workingDirectory: options.workingDirectory)
        lintOptions.configurationPath = options.configurationPath
        lintOptions.checksPlatformFiles = false
        let lint = try LintRun.perform(lintOptions)
        var messages = lint.messages
        var failures = lint.unreadable
        // What an unparsed manifest declares is missing from the claimed set: the judgement of
        // every served file would rest on part of it.
        messages += lint.unparsedFileMessages
        failures += lint.unparsedFiles.map { ReadFailure(path: lint.files[Int($0.index)].path, reason: "it is not well-formed YAML") }

        // A manifest error may leave a host or a route out of the model, and so out of the check.
        let errors = lint.active.count { $0.severity == .error }
        if errors > 0 {
            messages.append(
                RunMessage(
                    .warning,
                    "the route set has \(errors) \(errors == 1 ? "error" : "errors") (see 'routelint lint'): what \(errors == 1 ? "it leaves" : "they leave") out of the apps is not checked"
                ))
        }
        var facts = ServedFacts()
        let needs = Self.needs(
            of: lint.apps, namedHosts: options.namedHosts + lint.configuration.servedHosts, facts: &facts, failures: &failures)
        if needs.isEmpty && facts.uncheckedWildcards.isEmpty {
            messages.append(RunMessage(.note, "no app declares hosts with ios.app-ids or android.package: there is nothing to fetch"))
        }
        var requests: [Request] = []
        var requestIndex: [Request: Int] = [:]
        for need in needs where requestIndex[need.request] == nil {
            requestIndex[need.request] = requests.count
            requests.append(need.request)
        }
        let outcomes = await fetchAll(requests, through: fetcher, concurrently: options.concurrentRequests)

        // Each answer judged for each app that needs it; a served body is one file, however
        // many apps read it.
        var served: [SourceFile] = []
        var servedIndex: [Int: Int] = [:]
        var sources: [PlatformFileSource] = []
        var unreachable = Set<Int>()
        for need in needs {
            let index = requestIndex[need.request]!
            let url = need.request.url
            switch outcomes[index] {
            case .unreachable(let reason):
                guard unreachable.insert(index).inserted else { continue }
                failures.append(ReadFailure(path: url, reason: reason))
                messages.append(RunMessage(.error, "cannot fetch \(TerminalText.escape(url)): \(TerminalText.escape(reason))"))
            case .tlsFailure(let reason):
                facts.files.append(
                    ServedFile(url: url, kind: need.request.kind, hostEntry: need.hostEntry, answer: .tlsFailure(reason: reason)))
            case .answered(let answer):
                facts.files.append(
                    ServedFile(
                        url: url, kind: need.request.kind, hostEntry: need.hostEntry,
                        answer: .response(
                            status: answer.status, reason: answer.reason, location: answer.header("Location"),
                            contentType: answer.header("Content-Type"), bodyBytes: answer.body.count, bodyCut: answer.bodyCut)))
                guard answer.status == 200 && !answer.bodyCut else { continue }
                let position =
                    servedIndex[index]
                    ?? {
                        served.append(SourceFile(id: FileID(lint.files.count + served.count), path: url, bytes: answer.body))
                        servedIndex[index] = served.count - 1
                        return served.count - 1
                    }()
                sources.append(PlatformFileSource(file: served[position], app: need.app, servedHost: need.request.host))
            }
        }

        let configuration = lint.configuration
        var cache = PlatformCheckCache.none
        var (sink, undecided) = Linter.checkPlatformFiles(sources, apps: lint.apps, configuration: configuration, cache: &cache)
        for rule in RuleRegistry.hostRules where configuration.rules[rule.description.id]?.isEnabled ?? true {
            rule.check(facts, into: &sink)
        }
        sink.configure(configuration)
        failures += undecided
        messages += undecided.map { RunMessage(.error, "cannot check '\(TerminalText.escape($0.path))': \($0.reason)") }
        var (active, suppressed) = Linter.applySuppressions(
            lint.suppressionDirectives, to: sink.findings, configuration: configuration, reportsUnused: false)
        Finding.sortIntoReportOrder(&active)
        Finding.sortIntoReportOrder(&suppressed)
        let files = lint.files + served
        if let path = options.gate.baselinePath {
            let applied = LintRun.applying(
                try LintRun.loadBaseline(path, messages: messages), named: path, to: active, suppressed: suppressed, files: files)
            (active, suppressed) = (applied.active, applied.suppressed)
            if let note = applied.note { messages.append(note) }
        }
        var newBaseline: Baseline?
        if options.gate.writesBaseline {
            newBaseline = Baseline(findings: active, files: files)
            suppressed += LintRun.accepted(active, by: "the baseline written")
            active = []
        }
        let verdict = Verdict(
            findings: active, strict: options.gate.strict, maxWarnings: options.gate.maxWarnings, unreadablePaths: failures.count)
        return HostsRun(
            files: files, servedFileCount: served.count, apps: lint.apps, active: active, suppressed: suppressed, newBaseline: newBaseline,
            unreadable: failures, messages: messages, seconds: (clock.now - started).inSeconds, verdict: verdict)
    }

    /// The platform files each app needs of each of its hosts: the association with
    /// `ios.app-ids`, assetlinks.json with `android.package`. A wildcard host stands for the
    /// named hosts it covers; one that covers none is a fact for `wildcard-host`. A host that
    /// is no host name cannot be asked for anything: the run is incomplete.
    static func needs(of apps: [AppModel], namedHosts: [String], facts: inout ServedFacts, failures: inout [ReadFailure]) -> [Need] {
        let named = Array(Set(namedHosts.map { $0.lowercased() })).sorted()
        var needs: [Need] = []
        for app in apps {
            var kinds: [PlatformFileKind] = []
            if !app.iosAppIDs.isEmpty { kinds.append(.appleAppSiteAssociation) }
            if app.android?.package != nil { kinds.append(.assetLinks) }
            guard !kinds.isEmpty else { continue }
            let name = app.name.map { app.text($0.value) }
            for entry in app.hosts {
                let declared = app.text(entry.value).lowercased()
                var hosts = [declared]
                if declared.hasPrefix("*.") {
                    hosts = named.filter { ParsedURL.host($0, matches: declared) }
                    if hosts.isEmpty { facts.uncheckedWildcards.append(Located(declared, at: entry.range)) }
                }
                for host in hosts {
                    guard isHostName(host) else {
                        failures.append(ReadFailure(path: host, reason: "it is not a host name, so nothing can be fetched from it"))
                        continue
                    }
                    needs += kinds.map { Need(request: Request(host: host, kind: $0), app: name, hostEntry: entry.range) }
                }
            }
        }
        return needs
    }

    /// Whether `host` is a DNS name a URL may hold: letters, digits, hyphens and dots, no
    /// empty label.
    static func isHostName(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return host.utf8.count <= 253 && !labels.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63
                    && label.utf8.allSatisfy { byte in
                        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                            || byte == UInt8(ascii: "-")
                    }
            }
    }

    /// The outcome of every request, in order, at most `limit` under way at once.
    static func fetchAll(_ requests: [Request], through fetcher: some ServedFileFetcher, concurrently limit: Int) async -> [FetchOutcome] {
        await withTaskGroup(of: (Int, FetchOutcome).self) { group in
            var outcomes = [FetchOutcome](repeating: .unreachable(reason: "not fetched"), count: requests.count)
            var next = 0
            func start() {
                let index = next
                let request = requests[index]
                group.addTask { (index, await fetcher.fetch(host: request.host, path: request.kind.wellKnownPath ?? "/")) }
                next += 1
            }
            while next < min(max(limit, 1), requests.count) { start() }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                if next < requests.count { start() }
            }
            return outcomes
        }
    }
}
