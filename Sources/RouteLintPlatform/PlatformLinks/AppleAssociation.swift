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
/// Exact for paths of non-empty segments, as the spec's claimed set counts them. Static
/// segments are written in their canonical percent-encoding (upper-case hex); iOS compares the
/// encoded path as it comes, so `%c3%a9` does not match `%C3%A9` there, while resolution
/// decodes both: a platform difference the documentation names.
package enum AppleAssociation {
    /// The components, in the order iOS must try them.
    package static func components(for app: AppModel) -> [AppleLinkComponent] {
        let routes = app.routes.compactMap { route -> Candidate? in
            guard let pattern = route.path?.value else { return nil }
            return Candidate(id: app.text(route.id.value), pattern: pattern, isWeb: route.isWeb, app: app)
        }
        let fixedDepth = routes.filter { !$0.isRest }.map(\.segments.count).max() ?? 0
        let restDepth = routes.filter(\.isRest).map { $0.segments.count }.max() ?? 0
        // Every path this deep or deeper is matched by `**` routes only, if by any.
        let deep = max(fixedDepth, restDepth) + 1
        var components: [AppleLinkComponent] = []
        let restRoutes = routes.filter(\.isRest)
        if !restRoutes.isEmpty {
            components += block(restRoutes, depth: deep)
        }
        components.append(closing(deep))
        for depth in stride(from: deep - 1, through: 1, by: -1) {
            let members = routes.filter { $0.isRest ? $0.segments.count <= depth : $0.segments.count == depth }
            components += block(members, depth: depth)
            components.append(closing(depth))
        }
        if let root = routes.first(where: { $0.segments.isEmpty }) {
            components.append(AppleLinkComponent(path: "/", exclude: !root.isWeb, comment: "route \(root.id)"))
        }
        return components
    }

    /// A route as a candidate for paths of some depth.
    private struct Candidate {
        let id: String
        /// Each segment: a literal's canonical text, or nil for a parameter, `*` or `**`.
        let segments: [String?]
        let isRest: Bool
        let isWeb: Bool

        init(id: String, pattern: PathPattern, isWeb: Bool, app: AppModel) {
            self.id = id
            segments = pattern.segments.map { segment in
                if case .literal(let symbol) = segment { return app.text(symbol) }
                return nil
            }
            isRest = pattern.endsWithRest
            self.isWeb = isWeb
        }

        /// The literal segments before the `**`, or all of them.
        var prefixCount: Int { isRest ? segments.count - 1 : segments.count }

        /// The segments the route matches at `depth`: its own, then wildcards to fill a `**`.
        func shape(atDepth depth: Int) -> [String?] {
            Array(segments.prefix(prefixCount)) + Array(repeating: nil, count: depth - prefixCount)
        }
    }

    /// The components of the routes that match paths of `depth` segments, most specific first:
    /// fewer wildcards first; at equal shape a route of exactly that depth before a `**` one,
    /// and a longer `**` prefix before a shorter.
    private static func block(_ members: [Candidate], depth: Int) -> [AppleLinkComponent] {
        let ordered = members.map { (candidate: $0, shape: $0.shape(atDepth: depth)) }.sorted { lhs, rhs in
            let (left, right) = (lhs.shape.count { $0 == nil }, rhs.shape.count { $0 == nil })
            if left != right { return left < right }
            if lhs.candidate.isRest != rhs.candidate.isRest { return !lhs.candidate.isRest }
            return lhs.candidate.prefixCount > rhs.candidate.prefixCount
        }
        var components: [AppleLinkComponent] = []
        for (candidate, shape) in ordered {
            let glob = shape.map { "/" + ($0 ?? "?*") }.joined()
            let comment = "route \(candidate.id)"
            components.append(AppleLinkComponent(path: glob, exclude: !candidate.isWeb, comment: comment))
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
