import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules

/// The apple-app-site-association components routelint writes, evaluated by the platform's
/// matcher (`AppleLinkComponent.decide`), against the claimed set as resolution defines it:
/// a path is claimed when its most specific route, one trailing '/' ignored, is a web route.
@Suite("apple-app-site-association components")
struct AppleAssociationTests {
    /// Whether the app claims `path`, by resolving it.
    static func claimed(_ path: String, app: AppModel, resolver: URLResolver) -> Bool {
        var bare = path
        if bare.count > 1 && bare.hasSuffix("/") { bare.removeLast() }
        let resolution = resolver.resolve(bare)
        guard resolution.status == .resolved, let id = resolution.route,
            let symbol = app.symbols.lookup(id), let route = app.route(symbol)
        else { return false }
        return route.isWeb
    }

    /// Paths to try: each route's path with parameters filled, shorter and longer by a
    /// segment, with and without a trailing '/', and every sequence of up to `depth` segments
    /// drawn from the literals of the set and a value no pattern spells.
    static func paths(_ app: AppModel, depth: Int) -> [String] {
        var literals = Set<String>(["x"])
        var samples: [String] = ["/"]
        for route in app.routes {
            guard let pattern = route.path?.value else { continue }
            var segments: [String] = []
            for segment in pattern.segments {
                switch segment {
                case .literal(let symbol):
                    literals.insert(app.text(symbol))
                    segments.append(app.text(symbol))
                case .parameter, .wildcard: segments.append("v%2Fw")
                case .rest: segments += ["r", "s", "t"]
                }
            }
            for count in 0...segments.count { samples.append("/" + segments.prefix(count).joined(separator: "/")) }
            samples.append("/" + (segments + ["extra"]).joined(separator: "/"))
        }
        var level = [""]
        for _ in 0..<depth {
            level = level.flatMap { prefix in literals.sorted().map { prefix + "/" + $0 } }
            samples += level
        }
        return Array(Set(samples.flatMap { [$0, $0 == "/" ? "/" : $0 + "/"] })).sorted()
    }

    static func check(_ text: String, depth: Int = 3) throws -> Int {
        let linted = lint(text)
        #expect(linted.findings.filter { $0.severity == .error }.isEmpty, "\(linted.headlines)")
        let app = try #require(linted.apps.first)
        let resolver = URLResolver(apps: [app])
        let components = AppleAssociation.components(for: app)
        let paths = paths(app, depth: depth)
        for path in paths {
            let opens = AppleLinkComponent.decide(components, path: path)?.opensApp ?? false
            #expect(opens == claimed(path, app: app, resolver: resolver), "\(path): \(components.map { ($0.path ?? "*", $0.exclude) })")
        }
        return paths.count
    }

    static let header = """
        manifest: 1
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}

        """

    @Test("parameters do not claim deeper paths; a literal beats a parameter; web: false carves out")
    func carveOuts() throws {
        let checked = try Self.check(
            Self.header + """
                  product: {path: /products/:id, activity: main, holder: H, entry: true}
                  new-product: {path: /products/new, activity: main, holder: H, entry: true, web: false}
                  reviews: {path: /products/:id/reviews, activity: main, holder: H, entry: true}
                  review: {path: /products/:id/reviews/:review, activity: main, holder: H, entry: true, web: false}
                  section-new: {path: /:section/new/edit, activity: main, holder: H, entry: true}
                """)
        #expect(checked > 300)
    }

    @Test("'**' routes at every depth, narrowed by deeper and web: false routes, and a root that is not claimed")
    func restRoutes() throws {
        let text = """
            manifest: 1
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H, web: false}
              docs: {path: /docs/**, activity: main, holder: H, entry: true}
              docs-api: {path: /docs/api/**, activity: main, holder: H, entry: true, web: false}
              docs-page: {path: /docs/:page, activity: main, holder: H, entry: true, web: false}
              docs-guide: {path: /docs/guide/:chapter/print, activity: main, holder: H, entry: true}
              anything: {path: /**, activity: main, holder: H, entry: true, web: false}
              files: {path: /files/:id/**, activity: main, holder: H, entry: true}

            """
        #expect(try Self.check(text, depth: 4) > 1_000)
    }

    @Test("the example app and the Stripe API")
    func realSets() throws {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let manifests = try loadFromDisk([root.appendingPathComponent("Manifests").path]).files
        let result = Linter.lint(manifests)
        let app = try #require(result.apps.first)
        let resolver = URLResolver(apps: [app])
        let components = AppleAssociation.components(for: app)
        for path in Self.paths(app, depth: 3) {
            #expect(
                (AppleLinkComponent.decide(components, path: path)?.opensApp ?? false) == Self.claimed(path, app: app, resolver: resolver),
                "\(path)")
        }
        // The checkout route is web: false in the example app.
        #expect(AppleLinkComponent.decide(components, path: "/checkout")?.opensApp == false)
        #expect(try Self.check(DatasetTests.manifest(try DatasetTests.templates("paths-stripe-2023-09.txt")), depth: 1) > 1_000)
    }
}
