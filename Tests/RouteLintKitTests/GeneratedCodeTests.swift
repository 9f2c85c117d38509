import Foundation
import Testing
@testable import RouteLintKit

/// The generated code compiled and run: for every URL of a route set's test list, the Swift
/// and Kotlin routers must answer what `routelint resolve` answers (the same `URLResolver`),
/// and every route value must lead back to itself through its path.
@Suite("Generated code, compiled and run", .serialized)
struct GeneratedCodeTests {
    /// The route sets the generated code is run on: the example app, the Stripe API, names that
    /// are keywords and members in both languages, and a thousand routes.
    static func routeSets() throws -> [(name: String, files: [SourceFile], extraURLs: [String])] {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let manifests = try loadFromDisk([root.appendingPathComponent("Manifests").path]).files
        let stripe = DatasetTests.manifest(try DatasetTests.templates("paths-stripe-2023-09.txt"))
        let names = try String(contentsOf: testsDirectory.appendingPathComponent("Fixtures/generate/names.routes.yaml"), encoding: .utf8)
        return [
            (
                "manifests", manifests,
                [
                    "/products/new", "/products/new/", "/products/a%2Fb", "/caf%c3%a9/x", "/a//b", "/a/%zz", "/nowhere",
                    "shop://products/42", "shop://products/42?ref=mail", "shop://cart", "other://cart", "https://evil.example/cart",
                    "https://shop.example.com/products/42?tab=home&ref=mail#top", "https://shop.example.com/products/42?tab=brochures",
                    "https://shop.example.com/brochures/7?tab=brochures", "HTTPS://Shop.Example.COM:443/cart",
                    "https://user@shop.example.com/cart",
                ]
            ),
            (
                "stripe", [SourceFile(id: FileID(0), path: "stripe.routes.yaml", bytes: Array(stripe.utf8))],
                ["/v1/customers/cus_1%20x", "/v1"]
            ),
            (
                "names", [SourceFile(id: FileID(0), path: "names.routes.yaml", bytes: Array(names.utf8))],
                [
                    "/docs", "/docs/a/b/c", "/search/x/results", "/search/x/y", "/caf%c3%a9/cr%C3%A8me%20br%C3%BBl%C3%A9e",
                    "https://deep.names.example.org/objects", "https://names.example.org/objects", "names://for/x?tab=other&tab=home",
                    "/for/%F0%9F%98%80?q=%E2%82%AC&flag",
                ]
            ),
            (
                "thousand", [SourceFile(id: FileID(0), path: "thousand.routes.yaml", bytes: Array(thousandRoutes().utf8))],
                ["/area7/items/x/edit"]
            ),
        ]
    }

    /// 1,050 routes in 50 areas, with literals, parameters, a wildcard and a `**` each.
    static func thousandRoutes() -> String {
        var text = "manifest: 1\nactivities: {main: {}}\ntabs: {home: {activity: main, index: 0, root: home, icon: house}}\n"
        text += "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H}\n"
        for area in 0..<50 {
            let routes =
                [
                    "/area\(area)", "/area\(area)/items", "/area\(area)/items/:id", "/area\(area)/items/:id/edit",
                    "/area\(area)/items/new", "/area\(area)/items/:id/parts/:part", "/area\(area)/items/:id/*",
                    "/area\(area)/docs/**", "/area\(area)/users/:user", "/area\(area)/users/:user/orders/:order",
                ]
                + (0..<11).map { "/area\(area)/pages/page-\($0)" }
            for (index, path) in routes.enumerated() {
                text += "  a\(area)-r\(index): {path: '\(path)', activity: main, holder: H, entry: true}\n"
            }
        }
        return text
    }

    /// What `routelint resolve` says of each URL, in the drivers' format: route, tab,
    /// parameters and query, or `-` when the URL does not resolve to one route.
    static func expected(_ urls: [String], _ result: LintResult) -> [String] {
        let resolver = URLResolver(apps: result.apps)
        return urls.map { url in
            let resolution = resolver.resolve(url)
            guard resolution.status == .resolved, let route = resolution.route else { return "-" }
            let parameters = resolution.parameters.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
            let query = resolution.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            return [route, resolution.tab ?? "-", parameters, query].joined(separator: "\t")
        }
    }

    /// A path of each route with a path: parameters, `*` and `**` filled in.
    static func samplePaths(_ app: AppModel) -> [String] {
        app.routes.compactMap { route in
            guard let pattern = route.path?.value else { return nil }
            let segments = pattern.segments.map { segment -> String in
                switch segment {
                case .literal(let symbol): return app.text(symbol)
                case .parameter(let name): return "v-\(app.text(name))%20%C3%A9"
                case .wildcard: return "any"
                case .rest: return "rest/of/it"
                }
            }
            return "/" + segments.joined(separator: "/")
        }
    }

    static func generated(_ files: [SourceFile], language: TargetLanguage) throws -> (LintResult, [GeneratedFile]) {
        let result = Linter.lint(files)
        #expect(!result.findings.contains { $0.severity == .error }, "\(result.findings.map(\.message))")
        let app = try #require(result.apps.first)
        let plan = try RoutingPlan.make(app, sources: files.map(\.path))
        return (result, try CodeGeneration.files(plan, .init(language: language, package: "test.routes")))
    }

    static func run(_ executable: String, _ arguments: [String], input: String? = nil, in directory: URL) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = directory
        let outputURL = directory.appendingPathComponent("output-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        process.standardError = output
        if let input {
            let inputURL = directory.appendingPathComponent("input.txt")
            try input.write(to: inputURL, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        }
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8))
    }

    static let swiftDriver = """
        // Resolves each URL of standard input; prints route, tab, parameters and query, or "-".
        // A route value whose path does not lead back to it prints "round trip failed".
        while let url = readLine() {
            guard let link = RouteLink(url: url) else {
                print("-")
                continue
            }
            let parameters = link.route.parameters.map { "\\($0.key)=\\($0.value)" }.sorted().joined(separator: "&")
            let query = link.query.map { "\\($0.name)=\\($0.value)" }.joined(separator: "&")
            print([link.route.id, link.tab?.rawValue ?? "-", parameters, query].joined(separator: "\\t"))
            if let path = link.route.path, Route(path: path) != link.route { print("round trip failed: \\(link.route.id) \\(path)") }
        }

        """

    static let kotlinDriver = """
        import test.routes.Route
        import test.routes.RouteLink

        fun main() {
            while (true) {
                val url = readLine() ?: break
                val link = RouteLink.fromUrl(url)
                if (link == null) {
                    println("-")
                    continue
                }
                val parameters = link.route.parameters.map { "${it.key}=${it.value}" }.sorted().joinToString("&")
                val query = link.query.joinToString("&") { "${it.name}=${it.value}" }
                println(listOf(link.route.id, link.tab?.id ?: "-", parameters, query).joinToString("\\t"))
                val path = link.route.path
                if (path != null && Route.fromPath(path) != link.route) println("round trip failed: ${link.route.id} $path")
            }
        }

        """

    @Test(
        "Swift: compiled with swiftc, the router agrees with routelint resolve, and every route's path leads back to it",
        arguments: ["manifests", "stripe", "names", "thousand"])
    func swift(_ set: String) throws {
        let (_, files, extra) = try #require(try Self.routeSets().first { $0.name == set })
        let (result, generated) = try Self.generated(files, language: .swift)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in generated {
            try file.contents.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        try Self.swiftDriver.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compiled = try Self.run(
            "swiftc", ["-Onone", "-warnings-as-errors", "Routes.swift", "Holders.swift", "main.swift", "-o", "driver"], in: directory)
        #expect(compiled.status == 0, "\(compiled.output)")
        guard compiled.status == 0 else { return }
        let urls = Self.samplePaths(result.apps[0]) + extra
        let answers = try Self.run("./driver", [], input: urls.joined(separator: "\n") + "\n", in: directory)
        #expect(answers.status == 0)
        let lines = answers.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines == Self.expected(urls, result))
    }

    @Test(
        "Kotlin: compiled with kotlinc, the router agrees with routelint resolve, and every route's path leads back to it",
        .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.isExecutableFile(atPath: "/usr/bin/kotlinc")),
        arguments: ["manifests", "stripe", "names", "thousand"])
    func kotlin(_ set: String) throws {
        let (_, files, extra) = try #require(try Self.routeSets().first { $0.name == set })
        let (result, generated) = try Self.generated(files, language: .kotlin)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-kotlin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in generated {
            try file.contents.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        try Self.kotlinDriver.write(to: directory.appendingPathComponent("Main.kt"), atomically: true, encoding: .utf8)
        let compiled = try Self.run(
            "kotlinc", ["-Werror", "Routes.kt", "Holders.kt", "Main.kt", "-include-runtime", "-d", "driver.jar"], in: directory)
        #expect(compiled.status == 0, "\(compiled.output)")
        guard compiled.status == 0 else { return }
        let urls = Self.samplePaths(result.apps[0]) + extra
        let answers = try Self.run("java", ["-jar", "driver.jar"], input: urls.joined(separator: "\n") + "\n", in: directory)
        #expect(answers.status == 0)
        let lines = answers.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines == Self.expected(urls, result))
    }
}
