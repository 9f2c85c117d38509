import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules

/// `routelint hosts` as a run, its answers scripted: which files are asked of which hosts, how
/// many at once, and how what was served is judged.
@Suite("Hosts run")
struct HostsRunTests {
    /// An app on iOS with `hosts`, and a route that `association` must claim.
    static func manifest(app: String = "shop", hosts: String) -> String {
        """
        manifest: 1
        app: \(app)
        hosts: \(hosts)
        ios: {app-ids: [ABCDE12345.com.example.\(app)]}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}
          product: {path: /products/:id, activity: main, holder: H, entry: true}

        """
    }

    /// The components that claim exactly the manifest's routes.
    static let exactComponents =
        #"{"/": "/?*/?*/?*", "exclude": true}, {"/": "/products/?*"}, {"/": "/?*/?*", "exclude": true}, {"/": "/?*", "exclude": true}, {"/": "/"}"#

    static func association(app: String = "shop", components: String = exactComponents) -> String {
        """
        HTTP/1.1 200 OK
        Content-Type: application/json

        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.\(app)"], "components": [\(components)]}]}}
        """
    }

    static let path = "/.well-known/apple-app-site-association"

    /// Counts the requests, and the most under way at once.
    actor Tally {
        var requests: [String] = []
        var underWay = 0
        var most = 0

        func begin(_ url: String) {
            requests.append(url)
            underWay += 1
            most = max(most, underWay)
        }

        func end() { underWay -= 1 }
    }

    struct CountingFetcher: ServedFileFetcher {
        let tally: Tally
        let answer: String

        func fetch(host: String, path: String) async -> FetchOutcome {
            await tally.begin("https://" + host + path)
            try? await Task.sleep(for: .milliseconds(20))
            await tally.end()
            return ScriptedFetcher.parse(answer)
        }
    }

    @Test("a host two apps share is asked once for each file, and its answer judged for each app")
    func sharedHost() async throws {
        let tally = Tally()
        let root = try TemporaryFolder()
        try root.write("shop.routes.yaml", Self.manifest(hosts: "[example.com]"))
        try root.write("news.routes.yaml", Self.manifest(app: "news", hosts: "[example.com]"))
        var options = HostsOptions(paths: [], workingDirectory: root.path)
        options.readsAppleCDN = false
        let run = try await HostsRun.perform(options, fetcher: CountingFetcher(tally: tally, answer: Self.association()))
        #expect(await tally.requests == ["https://example.com" + Self.path])
        // The file names the shop's app ID only: right for the shop; for news it lacks its ID,
        // names another, and so claims none of its routes.
        #expect(run.active.map(\.rule) == ["unclaimed-route", "unclaimed-route", "app-link-setup", "app-link-setup"])
        #expect(
            run.active.allSatisfy { run.files[Int($0.range.file.index)].path.hasSuffix("news.routes.yaml") || $0.rule == "app-link-setup" })
        #expect(run.servedFileCount == 1)
        #expect(run.verdict.exitStatus == 1)
    }

    @Test("at most the given number of requests are under way at once, and every one is made")
    func boundedConcurrency() async throws {
        let tally = Tally()
        let root = try TemporaryFolder()
        let hosts = (1...9).map { "h\($0).example.com" }
        try root.write("shop.routes.yaml", Self.manifest(hosts: "[\(hosts.joined(separator: ", "))]"))
        var options = HostsOptions(paths: [], workingDirectory: root.path)
        options.concurrentRequests = 3
        options.readsAppleCDN = false
        let run = try await HostsRun.perform(options, fetcher: CountingFetcher(tally: tally, answer: Self.association()))
        #expect(Set(await tally.requests) == Set(hosts.map { "https://\($0)" + Self.path }))
        #expect(await tally.most <= 3)
        #expect(await tally.most > 1)
        #expect(run.active.isEmpty)
    }

    @Test("a stale file's witness URL names the host that served it")
    func witnessOnTheServingHost() async throws {
        let run = try await checkHosts([
            (name: "shop.routes.yaml", contents: Self.manifest(hosts: "[example.com, eu.example.com]")),
            (name: "https://example.com" + Self.path, contents: Self.association()),
            (
                name: "https://eu.example.com" + Self.path,
                contents: Self.association(components: Self.exactComponents.replacingOccurrences(of: #"{"/": "/products/?*"}, "#, with: ""))
            ),
        ])
        let unclaimed = run.active.filter { $0.rule == "unclaimed-route" }
        #expect(
            unclaimed.map(\.message) == [
                "route 'product' opens https://eu.example.com/products/x, which apple-app-site-association does not claim (iOS)"
            ])
        #expect(unclaimed.first?.related.map { run.files[Int($0.range.file.index)].path } == ["https://eu.example.com" + Self.path])
    }

    @Test(
        "a served assetlinks.json's dynamic rules are judged against the routes: one that excludes a web route's URL is unclaimed-route on API 35+"
    )
    func servedDynamicRules() async throws {
        let manifest = Self.manifest(hosts: "[example.com]").replacingOccurrences(
            of: "ios: {app-ids: [ABCDE12345.com.example.shop]}", with: "android: {package: com.example.shop}")
        let assetLinks = """
            HTTP/1.1 200 OK
            Content-Type: application/json

            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": []},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
                {"/": "/products/sale", "exclude": true}, {"/": "*"}]}}}]
            """
        let run = try await checkHosts([
            (name: "shop.routes.yaml", contents: manifest),
            (name: "https://example.com/.well-known/assetlinks.json", contents: assetLinks),
        ])
        let unclaimed = run.active.filter { $0.rule == "unclaimed-route" }
        #expect(
            unclaimed.map(\.message) == [
                "route 'product' opens https://example.com/products/sale, which assetlinks.json (its dynamic rules) does not claim (API 35+)"
            ])
        #expect(
            unclaimed.first?.related.map { run.files[Int($0.range.file.index)].path } == ["https://example.com/.well-known/assetlinks.json"]
        )
        // Rules that let every route's URL through say nothing.
        let allowing = try await checkHosts([
            (name: "shop.routes.yaml", contents: manifest),
            (
                name: "https://example.com/.well-known/assetlinks.json",
                contents: assetLinks.replacingOccurrences(of: #"{"/": "/products/sale", "exclude": true}, "#, with: "")
            ),
        ])
        #expect(allowing.active.filter { $0.rule == "unclaimed-route" }.isEmpty)
    }

    @Test("a host that cannot be reached, or a host that is no host name, leaves the run incomplete; a TLS failure is a finding")
    func incomplete() async throws {
        let run = try await checkHosts(
            [(name: "shop.routes.yaml", contents: Self.manifest(hosts: "[down.example.com, tls.example.com]"))],
            outcomes: ["https://tls.example.com" + Self.path: .tlsFailure(reason: "the certificate does not name the host")])
        #expect(run.unreadable.map(\.path) == ["https://down.example.com" + Self.path])
        #expect(run.messages.map(\.description).contains { $0.contains("cannot fetch https://down.example.com") })
        #expect(run.active.map(\.rule) == ["served-status"])
        #expect(run.active.first?.message.contains("the certificate does not name the host") == true)
        #expect(run.verdict.exitStatus == 2)

        // The manifest's hosts are host names (invalid-value says so of others); a subdomain
        // named for a wildcard may not be.
        let named = try await checkHosts(
            [(name: "shop.routes.yaml", contents: Self.manifest(hosts: "[\"*.example.com\"]"))], namedHosts: ["bad_host.example.com"])
        #expect(named.unreadable.map(\.path) == ["bad_host.example.com"])
        #expect(named.verdict.exitStatus == 2)
    }

    @Test("a manifest that does not parse leaves the claimed set partial: the run is incomplete")
    func unparsedManifest() async throws {
        let run = try await checkHosts([
            (name: "shop.routes.yaml", contents: Self.manifest(hosts: "[example.com]")),
            (name: "more.routes.yaml", contents: "manifest: 1\napp: shop\nroutes: [unclosed\n"),
            (name: "https://example.com" + Self.path, contents: Self.association()),
        ])
        #expect(run.unreadable.map { $0.path.split(separator: "/").last.map(String.init) } == ["more.routes.yaml"])
        #expect(run.verdict.exitStatus == 2)
    }

    @Test("a route set with nothing to fetch says so, and passes")
    func nothingToFetch() async throws {
        let run = try await checkHosts([(name: "shop.routes.yaml", contents: "manifest: 1\napp: shop\nroutes: {}\n")])
        #expect(run.messages.map(\.description).contains { $0.contains("there is nothing to fetch") })
        #expect(run.verdict.exitStatus == 0)
    }

    @Test("a wildcard host is asked at the named hosts it covers only, from --host and served-hosts")
    func wildcard() async throws {
        let files = [
            (name: "shop.routes.yaml", contents: Self.manifest(hosts: "[\"*.example.com\"]")),
            (name: "https://eu.example.com" + Self.path, contents: Self.association()),
            (name: "https://us.example.com" + Self.path, contents: Self.association()),
        ]
        let named = try await checkHosts(
            files, configuration: "served-hosts: [us.example.com]\n", namedHosts: ["eu.example.com", "other.test"])
        #expect(named.active.isEmpty)
        #expect(named.servedFileCount == 2)
        let unnamed = try await checkHosts(files)
        #expect(unnamed.active.map(\.rule) == ["wildcard-host"])
        #expect(unnamed.servedFileCount == 0)
    }

    @Test("a response is read as the host wrote it: content type parameters, a reason phrase, a body cut at the limit")
    func contentTypes() {
        #expect(ServedContentTypeRule.isJSON("application/json"))
        #expect(ServedContentTypeRule.isJSON("Application/JSON ; charset=utf-8"))
        #expect(!ServedContentTypeRule.isJSON("application/json-patch+json"))
        #expect(!ServedContentTypeRule.isJSON("text/html"))
        #expect(!ServedContentTypeRule.isJSON(nil))
        #expect(HostsRun.isHostName("shop.example.com"))
        #expect(!HostsRun.isHostName("shop..example.com"))
        #expect(!HostsRun.isHostName("shop.example.com:443"))
        #expect(!HostsRun.isHostName(""))
    }

    @Test("a baseline written from a run's findings accepts them in the next run, by URL")
    func baseline() async throws {
        let files = [
            (name: "shop.routes.yaml", contents: Self.manifest(hosts: "[example.com, old.example.com]")),
            (name: "https://example.com" + Self.path, contents: Self.association()),
            (name: "https://old.example.com" + Self.path, contents: "HTTP/1.1 404 Not Found\n\n"),
        ]
        let written = try await checkHosts(files) { $0.gate.writesBaseline = true }
        let baseline = try #require(written.newBaseline)
        #expect(written.active.isEmpty)
        #expect(written.suppressed.map(\.rule) == ["served-status"])
        let folder = try TemporaryFolder()
        try folder.write("baseline.json", baseline.text)
        let accepted = try await checkHosts(files) { $0.gate.baselinePath = folder.path + "/baseline.json" }
        #expect(accepted.active.isEmpty)
        #expect(accepted.verdict.exitStatus == 0)
        // Once the host serves the file, the entry matches nothing, and the run says so.
        var fixed = files
        fixed[2].contents = Self.association()
        let stale = try await checkHosts(fixed) { $0.gate.baselinePath = folder.path + "/baseline.json" }
        #expect(stale.messages.contains { $0.description.contains("1 baseline entry matches no finding any more") })
    }
}
