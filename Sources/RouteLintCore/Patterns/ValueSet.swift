/// The shape of a decoded value, as the types tell values apart (docs/usage.md, "Parameter
/// types and query items"): an `int`, a `uuid`, or neither. No value is both.
package enum ValueShape: UInt8, Hashable, Sendable {
    /// An optional `-` then 1 to 18 ASCII digits.
    case integer
    /// 8-4-4-4-12 hexadecimal digits, either case.
    case uuid
    /// Anything else.
    case other

    /// The shape of `value`, the decoded bytes of a segment or a query item's value. Inlinable,
    /// so that other modules' callers get it specialized for their collections: unspecialized,
    /// each call cost some 5,000 instructions.
    @inlinable
    package static func of<Bytes: Collection<UInt8>>(_ value: Bytes) -> ValueShape {
        if isInteger(value) { return .integer }
        if isUUID(value) { return .uuid }
        return .other
    }

    @inlinable
    static func isInteger<Bytes: Collection<UInt8>>(_ value: Bytes) -> Bool {
        var digits = 0
        for (offset, byte) in value.enumerated() {
            if offset == 0 && byte == UInt8(ascii: "-") { continue }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            digits += 1
        }
        return (1...18).contains(digits)
    }

    @inlinable
    static func isUUID<Bytes: Collection<UInt8>>(_ value: Bytes) -> Bool {
        guard value.count == 36 else { return false }
        for (offset, byte) in value.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard PathText.hexValue(byte) != nil else { return false }
            }
        }
        return true
    }
}

/// One value a listed type allows, or a path's static segment: its canonical segment spelling
/// (`PathText.canonical`, a symbol of the run's table), by which values compare decoded, and
/// its shape.
package struct ListedValue: Hashable, Sendable, Comparable {
    /// The value as a path segment spells it canonically.
    package let segment: Symbol
    /// The decoded value's shape.
    package let shape: ValueShape

    /// The value whose canonical segment is `segment`, of shape `shape`.
    package init(segment: Symbol, shape: ValueShape) {
        self.segment = segment
        self.shape = shape
    }

    package static func < (lhs: ListedValue, rhs: ListedValue) -> Bool { lhs.segment < rhs.segment }
}

/// The decoded values a path segment or a query item's value may hold under a type: every
/// non-empty value (`string`, and `:name` and `*` without a type), the `int` values, the `uuid`
/// values, or some listed values (a static segment is the one value it spells). Values are
/// never empty.
package enum ValueSet: Hashable, Sendable {
    case any
    case integer
    case uuid
    /// The listed values, ascending and distinct.
    case listed([ListedValue])

    /// The set of `values` (in any order, repeats allowed).
    package static func listing(_ values: [ListedValue]) -> ValueSet {
        var distinct: [ListedValue] = []
        distinct.reserveCapacity(values.count)
        for value in values.sorted() where distinct.last?.segment != value.segment { distinct.append(value) }
        return .listed(distinct)
    }

    /// Whether `value` is in the set.
    package func contains(_ value: ListedValue) -> Bool {
        switch self {
        case .any: return true
        case .integer: return value.shape == .integer
        case .uuid: return value.shape == .uuid
        case .listed(let values): return Self.search(values, value.segment)
        }
    }

    /// Whether a value of shape `shape` that is none of the listed ones (no symbol spells it)
    /// is in the set.
    package func contains(unlistedOfShape shape: ValueShape) -> Bool {
        switch self {
        case .any: return true
        case .integer: return shape == .integer
        case .uuid: return shape == .uuid
        case .listed: return false
        }
    }

    /// Whether every value of the set is in `other`.
    package func isSubset(of other: ValueSet) -> Bool {
        switch (self, other) {
        case (_, .any): return true
        case (.any, _): return false
        case (.integer, .integer), (.uuid, .uuid): return true
        case (.integer, _), (.uuid, _): return false
        case (.listed(let values), _): return values.allSatisfy(other.contains)
        }
    }

    /// Whether some value is in both sets.
    package func intersects(_ other: ValueSet) -> Bool {
        switch (self, other) {
        case (.any, _), (_, .any): return true
        case (.integer, .integer), (.uuid, .uuid): return true
        case (.integer, .uuid), (.uuid, .integer): return false
        case (.listed(let values), _): return values.contains(where: other.contains)
        case (_, .listed(let values)): return values.contains(where: contains)
        }
    }

    /// A value of the set shared with `other`, listed values first: a witness's segment; nil
    /// when the sets share none, or share only values no symbol spells (then `sampleShape`).
    package func commonListedValue(with other: ValueSet) -> ListedValue? {
        if case .listed(let values) = self, let value = values.first(where: other.contains) { return value }
        if case .listed(let values) = other, let value = values.first(where: contains) { return value }
        return nil
    }

    /// The shape of a value both sets hold when neither lists values: what a witness writes
    /// for it (`42`, a UUID, or a word).
    package func sharedShape(with other: ValueSet) -> ValueShape {
        switch (self, other) {
        case (.integer, _), (_, .integer): return .integer
        case (.uuid, _), (_, .uuid): return .uuid
        default: return .other
        }
    }

    private static func search(_ values: [ListedValue], _ segment: Symbol) -> Bool {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].segment < segment { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low].segment == segment
    }
}

/// What a route asks of one query item (docs/usage.md, "Parameter types and query items"):
/// a URL meets it when the item is absent (or its first value empty) and that is allowed, or
/// when its first value is of the item's type. An item a route does not declare allows
/// everything.
package struct QueryItemSet: Hashable, Sendable {
    /// Whether a URL without the item (or with an empty first value) meets it.
    package let allowsAbsence: Bool
    /// The values the item's first occurrence may hold.
    package let values: ValueSet

    /// What an item the route does not declare allows: anything.
    package static let unconstrained = QueryItemSet(allowsAbsence: true, values: .any)

    /// An item of type `values`, absent allowed unless `required`.
    package init(allowsAbsence: Bool, values: ValueSet) {
        self.allowsAbsence = allowsAbsence
        self.values = values
    }

    /// Whether every URL state of the item this allows, `other` allows.
    package func isSubset(of other: QueryItemSet) -> Bool {
        (!allowsAbsence || other.allowsAbsence) && values.isSubset(of: other.values)
    }

    /// Whether some URL state of the item both allow.
    package func intersects(_ other: QueryItemSet) -> Bool {
        (allowsAbsence && other.allowsAbsence) || values.intersects(other.values)
    }

    /// Whether it allows everything, as an undeclared item does.
    package var isUnconstrained: Bool { allowsAbsence && values == .any }
}
