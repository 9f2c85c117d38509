/// A JSON document (RFC 8259) with the byte range of every value and key: what routelint
/// reads of apple-app-site-association and assetlinks.json, so a finding points at the
/// component or fingerprint it is about. One pass, nesting bounded, no recursion deeper than
/// `maximumDepth`.
struct JSONDocument {
    /// A value and where it is written.
    struct Value {
        enum Kind {
            case object([Member])
            case array([Value])
            case string(String)
            /// The number's text as written.
            case number(String)
            case bool(Bool)
            case null
        }

        let kind: Kind
        let range: XMLDocument.ByteRange

        /// The member named `key` of an object (the last, as most readers keep it).
        subscript(key: String) -> Value? {
            guard case .object(let members) = kind else { return nil }
            return members.last { $0.key == key }?.value
        }

        var string: String? {
            if case .string(let text) = kind { return text }
            return nil
        }

        var array: [Value]? {
            if case .array(let items) = kind { return items }
            return nil
        }

        var bool: Bool? {
            if case .bool(let flag) = kind { return flag }
            return nil
        }

        /// What JSON calls the value's type, for messages.
        var typeName: String {
            switch kind {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// One member of an object.
    struct Member {
        let key: String
        let keyRange: XMLDocument.ByteRange
        let value: Value
    }

    let root: Value

    static let maximumDepth = 512

    /// Reads `bytes` (UTF-8, a byte-order mark allowed) as one JSON value.
    static func read(_ bytes: [UInt8]) -> Result<JSONDocument, XMLDocument.Problem> {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        do throws(XMLDocument.Problem) {
            let root = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.offset == bytes.count else { throw parser.problem("unexpected text after the JSON value") }
            return .success(JSONDocument(root: root))
        } catch {
            return .failure(error)
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        func problem(_ message: String) -> XMLDocument.Problem {
            XMLDocument.Problem(message: message, offset: min(offset, bytes.count))
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func value(depth: Int) throws(XMLDocument.Problem) -> Value {
            guard depth < JSONDocument.maximumDepth else { throw problem("values are nested more than \(JSONDocument.maximumDepth) deep") }
            skipSpace()
            guard offset < bytes.count else { throw problem("the JSON ends where a value should be") }
            let start = offset
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var members: [Member] = []
                skipSpace()
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return Value(kind: .object(members), range: .init(start: start, end: offset))
                }
                while true {
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw problem("an object key must be a string") }
                    let keyStart = offset
                    let key = try string()
                    let keyRange = XMLDocument.ByteRange(start: keyStart, end: offset)
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                        throw problem("expected ':' after an object key")
                    }
                    offset += 1
                    members.append(Member(key: key, keyRange: keyRange, value: try value(depth: depth + 1)))
                    skipSpace()
                    guard offset < bytes.count else { throw problem("the JSON ends inside an object") }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        continue
                    }
                    guard bytes[offset] == UInt8(ascii: "}") else { throw problem("expected ',' or '}' in an object") }
                    offset += 1
                    return Value(kind: .object(members), range: .init(start: start, end: offset))
                }
            case UInt8(ascii: "["):
                offset += 1
                var items: [Value] = []
                skipSpace()
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return Value(kind: .array(items), range: .init(start: start, end: offset))
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard offset < bytes.count else { throw problem("the JSON ends inside an array") }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        continue
                    }
                    guard bytes[offset] == UInt8(ascii: "]") else { throw problem("expected ',' or ']' in an array") }
                    offset += 1
                    return Value(kind: .array(items), range: .init(start: start, end: offset))
                }
            case UInt8(ascii: "\""):
                let text = try string()
                return Value(kind: .string(text), range: .init(start: start, end: offset))
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for (word, kind) in [("true", Value.Kind.bool(true)), ("false", .bool(false)), ("null", .null)] {
                    let literal = Array(word.utf8)
                    if bytes.count - offset >= literal.count && bytes[offset..<(offset + literal.count)].elementsEqual(literal) {
                        offset += literal.count
                        return Value(kind: kind, range: .init(start: start, end: offset))
                    }
                }
                throw problem("unexpected text where a value should be")
            default:
                return try number(from: start)
            }
        }

        private mutating func number(from start: Int) throws(XMLDocument.Problem) -> Value {
            func digits() -> Int {
                let first = offset
                while offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                return offset - first
            }
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw problem("unexpected text where a value should be") }
            if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw problem("a number needs digits after '.'") }
            }
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
                offset += 1
                if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) { offset += 1 }
                guard digits() > 0 else { throw problem("a number needs digits in its exponent") }
            }
            return Value(kind: .number(String(decoding: bytes[start..<offset], as: UTF8.self)), range: .init(start: start, end: offset))
        }

        /// A string at `offset` (its opening quote), escapes decoded.
        private mutating func string() throws(XMLDocument.Problem) -> String {
            offset += 1
            var units: [UInt16] = []
            var chunkStart = offset
            var text = ""
            func flushBytes(upTo end: Int) {
                if !units.isEmpty {
                    text += String(decoding: units, as: UTF16.self)
                    units.removeAll()
                }
                text += String(decoding: bytes[chunkStart..<end], as: UTF8.self)
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    flushBytes(upTo: offset)
                    offset += 1
                    return text
                }
                if byte < 0x20 { throw problem("a control character must be escaped in a string") }
                if byte != UInt8(ascii: "\\") {
                    offset += 1
                    continue
                }
                flushBytes(upTo: offset)
                offset += 1
                guard offset < bytes.count else { break }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""): units.append(0x22)
                case UInt8(ascii: "\\"): units.append(0x5C)
                case UInt8(ascii: "/"): units.append(0x2F)
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "u"):
                    guard offset + 4 <= bytes.count,
                        let unit = UInt16(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16)
                    else { throw problem("'\\u' needs four hexadecimal digits") }
                    units.append(unit)
                    offset += 4
                default:
                    offset -= 1
                    throw problem("unknown escape in a string")
                }
                chunkStart = offset
            }
            throw problem("the JSON ends inside a string")
        }
    }
}
