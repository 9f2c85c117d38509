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
                app, sources: ["app.routes.yaml"], options, configuredHolderTypes: nil, configuredSwiftAccess: nil)
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

    @Test(
        "Swift: every declaration takes the access level asked for, the option's before the configuration's, and tests of internal code import it @testable"
    )
    func swiftAccess() throws {
        let app = apps(fromManifests: [Self.manifest])[0]
        func generated(_ target: GenerationTarget, option: SwiftAccess?, configured: SwiftAccess?) throws(RouterBlueprint.Problem) -> String
        {
            var options = CodeGeneration.Options(target: target)
            options.swiftAccess = option
            guard
                case .generated(let files, _) = try CodeGeneration.generate(
                    app, sources: ["app.routes.yaml"], options, configuredHolderTypes: nil, configuredSwiftAccess: configured)
            else {
                Issue.record("refused")
                return ""
            }
            return files.map(\.contents).joined(separator: "\n")
        }
        /// The declarations of the public surface, as each access level spells them.
        func surface(_ modifier: String) -> [String] {
            ["enum Route:", "enum Presentation:", "enum HolderKind:", "protocol HolderFactory", "struct NavigationPlan:"].map {
                modifier + $0
            }
        }
        let byDefault = try generated(.swift, option: nil, configured: nil)
        for declaration in surface("public ") { #expect(byDefault.contains("\n" + declaration), "\(declaration)") }
        for (option, configured, modifier) in [
            (SwiftAccess.package, nil, "package "), (nil, .internal, ""), (.internal, .package, ""), (.public, .internal, "public "),
        ] as [(SwiftAccess?, SwiftAccess?, String)] {
            let code = try generated(.swift, option: option, configured: configured)
            for declaration in surface(modifier) { #expect(code.contains("\n" + declaration), "\(declaration)") }
            for other in ["public ", "package "] where other != modifier {
                #expect(!code.contains(other), "\(String(describing: option)), \(String(describing: configured)): \(other)")
            }
        }
        #expect(try generated(.tests(.swift), option: nil, configured: .internal).contains("\n@testable import Routes\n"))
        #expect(try generated(.tests(.swift), option: .package, configured: .internal).contains("\nimport Routes\n"))
        #expect(try !generated(.tests(.swift), option: nil, configured: nil).contains("@testable"))
    }

    @Test(
        "Swift: routes whose values have the same types share a case of arguments; make reads and converts each value once, before its switch"
    )
    func swiftValuesOnce() throws {
        let manifest = """
            manifest: 1
            activities: {main: {}}
            holders: {H: {}}
            routes:
              home: {path: /, activity: main, holder: H}
              product: {path: /products/:id, params: {id: int}, query: {ref: string}, activity: main, holder: H}
              order: {path: /orders/:id, params: {id: int}, query: {ref: string}, activity: main, holder: H}
              note: {path: /notes/:text, activity: main, holder: H}

            """
        let routes = try Self.generate(CodeGeneration.Options(target: .swift), manifest: manifest)[0].contents
        let arguments = try #require(routes.ranges(of: "private func arguments0()").first)
        #expect(
            routes[arguments.lowerBound...].hasPrefix(
                """
                private func arguments0() -> [String] {
                        switch self {
                        case .product(let v0, let v1),
                            .order(let v0, let v1):
                            return [String(v0), v1 ?? ""]
                        case .note(let v0):
                            return [v0]
                        default: return []
                        }
                    }
                """))
        let make = try #require(routes.ranges(of: "private static func make0(").first)
        #expect(
            routes[make.lowerBound...].hasPrefix(
                """
                private static func make0(_ ordinal: Int, _ arguments: [String]) -> Route? {
                        let a0 = arguments.count > 0 ? arguments[0] : ""
                        let a1 = arguments.count > 1 ? arguments[1] : ""
                        let c0 = Int(a0)
                        let c1 = a1.isEmpty ? nil : a1
                        switch ordinal {
                        case 0: return .home
                        case 1:
                            guard let v0 = c0 else { return nil }
                            return .product(id: v0, ref: c1)
                        case 2:
                            guard let v0 = c0 else { return nil }
                            return .order(id: v0, ref: c1)
                        case 3: return .note(text: a0)
                        default: return nil
                        }
                    }
                """))
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
