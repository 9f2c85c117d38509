// The support every app's generated routing code shares: URL paths taken apart and
// percent-coded as routelint compares them, the segment trie the routes are matched with, and
// the per-route table the generated types read. `routelint generate swift` copies this file
// beside `Routes.swift` and `Holders.swift`; it needs the standard library only.

/// How a route is shown.
public enum Presentation: String, CaseIterable, Hashable, Sendable {
    case push, sheet, fullscreen
}

/// A route's row of the generated route table: what the manifest says of it, so that the
/// route enum needs one `switch` to find its row instead of one per property.
struct RouteRow: Sendable {
    /// One segment of the route's path.
    enum Piece: Sendable {
        /// A static segment, in canonical form (or the filler that stands for `*` and `**`).
        case text(String)
        /// The next path parameter.
        case parameter
    }

    /// The route's id in the manifest.
    let id: String
    /// The path's segments; nil for a route without a path.
    let pattern: [Piece]?
    /// The path parameters' names in the manifest, in path order.
    let parameterNames: [String]
    /// The position of the route's activity and tab among the generated enums' cases.
    let activity: Int?
    let tab: Int?
    let presentation: Presentation
    let requiresAuth: Bool
    /// The position of the route's holder among `HolderKind`'s cases.
    let holder: Int

    /// The rows of a table: a line per route, its fields separated by tabs: id, pattern
    /// (segments after "/", `:name` a parameter; empty for no path), activity, tab (positions,
    /// empty for none), presentation, requires-auth (`1` or `0`), holder (a position).
    static func rows(_ table: String) -> [RouteRow] {
        table.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let field = { (index: Int) in index < fields.count ? fields[index] : "" }
            var pattern: [Piece]?
            var names: [String] = []
            if !field(1).isEmpty {
                pattern = field(1).split(separator: "/").map { segment in
                    guard segment.hasPrefix(":") else { return .text(String(segment)) }
                    names.append(String(segment.dropFirst()))
                    return .parameter
                }
            }
            return RouteRow(
                id: field(0), pattern: pattern, parameterNames: names, activity: Int(field(2)), tab: Int(field(3)),
                presentation: Presentation(rawValue: field(4)) ?? .push, requiresAuth: field(5) == "1",
                holder: Int(field(6)) ?? 0)
        }
    }

    /// The URL path of the route with these parameter values, percent-encoded.
    func path(_ arguments: [String]) -> String? {
        guard let pattern else { return nil }
        guard !pattern.isEmpty else { return "/" }
        var path = ""
        var next = 0
        for piece in pattern {
            switch piece {
            case .text(let text):
                path += "/" + text
            case .parameter:
                path += "/" + RoutePath.encode(next < arguments.count ? arguments[next] : "")
                next += 1
            }
        }
        return path
    }

    /// The parameter values by their names in the manifest.
    func parameters(_ arguments: [String]) -> [String: String] {
        Dictionary(zip(parameterNames, arguments), uniquingKeysWith: { first, _ in first })
    }

    /// The value of the parameter `name`; empty when the route has none of that name.
    func argument(_ name: String, in arguments: [String]) -> String {
        parameterNames.firstIndex(of: name).map { $0 < arguments.count ? arguments[$0] : "" } ?? ""
    }

    /// The decoded segments of a matched path that stand at the parameters.
    func arguments(from segments: [RoutePath.Segment]) -> [String] {
        guard let pattern else { return [] }
        return zip(pattern, segments).compactMap { piece, segment in
            if case .parameter = piece { return segment.decoded }
            return nil
        }
    }
}

/// The routes' paths as a segment trie, by node (node 0 is the root): one walk matches a path,
/// whatever the number of routes.
struct RouteTrie: Sendable {
    /// The row of the route whose path ends exactly at a node, or -1.
    private let exact: [Int]
    /// The row of the route whose `**` starts below a node, or -1.
    private let rest: [Int]
    /// The node a `:name` or `*` segment leads to, or -1.
    private let wildcard: [Int]
    /// "node/segment" → child, segments in canonical form.
    private let literals: [String: Int]

    /// The trie from its generated tables: three comma-separated lists by node, and the static
    /// edges as "node/segment/child" lines.
    init(exact: String, rest: String, wildcard: String, edges: String) {
        let numbers = { (text: String) in text.split(separator: ",").map { Int($0) ?? -1 } }
        self.exact = numbers(exact)
        self.rest = numbers(rest)
        self.wildcard = numbers(wildcard)
        var literals: [String: Int] = [:]
        for line in edges.split(separator: "\n") {
            guard let slash = line.lastIndex(of: "/"), let child = Int(line[line.index(after: slash)...]) else { continue }
            literals[String(line[..<slash])] = child
        }
        self.literals = literals
    }

    /// The row of the most specific route whose path matches `segments`: at each node the
    /// static child first, then the wildcard child, then a `**` ending here. With no
    /// conflicting patterns, the first match found is the most specific one.
    func match(_ segments: [RoutePath.Segment]) -> Int? {
        var stack: [(node: Int, index: Int, step: Int)] = [(0, 0, 0)]
        while let (node, index, step) = stack.last {
            guard node >= 0, node < exact.count else { return nil }
            if index == segments.count {
                stack.removeLast()
                if exact[node] >= 0 { return exact[node] }
                continue
            }
            stack[stack.count - 1].step = step + 1
            switch step {
            case 0:
                if let child = literals["\(node)/\(segments[index].canonical)"] { stack.append((child, index + 1, 0)) }
            case 1:
                if wildcard[node] >= 0 { stack.append((wildcard[node], index + 1, 0)) }
            default:
                stack.removeLast()
                if rest[node] >= 0 { return rest[node] }
            }
        }
        return nil
    }
}

/// URL paths split, decoded and re-encoded as the manifest's patterns are compared.
enum RoutePath {
    struct Segment {
        /// The segment's bytes, percent-decoded, as text.
        let decoded: String
        /// Percent-decoded, then every byte that is not a path character re-encoded as %XX.
        let canonical: String
    }

    /// The segments of a path starting with "/" (one trailing "/" ignored); nil for an empty
    /// segment or a "%" that does not start an escape.
    static func segments(of path: String) -> [Segment]? {
        guard path.hasPrefix("/") else { return nil }
        var pieces = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        var segments: [Segment] = []
        segments.reserveCapacity(pieces.count)
        for piece in pieces {
            guard !piece.isEmpty, let bytes = decode(piece) else { return nil }
            segments.append(Segment(decoded: String(decoding: bytes, as: UTF8.self), canonical: encode(bytes)))
        }
        return segments
    }

    /// The bytes of percent-encoded text; nil for a "%" that does not start an escape.
    static func decode<Bytes: Collection<UInt8>>(_ text: Bytes) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// A parameter value as a path segment: every byte that is not a path character as %XX.
    static func encode(_ value: String) -> String {
        encode(Array(value.utf8))
    }

    /// Bytes as a path segment: every byte that is not a path character as %XX.
    static func encode(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            if isPathCharacter(byte) {
                text.append(byte)
            } else {
                text += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Letters, digits and -._~!$&'()+,;=@.
    static func isPathCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-._~!$&'()+,;=@".utf8).contains(byte)
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A URL taken apart as `routelint resolve` does.
struct RouteURL {
    /// Lower-cased; nil for a bare path.
    let scheme: String?
    /// Lower-cased; set for http and https only.
    let host: String?
    /// The path, percent-encoded, without query and fragment.
    let path: String
    /// The query items, decoded, in URL order.
    let query: [(name: String, value: String)]

    init?(_ url: String) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var scheme: String?
        var host: String?
        var path: Substring
        if rest.hasPrefix("/") {
            path = rest
        } else if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let name = rest[..<colon].lowercased()
            guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                name.unicodeScalars.allSatisfy({ Self.isSchemeCharacter($0) })
            else { return nil }
            scheme = name
            let afterScheme = rest[rest.index(colon, offsetBy: 3)...]
            if name == "http" || name == "https" {
                let authorityEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
                var authority = afterScheme[..<authorityEnd]
                if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
                if let colon = authority.lastIndex(of: ":") { authority = authority[..<colon] }
                host = authority.lowercased()
                path = afterScheme[authorityEnd...]
                if path.isEmpty { path = "/" }
            } else {
                // In a custom-scheme deep link, what stands where a host would is the first segment.
                path = afterScheme.hasPrefix("/") ? afterScheme : "/" + afterScheme
            }
        } else {
            return nil
        }
        let decode = { (text: Substring) in RoutePath.decode(text.utf8).map { String(decoding: $0, as: UTF8.self) } ?? String(text) }
        self.scheme = scheme
        self.host = host
        self.path = String(path)
        self.query = queryText.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
    }

    /// Whether the app declares the URL's host or scheme; a bare path belongs to every app.
    func belongs(schemes: Set<String>, hosts: [String]) -> Bool {
        if let host {
            return hosts.contains { declared in
                declared.hasPrefix("*.") ? host.hasSuffix(declared.dropFirst(1)) && host.count > declared.count - 1 : host == declared
            }
        }
        if let scheme { return schemes.contains(scheme) }
        return true
    }
}
