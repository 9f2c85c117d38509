/// How two patterns' sets of matched URL paths relate (docs/usage.md, "Path patterns").
package enum PatternRelation: Equatable, Sendable {
    /// No URL path matches both.
    case disjoint
    /// Both match exactly the same URL paths, like `/a/:x` and `/a/*`. A conflict.
    case equivalent
    /// Every path the first matches, the second matches too, and not the reverse.
    case moreSpecific
    /// The reverse of `moreSpecific`.
    case lessSpecific
    /// Some path matches both and neither is more specific. A conflict.
    case overlapping

    /// Whether the two patterns conflict (some path matches both, neither more specific).
    package var isConflict: Bool { self == .equivalent || self == .overlapping }
}

extension PathPattern {
    /// How this pattern's paths relate to `other`'s, decided segment by segment.
    package func relation(to other: PathPattern) -> PatternRelation {
        guard overlaps(other) else { return .disjoint }
        switch (isSubset(of: other), other.isSubset(of: self)) {
        case (true, true): return .equivalent
        case (true, false): return .moreSpecific
        case (false, true): return .lessSpecific
        case (false, false): return .overlapping
        }
    }

    /// Whether some URL path matches both patterns.
    package func overlaps(_ other: PathPattern) -> Bool {
        switch (endsWithRest, other.endsWithRest) {
        case (false, false): guard segments.count == other.segments.count else { return false }
        case (true, false): guard other.segments.count >= segments.count else { return false }
        case (false, true): guard segments.count >= other.segments.count else { return false }
        case (true, true): break
        }
        for (mine, theirs) in zip(segments, other.segments) {
            if case .literal(let a) = mine, case .literal(let b) = theirs, a != b { return false }
        }
        return true
    }

    /// Whether every URL path this pattern matches is matched by `other` too.
    package func isSubset(of other: PathPattern) -> Bool {
        if other.endsWithRest {
            guard segments.count >= other.segments.count else { return false }
        } else {
            guard !endsWithRest, segments.count == other.segments.count else { return false }
        }
        let constrained = other.endsWithRest ? other.segments.count - 1 : other.segments.count
        for index in 0..<constrained {
            switch other.segments[index] {
            case .literal:
                guard segments[index] == other.segments[index] else { return false }
            case .parameter, .wildcard:
                guard segments[index] != .rest else { return false }
            case .rest:
                break
            }
        }
        return true
    }

    /// A URL path that both patterns match; call only when they overlap. Literal segments
    /// come from whichever pattern has one, wildcards are filled with a parameter's name, as
    /// Go's ServeMux does in its conflict messages.
    package func commonPath(with other: PathPattern, symbols: SymbolTable) -> String {
        let length: Int
        switch (endsWithRest, other.endsWithRest) {
        case (false, _): length = segments.count
        case (true, false): length = other.segments.count
        case (true, true): length = max(segments.count, other.segments.count)
        }
        guard length > 0 else { return "/" }
        var path = ""
        for index in 0..<length {
            let mine = index < segments.count ? segments[index] : .rest
            let theirs = index < other.segments.count ? other.segments[index] : .rest
            path += "/"
            switch (mine, theirs) {
            case (.literal(let text), _), (_, .literal(let text)): path += symbols.text(text)
            case (.parameter(let name), _), (_, .parameter(let name)): path += symbols.text(name)
            default: path += "x"
            }
        }
        return path
    }
}
