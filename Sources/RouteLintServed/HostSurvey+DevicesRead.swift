import RouteLintCore
import RouteLintPlatform

/// What devices read of a host's files: Apple's CDN's copy of each association, Google's
/// statement list of each Android host (docs/app-links.md, "What devices read").
extension HostSurvey {
    /// Where Apple's CDN serves its copy of the association `need` asks for.
    static func cdnRequest(_ need: Need) -> HostRequest { HostRequest(host: CDNCopy.cdnHost, path: CDNCopy.cdnPath(of: need.host)) }

    /// Where Google's statement list for `need`'s host is asked for.
    static func statementListRequest(_ need: Need) -> HostRequest {
        HostRequest(host: StatementListDifference.apiHost, path: StatementListDifference.apiPath(of: need.host))
    }

    /// Apple's CDN's copy of each association beside the host's: no copy (404) or one that
    /// opens other URLs for an app ID is a fact for `cdn-copy`, and a copy that is not the
    /// host's file is judged as a served file. Returns the copies to judge.
    static func compareCDNCopies(
        _ needs: [Need], served: [HostRequest: SourceFile], outcomes: [HostRequest: FetchOutcome], into gathered: inout Gathered
    ) -> [PlatformFileSource] {
        var copies: [HostRequest: SourceFile] = [:]
        var reported = Set<HostRequest>()
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
        _ needs: [Need], sources: [PlatformFileSource], outcomes: [HostRequest: FetchOutcome], into gathered: inout Gathered
    ) {
        var answers: [HostRequest: GoogleStatementList?] = [:]
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
}
