/// A scalar's text and how it was written, resolved by the YAML 1.2 core schema.
package struct YAMLScalar: Sendable {
    package let text: String
    let style: YAMLDocument.ScalarStyle

    package enum Resolved: Equatable, Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case float(Double)
        case string(String)
    }

    package var resolved: Resolved {
        switch ScalarType(Array(text.utf8), isPlain: style == .plain) {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .float(let value): return .float(value)
        case .string: return .string(text)
        }
    }
}

/// What the core schema makes of a scalar's bytes, without building a string for the common
/// case, a name or a path.
enum ScalarType: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string

    init(_ bytes: [UInt8], isPlain: Bool) {
        self.init(bytes[...], isPlain: isPlain)
    }

    init(_ bytes: ArraySlice<UInt8>, isPlain: Bool) {
        guard isPlain else {
            self = .string
            return
        }
        guard let first = bytes.first else {
            self = .null
            return
        }
        // Only these bytes can start a null, a boolean or a number of the core schema.
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            self = .string
            return
        }
        if let keyword = Self.keyword(bytes) {
            self = keyword
            return
        }
        self = bytes.withUnsafeBufferPointer { bytes in
            if let integer = Self.integer(bytes) { return .int(integer) }
            if Self.isFloat(bytes), let number = Double(String(decoding: bytes, as: UTF8.self)) { return .float(number) }
            return .string
        }
    }

    /// The keywords of the core schema, each packed into a word (`ShortText`): compared as
    /// numbers, where comparing strings cost a scalar such as `1` or `true` some 1,800
    /// instructions.
    private static let keywords: [(word: UInt64, type: ScalarType)] = {
        let spellings: [(String, ScalarType)] = [
            ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
            ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
            ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
            (".inf", .float(.infinity)), (".Inf", .float(.infinity)), (".INF", .float(.infinity)),
            ("+.inf", .float(.infinity)), ("+.Inf", .float(.infinity)), ("+.INF", .float(.infinity)),
            ("-.inf", .float(-.infinity)), ("-.Inf", .float(-.infinity)), ("-.INF", .float(-.infinity)),
            (".nan", .float(.nan)), (".NaN", .float(.nan)), (".NAN", .float(.nan)),
        ]
        return spellings.map { (ShortText.word($0.0), $0.1) }
    }()

    /// The null, boolean or special number `bytes` spells, if it spells one (every keyword is
    /// at most six bytes).
    private static func keyword(_ bytes: ArraySlice<UInt8>) -> ScalarType? {
        guard bytes.count <= 6, let word = ShortText.word(bytes) else { return nil }
        for keyword in keywords where keyword.word == word { return keyword.type }
        return nil
    }

    /// The name of the type, for messages ("must be a string, found an integer").
    var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .float: return "a number"
        case .string: return "a string"
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`. A decimal too large for `Int` is still an
    /// integer, clamped, so that it is reported as a wrong value rather than as a string.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else { return nil }
        if bytes.count > 2, first == UInt8(ascii: "0") {
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            if bytes[1] == UInt8(ascii: "o") { return Int(digits, radix: 8) }
            if bytes[1] == UInt8(ascii: "x") { return Int(digits, radix: 16) }
        }
        let isSigned = first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        let digits = isSigned ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        var value = 0
        for digit in digits {
            let (shifted, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowPlus) = shifted.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflowTimes || overflowPlus { return first == UInt8(ascii: "-") ? Int.min : Int.max }
            value = sum
        }
        return first == UInt8(ascii: "-") ? -value : value
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var rest = bytes[...]
        func digits() -> Int {
            let count = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(count)
            return count
        }
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
        var mantissaDigits = digits()
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if let exponent = rest.first, exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
