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
    /// Whether each iOS host's association is also fetched from Apple's CDN, which devices
    /// read (off with `--no-cdn`).
    package var readsAppleCDN = true
    /// `--statement-list`: whether Google's statement list of each Android host is asked for,
    /// which Android's verifier reads.
    package var asksStatementList = false
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

    /// One request the run makes: a path of a host.
    struct Request: Hashable {
        let host: String
        let path: String

        var url: String { "https://" + host + path }

        init(host: String, path: String) {
            self.host = host
            self.path = path
        }

        /// The request for an include statement's URL: https, a host name, no port, no user;
        /// nil for any other URL. The fragment is no part of a request.
        init?(includeURL text: String) {
            guard text.lowercased().hasPrefix("https://") else { return nil }
            var rest = text.dropFirst("https://".count)
            if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            let host = rest[..<authorityEnd].lowercased()
            guard HostsRun.isHostName(host) else { return nil }
            let path = rest[authorityEnd...]
            self.init(host: host, path: path.hasPrefix("/") ? String(path) : "/" + path)
        }
    }

    /// A platform file as one app needs it of one host: the manifest's host entry behind it.
    struct Need {
        let host: String
        let kind: PlatformFileKind
        let app: AppModel
        let hostEntry: SourceRange
        /// Whether the body is judged; only the transfer is, for a host's fully-qualified
        /// spelling (`example.com.`), which serves the host's file or should.
        var judgesBody = true

        var request: Request { Request(host: host, path: kind.wellKnownPath ?? "/") }
        var appName: String? { app.name.map { app.text($0.value) } }
    }

    /// What the run learns as it goes: the files served, the facts for the host rules, what
    /// could not be fetched or checked.
    struct Gathered {
        /// Files served with status 200, each once, numbered after the manifests.
        var served: [SourceFile] = []
        var facts = ServedFacts()
        var failures: [ReadFailure] = []
        var messages: [RunMessage] = []
        let firstID: Int

        /// `bytes`, served at `url`, as a file of the run.
        mutating func add(_ url: String, _ bytes: [UInt8]) -> SourceFile {
            let file = SourceFile(id: FileID(firstID + served.count), path: url, bytes: bytes)
            served.append(file)
            return file
        }

        /// A request that could not be made: the run is incomplete.
        mutating func unfetched(_ url: String, _ reason: String) {
            failures.append(ReadFailure(path: url, reason: reason))
            messages.append(RunMessage(.error, "cannot fetch \(url): \(reason)"))
        }

        /// The whole 200 answer at `url` — Apple's CDN's copy, Google's answer — or nil when
        /// there is none: then what devices read cannot be known, and the run is incomplete.
        /// `body` names the body in the reason when it is cut (`its copy`).
        mutating func answer(_ outcome: FetchOutcome, at url: String, body: String) -> HTTPAnswer? {
            switch outcome {
            case .unreachable(let reason):
                unfetched(url, reason)
            case .tlsFailure(let reason):
                unfetched(url, "TLS failed (\(reason))")
            case .answered(let answer) where answer.bodyCut:
                unfetched(url, "\(body) is over \(ServedFile.bodyLimit) bytes")
            case .answered(let answer) where answer.status != 200:
                unfetched(url, "it answers \(answer.status) \(answer.reason)")
            case .answered(let answer):
                return answer
            }
            return nil
        }
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
        var gathered = Gathered(firstID: lint.files.count)
        gathered.messages = lint.messages
        gathered.failures = lint.unreadable
        // What an unparsed manifest declares is missing from the claimed set: the judgement of
        // every served file would rest on part of it.
        gathered.messages += lint.unparsedFileMessages
        gathered.failures += lint.unparsedFiles.map {
            ReadFailure(path: lint.files[Int($0.index)].path, reason: "it is not well-formed YAML")
        }

        // A manifest error may leave a host or a route out of the model, and so out of the check.
        let errors = lint.active.count { $0.severity == .error }
        if errors > 0 {
            gathered.messages.append(
                RunMessage(
                    .warning,
                    "the route set has \(errors) \(errors == 1 ? "error" : "errors") (see 'routelint lint'): what \(errors == 1 ? "it leaves" : "they leave") out of the apps is not checked"
                ))
        }
        let needs = Self.needs(
            of: lint.apps, namedHosts: options.namedHosts + lint.configuration.servedHosts, facts: &gathered.facts,
            failures: &gathered.failures)
        if needs.isEmpty && gathered.facts.uncheckedWildcards.isEmpty {
            gathered.messages.append(
                RunMessage(.note, "no app declares hosts with ios.app-ids or android.package: there is nothing to fetch"))
        }
        // Every host's files, and what devices read of them: Apple's CDN's copy of each
        // association, Google's statement list of each Android host — fetched at once.
        var requests = needs.map(\.request)
        var viaCDN: [Need] = []
        if options.readsAppleCDN {
            let developerOnly = Self.developerOnlyHosts(lint.configuration, workingDirectory: options.workingDirectory)
            let associations = needs.filter { $0.kind == .appleAppSiteAssociation }
            viaCDN = associations.filter { !developerOnly.contains($0.host) }
            for host in Set(associations.map(\.host)).intersection(developerOnly).sorted() {
                gathered.messages.append(
                    RunMessage(
                        .note,
                        "\(host) is in the entitlements with ?mode=developer only: devices in developer mode fetch its association from the host, so Apple's CDN is not asked"
                    ))
            }
            requests += viaCDN.map(Self.cdnRequest)
        }
        if options.asksStatementList {
            requests += needs.filter { $0.kind == .assetLinks && $0.judgesBody }.map(Self.statementListRequest)
        }
        var seen = Set<Request>()
        requests = requests.filter { seen.insert($0).inserted }
        let outcomes = Dictionary(
            uniqueKeysWithValues: zip(requests, await fetchAll(requests, through: fetcher, concurrently: options.concurrentRequests)))

        // Each answer judged for each app that needs it; a served body is one file, however
        // many apps read it.
        var servedFiles: [Request: SourceFile] = [:]
        var reported = Set<Request>()
        for need in needs {
            let request = need.request
            // The fully-qualified spelling is reported where it is served otherwise than the
            // host is: the same problem twice is one problem.
            if !need.judgesBody,
                Transfer(outcomes[request]!) == Transfer(outcomes[Request(host: String(need.host.dropLast()), path: request.path)]!)
            {
                continue
            }
            switch outcomes[request]! {
            case .unreachable(let reason):
                if reported.insert(request).inserted { gathered.unfetched(request.url, reason) }
            case .tlsFailure(let reason):
                gathered.facts.files.append(
                    ServedFile(url: request.url, kind: need.kind, hostEntry: need.hostEntry, answer: .tlsFailure(reason: reason)))
            case .answered(let answer):
                gathered.facts.files.append(
                    ServedFile(
                        url: request.url, kind: need.kind, hostEntry: need.hostEntry,
                        answer: .response(
                            status: answer.status, reason: answer.reason, location: answer.header("Location"),
                            contentType: answer.header("Content-Type"), bodyBytes: answer.body.count, bodyCut: answer.bodyCut)))
                if need.judgesBody && answer.status == 200 && !answer.bodyCut && servedFiles[request] == nil {
                    servedFiles[request] = gathered.add(request.url, answer.body)
                }
            }
        }
        let roots = needs.compactMap { need in need.kind == .assetLinks ? servedFiles[need.request] : nil }
        let included = await followIncludes(of: roots, through: fetcher, concurrently: options.concurrentRequests, into: &gathered)

        var sources: [PlatformFileSource] = []
        for need in needs {
            guard let file = servedFiles[need.request] else { continue }
            var source = PlatformFileSource(file: file, app: need.appName, servedHost: need.host)
            source.included = included[file.path] ?? []
            sources.append(source)
        }
        if options.readsAppleCDN {
            sources += compareCDNCopies(viaCDN, served: servedFiles, outcomes: outcomes, into: &gathered)
        }
        if options.asksStatementList {
            compareStatementLists(needs, sources: sources, outcomes: outcomes, into: &gathered)
        }

        let configuration = lint.configuration
        var cache = PlatformCheckCache.none
        var (sink, undecided) = Linter.checkPlatformFiles(sources, apps: lint.apps, configuration: configuration, cache: &cache)
        for rule in RuleRegistry.hostRules where configuration.enables(rule.description) {
            rule.check(gathered.facts, into: &sink)
        }
        let failures = gathered.failures + undecided
        let (active, suppressed) = RunGate.configured(sink, configuration: configuration, directives: lint.suppressionDirectives)
        let files = lint.files + gathered.served
        let gated = try options.gate.accept(
            active, suppressed: suppressed, files: files,
            messages: gathered.messages + undecided.map { RunMessage(.error, "cannot check '\($0.path)': \($0.reason)") })
        let verdict = options.gate.verdict(on: gated.active, unreadablePaths: failures.count)
        return HostsRun(
            files: files, servedFileCount: gathered.served.count, apps: lint.apps, active: gated.active, suppressed: gated.suppressed,
            newBaseline: gated.newBaseline, unreadable: failures, messages: gated.messages, seconds: (clock.now - started).inSeconds,
            verdict: verdict)
    }

    /// What the host rules read of an answer, to tell two answers apart: the status, where a
    /// redirect leads, whether the body is JSON or cut; or the failure.
    enum Transfer: Equatable {
        case unreachable
        case tlsFailure(reason: String)
        case response(status: Int, location: String?, isJSON: Bool, bodyCut: Bool)

        init(_ outcome: FetchOutcome) {
            switch outcome {
            case .unreachable: self = .unreachable
            case .tlsFailure(let reason): self = .tlsFailure(reason: reason)
            case .answered(let answer):
                self = .response(
                    status: answer.status, location: answer.header("Location"),
                    isJSON: ServedContentTypeRule.isJSON(answer.header("Content-Type")), bodyCut: answer.bodyCut)
            }
        }
    }

    // MARK: What devices read

    /// The hosts the configuration's entitlements files name with `?mode=developer` only. A
    /// file that cannot be read is lint's to report: its hosts are asked of the CDN.
    static func developerOnlyHosts(_ configuration: LintConfiguration, workingDirectory: String) -> Set<String> {
        let loader = RouteSetLoader(configuration: configuration, workingDirectory: workingDirectory)
        guard let listed = try? loader.platformFiles(extra: [], numberedFrom: 0) else { return [] }
        var hosts = Set<String>()
        for source in listed.files where source.kind == .entitlements {
            hosts.formUnion(PlatformFile.read(source, kind: .entitlements).developerOnlyHosts)
        }
        return hosts
    }

    /// Where Apple's CDN serves its copy of the association `need` asks for.
    static func cdnRequest(_ need: Need) -> Request { Request(host: CDNCopy.cdnHost, path: CDNCopy.cdnPath(of: need.host)) }

    /// Where Google's statement list for `need`'s host is asked for.
    static func statementListRequest(_ need: Need) -> Request {
        Request(host: StatementListDifference.apiHost, path: StatementListDifference.apiPath(of: need.host))
    }

    /// An include statement still to follow: of the served file `root`, `depth` includes from it.
    struct PendingInclude {
        let root: String
        let url: Located<String>
        let depth: Int
    }

    /// Follows the include statements of each served assetlinks.json (`roots`), breadth first,
    /// every level's requests at once: https only, within `StatementInclude.depthLimit` and
    /// `fileLimit`, each file once per served file (a file met again ends the chain). Returns
    /// each root's included files, by its URL, in the order read.
    static func followIncludes(
        of roots: [SourceFile], through fetcher: some ServedFileFetcher, concurrently limit: Int, into gathered: inout Gathered
    ) async -> [String: [SourceFile]] {
        func includes(of file: SourceFile) -> [Located<String>] {
            PlatformFile.read(PlatformFileSource(file: file, app: nil), kind: .assetLinks).includes
        }
        var read: [String: Set<String>] = [:]
        var included: [String: [SourceFile]] = [:]
        var fetched: [Request: SourceFile] = [:]
        var frontier: [PendingInclude] = []
        for root in roots where read[root.path] == nil {
            read[root.path] = [root.path]
            frontier += includes(of: root).map { PendingInclude(root: root.path, url: $0, depth: 1) }
        }
        while !frontier.isEmpty {
            var asked: [(pending: PendingInclude, request: Request)] = []
            for pending in frontier {
                let problem: StatementInclude.Problem?
                let request = Request(includeURL: pending.url.value)
                if pending.depth > StatementInclude.depthLimit {
                    problem = .tooDeep(limit: StatementInclude.depthLimit)
                } else if request == nil {
                    problem = .notFetchable
                } else if read[pending.root]!.contains(request!.url) {
                    problem = .cycle
                } else if read[pending.root]!.count > StatementInclude.fileLimit {
                    problem = .tooMany(limit: StatementInclude.fileLimit)
                } else {
                    problem = nil
                }
                if let problem {
                    gathered.facts.includes.append(StatementInclude(url: pending.url.value, range: pending.url.range, problem: problem))
                    continue
                }
                read[pending.root]!.insert(request!.url)
                asked.append((pending, request!))
            }
            var seen = Set<Request>()
            let requests = asked.map(\.request).filter { fetched[$0] == nil && seen.insert($0).inserted }
            let outcomes = Dictionary(
                uniqueKeysWithValues: zip(requests, await fetchAll(requests, through: fetcher, concurrently: limit)))
            var next: [PendingInclude] = []
            var reported = Set<Request>()
            for (pending, request) in asked {
                let include = pending.url
                let file: SourceFile
                if let known = fetched[request] {
                    file = known
                } else {
                    switch outcomes[request]! {
                    case .unreachable(let reason):
                        if reported.insert(request).inserted { gathered.unfetched(request.url, reason) }
                        continue
                    case .tlsFailure(let reason):
                        gathered.facts.includes.append(
                            StatementInclude(url: include.value, range: include.range, problem: .tlsFailure(reason: reason)))
                        continue
                    case .answered(let answer) where answer.status != 200:
                        gathered.facts.includes.append(
                            StatementInclude(
                                url: include.value, range: include.range,
                                problem: .unserved(status: answer.status, reason: answer.reason, location: answer.header("Location"))))
                        continue
                    case .answered(let answer) where answer.bodyCut:
                        gathered.facts.includes.append(StatementInclude(url: include.value, range: include.range, problem: .oversized))
                        continue
                    case .answered(let answer):
                        file = gathered.add(request.url, answer.body)
                        fetched[request] = file
                    }
                }
                included[pending.root, default: []].append(file)
                next += includes(of: file).map { PendingInclude(root: pending.root, url: $0, depth: pending.depth + 1) }
            }
            frontier = next
        }
        return included
    }

    /// Apple's CDN's copy of each association beside the host's: no copy (404) or one that
    /// opens other URLs for an app ID is a fact for `cdn-copy`, and a copy that is not the
    /// host's file is judged as a served file. Returns the copies to judge.
    static func compareCDNCopies(
        _ needs: [Need], served: [Request: SourceFile], outcomes: [Request: FetchOutcome], into gathered: inout Gathered
    ) -> [PlatformFileSource] {
        var copies: [Request: SourceFile] = [:]
        var reported = Set<Request>()
        var sources: [PlatformFileSource] = []
        // Each file's entries, read once however many apps share it.
        var entries: [FileID: [PlatformFile.AssociationDetail]?] = [:]
        func details(_ file: SourceFile) -> [PlatformFile.AssociationDetail]? {
            if let known = entries[file.id] { return known }
            let source = PlatformFileSource(file: file, app: nil, kind: .appleAppSiteAssociation)
            var read: [PlatformFile.AssociationDetail]?
            if case .association(let details)? = PlatformFile.read(source, kind: .appleAppSiteAssociation).content { read = details }
            entries[file.id] = read
            return read
        }
        for need in needs where need.kind == .appleAppSiteAssociation {
            let request = cdnRequest(need)
            // Where the host serves no file, served-status says so; the CDN's copy is compared
            // with the host's file only.
            guard let hostFile = served[need.request] else { continue }
            if case .answered(let answer) = outcomes[request]!, answer.status == 404 {
                gathered.facts.cdnCopies.append(
                    CDNCopy(
                        host: need.host, url: request.url, hostEntry: need.hostEntry,
                        difference: .none(status: answer.status, reason: answer.reason)))
                continue
            }
            guard
                let copy = copies[request]
                    ?? {
                        guard reported.insert(request).inserted,
                            let answer = gathered.answer(outcomes[request]!, at: request.url, body: "its copy"),
                            answer.body != hostFile.bytes
                        else { return nil }
                        return gathered.add(request.url, answer.body)
                    }()
            else { continue }
            copies[request] = copy
            sources.append(PlatformFileSource(file: copy, app: need.appName, servedHost: need.host, kind: .appleAppSiteAssociation))
            guard let hostDetails = details(hostFile), let copyDetails = details(copy) else { continue }
            for appID in need.app.iosAppIDs.map({ need.app.text($0.value) }) {
                // iOS reads the first entry that names the app ID.
                let components = { (details: [PlatformFile.AssociationDetail]) in
                    details.first { $0.appIDs.contains { $0.value == appID } }?.components.map(\.component) ?? []
                }
                switch AppleClaimsComparison.compare(components(hostDetails), components(copyDetails)) {
                case .same:
                    continue
                case .undecided:
                    gathered.failures.append(
                        ReadFailure(
                            path: request.url, reason: "its claims could not be compared with the host's file within the bounds"))
                    gathered.messages.append(
                        RunMessage(
                            .error,
                            "cannot check '\(request.url)': its claims for \(appID) could not be compared with the host's file within the bounds"
                        ))
                case .differs(let pathAndRest, let openedByHost):
                    gathered.facts.cdnCopies.append(
                        CDNCopy(
                            host: need.host, url: request.url, hostEntry: need.hostEntry,
                            difference: .claims(appID: appID, url: "https://\(need.host)\(pathAndRest)", openedByHost: openedByHost),
                            copy: .fileStart(copy.id)))
                }
            }
        }
        return sources
    }

    /// Google's statement list for each Android host beside the host's assetlinks.json (its
    /// includes read): each app and certificate one states and the other does not, and
    /// Dynamic App Links rules that differ, are facts for `statement-list`.
    static func compareStatementLists(
        _ needs: [Need], sources: [PlatformFileSource], outcomes: [Request: FetchOutcome], into gathered: inout Gathered
    ) {
        var answers: [Request: GoogleStatementList?] = [:]
        let sourceByURL = Dictionary(sources.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        for need in needs where need.kind == .assetLinks && need.judgesBody {
            guard let package = need.app.android?.package.map({ need.app.text($0.value) }), let source = sourceByURL[need.request.url]
            else { continue }
            let request = statementListRequest(need)
            if answers[request] == nil {
                answers[request] = .some(nil)
                if let answer = gathered.answer(outcomes[request]!, at: request.url, body: "its answer") {
                    let list = GoogleStatementList.read(gathered.add(request.url, answer.body))
                    if list.issues.isEmpty {
                        answers[request] = list
                    } else {
                        gathered.failures.append(ReadFailure(path: request.url, reason: "Google's answer cannot be read"))
                        gathered.messages.append(
                            RunMessage(
                                .error,
                                "cannot check '\(request.url)': Google's answer is not the statement list it should be"
                            ))
                    }
                }
            }
            guard let list = answers[request] ?? nil else { continue }
            guard case .assetLinks(let statements)? = PlatformFile.read(source, kind: .assetLinks).content else { continue }
            let own = statements.filter { $0.package?.value == package }
            let statedInOrder = own.flatMap { $0.fingerprints.map { $0.value.uppercased() } }
            let stated = Set(statedInOrder)
            let google = list.targets.filter { $0.value.package == package }
            let answered = Set(google.map(\.value.fingerprint))
            func difference(_ kind: StatementListDifference.Difference, at answer: SourceRange? = nil) {
                gathered.facts.statementLists.append(
                    StatementListDifference(host: need.host, url: request.url, hostEntry: need.hostEntry, difference: kind, answer: answer))
            }
            for fingerprint in statedInOrder where !answered.contains(fingerprint) {
                difference(.missing(package: package, fingerprint: fingerprint))
            }
            for target in google where !stated.contains(target.value.fingerprint) {
                difference(.extra(package: package, fingerprint: target.value.fingerprint), at: target.range)
            }
            let hostRules = own.first { $0.dynamicRules != nil }?.dynamicRules
            let googleRules = list.dynamicRules[package]
            if hostRules?.rules ?? [] != googleRules?.rules ?? [] {
                difference(
                    .rules(package: package, host: hostRules?.rules.count ?? 0, google: googleRules?.rules.count ?? 0),
                    at: googleRules?.range)
            }
        }
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
                    needs += kinds.map { Need(host: host, kind: $0, app: app, hostEntry: entry.range) }
                    // Android's verifier fails on a redirect wherever it meets one, and servers
                    // often redirect the fully-qualified name to the host: it is asked too.
                    if kinds.contains(.assetLinks) && !host.hasSuffix(".") {
                        needs.append(Need(host: host + ".", kind: .assetLinks, app: app, hostEntry: entry.range, judgesBody: false))
                    }
                }
            }
        }
        return needs
    }

    /// Whether `host` is a DNS name a URL may hold: letters, digits, hyphens and dots, no
    /// empty label but the root's after a final dot (`example.com.`, fully qualified: a name
    /// Android's verifier asks for as written).
    static func isHostName(_ host: String) -> Bool {
        let labels = (host.hasSuffix(".") ? host.dropLast() : Substring(host)).split(separator: ".", omittingEmptySubsequences: false)
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
                group.addTask { (index, await fetcher.fetch(host: request.host, path: request.path)) }
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
