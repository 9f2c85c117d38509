/// Writes a routing plan as Swift: `Routes.swift` (routes, URL matching and resolution, tabs
/// and activities) and `Holders.swift` (the holder factory and registry). The code needs
/// nothing beyond the standard library.
enum SwiftGenerator {
    static func files(_ plan: RoutingPlan, header: String) -> [GeneratedFile] {
        [
            GeneratedFile(name: "Routes.swift", contents: header + routes(plan)),
            GeneratedFile(name: "Holders.swift", contents: header + holders(plan)),
        ]
    }

    /// Swift's keywords that cannot name a case, a label or a member without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    static func name(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// An argument label: any keyword but these three may be one as it is.
    static func label(_ identifier: String) -> String {
        ["inout", "var", "let"].contains(identifier) ? "`\(identifier)`" : identifier
    }

    // MARK: - Routes.swift

    private static func routes(_ plan: RoutingPlan) -> String {
        var code = CodeWriter()
        code.line("/// A route of the app: one case per route of the manifest, with its path parameters.")
        code.block("public enum Route: Hashable, Sendable") { code in
            for route in plan.routes {
                let parameters = route.parameters.map { "\(label($0.codeName)): String" }.joined(separator: ", ")
                code.line("case \(name(route.caseName))\(parameters.isEmpty ? "" : "(\(parameters))")")
            }
            code.line()
            code.line("/// The route's id in the manifest.")
            code.switchOver("public var id: String", plan.routes) { route in "return \(literal(route.id))" }
            code.line()
            code.line("/// The URL path of this route value, parameters percent-encoded; nil for a route without a path.")
            code.block("public var path: String?") { code in
                code.block("switch self") { code in
                    for route in plan.routes {
                        code.line("case \(pattern(route)):")
                        guard let pieces = route.path else {
                            code.line("    return nil")
                            continue
                        }
                        let parts = RoutingPlan.pathExpression(pieces, literal: literal) { "RoutePath.encode(v\($0))" }
                        code.line("    return " + parts)
                    }
                }
            }
            code.line()
            code.line("/// The path parameters, by their names in the manifest, decoded.")
            code.block("public var parameters: [String: String]") { code in
                code.block("switch self") { code in
                    for route in plan.routes {
                        let pairs = route.parameters.enumerated().map { "\(literal($1.name)): v\($0)" }
                        code.line("case \(pattern(route)): return [\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))]")
                    }
                }
            }
            code.line()
            code.switchOver("public var activity: Activity?", plan.routes) { route in
                "return " + (route.activity.flatMap(plan.activity).map { ".\(name($0.caseName))" } ?? "nil")
            }
            code.line()
            code.line("/// The tab the route opens in when a link names none.")
            code.switchOver("public var tab: Tab?", plan.routes) { route in
                "return " + (route.tab.flatMap(plan.tab).map { ".\(name($0.caseName))" } ?? "nil")
            }
            code.line()
            code.switchOver("public var presentation: Presentation", plan.routes) { route in "return .\(route.presentation.rawValue)" }
            code.line()
            code.switchOver("public var requiresAuth: Bool", plan.routes) { route in "return \(route.requiresAuth)" }
            code.line()
            code.switchOver("public var holderKind: HolderKind", plan.routes) { route in
                "return .\(name(plan.holder(route.holder)!.memberName))"
            }
            code.line()
            code.line("/// The route a URL path opens (percent-encoded, without query): the most specific match.")
            code.block("public init?(path: String)") { code in
                code.line("guard let segments = RoutePath.segments(of: path), let match = RouteTrie.match(segments) else { return nil }")
                code.block("switch match") { code in
                    for (index, route) in plan.routes.enumerated() where route.path != nil {
                        let positions = route.path!.enumerated().compactMap { position, piece -> String? in
                            if case .parameter(let parameter) = piece {
                                return "\(label(route.parameters[parameter].codeName)): segments[\(position)].decoded"
                            }
                            return nil
                        }
                        code.line(
                            "case \(index): self = .\(name(route.caseName))\(positions.isEmpty ? "" : "(\(positions.joined(separator: ", ")))")"
                        )
                    }
                    code.line("default: return nil")
                }
            }
        }
        code.line()
        code.line("/// How a route is shown.")
        code.block("public enum Presentation: String, Hashable, Sendable") { code in
            code.line("case push, sheet, fullscreen")
        }
        code.line()
        tabsAndActivities(plan, &code)
        code.line()
        resolution(plan, &code)
        code.line()
        trie(plan, &code)
        code.line()
        code.raw(pathSupport)
        return code.text
    }

    /// `.product(let v0)`: a case pattern binding its parameters by position.
    private static func pattern(_ route: RoutingPlan.RouteEntry) -> String {
        route.parameters.isEmpty
            ? ".\(name(route.caseName))"
            : ".\(name(route.caseName))(" + route.parameters.indices.map { "let v\($0)" }.joined(separator: ", ") + ")"
    }

    private static func tabsAndActivities(_ plan: RoutingPlan, _ code: inout CodeWriter) {
        code.line("/// A tab of a tab bar.")
        code.block("public enum Tab: String, CaseIterable, Hashable, Sendable") { code in
            for tab in plan.tabs { code.line("case \(name(tab.caseName)) = \(literal(tab.name))") }
            if plan.tabs.isEmpty { return }
            code.line()
            code.switchOver("public var title: String", plan.tabs, caseName: \.caseName) { "return \(literal($0.title))" }
            code.line()
            code.switchOver("public var icon: String", plan.tabs, caseName: \.caseName) { "return \(literal($0.icon))" }
            code.line()
            code.switchOver("public var index: Int", plan.tabs, caseName: \.caseName) { "return \($0.index)" }
            code.line()
            code.switchOver("public var activity: Activity", plan.tabs, caseName: \.caseName) { tab in
                "return .\(name(plan.activity(tab.activity)!.caseName))"
            }
            code.line()
            code.line("/// The route at the root of the tab's navigation stack.")
            code.switchOver("public var root: Route", plan.tabs, caseName: \.caseName) { tab in
                "return .\(name(plan.route(id: tab.root)!.caseName))"
            }
        }
        code.line()
        code.line("/// An app context with its own tab set.")
        code.block("public enum Activity: String, CaseIterable, Hashable, Sendable") { code in
            for activity in plan.activities { code.line("case \(name(activity.caseName)) = \(literal(activity.name))") }
            if plan.activities.isEmpty { return }
            code.line()
            code.switchOver("public var title: String", plan.activities, caseName: \.caseName) { "return \(literal($0.title))" }
            code.line()
            code.switchOver("public var icon: String?", plan.activities, caseName: \.caseName) { "return \($0.icon.map(literal) ?? "nil")" }
            code.line()
            code.line("/// The tab shown when switching to the activity.")
            code.switchOver("public var defaultTab: Tab?", plan.activities, caseName: \.caseName) { activity in
                "return " + (activity.defaultTab.map { tab in ".\(name(plan.tab(tab)!.caseName))" } ?? "nil")
            }
            code.line()
            code.line("/// Its tabs, in tab bar order.")
            code.switchOver("public var tabs: [Tab]", plan.activities, caseName: \.caseName) { activity in
                "return [" + activity.tabs.map { tab in ".\(name(plan.tab(tab)!.caseName))" }.joined(separator: ", ") + "]"
            }
        }
    }

    private static func resolution(_ plan: RoutingPlan, _ code: inout CodeWriter) {
        code.line("/// A whole URL resolved as `routelint resolve` does: a custom-scheme deep link, a universal link or")
        code.line("/// a bare path, with the tab it opens in (the `tab` query item, when it names a tab of the route's")
        code.line("/// activity) and the other query items.")
        code.block("public struct RouteLink: Hashable, Sendable") { code in
            code.line("public let route: Route")
            code.line("public let tab: Tab?")
            code.line("/// Query items other than a `tab` that chose the tab, in URL order.")
            code.line("public let query: [QueryItem]")
            code.line("public var activity: Activity? { route.activity }")
            code.line()
            code.block("public struct QueryItem: Hashable, Sendable") { code in
                code.line("public let name: String")
                code.line("public let value: String")
            }
            code.line()
            code.line("/// The URL schemes and universal-link hosts the app declares.")
            code.line("public static let schemes: Set<String> = [\(plan.schemes.map { literal($0.lowercased()) }.joined(separator: ", "))]")
            code.line("public static let hosts: [String] = [\(plan.hosts.map { literal($0.lowercased()) }.joined(separator: ", "))]")
            code.line()
            code.block("public init?(url: String)") { code in
                code.line("guard let parts = RouteURL(url), parts.belongs(schemes: Self.schemes, hosts: Self.hosts),")
                code.line("      let route = Route(path: parts.path) else { return nil }")
                code.line("self.route = route")
                code.line("let requested = parts.query.first { $0.name == \"tab\" }.flatMap { Tab(rawValue: $0.value) }")
                code.block("if let requested, requested.activity == route.activity") { code in
                    code.line("tab = requested")
                    code.line("query = parts.query.filter { $0.name != \"tab\" }")
                }
                code.block("else") { code in
                    code.line("tab = route.tab")
                    code.line("query = parts.query")
                }
            }
        }
    }

    private static func trie(_ plan: RoutingPlan, _ code: inout CodeWriter) {
        code.line("/// The routes' paths as a segment trie, by node: one walk matches a path, whatever the number of routes.")
        code.block("private enum RouteTrie") { code in
            code.line("static let exact: [Int] = \(intList(plan.trie.exact))")
            code.line("static let rest: [Int] = \(intList(plan.trie.rest))")
            code.line("static let wildcard: [Int] = \(intList(plan.trie.wildcard))")
            // A dictionary literal of thousands of entries takes the optimiser minutes; the edges
            // are one string, read once.
            code.line("/// \"node/segment\" → child, segments in canonical form; one \"node/segment/child\" per line.")
            code.line("static let literals: [String: Int] = edges(")
            let edges = plan.trie.literals.map { "\($0.node)/\($0.segment)/\($0.child)" }
            if edges.isEmpty {
                code.line("    \"\"")
            } else {
                code.line("    \"\"\"")
                // Canonical segments hold path characters and %XX only: nothing to escape.
                for edge in edges { code.line("    " + edge) }
                code.line("    \"\"\"")
            }
            code.line(")")
            code.raw(trieWalk)
        }
    }

    private static func intList(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ", ") + "]"
    }

    /// A Swift string literal of `text`, escaped.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || !scalar.isASCII:
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    private static let trieWalk = """

            static func edges(_ text: String) -> [String: Int] {
                var edges: [String: Int] = [:]
                for line in text.split(separator: "\\n") {
                    guard let slash = line.lastIndex(of: "/"), let child = Int(line[line.index(after: slash)...]) else { continue }
                    edges[String(line[..<slash])] = child
                }
                return edges
            }

            /// The index of the most specific route whose path matches `segments`: at each node the
            /// static child first, then the wildcard child, then a `**` ending here. With no
            /// conflicting patterns, the first match found is the most specific one.
            static func match(_ segments: [RoutePath.Segment]) -> Int? {
                var stack: [(node: Int, index: Int, step: Int)] = [(0, 0, 0)]
                while let (node, index, step) = stack.last {
                    if index == segments.count {
                        stack.removeLast()
                        if exact[node] >= 0 { return exact[node] }
                        continue
                    }
                    stack[stack.count - 1].step = step + 1
                    switch step {
                    case 0:
                        if let child = literals["\\(node)/\\(segments[index].canonical)"] { stack.append((child, index + 1, 0)) }
                    case 1:
                        if wildcard[node] >= 0 { stack.append((wildcard[node], index + 1, 0)) }
                    default:
                        stack.removeLast()
                        if rest[node] >= 0 { return rest[node] }
                    }
                }
                return nil
            }

        """

    private static let pathSupport = """
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
            let path: String
            let query: [RouteLink.QueryItem]

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
                          name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
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
                var query: [RouteLink.QueryItem] = []
                for item in queryText.split(separator: "&") {
                    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let decode = { (text: Substring) in RoutePath.decode(text.utf8).map { String(decoding: $0, as: UTF8.self) } ?? String(text) }
                    query.append(RouteLink.QueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : ""))
                }
                self.scheme = scheme
                self.host = host
                self.path = String(path)
                self.query = query
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

        """

    // MARK: - Holders.swift

    private static func holders(_ plan: RoutingPlan) -> String {
        var code = CodeWriter()
        let holders = plan.holders
        code.line("/// The holders of the manifest: what owns a route's ViewModel and DI scope.")
        code.block("public enum HolderKind: String, CaseIterable, Hashable, Sendable") { code in
            for holder in holders { code.line("case \(name(holder.memberName)) = \(literal(holder.name))") }
        }
        code.line()
        code.line("/// Creates the app's holders. Each holder type is the app's own: the registry stores what this returns.")
        code.block("public protocol HolderFactory") { code in
            for holder in holders { code.line("associatedtype \(holder.typeName)") }
            if !holders.isEmpty { code.line() }
            for holder in holders {
                let arguments =
                    holder.parameters.map { "\(label($0.codeName)): String" }
                    + (holder.parent.map { ["parent: \(plan.holder($0)!.typeName)"] } ?? [])
                code.line("func make\(holder.typeName)(\(arguments.joined(separator: ", "))) -> \(holder.typeName)")
            }
            code.line("/// Called when the registry lets a holder go: close its DI scope here.")
            code.line("func release(_ holder: Holder<Self>)")
        }
        code.line()
        code.line("/// A holder the registry made, by kind.")
        code.block("public enum Holder<Factory: HolderFactory>") { code in
            for holder in holders { code.line("case \(name(holder.memberName))(Factory.\(holder.typeName))") }
        }
        code.line()
        code.line("/// Creates holders lazily, one per key of their scope (a route value, the route's tab or activity, the")
        code.line("/// app), parents first, and lets go of those whose routes are no longer active.")
        code.block("public final class HolderRegistry<Factory: HolderFactory>") { code in
            code.line("public let factory: Factory")
            for holder in holders {
                code.line("private var \(holder.memberName)Store: [\(key(holder.scope)): Factory.\(holder.typeName)] = [:]")
            }
            code.line()
            code.block("public init(factory: Factory)") { code in code.line("self.factory = factory") }
            code.line()
            code.line("/// The holder of a route, created with its parents when it does not exist yet.")
            code.block("public func holder(for route: Route) -> Holder<Factory>") { code in
                code.block("switch route") { code in
                    for route in plan.routes {
                        let holder = plan.holder(route.holder)!
                        code.line("case .\(name(route.caseName)):")
                        code.line("    return .\(name(holder.memberName))(\(holder.memberName)Instance(for: route))")
                    }
                }
            }
            for holder in holders {
                code.line()
                code.block("private func \(holder.memberName)Instance(for route: Route) -> Factory.\(holder.typeName)") { code in
                    code.line("let key = \(holder.scope.registryKey)")
                    code.line("if let existing = \(holder.memberName)Store[key] { return existing }")
                    let routes = plan.routes.filter { route in plan.holderChain(route.holder).contains(holder.name) }
                    var arguments = holder.parameters.map { "\(label($0.codeName)): values[\(literal($0.name))] ?? \"\"" }
                    if let parent = holder.parent { arguments.append("parent: \(plan.holder(parent)!.memberName)Instance(for: route)") }
                    if !holder.parameters.isEmpty {
                        // Only the routes whose chain of holders reaches this one call here; each provides the params.
                        code.line("let values: [String: String]")
                        code.block("switch route") { code in
                            for route in routes {
                                let pairs = route.parameters.enumerated().map { "\(literal($1.name)): v\($0)" }
                                code.line("case \(pattern(route)): values = [\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))]")
                            }
                            if routes.count < plan.routes.count { code.line("default: values = [:]") }
                        }
                    }
                    code.line("let created = factory.make\(holder.typeName)(\(arguments.joined(separator: ", ")))")
                    code.line("\(holder.memberName)Store[key] = created")
                    code.line("return created")
                }
            }
            code.line()
            code.line("/// Lets go of the holders no active route needs: route-scoped ones of inactive routes, tab- and")
            code.line("/// activity-scoped ones of tabs and activities no active route is in. App-scoped ones stay.")
            code.block("public func cleanup(activeRoutes: Set<Route>)") { code in
                if holders.contains(where: { $0.scope == .tab }) { code.line("let activeTabs = Set(activeRoutes.map(\\.tab))") }
                if holders.contains(where: { $0.scope == .activity }) {
                    code.line("let activeActivities = Set(activeRoutes.map(\\.activity))")
                }
                for holder in holders where holder.scope != .app {
                    let active = holder.scope == .route ? "activeRoutes" : holder.scope == .tab ? "activeTabs" : "activeActivities"
                    code.block("for (key, holder) in \(holder.memberName)Store where !\(active).contains(key)") { code in
                        code.line("\(holder.memberName)Store[key] = nil")
                        code.line("factory.release(.\(name(holder.memberName))(holder))")
                    }
                }
            }
        }
        return code.text
    }

    /// The key type of a scope's store.
    private static func key(_ scope: HolderScope) -> String {
        switch scope {
        case .route: return "Route"
        case .tab: return "Tab?"
        case .activity: return "Activity?"
        case .app: return "Bool"
        }
    }
}

/// Lines of generated code, indented by blocks.
struct CodeWriter {
    private(set) var text = ""
    private var indent = ""
    let unit: String

    init(indentUnit: String = "    ") {
        unit = indentUnit
    }

    mutating func line(_ line: String = "") {
        text += line.isEmpty ? "\n" : indent + line + "\n"
    }

    /// Text indented at the current level, line by line.
    mutating func raw(_ block: String) {
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { self.line(String(line)) }
    }

    /// `opening {`, the body indented, `}`; a Swift `switch` keeps its cases at its own level.
    mutating func block(_ opening: String, _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        let outer = indent
        if !opening.hasPrefix("switch ") { indent += unit }
        body(&self)
        indent = outer
        line("}")
    }

    /// A Swift computed property that switches over self, one case per entry.
    mutating func switchOver<Entry>(_ declaration: String, _ entries: [Entry], caseName: (Entry) -> String, _ body: (Entry) -> String) {
        block(declaration) { code in
            code.block("switch self") { code in
                for entry in entries {
                    code.line("case .\(SwiftGenerator.name(caseName(entry))): \(body(entry))")
                }
            }
        }
    }

    mutating func switchOver(_ declaration: String, _ routes: [RoutingPlan.RouteEntry], _ body: (RoutingPlan.RouteEntry) -> String) {
        block(declaration) { code in
            code.block("switch self") { code in
                for route in routes {
                    code.line("case .\(SwiftGenerator.name(route.caseName)): \(body(route))")
                }
            }
        }
    }
}
