import RouteLintCore
import RouteLintPlatform

/// Asks the hosts of a route set's apps for the platform files each app needs — the association
/// of an app with `ios.app-ids`, assetlinks.json of one with `android.package` — and for what
/// devices read of them (Apple's CDN's copy, Google's statement list), and gathers the facts of
/// the transfers for the host rules and the files served for the platform rules. A host that
/// cannot be reached is a failure, never a clean answer
/// (docs/app-links.md#checking-the-deployed-files).
package struct HostSurvey: Sendable {
    /// Subdomains to check for the wildcard hosts that cover them (`--host`, `served-hosts`).
    package var namedHosts: [String] = []
    /// Hosts whose association devices fetch from the host itself (the entitlements name them
    /// with `?mode=developer` only): Apple's CDN is not asked for them.
    package var developerOnlyHosts: Set<String> = []
    /// Whether each iOS host's association is also fetched from Apple's CDN, which devices read.
    package var readsAppleCDN = true
    /// Whether Google's statement list of each Android host is asked for, which Android's
    /// verifier reads.
    package var asksStatementList = false
    /// How many requests are under way at once.
    package var concurrentRequests = 16

    /// A survey with the defaults above.
    package init() {}

    /// What the survey found.
    package struct Outcome: Sendable {
        /// The facts of the transfers, for the host rules.
        package let facts: ServedFacts
        /// Every body served with status 200 that the survey read, each once, numbered from the
        /// first file ID it was given, named by its URL.
        package let served: [SourceFile]
        /// The served platform files to judge as a local platform file is: each host's file for
        /// each app that needs it, its includes read, and Apple's CDN's copies that differ.
        package let sources: [PlatformFileSource]
        /// What could not be fetched or compared: the URL or host, with the reason.
        package let failures: [ReadFailure]
        /// What to say on standard error, in order.
        package let messages: [RunMessage]
    }

    /// Surveys the hosts of `apps` through `fetcher`; the files served are numbered from `firstID`.
    package func survey(_ apps: [AppModel], numberingFilesFrom firstID: Int, through fetcher: some ServedFileFetcher) async
        -> Outcome
    {
        var gathered = Gathered(firstID: firstID)
        let needs = Self.needs(of: apps, namedHosts: namedHosts, facts: &gathered.facts, failures: &gathered.failures)
        if needs.isEmpty && gathered.facts.uncheckedWildcards.isEmpty {
            gathered.messages.append(
                RunMessage(.note, "no app declares hosts with ios.app-ids or android.package: there is nothing to fetch"))
        }
        // Every host's files, and what devices read of them: Apple's CDN's copy of each
        // association, Google's statement list of each Android host — fetched at once.
        var requests = needs.map(\.request)
        var viaCDN: [Need] = []
        if readsAppleCDN {
            let associations = needs.filter { $0.kind == .appleAppSiteAssociation }
            viaCDN = associations.filter { !developerOnlyHosts.contains($0.host) }
            for host in Set(associations.map(\.host)).intersection(developerOnlyHosts).sorted() {
                gathered.messages.append(
                    RunMessage(
                        .note,
                        "\(host) is in the entitlements with ?mode=developer only: devices in developer mode fetch its association from the host, so Apple's CDN is not asked"
                    ))
            }
            requests += viaCDN.map(Self.cdnRequest)
        }
        if asksStatementList {
            requests += needs.filter { $0.kind == .assetLinks && $0.judgesBody }.map(Self.statementListRequest)
        }
        var seen = Set<HostRequest>()
        requests = requests.filter { seen.insert($0).inserted }
        let outcomes = await HostRequest.fetchAll(requests, through: fetcher, concurrently: concurrentRequests)

        let servedFiles = Self.judgeTransfers(needs, outcomes: outcomes, into: &gathered)
        let roots = needs.compactMap { need in need.kind == .assetLinks ? servedFiles[need.request] : nil }
        let included = await Self.followIncludes(of: roots, through: fetcher, concurrently: concurrentRequests, into: &gathered)

        var sources: [PlatformFileSource] = []
        for need in needs {
            guard let file = servedFiles[need.request] else { continue }
            var source = PlatformFileSource(file: file, app: need.appName, servedHost: need.host)
            source.included = included[file.path] ?? []
            sources.append(source)
        }
        if readsAppleCDN {
            sources += Self.compareCDNCopies(viaCDN, served: servedFiles, outcomes: outcomes, into: &gathered)
        }
        if asksStatementList {
            Self.compareStatementLists(needs, sources: sources, outcomes: outcomes, into: &gathered)
        }
        return Outcome(
            facts: gathered.facts, served: gathered.served, sources: sources, failures: gathered.failures, messages: gathered.messages)
    }

    /// Each answer's transfer as a fact for each app that needs it; returns each body served
    /// with status 200 as one file, however many apps read it.
    static func judgeTransfers(_ needs: [Need], outcomes: [HostRequest: FetchOutcome], into gathered: inout Gathered)
        -> [HostRequest: SourceFile]
    {
        var servedFiles: [HostRequest: SourceFile] = [:]
        var reported = Set<HostRequest>()
        for need in needs {
            let request = need.request
            // The fully-qualified spelling is reported where it is served otherwise than the
            // host is: the same problem twice is one problem.
            if !need.judgesBody,
                Transfer(outcomes[request]!) == Transfer(outcomes[HostRequest(host: String(need.host.dropLast()), path: request.path)]!)
            {
                continue
            }
            switch outcomes[request]! {
            case .unreachable(let reason):
                if reported.insert(request).inserted { gathered.unfetched(request.url, "\(reason)") }
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
        return servedFiles
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

        var request: HostRequest { HostRequest(host: host, path: kind.wellKnownPath ?? "/") }
        var appName: String? { app.name.map { app.text($0.value) } }
    }

    /// What the run learns as it goes: the files served, the facts for the host rules, what

    /// What the survey learns as it goes: the files served, the facts for the host rules, what
    /// could not be fetched or checked.
    struct Gathered {
        /// Files served with status 200, each once, numbered from `firstID`.
        var served: [SourceFile] = []
        var facts = ServedFacts()
        var failures: [ReadFailure] = []
        var messages: [RunMessage] = []
        let firstID: Int

        /// `bytes`, served at `url`, as a file of the survey.
        mutating func add(_ url: String, _ bytes: [UInt8]) -> SourceFile {
            let file = SourceFile(id: FileID(firstID + served.count), path: url, bytes: bytes)
            served.append(file)
            return file
        }

        /// A request that could not be made: the survey is incomplete.
        mutating func unfetched(_ url: String, _ reason: TerminalSafe) {
            failures.append(ReadFailure(path: url, reason: reason))
            messages.append(RunMessage(.error, "cannot fetch \(url): \(reason)"))
        }

        /// The whole 200 answer at `url` — Apple's CDN's copy, Google's answer — or nil when
        /// there is none: then what devices read cannot be known, and the survey is incomplete.
        /// `body` names the body in the reason when it is cut (`its copy`).
        mutating func answer(_ outcome: FetchOutcome, at url: String, body: String) -> HTTPAnswer? {
            switch outcome {
            case .unreachable(let reason):
                unfetched(url, "\(reason)")
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
                    isJSON: ServedFile.isJSON(answer.header("Content-Type")), bodyCut: answer.bodyCut)
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
                if let wildcard = HostName(declared, policy: .declared), wildcard.isWildcard {
                    hosts = named.filter { wildcard.covers($0) }
                    if hosts.isEmpty { facts.uncheckedWildcards.append(Located(declared, at: entry.range)) }
                }
                for host in hosts {
                    guard HostName(host, policy: .fetched) != nil else {
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
}
