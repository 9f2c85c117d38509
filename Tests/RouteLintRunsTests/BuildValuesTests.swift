import Foundation
import Testing
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRuns

/// Link files as the build makes them (docs/app-links.md, "Files as the build makes them"):
/// placeholders, string resources and build settings filled in from the manifest, the resource
/// folders and `--define`, and a reference found nowhere reported once, never read as a literal.
@Suite("Build values of platform files")
struct BuildValuesTests {
    /// A project in Gradle's layout with an Xcode entitlements file: the release build's values
    /// in the manifest, a beta build type that `--define` describes.
    static let project = testsDirectory.appendingPathComponent("Fixtures/variants").path

    /// The values for a file of `kind` of an app declaring `android` and `ios`, with `defines`,
    /// reading resource folders from `files` (absolute path → text) below `/p`.
    static func values(
        _ kind: String, android: String = "{package: com.example.shop}", ios: String = "{app-ids: [ABCDE12345.com.example.shop]}",
        defines: [String: String] = [:], files: [String: String] = [:]
    ) throws -> BuildValues {
        let linted = lint("manifest: 1\nandroid: \(android)\nios: \(ios)\n")
        let app = try #require(linted.apps.first)
        let fileSystem = InMemoryFileSystem(files)
        var source = PlatformFileSource(file: SourceFile(id: FileID(1), path: "app/src/main/\(kind)", bytes: []), app: nil)
        let resources = ResourceFolders(fileSystem: fileSystem, workingDirectory: "/p", manifestPaths: ["shop.routes.yaml"])
        source.variant = BuildVariant(defines: defines, resources: resources)
        return BuildValues(for: source, app: app)
    }

    /// The built text, or the reference and what gives it.
    static func built(_ result: Result<String, UnresolvedReference>) -> String {
        switch result {
        case .success(let text): return text
        case .failure(let unresolved): return "unresolved \(unresolved.reference): \(unresolved.givenBy)"
        }
    }

    @Test(
        "an AndroidManifest.xml attribute is read as the merger and the resource compiler leave it",
        arguments: [
            ("shop.example.com", "shop.example.com"),
            ("/android/${applicationId}/callback", "/android/com.example.shop/callback"),
            ("${appHost}", "shop.example.com"),
            ("${scheme}://${appHost}", "https://shop.example.com"),
            ("@string/link_host", "links.example.com"),
            // A resource naming another is followed; the release folder overrides main's.
            ("@string/alias_host", "links.example.com"),
            ("@string/app_name", "Shop Release"),
            // Escapes and quotes are the resource compiler's, in the attribute and the resource.
            ("\\@string/link_host", "@string/link_host"),
            ("@string/quoted", "a  b"),
            ("${unclosed", "${unclosed"),
            (
                "${missing}",
                "unresolved ${missing}: set it in 'android.placeholders' ({missing: VALUE}) or with --define missing=VALUE"
            ),
            (
                "@string/nowhere",
                "unresolved @string/nowhere: no <string name=\"nowhere\"> in values/*.xml of 'res/' beside the manifest or of the "
                    + "folders 'android.resources' lists (none in app/src/main/res, app/src/release/res), and no --define nowhere=VALUE"
            ),
            (
                "@android:string/ok",
                "unresolved @android:string/ok: routelint reads the app's own @string/ resources only; give the value with --define"
            ),
            ("@string/loop", "unresolved @string/loop: its string resources refer to each other more than 8 times"),
        ])
    func androidAttribute(_ raw: String, _ expected: String) throws {
        let strings = """
            <resources>
              <string name="app_name">Shop</string>
              <string name="link_host">links.example.com</string>
              <string name="alias_host">@string/link_host</string>
              <string name="quoted">"a  b"</string>
              <string name="loop">@string/loop</string>
            </resources>
            """
        let values = try Self.values(
            "AndroidManifest.xml",
            android:
                "{package: com.example.shop, placeholders: {appHost: shop.example.com, scheme: https}, resources: [app/src/release/res]}",
            files: [
                "/p/app/src/main/res/values/strings.xml": strings,
                "/p/app/src/release/res/values/names.xml": "<resources><string name=\"app_name\">Shop Release</string></resources>",
                "/p/app/src/release/res/values/ignored.txt": "not a values file",
            ])
        #expect(Self.built(values.androidAttribute(raw)) == expected)
    }

    @Test(
        "an entitlements string has its build settings filled in, the team prefix from ios.app-ids",
        arguments: [
            ("applinks:$(APP_LINK_HOST)", "applinks:shop.example.com"),
            ("applinks:${APP_LINK_HOST}", "applinks:shop.example.com"),
            ("applinks:$(APP_LINK_HOST:upper)", "applinks:SHOP.EXAMPLE.COM"),
            ("applinks:$(NESTED)", "applinks:links.shop.example.com"),
            ("$(TeamIdentifierPrefix)com.example.shop", "ABCDE12345.com.example.shop"),
            (
                "applinks:$(APP_LINK_HOST:rfc1034identifier)",
                "unresolved $(APP_LINK_HOST:rfc1034identifier): routelint applies the operators 'lower' and 'upper' only; give the value with --define"
            ),
            ("applinks:$(NONE)", "unresolved $(NONE): set it in 'ios.build-settings' ({NONE: VALUE}) or with --define NONE=VALUE"),
            ("applinks:$(LOOP)", "unresolved $(LOOP): its values refer to each other more than 8 times"),
        ])
    func entitlementString(_ raw: String, _ expected: String) throws {
        let values = try Self.values(
            "Shop.entitlements",
            ios:
                "{app-ids: [ABCDE12345.com.example.shop], build-settings: {APP_LINK_HOST: shop.example.com, NESTED: 'links.$(APP_LINK_HOST)', LOOP: '$(LOOP)'}}"
        )
        #expect(Self.built(values.entitlementString(raw)) == expected)
    }

    @Test("--define overrides the manifest's values and gives the ones it lacks, string resources too")
    func defines() throws {
        let values = try Self.values(
            "AndroidManifest.xml", android: "{package: com.example.shop, placeholders: {appHost: shop.example.com}}",
            defines: ["appHost": "beta.example.com", "applicationId": "com.example.shop.beta", "link_host": "l.example.com"])
        #expect(Self.built(values.androidAttribute("${appHost}/${applicationId}")) == "beta.example.com/com.example.shop.beta")
        #expect(Self.built(values.androidAttribute("@string/link_host")) == "l.example.com")
    }

    // MARK: - The project, as lint and resolve read it

    /// The project linted with `defines`, one text of it replaced; `body` is given the run while
    /// the files are there (`resolve` reads the resource folders again).
    @discardableResult
    static func run(
        _ defines: [String: String] = [:], replacing: (String, String, String)? = nil, then body: (LintRun) throws -> Void = { _ in }
    ) throws -> LintRun {
        var files: [String: String] = [:]
        let root = URL(fileURLWithPath: project)
        for path in [
            ".routelint.yml", "shop.routes.yaml", "app/build.gradle.kts", "app/src/main/AndroidManifest.xml",
            "app/src/main/res/values/strings.xml", "app/src/release/res/values/strings.xml", "ios/Shop.entitlements",
        ] {
            files[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        if let (path, old, new) = replacing {
            files[path] = try #require(files[path]).replacingOccurrences(of: old, with: new)
        }
        var run: LintRun?
        try LintRunTests.withRouteSet(files) { directory in
            var options = LintOptions(input: .paths([]), workingDirectory: directory)
            options.defines = defines
            let performed = try LintRun.perform(options)
            try body(performed)
            run = performed
        }
        return try #require(run)
    }

    static func findings(_ run: LintRun) -> [String] {
        run.active.map { "\(run.files[Int($0.range.file.index)].path):\($0.range.start) \($0.rule): \($0.message)" }
    }

    @Test("the release variant, from the manifest's values and the resources beside the manifest, is clean")
    func releaseVariant() throws {
        let run = try Self.run()
        #expect(Self.findings(run) == [])
        #expect(run.verdict.exitStatus == 0)
        #expect(run.platformFileCount == 2)
    }

    @Test("the beta variant's application ID, given by --define, moves the callback the filter claims")
    func betaVariant() throws {
        let run = try Self.run(["applicationId": "com.example.shop.beta"])
        #expect(
            Self.findings(run) == [
                "shop.routes.yaml:23:28 unclaimed-route: route 'sign-in-callback' opens https://shop.example.com/android/com.example.shop/callback, which AndroidManifest.xml does not claim (API 31+)",
                "app/src/main/AndroidManifest.xml:14:37 unrouted-link: https://shop.example.com/android/com.example.shop.beta/callback opens the app through android:path '/android/com.example.shop.beta/callback' (API 31+), but no web route opens it",
                "app/src/main/AndroidManifest.xml:15:37 unrouted-link: https://shop.example.com/android/com.example.shop.beta/callback/ opens the app through android:path '/android/com.example.shop.beta/callback/' (API 31+), but no web route opens it",
            ])
    }

    @Test(
        "a value found nowhere is one finding at the reference that names what gives it, and nothing about its literal",
        arguments: [
            (
                "shop.routes.yaml", "  placeholders: {appHost: shop.example.com}\n", "",
                "app/src/main/AndroidManifest.xml:10:37 unresolved-build-value: '${appHost}' has no value: set it in 'android.placeholders' ({appHost: VALUE}) or with --define appHost=VALUE; the file is not compared with the routes until it has one"
            ),
            (
                "app/src/main/res/values/strings.xml", "link_host", "other_host",
                "app/src/main/AndroidManifest.xml:11:37 unresolved-build-value: '@string/link_host' has no value: no <string name=\"link_host\"> in values/*.xml of 'res/' beside the manifest or of the folders 'android.resources' lists (none in app/src/main/res, app/src/release/res), and no --define link_host=VALUE; the file is not compared with the routes until it has one"
            ),
            (
                "shop.routes.yaml", "  build-settings: {APP_LINK_HOST: shop.example.com}\n", "",
                "ios/Shop.entitlements:7:3 unresolved-build-value: '$(APP_LINK_HOST)' has no value: set it in 'ios.build-settings' ({APP_LINK_HOST: VALUE}) or with --define APP_LINK_HOST=VALUE; the file is not compared with the routes until it has one"
            ),
        ])
    func foundNowhere(_ path: String, _ old: String, _ new: String, _ expected: String) throws {
        let run = try Self.run(replacing: (path, old, new))
        #expect(Self.findings(run) == [expected])
        #expect(run.verdict.exitStatus == 1)
    }

    @Test("resolve --platform android decides the callback by the path the build makes, and by no literal reference")
    func resolveOnAndroid() throws {
        let url = "https://shop.example.com/android/com.example.shop/callback"
        try Self.run { release in
            let decided = PlatformResolver.resolve([url], platform: .android, platformFiles: release.platformFiles, apps: release.apps)
            #expect(decided.first?.answers.map(\.opensApp) == [true, true])
            #expect(decided.first?.answers.first?.decidedBy == "android:path '/android/com.example.shop/callback'")
        }
        try Self.run(replacing: ("shop.routes.yaml", "  placeholders: {appHost: shop.example.com}\n", "")) { unresolved in
            let refused = PlatformResolver.resolve(
                [url], platform: .android, platformFiles: unresolved.platformFiles, apps: unresolved.apps)
            #expect(refused.first?.answers == [])
            #expect(
                refused.first?.problem?.hasSuffix(
                    "holds a placeholder, resource or build setting with no value; 'routelint lint' with it says which, and how to give it")
                    == true)
        }
    }
}
