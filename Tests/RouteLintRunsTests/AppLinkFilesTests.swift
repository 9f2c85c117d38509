import RouteLintTestSupport
import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules
@testable import RouteLintGeneration

/// `generate app-links`: the files written claim the claimed set, which is checked twice over —
/// by the comparison the generator runs itself, and by reading the files back as a project's
/// platform files (through the JSON, XML and resource-escape readers) and linting them.
@Suite("generate app-links")
struct AppLinkFilesTests {
    static let settings = """
        hosts: [example.com, "*.example.org"]
        schemes: [shop]
        ios: {app-ids: [ABCDE12345.com.example.app]}
        android: {package: com.example.app, cert-fingerprints: ["\(PlatformExamples.fingerprint)"], min-sdk: MINSDK}

        """

    /// `manifest` with the platform settings added at its top level.
    static func withSettings(_ manifest: String, minimumSDK: Int, inexact: InexactClaims = .claimLess, dynamicRules: Bool = false)
        -> String
    {
        let android = settings.replacingFirst(
            "MINSDK", with: "\(minimumSDK), inexact: \(inexact.rawValue)\(dynamicRules ? ", dynamic-rules: true" : "")")
        return manifest.replacingFirst("manifest: 1\n", with: "manifest: 1\n" + android)
    }

    /// The files generated for `manifest`, the generator's warnings, and the findings of
    /// linting the manifest with the files as its platform files.
    static func roundTrip(
        _ manifest: String, minimumSDK: Int, inexact: InexactClaims = .claimLess, dynamicRules: Bool = false
    ) throws -> (files: [GeneratedFile], warnings: [String], findings: [Finding]) {
        let text = withSettings(manifest, minimumSDK: minimumSDK, inexact: inexact, dynamicRules: dynamicRules)
        let linted = lint(text)
        #expect(linted.findings.filter { $0.severity == .error }.isEmpty, "\(linted.headlines)")
        let app = try #require(linted.apps.first)
        let output = try AppLinkFiles.generate(app, minimumSDK: nil, sources: ["test.routes.yaml"])
        let files = [(name: "test.routes.yaml", contents: text)] + output.files.map { (name: $0.name, contents: $0.contents) }
        let checked = lint(files)
        return (output.files, output.warnings.map(\.text), checked.findings)
    }

    static let carveOuts = ClaimReference.carveOuts

    @Test("from API 31 the files claim exactly the claimed set: read back, they lint clean")
    func exactFromAPI31() throws {
        let (files, warnings, findings) = try Self.roundTrip(Self.carveOuts, minimumSDK: 31)
        #expect(
            files.map(\.name) == [
                "apple-app-site-association", "associated-domains.entitlements", "AndroidManifest.xml", "assetlinks.json",
            ])
        #expect(warnings == [])
        #expect(findings.map { "\($0.rule): \($0.message)" } == [])
    }

    @Test("from API 26 lint of the files gives the note of what API 26–30 misses, with its fix, and no error")
    func underClaimedBelowAPI31() throws {
        let (_, warnings, findings) = try Self.roundTrip(Self.carveOuts, minimumSDK: 26)
        #expect(warnings == [])
        #expect(findings.map(\.rule) == [APILevelLimitRule.description.id], "\(findings.map(\.message))")
        let note = try #require(findings.first)
        #expect(note.severity == .note)
        #expect(note.message.hasPrefix("Android API 26–30 cannot hold a parameter to one segment: AndroidManifest.xml leaves URLs of "))
        #expect(note.message.hasSuffix("'min-sdk: 31' claims them, 'inexact: claim-more' opens them in the app"), "\(note.message)")
    }

    @Test(
        "the Stripe API's routes: generated files lint with no error or warning at every min-sdk and either inexact choice",
        arguments: [21, 26, 31], [InexactClaims.claimLess, .claimMore])
    func stripeAtEveryMinimumSDK(minimumSDK: Int, inexact: InexactClaims) throws {
        let manifest = DatasetTests.manifest(try DatasetTests.templates("paths-stripe-2023-09.txt"))
        let (_, _, findings) = try Self.roundTrip(manifest, minimumSDK: minimumSDK, inexact: inexact)
        #expect(findings.filter { $0.severity != .note }.map { "\($0.rule): \($0.message)" } == [])
        let notes = findings.filter { $0.rule == APILevelLimitRule.description.id }
        #expect(notes.count == (minimumSDK < 31 ? 1 : 0), "\(notes.map(\.message))")
        if let note = notes.first {
            #expect(note.message.contains(inexact == .claimMore ? "claims wider patterns" : "leaves URLs of"), "\(note.message)")
        }
    }

    /// The intent filters of a generated AndroidManifest.xml and the Dynamic App Links rules of
    /// a generated assetlinks.json, read back as a project's files are.
    static func readBack(_ files: [GeneratedFile]) throws -> (filters: [AndroidIntentFilter], rules: [AndroidDynamicRule]) {
        func read(_ name: String, _ kind: PlatformFileKind) throws -> PlatformFile {
            let text = try #require(files.first { $0.name == name }).contents
            return PlatformFile.read(
                PlatformFileSource(file: SourceFile(id: FileID(0), path: name, bytes: Array(text.utf8)), app: nil), kind: kind)
        }
        guard case .androidManifest(let filters) = try read("AndroidManifest.xml", .androidManifest).content,
            case .assetLinks(let statements) = try read("assetlinks.json", .assetLinks).content
        else {
            Issue.record("the generated Android files do not read back")
            return ([], [])
        }
        return (filters.map(\.filter), statements.first?.dynamicRules?.rules ?? [])
    }

    @Test(
        "dynamic-rules: from API 35 a web: false route under a web one is carved out by exclude rules the filters defer to; below, the filters carve it and the rules allow everything"
    )
    func dynamicRules() throws {
        let app = try #require(lint(Self.withSettings(Self.carveOuts, minimumSDK: 35)).apps.first)
        let resolver = URLResolver(apps: [app])
        // `new-product` (/products/new) is written as rules; `review` ends in a parameter and
        // `docs-api` in `**`, which no rule holds to their paths, so the filters keep them out.
        let (files, warnings, findings) = try Self.roundTrip(Self.carveOuts, minimumSDK: 35, dynamicRules: true)
        #expect(warnings == [])
        #expect(findings.map { "\($0.rule): \($0.message)" } == [])
        let (filters, rules) = try Self.readBack(files)
        #expect(
            rules == [
                AndroidDynamicRule(path: "/products/new", exclude: true), AndroidDynamicRule(path: "/products/new/", exclude: true),
                AndroidDynamicRule(path: "*"),
            ])
        let web = filters.filter { $0.schemes == ["https"] }
        let paths = ClaimReference.paths(app, depth: 3).filter { !$0.contains("%") }
        #expect(paths.count > 500)
        for path in paths {
            let claimed = ClaimReference.claimed(path, app: app, resolver: resolver)
            let opens = AndroidReference.opens(web, rules: rules, path: path, query: nil, fragment: nil)
            #expect(opens == claimed, "\(path)")
        }
        // The filters alone open /products/new: the rules carry the carve-out.
        #expect(AndroidReference.opens(web, path: "/products/new", query: nil, fragment: nil))
        #expect(!AndroidReference.opens(web, path: "/products/1/reviews/2", query: nil, fragment: nil))

        let below = try Self.roundTrip(Self.carveOuts, minimumSDK: 31, dynamicRules: true)
        #expect(below.warnings == [])
        #expect(below.findings.map { "\($0.rule): \($0.message)" } == [])
        let (belowFilters, belowRules) = try Self.readBack(below.files)
        #expect(belowRules == [AndroidDynamicRule(path: "*")])
        let belowWeb = belowFilters.filter { $0.schemes == ["https"] }
        #expect(!AndroidReference.opens(belowWeb, path: "/products/new", query: nil, fragment: nil))
    }

    @Test("literals the platforms read as syntax are escaped: the files still claim exactly the routes")
    func escaping() throws {
        let manifest =
            ClaimReference.header + """
                  dots: {path: /v1.0/a+b, activity: main, holder: H, entry: true}
                  star: {path: "/a%2Ab/:id", activity: main, holder: H, entry: true}
                  quotes: {path: "/it's/x@y/:id", activity: main, holder: H, entry: true}
                  braces: {path: "/%7Bx%7D/%5Cy/:id/edit", activity: main, holder: H, entry: true}
                  space: {path: "/a%20b/(c)/:id", activity: main, holder: H, entry: true, web: false}
                  wide: {path: "/:x/(c)/:id", activity: main, holder: H, entry: true}
                """
        let (files, warnings, findings) = try Self.roundTrip(manifest, minimumSDK: 31)
        #expect(warnings == [])
        #expect(findings.map { "\($0.rule): \($0.message)" } == [])
        let android = try #require(files.first { $0.name == "AndroidManifest.xml" }).contents
        // Resource-compiler escapes under XML's, pattern escapes under those.
        #expect(android.contains(#"android:path="/v1.0/a+b""#))
        #expect(android.contains(#"android:pathAdvancedPattern="/a\\*b/(c)/[^/]+/{0,1}""#), "\(android)")
        #expect(android.contains(#"android:pathAdvancedPattern="/it\'s/x@y/[^/]+/{0,1}""#), "\(android)")
        #expect(android.contains(#"android:pathPattern="/{x}/\\\\y/.*/edit""#), "\(android)")
    }

    @Test("the Stripe API's 400 routes: exact on both platforms from API 31")
    func stripe() throws {
        let manifest = DatasetTests.manifest(try DatasetTests.templates("paths-stripe-2023-09.txt"))
        let (files, warnings, findings) = try Self.roundTrip(manifest, minimumSDK: 31)
        #expect(warnings == [])
        #expect(findings.map { "\($0.rule): \($0.message)" } == [])
        #expect(files.allSatisfy { !$0.contents.isEmpty })
    }

    @Test("files are deterministic, and a set without ios or android is refused")
    func determinism() throws {
        let first = try Self.roundTrip(Self.carveOuts, minimumSDK: 31).files
        let second = try Self.roundTrip(Self.carveOuts, minimumSDK: 31).files
        #expect(first == second)
        let app = try #require(lint(Self.carveOuts).apps.first)
        #expect(throws: RouterBlueprint.Problem.self) { try AppLinkFiles.generate(app, minimumSDK: nil, sources: []) }
    }

    @Test("an apple-app-site-association that would name no app, and an assetlinks.json without package or fingerprints, are not written")
    func filesThatWouldOpenNothing() throws {
        let manifest = Self.carveOuts.replacingFirst(
            "manifest: 1\n", with: "manifest: 1\nhosts: [example.com]\nios: {}\nandroid: {package: com.example.app}\n")
        let app = try #require(lint(manifest).apps.first)
        let output = try AppLinkFiles.generate(app, minimumSDK: 31, sources: [])
        #expect(output.files.map(\.name) == ["associated-domains.entitlements", "AndroidManifest.xml"])
        #expect(
            output.warnings.map(\.text) == [
                "apple-app-site-association is not written: 'ios' has no 'app-ids', and iOS opens no link through a file that names no app",
                "assetlinks.json is not written: 'android' has no 'cert-fingerprints', without which Android verifies no link",
            ])
        #expect(output.refusal == nil)
    }

    @Test("a host written *.example.org claims its subdomains: the witness URLs use one")
    func wildcardHosts() throws {
        let (files, _, _) = try Self.roundTrip(Self.carveOuts, minimumSDK: 31)
        let entitlements = try #require(files.first { $0.name == "associated-domains.entitlements" }).contents
        #expect(entitlements.contains("<string>applinks:*.example.org</string>"))
        #expect(
            WitnessPath.url(host: "*.example.org", path: Array("/a".utf16), percentIsLiteral: true) == "https://www.example.org/a")
    }
}
