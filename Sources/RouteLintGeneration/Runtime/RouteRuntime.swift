// The support every app's generated routing code shares: URL paths taken apart and
// percent-coded as routelint compares them, the segment trie the routes are matched with, and
// the per-route table the generated types read. `routelint generate swift` copies this file
// beside `Routes.swift` and `Holders.swift`; it needs the standard library only.

/// How a route is shown. (`generate` gives it the code's access level: keep it `public` here.)
public enum Presentation: String, CaseIterable, Hashable, Sendable, Codable {
    case push, sheet, fullscreen
}

/// What a path parameter or a query item accepts: any value, an integer (an optional `-`
/// then 1 to 18 ASCII digits), a UUID (8-4-4-4-12 hexadecimal digits), or listed values.
enum RouteValueKind: Sendable, Equatable {
    case string, int, uuid
    /// One of these values, in canonical form.
    case listed(Set<String>)

    /// The kind a table writes as `s`, `i`, `u` or `l` and the position of its values.
    init(code: Substring, listed: [Set<String>]) {
        switch code.first {
        case "i": self = .int
        case "u": self = .uuid
        case "l": self = Int(code.dropFirst()).map { $0 < listed.count ? .listed(listed[$0]) : .listed([]) } ?? .listed([])
        default: self = .string
        }
    }

    /// Whether a non-empty value, decoded (`value`) and in canonical form, is of the kind.
    func accepts(_ value: String, canonical: String) -> Bool {
        switch self {
        case .string: return true
        case .listed(let values): return values.contains(canonical)
        case .int:
            let bytes = Array(value.utf8)
            let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
            return (1...18).contains(digits.count) && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        case .uuid:
            let bytes = Array(value.utf8)
            guard bytes.count == 36 else { return false }
            return bytes.indices.allSatisfy { index in
                [8, 13, 18, 23].contains(index) ? bytes[index] == UInt8(ascii: "-") : RoutePath.hexValue(bytes[index]) != nil
            }
        }
    }
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

    /// A query item the route declares.
    struct QueryItem: Sendable {
        /// Its name, decoded.
        let name: String
        let kind: RouteValueKind
        /// The kind as the table writes it: a plan passes a value on by name and this code.
        let kindCode: String
        let isRequired: Bool
        /// The value a URL without the item gives the route, decoded; nil for none.
        let defaultValue: String?
    }

    /// The route's id in the manifest.
    let id: String
    /// The path's segments; nil for a route without a path.
    let pattern: [Piece]?
    /// The path parameters' names in the manifest, in path order, and their kinds' codes.
    let parameterNames: [String]
    let parameterKinds: [String]
    let parameterValueKinds: [RouteValueKind]
    /// The position of the route's activity and tab among the generated enums' cases.
    let activity: Int?
    let tab: Int?
    let presentation: Presentation
    let requiresAuth: Bool
    /// The position of the route's holder among `HolderKind`'s cases.
    let holder: Int
    let query: [QueryItem]
    /// Of the routes a URL matches, the one of lowest rank is the most specific.
    let rank: Int
    /// The rows of the routes it links to, in the order of their ids; of the route its `up`
    /// names (one that links to it); of its fallback.
    let links: [Int]
    let up: Int?
    let fallback: Int?
    /// Whether, presented, it holds routes pushed inside it.
    let isStacked: Bool
    /// Its feature flag, decoded; nil for none.
    let feature: String?
    /// Whether only the app's own navigation opens it: no link from outside does.
    let isInApp: Bool
    /// For the row of an alias (a former path that still opens a route, after every route's
    /// row), the row of its route; nil for a route's own row.
    let aliasOf: Int?

    /// The rows of a table: a line per route, its fields separated by tabs: id, pattern
    /// (segments after "/", `:name:kind` a parameter; empty for no path), activity, tab
    /// (positions, empty for none), presentation, requires-auth (`1` or `0`), holder (a
    /// position), query items (`name:kind:required:default`, separated by "/"), rank, links
    /// (positions separated by spaces), up (a position), stacked (`1` or `0`), feature (a
    /// canonical segment), fallback (a position), in-app (`1`, or empty) and, on an alias's
    /// row, the position of its route. `listed` are the values of each listed kind.
    static func rows(_ table: String, listed: [Set<String>]) -> [RouteRow] {
        table.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let field = { (index: Int) in index < fields.count ? fields[index] : "" }
            var pattern: [Piece]?
            var names: [String] = []
            var kinds: [String] = []
            var valueKinds: [RouteValueKind] = []
            if !field(1).isEmpty {
                pattern = field(1).split(separator: "/").map { segment in
                    guard segment.hasPrefix(":") else { return .text(String(segment)) }
                    let parts = segment.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
                    names.append(String(parts[0]))
                    kinds.append(parts.count > 1 ? String(parts[1]) : "s")
                    valueKinds.append(RouteValueKind(code: parts.count > 1 ? parts[1] : "s", listed: listed))
                    return .parameter
                }
            }
            let query = field(7).split(separator: "/").map { item in
                let parts = item.split(separator: ":", omittingEmptySubsequences: false)
                let part = { (index: Int) in index < parts.count ? parts[index] : "" }
                return QueryItem(
                    name: RoutePath.decodedText(part(0)), kind: RouteValueKind(code: part(1), listed: listed), kindCode: String(part(1)),
                    isRequired: part(2) == "1", defaultValue: part(3).isEmpty ? nil : RoutePath.decodedText(part(3)))
            }
            return RouteRow(
                id: field(0), pattern: pattern, parameterNames: names, parameterKinds: kinds, parameterValueKinds: valueKinds,
                activity: Int(field(2)),
                tab: Int(field(3)), presentation: Presentation(rawValue: field(4)) ?? .push, requiresAuth: field(5) == "1",
                holder: Int(field(6)) ?? 0, query: query, rank: Int(field(8)) ?? 0,
                links: field(9).split(separator: " ").compactMap { Int($0) }, up: Int(field(10)), fallback: Int(field(13)),
                isStacked: field(11) == "1", feature: field(12).isEmpty ? nil : RoutePath.decodedText(field(12)[...]),
                isInApp: field(14) == "1", aliasOf: Int(field(15)))
        }
    }

    /// The URL of the route with these values (path parameters, then query items, each
    /// empty for an absent optional), percent-encoded: the path, then the query items whose
    /// values differ from their defaults.
    func path(_ arguments: [String]) -> String? {
        guard let pattern else { return nil }
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
        if path.isEmpty { path = "/" }
        var separator = "?"
        for (item, value) in zip(query, arguments.dropFirst(parameterNames.count)) where !value.isEmpty && value != item.defaultValue {
            path += separator + RoutePath.encodeQuery(item.name) + "=" + RoutePath.encodeQuery(value)
            separator = "&"
        }
        return path
    }

    /// The path parameter values by their names in the manifest.
    func parameters(_ arguments: [String]) -> [String: String] {
        Dictionary(zip(parameterNames, arguments), uniquingKeysWith: { first, _ in first })
    }

    /// The value of the path parameter or query item `name`; empty when the route has none of
    /// that name, or the item is absent.
    func argument(_ name: String, in arguments: [String]) -> String {
        let position =
            parameterNames.firstIndex(of: name)
            ?? query.firstIndex { $0.name.utf8.elementsEqual(name.utf8) }.map { parameterNames.count + $0 }
        return position.map { $0 < arguments.count ? arguments[$0] : "" } ?? ""
    }

    /// The route's values by name, as a plan and the JSON of a route give them: the path
    /// parameters, then the query items that have a value, each with its kind's code.
    func namedValues(_ arguments: [String]) -> [(name: String, kind: String, value: String)] {
        var values: [(name: String, kind: String, value: String)] = []
        for (index, name) in parameterNames.enumerated() {
            values.append((name, parameterKinds[index], index < arguments.count ? arguments[index] : ""))
        }
        for (index, item) in query.enumerated() {
            let position = parameterNames.count + index
            if position < arguments.count, !arguments[position].isEmpty { values.append((item.name, item.kindCode, arguments[position])) }
        }
        return values
    }

    /// The arguments of a value of this route from `values`: nil when a path parameter or a
    /// required query item without a default has none, or a value is not of its kind.
    func arguments(from values: RouteValues) -> [String]? {
        var arguments: [String] = []
        for (index, name) in parameterNames.enumerated() {
            guard let text = values.value(name, kind: parameterKinds[index]),
                parameterValueKinds[index].accepts(text, canonical: RoutePath.encode(text))
            else { return nil }
            arguments.append(text)
        }
        for item in query {
            if let text = values.value(item.name, kind: item.kindCode) ?? item.defaultValue, !text.isEmpty {
                guard item.kind.accepts(text, canonical: RoutePath.encode(text)) else { return nil }
                arguments.append(text)
            } else if item.isRequired {
                return nil
            } else {
                arguments.append("")
            }
        }
        return arguments
    }

    /// Whether a URL with these query items (decoded, in URL order) meets what the route asks
    /// of each item it declares: its first value of the item's type, or the item absent (or
    /// empty) where that is allowed.
    func accepts(_ items: [(name: String, value: String)]) -> Bool {
        query.allSatisfy { item in
            guard let value = Self.first(item.name, in: items) else { return !item.isRequired }
            return item.kind.accepts(value, canonical: RoutePath.encode(value))
        }
    }

    /// The decoded segments of a matched path that stand at the parameters, then the value of
    /// each query item: its first non-empty value, else its default, else empty.
    func arguments(from segments: [RoutePath.Segment], query items: [(name: String, value: String)]) -> [String] {
        guard let pattern else { return [] }
        let parameters = zip(pattern, segments).compactMap { piece, segment -> String? in
            if case .parameter = piece { return segment.decoded }
            return nil
        }
        return parameters + query.map { Self.first($0.name, in: items) ?? $0.defaultValue ?? "" }
    }

    /// The first value of item `name`, when it is not empty.
    private static func first(_ name: String, in items: [(name: String, value: String)]) -> String? {
        guard let value = items.first(where: { $0.name.utf8.elementsEqual(name.utf8) })?.value, !value.isEmpty else { return nil }
        return value
    }
}

/// The routes' paths as a segment trie, by node (node 0 is the root). A walk follows, at each
/// node, the static child, every parameter child whose kind holds the segment, and a `**`
/// starting there; a node is reached at one depth only, so the walk visits each at most once,
/// whatever the number of routes.
struct RouteTrie: Sendable {
    /// The rows of the routes whose path ends exactly at a node.
    private let exact: [[Int]]
    /// The rows of the routes whose `**` starts below a node.
    private let rest: [[Int]]
    /// "node/segment" → child, segments in canonical form.
    private let literals: [String: Int]
    /// The parameter (and `*`) children of a node, with the kind of segment each takes.
    private let parameters: [Int: [(kind: RouteValueKind, child: Int)]]

    /// The trie from its generated tables: two lists by node, separated by commas, of rows
    /// separated by spaces; the static edges as "node/segment/child" lines; the parameter
    /// edges as "node/kind/child" lines; `listed`, the values of each listed kind.
    init(exact: String, rest: String, edges: String, parameters: String, listed: [Set<String>]) {
        let rows = { (text: String) in
            text.split(separator: ",", omittingEmptySubsequences: false).map { $0.split(separator: " ").compactMap { Int($0) } }
        }
        self.exact = rows(exact)
        self.rest = rows(rest)
        var literals: [String: Int] = [:]
        for line in edges.split(separator: "\n") {
            guard let slash = line.lastIndex(of: "/"), let child = Int(line[line.index(after: slash)...]) else { continue }
            literals[String(line[..<slash])] = child
        }
        self.literals = literals
        var children: [Int: [(kind: RouteValueKind, child: Int)]] = [:]
        for line in parameters.split(separator: "\n") {
            let parts = line.split(separator: "/")
            guard parts.count == 3, let node = Int(parts[0]), let child = Int(parts[2]) else { continue }
            children[node, default: []].append((RouteValueKind(code: parts[1], listed: listed), child))
        }
        self.parameters = children
    }

    /// The row of the most specific route that `segments` and the query `items` open: of the
    /// routes whose path matches and whose query items the URL meets, the one of lowest rank.
    func match(_ segments: [RoutePath.Segment], query items: [(name: String, value: String)], rows: [RouteRow]) -> Int? {
        var best: Int?
        for row in matches(segments) where row < rows.count && rows[row].accepts(items) {
            if let current = best, rows[current].rank <= rows[row].rank { continue }
            best = row
        }
        return best
    }

    /// The row of the route that `segments` and the query `items` open, with its arguments:
    /// matched through an alias, the alias's route, its path parameters in the order of the
    /// route's path.
    func route(_ segments: [RoutePath.Segment], query items: [(name: String, value: String)], rows: [RouteRow]) -> (
        row: Int, arguments: [String]
    )? {
        guard let matched = match(segments, query: items, rows: rows) else { return nil }
        let arguments = rows[matched].arguments(from: segments, query: items)
        guard let route = rows[matched].aliasOf, route < rows.count else { return (matched, arguments) }
        let names = rows[matched].parameterNames
        let parameters = rows[route].parameterNames.map { name in names.firstIndex(of: name).map { arguments[$0] } ?? "" }
        return (route, parameters + arguments.dropFirst(names.count))
    }

    /// The rows of every route whose path matches `segments`, in no particular order.
    func matches(_ segments: [RoutePath.Segment]) -> [Int] {
        var found: [Int] = []
        var stack: [(node: Int, index: Int)] = [(0, 0)]
        while let (node, index) = stack.popLast() {
            guard node >= 0, node < exact.count else { continue }
            if index == segments.count {
                found += exact[node]
                continue
            }
            found += rest[node]
            let segment = segments[index]
            if let child = literals["\(node)/\(segment.canonical)"] { stack.append((child, index + 1)) }
            for (kind, child) in parameters[node] ?? [] where kind.accepts(segment.decoded, canonical: segment.canonical) {
                stack.append((child, index + 1))
            }
        }
        return found
    }
}

/// Values by name that a route value is made of: a link's, each with the code of the kind it
/// was carried as, or a decoded route's, of any kind. A route has a few values: a list, looked
/// up by name, costs the compiler and the app less than a dictionary.
struct RouteValues {
    private var values: [(name: String, kind: String?, value: String)] = []

    /// The values of a link to the route of `row` with `arguments`: its path parameters and its
    /// query items that have a value, by name and kind.
    init(of row: RouteRow, _ arguments: [String]) {
        for value in row.namedValues(arguments) where !value.value.isEmpty && self.value(value.name) == nil {
            values.append((value.name, value.kind, value.value))
        }
    }

    /// Values given by name, of whatever kind the route takes (a route decoded from JSON).
    init(_ values: [String: String]) {
        for (name, value) in values where !value.isEmpty { self.values.append((name, nil, value)) }
    }

    /// The value named `name`, when it was carried as `kind` (or as any kind); of any kind when
    /// `kind` is nil.
    func value(_ name: String, kind: String? = nil) -> String? {
        guard let found = values.first(where: { $0.name == name }) else { return nil }
        return kind == nil || found.kind == nil || found.kind == kind ? found.value : nil
    }
}

/// Navigation plans from the route table, as `routelint resolve --plan` makes them, by the
/// algorithm docs/code-generation.md writes out ("The stack search"): the tab the link names,
/// else the tab of the route's activity whose root builds a stack in the fewest links (ties to
/// the smaller index), else the route's own tab with the fallback stack; the stack along links
/// (the fewest, ties to the smaller sequence of ids), through routes whose values the link
/// carries by name and kind, each route whose `up` is honoured standing on it; presented routes
/// with what is pushed inside them, feature flags and sign-in. Rows and values, no route values
/// and no closures but the flags': the generated `Route.plan` makes the routes, and the
/// compiler has one copy of each function to optimise.
enum RoutePlanner {
    /// A route of a plan: its row and its arguments (path parameters, then query items).
    struct Step {
        let row: Int
        let arguments: [String]
    }

    /// A plan's routes, by row.
    struct Parts {
        var activity: Int?
        var tab: Int?
        var stack: [Step] = []
        var presented: [(step: Step, presentation: Presentation, stacked: Bool, stack: [Step])] = []
        var requiresAuth = false
    }

    /// The plan of the route of row `target` with `arguments`, in tab `requestedTab` (a
    /// position) when it is a tab of the route's activity; nil when a feature is off without a
    /// fallback that is on, or a route the plan must hold needs a value the link lacks.
    /// `tabOrder` is the tabs' positions by index.
    static func plan(
        target: Int, arguments: [String], requestedTab: Int?, rows: [RouteRow], tabRoots: [Int], tabActivities: [Int],
        tabOrder: [Int], isOn: (String) -> Bool
    ) -> Parts? {
        let values = RouteValues(of: rows[target], arguments)
        // A route whose feature is off opens its fallback, with the link's values.
        var route = target
        var replaced = 0
        while let feature = rows[route].feature, !isOn(feature) {
            guard replaced < rows.count, let fallback = rows[route].fallback, fallback < rows.count else { return nil }
            route = fallback
            replaced += 1
        }
        // A fallback that needs a value the link does not carry has no plan.
        guard rows[route].arguments(from: values) != nil else { return nil }
        let search = StackSearch(rows: rows, values: values)
        var parts = Parts()
        parts.activity = rows[route].activity
        var path: [Int]
        if let requestedTab, requestedTab < tabActivities.count, tabActivities[requestedTab] == rows[route].activity {
            parts.tab = requestedTab
            let root = tabRoots[requestedTab]
            path = search.stack(from: root, to: route) ?? search.fallbackStack(from: root, to: route)
        } else if let chosen = search.tab(
            among: tabOrder.filter { $0 < tabActivities.count && tabActivities[$0] == rows[route].activity }, roots: tabRoots, to: route)
        {
            parts.tab = chosen.tab
            path = chosen.stack
        } else {
            parts.tab = rows[route].tab
            path =
                parts.tab.flatMap { $0 < tabRoots.count ? tabRoots[$0] : nil }.map { search.fallbackStack(from: $0, to: route) } ?? [route]
        }
        // A route whose feature is off is left out; the route opened stays.
        path = path.filter { $0 == route || rows[$0].feature.map(isOn) ?? true }
        for (index, row) in path.enumerated() {
            guard let arguments = rows[row].arguments(from: values) else { return nil }
            let step = Step(row: row, arguments: arguments)
            if rows[row].requiresAuth { parts.requiresAuth = true }
            if index > 0 && rows[row].presentation != .push {
                parts.presented.append((step, rows[row].presentation, rows[row].isStacked, []))
            } else if parts.presented.isEmpty {
                parts.stack.append(step)
            } else {
                parts.presented[parts.presented.count - 1].stack.append(step)
            }
        }
        return parts
    }

    /// The stack search of one link (docs/code-generation.md, "The stack search").
    struct StackSearch {
        let rows: [RouteRow]
        let values: RouteValues

        /// Whether a stack may hold the route of `row`: the link carries its values.
        func carries(_ row: Int) -> Bool { rows[row].arguments(from: values) != nil }

        /// The route the `up` of `row` names when the link, from the tab whose root is `root`,
        /// honours it: it links to the route (the table writes only such an `up`), and it is
        /// the root or the link carries its values.
        func honouredUp(of row: Int, root: Int) -> Int? {
            guard let up = rows[row].up, up < rows.count, up == root || carries(up) else { return nil }
            return up
        }

        /// Of the tabs `tabs` (positions by index), the one whose root builds a stack to `target`
        /// in the fewest links, ties to the first, with that stack.
        func tab(among tabs: [Int], roots: [Int], to target: Int) -> (tab: Int, stack: [Int])? {
            var best: (tab: Int, stack: [Int])?
            for tab in tabs where tab < roots.count {
                guard let stack = stack(from: roots[tab], to: target) else { continue }
                if best == nil || stack.count < best!.stack.count { best = (tab, stack) }
            }
            return best
        }

        /// The stack when no path from `root` leads to `target`: the stack to the target's
        /// honoured `up` (or the root and that `up`) and the target; else the root and the target.
        func fallbackStack(from root: Int, to target: Int) -> [Int] {
            if target == root { return [root] }
            guard let up = honouredUp(of: target, root: root) else { return [root, target] }
            return (stack(from: root, to: up) ?? [root, up]) + [target]
        }

        /// A breadth-first search by layers, each in the order of its paths' id sequences: a
        /// layer's routes are visited in that order and each route's links are in the order of
        /// their ids (the table writes them so), so the first parent found gives a route its
        /// smallest sequence. A presented route that is not stacked holds no push; a route whose
        /// values the link does not carry is not passed; a route whose `up` is honoured is entered
        /// from it alone. Nil when no path leads to `target`.
        func stack(from root: Int, to target: Int) -> [Int]? {
            if target == root { return [root] }
            // Each row's parent on the search, -1 before it is reached.
            var parent = [Int](repeating: -1, count: rows.count)
            parent[root] = root
            var layer = [root]
            while !layer.isEmpty {
                var next: [Int] = []
                for vertex in layer {
                    let holdsPushes = rows[vertex].presentation == .push || rows[vertex].isStacked || vertex == root
                    for successor in rows[vertex].links where successor < rows.count && parent[successor] < 0 {
                        guard holdsPushes || rows[successor].presentation != .push, carries(successor) else { continue }
                        if let up = honouredUp(of: successor, root: root), up != vertex { continue }
                        parent[successor] = vertex
                        next.append(successor)
                    }
                }
                if parent[target] >= 0 {
                    var path = [target]
                    while let last = path.last, last != root { path.append(parent[last]) }
                    return path.reversed()
                }
                layer = next
            }
            return nil
        }
    }
}

/// Routes and plans as JSON text: compact, fields in the order docs/code-generation.md gives
/// them, strings escaped as kotlinx.serialization escapes them, so that both platforms write
/// the same bytes.
enum RouteJSON {
    /// A coding key of any name: a route's parameters.
    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// `"route":ID,"params":{NAME:VALUE,…}`: a route's fields, for its object or a presented one's.
    static func routeFields(_ id: String, _ params: [(name: String, kind: String, value: String)]) -> String {
        "\"route\":" + quoted(id) + ",\"params\":{" + params.map { quoted($0.name) + ":" + quoted($0.value) }.joined(separator: ",") + "}"
    }

    /// A JSON string: quote and backslash escaped, control characters as `\b`, `\t`, `\n`,
    /// `\f`, `\r` or `\u00xx`, everything else as it is.
    static func quoted(_ text: String) -> String {
        // Most text needs no escape.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{8}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{C}": result += "\\f"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
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

    /// A query item's name or value: every byte but letters, digits and -._~ as %XX.
    static func encodeQuery(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.append(byte)
            default:
                text += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Percent-encoded text decoded; as it is when a "%" does not start an escape.
    static func decodedText(_ text: Substring) -> String {
        decode(text.utf8).map { String(decoding: $0, as: UTF8.self) } ?? String(text)
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
