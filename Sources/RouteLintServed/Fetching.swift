import RouteLintCore

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
/// the survey can be tested with any answers.
package protocol ServedFileFetcher: Sendable {
    /// What `https://HOST/PATH` answers.
    func fetch(host: String, path: String) async -> FetchOutcome
}

/// One request the survey makes: a path of a host, over HTTPS.
struct HostRequest: Hashable {
    let host: String
    let path: String

    var url: String { "https://" + host + path }

    init(host: String, path: String) {
        self.host = host
        self.path = path
    }

    /// The request for an include statement's URL: https, a host name by
    /// `HostName.Policy.fetched` (no port, no user); nil for any other URL. The fragment is no
    /// part of a request.
    init?(includeURL text: String) {
        guard let url = LinkURL(text), url.scheme == "https", let host = url.fetchedHost else { return nil }
        self.init(host: host.text, path: (url.path.isEmpty ? "/" : String(url.path)) + (url.query.map { "?" + $0 } ?? ""))
    }

    /// The outcome of every request, in order, at most `limit` under way at once.
    static func fetchAll(_ requests: [HostRequest], through fetcher: some ServedFileFetcher, concurrently limit: Int) async
        -> [HostRequest: FetchOutcome]
    {
        let outcomes = await withTaskGroup(of: (Int, FetchOutcome).self) { group in
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
        return Dictionary(zip(requests, outcomes), uniquingKeysWith: { first, _ in first })
    }
}
