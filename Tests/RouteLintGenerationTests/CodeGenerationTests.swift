import RouteLintCore
import RouteLintGeneration
import RouteLintTestSupport
import Testing

/// `generate` through Generation's own API, in memory: an app decoded from text, its files
/// made, no run and no disk. The generated code itself is compiled and run by the run tests.
@Suite("Code generation")
struct CodeGenerationTests {
    static let manifest = """
        manifest: 1
        app: shop
        schemes: [shop]
        hosts: [shop.example.com]
        ios: {app-ids: [ABCDE12345.com.example.shop]}
        activities: {main: {}}
        holders: {H: {}}
        routes:
          home: {path: /, activity: main, holder: H, entry: true}
          product: {path: /products/:id, activity: main, holder: H}

        """

    static func generate(_ options: CodeGeneration.Options, manifest: String = manifest) throws(RouterBlueprint.Problem) -> [GeneratedFile]
    {
        let app = apps(fromManifests: [manifest])[0]
        guard
            case .generated(let files, let warnings) = try CodeGeneration.generate(
                app, sources: ["app.routes.yaml"], options, configuredHolderTypes: nil)
        else {
            Issue.record("refused")
            return []
        }
        #expect(warnings.isEmpty)
        return files
    }

    @Test("Swift: the routes, the holders and the runtime, a case per route with its parameters, the manifest named in the header")
    func swift() throws {
        let files = try Self.generate(CodeGeneration.Options(target: .swift))
        #expect(files.map(\.name) == ["Routes.swift", "Holders.swift", "RouteRuntime.swift"])
        let routes = files[0].contents.split(separator: "\n").map(String.init)
        #expect(routes.contains("    case product(id: String)"))
        #expect(routes.contains { $0.hasPrefix("//") && $0.contains("app.routes.yaml") })
    }

    @Test("Kotlin: the package from the app's name unless given; a name that is no package is a problem, not a file")
    func kotlin() throws {
        let files = try Self.generate(CodeGeneration.Options(target: .kotlin))
        #expect(files.map(\.name) == ["Routes.kt", "Holders.kt", "RouteRuntime.kt", "RouteSerializers.kt"])
        #expect(files.allSatisfy { $0.contents.contains("\npackage routes.shop\n") })
        let named = try Self.generate(CodeGeneration.Options(target: .kotlin, package: "com.example.routing"))
        #expect(named.allSatisfy { $0.contents.contains("\npackage com.example.routing\n") })
        #expect(throws: RouterBlueprint.Problem.self) {
            try Self.generate(CodeGeneration.Options(target: .kotlin, package: "com.example-shop"))
        }
    }

    @Test("app links: an association claiming exactly the routes' paths for the app ID, and the entitlements naming the host")
    func appLinks() throws {
        let files = try Self.generate(CodeGeneration.Options(target: .appLinks))
        #expect(files.map(\.name) == ["apple-app-site-association", "associated-domains.entitlements"])
        let association = files[0].contents.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }
        #expect(association.contains(#""ABCDE12345.com.example.shop""#))
        // Longest paths first, each length's other paths excluded after the routes of that length.
        #expect(
            association.filter { $0.hasPrefix(#""/": "#) } == [
                #""/": "/?*/?*/?*","#, #""/": "/products/?*","#, #""/": "/?*/?*","#, #""/": "/?*","#, #""/": "/","#,
            ])
        #expect(files[1].contents.contains("<string>applinks:shop.example.com</string>"))
    }
}
