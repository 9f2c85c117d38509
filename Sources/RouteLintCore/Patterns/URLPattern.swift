/// The URLs a route matches (docs/usage.md, "Path patterns" and "Parameter types and query
/// items"): its path pattern with each segment a set of values — a static segment its one
/// value, a parameter its type's values, `*` any — and what it asks of each query item it
/// declares. Specificity and conflicts are relations between these sets of URLs; without
/// types and query items they are exactly Go's `ServeMux`'s.
package struct URLPattern: Sendable {
    /// The path pattern as written.
    package let path: PathPattern
    /// Per segment of `path`, the values it matches, when a parameter is typed; nil when every
    /// segment is what the pattern says alone (most routes: no array is made for them).
    private let typedSegments: [SegmentSet]?
    /// What the route asks of the query items it constrains, ascending by name: an item whose
    /// constraint allows everything (an optional `string`) is left out, as it matches every URL.
    package let query: [(name: Symbol, set: QueryItemSet)]

    /// The URLs of `route`, whose path is `path`.
    package init(_ path: PathPattern, of route: Route) {
        self.init(path, params: route.params, query: route.query)
    }

    /// The URLs of a route whose path is `path`, whose `params` and `query` are those given.
    package init(_ path: PathPattern, params: [ParameterType], query items: [QueryItem]) {
        self.path = path
        typedSegments =
            params.isEmpty
            ? nil
            : path.segments.map { segment in
                guard case .parameter(let name) = segment else { return SegmentSet(untyped: segment) }
                return SegmentSet(Route.parameterType(name, in: params).values)
            }
        guard !items.isEmpty else {
            query = []
            return
        }
        var query: [(name: Symbol, set: QueryItemSet)] = []
        for item in items where !query.contains(where: { $0.name == item.name.value }) {
            let set = item.constraint
            if !set.isUnconstrained { query.append((item.name.value, set)) }
        }
        self.query = query.sorted { $0.name < $1.name }
    }

    /// The URLs of an untyped `path`, which reads no query item.
    package init(_ path: PathPattern) {
        self.path = path
        typedSegments = nil
        query = []
    }

    /// Whether no parameter is typed and no query item constrained: the path pattern alone
    /// says which URLs match.
    package var isUntyped: Bool { typedSegments == nil && query.isEmpty }

    /// The number of segments.
    package var segmentCount: Int { path.segments.count }

    /// The values segment `index` matches.
    package func segment(_ index: Int) -> SegmentSet {
        typedSegments?[index] ?? SegmentSet(untyped: path.segments[index])
    }

    /// The values each segment matches, in order.
    package var segments: [SegmentSet] { typedSegments ?? path.segments.map(SegmentSet.init(untyped:)) }

    /// Whether the last segment is `**`.
    package var endsWithRest: Bool { path.endsWithRest }

    /// The constraint on item `name`: unconstrained unless the route declares it.
    func constraint(_ name: Symbol) -> QueryItemSet {
        query.first { $0.name == name }?.set ?? .unconstrained
    }

    /// The names of the items either pattern constrains, ascending.
    func constrainedNames(with other: URLPattern) -> [Symbol] {
        var names = query.map(\.name)
        for item in other.query where !names.contains(item.name) { names.append(item.name) }
        return names.sorted()
    }

    /// How the two patterns' query constraints relate: whether some URL meets both, and
    /// whether every URL that meets this one's meets the other's (`isSubset`) and the reverse.
    func queryRelation(to other: URLPattern) -> (overlaps: Bool, isSubset: Bool, isSuperset: Bool) {
        if query.isEmpty && other.query.isEmpty { return (true, true, true) }
        var relation = (overlaps: true, isSubset: true, isSuperset: true)
        for name in constrainedNames(with: other) {
            let (mine, theirs) = (constraint(name), other.constraint(name))
            relation.overlaps = relation.overlaps && mine.intersects(theirs)
            relation.isSubset = relation.isSubset && mine.isSubset(of: theirs)
            relation.isSuperset = relation.isSuperset && theirs.isSubset(of: mine)
        }
        return relation
    }
}

/// The values one segment of a URL pattern matches.
package enum SegmentSet: Hashable, Sendable {
    /// A static segment: the one value it spells, canonically.
    case literal(Symbol)
    /// Any value of a set: a parameter's type, or `*` (any).
    case values(ValueSet)
    /// `**`: one or more segments.
    case rest

    /// What a segment of a pattern matches when no type is declared for it.
    init(untyped segment: PathPattern.Segment) {
        switch segment {
        case .literal(let symbol): self = .literal(symbol)
        case .parameter, .wildcard: self = .values(.any)
        case .rest: self = .rest
        }
    }

    /// The set `values`, as a static segment when it holds one value only.
    init(_ values: ValueSet) {
        if case .listed(let listed) = values, listed.count == 1 {
            self = .literal(listed[0].segment)
        } else {
            self = .values(values)
        }
    }
}

/// The shapes of a route set's static segments (`ValueShape`), told when a typed parameter
/// asks: whether `/products/42` is a URL of `/products/:id` with `id: int`.
package struct SegmentShapes: Sendable {
    private let symbols: SymbolTable

    /// The shapes of `symbols`' texts, read as canonical segments.
    package init(_ symbols: SymbolTable) {
        self.symbols = symbols
    }

    /// The shape of the value the canonical segment `symbol` spells.
    package func shape(of symbol: Symbol) -> ValueShape {
        let bytes = symbols.bytes(symbol)
        return bytes.contains(UInt8(ascii: "%")) ? .of(PathText.decode(Array(bytes))) : .of(bytes)
    }

    /// The static segment `symbol` as a listed value.
    package func value(_ symbol: Symbol) -> ListedValue { ListedValue(segment: symbol, shape: shape(of: symbol)) }
}

extension SegmentSet {
    /// How this segment's values and `other`'s relate: whether they share one, and whether
    /// each holds all the other's.
    func relation(to other: SegmentSet, shapes: SegmentShapes) -> (overlaps: Bool, isSubset: Bool, isSuperset: Bool) {
        switch (self, other) {
        case (.rest, _), (_, .rest):
            preconditionFailure("`**` is related by position, not as a segment")
        case (.literal(let a), .literal(let b)):
            return a == b ? (true, true, true) : (false, false, false)
        case (.literal(let a), .values(let set)):
            let contained = set.contains(shapes.value(a))
            return (contained, contained, false)
        case (.values(let set), .literal(let b)):
            let contained = set.contains(shapes.value(b))
            return (contained, false, contained)
        case (.values(let a), .values(let b)):
            return (a.intersects(b), a.isSubset(of: b), b.isSubset(of: a))
        }
    }

    /// A value both segments match, for a URL both patterns match: a static segment's text, a
    /// listed value, `1` for integers, a UUID, or else the name of a parameter (as Go's
    /// `ServeMux` writes its conflicts).
    func commonText(with other: SegmentSet, names: (PathPattern.Segment?, PathPattern.Segment?), symbols: SymbolTable) -> String {
        switch (self, other) {
        case (.literal(let text), _), (_, .literal(let text)): return symbols.text(text)
        case (.values(let a), .values(let b)):
            if let value = a.commonListedValue(with: b) { return symbols.text(value.segment) }
            switch a.sharedShape(with: b) {
            case .integer: return "1"
            case .uuid: return "00000000-0000-0000-0000-000000000000"
            case .other: break
            }
        default: break
        }
        switch names {
        case (.parameter(let name)?, _), (_, .parameter(let name)?): return symbols.text(name)
        default: return "x"
        }
    }
}

extension URLPattern {
    /// How this pattern's URLs relate to `other`'s.
    package func relation(to other: URLPattern, shapes: SegmentShapes) -> PatternRelation {
        let query = queryRelation(to: other)
        guard query.overlaps, let path = pathRelation(to: other, shapes: shapes) else { return .disjoint }
        switch (path.isSubset && query.isSubset, path.isSuperset && query.isSuperset) {
        case (true, true): return .equivalent
        case (true, false): return .moreSpecific
        case (false, true): return .lessSpecific
        case (false, false): return .overlapping
        }
    }

    /// How the paths relate, position by position; nil when no path matches both.
    private func pathRelation(to other: URLPattern, shapes: SegmentShapes) -> (isSubset: Bool, isSuperset: Bool)? {
        // Segment by segment, as most patterns are untyped and have no array of sets to read.
        let (myCount, theirCount) = (segmentCount, other.segmentCount)
        let (myRest, theirRest) = (endsWithRest, other.endsWithRest)
        // The positions both constrain one segment each.
        let fixed = min(myRest ? myCount - 1 : myCount, theirRest ? theirCount - 1 : theirCount)
        switch (myRest, theirRest) {
        case (false, false): guard myCount == theirCount else { return nil }
        case (true, false): guard theirCount >= myCount else { return nil }
        case (false, true): guard myCount >= theirCount else { return nil }
        case (true, true): break
        }
        var isSubset = true
        var isSuperset = true
        for index in 0..<fixed {
            let relation = segment(index).relation(to: other.segment(index), shapes: shapes)
            guard relation.overlaps else { return nil }
            isSubset = isSubset && relation.isSubset
            isSuperset = isSuperset && relation.isSuperset
        }
        // A `**` holds whatever follows where it starts; it is held only by another `**` that
        // starts no later.
        switch (myRest, theirRest) {
        case (false, false): break
        case (true, false): isSubset = false
        case (false, true): isSuperset = false
        case (true, true):
            if myCount < theirCount { isSubset = false }
            if theirCount < myCount { isSuperset = false }
        }
        return (isSubset, isSuperset)
    }

    /// A URL (path and query) both patterns match; call only when they overlap. A segment both
    /// hold as any value is written as a parameter's name, as Go's `ServeMux` writes conflicts.
    package func commonURL(with other: URLPattern, shapes: SegmentShapes, symbols: SymbolTable) -> String {
        let (mySegments, theirSegments) = (segments, other.segments)
        let length: Int
        switch (endsWithRest, other.endsWithRest) {
        case (false, _): length = mySegments.count
        case (true, false): length = theirSegments.count
        case (true, true): length = max(mySegments.count, theirSegments.count)
        }
        var url = length == 0 ? "/" : ""
        for index in 0..<length {
            let mine = index < mySegments.count ? mySegments[index] : .rest
            let theirs = index < theirSegments.count ? theirSegments[index] : .rest
            let names = (
                index < path.segments.count ? path.segments[index] : nil,
                index < other.path.segments.count ? other.path.segments[index] : nil
            )
            url += "/"
            switch (mine, theirs) {
            case (.rest, .rest): url += "x"
            case (.rest, let set), (let set, .rest): url += set.commonText(with: .values(.any), names: names, symbols: symbols)
            default: url += mine.commonText(with: theirs, names: names, symbols: symbols)
            }
        }
        var items: [(name: String, value: String)] = []
        for name in constrainedNames(with: other) {
            let (a, b) = (constraint(name), other.constraint(name))
            // Absent where both allow it; else a value both hold.
            guard !(a.allowsAbsence && b.allowsAbsence) else { continue }
            let value = SegmentSet(a.values).commonText(with: SegmentSet(b.values), names: (nil, nil), symbols: symbols)
            items.append((symbols.text(name), value))
        }
        return URLText.url(path: url, query: items)
    }
}
