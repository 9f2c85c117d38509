import RouteLintCore

/// What a route's URLs carry (docs/usage.md, "Parameter types and query items"): the types of
/// its path parameters and the query items it reads. A changed type, an item added, removed or
/// made required changes the generated code; one that accepts fewer values also stops links
/// that opened the route, and the change names such a URL, confirmed by resolving it in both
/// revisions.
extension AppComparison {
    /// The changes of the values route `route` (of `before`) takes, now route `now` (of
    /// `after`), each with where it is written now; empty when none.
    static func valueChanges(_ route: Route, in before: AppModel, _ now: Route, in after: AppModel) -> [(String, SourceRange)] {
        // Most routes type nothing and read no item, in either revision.
        if route.params.isEmpty && now.params.isEmpty && route.query.isEmpty && now.query.isEmpty { return [] }
        var changes: [(String, SourceRange)] = []
        let oldParameters = Set((route.path?.value.parameterNames ?? []).map(before.text))
        for name in now.path?.value.parameterNames ?? [] {
            let text = after.text(name)
            guard oldParameters.contains(text), let oldName = before.symbols.lookup(text) else { continue }
            let (old, new) = (route.parameterType(oldName).description(before.text), now.parameterType(name).description(after.text))
            guard old != new else { continue }
            let range = now.params.first { $0.name.value == name }?.name.range ?? now.path!.range
            changes.append(("parameter '\(text)' is \(new) now, not \(old)", range))
        }
        var names = route.query.map { before.text($0.name.value) }
        for item in now.query where !names.contains(after.text(item.name.value)) { names.append(after.text(item.name.value)) }
        for name in names {
            let old = before.symbols.lookup(name).flatMap(route.queryItem)
            let new = after.symbols.lookup(name).flatMap(now.queryItem)
            switch (old, new) {
            case (_?, nil):
                changes.append(("query item '\(name)' was removed", now.id.range))
            case (nil, let new?):
                changes.append(("query item '\(name)' is new\(new.isRequired ? ", and required" : "")", new.name.range))
            case (let old?, let new?):
                let (oldType, newType) = (old.effectiveType.description(before.text), new.effectiveType.description(after.text))
                if oldType != newType { changes.append(("query item '\(name)' is \(newType) now, not \(oldType)", new.name.range)) }
                if new.isRequired && !old.isRequired { changes.append(("query item '\(name)' is required now", new.name.range)) }
                if old.isRequired && !new.isRequired { changes.append(("query item '\(name)' is optional now", new.name.range)) }
            case (nil, nil): break
            }
        }
        return changes
    }

    /// A URL that opened `route` (of `before`) and does not open `now` (of `after`): the route's
    /// path with a value of each parameter's old type, one of them a value the new type refuses,
    /// or a query without an item that is required now or with a value its new type refuses.
    /// Each candidate is resolved in both revisions; nil when none shows the change.
    static func narrowingWitness(
        _ route: Route, in before: AppModel, _ now: Route, in after: AppModel, resolvers: (before: URLResolver, after: URLResolver)
    ) -> String? {
        guard let pattern = route.path?.value else { return nil }
        let routeID = before.text(route.id.value)
        let nowID = after.text(now.id.value)
        // Each path segment's value: a literal's text, or one of the parameter's old type.
        var segments: [String] = []
        var narrowed: [(index: Int, values: [String])] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let symbol): segments.append(before.text(symbol))
            case .wildcard, .rest: segments.append("x")
            case .parameter(let name):
                let old = route.parameterType(name)
                segments.append(sampleValues(old, before).first!)
                if let newName = after.symbols.lookup(before.text(name)) {
                    let new = now.parameterType(newName)
                    let refused = sampleValues(old, before).filter { !accepts(new, $0, after) }
                    if !refused.isEmpty { narrowed.append((segments.count - 1, refused)) }
                }
            }
        }
        // The query that opened it: each required item with a value of its old type.
        let query: [(name: String, value: String)] = route.query.filter(\.isRequired).map {
            (before.text($0.name.value), sampleValues($0.effectiveType, before).first!)
        }
        var candidates: [(path: [String], query: [(name: String, value: String)])] = []
        for (index, values) in narrowed {
            for value in values {
                var path = segments
                path[index] = value
                candidates.append((path, query))
            }
        }
        for item in now.query {
            let name = after.text(item.name.value)
            let old = before.symbols.lookup(name).flatMap(route.queryItem)
            if item.isRequired && !(old?.isRequired ?? false) {
                // Absent: it opened the route before, and no route now.
                candidates.append((segments, query.filter { $0.name != name }))
            }
            guard let old else { continue }
            for value in sampleValues(old.effectiveType, before) where !accepts(item.effectiveType, value, after) {
                candidates.append((segments, query.filter { $0.name != name } + [(name, value)]))
            }
        }
        // A URL from where a link reaches the route: a host when it is a web route, else a scheme.
        let host = before.hostNames.first { !$0.isWildcard }?.text
        let origin =
            route.isWeb && host != nil ? "https://" + host! : before.schemes.first.map { before.text($0.value) + ":/" } ?? ""
        let isWeb = origin.hasPrefix("https:")
        for candidate in candidates {
            let url = URLText.url(
                origin: origin, path: "/" + candidate.path.map(URLText.component).joined(separator: "/"),
                query: candidate.query.map { (URLText.component($0.name), URLText.component($0.value)) })
            let (earlier, later) = (resolvers.before.resolve(url), resolvers.after.resolve(url))
            guard earlier.status == .resolved, earlier.route == routeID else { continue }
            // From a host, a route with `web: false` opens nothing.
            let stillOpens = later.status == .resolved && later.route == nowID && (!isWeb || now.isWeb)
            if !stillOpens { return url }
        }
        return nil
    }

    /// Values of `type` a witness may use, the plainest first; its listed values when it lists some.
    private static func sampleValues(_ type: DeclaredType, _ app: AppModel) -> [String] {
        switch type {
        case .string: return ["x", "1", "00000000-0000-0000-0000-000000000001"]
        case .int: return ["1"]
        case .uuid: return ["00000000-0000-0000-0000-000000000001"]
        case .listed(let values): return values.map { app.text($0.text.value) }
        }
    }

    /// Whether `type` accepts the decoded value `text`.
    private static func accepts(_ type: DeclaredType, _ text: String, _ app: AppModel) -> Bool {
        switch type {
        case .string: return !text.isEmpty
        case .int: return ValueShape.of(Array(text.utf8)) == .integer
        case .uuid: return ValueShape.of(Array(text.utf8)) == .uuid
        case .listed(let values): return values.contains { app.text($0.text.value) == text }
        }
    }
}
