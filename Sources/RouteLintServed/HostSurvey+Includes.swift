import RouteLintCore
import RouteLintPlatform

/// The include statements of served assetlinks.json files, followed as Android's verifier does.
extension HostSurvey {
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
        var fetched: [HostRequest: SourceFile] = [:]
        var frontier: [PendingInclude] = []
        for root in roots where read[root.path] == nil {
            read[root.path] = [root.path]
            frontier += includes(of: root).map { PendingInclude(root: root.path, url: $0, depth: 1) }
        }
        while !frontier.isEmpty {
            var asked: [(pending: PendingInclude, request: HostRequest)] = []
            for pending in frontier {
                let problem: StatementInclude.Problem?
                let request = HostRequest(includeURL: pending.url.value)
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
            var seen = Set<HostRequest>()
            let requests = asked.map(\.request).filter { fetched[$0] == nil && seen.insert($0).inserted }
            let outcomes = await HostRequest.fetchAll(requests, through: fetcher, concurrently: limit)
            var next: [PendingInclude] = []
            var reported = Set<HostRequest>()
            for (pending, request) in asked {
                let include = pending.url
                let file: SourceFile
                if let known = fetched[request] {
                    file = known
                } else {
                    switch outcomes[request]! {
                    case .unreachable(let reason):
                        if reported.insert(request).inserted { gathered.unfetched(request.url, "\(reason)") }
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
}
