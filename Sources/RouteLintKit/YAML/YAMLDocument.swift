/// A YAML document as a flat, immutable arena of nodes.
///
/// Containers refer to their children by index, and an alias is the index of the node its
/// anchor names: aliases share nodes instead of copying them, so an alias bomb costs one
/// index per alias event. Anchors are registered when their node is complete, so the graph is
/// acyclic, and nothing here recurses: a nested document is freed and walked without touching
/// the call stack's depth.
public struct YAMLDocument: Sendable {
    public struct NodeID: Hashable, Sendable {
        let index: Int32
    }

    public enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    public enum ScalarStyle: UInt8, Sendable {
        /// Unquoted: resolved by the YAML 1.2 core schema (null, bool, int, float or string).
        case plain
        /// Quoted, literal or folded, or tagged `!!str`: always a string.
        case string
    }

    struct Node: Sendable {
        var kind: Kind
        var style: ScalarStyle
        var start: SourcePosition
        var end: SourcePosition
        /// Scalars: index into `scalarValues`. Containers: first index into `children`.
        var payload: Int32
        /// Containers: the number of items, or of key/value pairs.
        var count: Int32
    }

    public struct Pair: Sendable {
        public let key: NodeID
        public let value: NodeID
    }

    public let file: FileID
    public let root: NodeID?
    let nodes: [Node]
    let children: [Int32]
    let scalarValues: [String]
    /// Index into `children` of each key that repeats an earlier key of its mapping.
    let repeatedKeySlots: Set<Int32>

    public func kind(_ node: NodeID) -> Kind { nodes[Int(node.index)].kind }

    public func range(_ node: NodeID) -> SourceRange {
        let stored = nodes[Int(node.index)]
        return SourceRange(file: file, start: stored.start, end: stored.end)
    }

    /// The text of a scalar node, or nil for a container.
    public func text(_ node: NodeID) -> String? {
        let stored = nodes[Int(node.index)]
        return stored.kind == .scalar ? scalarValues[Int(stored.payload)] : nil
    }

    public func scalar(_ node: NodeID) -> YAMLScalar? {
        let stored = nodes[Int(node.index)]
        guard stored.kind == .scalar else { return nil }
        return YAMLScalar(text: scalarValues[Int(stored.payload)], style: stored.style)
    }

    /// The items of a sequence (empty for any other node).
    public func items(_ node: NodeID) -> Items {
        let stored = nodes[Int(node.index)]
        guard stored.kind == .sequence else { return Items(slots: children[0..<0]) }
        let first = Int(stored.payload)
        return Items(slots: children[first..<first + Int(stored.count)])
    }

    /// The pairs of a mapping in source order, leaving out every pair whose key repeats an
    /// earlier key: as the spec says, the first occurrence of a key is the one used.
    public func pairs(_ node: NodeID) -> Pairs {
        let stored = nodes[Int(node.index)]
        guard stored.kind == .mapping else { return Pairs(slots: children[0..<0], repeatedKeySlots: repeatedKeySlots) }
        let first = Int(stored.payload)
        return Pairs(slots: children[first..<first + 2 * Int(stored.count)], repeatedKeySlots: repeatedKeySlots)
    }

    /// How many pairs a mapping has, repeated keys included (0 for any other node).
    public func pairCount(_ node: NodeID) -> Int {
        let stored = nodes[Int(node.index)]
        return stored.kind == .mapping ? Int(stored.count) : 0
    }

    /// A sequence's items, read in place.
    public struct Items: RandomAccessCollection, Sendable {
        let slots: ArraySlice<Int32>

        public var startIndex: Int { slots.startIndex }
        public var endIndex: Int { slots.endIndex }
        public subscript(position: Int) -> NodeID { NodeID(index: slots[position]) }
    }

    /// A mapping's pairs, read in place.
    public struct Pairs: Sequence, Sendable {
        let slots: ArraySlice<Int32>
        let repeatedKeySlots: Set<Int32>

        public func makeIterator() -> Iterator {
            Iterator(slots: slots, nextSlot: slots.startIndex, skipsRepeats: !repeatedKeySlots.isEmpty, repeatedKeySlots: repeatedKeySlots)
        }

        public struct Iterator: IteratorProtocol {
            let slots: ArraySlice<Int32>
            var nextSlot: Int
            let skipsRepeats: Bool
            let repeatedKeySlots: Set<Int32>

            public mutating func next() -> Pair? {
                while nextSlot < slots.endIndex {
                    let slot = nextSlot
                    nextSlot += 2
                    if skipsRepeats && repeatedKeySlots.contains(Int32(slot)) { continue }
                    return Pair(key: NodeID(index: slots[slot]), value: NodeID(index: slots[slot + 1]))
                }
                return nil
            }
        }
    }

    /// Whether `position` lies inside a scalar's text, as a `#` inside a quoted value does.
    /// A scan of every node: meant for the rare file that needs it.
    public func scalarContains(_ position: SourcePosition) -> Bool {
        nodes.contains { $0.kind == .scalar && $0.start <= position && position < $0.end }
    }

    /// Whether the node is a plain `null`, `~` or empty scalar, which the spec reads as an
    /// empty mapping or list where one is expected.
    public func isNull(_ node: NodeID) -> Bool {
        scalar(node)?.resolved == .null
    }
}

/// A scalar's text and how it was written, resolved by the YAML 1.2 core schema.
public struct YAMLScalar: Sendable {
    public let text: String
    public let style: YAMLDocument.ScalarStyle

    public enum Resolved: Equatable, Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case float(Double)
        case string(String)

        /// The name of the type, for messages ("expected a string, found an integer").
        public var typeDescription: String {
            switch self {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .float: return "a number"
            case .string: return "a string"
            }
        }
    }

    public var resolved: Resolved {
        guard style == .plain else { return .string(text) }
        guard let first = text.utf8.first else { return .null }
        // Most plain scalars are names and paths. Only these bytes can start a null, a
        // boolean or a number of the core schema; anything else is a string.
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let integer = YAMLScalar.integer(text) { return .int(integer) }
        if YAMLScalar.isFloat(text), let number = Double(text) { return .float(number) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`. A decimal too large for `Int` is still an
    /// integer, clamped, so that it is reported as a wrong value rather than as a string.
    private static func integer(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        // Most scalars are names and paths: rule them out at the first byte.
        guard isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else { return nil }
        if utf8.count > 2, first == UInt8(ascii: "0") {
            let marker = utf8[utf8.index(after: utf8.startIndex)]
            if marker == UInt8(ascii: "o") { return Int(text.dropFirst(2), radix: 8) }
            if marker == UInt8(ascii: "x") { return Int(text.dropFirst(2), radix: 16) }
        }
        let digits = first == UInt8(ascii: "-") || first == UInt8(ascii: "+") ? utf8.dropFirst() : utf8[...]
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return Int(text) ?? (first == UInt8(ascii: "-") ? Int.min : Int.max)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        guard let first = bytes.first, isDigit(first) || "+-.".utf8.contains(first) else { return false }
        func digits() -> Int {
            let count = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissaDigits = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if let exponent = bytes.first, exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
