import RouteLintCore

/// `generate tests swift|kotlin`: a test file for the app's test target that opens each link of
/// the manifests through the generated `RouteLink` and expects what routelint's resolver says
/// of it — the route, its values and its navigation plan with every flag on
/// (docs/testing-links.md, "Generated link tests"). The links are every route's examples and,
/// for a route without one, a URL made from its pattern; the expectations are data, so a test
/// fails (rather than the file failing to compile) once the generated code drifts from the
/// manifests.
enum LinkTestWriter {
    /// One link and what it must do.
    struct Case {
        /// The URL, as the manifest writes it or as made from the pattern.
        let url: String
        /// The route it opens, and the values it carries by name: path parameters, then the
        /// query items the route declares that the URL (or a default) gives.
        let route: String
        let params: [(name: String, value: String)]
        /// Its plan with every flag on; nil when the link has none.
        let plan: NavigationPlan?
    }

    /// The cases of `app`, in route order, and the routes no URL could be made for, with why.
    static func cases(_ app: AppModel) -> (cases: [Case], skipped: [(route: String, reason: String)]) {
        let resolver = URLResolver(apps: [app])
        var cases: [Case] = []
        var skipped: [(route: String, reason: String)] = []
        for route in app.routes {
            let id = app.text(route.id.value)
            var urls = route.examples.map(\.value)
            if urls.isEmpty {
                guard route.path != nil else {
                    skipped.append((id, "it has no path"))
                    continue
                }
                guard let made = madeURL(route, in: app, resolver: resolver) else {
                    skipped.append((id, "no URL made from its pattern opens it"))
                    continue
                }
                urls = [made]
            }
            for url in urls {
                let resolution = resolver.resolve(url)
                // `lint` proves every example opens its route; `generate` runs only on a set that lints clean.
                guard resolution.status == .resolved, let opened = resolution.route else { continue }
                let declared = Set(route.query.map { app.text($0.name.value) })
                let items = resolution.query.filter { $0.type != nil && declared.contains($0.name) }
                let plan: NavigationPlan?
                if case .success(let made)? = resolver.plan(resolution, isOff: { _ in false }) { plan = made } else { plan = nil }
                cases.append(
                    Case(url: url, route: opened, params: (resolution.parameters + items).map { ($0.name, $0.value) }, plan: plan))
            }
        }
        return (cases, skipped)
    }

    /// A URL that opens `route`, made from its pattern with a sample value of each parameter's
    /// type and of each required query item's: on the app's first host when it opens from the
    /// web, else with its first scheme, else the bare path (an in-app route's); nil when none of
    /// them opens the route (a more specific route takes the sample).
    static func madeURL(_ route: Route, in app: AppModel, resolver: URLResolver) -> String? {
        guard let pattern = route.path?.value else { return nil }
        let segments = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let symbol): return app.text(symbol)
            case .parameter(let name): return sample(route.parameterType(name), in: app)
            case .wildcard: return "any"
            case .rest: return "any/path"
            }
        }
        let path = "/" + segments.joined(separator: "/")
        let items = route.query.filter(\.isRequired).map { (app.text($0.name.value), sample($0.effectiveType, in: app)) }
        let id = app.text(route.id.value)
        var origins: [String] = []
        if let host = app.hostNames.first { origins.append("https://\(host.exampleHost)") }
        if let scheme = app.schemes.first { origins.append("\(app.text(scheme.value)):/") }
        let candidates = (origins + [""]).map { URLText.url(origin: $0, path: path, query: items) }
        return candidates.first { url in
            let resolution = resolver.resolve(url)
            return resolution.status == .resolved && resolution.route == id && resolution.notHandedToApp == nil
        }
    }

    /// A value of `type`, as a URL spells it.
    static func sample(_ type: DeclaredType, in app: AppModel) -> String {
        switch type {
        case .string: return "sample"
        case .int: return "42"
        case .uuid: return "123e4567-e89b-42d3-a456-426614174000"
        case .listed(let values): return values.first.map { app.text($0.value.segment) } ?? "sample"
        }
    }

    /// The comment over the cases: what they are, and the routes without one.
    static func preamble(_ skipped: [(route: String, reason: String)], comment: String) -> String {
        var lines = [
            "Each link of the manifests — every route's examples, and for a route without one a URL made",
            "from its pattern — opened through the generated RouteLink: the route and values it must open,",
            "and its navigation plan with every feature flag on, as `routelint resolve --plan` gives them.",
            "A case fails when the generated routing code no longer says what the manifests say.",
        ]
        if !skipped.isEmpty {
            lines.append("Routes without a link here:")
            lines += skipped.map { "  \($0.route): \($0.reason)" }
        }
        return lines.map { comment + " " + $0 }.joined(separator: "\n") + "\n"
    }

    // MARK: - Swift Testing

    /// The Swift Testing file, importing the generated code from module `module`: `@testable`
    /// when the code's declarations are internal (the module built for testing, as a debug
    /// build is).
    static func swiftFile(_ app: AppModel, sources: [String], module: String, access: SwiftAccess) -> GeneratedFile {
        let (cases, skipped) = cases(app)
        let literal = SwiftGenerator.literal
        func values(_ params: [(name: String, value: String)]) -> String {
            params.isEmpty ? "[:]" : "[" + params.map { literal($0.name) + ": " + literal($0.value) }.joined(separator: ", ") + "]"
        }
        func step(_ entry: NavigationPlan.Entry) -> String { ".init(route: \(literal(entry.route)), params: \(values(entry.params)))" }
        func optional(_ text: String?) -> String { text.map(literal) ?? "nil" }
        var text = CodeGeneration.header(sources: sources, comment: "//")
        text += preamble(skipped, comment: "//") + "\n"
        text += """
            import Testing
            \(access == .internal ? "@testable " : "")import \(module)

            @Suite("Route links")
            struct RouteLinkTests {
                @Test("each link opens its route, with its values and its navigation plan", arguments: RouteLinkCase.all)
                func opens(_ link: RouteLinkCase) throws {
                    let opened = try #require(RouteLink(url: link.url), "the generated code opens no route for \\(link.url)")
                    let route = try #require(
                        Route(id: link.route, params: link.params), "the generated code has no route '\\(link.route)' with these values")
                    #expect(opened.route == route)
                    #expect(opened.plan() == (try link.plan.map(Self.navigationPlan)))
                }

                /// The plan `expected` describes, made of the generated types.
                static func navigationPlan(_ expected: RouteLinkCase.Plan) throws -> NavigationPlan {
                    func route(_ step: RouteLinkCase.Step) throws -> Route {
                        try #require(Route(id: step.route, params: step.params), "the generated code has no route '\\(step.route)'")
                    }
                    let presented = try expected.presented.map { item in
                        NavigationPlan.Presented(
                            route: try route(item.step), presentation: try #require(Presentation(rawValue: item.presentation)),
                            stacked: item.stacked, stack: try item.stack.map(route))
                    }
                    return NavigationPlan(
                        activity: try expected.activity.map { try #require(Activity(rawValue: $0), "no activity '\\($0)'") },
                        tab: try expected.tab.map { try #require(Tab(rawValue: $0), "no tab '\\($0)'") },
                        stack: try expected.stack.map(route), presented: presented, requiresAuth: expected.requiresAuth)
                }
            }

            /// A link and what it must do, by the manifest's names.
            struct RouteLinkCase: Sendable, CustomTestStringConvertible {
                struct Step: Sendable {
                    let route: String
                    let params: [String: String]
                }

                struct Presented: Sendable {
                    let step: Step
                    let presentation: String
                    let stacked: Bool
                    let stack: [Step]
                }

                struct Plan: Sendable {
                    let activity: String?
                    let tab: String?
                    let stack: [Step]
                    let presented: [Presented]
                    let requiresAuth: Bool
                }

                let url: String
                let route: String
                let params: [String: String]
                let plan: Plan?

                var testDescription: String { url }

                static let all: [RouteLinkCase] = [

            """
        for link in cases {
            let plan = link.plan.map { plan in
                let presented = plan.presented.map { item in
                    ".init(step: \(step(item.entry)), presentation: \(literal(item.presentation.rawValue)), stacked: \(item.stacked), "
                        + "stack: [\(item.stack.map(step).joined(separator: ", "))])"
                }
                return
                    ".init(activity: \(optional(plan.activity)), tab: \(optional(plan.tab)), stack: [\(plan.stack.map(step).joined(separator: ", "))], "
                    + "presented: [\(presented.joined(separator: ", "))], requiresAuth: \(plan.requiresAuth))"
            }
            text += "        .init(\n"
            text += "            url: \(literal(link.url)), route: \(literal(link.route)), params: \(values(link.params)),\n"
            text += "            plan: \(plan ?? "nil")),\n"
        }
        text += "    ]\n}\n"
        return GeneratedFile(name: "RouteLinkTests.swift", contents: text)
    }

    // MARK: - kotlin.test

    /// The kotlin.test file, in the generated code's package `package`.
    static func kotlinFile(_ app: AppModel, sources: [String], package: String) -> GeneratedFile {
        let (cases, skipped) = cases(app)
        let literal = KotlinGenerator.literal
        func values(_ params: [(name: String, value: String)]) -> String {
            "mapOf(" + params.map { literal($0.name) + " to " + literal($0.value) }.joined(separator: ", ") + ")"
        }
        func step(_ entry: NavigationPlan.Entry) -> String { "Step(\(literal(entry.route)), \(values(entry.params)))" }
        func optional(_ text: String?) -> String { text.map(literal) ?? "null" }
        var text = CodeGeneration.header(sources: sources, comment: "//")
        text += preamble(skipped, comment: "//") + "\n"
        text += """
            package \(package)

            import kotlin.test.Test
            import kotlin.test.fail

            class RouteLinkTests {
                private class Step(val route: String, val params: Map<String, String>)

                private class Presented(val step: Step, val presentation: String, val stacked: Boolean, val stack: List<Step>)

                private class Plan(
                    val activity: String?,
                    val tab: String?,
                    val stack: List<Step>,
                    val presented: List<Presented>,
                    val requiresAuth: Boolean
                )

                private class Case(val url: String, val route: String, val params: Map<String, String>, val plan: Plan?)

                /** Every link is opened; the failures are reported together. */
                @Test
                fun eachLinkOpensItsRouteWithItsValuesAndPlan() {
                    val failures = cases.mapNotNull { case -> failure(case)?.let { "${case.url}: $it" } }
                    if (failures.isNotEmpty()) fail(failures.joinToString("\\n"))
                }

                private fun failure(case: Case): String? {
                    val opened = RouteLink.fromUrl(case.url) ?: return "the generated code opens no route"
                    val route = Route.of(case.route, case.params) ?: return "the generated code has no route '${case.route}' with these values"
                    if (opened.route != route) return "opens ${opened.route.json}, not ${route.json}"
                    val expected = case.plan?.let { plan(it) ?: return "the generated code cannot make the expected plan" }
                    val actual = opened.plan()
                    if (actual != expected) return "plans ${actual?.json}, not ${expected?.json}"
                    return null
                }

                private fun plan(expected: Plan): NavigationPlan? {
                    fun route(step: Step): Route? = Route.of(step.route, step.params)
                    val stack = expected.stack.map { route(it) ?: return null }
                    val presented = expected.presented.map { item ->
                        NavigationPlan.Presented(
                            route(item.step) ?: return null,
                            Presentation.values().firstOrNull { it.name.lowercase() == item.presentation } ?: return null,
                            item.stacked,
                            item.stack.map { route(it) ?: return null }
                        )
                    }
                    val activity = expected.activity?.let { id -> Activity.values().firstOrNull { it.id == id } ?: return null }
                    val tab = expected.tab?.let { id -> Tab.values().firstOrNull { it.id == id } ?: return null }
                    return NavigationPlan(activity, tab, stack, presented, expected.requiresAuth)
                }

                private val cases: List<Case> = listOf(

            """
        for (index, link) in cases.enumerated() {
            let plan = link.plan.map { plan in
                let presented = plan.presented.map { item in
                    "Presented(\(step(item.entry)), \(literal(item.presentation.rawValue)), \(item.stacked), "
                        + "listOf(\(item.stack.map(step).joined(separator: ", "))))"
                }
                return "Plan(\(optional(plan.activity)), \(optional(plan.tab)), listOf(\(plan.stack.map(step).joined(separator: ", "))), "
                    + "listOf(\(presented.joined(separator: ", "))), \(plan.requiresAuth))"
            }
            text += "        Case(\(literal(link.url)), \(literal(link.route)), \(values(link.params)), \(plan ?? "null"))"
            text += index == cases.count - 1 ? "\n" : ",\n"
        }
        text += "    )\n}\n"
        return GeneratedFile(name: "RouteLinkTests.kt", contents: text)
    }
}
