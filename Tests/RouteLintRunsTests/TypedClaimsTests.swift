import RouteLintTestSupport
import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules
@testable import RouteLintGeneration

/// The claimed set of typed routes (docs/app-links.md, "Typed routes and query items"): the
/// automaton tells integers, UUIDs and other segments apart as resolution does, Android's
/// advanced patterns claim the typed set exactly from API 31, and where a platform cannot say
/// a type the files claim a superset that lint reports as `typed-link-limit`, never as an error.
@Suite("Typed claims")
struct TypedClaimsTests {
    static let shop =
        ClaimReference.header + """
              product: {path: /products/:id, params: {id: int}, activity: main, holder: H, entry: true}
              product-slug: {path: /products/:slug, activity: main, holder: H, entry: true, web: false}
              color: {path: /colors/:c, params: {c: [red, "dark blue"]}, activity: main, holder: H, entry: true}
              order: {path: /orders/:o/items, params: {o: uuid}, activity: main, holder: H, entry: true}
              search: {path: /search, query: {q: string}, activity: main, holder: H, entry: true}
              users: {path: /search, query: {type: {type: [users], required: true}}, activity: main, holder: H, entry: true}
              repos: {path: /search, query: {type: {type: [repos], required: true}}, activity: main, holder: H, entry: true, web: false}
            """

    /// Segments a path is made of in the exhaustive checks: words, integers (one too long),
    /// UUIDs in both cases, a near-UUID, and values of listed types.
    static let segments = [
        "a", "b", "red", "1", "7", "-3", "42", "x", "-", "1234567890123456789", "00000000-0000-0000-0000-00000000000a",
        "ABCDEF01-2345-6789-ABCD-EF0123456789", "00000000-0000-0000-0000-00000000000", "dark%20blue",
    ]

    /// Every path of up to `depth` of `segments`, with and without a trailing `/`.
    static func paths(depth: Int) -> [String] {
        var level = [""]
        var paths = ["/"]
        for _ in 0..<depth {
            level = level.flatMap { prefix in segments.map { prefix + "/" + $0 } }
            paths += level + level.map { $0 + "/" }
        }
        return paths
    }

    /// Whether `language` holds `path`, read a unit at a time.
    static func accepts<Language: PathLanguage>(_ language: Language, _ path: String) -> Bool? {
        language.accepts(path.utf16.reduce(language.start) { language.step($0, $1) })
    }

    /// A random typed route set that lints without errors, from `random`.
    static func randomTypedSet(_ random: inout SeededRandom) -> (manifest: String, app: AppModel)? {
        var routes: [String] = []
        let literals = ["a", "b", "1", "7"]
        for index in 0..<Int.random(in: 2...6, using: &random) {
            var segments: [String] = []
            var params: [String] = []
            for position in 0..<Int.random(in: 1...3, using: &random) {
                if Bool.random(using: &random) {
                    segments.append(literals.randomElement(using: &random)!)
                    continue
                }
                let name = "p\(position)"
                segments.append(":" + name)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: params.append("\(name): int")
                case 1: params.append("\(name): uuid")
                case 2: params.append("\(name): [\(["a", "\"1\"", "red", "x"].shuffled(using: &random).prefix(2).joined(separator: ", "))]")
                default: break
                }
            }
            if Int.random(in: 0..<5, using: &random) == 0 { segments.append("**") }
            let web = Int.random(in: 0..<4, using: &random) == 0 ? ", web: false" : ""
            let typed = params.isEmpty ? "" : ", params: {\(params.joined(separator: ", "))}"
            routes.append("  r\(index): {path: /\(segments.joined(separator: "/"))\(typed), activity: main, holder: H, entry: true\(web)}")
        }
        let manifest = ClaimReference.header + routes.joined(separator: "\n") + "\n"
        let linted = lint(manifest)
        guard linted.findings.allSatisfy({ $0.severity != .error }), let app = linted.apps.first else { return nil }
        return (manifest, app)
    }

    @Test("on random typed route sets the automaton claims exactly the paths resolution opens a web route for, in both spellings")
    func claimedSetMatchesResolution() throws {
        var random = SeededRandom(state: 50)
        let paths = Self.paths(depth: 3)
        var sets = 0
        var typedDecisions = 0
        while sets < 40 {
            guard let (manifest, app) = Self.randomTypedSet(&random) else { continue }
            sets += 1
            let resolver = URLResolver(apps: [app])
            let encoded = ClaimedSegments(app, spelling: .encoded)
            let decoded = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .decoded))
            if encoded.tellsShapesApart { typedDecisions += 1 }
            // A path with a trailing '/' is claimed as the path without it: resolved once.
            var claimed: [Substring: Bool] = [:]
            for path in paths {
                let bare = path.count > 1 && path.hasSuffix("/") ? path.dropLast() : Substring(path)
                let expected = claimed[bare] ?? ClaimReference.claimed(String(bare), app: app, resolver: resolver)
                claimed[bare] = expected
                let inDomain = !path.contains("%")
                if inDomain || ClaimedPathLanguage.isEncodedSpelling(path) {
                    #expect(Self.accepts(ClaimedPathLanguage(segments: encoded), path) == expected, "\(path) in\n\(manifest)")
                }
                if inDomain {
                    #expect(Self.accepts(decoded, path) == expected, "\(path) decoded in\n\(manifest)")
                }
            }
        }
        // Most sets decide integers or UUIDs apart from other segments somewhere.
        #expect(typedDecisions > 20)
    }

    @Test(
        "on random typed route sets the generated files claim supersets: exactly from API 31 on Android where no form is widened, and never less"
    )
    func generatedClaimsAreSupersets() throws {
        var random = SeededRandom(state: 51)
        var sets = 0
        var exactAndroid = 0
        while sets < 40 {
            guard let (manifest, app) = Self.randomTypedSet(&random) else { continue }
            sets += 1
            let resolver = URLResolver(apps: [app])
            let apple = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
            guard
                case .compared(let appleWitnesses) = PathLanguageComparison.compare(
                    apple, AppleComponentLanguage(AppleAssociation.components(for: app)))
            else {
                Issue.record("undecided")
                continue
            }
            for witness in appleWitnesses {
                #expect(!witness.inFirst, "iOS under-claims \(witness.text) in\n\(manifest)")
                let claimed = ClaimReference.claimed(witness.text, app: app, resolver: resolver)
                #expect(!claimed, "iOS: \(witness.text) in\n\(manifest)")
            }
            let segments = ClaimedSegments(app, spelling: .decoded)
            let paths = AndroidLinkPaths.webPaths(segments, minimumSDK: 31, inexact: .claimLess)
            let language = AndroidFilterLanguage([AndroidIntentFilter(paths: paths.attributes)], apiLevel: 31)
            guard case .compared(let androidWitnesses) = PathLanguageComparison.compare(ClaimedPathLanguage(segments: segments), language)
            else {
                Issue.record("undecided")
                continue
            }
            if paths.isExactFromAdvanced {
                exactAndroid += 1
                #expect(androidWitnesses.map(\.text) == [], "\(paths.attributes.map(\.pattern)) in\n\(manifest)")
            }
            for witness in androidWitnesses {
                #expect(!witness.inFirst, "Android under-claims \(witness.text) in\n\(manifest)")
                let claimed = ClaimReference.claimed(witness.text, app: app, resolver: resolver)
                #expect(!claimed, "Android: \(witness.text) in\n\(manifest)")
            }
        }
        #expect(exactAndroid > 20)
    }

    @Test("from API 31 Android claims integers, UUIDs and listed values exactly; AASA claims the smallest superset it can say")
    func shopClaims() throws {
        let app = try #require(lint(Self.shop).apps.first)
        let segments = ClaimedSegments(app, spelling: .decoded)
        let paths = AndroidLinkPaths.webPaths(segments, minimumSDK: 31, inexact: .claimLess)
        #expect(paths.isExactFromAdvanced)
        #expect(
            paths.attributes.map(\.pattern) == [
                "/", "/colors/dark blue", "/colors/dark blue/", "/colors/red", "/colors/red/", "/search", "/search/",
                "/orders/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/items/{0,1}",
                "/products/-{0,1}[0-9]{1,18}/{0,1}",
            ])
        let claims = [
            ("/products/42", true), ("/products/-7", true), ("/products/007/", true), ("/products/abc", false),
            ("/products/1234567890123456789", false), ("/products/-", false), ("/colors/red", true), ("/colors/dark blue", true),
            ("/colors/green", false), ("/orders/0f8fad5b-d9cb-469f-a165-70867728950e/items", true),
            ("/orders/0F8FAD5B-D9CB-469F-A165-70867728950E/items", true), ("/orders/0f8fad5b-d9cb-469f-a165-70867728950/items", false),
            ("/search", true),
        ]
        for (path, claimed) in claims {
            #expect(paths.attributes.contains { $0.matches(path) } == claimed, "\(path)")
        }
        let components = AppleAssociation.components(for: app)
        #expect(
            components.map { "\($0.exclude ? "-" : "+")\($0.path ?? "")\($0.queryItems.map { "?\($0.name)=\($0.pattern)" }.joined())" } == [
                "-/?*/?*/?*/?*", "+/orders/?*/items", "-/?*/?*/?*", "+/colors/red", "+/colors/dark%20blue", "+/products/?*", "-/?*/?*",
                "+/search?type=users", "-/search?type=repos", "+/search", "-/?*", "+/",
            ])
        // iOS's matcher over URLs with a query: the required items are claimed as resolution
        // opens them; the excluded route's URLs stay on the web.
        let resolver = URLResolver(apps: [app])
        for (path, query) in [
            ("/search", nil), ("/search", "type=users"), ("/search", "type=repos"), ("/search", "type=other&q=x"),
            ("/search", "q=x&type=repos"), ("/search", "type="),
        ] {
            let url = path + (query.map { "?" + $0 } ?? "")
            let resolution = resolver.resolve(url)
            let opensWebRoute =
                resolution.status == .resolved && resolution.route.flatMap { app.symbols.lookup($0) }.flatMap(app.route)?.isWeb == true
            let decided = AppleLinkComponent.decide(components, path: path, query: query)
            #expect(decided?.opensApp == opensWebRoute, "\(url)")
        }
    }

    @Test(
        "generate then lint at every min-sdk: no error or warning; iOS's superset is one typed-link-limit note, Android's below 31 the API level's",
        arguments: [21, 26, 31, 35])
    func roundTrip(minimumSDK: Int) throws {
        let (_, warnings, findings) = try AppLinkFilesTests.roundTrip(Self.shop, minimumSDK: minimumSDK)
        #expect(findings.filter { $0.severity != .note }.map { "\($0.rule): \($0.message)" } == [])
        let typed = findings.filter { $0.rule == TypedLinkLimitRule.description.id }
        #expect(
            typed.map(\.message) == [
                "apple-app-site-association cannot say which values 6 typed routes such as 'product' accept: on iOS "
                    + "https://example.com/products/x opens the app though no route opens it, and the app's RouteLink(url:) finds no route for it"
            ])
        #expect(findings.filter { $0.rule == APILevelLimitRule.description.id }.count == (minimumSDK < 31 ? 1 : 0))
        #expect(warnings == [])
    }

    @Test(
        "a hand-written file is judged against the typed set: claiming every segment where only integers open is unrouted-link from API 31")
    func handWrittenFiles() throws {
        let manifest = AppLinkFilesTests.withSettings(Self.shop, minimumSDK: 31)
        let wide = PlatformExamples.androidManifest(
            PlatformExamples.webFilter(
                """
                                <data android:path="/" />
                                <data android:pathAdvancedPattern="/colors/[^/]+/{0,1}" />
                                <data android:path="/search" />
                                <data android:path="/search/" />
                                <data android:pathAdvancedPattern="/orders/[^/]+/items/{0,1}" />
                                <data android:pathAdvancedPattern="/products/[^/]+/{0,1}" />
                """))
        let findings = lint([(name: "test.routes.yaml", contents: manifest), (name: "AndroidManifest.xml", contents: wide)]).findings
        let unrouted = findings.filter { $0.rule == UnroutedLinkRule.description.id }.map(\.message)
        #expect(
            unrouted == [
                "https://example.com/colors/x opens the app through android:pathAdvancedPattern '/colors/[^/]+/{0,1}' (API 31+), "
                    + "but no web route opens it",
                "https://example.com/orders/x/items opens the app through android:pathAdvancedPattern '/orders/[^/]+/items/{0,1}' "
                    + "(API 31+), but no web route opens it",
                "https://example.com/products/x opens the app through android:pathAdvancedPattern '/products/[^/]+/{0,1}' (API 31+), "
                    + "but no web route opens it",
            ])
        #expect(findings.filter { $0.rule == TypedLinkLimitRule.description.id }.isEmpty)
    }
}
