import Foundation
import Testing

/// The app's doors, end to end: `generate app-links`, `lint --platform-file` and
/// `resolve --platform`, run as the built binary (stdout, stderr, exit status).
@Suite("routelint app links, end to end")
struct AppLinksCommandTests {
    static let androidFixture = "Tests/RouteLintRunsTests/Fixtures/err/platform-android"

    @Test("generate app-links writes the example's four files as Manifests/platform holds them; --check passes, then names an edited file")
    func generateAndCheck() throws {
        try GenerateCommandTests.withDirectory { directory in
            // A copy of the example, so that the headers name the manifests as Manifests/platform's do.
            try FileManager.default.copyItem(
                at: RouteLint.packageRoot.appendingPathComponent("Manifests"), to: directory.appendingPathComponent("Manifests"))
            let output = directory.appendingPathComponent("Manifests/platform").path
            try FileManager.default.removeItem(atPath: output)
            let written = try RouteLint.run(["generate", "app-links", "Manifests", "--output", output], in: directory)
            #expect(written.status == 0)
            #expect(written.stderr == "")
            let files = try GenerateCommandTests.contents(URL(fileURLWithPath: output))
            #expect(
                files.keys.sorted() == [
                    "AndroidManifest.xml", "apple-app-site-association", "assetlinks.json", "associated-domains.entitlements",
                ])
            let checked = RouteLint.packageRoot.appendingPathComponent("Manifests/platform")
            #expect(files == (try GenerateCommandTests.contents(checked)))
            #expect(try RouteLint.run(["generate", "app-links", "Manifests", "--output", output, "--check"], in: directory).status == 0)
            try "{}\n".write(toFile: output + "/assetlinks.json", atomically: true, encoding: .utf8)
            let stale = try RouteLint.run(["generate", "app-links", "Manifests", "--output", output, "--check"], in: directory)
            #expect(stale.status == 1)
            #expect(stale.stderr.contains("are out of date: 'assetlinks.json'"))
        }
    }

    @Test("--define gives a build variant's values on the command line: lint and resolve --platform read the files with them")
    func defines() throws {
        let project = RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/variants")
        let release = try RouteLint.run(["lint"], in: project)
        #expect(release.status == 0, "\(release.stdout)")
        let beta = try RouteLint.run(["lint", "--define", "applicationId=com.example.shop.beta", "--format", "json"], in: project)
        #expect(beta.status == 1)
        #expect(beta.stdout.contains("/android/com.example.shop.beta/callback"))
        let url = "https://shop.example.com/android/com.example.shop.beta/callback"
        let resolved = try RouteLint.run(
            ["resolve", "--platform", "android", url, "--define", "applicationId=com.example.shop.beta"], in: project)
        #expect(resolved.status == 0, "\(resolved.stdout)")
        let malformed = try RouteLint.run(["lint", "--define", "appHost"], in: project)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--define 'appHost' is not NAME=VALUE"))
    }

    @Test("below API 31 generate gives lint's note, with a URL and the fix, of what the filters cannot claim; the files are still written")
    func notesBelowAPI31() throws {
        try GenerateCommandTests.withDirectory { directory in
            let output = directory.appendingPathComponent("out").path
            let result = try RouteLint.run(["generate", "app-links", "Manifests", "--output", output, "--android-min-sdk", "26"])
            #expect(result.status == 0)
            #expect(
                result.stderr
                    == "\(output)/AndroidManifest.xml:11:13: note: Android API 26–30 cannot hold a parameter to one segment: "
                    + "AndroidManifest.xml leaves URLs of 5 routes to the website, such as https://shop.example.com/items/x "
                    + "(route 'product-detail'); 'min-sdk: 31' claims them, 'inexact: claim-more' opens them in the app [api-level-limit]\n"
                    + "            <intent-filter android:autoVerify=\"true\">\n            ^~~~~~~~~~~~~~\n")
            #expect(FileManager.default.fileExists(atPath: output + "/AndroidManifest.xml"))
            let misuse = try RouteLint.run(["generate", "swift", "Manifests", "--output", output, "--android-min-sdk", "26"])
            #expect(misuse.status == 2)
            #expect(misuse.stderr.contains("--android-min-sdk applies to app-links only"))
        }
    }

    @Test("a generated platform file the routes have moved on from says to generate it again; a hand-written one does not")
    func staleGeneratedFile() throws {
        let manifest = """
            manifest: 1
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            hosts: [pod.example.com]
            android: {package: com.example.pod}
            holders: {H: {}}
            routes:
              home: {path: /, activity: main, holder: H, links: [show]}
              show: {path: /shows/:showId, activity: main, holder: H}

            """
        try GateCommandTests.withFiles(["pod.routes.yaml": manifest]) { root in
            let generated = try RouteLint.run(["generate", "app-links", "pod.routes.yaml", "--output", "out"], in: root)
            #expect(generated.status == 0, "\(generated.stderr)")
            try manifest.replacingOccurrences(of: "/shows/:showId", with: "/podcasts/:showId")
                .write(to: root.appendingPathComponent("pod.routes.yaml"), atomically: true, encoding: .utf8)
            let stale = try RouteLint.run(["lint", "pod.routes.yaml", "--platform-file", "out/AndroidManifest.xml"], in: root)
            #expect(stale.status == 1)
            let hint = "AndroidManifest.xml says `routelint generate app-links` wrote it: the routes changed since, so run it again"
            #expect(stale.stdout.contains("does not claim (API 31+); \(hint) [unclaimed-route]"), "\(stale.stdout)")
            #expect(stale.stdout.contains("but no web route opens it; the file says `routelint generate app-links` wrote it"))
            // Without the notice, the file is someone's own: no advice to overwrite it.
            let path = root.appendingPathComponent("out/AndroidManifest.xml")
            let text = try String(contentsOf: path, encoding: .utf8)
            try text.replacingOccurrences(of: "Generated by routelint", with: "Written by hand").write(
                to: path, atomically: true, encoding: .utf8)
            let own = try RouteLint.run(["lint", "pod.routes.yaml", "--platform-file", "out/AndroidManifest.xml"], in: root)
            #expect(own.status == 1 && !own.stdout.contains("run it again"), "\(own.stdout)")
        }
    }

    @Test("lint --platform-file reports each defect of hand-written files at its line, exit 1; JSON lists them")
    func lintPlatformFiles() throws {
        let result = try RouteLint.run([
            "lint", Self.androidFixture + "/shop.routes.yaml", "--platform-file", Self.androidFixture + "/AndroidManifest.xml",
            "--format", "json",
        ])
        #expect(result.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let rules = Set(findings.compactMap { $0["rule"] as? String })
        #expect(rules == ["unclaimed-route", "api-level-limit", "app-link-setup", "platform-pattern"])
        let rejected = try #require(findings.first { ($0["message"] as? String)?.contains("Set was not terminated!") == true })
        #expect(rejected["file"] as? String == Self.androidFixture + "/AndroidManifest.xml")
        #expect(rejected["line"] as? Int == 18)
        let notAPlatformFile = try RouteLint.run(["lint", "Manifests", "--platform-file", "README.md"])
        #expect(notAPlatformFile.status == 2)
        #expect(notAPlatformFile.stderr.contains("'README.md' is not named as a platform link file"))
    }

    @Test("an apple-app-site-association with substitution variables and percentEncoded false, through lint and resolve")
    func variablesAndDecodedPaths() throws {
        let manifest = try String(
            contentsOf: RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/err/platform-ios/shop.routes.yaml"),
            encoding: .utf8)
        let association = """
            {"applinks": {"substitutionVariables": {"section": ["products", "orders"]}, "details": [{"appIDs": ["ABCDE12345.com.example.shop"],
              "components": [
                {"/": "/?*/?*/?*", "exclude": true}, {"/": "/products/new", "exclude": true},
                {"/": "/$(section)/?*", "percentEncoded": false}, {"/": "/$(sections)/?*"},
                {"/": "/?*/?*", "exclude": true}, {"/": "/?*", "exclude": true}, {"/": "/"}]}]}}
            """
        try GateCommandTests.withFiles(["shop.routes.yaml": manifest, "apple-app-site-association": association]) { directory in
            let lint = try RouteLint.run(["lint", "shop.routes.yaml", "--platform-file", "apple-app-site-association"], in: directory)
            #expect(lint.status == 1)
            let findings: [String] = lint.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") }
            let expected: [String] = [
                "shop.routes.yaml:9:19: error: route 'product' opens https://shop.example.com/products/%2F, which "
                    + "apple-app-site-association does not claim (iOS) [unclaimed-route]",
                "shop.routes.yaml:11:17: error: route 'order' opens https://shop.example.com/orders/%2F, which "
                    + "apple-app-site-association does not claim (iOS) [unclaimed-route]",
                "apple-app-site-association:4:11: error: https://shop.example.com/orders%2Fx opens the app through component "
                    + "'/$(section)/?*' (iOS), but no web route opens it [unrouted-link]",
                "apple-app-site-association:4:61: error: '$(sections)': no variable 'sections' is defined in 'substitutionVariables' "
                    + "or by iOS, so it matches nothing (never the text '$(sections)') and the component matches no URL [platform-pattern]",
                "apple-app-site-association:4:61: warning: component '/$(sections)/?*' is never reached: earlier components "
                    + "decide every URL it matches [shadowed-link-rule]",
            ]
            #expect(findings == expected, "\(lint.stdout)")
            let resolve = try RouteLint.run(
                [
                    "resolve", "--manifest", "shop.routes.yaml", "--platform", "ios", "--platform-file", "apple-app-site-association",
                    "--format", "json", "https://shop.example.com/orders%2F7",
                ], in: directory)
            #expect(resolve.status == 0)
            let decisions = try #require(try JSONSerialization.jsonObject(with: Data(resolve.stdout.utf8)) as? [[String: Any]])
            let match = try #require(((decisions.first?["answers"] as? [[String: Any]])?.first)?["match"] as? [String: Any])
            #expect(match["component"] as? Int == 2 && match["percentEncoded"] as? Bool == false)
            #expect(match["comparedPath"] as? String == "/orders/7")
            #expect(match["variables"] as? [[String: String]] == [["name": "section", "value": "orders"]])
        }
    }

    @Test("Android 15 groups: resolve decides the whole URL (query pieces, fragment, user info) per API range")
    func androidGroups() throws {
        let folder = RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/err/platform-android-groups")
        let urls = [
            "https://shop.example.com/cart?b=2&ref=app", "https://shop.example.com/cart?ref=app&",
            "https://shop.example.com/help/faq?x;print=1",
            "https://user@shop.example.com/x#top", "https://shop.example.com/x#to%70",
        ]
        let resolve = try RouteLint.run(
            [
                "resolve", "--manifest", "shop.routes.yaml", "--platform", "android", "--platform-file",
                "AndroidManifest.xml",
            ] + urls, in: folder)
        #expect(resolve.status == 1)
        #expect(resolve.stderr == "")
        #expect(
            resolve.stdout == """
                https://shop.example.com/cart?b=2&ref=app
                  API 35+     opens the app: android:path '/cart' of a <uri-relative-filter-group> (AndroidManifest.xml:19:41)
                https://shop.example.com/cart?ref=app&
                  API 35+     stays on the web: nothing claims it
                              nearest android:path '/cart' of a <uri-relative-filter-group> (AndroidManifest.xml:19:41)
                              stopped by query: android:query 'ref=app' of a <uri-relative-filter-group>: no piece of the query matches (pieces: 'ref=app&')
                https://shop.example.com/help/faq?x;print=1
                  API 35+     stays on the web: android:pathPrefix '/help/' of a <uri-relative-filter-group> (allow="false") (AndroidManifest.xml:24:47)
                https://user@shop.example.com/x#top
                  API 35+     opens the app: android:fragment 'top' of a <uri-relative-filter-group> (AndroidManifest.xml:32:45)
                https://shop.example.com/x#to%70
                  API 35+     opens the app: android:fragment 'top' of a <uri-relative-filter-group> (AndroidManifest.xml:32:45)

                """)
    }

    @Test("Dynamic App Links: on API 35+ resolve names the rule of assetlinks.json that lets a URL through or keeps it out")
    func dynamicRules() throws {
        let folder = RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/err/platform-android-dynamic")
        let resolve = try RouteLint.run(
            [
                "resolve", "--manifest", "shop.routes.yaml", "--platform", "android", "--platform-file", "AndroidManifest.xml",
                "--platform-file", "assetlinks.json", "https://shop.example.com/products/1", "https://shop.example.com/help/a?x=2&print=1",
            ], in: folder)
        #expect(resolve.status == 1)
        #expect(
            resolve.stdout == """
                https://shop.example.com/products/1
                  API 33–34   opens the app: android:pathAdvancedPattern '/products/[^/]+/{0,1}' (AndroidManifest.xml:12:52)
                  API 35+     opens the app: android:pathAdvancedPattern '/products/[^/]+/{0,1}', let through by dynamic rule 4 {"/": "*"} of assetlinks.json (AndroidManifest.xml:12:52)
                https://shop.example.com/help/a?x=2&print=1
                  API 33–34   opens the app: android:pathAdvancedPattern '/help/.+' (AndroidManifest.xml:13:52)
                  API 35+     stays on the web: dynamic rule 1 {"/": "/help/*", "?": {"print": "1"}, "exclude": true} of assetlinks.json (exclude) (assetlinks.json:11:9)

                """)
    }

    @Test(
        "dynamic-rules at min-sdk 35: generate writes the carve-out as rules, and the files lint with exit 0 together, not the manifest alone"
    )
    func generatedDynamicRules() throws {
        let manifest = """
            manifest: 1
            hosts: [shop.example.com]
            android: {package: com.example.shop, cert-fingerprints: ["\(Self.fingerprint)"], min-sdk: 35, dynamic-rules: true}
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}
              product: {path: /products/:id, activity: main, holder: H, entry: true}
              new-product: {path: /products/new, activity: main, holder: H, entry: true, web: false}

            """
        try GateCommandTests.withFiles(["shop.routes.yaml": manifest]) { directory in
            let generated = try RouteLint.run(["generate", "app-links", "shop.routes.yaml", "--output", "out"], in: directory)
            #expect(generated.status == 0, "\(generated.stderr)")
            #expect(generated.stderr == "")
            let assetLinks = try String(contentsOf: directory.appendingPathComponent("out/assetlinks.json"), encoding: .utf8)
            #expect(assetLinks.contains("\"dynamic_app_link_components\""))
            let together = try RouteLint.run(
                ["lint", "shop.routes.yaml", "--platform-file", "out/AndroidManifest.xml", "--platform-file", "out/assetlinks.json"],
                in: directory)
            #expect(together.status == 0, "\(together.stdout)")
            let alone = try RouteLint.run(["lint", "shop.routes.yaml", "--platform-file", "out/AndroidManifest.xml"], in: directory)
            #expect(alone.status == 1)
            #expect(alone.stdout.contains("https://shop.example.com/products/new opens the app through"), "\(alone.stdout)")
        }
    }

    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test("the configuration's platform-files are checked by a lint of its set, '.' included, and not by a lint of one file outside it")
    func configuredPlatformFiles() throws {
        let manifest = try String(
            contentsOf: RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/err/platform-ios/shop.routes.yaml"),
            encoding: .utf8)
        try GateCommandTests.withFiles([
            ".routelint.yml": "platform-files: [web/.well-known/apple-app-site-association]\n",
            "shop.routes.yaml": manifest,
            "web/.well-known/apple-app-site-association":
                #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/*"}]}]}}"#,
            "other/extra.routes.yaml": "manifest: 1\napp: other\nholders: {H: {}}\nroutes:\n  x: {path: /x, holder: H}\n",
        ]) { directory in
            let whole = try RouteLint.run(["lint", "."], in: directory)
            #expect(whole.status == 2, "\(whole.stdout)\(whole.stderr)")
            #expect(whole.stderr.contains("the route set has 2 apps; name the file's app in 'platform-files'"))
            // With one app, the file belongs to it; found in a hidden folder because it is named.
            try FileManager.default.removeItem(at: directory.appendingPathComponent("other"))
            let checked = try RouteLint.run(["lint", "."], in: directory)
            #expect(checked.status == 1)
            #expect(checked.stdout.contains("[unrouted-link]"))
            #expect(checked.stdout.contains("and 1 platform file in"))
            let oneFile = try RouteLint.run(["lint", "shop.routes.yaml"], in: directory)
            #expect(!oneFile.stdout.contains("platform file"))
        }
    }

    @Test("resolve --platform says whether the OS hands each URL to the app, and what decides; exit 1 when one stays on the web")
    func resolvePlatform() throws {
        let ios = try RouteLint.run([
            "resolve", "--platform", "ios", "https://shop.example.com/products/1", "https://shop.example.com/checkout",
        ])
        #expect(ios.status == 1)
        #expect(
            ios.stdout == """
                https://shop.example.com/products/1
                  iOS         opens the app: component '/products/?*' (Manifests/platform/apple-app-site-association:32:18)
                https://shop.example.com/checkout
                  iOS         stays on the web: component '/checkout' (exclude) (Manifests/platform/apple-app-site-association:65:18)

                """)
        // What stopped a URL: the nearest component, and the part of it that did not match.
        let nearMiss = try RouteLint.run([
            "resolve", "--platform", "ios", "--format", "json", "https://shop.example.com/Products/1",
        ])
        let answer = try #require(
            ((try JSONSerialization.jsonObject(with: Data(nearMiss.stdout.utf8)) as? [[String: Any]])?.first?["answers"]
                as? [[String: Any]])?.first)
        #expect((answer["nearest"] as? [String: Any])?["name"] as? String == "component '/products/?*'")
        #expect((answer["nearest"] as? [String: Any])?["line"] as? Int == 32)
        #expect((answer["stoppedBy"] as? [[String: String]])?.map { $0["kind"] } == ["case-sensitive"])
        // A file decides the URLs of its hosts only; the user info is not part of the host.
        let hosts = try RouteLint.run([
            "resolve", "--platform", "ios", "https://evil.test/products/1", "https://user@shop.example.com/products/1",
        ])
        #expect(hosts.status == 1)
        #expect(
            hosts.stdout == """
                https://evil.test/products/1
                  iOS         stays on the web: the file is served for 'shop.example.com', not for 'evil.test'
                https://user@shop.example.com/products/1
                  iOS         opens the app: component '/products/?*' (Manifests/platform/apple-app-site-association:32:18)

                """)
        let android = try RouteLint.run(["resolve", "--platform", "android", "https://shop.example.com/orders/7/"])
        #expect(android.status == 0)
        #expect(android.stdout.contains("API 31–34   opens the app: android:pathAdvancedPattern '/orders/[^/]+/{0,1}'"))
        let notWeb = try RouteLint.run(["resolve", "--platform", "ios", "shop://products/1"])
        #expect(notWeb.status == 2)
        #expect(notWeb.stdout == "shop://products/1 → not an https URL with a host\n")
    }

    @Test("resolve --platform --format json gives each answer's platform, API levels, verdict and what decides, with its position")
    func resolvePlatformJSON() throws {
        let result = try RouteLint.run([
            "resolve", "--platform", "android", "--format", "json", "https://shop.example.com/orders/7/", "shop://orders/7",
        ])
        #expect(result.status == 2)
        let decisions = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(decisions.map { $0["url"] as? String } == ["https://shop.example.com/orders/7/", "shop://orders/7"])
        #expect(decisions[1]["problem"] as? String == "not an https URL with a host")
        let answers = try #require(decisions[0]["answers"] as? [[String: Any]])
        #expect(answers.count == 2)
        let first = answers[0]
        #expect(first["platform"] as? String == "android")
        #expect((first["apiLevels"] as? [String: Any])?["from"] as? Int == 31)
        #expect((first["apiLevels"] as? [String: Any])?["through"] as? Int == 34)
        #expect((answers[1]["apiLevels"] as? [String: Any])?["through"] is NSNull)
        #expect(first["opensApp"] as? Bool == true)
        #expect(first["decidedBy"] as? String == "android:pathAdvancedPattern '/orders/[^/]+/{0,1}'")
        #expect(first["file"] as? String == "Manifests/platform/AndroidManifest.xml")
        #expect(first["line"] as? Int != nil && first["column"] as? Int != nil)
    }

    @Test("hostile platform files end with a finding, never a crash or a hang")
    func hostileFiles() throws {
        try GateCommandTests.withFiles([
            "app.routes.yaml": "manifest: 1\nhosts: [example.com]\nholders: {H: {}}\nroutes:\n  home: {path: /, holder: H}\n",
            "deep/AndroidManifest.xml": String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000),
            "bomb/app.entitlements": """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <plist><dict><key>com.apple.developer.associated-domains</key><array><string>&lol2;</string></array></dict></plist>
            """,
            "external/AndroidManifest.xml": """
            <?xml version="1.0"?>
            <!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <manifest>&xxe;</manifest>
            """,
            "nested/apple-app-site-association": String(repeating: "[", count: 100_000),
            "binary/assetlinks.json": String(decoding: [0xFF, 0xFE, 0x00, 0x01, 0x80], as: UTF8.self),
            // Bytes the declared encoding cannot convert: libxml2 reports them outside its reader.
            "encoding/AndroidManifest.xml": "<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<manifest>\u{FFFD}</manifest>",
        ]) { directory in
            let result = try RouteLint.run(
                [
                    "lint", "app.routes.yaml", "--platform-file", "deep/AndroidManifest.xml", "--platform-file", "bomb/app.entitlements",
                    "--platform-file", "external/AndroidManifest.xml", "--platform-file", "nested/apple-app-site-association",
                    "--platform-file", "binary/assetlinks.json", "--platform-file", "encoding/AndroidManifest.xml",
                ], in: directory)
            #expect(result.status == 1)
            #expect(result.stdout.components(separatedBy: "[platform-file-syntax]").count - 1 == 6, "\(result.stdout)")
            #expect(result.stdout.contains("encoding/AndroidManifest.xml:1:1: error: the file is not well-formed: input conversion failed"))
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(!result.stdout.contains("root:"))
        }
    }

    @Test("an apple-app-site-association over 128 KB is its size finding, and nothing of it is read")
    func oversizedAssociation() throws {
        // Another app's ID and a path of 200,000 characters: what iOS never reads is not judged.
        let association =
            #"{"applinks": {"details": [{"appIDs": ["ZZZZZ99999.com.other"], "components": [{"/": "/"#
            + String(repeating: "a", count: 200_000) + #""}]}]}}"#
        try GateCommandTests.withFiles([
            "app.routes.yaml": "manifest: 1\nhosts: [example.com]\nios: {app-ids: [ABCDE12345.com.example.app]}\n"
                + "activities: {main: {}}\ntabs: {home: {activity: main, index: 0, root: home, icon: i}}\n"
                + "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H}\n",
            "apple-app-site-association": association,
        ]) { directory in
            let result = try RouteLint.run(
                ["lint", "app.routes.yaml", "--platform-file", "apple-app-site-association", "--format", "json"], in: directory)
            #expect(result.status == 1)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(findings.compactMap { $0["rule"] as? String } == ["association-size"], "\(result.stdout)")
        }
    }
}
