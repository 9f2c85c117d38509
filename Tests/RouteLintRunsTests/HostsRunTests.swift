import RouteLintServed
import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintPlatform

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
        options.survey.readsAppleCDN = false
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
        options.survey.concurrentRequests = 3
        options.survey.readsAppleCDN = false
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

    // MARK: What devices read

    static let cdnURL = "https://app-site-association.cdn-apple.com/a/v1/example.com"

    @Test(
        "Apple's CDN: a stale copy is cdn-copy with a witness both matchers confirm, and judged as the host's; a 404 says it has none; the same copy says nothing"
    )
    func appleCDN() async throws {
        let manifest = (name: "shop.routes.yaml", contents: Self.manifest(hosts: "[example.com]"))
        let origin = (name: "https://example.com" + Self.path, contents: Self.association())
        // Written before products were routes: it excludes them.
        let staleComponents = Self.exactComponents.replacingOccurrences(of: #"{"/": "/products/?*"}, "#, with: "")
        let stale = try await checkHosts([manifest, origin, (name: Self.cdnURL, contents: Self.association(components: staleComponents))])
        #expect(stale.active.map(\.rule) == ["cdn-copy", "unclaimed-route"])
        #expect(
            stale.active.first?.message
                == "Apple's CDN serves another copy of https://example.com/.well-known/apple-app-site-association (\(Self.cdnURL)): "
                + "for ABCDE12345.com.example.shop the host's file opens https://example.com/products/x, the CDN's copy does not; "
                + "devices read the CDN's copy until it refreshes")
        // The witness, decided by the matcher of single URLs on both copies.
        let exact = [
            AppleLinkComponent(path: "/?*/?*/?*", exclude: true), AppleLinkComponent(path: "/products/?*"),
            AppleLinkComponent(path: "/?*/?*", exclude: true), AppleLinkComponent(path: "/?*", exclude: true),
            AppleLinkComponent(path: "/"),
        ]
        #expect(AppleLinkComponent.decide(exact, path: "/products/x")?.opensApp == true)
        #expect(AppleLinkComponent.decide(exact.filter { $0.path != "/products/?*" }, path: "/products/x")?.opensApp == false)
        // The copy is judged where it is: the unclaimed route points at the CDN's URL.
        #expect(stale.active.last?.related.map { stale.files[Int($0.range.file.index)].path } == [Self.cdnURL])

        let none = try await checkHosts([manifest, origin, (name: Self.cdnURL, contents: "HTTP/1.1 404 Not Found\n\n")])
        #expect(
            none.active.map(\.message) == [
                "Apple's CDN has no copy of https://example.com/.well-known/apple-app-site-association: \(Self.cdnURL) answers 404 Not Found; "
                    + "devices read the CDN's copy, so no universal link of the host opens the app until it refreshes"
            ])
        #expect(none.active.map(\.severity) == [.warning])
        let same = try await checkHosts([manifest, origin, (name: Self.cdnURL, contents: Self.association())])
        #expect(same.active.isEmpty)
        #expect(same.servedFileCount == 1)
        // The CDN unreachable: nothing can be said of what devices read.
        let unreachable = try await checkHosts([manifest, origin], options: { $0.survey.readsAppleCDN = true })
        #expect(unreachable.unreadable.map(\.path) == [Self.cdnURL])
        #expect(unreachable.verdict.exitStatus == 2)
    }

    @Test("a host the entitlements name with ?mode=developer only is not asked of Apple's CDN, and the run says so")
    func developerMode() async throws {
        let entitlements = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>com.apple.developer.associated-domains</key>
            <array><string>applinks:example.com?mode=developer</string><string>applinks:eu.example.com</string></array>
            </dict></plist>
            """
        let run = try await checkHosts(
            [
                (name: "shop.routes.yaml", contents: Self.manifest(hosts: "[example.com, eu.example.com]")),
                (name: "Shop.entitlements", contents: entitlements),
                (name: "https://example.com" + Self.path, contents: Self.association()),
                (name: "https://eu.example.com" + Self.path, contents: Self.association()),
                (name: "https://app-site-association.cdn-apple.com/a/v1/eu.example.com", contents: Self.association()),
            ], configuration: "platform-files: [Shop.entitlements]\n")
        // example.com's copy on the CDN is not scripted: asking for it would leave the run incomplete.
        #expect(run.unreadable.isEmpty)
        #expect(run.active.isEmpty)
        #expect(
            run.messages.map(\.description).contains {
                $0.contains(
                    "example.com is in the entitlements with ?mode=developer only: devices in developer mode fetch its association from the host, so Apple's CDN is not asked"
                )
            })
    }

    /// An Android app at example.com, and its statement.
    static let androidManifest = manifest(hosts: "[example.com]").replacingOccurrences(
        of: "ios: {app-ids: [ABCDE12345.com.example.shop]}",
        with: "android: {package: com.example.shop, cert-fingerprints: [\"\(fingerprint)\"]}")
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let statement = """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
        """
    static let assetLinksURL = "https://example.com/.well-known/assetlinks.json"

    static func served(_ body: String) -> String { "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" + body }

    @Test(
        "include statements: followed and judged as the file's own at their URL; a 404, a cycle, a chain too deep, an http URL are findings at the include"
    )
    func includes() async throws {
        let manifest = (name: "shop.routes.yaml", contents: Self.androidManifest)
        let found = try await checkHosts([
            manifest, (name: Self.assetLinksURL, contents: Self.served(#"[{"include": "https://lists.example.net/shop.json"}]"#)),
            (
                name: "https://lists.example.net/shop.json",
                contents: Self.served(Self.statement.replacingOccurrences(of: "14:6D", with: "AA:6D"))
            ),
        ])
        // The included statement is the file's: its wrong fingerprint is reported where it is.
        #expect(found.active.map(\.rule) == ["app-link-setup", "app-link-setup"])
        #expect(
            found.active.map { found.files[Int($0.range.file.index)].path }
                == Array(repeating: "https://lists.example.net/shop.json", count: 2))
        let good = try await checkHosts([
            manifest, (name: Self.assetLinksURL, contents: Self.served(#"[{"include": "https://lists.example.net/shop.json#top"}]"#)),
            (name: "https://lists.example.net/shop.json", contents: Self.served(Self.statement)),
        ])
        #expect(good.active.isEmpty)

        let chain = (1...7).map {
            (
                name: "https://lists.example.net/\($0).json",
                contents: Self.served(#"[{"include": "https://lists.example.net/\#($0 + 1).json"}]"#)
            )
        }
        let broken = try await checkHosts(
            [
                manifest,
                (
                    name: Self.assetLinksURL,
                    contents: Self.served(
                        #"[{"include": "https://lists.example.net/gone.json"}, {"include": "http://lists.example.net/1.json"}, {"include": "https://example.com/.well-known/assetlinks.json"}, {"include": "https://lists.example.net/1.json"}]"#
                    )
                ),
                (name: "https://lists.example.net/gone.json", contents: "HTTP/1.1 404 Not Found\n\n"),
            ] + chain)
        #expect(
            broken.active.filter { $0.rule == "statement-include" }.map(\.message) == [
                "include 'https://lists.example.net/gone.json' answers 404 Not Found, not 200: its statements are not read",
                "include 'http://lists.example.net/1.json' is not an https URL of a host (no port, no user): its statements are not read",
                "include 'https://example.com/.well-known/assetlinks.json' leads back to a file the includes have already read: it adds no statement",
                "include 'https://lists.example.net/6.json' is more than 5 includes deep from the served file: its statements are not checked",
            ])
        // Each where it is written: the last in the fifth file of the chain.
        #expect(
            broken.active.filter { $0.rule == "statement-include" }.last.map { broken.files[Int($0.range.file.index)].path }
                == "https://lists.example.net/5.json")
        // An include that cannot be reached leaves the run incomplete.
        let unreachable = try await checkHosts([
            manifest, (name: Self.assetLinksURL, contents: Self.served(#"[{"include": "https://down.example.net/x.json"}]"#)),
        ])
        #expect(unreachable.unreadable.map(\.path) == ["https://down.example.net/x.json"])
        #expect(unreachable.verdict.exitStatus == 2)
    }

    static let statementListURL =
        "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site=https://example.com&relation=delegate_permission/common.handle_all_urls&return_relation_extensions=true"

    static func answer(_ fingerprints: [String], rules: String? = nil) -> String {
        let statements = fingerprints.map { fingerprint in
            """
            {"source": {"web": {"site": "https://example.com."}}, "relation": "delegate_permission/common.handle_all_urls",
             "target": {"androidApp": {"packageName": "com.example.shop", "certificate": {"sha256Fingerprint": "\(fingerprint)"}}}\(rules.map { ", \"relationExtensions\": {\"dynamic_app_link_components\": \($0)}" } ?? "")}
            """
        }
        return served(#"{"statements": ["# + statements.joined(separator: ", ") + #"], "maxAge": "3599s"}"#)
    }

    @Test("Google's statement list: a certificate it lacks, one it still states, rules that differ; the same answer says nothing")
    func statementList() async throws {
        let files = [
            (name: "shop.routes.yaml", contents: Self.androidManifest), (name: Self.assetLinksURL, contents: Self.served(Self.statement)),
        ]
        let same = try await checkHosts(files + [(name: Self.statementListURL, contents: Self.answer([Self.fingerprint]))])
        #expect(same.active.isEmpty)
        let old = "AA:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        let stale = try await checkHosts(files + [(name: Self.statementListURL, contents: Self.answer([old], rules: #"[{"/": "*"}]"#))])
        let list = "Google's statement list for https://example.com (\(Self.statementListURL))"
        #expect(
            stale.active.map(\.message) == [
                "\(list) does not state com.example.shop with certificate \(Self.fingerprint), which the host's assetlinks.json does: Android does not verify the host for it until Google refreshes",
                "\(list) still states com.example.shop with certificate \(old), which the host's assetlinks.json no longer does: Android verifies the host for it until Google refreshes",
                "\(list) holds other dynamic rules for com.example.shop than the host's assetlinks.json (Google's: 1 rule; the host's: 0): Android 15+ applies Google's until it refreshes",
            ])
        #expect(stale.active.map(\.rule) == ["statement-list", "statement-list", "statement-list"])
        // Asked for and not answered: incomplete.
        let unanswered = try await checkHosts(files, options: { $0.survey.asksStatementList = true })
        #expect(unanswered.unreadable.map(\.path) == [Self.statementListURL])
        #expect(unanswered.verdict.exitStatus == 2)
    }

    @Test(
        "each Android host is asked for in its fully-qualified spelling too: a redirect from it is served-status, its body is not judged again"
    )
    func fullyQualifiedHost() async throws {
        let files = [
            (name: "shop.routes.yaml", contents: Self.androidManifest), (name: Self.assetLinksURL, contents: Self.served(Self.statement)),
        ]
        let run = try await checkHosts(
            files + [
                (
                    name: "https://example.com./.well-known/assetlinks.json",
                    contents: "HTTP/1.1 301 Moved Permanently\nLocation: https://example.com/.well-known/assetlinks.json\n\n"
                )
            ])
        #expect(
            run.active.map(\.message) == [
                "https://example.com./.well-known/assetlinks.json answers 301 Moved Permanently, a redirect to https://example.com/.well-known/assetlinks.json: Android's verifier follows no redirect, so Android does not verify the host, and its links open the browser"
            ])
        let served = try await checkHosts(
            files + [(name: "https://example.com./.well-known/assetlinks.json", contents: Self.served(Self.statement))])
        #expect(served.active.isEmpty)
        #expect(served.servedFileCount == 1)
    }
}

extension HostsRun {
    /// How many files the hosts served and the run judged, as its summary counts them.
    fileprivate var servedFileCount: Int {
        guard case .hosts(let served, _) = result.subject else { return -1 }
        return served
    }
}
