import Foundation
import Testing

/// `routelint hosts` against real HTTPS servers on localhost (Tests/Hosts/serve.py): a
/// certificate authority and certificates the test makes, hosts mapped with `--connect`, and
/// each way a deployed file goes wrong served for real. They need a binary with the `Hosts`
/// trait; .ci/run gives them the release binary.
@Suite(
    "routelint hosts, end to end", .serialized,
    .enabled(if: RouteLint.hostsBinary != nil, "needs a build with the Hosts trait: swift test --traits Hosts, or ROUTELINT_HOSTS_BINARY"))
struct HostsCommandTests {
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The shop, on iOS and Android: a good host and one whose files are stale.
    static func shop(routes: String) -> String {
        """
        manifest: 1
        app: shop
        hosts: [good.test, stale.test]
        ios: {app-ids: [ABCDE12345.com.example.shop]}
        android: {package: com.example.shop, cert-fingerprints: ["\(fingerprint)"], min-sdk: 31}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
        \(routes)
        """
    }

    static let shopRoutes = """
          home: {path: /, holder: H}
          product: {path: /products/:id, activity: main, holder: H, entry: true}
          cart: {path: /cart, activity: main, holder: H, entry: true}

        """

    /// The news app, on iOS: a host for each way a served file goes wrong.
    static let news = """
        manifest: 1
        app: news
        hosts: [redirect.test, html.test, missing.test, big.test, huge.test, page.test, silent.test, untrusted.test, misnamed.test]
        ios: {app-ids: [ABCDE12345.com.example.news]}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}

        """

    /// Runs `routelint hosts ARGUMENTS` with the binary that has it.
    static func hosts(_ arguments: [String], in directory: URL) throws -> CommandResult {
        try RouteLint.run(["hosts"] + arguments, in: directory, timeLimit: 60, binary: try #require(RouteLint.hostsBinary))
    }

    static let association = "/.well-known/apple-app-site-association"
    static let assetLinks = "/.well-known/assetlinks.json"

    /// What `generate app-links` writes for `manifest`, by file name.
    static func generated(_ manifest: String, in directory: URL) throws -> [String: String] {
        let project = directory.appendingPathComponent("generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try manifest.write(to: project.appendingPathComponent("app.routes.yaml"), atomically: true, encoding: .utf8)
        let output = project.appendingPathComponent("out").path
        let result = try RouteLint.run(["generate", "app-links", project.path, "--output", output])
        #expect(result.status == 0, "\(result.stderr)")
        return try GenerateCommandTests.contents(URL(fileURLWithPath: output))
    }

    /// A response of the spec serve.py reads.
    static func answer(_ status: Int, _ body: String, headers: [String: String] = ["Content-Type": "application/json"]) -> [String: Any] {
        ["status": status, "headers": headers, "body": body]
    }

    /// The servers' ports, while `body` runs; the servers stop after it.
    static func withServers(_ spec: [String: [String: [String: Any]]], in directory: URL, _ body: ([String: Int]) throws -> Void) throws {
        let specPath = directory.appendingPathComponent("spec.json")
        try JSONSerialization.data(withJSONObject: spec).write(to: specPath)
        let certificates = directory.appendingPathComponent("certificates")
        try FileManager.default.createDirectory(at: certificates, withIntermediateDirectories: true)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = [
            "python3", RouteLint.packageRoot.appendingPathComponent("Tests/Hosts/serve.py").path, certificates.path, specPath.path,
        ]
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let portsFile = certificates.appendingPathComponent("ports.json")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: portsFile.path) && server.isRunning && Date() < deadline { usleep(20_000) }
        let ports = try #require(
            try? JSONSerialization.jsonObject(with: Data(contentsOf: portsFile)) as? [String: Int], "serve.py did not start")
        try body(ports)
    }

    /// `--connect` for each host: to its server's port on 127.0.0.1.
    static func connections(_ hosts: [String: String], ports: [String: Int]) -> [String] {
        hosts.sorted { $0.key < $1.key }.flatMap { host, server in ["--connect", "\(host)=127.0.0.1:\(ports[server]!)"] }
    }

    /// The text with the run's time, which varies, as `T`.
    static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #" in [0-9]+\.[0-9]{2} s\."#, with: " in T s.", options: .regularExpression)
    }

    @Test("each way a deployed file goes wrong is the finding it should be; a host that never answers makes the run incomplete")
    func everyWayItGoesWrong() throws {
        try GenerateCommandTests.withDirectory { directory in
            let shopFiles = try Self.generated(Self.shop(routes: Self.shopRoutes), in: directory)
            // The copy a CDN still holds: written before the cart was a route.
            let staleFiles = try Self.generated(
                Self.shop(
                    routes: Self.shopRoutes.replacingOccurrences(
                        of: "  cart: {path: /cart, activity: main, holder: H, entry: true}\n", with: "")),
                in: directory)
            let newsFiles = try Self.generated(Self.news, in: directory)
            let news = try #require(newsFiles["apple-app-site-association"])
            let spec: [String: [String: [String: Any]]] = [
                "good.test": [
                    Self.association: Self.answer(200, shopFiles["apple-app-site-association"]!),
                    Self.assetLinks: Self.answer(200, shopFiles["assetlinks.json"]!),
                ],
                "stale.test": [
                    Self.association: Self.answer(200, staleFiles["apple-app-site-association"]!),
                    Self.assetLinks: Self.answer(
                        200, shopFiles["assetlinks.json"]!.replacingOccurrences(of: "14:6D:E9", with: "AA:6D:E9")),
                ],
                "redirect.test": [
                    Self.association: Self.answer(
                        301, "", headers: ["Location": "https://www.redirect.test\(Self.association)", "Content-Type": "text/html"])
                ],
                "html.test": [Self.association: Self.answer(200, news, headers: ["Content-Type": "text/html; charset=utf-8"])],
                "big.test": [
                    Self.association: Self.answer(
                        200, news.replacingOccurrences(of: "\"route home\"", with: "\"" + String(repeating: "x", count: 140_000) + "\""))
                ],
                "huge.test": [Self.association: Self.answer(200, news + String(repeating: " ", count: 1_100_000))],
                "page.test": [Self.association: Self.answer(200, "<html><body>Sign in</body></html>\n")],
                // Named in the certificate, and serving nothing: a 404.
                "missing.test": [:],
            ]
            let project = directory.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try Self.shop(routes: Self.shopRoutes).write(
                to: project.appendingPathComponent("shop.routes.yaml"), atomically: true, encoding: .utf8)
            try Self.news.write(to: project.appendingPathComponent("news.routes.yaml"), atomically: true, encoding: .utf8)
            try Self.withServers(spec, in: directory) { ports in
                // misnamed.test reaches the server whose certificate the authority signed for
                // the other hosts, and not for it.
                let hosts = [
                    "good.test": "trusted", "stale.test": "trusted", "redirect.test": "trusted", "html.test": "trusted",
                    "missing.test": "trusted", "big.test": "trusted", "huge.test": "trusted", "page.test": "trusted",
                    "silent.test": "silent", "untrusted.test": "untrusted", "misnamed.test": "trusted",
                ]
                let ca = directory.appendingPathComponent("certificates/ca.pem").path
                let result = try Self.hosts(
                    [".", "--ca-file", ca, "--timeout", "2", "--no-cdn"] + Self.connections(hosts, ports: ports), in: project)
                #expect(result.status == 2)
                #expect(
                    result.stderr
                        == "routelint: error: cannot fetch https://silent.test/.well-known/apple-app-site-association: no answer within 2 s\n"
                )
                let expectedURL = RouteLint.packageRoot.appendingPathComponent("Tests/Hosts/every-way.expected.txt")
                if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
                    try Self.timeless(result.stdout).write(to: expectedURL, atomically: true, encoding: .utf8)
                }
                #expect(Self.timeless(result.stdout) == (try String(contentsOf: expectedURL, encoding: .utf8)))

                // SARIF names a served file by its URL, and says the run did not complete.
                let sarif = try Self.hosts(
                    [".", "--ca-file", ca, "--timeout", "2", "--no-cdn", "--format", "sarif"] + Self.connections(hosts, ports: ports),
                    in: project)
                #expect(sarif.status == 2)
                let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
                let run = try #require((log["runs"] as? [[String: Any]])?.first)
                let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
                #expect(invocation["executionSuccessful"] as? Bool == false)
                let uris = ((run["results"] as? [[String: Any]]) ?? []).compactMap { result -> String? in
                    let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                    return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
                }
                #expect(uris.contains("https://big.test/.well-known/apple-app-site-association"))
                #expect(uris.contains("news.routes.yaml"))
            }
        }
    }

    @Test("files generate writes, served right, are clean; a wildcard host is checked at the subdomains named, and reported without them")
    func cleanAndWildcard() throws {
        try GenerateCommandTests.withDirectory { directory in
            let manifest = Self.shop(routes: Self.shopRoutes).replacingOccurrences(
                of: "hosts: [good.test, stale.test]", with: "hosts: [good.test, \"*.shop.test\"]")
            let files = try Self.generated(manifest, in: directory)
            let served = [
                Self.association: Self.answer(200, files["apple-app-site-association"]!),
                Self.assetLinks: Self.answer(200, files["assetlinks.json"]!),
            ]
            let project = directory.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try manifest.write(to: project.appendingPathComponent("shop.routes.yaml"), atomically: true, encoding: .utf8)
            try Self.withServers(["good.test": served, "eu.shop.test": served], in: directory) { ports in
                let ca = directory.appendingPathComponent("certificates/ca.pem").path
                let connect = Self.connections(["good.test": "trusted", "eu.shop.test": "trusted"], ports: ports)
                let named = try Self.hosts(
                    ["--ca-file", ca, "--no-cdn", "--host", "eu.shop.test", "--host", "elsewhere.test"] + connect, in: project)
                #expect(named.status == 0)
                #expect(named.stderr == "")
                #expect(Self.timeless(named.stdout) == "No problems found in 1 file (3 routes) and 4 platform files in T s.\n")

                let unnamed = try Self.hosts(["--ca-file", ca, "--no-cdn"] + connect, in: project)
                #expect(unnamed.status == 0)
                #expect(
                    Self.timeless(unnamed.stdout) == """
                        ./shop.routes.yaml:3:20: warning: '*.shop.test' is a wildcard, which cannot be fetched: name the subdomains to check with --host or 'served-hosts' in .routelint.yml [wildcard-host]
                        hosts: [good.test, "*.shop.test"]
                                           ^~~~~~~~~~~~~
                        Found 1 warning in 1 file (3 routes) and 2 platform files in T s.

                        """)
                // The configuration names the subdomains as --host does.
                try "served-hosts: [eu.shop.test]\n".write(
                    to: project.appendingPathComponent(".routelint.yml"), atomically: true, encoding: .utf8)
                let configured = try Self.hosts(["--ca-file", ca, "--no-cdn", "--strict"] + connect, in: project)
                #expect(configured.status == 0, "\(configured.stdout)")
            }
        }
    }

    static let cdnHost = "app-site-association.cdn-apple.com"
    static let apiHost = "digitalassetlinks.googleapis.com"

    /// The path that asks Google's statement list for `host`.
    static func statementList(_ host: String) -> String {
        "/v1/statements:list?source.web.site=https://\(host)&relation=delegate_permission/common.handle_all_urls&return_relation_extensions=true"
    }

    /// Google's answer: the shop's package with `fingerprint`.
    static func googleAnswer(_ host: String, fingerprint: String) -> String {
        """
        {"statements": [{"source": {"web": {"site": "https://\(host)."}}, "relation": "delegate_permission/common.handle_all_urls",
          "target": {"androidApp": {"packageName": "com.example.shop", "certificate": {"sha256Fingerprint": "\(fingerprint)"}}}}],
         "maxAge": "3599s"}
        """
    }

    @Test(
        "what devices read: a stale CDN copy, a CDN 404, includes found, missing, in a cycle and too deep, Google's answer differing, an association as octet-stream, a fully-qualified host that redirects"
    )
    func whatDevicesRead() throws {
        try GenerateCommandTests.withDirectory { directory in
            let hosts = ["fresh.test", "new.test", "dot.test", "pair.test", "www.pair.test"]
            let manifest = Self.shop(routes: Self.shopRoutes).replacingOccurrences(
                of: "hosts: [good.test, stale.test]", with: "hosts: [\(hosts.joined(separator: ", "))]")
            let files = try Self.generated(manifest, in: directory)
            let stale = try Self.generated(
                manifest.replacingOccurrences(of: "  cart: {path: /cart, activity: main, holder: H, entry: true}\n", with: ""),
                in: directory)
            let association = try #require(files["apple-app-site-association"])
            let assetLinks = try #require(files["assetlinks.json"])
            /// The statement list with include statements before the app's statement.
            func including(_ urls: [String]) -> String {
                "[" + urls.map { #"{"include": "\#($0)"}, "# }.joined() + assetLinks.drop { $0 != "[" }.dropFirst()
            }
            var spec: [String: [String: [String: Any]]] = [:]
            for host in hosts {
                spec[host] = [Self.association: Self.answer(200, association), Self.assetLinks: Self.answer(200, assetLinks)]
                spec[Self.cdnHost, default: [:]]["/a/v1/" + host] = Self.answer(200, association)
                spec[Self.apiHost, default: [:]][Self.statementList(host)] = Self.answer(
                    200, Self.googleAnswer(host, fingerprint: Self.fingerprint))
            }
            // fresh.test: served as octet-stream, which iOS reads; the CDN still has the copy from
            // before the cart; its statement is included from a list, and Google has an old key.
            spec["fresh.test"]![Self.association] = Self.answer(200, association, headers: ["Content-Type": "application/octet-stream"])
            spec[Self.cdnHost]!["/a/v1/fresh.test"] = Self.answer(200, stale["apple-app-site-association"]!)
            spec["fresh.test"]![Self.assetLinks] = Self.answer(200, #"[{"include": "https://lists.test/shop.json"}]"#)
            let old = "AA" + Self.fingerprint.dropFirst(2)
            spec[Self.apiHost]![Self.statementList("fresh.test")] = Self.answer(200, Self.googleAnswer("fresh.test", fingerprint: old))
            // new.test: the CDN has no copy yet; includes that lead nowhere.
            spec[Self.cdnHost]!["/a/v1/new.test"] = nil
            spec["new.test"]![Self.assetLinks] = Self.answer(
                200,
                including(["https://lists.test/gone.json", "https://new.test/.well-known/assetlinks.json", "https://lists.test/1.json"]))
            var lists: [String: [String: Any]] = ["/shop.json": Self.answer(200, assetLinks)]
            for depth in 1...5 { lists["/\(depth).json"] = Self.answer(200, #"[{"include": "https://lists.test/\#(depth + 1).json"}]"#) }
            spec["lists.test"] = lists
            // dot.test: its fully-qualified name redirects to the name.
            spec["dot.test."] = [
                Self.assetLinks: Self.answer(
                    301, "", headers: ["Location": "https://dot.test\(Self.assetLinks)", "Content-Type": "text/html"])
            ]
            // pair.test sends Android to www.pair.test, which the app claims too.
            spec["pair.test"]![Self.assetLinks] = Self.answer(
                301, "", headers: ["Location": "https://www.pair.test\(Self.assetLinks)", "Content-Type": "text/html"])

            let project = directory.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try manifest.write(to: project.appendingPathComponent("shop.routes.yaml"), atomically: true, encoding: .utf8)
            try Self.withServers(spec, in: directory) { ports in
                let connect = Self.connections(
                    Dictionary(uniqueKeysWithValues: (hosts + ["lists.test", Self.cdnHost, Self.apiHost]).map { ($0, "trusted") }),
                    ports: ports)
                let ca = directory.appendingPathComponent("certificates/ca.pem").path
                let result = try Self.hosts([".", "--ca-file", ca, "--statement-list"] + connect, in: project)
                #expect(result.status == 1)
                #expect(result.stderr == "")
                let expectedURL = RouteLint.packageRoot.appendingPathComponent("Tests/Hosts/devices-read.expected.txt")
                if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
                    try Self.timeless(result.stdout).write(to: expectedURL, atomically: true, encoding: .utf8)
                }
                #expect(Self.timeless(result.stdout) == (try String(contentsOf: expectedURL, encoding: .utf8)))

                // SARIF names what devices read by its URL.
                let sarif = try Self.hosts([".", "--ca-file", ca, "--statement-list", "--format", "sarif"] + connect, in: project)
                let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
                let run = try #require((log["runs"] as? [[String: Any]])?.first)
                let uris = ((run["results"] as? [[String: Any]]) ?? []).flatMap { result -> [String] in
                    let locations = (result["locations"] as? [[String: Any]] ?? []) + (result["relatedLocations"] as? [[String: Any]] ?? [])
                    return locations.compactMap {
                        (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
                    }
                }
                #expect(uris.contains("https://\(Self.cdnHost)/a/v1/fresh.test"))
                #expect(uris.contains("https://lists.test/5.json"))

                // Without the CDN and the statement list: the host's files alone.
                let origin = try Self.hosts([".", "--ca-file", ca, "--no-cdn"] + connect, in: project)
                #expect(!origin.stdout.contains("[cdn-copy]") && !origin.stdout.contains("[statement-list]"))
                #expect(origin.stdout.contains("[statement-include]"))

                // The CDN unreachable: incomplete, never clean.
                let unreachable = try Self.hosts(
                    [".", "--ca-file", ca, "--timeout", "2"]
                        + connect.map { $0.hasPrefix(Self.cdnHost) ? "\(Self.cdnHost)=127.0.0.1:\(ports["silent"]!)" : $0 },
                    in: project)
                #expect(unreachable.status == 2)
                #expect(
                    unreachable.stderr.contains(
                        "routelint: error: cannot fetch https://\(Self.cdnHost)/a/v1/fresh.test: no answer within 2 s\n"))
            }
        }
    }
}

/// A build without the `Hosts` trait (the quick start's, the source-built hook's) keeps the
/// command and says how to get a build that has it.
@Suite("routelint hosts, in a build without it")
struct HostsLeftOutTests {
    #if !Hosts
        @Test("routelint hosts exits 2 and names the builds that have it")
        func saysHowToGetIt() throws {
            let result = try RouteLint.run(["hosts", "--connect", "shop.example.com=127.0.0.1:9"])
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(
                result.stderr
                    == "routelint: error: this routelint was built without `hosts` (the package trait Hosts): use a release binary "
                    + "or the container image, or build with `swift build -c release --traits Hosts`\n")
            let invalid = try RouteLint.run(["hosts", "--connect", "shop.example.com"])
            // The options are checked as in a build with it.
            #expect(invalid.status == 2)
            #expect(
                invalid.stderr.hasPrefix(
                    "Error: --connect takes HOST=ADDR:PORT, as shop.example.com=127.0.0.1:8443; found 'shop.example.com'\n"))
        }
    #endif
}
