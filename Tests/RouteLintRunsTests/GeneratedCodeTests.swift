import Foundation
import RouteLintTestSupport
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintGeneration
@testable import RouteLintReporting

/// The generated code compiled and run: for every URL of a route set's test list, the Swift
/// and Kotlin routers must answer what `routelint resolve` answers (the same `URLResolver`),
/// every route value must lead back to itself through its path, and every route's typed holder
/// accessor must give, as its holder's own type, the holder made with the route's params and
/// the holder's parents, the same one the general accessor gives; `cleanup` with no active
/// route must release every holder but the app's, once.
@Suite("Generated code, compiled and run")
struct GeneratedCodeTests {
    /// The route sets the generated code is run on: the example app, the Stripe and GitHub APIs,
    /// names that are keywords and members in both languages (holders typed generically), 1,050
    /// routes with a holder each (holders named), typed parameters and query items, the plan
    /// cases of `NavigationPlanTests` and a random app of sheets, stacks, `up` and flags.
    static func routeSets() throws -> [RouteSet] { try madeRouteSets.get() }

    /// A route set the generated code is run on, and the URLs its test list adds to a path of
    /// each route.
    typealias RouteSet = (name: String, files: [SourceFile], extraURLs: [String])

    /// The route sets, made once: every test of these suites reads them, and making the
    /// datasets' sets lints them three times.
    private static let madeRouteSets = Result { try makeRouteSets() }

    private static func makeRouteSets() throws -> [RouteSet] {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let manifests = try loadFromDisk([root.appendingPathComponent("Manifests").path]).files
        let stripe = DatasetTests.manifest(try DatasetTests.templates("paths-stripe-2023-09.txt"))
        // GitHub's paths less those a route cannot hold or that conflict: the set `generate` takes.
        var githubTemplates = try DatasetTests.templates("paths-github-octokit-2026-08.txt")
        for _ in 0..<3 {
            let failing = Set(
                lint(DatasetTests.manifest(githubTemplates)).findings.filter { $0.severity == .error }.flatMap { finding in
                    finding.subjects.filter { $0.kind == .route }.map(\.name)
                })
            githubTemplates = githubTemplates.enumerated().filter { !failing.contains("r\($0.offset + 1)") }.map(\.element)
        }
        let github = DatasetTests.manifest(githubTemplates)
        // Sheets, stacks, `up`, flags and values carried by name, at random; three tabs whose
        // roots compete for the stack in the second.
        let random = RandomApp.make(seed: 2, count: 24, tabs: 2)
        let randomTabs = RandomApp.make(seed: 11, count: 30, tabs: 3)
        let names = try String(contentsOf: testsDirectory.appendingPathComponent("Fixtures/generate/names.routes.yaml"), encoding: .utf8)
        let typed = try String(contentsOf: testsDirectory.appendingPathComponent("Fixtures/generate/typed.routes.yaml"), encoding: .utf8)
        let noTabs = try String(
            contentsOf: testsDirectory.appendingPathComponent("Fixtures/generate/notabs.routes.yaml"), encoding: .utf8)
        return [
            (
                "manifests", manifests,
                [
                    "/products/new", "/products/new/", "/products/a%2Fb", "/caf%c3%a9/x", "/a//b", "/a/%zz", "/nowhere",
                    "shop://products/42", "shop://products/42?ref=mail", "shop://cart", "other://cart", "https://evil.example/cart",
                    "https://shop.example.com/products/42?tab=home&ref=mail#top", "https://shop.example.com/products/42?tab=brochures",
                    "https://shop.example.com/brochures/7?tab=brochures", "HTTPS://Shop.Example.COM:443/cart",
                    "https://user@shop.example.com/cart", "/items/42", "shop://items/7?tab=products",
                    "https://shop.example.com/items/42?ref=mail", "/items/42/reviews",
                ]
            ),
            (
                "stripe", [SourceFile(id: FileID(0), path: "stripe.routes.yaml", bytes: Array(stripe.utf8))],
                ["/v1/customers/cus_1%20x", "/v1"]
            ),
            ("github", [SourceFile(id: FileID(0), path: "github.routes.yaml", bytes: Array(github.utf8))], ["/repos/o/r/pulls/7"]),
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
            (
                "plans", [SourceFile(id: FileID(0), path: "plans.routes.yaml", bytes: Array(NavigationPlanTests.manifest.utf8))],
                [
                    "/far?tab=home", "/far?tab=more", "/needs/007", "/results/3?kind=used", "/search?q=shoes", "/inner", "/inside",
                    "/new", "/gone", "/lost/x", "/after", "/welcome", "/upped", "/deep", "/shows/7/episodes/9/transcript",
                    "/shows/7/episodes/9", "/manual", "/manual?tab=home",
                ]
            ),
            (
                "random", [SourceFile(id: FileID(0), path: "random.routes.yaml", bytes: Array(random.manifest.utf8))],
                // Each route in the other tab, with its query item, and both.
                random.routes.flatMap { route in
                    let path = "/" + route.id + (route.parameter.map { $0.type == "int" ? "/7" : "/x" } ?? "")
                    return [path + "?tab=t1", path + "?code=q", path + "?code=q&tab=t0"]
                }
            ),
            (
                "tabs", [SourceFile(id: FileID(0), path: "tabs.routes.yaml", bytes: Array(randomTabs.manifest.utf8))],
                // Each route in every tab, and with its query item.
                randomTabs.routes.flatMap { route in
                    let path = "/" + route.id + (route.parameter.map { $0.type == "int" ? "/7" : "/x" } ?? "")
                    return [path + "?tab=t1", path + "?tab=t2", path + "?code=q"]
                }
            ),
            (
                "typed", [SourceFile(id: FileID(0), path: "typed.routes.yaml", bytes: Array(typed.utf8))],
                [
                    "/settings", "typed://settings", "https://typed.example.com/settings", "/levels/0", "typed://levels/0",
                    "typed://levels/5",
                    "/products/42", "/products/042", "/products/-7", "/products/%34%32", "/products/red-shoes",
                    "/products/1234567890123456789", "/products/123456789012345678", "/products/42/reviews?sort=top%20rated",
                    "/products/42/reviews?sort=worst", "/products/x/reviews", "/search", "/search?q=shoes&page=2",
                    "/search?type=users&q=a%26b%3Dc", "/search?type=repos&page=", "/search?type=other&q=x", "/search?page=x",
                    "/search?type=&page=3&page=x", "/search?type=users&type=repos", "/search?q=&q=second",
                    "/orders/0F0E0D0C-0B0A-4908-8706-050403020100?ref=mail", "/orders/0f0e0d0c-0b0a-4908-8706-05040302010",
                    "/orders/not-a-uuid", "/colors/dark%20blue", "/colors/red", "/colors/1", "/colors/blue", "/levels/1?limit=5",
                    "/levels/1", "/levels/3?limit=5", "/levels/2?limit=x", "typed://products/7?tab=home",
                    "https://typed.example.com/search?type=repos&q=%F0%9F%98%80#top", "/pairs/7/x", "/p/x/7", "/p/x/y",
                    "/old-pairs/7/any/x?ref=mail", "typed://p/b/3", "https://typed.example.com/p/b%2Fc/3?ref=r",
                ]
            ),
            (
                "notabs", [SourceFile(id: FileID(0), path: "notabs.routes.yaml", bytes: Array(noTabs.utf8))],
                ["/?tab=main", "notabs://profiles/7?ref=mail&tab=home", "/profiles/x", "/terms?tab=onboarding", "notabs://welcome"]
            ),
        ]
    }

    /// 1,050 routes in 50 areas, with literals, parameters, a wildcard and a `**` each, and a
    /// holder per route: route-scoped with the route's parameters as params, below a tab-scoped
    /// holder per area, below one app-scoped holder (1,101 holders).
    static func thousandRoutes() -> String {
        var text = "manifest: 1\nactivities: {main: {}}\ntabs: {home: {activity: main, index: 0, root: home, icon: house}}\n"
        text += "holders:\n  AppHolder: {scope: app}\n  HomeHolder: {scope: tab, parent: AppHolder}\n"
        var routes = "routes:\n  home: {path: /, holder: HomeHolder}\n"
        for area in 0..<50 {
            text += "  Area\(area)Holder: {scope: tab, parent: AppHolder}\n"
            let paths =
                [
                    "/area\(area)", "/area\(area)/items", "/area\(area)/items/:id", "/area\(area)/items/:id/edit",
                    "/area\(area)/items/new", "/area\(area)/items/:id/parts/:part", "/area\(area)/items/:id/*",
                    "/area\(area)/docs/**", "/area\(area)/users/:user", "/area\(area)/users/:user/orders/:order",
                ]
                + (0..<11).map { "/area\(area)/pages/page-\($0)" }
            for (index, path) in paths.enumerated() {
                let parameters = path.split(separator: "/").filter { $0.hasPrefix(":") }.map { $0.dropFirst() }
                text += "  A\(area)R\(index)Holder: {params: [\(parameters.joined(separator: ", "))], parent: Area\(area)Holder}\n"
                routes += "  a\(area)-r\(index): {path: '\(path)', activity: main, holder: A\(area)R\(index)Holder, entry: true}\n"
            }
        }
        return text + routes
    }

    /// How each route set types its holders.
    static func holderTypes(_ set: String) -> HolderTypes { set == "thousand" ? .named : .generic }

    /// The access level of each route set's Swift: compiled into the driver's module, every level
    /// builds, so one set with named holders is internal and one with generic holders `package`.
    static func swiftAccess(_ set: String) -> SwiftAccess {
        switch set {
        case "thousand": .internal
        case "names": .package
        default: .public
        }
    }

    /// What the drivers print of each route's holder: the route id, then the holder as the
    /// factory describes it, `Name(param=value,…)<parent>`, with `v-NAME` for each parameter.
    /// Made from the model, not from the generated code.
    static func expectedHolders(_ app: AppModel) -> [String] {
        func describe(_ name: String, _ route: Route, depth: Int = 0) -> String {
            guard depth < 64, let holder = app.holder(named: name) else { return "?" }
            let params = app.names(holder.params).map { param in
                let text = app.text(param.value)
                let type = route.queryItem(param.value)?.effectiveType ?? route.parameterType(param.value)
                return "\(text)=\(sampleValue(text, type, app))"
            }
            let parent = holder.parent.map { "<" + describe(app.text($0.value), route, depth: depth + 1) + ">" } ?? ""
            return "\(name)(\(params.joined(separator: ",")))\(parent)"
        }
        return app.routes.map { route in app.text(route.id.value) + "\t" + describe(route.holder.map { app.text($0.value) } ?? "", route) }
    }

    /// The value the drivers give a parameter or query item of `type` named `name`, as generated
    /// code writes it back: `v-NAME` for a string, 7, a UUID in lower case, the first listed value.
    static func sampleValue(_ name: String, _ type: DeclaredType, _ app: AppModel) -> String {
        switch type {
        case .string: return "v-\(name)"
        case .int: return "7"
        case .uuid: return "00010203-0405-4607-8809-0a0b0c0d0e0f"
        case .listed(let values): return String(decoding: PathText.decode(Array(app.text(values[0].value.segment).utf8)), as: UTF8.self)
        }
    }

    /// `sampleValue` as an expression of `kind` in Swift (`swift`) or Kotlin.
    static func sampleExpression(_ parameter: RouterBlueprint.Parameter, _ plan: RouterBlueprint, swift: Bool) -> String {
        switch parameter.kind {
        case .string: return swift ? SwiftGenerator.literal("v-\(parameter.name)") : KotlinGenerator.literal("v-\(parameter.name)")
        case .int: return swift ? "7" : "7L"
        case .uuid:
            let text = "00010203-0405-4607-8809-0a0b0c0d0e0f"
            return swift ? "UUID(uuidString: \(SwiftGenerator.literal(text)))!" : KotlinGenerator.literal(text)
        case .listed(let index):
            let values = plan.valueEnums[index]
            return swift
                ? ".\(SwiftGenerator.name(values.caseNames[0]))" : "\(values.typeName).\(KotlinGenerator.entry(values.caseNames[0]))"
        }
    }

    /// What the drivers print after `cleanup` with no active route: how many holders it
    /// released, each holder outside the app scope once per key its routes made it under.
    static func expectedReleases(_ plan: RouterBlueprint) -> String {
        var keys = Set<String>()
        for route in plan.routes {
            var current = plan.holder(route.holder)
            var seen = Set<String>()
            while let holder = current, seen.insert(holder.name).inserted {
                switch holder.scope {
                case .route: keys.insert("\(holder.name) route \(route.id)")
                case .tab: keys.insert("\(holder.name) tab \(route.tab ?? "-")")
                case .activity: keys.insert("\(holder.name) activity \(route.activity ?? "-")")
                case .app: break
                }
                current = holder.parent.flatMap(plan.holder)
            }
        }
        return "released \(keys.count)"
    }

    /// What `routelint resolve` says of each URL, in the drivers' format: route, tab,
    /// parameters and query, or `-` when the URL does not resolve to one route.
    /// A typed value is printed as generated code writes it back: an `int` without leading
    /// zeros, a `uuid` in lower case. The last column is the declared query items the route
    /// takes from the URL (or from their defaults), in manifest order.
    static func expected(_ urls: [String], _ result: LintResult) -> [String] {
        let resolver = URLResolver(apps: result.apps)
        func written(_ pair: URLResolver.Pair) -> String {
            "\(pair.name)=\(pair.type?.canonical(pair.value) ?? pair.value)"
        }
        return urls.map { url in
            let resolution = resolver.resolve(url)
            guard resolution.status == .resolved, let route = resolution.route else { return "-" }
            let parameters = resolution.parameters.map(written).sorted().joined(separator: "&")
            // The URL's own items, less the `tab` items when one chose the tab.
            var raw = (try? ParsedURL.parse(url).get())?.query ?? []
            if let tab = raw.first(where: { $0.name == "tab" })?.value, tab == resolution.tab { raw.removeAll { $0.name == "tab" } }
            let query = raw.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let app = result.apps.first { $0.route(named: route) != nil }
            let declared = app.flatMap { app in app.route(named: route).map { route in route.query.map { app.text($0.name.value) } } } ?? []
            let items = declared.compactMap { name in resolution.query.first { $0.name == name && $0.type != nil }.map(written) }
            return [route, resolution.tab ?? "-", parameters, query, items.joined(separator: "&")].joined(separator: "\t") + "\n"
                + planLines(resolution, resolver)
        }
    }

    /// The link's plan as `resolve --plan --format json` gives it, compact, with every flag on
    /// and with every flag off; `-` for none.
    static func planLines(_ resolution: URLResolver.Resolution, _ resolver: URLResolver) -> String {
        ["on", "off"].map { flags in
            guard case .success(let plan)? = resolver.plan(resolution, isOff: { _ in flags == "off" }) else { return "plan \(flags)\t-" }
            return "plan \(flags)\t" + compact(ResolutionReporter.planJSON(plan))
        }.joined(separator: "\n")
    }

    /// JSON without spaces, strings escaped as kotlinx.serialization escapes them: what the
    /// generated code writes.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            var quoted = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\u{8}": quoted += "\\b"
                case "\t": quoted += "\\t"
                case "\n": quoted += "\\n"
                case "\u{C}": quoted += "\\f"
                case "\r": quoted += "\\r"
                case _ where scalar.value < 0x20: quoted += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "\""
        case .integer(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(compact).joined(separator: ",") + "]"
        case .object(let fields): return "{" + fields.map { compact(.string($0.0)) + ":" + compact($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// A path of each route with a path: parameters, `*` and `**` filled in.
    static func samplePaths(_ app: AppModel) -> [String] {
        app.routes.compactMap { route in
            guard let pattern = route.path?.value else { return nil }
            let segments = pattern.segments.map { segment -> String in
                switch segment {
                case .literal(let symbol): return app.text(symbol)
                case .parameter(let name):
                    switch route.parameterType(name) {
                    case .string: return "v-\(app.text(name))%20%C3%A9"
                    case .int: return "0042"
                    case .uuid: return "0F0E0D0C-0B0A-4908-8706-050403020100"
                    case .listed(let values): return app.text(values[values.count - 1].value.segment)
                    }
                case .wildcard: return "any"
                case .rest: return "rest/of/it"
                }
            }
            return "/" + segments.joined(separator: "/")
        }
    }

    static func generated(
        _ files: [SourceFile], language: GenerationTarget, holderTypes: HolderTypes, package: String = "test.routes",
        serialization: KotlinSerialization = .kotlinx, routeSupertype: String? = nil, swiftAccess: SwiftAccess = .public
    ) throws -> (LintResult, RouterBlueprint, [GeneratedFile]) {
        let result = Linter.lint(files)
        #expect(!result.findings.contains { $0.severity == .error }, "\(result.findings.map(\.message))")
        let app = try #require(result.apps.first)
        var plan = try RouterBlueprint.make(app, sources: files.map(\.path))
        plan.holderTypes = holderTypes
        plan.swiftAccess = swiftAccess
        var options = CodeGeneration.Options(target: language, package: package)
        options.kotlinSerialization = serialization
        options.routeSupertype = routeSupertype
        return (result, plan, try CodeGeneration.files(plan, options))
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

    /// The routes with a holder, fifty to a function of the drivers' holder checks.
    static func holderCheckChunks(_ plan: RouterBlueprint) -> [ArraySlice<RouterBlueprint.RouteEntry>] {
        let routes = plan.routes.filter { plan.holder($0.holder) != nil }
        return stride(from: 0, to: routes.count, by: 50).map { routes[$0..<min($0 + 50, routes.count)] }
    }

    /// Swift that makes every route's holder through its typed accessor, assigned to the
    /// holder's own class (no cast), prints it, and checks that the general accessor gives the
    /// same object.
    static func swiftHolderDriver(_ plan: RouterBlueprint) -> String {
        let named = plan.holderTypes == .named
        let className = { (holder: RouterBlueprint.HolderEntry) in named ? holder.typeName : "Made" + holder.typeName }
        var code = ""
        for holder in plan.holders {
            code += "final class \(className(holder)): CustomStringConvertible {\n"
            code += "    let description: String\n    init(_ description: String) { self.description = description }\n}\n"
        }
        code += "struct Factory: HolderFactory {\n"
        for holder in plan.holders {
            let parent = holder.parent.flatMap(plan.holder)
            let arguments =
                holder.parameters.map { "\(SwiftGenerator.label($0.codeName)): \(SwiftGenerator.type($0, plan))" }
                + (parent.map { ["parent: \(className($0))"] } ?? [])
            let params = holder.parameters.map { parameter in
                let value = SwiftGenerator.name(parameter.codeName)
                let text =
                    parameter.kind == .uuid
                    ? "\(value)\(parameter.isOptional ? "?" : "").uuidString.lowercased()"
                    : parameter.isOptional ? "\(value).map { \"\\($0)\" }" : "\"\\(\(value))\""
                return "\(SwiftGenerator.literal(parameter.name + "=")) + (\(text)\(parameter.isOptional ? " ?? \"\"" : ""))"
            }
            var text =
                "\(SwiftGenerator.literal(holder.name + "(")) + " + (params.isEmpty ? "" : params.joined(separator: " + \",\" + ") + " + ")
            text += "\")\"" + (parent == nil ? "" : " + \"<\" + parent.description + \">\"")
            code +=
                "    func make\(holder.typeName)(\(arguments.joined(separator: ", "))) -> \(className(holder)) { \(className(holder))(\(text)) }\n"
        }
        code += "    func release(_ holder: Holder\(named ? "" : "<Factory>")) { released += 1 }\n}\n\n"
        code += "nonisolated(unsafe) var released = 0\n"
        code += "let registry = HolderRegistry(factory: Factory())\n"
        // In functions of fifty routes each, as an app's code is: as top-level statements they
        // are one function of thousands, which swiftc takes a fifth longer to compile.
        let chunks = holderCheckChunks(plan)
        for (number, chunk) in chunks.enumerated() {
            code += "@MainActor func checkHolders\(number)() {\n"
            for route in chunk {
                let holder = plan.holder(route.holder)!
                let arguments = (route.parameters + route.query).map {
                    "\(SwiftGenerator.label($0.codeName)): \(sampleExpression($0, plan, swift: true))"
                }
                let value = ".\(SwiftGenerator.name(route.caseName))" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
                code += "    do {\n"
                code += "        let holder: \(className(holder)) = registry.\(route.accessorName)(\(arguments.joined(separator: ", ")))\n"
                code += "        print(\(SwiftGenerator.literal(route.id + "\t")) + holder.description)\n"
                code += "        if case .\(SwiftGenerator.name(holder.memberName))(let general) = registry.holder(for: \(value)), "
                code += "general === holder {} else {\n"
                code += "            print(\(SwiftGenerator.literal("general accessor differs: " + route.id)))\n        }\n    }\n"
            }
            code += "}\n"
        }
        for number in chunks.indices { code += "checkHolders\(number)()\n" }
        // HolderKind's written-out init(rawValue:) reads every case back, and nothing past them.
        code +=
            "for kind in HolderKind.allCases where HolderKind(rawValue: kind.rawValue) != kind { print(\"raw value differs: \\(kind.id)\") }\n"
        code +=
            "if HolderKind(rawValue: -1) != nil || HolderKind(rawValue: HolderKind.allCases.count) != nil { print(\"raw value out of range read\") }\n"
        return code + "registry.cleanup(activeRoutes: [])\nprint(\"released \\(released)\")\n"
    }

    static let swiftURLDriver = """
        // Resolves each URL of standard input; prints route, tab, parameters and query, or "-".
        // A route value whose path does not lead back to it prints "round trip failed".
        while let url = readLine() {
            guard let link = RouteLink(url: url) else {
                print("-")
                continue
            }
            let parameters = link.route.parameters.map { "\\($0.key)=\\($0.value)" }.sorted().joined(separator: "&")
            let query = link.query.map { "\\($0.name)=\\($0.value)" }.joined(separator: "&")
            let items = link.route.row.query.compactMap { item in link.route.optionalArgument(item.name).map { "\\(item.name)=\\($0)" } }
            print([link.route.id, link.tab?.rawValue ?? "-", parameters, query, items.joined(separator: "&")].joined(separator: "\\t"))
            for (flags, isOn) in [("on", true), ("off", false)] {
                let plan = link.plan { _ in isOn }
                print("plan \\(flags)\\t" + (plan?.json ?? "-"))
                // The plan and its stack through JSONEncoder and back (what NavigationPath's
                // CodableRepresentation does), and its own text decoded.
                if let plan {
                    let decoded = try JSONDecoder().decode(NavigationPlan.self, from: JSONEncoder().encode(plan))
                    let restored = try JSONDecoder().decode([Route].self, from: JSONEncoder().encode(plan.stack))
                    let text = try JSONDecoder().decode(NavigationPlan.self, from: Data(plan.json.utf8))
                    if decoded != plan || restored != plan.stack || text != plan { print("plan round trip failed: \\(plan.json)") }
                }
            }
            if let path = link.route.path, Route(path: path) != link.route { print("round trip failed: \\(link.route.id) \\(path)") }
        }

        """

    /// The Kotlin of `swiftHolderDriver`, in functions of 50 routes (a JVM method holds 64 KB).
    static func kotlinHolderDriver(_ plan: RouterBlueprint) -> String {
        let named = plan.holderTypes == .named
        let className = { (holder: RouterBlueprint.HolderEntry) in named ? holder.typeName : "Made" + holder.typeName }
        var code = ""
        for holder in plan.holders {
            code += "class \(className(holder))(private val text: String) {\n    override fun toString(): String = text\n}\n"
        }
        let typeArguments = named || plan.holders.isEmpty ? "" : "<" + plan.holders.map(className).joined(separator: ", ") + ">"
        code += "class Factory : HolderFactory\(typeArguments) {\n"
        for holder in plan.holders {
            let parent = holder.parent.flatMap(plan.holder)
            let arguments =
                holder.parameters.map { "\(KotlinGenerator.name($0.codeName)): \(KotlinGenerator.type($0, plan))" }
                + (parent.map { ["parent: \(className($0))"] } ?? [])
            let params = holder.parameters.map {
                "\(KotlinGenerator.literal($0.name + "=")) + \"${\(KotlinGenerator.name($0.codeName))\($0.isOptional ? " ?: \"\"" : "")}\""
            }
            var text =
                "\(KotlinGenerator.literal(holder.name + "(")) + " + (params.isEmpty ? "" : params.joined(separator: " + \",\" + ") + " + ")
            text += "\")\"" + (parent == nil ? "" : " + \"<\" + parent + \">\"")
            code +=
                "    override fun make\(holder.typeName)(\(arguments.joined(separator: ", "))): \(className(holder)) = \(className(holder))(\(text))\n"
        }
        code += "    override fun release(kind: HolderKind, holder: Any?) {\n        released++\n    }\n}\n\nvar released = 0\n\n"
        let chunks = holderCheckChunks(plan)
        for (number, chunk) in chunks.enumerated() {
            code += "fun checkHolders\(number)(registry: HolderRegistry\(typeArguments)) {\n"
            for (index, route) in chunk.enumerated() {
                let holder = plan.holder(route.holder)!
                let arguments = (route.parameters + route.query).map { sampleExpression($0, plan, swift: false) }
                let value =
                    "Route.\(KotlinGenerator.className(route))" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
                code += "    val holder\(index): \(className(holder)) = registry.holder(\(value))\n"
                code += "    println(\(KotlinGenerator.literal(route.id + "\t")) + holder\(index))\n"
                code += "    val general\(index): Route = \(value)\n"
                code += "    if (registry.holder(general\(index)) !== holder\(index)) "
                code += "println(\(KotlinGenerator.literal("general accessor differs: " + route.id)))\n"
            }
            code += "}\n\n"
        }
        code += "fun checkHolders() {\n    val registry = HolderRegistry(Factory())\n"
        for number in chunks.indices { code += "    checkHolders\(number)(registry)\n" }
        return code + "    registry.cleanup(emptySet())\n    println(\"released $released\")\n}\n"
    }

    static let kotlinURLDriver = """
        fun main() {
            checkHolders()
            while (true) {
                val url = readLine() ?: break
                val link = RouteLink.fromUrl(url)
                if (link == null) {
                    println("-")
                    continue
                }
                val parameters = link.route.parameters.map { "${it.key}=${it.value}" }.sorted().joinToString("&")
                val query = link.query.joinToString("&") { "${it.name}=${it.value}" }
                val items = RouteTables.rows[link.route.ordinal].query.mapNotNull { item ->
                    link.route.argument(item.name).let { if (it.length == 0) null else "${item.name}=$it" }
                }
                println(listOf(link.route.id, link.tab?.id ?: "-", parameters, query, items.joinToString("&")).joinToString("\\t"))
                for (flags in listOf("on", "off")) {
                    val plan = link.plan { flags == "on" }
                    println("plan $flags\\t" + (plan?.json ?: "-"))
                    // kotlinx.serialization writes the same bytes and reads them back, the stack too.
                    if (plan != null) {
                        val encoded = Json.encodeToString(NavigationPlan.serializer(), plan)
                        val stack = Json.encodeToString(ListSerializer(Route.serializer()), plan.stack)
                        if (encoded != plan.json || Json.decodeFromString(NavigationPlan.serializer(), encoded) != plan ||
                            Json.decodeFromString(ListSerializer(Route.serializer()), stack) != plan.stack
                        ) {
                            println("plan round trip failed: ${plan.json}")
                        }
                    }
                }
                val path = link.route.path
                if (path != null && Route.fromPath(path) != link.route) println("round trip failed: ${link.route.id} $path")
            }
        }

        """

    @Test(
        "Swift: compiled with swiftc, the router and its plans agree with routelint resolve (plan JSON byte for byte, round-tripped through Codable), every route's path leads back to it, and every typed holder is its holder",
        arguments: ["manifests", "stripe", "github", "names", "thousand", "typed", "plans", "random", "tabs", "notabs"])
    func swift(_ set: String) throws {
        let (_, files, extra) = try #require(try Self.routeSets().first { $0.name == set })
        let (result, plan, generated) = try Self.generated(
            files, language: .swift, holderTypes: Self.holderTypes(set), swiftAccess: Self.swiftAccess(set))
        #expect(generated.map(\.name) == ["Routes.swift", "Holders.swift", "RouteRuntime.swift"])
        if plan.swiftAccess != .public {
            #expect(!generated.contains { $0.contents.contains("public ") }, "\(set): a public declaration in \(plan.swiftAccess) code")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in generated {
            try file.contents.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        // The app's side imports Foundation for its UUIDs and its JSON coders, as apps do.
        try ("import Foundation\n\n" + Self.swiftHolderDriver(plan) + Self.swiftURLDriver).write(
            to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compiled = try Self.run(
            "swiftc",
            ["-swift-version", "6", "-Onone", "-warnings-as-errors", "-package-name", "App"] + generated.map(\.name)
                + ["main.swift", "-o", "driver"],
            in: directory)
        #expect(compiled.status == 0, "\(compiled.output)")
        guard compiled.status == 0 else { return }
        let urls = Self.samplePaths(result.apps[0]) + extra
        let answers = try Self.run("./driver", [], input: urls.joined(separator: "\n") + "\n", in: directory)
        #expect(answers.status == 0)
        let lines = answers.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let expected = (Self.expectedHolders(result.apps[0]) + [Self.expectedReleases(plan)] + Self.expected(urls, result))
            .flatMap { $0.split(separator: "\n").map(String.init) }
        #expect(lines == expected)
        // Lines that differ, for the record: the whole output of a thousand routes is unreadable.
        for (line, wanted) in zip(lines, expected) where line != wanted {
            Issue.record("\(line)\n  expected \(wanted)")
            break
        }
    }

    /// A manifest of an app and nothing else: every enum of its code has no case.
    static let appWithoutRoutes = [SourceFile(id: FileID(0), path: "empty.routes.yaml", bytes: Array("manifest: 1\napp: empty\n".utf8))]

    /// The Swift of an app without routes: enums of no case may not declare a raw type, a `switch`
    /// over none is what their members are, and no closure may take one of their values. Checked
    /// through the compiler's diagnostics (`-emit-sil`), public (the level changes no more than
    /// keywords); its only warnings are that code reached through a `Route`, which has no value,
    /// is never run. The code of an app without tabs is compiled and run with the sets, warnings as
    /// errors.
    @Test("Swift: the code of an app without routes compiles, warned only of code no route reaches")
    func swiftWithoutRoutes() throws {
        let (_, _, generated) = try Self.generated(Self.appWithoutRoutes, language: .swift, holderTypes: .generic)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in generated {
            try file.contents.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        let checked = try Self.run(
            "swiftc", ["-swift-version", "6", "-wmo", "-emit-sil", "-o", "code.sil"] + generated.map(\.name), in: directory)
        #expect(checked.status == 0, "\(checked.output)")
        let warnings = checked.output.split(separator: "\n").filter { $0.contains(": warning:") }
        #expect(warnings.allSatisfy { $0.contains("will never be executed") }, "\(checked.output)")
    }

    /// The Kotlin 2 compiler: `ROUTELINT_KOTLINC`, else the one `scripts/kotlin-toolchain` sets
    /// up in the package's `.build/kotlin`.
    static let kotlinc: String = {
        if let path = ProcessInfo.processInfo.environment["ROUTELINT_KOTLINC"], !path.isEmpty { return path }
        return testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/kotlin/bin/kotlinc")
            .path
    }()

    /// CI always compiles the Kotlin; elsewhere only where the compiler is set up.
    static let compilesKotlin = ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.isExecutableFile(atPath: kotlinc)

    @Test(
        "Kotlin: compiled with Kotlin 2 and kotlinx.serialization, warnings as errors, the router and its plans agree with routelint resolve (plan JSON byte for byte, round-tripped through Json), every route's path leads back to it, and every typed holder is its holder",
        .enabled(if: compilesKotlin),
        arguments: ["manifests", "stripe", "github", "names", "thousand", "typed", "plans", "random", "tabs", "notabs"])
    func kotlin(_ set: String) throws {
        let (_, files, extra) = try #require(try Self.routeSets().first { $0.name == set })
        let (result, plan, _) = try Self.generated(files, language: .kotlin, holderTypes: Self.holderTypes(set))
        let programs = try Self.kotlinPrograms.get()
        if set == "manifests", Self.runsKotlinTests {
            // Every link of the example app opens what the manifests say, under JUnit 4 as a Gradle
            // project with kotlin("test") runs it.
            let junit = try Self.run(
                "java",
                [
                    "-cp", ([programs.jar] + Self.serializationRuntime + Self.junit).joined(separator: ":"), "org.junit.runner.JUnitCore",
                    "\(Self.kotlinPackage(set)).RouteLinkTests",
                ],
                in: programs.directory)
            #expect(junit.status == 0 && junit.output.contains("OK (1 test)"), "\(junit.output)")
        }
        let urls = Self.samplePaths(result.apps[0]) + extra
        let answers = try Self.run(
            "java", ["-cp", ([programs.jar] + Self.serializationRuntime).joined(separator: ":"), "\(Self.kotlinPackage(set)).MainKt"],
            input: urls.joined(separator: "\n") + "\n", in: programs.directory)
        #expect(answers.status == 0)
        let lines = answers.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let expected = (Self.expectedHolders(result.apps[0]) + [Self.expectedReleases(plan)] + Self.expected(urls, result))
            .flatMap { $0.split(separator: "\n").map(String.init) }
        #expect(lines == expected)
        for (line, wanted) in zip(lines, expected) where line != wanted {
            Issue.record("\(line)\n  expected \(wanted)")
            break
        }
    }

    /// The package of a route set's Kotlin program.
    static func kotlinPackage(_ set: String) -> String { "test.routes.\(set)" }

    /// The route sets whose plans `plansCrossLanguages` passes between Swift and Kotlin.
    static let crossLanguageSets = ["manifests", "plans"]

    /// Where the Kotlin programs are, once compiled: the jar and the folder to run them in.
    struct KotlinPrograms: Sendable {
        let directory: URL
        var jar: String { directory.appendingPathComponent("programs.jar").path }
    }

    /// The Kotlin compiles of these suites, made together (`compileKotlin`): the programs they
    /// run and the generated code at language version 2.0.
    struct KotlinCompiles: Sendable {
        let programs: Result<KotlinPrograms, KotlinBuildFailure>
        /// The compile at language version 2.0: its exit status and the compiler's messages.
        let languageVersion2: (status: Int32, output: String)
    }

    static let kotlinCompiles = Result { try compileKotlin() }

    /// Every Kotlin program these suites run, compiled by one kotlinc at its own language
    /// version, warnings as errors: each route set's generated code with its driver in a
    /// package of its own (`test.routes.SET`), the decoder of the sets whose plans cross
    /// languages (`test.routes.SET.decoding`), the example app's generated link tests, its code
    /// without kotlinx.serialization (`test.routes.plain`) and the documented navigator
    /// (`test.routes.navigator`). One compile instead of one a program: most of a small
    /// program's compile is the compiler warming up (docs/development.md).
    static var kotlinPrograms: Result<KotlinPrograms, any Error> {
        kotlinCompiles.flatMap { $0.programs.mapError { $0 } }
    }

    /// Both compiles, in one JVM where the toolchain can (`runKotlinCompiles`), each in a folder
    /// of the package's build folder made anew by each run and left for the next to replace: the
    /// tests run the programs until the process ends.
    private static func compileKotlin() throws -> KotlinCompiles {
        let build = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/tests")
        let programs = build.appendingPathComponent("kotlin-programs")
        let languageVersion2 = build.appendingPathComponent("kotlin-language-version-2")
        let compiles = [try kotlinProgramsCompile(in: programs), try kotlinLanguageVersion2Compile(in: languageVersion2)]
        // With a thousand holders and their driver's class and two checks each, the compiler
        // needs more than its default heap of 256 MB.
        let results = try runKotlinCompiles(compiles, heap: "2g", in: build)
        return KotlinCompiles(
            programs: results[0].status == 0
                ? .success(KotlinPrograms(directory: programs)) : .failure(KotlinBuildFailure(output: results[0].output)),
            languageVersion2: results[1])
    }

    /// The programs' sources written to `directory`, and the arguments that compile them.
    private static func kotlinProgramsCompile(in directory: URL) throws -> [String] {
        try? FileManager.default.removeItem(at: directory)
        var paths: [String] = []
        func write(_ contents: String, _ path: String) throws {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let imports = "import kotlinx.serialization.builtins.ListSerializer\nimport kotlinx.serialization.json.Json\n\n"
        var flags = ["-Werror"] + serializationArguments(classpath: runsKotlinTests ? junit : [])
        for (name, files, _) in try routeSets() {
            let package = kotlinPackage(name)
            let (result, plan, generated) = try generated(files, language: .kotlin, holderTypes: holderTypes(name), package: package)
            for file in generated { try write(file.contents, "\(name)/\(file.name)") }
            // The app's side, in the generated package: named holder types are declared there.
            try write("package \(package)\n\n" + imports + kotlinHolderDriver(plan) + "\n" + kotlinURLDriver, "\(name)/Main.kt")
            if crossLanguageSets.contains(name) {
                try write(
                    "package \(package).decoding\n\nimport \(package).NavigationPlan\n" + kotlinDecodingDriver,
                    "\(name)/decoding/Main.kt")
            }
            // The example app's generated link tests (`generate tests kotlin`).
            if name == "manifests", runsKotlinTests {
                let options = CodeGeneration.Options(target: .tests(.kotlin), package: package)
                guard
                    case .generated(let tests, _) = try CodeGeneration.generate(
                        result.apps[0], sources: [], options, configuredHolderTypes: nil, configuredSwiftAccess: nil)
                else { throw KotlinBuildFailure(output: "no link tests generated") }
                try write(tests[0].contents, "\(name)/\(tests[0].name)")
                try write(kotlinTestShim, "KotlinTestShim.kt")
                flags.append("-Xallow-kotlin-package")
            }
        }
        for file in try plainKotlin() { try write(file.contents, "plain/\(file.name)") }
        for file in try DocumentedNavigatorTests.kotlinProgram(package: "test.routes.navigator") {
            try write(file.contents, "navigator/\(file.name)")
        }
        return flags + paths + ["-include-runtime", "-d", directory.appendingPathComponent("programs.jar").path]
    }

    /// Runs each compile's `arguments` (absolute paths throughout) and gives each one's exit
    /// status and messages. Through `kotlinc-batch` beside `kotlinc` (scripts/kotlin-toolchain)
    /// they share one JVM, which warms the compiler up once: the second compile of these tests
    /// then takes a third of its time cold (docs/development.md). A kotlinc without it
    /// (`ROUTELINT_KOTLINC`) runs each in a process of its own.
    private static func runKotlinCompiles(_ compiles: [[String]], heap: String, in directory: URL) throws -> [(
        status: Int32, output: String
    )] {
        // kotlinc's argument files, each argument quoted as they read it.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let jobs = try compiles.enumerated().map { index, arguments in
            let job = directory.appendingPathComponent("kotlinc-\(index).arguments")
            let quoted = arguments.map {
                "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
            try quoted.joined(separator: "\n").write(to: job, atomically: true, encoding: .utf8)
            return job.path
        }
        let batch = URL(fileURLWithPath: kotlinc).deletingLastPathComponent().appendingPathComponent("kotlinc-batch").path
        guard FileManager.default.isExecutableFile(atPath: batch) else {
            return try jobs.map { try run("JAVA_OPTS=-Xmx\(heap) -Xss2m", [kotlinc, "@" + $0], in: directory) }
        }
        for job in jobs { try? FileManager.default.removeItem(atPath: job + ".status") }
        let ran = try run("JAVA_OPTS=-Xmx\(heap) -Xss2m", [batch] + jobs, in: directory)
        return jobs.map { job in
            // A compile the JVM did not finish (out of memory, say) failed with the JVM's words.
            guard let status = (try? String(contentsOfFile: job + ".status", encoding: .utf8)).flatMap({ Int32($0) }),
                let messages = try? String(contentsOfFile: job + ".messages", encoding: .utf8)
            else { return (ran.status == 0 ? 1 : ran.status, ran.output) }
            return (status, messages)
        }
    }

    /// kotlinc's complaint, for every test that needed the programs.
    struct KotlinBuildFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "the Kotlin programs do not compile:\n\(output)" }
    }

    /// With `encode`, each URL's plan (every flag on) as Swift's `JSONEncoder` writes it, its keys
    /// in an order of its own and `/` escaped, `-` for none and nothing for a URL no route opens;
    /// with `decode`, each line a plan's JSON (or `-`) decoded with `JSONDecoder`, written as its `json`.
    static let swiftCodingDriver = """
        import Foundation

        let encodes = CommandLine.arguments.dropFirst().first == "encode"
        while let line = readLine() {
            if encodes {
                guard let link = RouteLink(url: line) else { continue }
                print(try link.plan().map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) } ?? "-")
            } else if line == "-" {
                print("-")
            } else {
                let plan = try? JSONDecoder().decode(NavigationPlan.self, from: Data(line.utf8))
                print(plan?.json ?? "undecodable: " + line)
            }
        }

        """

    /// The Kotlin of `swiftCodingDriver`'s `decode`, written back with kotlinx.serialization.
    static let kotlinDecodingDriver = """
        import kotlinx.serialization.json.Json

        fun main() {
            while (true) {
                val line = readLine() ?: break
                if (line == "-") {
                    println("-")
                    continue
                }
                val plan = runCatching { Json.decodeFromString(NavigationPlan.serializer(), line) }.getOrNull()
                println(if (plan == null) "undecodable: $line" else Json.encodeToString(NavigationPlan.serializer(), plan))
            }
        }

        """

    @Test(
        "Swift and Kotlin read each other's plans: each URL's plan as JSONEncoder writes it decodes in Kotlin, which writes resolve's bytes, and those decode in Swift to the same plan",
        .enabled(if: compilesKotlin), arguments: crossLanguageSets)
    func plansCrossLanguages(_ set: String) throws {
        let (_, files, extra) = try #require(try Self.routeSets().first { $0.name == set })
        let swift = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-plans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: swift, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: swift) }
        let (result, _, generated) = try Self.generated(files, language: .swift, holderTypes: Self.holderTypes(set))
        for file in generated {
            try file.contents.write(to: swift.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        try Self.swiftCodingDriver.write(to: swift.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let swiftCompiled = try Self.run(
            "swiftc",
            ["-swift-version", "6", "-Onone", "Routes.swift", "Holders.swift", "RouteRuntime.swift", "main.swift", "-o", "driver"],
            in: swift)
        try #require(swiftCompiled.status == 0, "\(swiftCompiled.output)")
        // The set's Kotlin, with its decoder, is among the programs compiled for every test.
        let kotlin = try Self.kotlinPrograms.get()

        let app = result
        let urls = Self.samplePaths(app.apps[0]) + extra
        // resolve's plans with every flag on, for the URLs a route opens.
        let expected = Self.expected(urls, app).flatMap { $0.split(separator: "\n") }.compactMap { line in
            line.hasPrefix("plan on\t") ? String(line.dropFirst("plan on\t".count)) : nil
        }
        #expect(expected.contains { $0 != "-" })
        let encoded = try Self.run("./driver", ["encode"], input: urls.joined(separator: "\n") + "\n", in: swift)
        #expect(encoded.status == 0)
        // Swift's own key order differs from resolve's: what Kotlin reads is not already its answer.
        #expect(encoded.output.split(separator: "\n").map(String.init) != expected)
        let inKotlin = try Self.run(
            "java",
            ["-cp", ([kotlin.jar] + Self.serializationRuntime).joined(separator: ":"), "\(Self.kotlinPackage(set)).decoding.MainKt"],
            input: encoded.output, in: kotlin.directory)
        #expect(inKotlin.status == 0)
        #expect(inKotlin.output.split(separator: "\n").map(String.init) == expected)
        let backInSwift = try Self.run("./driver", ["decode"], input: inKotlin.output, in: swift)
        #expect(backInSwift.status == 0)
        #expect(backInSwift.output.split(separator: "\n").map(String.init) == expected)
    }

    /// JUnit 4, as Debian's junit4 installs it: the runner of the generated kotlin.test tests.
    static let junit = ["/usr/share/java/junit4.jar", "/usr/share/java/hamcrest-core.jar"]

    /// CI always runs the generated Kotlin tests; elsewhere only where JUnit 4 is installed.
    static let runsKotlinTests = ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: junit[0])

    /// What kotlin-test-junit gives a Gradle project beside JUnit 4, and the generated tests
    /// use: `kotlin.test.Test`, JUnit's annotation, and `fail`. The wheel the compiler comes
    /// from has no kotlin-test, and Debian's is Kotlin 1.3's.
    static let kotlinTestShim = """
        @file:JvmName("KotlinTestShim")
        package kotlin.test

        typealias Test = org.junit.Test

        fun fail(message: String? = null): Nothing = throw AssertionError(message)

        """

    /// kotlinx.serialization's runtime, beside the compiler (`scripts/kotlin-toolchain`).
    static let serializationRuntime = ["kotlinx-serialization-core-jvm.jar", "kotlinx-serialization-json-jvm.jar"].map {
        URL(fileURLWithPath: kotlinc).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/\($0)").path
    }

    /// What kotlinc needs for `@Serializable` code: the plugin and the runtime.
    static let serializationArguments = serializationArguments(classpath: [])

    /// `serializationArguments` with `extra` jars on the class path too (kotlinc reads one `-cp`).
    static func serializationArguments(classpath extra: [String]) -> [String] {
        [
            "-Xplugin="
                + URL(fileURLWithPath: kotlinc).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib/kotlinx-serialization-compiler-plugin.jar").path,
            "-cp", (serializationRuntime + extra).joined(separator: ":"),
        ]
    }

    /// The oldest Kotlin the docs promise: each set's generated code, each in a package of its
    /// own, compiled at once at language and API version 2.0 — every set but those that only add
    /// volume (the Stripe and GitHub sets, hundreds of routes of the kinds the other sets have;
    /// the thousand routes, whose named holders the example app's routes have here too), which the
    /// programs compiled at the compiler's own version hold — and an app without routes, whose
    /// enums have no entry. The only warning allowed is the compiler's own, that 2.0 is deprecated.
    @Test(
        "Kotlin: the generated code of every kind compiles at -language-version 2.0 -api-version 2.0, with kotlinx.serialization and without it",
        .enabled(if: compilesKotlin))
    func kotlinLanguageVersion2() throws {
        let compiled = try Self.kotlinCompiles.get().languageVersion2
        #expect(compiled.status == 0, "\(compiled.output)")
        let diagnostics = compiled.output.split(separator: "\n").filter { $0.contains("warning:") || $0.contains("error:") }
        #expect(diagnostics.allSatisfy { $0.contains("language version 2.0 is deprecated") }, "\(compiled.output)")
    }

    /// The sources `kotlinLanguageVersion2` compiles, written to `directory`, and the arguments
    /// that compile them.
    private static func kotlinLanguageVersion2Compile(in directory: URL) throws -> [String] {
        try? FileManager.default.removeItem(at: directory)
        var paths: [String] = []
        func write(_ file: GeneratedFile, _ folder: String) throws {
            let url = directory.appendingPathComponent("\(folder)/\(file.name)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let sets = try routeSets().filter { !["stripe", "github", "thousand"].contains($0.name) }
        let variants =
            sets.map { ($0.name, $0.files, holderTypes($0.name)) } + [("named", sets[0].files, HolderTypes.named)]
            + [("empty", appWithoutRoutes, HolderTypes.generic)]
        for (name, files, holderTypes) in variants {
            let (_, plan, generated) = try generated(files, language: .kotlin, holderTypes: holderTypes, package: "test.routes.\(name)")
            // Named holders are the app's own types, declared in the generated package.
            let holderTypes = plan.holderTypes == .named ? plan.holders.map { "class \($0.typeName)\n" }.joined() : ""
            let types = GeneratedFile(name: "HolderTypes.kt", contents: "package test.routes.\(name)\n\n" + holderTypes)
            for file in generated + [types] { try write(file, name) }
        }
        for file in try plainKotlin() { try write(file, "plain") }
        return ["-language-version", "2.0", "-api-version", "2.0"] + serializationArguments + paths
            + ["-d", directory.appendingPathComponent("classes").path]
    }

    /// The example app's Kotlin for an app without kotlinx.serialization whose routes are its
    /// navigation library's keys (`test.keys.NavKey`), in `test.routes.plain`, with that key.
    static func plainKotlin() throws -> [GeneratedFile] {
        let (_, files, _) = try #require(try routeSets().first)
        let (_, _, plain) = try generated(
            files, language: .kotlin, holderTypes: .generic, package: "test.routes.plain", serialization: .none,
            routeSupertype: "test.keys.NavKey")
        #expect(!plain.contains { $0.contents.contains("import kotlinx") || $0.contents.contains("@Serializable") })
        return plain + [GeneratedFile(name: "NavKey.kt", contents: "package test.keys\n\ninterface NavKey\n")]
    }

    /// What Kotlin Multiplatform's common code cannot use: the JVM's and Android's APIs, and the
    /// JVM-only parts of the standard library.
    static let jvmOnlyNames = [
        "java.", "javax.", "android.", "kotlin.jvm.", "@Jvm", "System", "Locale", "String.format", ".format(", "synchronized",
        "Synchronized", "Thread", "Character", "Charsets", "Charset", "toByteArray(", "Volatile",
    ]

    @Test("Kotlin: nothing JVM-only outside comments and string literals, so that the code builds in a KMP commonMain")
    func kotlinIsCommon() throws {
        for (name, files, _) in try Self.routeSets() {
            for holderTypes in [HolderTypes.generic, .named] {
                let (_, _, generated) = try Self.generated(files, language: .kotlin, holderTypes: holderTypes)
                for file in generated {
                    let code = KotlinSource.code(file.contents)
                    for forbidden in Self.jvmOnlyNames {
                        #expect(!code.contains(forbidden), "\(name) \(holderTypes) \(file.name) uses \(forbidden)")
                    }
                }
            }
        }
    }

    @Test("The KMP check sees code, not comments or literals, and finds what it looks for")
    func kotlinSourceCode() {
        let source = """
            // java.io in a comment
            /* Locale /* nested */ still a comment */ val a = "java.util \\" Thread"
            val b = java.util.Locale.ROOT
            val c = \"\"\"raw "System" text\"\"\" + 'x' + '\\''
            """
        let code = KotlinSource.code(source)
        #expect(!code.contains("io") && !code.contains("Thread") && !code.contains("System") && !code.contains("nested"))
        #expect(code.contains("val b = java.util.Locale.ROOT"))
        #expect(code.contains("val a =") && code.contains("val c ="))
    }
}

/// Kotlin source with its comments and string and character literals blanked, so that a check
/// for names reads only code.
enum KotlinSource {
    static func code(_ text: String) -> String {
        let characters = Array(text.unicodeScalars)
        var code = String.UnicodeScalarView()
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if character == "/" && at(1) == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if character == "/" && at(1) == "*" {
                // Kotlin's block comments nest.
                var depth = 0
                repeat {
                    if at(0) == "/" && at(1) == "*" {
                        depth += 1
                        index += 2
                    } else if at(0) == "*" && at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < characters.count
                code.append(" ")
            } else if character == "\"" && at(1) == "\"" && at(2) == "\"" {
                index += 3
                while index < characters.count && !(at(0) == "\"" && at(1) == "\"" && at(2) == "\"") { index += 1 }
                index += 3
                code.append(contentsOf: "\"\"".unicodeScalars)
            } else if character == "\"" || character == "'" {
                index += 1
                while index < characters.count && characters[index] != character {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index += 1
                code.append(contentsOf: [character, character])
            } else {
                code.append(character)
                index += 1
            }
        }
        return String(code)
    }
}

/// The navigation models of docs/code-generation.md ("Navigation plans"), compiled with the
/// example app's generated code and run on its links: the tab, the stack and the presented
/// routes they end with are the plan `routelint resolve --plan` makes.
@Suite("The documented navigation models, compiled and run")
struct DocumentedNavigatorTests {
    static let urls = [
        "https://shop.example.com/orders/7", "https://shop.example.com/products/42/reviews", "shop://cart",
        "https://shop.example.com/products/42?tab=favorites", "https://shop.example.com/nowhere",
    ]

    /// The code block after `<!-- compiled: NAME -->` in docs/code-generation.md.
    static func snippet(_ name: String) throws -> String {
        let docs = try String(
            contentsOf: testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "docs/code-generation.md"), encoding: .utf8)
        let marker = try #require(docs.range(of: "<!-- compiled: \(name) -->"))
        let rest = docs[marker.upperBound...]
        let open = try #require(rest.range(of: "```"))
        let body = rest[open.upperBound...].drop { $0 != "\n" }.dropFirst()
        let close = try #require(body.range(of: "\n```"))
        return String(body[..<close.lowerBound]) + "\n"
    }

    /// What each URL leaves the model with, by resolve's plan: the tab, the tab's stack, the
    /// presented routes, sign-in; the model's state unchanged for a URL without one.
    static func expected() throws -> [String] {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let result = Linter.lint(try loadFromDisk([root.appendingPathComponent("Manifests").path]).files)
        let resolver = URLResolver(apps: result.apps)
        var tab = "home"
        return urls.map { url in
            guard case .success(let plan)? = resolver.plan(resolver.resolve(url), isOff: { _ in false }) else {
                return "\(tab) - - -"
            }
            tab = plan.tab ?? tab
            return [
                tab, plan.stack.map(\.route).joined(separator: ","),
                plan.presented.map { ([$0.entry] + $0.stack).map(\.route).joined(separator: ">") }.joined(separator: ","),
                String(plan.requiresAuth),
            ].map { $0.isEmpty ? "-" : $0 }.joined(separator: " ")
        }
    }

    @Test("Swift: the documented Navigator applies each link's plan")
    func swift() throws {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let files = try loadFromDisk([root.appendingPathComponent("Manifests").path]).files
        let (_, _, generated) = try GeneratedCodeTests.generated(files, language: .swift, holderTypes: .generic)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-navigator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in generated {
            try file.contents.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        try Self.snippet("swift navigator").write(
            to: directory.appendingPathComponent("Navigator.swift"), atomically: true, encoding: .utf8)
        let driver = """
            let navigator = Navigator()
            for url in [\(Self.urls.map { "\"\($0)\"" }.joined(separator: ", "))] {
                navigator.open(url)
                // A URL without a plan leaves the model as it was.
                let changed = RouteLink(url: url)?.plan() != nil
                let stack = changed ? ([navigator.tab.root] + (navigator.paths[navigator.tab] ?? [])).map(\\.id).joined(separator: ",") : "-"
                let presented = navigator.presented.map { ([$0.route] + $0.stack).map(\\.id).joined(separator: ">") }.joined(separator: ",")
                print(navigator.tab.rawValue, stack, changed ? (presented.isEmpty ? "-" : presented) : "-", changed ? String(navigator.signInFirst) : "-")
            }

            """
        try driver.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compiled = try GeneratedCodeTests.run(
            "swiftc",
            ["-swift-version", "6", "-warnings-as-errors"] + generated.map(\.name) + ["Navigator.swift", "main.swift", "-o", "app"],
            in: directory)
        #expect(compiled.status == 0, "\(compiled.output)")
        guard compiled.status == 0 else { return }
        let output = try GeneratedCodeTests.run("./app", [], in: directory)
        #expect(output.output.split(separator: "\n").map(String.init) == (try Self.expected()))
    }

    @Test("Kotlin: the documented Navigator applies each link's plan", .enabled(if: GeneratedCodeTests.compilesKotlin))
    func kotlin() throws {
        let programs = try GeneratedCodeTests.kotlinPrograms.get()
        let output = try GeneratedCodeTests.run(
            "java",
            ["-cp", ([programs.jar] + GeneratedCodeTests.serializationRuntime).joined(separator: ":"), "test.routes.navigator.MainKt"],
            in: programs.directory)
        #expect(output.output.split(separator: "\n").map(String.init) == (try Self.expected()))
    }

    /// The Kotlin navigator in `package`: the example app's generated code, the documented
    /// Navigator and a driver that opens each URL and prints what the model holds. It is
    /// compiled with every other Kotlin program of the tests (`GeneratedCodeTests.kotlinPrograms`).
    static func kotlinProgram(package: String) throws -> [GeneratedFile] {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let files = try loadFromDisk([root.appendingPathComponent("Manifests").path]).files
        let (_, _, generated) = try GeneratedCodeTests.generated(files, language: .kotlin, holderTypes: .generic, package: package)
        let driver = """
            package \(package)

            fun main() {
                val navigator = Navigator { ArrayList() }
                for (url in listOf(\(Self.urls.map { "\"\($0)\"" }.joined(separator: ", ")))) {
                    navigator.open(url)
                    // A URL without a plan leaves the model as it was.
                    val changed = RouteLink.fromUrl(url)?.plan() != null
                    val stack = if (changed) navigator.stacks.getValue(navigator.tab).joinToString(",") { it.id } else "-"
                    val presented = navigator.presented.joinToString(",") { p -> (listOf(p.route) + p.stack).joinToString(">") { it.id } }
                    println(listOf(navigator.tab.id, stack, if (changed && presented.isNotEmpty()) presented else "-", if (changed) navigator.signInFirst.toString() else "-").joinToString(" "))
                }
            }

            """
        return generated + [
            GeneratedFile(name: "Navigator.kt", contents: "package \(package)\n\n" + (try Self.snippet("kotlin navigator"))),
            GeneratedFile(name: "Main.kt", contents: driver),
        ]
    }
}
