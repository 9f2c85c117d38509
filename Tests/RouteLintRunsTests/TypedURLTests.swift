import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintGeneration
@testable import RouteLintRules

/// Typed parameters and query items (docs/usage.md, "Parameter types and query items"):
/// specificity, conflicts and the route a URL opens are relations between sets of URLs, path
/// and query together. A table of cases, each with its reason, and random route sets checked
/// against the definitions themselves, over a universe of URLs that holds a value of every
/// class the types tell apart.
@Suite("Typed URLs")
struct TypedURLTests {
    /// A route set of `routes` (`id: {path, params, query}` flow mappings), linted.
    static func app(_ routes: [String]) -> LintedSet {
        lint(
            """
            manifest: 1
            schemes: [shop]
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}

            """ + routes.map { "  " + $0 + "\n" }.joined())
    }

    static func conflicts(_ linted: LintedSet) -> [String] {
        linted.findings.filter { $0.rule == ConflictingPatternsRule.description.id }.map(\.message)
    }

    @Test(
        "conflicts and specificity decided over path and query together",
        arguments: [
            // (routes, conflicting?, why)
            (
                [
                    "a: {path: /products/:id, activity: main, holder: H, params: {id: int}}",
                    "b: {path: /products/:slug, activity: main, holder: H}",
                ],
                false, "every int is a segment: the int route is more specific"
            ),
            (
                [
                    "a: {path: /products/:id, activity: main, holder: H, params: {id: int}}",
                    "b: {path: /products/:sku, activity: main, holder: H, params: {sku: int}}",
                ],
                true, "the same URLs, up to the parameter's name"
            ),
            (
                [
                    "a: {path: '/a/:x', activity: main, holder: H, params: {x: int}}",
                    "b: {path: '/a/:y', activity: main, holder: H, params: {y: ['1', b]}}",
                ],
                true, "/a/1 matches both, and neither holds all the other's"
            ),
            (
                [
                    "a: {path: '/a/:x', activity: main, holder: H, params: {x: int}}",
                    "b: {path: '/a/:y', activity: main, holder: H, params: {y: uuid}}",
                ],
                false, "no value is both an int and a UUID"
            ),
            (
                ["a: {path: '/a/:x', activity: main, holder: H, params: {x: [b]}}", "b: {path: '/a/b', activity: main, holder: H}"],
                true, "one listed value is the static segment itself: the same URLs"
            ),
            (
                ["a: {path: '/a/:x', activity: main, holder: H, params: {x: [b, c]}}", "b: {path: '/a/b', activity: main, holder: H}"],
                false, "the static segment is one of the listed values: more specific"
            ),
            (
                [
                    "users: {path: /search, activity: main, holder: H, query: {type: {type: [users], required: true}}}",
                    "repos: {path: /search, activity: main, holder: H, query: {type: {type: [repos], required: true}}}",
                    "all: {path: /search, activity: main, holder: H}",
                ],
                false, "no URL has both types; each required item narrows the plain route"
            ),
            (
                [
                    "users: {path: /search, activity: main, holder: H, query: {type: [users]}}",
                    "repos: {path: /search, activity: main, holder: H, query: {type: [repos]}}",
                ],
                true, "both match /search without a type, and neither holds the other's typed URLs"
            ),
            (
                [
                    "page: {path: /list, activity: main, holder: H, query: {page: int}}",
                    "all: {path: /list, activity: main, holder: H}",
                ],
                false, "an optional int item narrows: /list?page=x opens only the plain route"
            ),
            (
                [
                    "ref: {path: /list, activity: main, holder: H, query: {ref: string}}",
                    "all: {path: /list, activity: main, holder: H}",
                ],
                true, "an optional string item allows every URL: the same URLs"
            ),
            (
                [
                    "docs: {path: '/docs/**', activity: main, holder: H}",
                    "page: {path: '/:team/page', activity: main, holder: H, params: {team: int}}",
                ],
                false, "/docs is no int"
            ),
            (
                [
                    "docs: {path: '/:n/**', activity: main, holder: H, params: {n: int}}",
                    "page: {path: '/:team/page', activity: main, holder: H, params: {team: int}}",
                ],
                false, "every /1/page is a URL of /:n/**: more specific"
            ),
            (
                [
                    "docs: {path: '/:n/**', activity: main, holder: H, params: {n: int}}",
                    "page: {path: '/:team/page', activity: main, holder: H}",
                ],
                true, "/1/page matches both; /x/page only the second, /1/x only the first"
            ),
        ] as [([String], Bool, String)])
    func conflicts(routes: [String], conflicting: Bool, why: String) {
        let found = Self.conflicts(Self.app(routes))
        #expect(found.isEmpty != conflicting, "\(why): \(found)")
    }

    @Test("the route a URL opens, its typed values, and the next most specific route for a value not of the type")
    func resolution() {
        let linted = Self.app([
            "product: {path: /products/:id, activity: main, holder: H, params: {id: int}}",
            "by-slug: {path: /products/:slug, activity: main, holder: H}",
            "users: {path: /search, activity: main, holder: H, query: {type: {type: [users], required: true}, page: {type: int, default: 1}}}",
            "repos: {path: /search, activity: main, holder: H, query: {type: {type: [repos], required: true}}}",
            "search: {path: /search, activity: main, holder: H, query: {q: string}}",
        ])
        #expect(Self.conflicts(linted).isEmpty)
        let resolver = URLResolver(apps: linted.apps)
        let product = resolver.resolve("shop://products/42")
        #expect(product.route == "product")
        #expect(product.parameters == [.init(name: "id", value: "42", type: .int)])
        #expect(resolver.resolve("shop://products/red-shoes").route == "by-slug")
        #expect(resolver.resolve("shop://products/%34%32").route == "product", "values compare decoded")
        #expect(resolver.resolve("shop://products/1234567890123456789").route == "by-slug", "19 digits are no int")
        let users = resolver.resolve("shop://search?type=users&q=x")
        #expect(users.route == "users")
        #expect(users.query.contains(.init(name: "type", value: "users", type: .listed(["users"]))))
        #expect(users.query.contains(.init(name: "page", value: "1", type: .int, isDefault: true)))
        #expect(resolver.resolve("shop://search?type=users&page=2").query.contains(.init(name: "page", value: "2", type: .int)))
        #expect(resolver.resolve("shop://search?type=users&page=x").route == "search", "a value not of its type falls through")
        let repeated = resolver.resolve("shop://search?type=repos&type=users")
        #expect(repeated.route == "repos", "the first occurrence decides")
        #expect(repeated.query == [.init(name: "type", value: "repos", type: .listed(["repos"])), .init(name: "type", value: "users")])
        #expect(
            resolver.resolve("shop://search?type=users&page=&page=3").query.suffix(2)
                == [.init(name: "page", value: "3"), .init(name: "page", value: "1", type: .int, isDefault: true)],
            "an empty first value is absent: the default is taken")
        #expect(resolver.resolve("shop://search?type=").route == "search", "an empty value is absent")
        #expect(resolver.resolve("shop://search").route == "search")
    }

    // MARK: - Random route sets against the definitions

    /// Segment values of every class the generated types tell apart: listed ones, an int that
    /// is listed and one that is not, a UUID, and a word.
    static let segmentValues = ["a", "b", "1", "-42", "0f0f0f0f-0000-4000-8000-00000000000a", "x"]
    static let listedPool = ["a", "b", "1"]
    /// Query values of every class, and absence.
    static let queryValues: [String?] = [nil, "users", "repos", "1", "42", "0f0f0f0f-0000-4000-8000-00000000000a", "x"]
    static let queryPool = ["users", "repos", "1"]

    static func randomType(_ pool: [String], _ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return "string"
        case 1: return "int"
        case 2: return "uuid"
        default:
            let values = pool.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))
            return "[" + values.map { "'\($0)'" }.joined(separator: ", ") + "]"
        }
    }

    /// A random route: up to three segments (a static one, a parameter of a random type, `*`,
    /// a final `**`), and up to two query items.
    static func randomRoute(_ index: Int, _ random: inout SeededRandom) -> String {
        var segments: [String] = []
        var params: [String] = []
        for position in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: segments.append(["a", "b", "1"].randomElement(using: &random)!)
            case 2: segments.append("*")
            case 3 where position > 0: segments.append("**")
            default:
                segments.append(":p\(position)")
                params.append("p\(position): \(randomType(listedPool, &random))")
            }
            if segments.last == "**" { break }
        }
        var query: [String] = []
        for name in ["t", "u"] where Int.random(in: 0..<3, using: &random) == 0 {
            let type = randomType(queryPool, &random)
            query.append(Bool.random(using: &random) ? "\(name): {type: \(type), required: true}" : "\(name): \(type)")
        }
        return "r\(index): {path: '/\(segments.joined(separator: "/"))', activity: main, holder: H, entry: true"
            + (params.isEmpty ? "" : ", params: {\(params.joined(separator: ", "))}")
            + (query.isEmpty ? "" : ", query: {\(query.joined(separator: ", "))}") + "}"
    }

    /// The paths of the universe: one to four segments of `segmentValues` (four, for the
    /// patterns of three segments that end in `**`).
    static let paths: [[String]] = {
        var paths: [[String]] = [[]]
        var all: [[String]] = []
        for _ in 0..<4 {
            paths = paths.flatMap { path in segmentValues.map { path + [$0] } }
            all += paths
        }
        return all
    }()

    /// The queries of the universe: each item `t` and `u` absent or of `queryValues`.
    static let queries: [[String: String]] = queryValues.flatMap { t in
        queryValues.map { u in
            var query: [String: String] = [:]
            if let t { query["t"] = t }
            if let u { query["u"] = u }
            return query
        }
    }

    /// Whether `route`'s path matches `path`, by the definitions: each segment of its type,
    /// `*` any, `**` one or more.
    static func matches(_ route: Route, path: [String], _ app: AppModel) -> Bool {
        guard let pattern = route.path?.value else { return false }
        let segments = pattern.segments
        if pattern.endsWithRest {
            guard path.count >= segments.count else { return false }
        } else {
            guard path.count == segments.count else { return false }
        }
        for (segment, value) in zip(segments, path) {
            switch segment {
            case .literal(let literal): guard app.text(literal) == value else { return false }
            case .parameter(let name): guard isOf(route.parameterType(name), value, app) else { return false }
            case .wildcard, .rest: break
            }
        }
        return true
    }

    /// Whether `route` takes a URL with `query`: each declared item absent (when allowed) or
    /// of its type.
    static func matches(_ route: Route, query: [String: String], _ app: AppModel) -> Bool {
        route.query.allSatisfy { item in
            guard let value = query[app.text(item.name.value)] else { return !item.isRequired }
            return isOf(item.effectiveType, value, app)
        }
    }

    static func isOf(_ type: DeclaredType, _ value: String, _ app: AppModel) -> Bool {
        switch type {
        case .string: return !value.isEmpty
        case .int: return value.wholeMatch(of: /-?[0-9]{1,18}/) != nil
        case .uuid: return value.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/) != nil
        case .listed(let values): return values.contains { app.text($0.text.value) == value }
        }
    }

    @Test("random typed route sets: conflicts and the route each URL opens, exactly as the definitions say")
    func randomSets() throws {
        var random = SeededRandom(state: 50)
        var conflictsSeen = 0
        var typedConflictsSeen = 0
        var resolved = 0
        for round in 0..<80 {
            let routes = (0..<Int.random(in: 2...7, using: &random)).map { Self.randomRoute($0, &random) }
            let linted = Self.app(routes)
            let app = try #require(linted.apps.first)
            let candidates = app.routes.filter { $0.path != nil && app.text($0.id.value) != "home" }
            // Each route's URLs are the product of its paths and its queries: two routes' sets
            // meet when both factors do, and one holds the other when both factors do.
            let pathSets = candidates.map { route in Set(Self.paths.indices.filter { Self.matches(route, path: Self.paths[$0], app) }) }
            let querySets = candidates.map { route in
                Set(Self.queries.indices.filter { Self.matches(route, query: Self.queries[$0], app) })
            }
            func meet(_ a: Int, _ b: Int) -> Bool {
                !pathSets[a].isDisjoint(with: pathSets[b]) && !querySets[a].isDisjoint(with: querySets[b])
            }
            func holds(_ a: Int, _ b: Int) -> Bool { pathSets[b].isSubset(of: pathSets[a]) && querySets[b].isSubset(of: querySets[a]) }
            var expected = Set<String>()
            for later in candidates.indices {
                for earlier in 0..<later where meet(later, earlier) && holds(later, earlier) == holds(earlier, later) {
                    expected.insert("\(app.text(candidates[later].id.value))~\(app.text(candidates[earlier].id.value))")
                }
            }
            // The index the rule reads (the rule groups a route's many conflicts into one finding).
            let patterns = candidates.map { URLPattern($0.path!.value, of: $0) }
            var found = Set<String>()
            for group in ConflictIndex.conflicts(among: patterns, shapes: SegmentShapes(app.symbols), limit: 100) {
                for earlier in group.earlier {
                    found.insert("\(app.text(candidates[group.pattern].id.value))~\(app.text(candidates[earlier].id.value))")
                }
            }
            #expect(found == expected, "round \(round): \(routes)")
            conflictsSeen += expected.count
            if routes.contains(where: { $0.contains("params") || $0.contains("query") }) { typedConflictsSeen += expected.count }
            // The route each URL opens: the one match no other is strictly inside of.
            let resolver = URLResolver(apps: linted.apps)
            for index in stride(from: round % 7, to: Self.paths.count * Self.queries.count, by: 101) {
                let (pathIndex, queryIndex) = (index / Self.queries.count, index % Self.queries.count)
                let matching = candidates.indices.filter { pathSets[$0].contains(pathIndex) && querySets[$0].contains(queryIndex) }
                let best = matching.filter { match in !matching.contains { other in holds(match, other) && !holds(other, match) } }
                let query = Self.queries[queryIndex].sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
                let url = "shop://" + Self.paths[pathIndex].joined(separator: "/") + (query.isEmpty ? "" : "?" + query)
                let resolution = resolver.resolve(url)
                switch best.count {
                case 0: #expect(resolution.status == .unmatched, "\(url) in \(routes)")
                case 1:
                    #expect(resolution.route == app.text(candidates[best[0]].id.value), "\(url) in \(routes)")
                    resolved += 1
                default: #expect(resolution.status == .ambiguous, "\(url) in \(routes)")
                }
            }
        }
        #expect(conflictsSeen > 30 && typedConflictsSeen > 15 && resolved > 500, "\(conflictsSeen) \(typedConflictsSeen) \(resolved)")
    }

    @Test("generated code's order of routes puts each route before every route it is strictly inside of, as the definitions say")
    func generatedOrder() throws {
        var random = SeededRandom(state: 51)
        var pairs = 0
        for round in 0..<300 {
            let routes = (0..<Int.random(in: 2...7, using: &random)).map { Self.randomRoute($0, &random) }
            let linted = Self.app(routes)
            let app = try #require(linted.apps.first)
            // Two routes of the same URLs have no order: the plan refuses them, as lint does.
            guard let plan = try? RouterBlueprint.make(app, sources: []) else { continue }
            let candidates = app.routes.filter { $0.path != nil }
            let pathSets = candidates.map { route in Set(Self.paths.indices.filter { Self.matches(route, path: Self.paths[$0], app) }) }
            let querySets = candidates.map { route in
                Set(Self.queries.indices.filter { Self.matches(route, query: Self.queries[$0], app) })
            }
            let ranks = candidates.map { plan.route(id: app.text($0.id.value))!.rank }
            for inner in candidates.indices {
                for outer in candidates.indices where inner != outer {
                    let isInside = pathSets[inner].isSubset(of: pathSets[outer]) && querySets[inner].isSubset(of: querySets[outer])
                    let isEqual = pathSets[inner] == pathSets[outer] && querySets[inner] == querySets[outer]
                    guard isInside && !isEqual && !pathSets[inner].isEmpty && !querySets[inner].isEmpty else { continue }
                    #expect(ranks[inner] < ranks[outer], "round \(round): \(routes)")
                    pairs += 1
                }
            }
        }
        #expect(pairs > 100, "\(pairs)")
    }
}
