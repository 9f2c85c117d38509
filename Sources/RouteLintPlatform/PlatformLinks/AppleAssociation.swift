import RouteLintCore

/// The `apple-app-site-association` components that claim exactly an app's claimed set: the
/// URL paths whose most specific route (one trailing `/` ignored) has `web` on.
///
/// Apple's `*` crosses `/`, so a pattern cannot say "one segment" by itself. The components
/// are therefore laid out by depth, deepest first, and each block ends by excluding every path
/// at least as deep as it: when a block's components are tried, every deeper path has been
/// decided already, and `?*` can only stand for one segment. Within a block the routes that
/// match paths of that depth come most specific first — a linear extension of the routes'
/// specificity, which first-match evaluation then turns into resolution — each as an include
/// component when it is a web route and an exclude component when it is not, so that a
/// `web: false` route carves its paths out of a less specific one.
///
/// - Paths of `maximumDepth + 1` segments or more can only be matched by `**` routes: a first
///   block holds those, as globs that demand that many segments.
/// - At depth `d`, a route of `d` segments is its own glob (literal segments as written,
///   `?*` for a parameter or `*`); a `**` route whose prefix is shorter than `d` stands as
///   its prefix followed by as many `?*` as make `d` segments.
/// - iOS drops a path's trailing `/` before it compares (`ApplePathPattern`), so one component
///   serves a path with and without it.
///
/// Typed routes (docs/app-links.md, "Typed routes and query items"): a parameter of listed
/// values is written as one component per value (up to `listedLimit` per route), so it stays
/// exact; an `int` or `uuid` parameter is a `?*`, as iOS's patterns cannot say a value's type,
/// and its route comes before the untyped routes of the same depth and shape, so that its
/// component decides the paths both match; one that is not a web route is left out, so that
/// the routes after it decide its paths: the files claim a superset.
/// A route's required query items are a `?` dictionary: a listed item one component per value,
/// another `?*` (present and not empty); such a component comes before the same glob without
/// conditions. Routes told apart by query items iOS cannot say (optional typed ones) have the
/// same glob: the web ones come first, so the path is claimed when some URL of it opens a web
/// route. (iOS matches an item repeated in the URL on every occurrence, routes the first.)
///
/// Exact for paths of non-empty segments, as the spec's claimed set counts them. Static
/// segments are written in their canonical percent-encoding (upper-case hex); iOS compares the
/// encoded path as it comes, so `%c3%a9` does not match `%C3%A9` there, while resolution
/// decodes both: a platform difference the documentation names.
package enum AppleAssociation {
    /// The components, in the order iOS must try them.
    package static func components(for app: AppModel) -> [AppleLinkComponent] { decided(for: app).components }

    /// The components, in the order iOS must try them, and for each the route it stands for:
    /// an index into the app's routes by opening path (as `ClaimedSegments.routes`); nil for
    /// the exclusions that close a block.
    package static func decided(for app: AppModel) -> (components: [AppleLinkComponent], routes: [Int?]) {
        let routes = app.routesByOpeningPath.enumerated().flatMap { index, route in
            Candidate.all(
                id: app.text(route.id.value), route: index, pattern: URLPattern(route.path!.value, of: route), isWeb: route.isWeb,
                app: app)
        }
        let fixedDepth = routes.filter { !$0.isRest }.map(\.segments.count).max() ?? 0
        let restDepth = routes.filter(\.isRest).map { $0.segments.count }.max() ?? 0
        // Every path this deep or deeper is matched by `**` routes only, if by any.
        let deep = max(fixedDepth, restDepth) + 1
        var decided: (components: [AppleLinkComponent], routes: [Int?]) = ([], [])
        func append(_ block: [(AppleLinkComponent, Int?)]) {
            decided.components += block.map(\.0)
            decided.routes += block.map(\.1)
        }
        let restRoutes = routes.filter(\.isRest)
        if !restRoutes.isEmpty {
            append(block(restRoutes, depth: deep))
        }
        append([(closing(deep), nil)])
        for depth in stride(from: deep - 1, through: 1, by: -1) {
            let members = routes.filter { $0.isRest ? $0.segments.count <= depth : $0.segments.count == depth }
            append(block(members, depth: depth))
            append([(closing(depth), nil)])
        }
        append(block(routes.filter { $0.segments.isEmpty }, depth: 0))
        return decided
    }

    /// The most components one route's listed values are written as; past it, its listed
    /// parameters are `?*` like any other.
    static let listedLimit = 64

    /// A route as a candidate for paths of some depth.
    private struct Candidate {
        let id: String
        /// The route's index among the app's routes by opening path.
        let route: Int
        /// Each segment: a literal's canonical text (a static segment, or one value of a listed
        /// type), or nil for a parameter, `*` or `**`.
        let segments: [String?]
        /// How many of the nil segments are typed parameters (`int`, `uuid`, or listed values
        /// past the limit): they match fewer paths than an untyped one.
        let typedWildcards: Int
        let isRest: Bool
        let isWeb: Bool
        /// The `?` dictionary: each required query item with the value, or `?*`.
        var query: [AppleLinkComponent.QueryItemPattern] = []
        /// Whether the component claims more URLs than the route opens: a typed parameter or a
        /// required item as `?*`, or an optional item the route constrains.
        var isWider = false

        /// The candidates of a route: one per combination of its listed values.
        static func all(id: String, route: Int, pattern: URLPattern, isWeb: Bool, app: AppModel) -> [Candidate] {
            var alternatives: [[String?]] = [[]]
            var typedWildcards = 0
            for segment in pattern.segments {
                let choices: [String?]
                switch segment {
                case .literal(let symbol): choices = [app.text(symbol)]
                case .values(.listed(let values)) where alternatives.count * values.count <= listedLimit:
                    choices = values.map { app.text($0.segment) }
                case .values(.any), .rest: choices = [nil]
                case .values:
                    typedWildcards += 1
                    choices = [nil]
                }
                alternatives = alternatives.flatMap { prefix in choices.map { prefix + [$0] } }
            }
            var queries: [[AppleLinkComponent.QueryItemPattern]] = [[]]
            var isWider = typedWildcards > 0
            for item in pattern.query {
                let name = app.text(item.name)
                guard !item.set.allowsAbsence else {
                    isWider = true
                    continue
                }
                let choices: [String]
                switch item.set.values {
                case .listed(let values) where alternatives.count * queries.count * values.count <= listedLimit:
                    choices = values.map { app.text($0.segment) }
                case .any: choices = ["?*"]
                default:
                    choices = ["?*"]
                    isWider = true
                }
                queries = queries.flatMap { prefix in choices.map { prefix + [.init(name: name, pattern: $0)] } }
            }
            return alternatives.flatMap { segments in
                queries.map {
                    Candidate(
                        id: id, route: route, segments: segments, typedWildcards: typedWildcards, isRest: pattern.endsWithRest,
                        isWeb: isWeb, query: $0, isWider: isWider)
                }
            }
        }

        /// The literal segments before the `**`, or all of them.
        var prefixCount: Int { isRest ? segments.count - 1 : segments.count }

        /// The segments the route matches at `depth`: its own, then wildcards to fill a `**`.
        func shape(atDepth depth: Int) -> [String?] {
            Array(segments.prefix(prefixCount)) + Array(repeating: nil, count: depth - prefixCount)
        }
    }

    /// The components of the routes that match paths of `depth` segments, most specific first:
    /// fewer wildcards first, then fewer untyped ones; at equal shape a route of exactly that
    /// depth before a `**` one, a longer `**` prefix before a shorter, more query conditions
    /// before fewer, a web route before one that is not, and then the app's order.
    private static func block(_ members: [Candidate], depth: Int) -> [(AppleLinkComponent, Int?)] {
        let ordered = members.enumerated().map { (candidate: $1, order: $0, shape: $1.shape(atDepth: depth)) }.sorted { lhs, rhs in
            let (left, right) = (lhs.shape.count { $0 == nil }, rhs.shape.count { $0 == nil })
            if left != right { return left < right }
            let (leftUntyped, rightUntyped) = (left - lhs.candidate.typedWildcards, right - rhs.candidate.typedWildcards)
            if leftUntyped != rightUntyped { return leftUntyped < rightUntyped }
            if lhs.candidate.isRest != rhs.candidate.isRest { return !lhs.candidate.isRest }
            if lhs.candidate.prefixCount != rhs.candidate.prefixCount { return lhs.candidate.prefixCount > rhs.candidate.prefixCount }
            if lhs.candidate.query.count != rhs.candidate.query.count { return lhs.candidate.query.count > rhs.candidate.query.count }
            if lhs.candidate.isWeb != rhs.candidate.isWeb { return lhs.candidate.isWeb }
            return lhs.order < rhs.order
        }
        var components: [(AppleLinkComponent, Int?)] = []
        // Routes told apart only by types or query items can share a glob: the first decides
        // every URL of it, and the others are named in its comment instead of following unreached.
        var indexOfGlob: [String: Int] = [:]
        // A route that is not a web route and whose component would be wider than its URLs is
        // left out: it would exclude the other routes' URLs too, where the smallest superset
        // claims them.
        for (candidate, _, shape) in ordered where candidate.isWeb || !candidate.isWider {
            let glob = shape.isEmpty ? "/" : shape.map { "/" + ($0 ?? "?*") }.joined()
            let key = glob + "?" + candidate.query.map { $0.name + "=" + $0.pattern }.joined(separator: "&")
            if let index = indexOfGlob[key] {
                components[index].0.comment = (components[index].0.comment ?? "") + ", also \(candidate.id)"
                continue
            }
            indexOfGlob[key] = components.count
            let comment = "route \(candidate.id)"
            components.append(
                (
                    AppleLinkComponent(path: glob, queryItems: candidate.query, exclude: !candidate.isWeb, comment: comment),
                    candidate.route
                ))
        }
        return components
    }

    /// The exclusion that closes the block of `depth`: every path of at least `depth`
    /// non-empty segments not decided above stays on the web.
    private static func closing(_ depth: Int) -> AppleLinkComponent {
        AppleLinkComponent(
            path: String(repeating: "/?*", count: depth), exclude: true,
            comment: "no other path of \(depth) or more segments")
    }
}
