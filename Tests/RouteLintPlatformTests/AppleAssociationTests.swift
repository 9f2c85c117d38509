import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// The apple-app-site-association components routelint writes, evaluated by the platform's
/// matcher (`AppleLinkComponent.decide`), against the claimed set as resolution defines it:
/// a path is claimed when its most specific route, one trailing '/' ignored, is a web route.
@Suite("apple-app-site-association components")
struct AppleAssociationTests {
    static func check(_ text: String, depth: Int = 3) throws -> Int {
        let app = try #require(apps(fromManifests: [text]).first)
        let resolver = URLResolver(apps: [app])
        let components = AppleAssociation.components(for: app)
        let paths = ClaimReference.paths(app, depth: depth)
        for path in paths {
            let opens = AppleLinkComponent.decide(components, path: path)?.opensApp ?? false
            #expect(
                opens == ClaimReference.claimed(path, app: app, resolver: resolver),
                "\(path): \(components.map { ($0.path ?? "*", $0.exclude) })")
        }
        return paths.count
    }

    @Test("parameters do not claim deeper paths; a literal beats a parameter; web: false carves out")
    func carveOuts() throws {
        let checked = try Self.check(
            ClaimReference.header + """
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
}
