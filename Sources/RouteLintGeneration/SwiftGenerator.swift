import RouteLintCore

/// Writes a router blueprint as Swift: `Routes.swift` (routes, URL resolution, tabs, activities and
/// the route table), `Holders.swift` (the holder factory and registry) and `RouteRuntime.swift`
/// (the support all apps share, copied as it is). The code needs the standard library only.
///
/// What the compiler is given scales linearly with the routes: each property of a route reads
/// its row of one table, found by the route's ordinal, instead of switching over every case.
enum SwiftGenerator {
    static func files(_ blueprint: RouterBlueprint, header: String) -> [GeneratedFile] {
        // UUID is Foundation's: the code imports it only for a set with a `uuid` value.
        let imports =
            blueprint.usesUUID
            ? "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif\n\n" : ""
        // The runtime's one public type, which `Route.presentation` gives, takes the code's access level.
        let runtime = String(decoding: PackageResources.RouteRuntime_swift, as: UTF8.self).replacing(
            "\npublic enum Presentation:", with: "\n\(blueprint.swiftAccess.modifier)enum Presentation:", maxReplacements: 1)
        return [
            GeneratedFile(name: "Routes.swift", contents: header + imports + routes(blueprint)),
            GeneratedFile(name: "Holders.swift", contents: header + imports + holders(blueprint)),
            GeneratedFile(name: "RouteRuntime.swift", contents: header + runtime),
        ]
    }

    /// The type of a parameter's or query item's value: `String`, `Int`, `UUID` or its enum,
    /// optional for an optional item without a default.
    static func type(_ parameter: RouterBlueprint.Parameter, _ blueprint: RouterBlueprint) -> String {
        let base: String
        switch parameter.kind {
        case .string: base = "String"
        case .int: base = "Int"
        case .uuid: base = "UUID"
        case .listed(let index): base = blueprint.valueEnums[index].typeName
        }
        return parameter.isOptional ? base + "?" : base
    }

    /// `label: Type`, with ` = default` for a query item that has one (`nil` for an optional).
    static func declaration(_ parameter: RouterBlueprint.Parameter, _ blueprint: RouterBlueprint) -> String {
        var text = "\(label(parameter.codeName)): \(type(parameter, blueprint))"
        if parameter.isOptional {
            text += " = nil"
        } else if let value = parameter.defaultValue {
            text += " = " + valueLiteral(value, parameter.kind, blueprint)
        }
        return text
    }

    /// A value of `kind`, given as its text, as a Swift expression.
    static func valueLiteral(_ value: String, _ kind: RouterBlueprint.ValueKind, _ blueprint: RouterBlueprint) -> String {
        switch kind {
        case .string: return literal(value)
        case .int: return value
        case .uuid: return "UUID(uuidString: \(literal(value)))!"
        case .listed(let index):
            let values = blueprint.valueEnums[index]
            return "." + name(values.caseNames[values.values.firstIndex(of: value) ?? 0])
        }
    }

    /// The text of a typed value `expression` as a URL carries it: empty for a nil optional.
    static func text(of expression: String, _ parameter: RouterBlueprint.Parameter) -> String {
        let optional = parameter.isOptional ? "?" : ""
        switch parameter.kind {
        case .string: return parameter.isOptional ? "\(expression) ?? \"\"" : expression
        case .int: return parameter.isOptional ? "\(expression).map { String($0) } ?? \"\"" : "String(\(expression))"
        case .uuid: return "\(expression)\(optional).uuidString.lowercased()" + (parameter.isOptional ? " ?? \"\"" : "")
        case .listed: return "\(expression)\(optional).rawValue" + (parameter.isOptional ? " ?? \"\"" : "")
        }
    }

    /// The typed value of the text `expression` (of a value checked to be of its kind): nil
    /// when it does not read back, or for an optional, when it is empty.
    static func value(of expression: String, _ parameter: RouterBlueprint.Parameter, _ blueprint: RouterBlueprint) -> String {
        let conversion: String
        switch parameter.kind {
        case .string: conversion = expression
        case .int: conversion = "Int(\(expression))"
        case .uuid: conversion = "UUID(uuidString: \(expression))"
        case .listed(let index): conversion = "\(blueprint.valueEnums[index].typeName)(rawValue: \(expression))"
        }
        return parameter.isOptional ? "\(expression).isEmpty ? nil : \(conversion)" : conversion
    }

    /// The most cases a generated `switch` over positions has.
    static let switchChunk = 128

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

    private static func routes(_ blueprint: RouterBlueprint) -> String {
        let access = blueprint.swiftAccess.modifier
        var code = CodeWriter()
        code.line("/// A route of the app: one case per route of the manifest, with its path parameters and query items.")
        code.block("\(access)enum Route: Hashable, Sendable, Codable") { code in
            for route in blueprint.routes {
                let parameters = (route.parameters + route.query).map { declaration($0, blueprint) }.joined(separator: ", ")
                code.line("case \(name(route.caseName))\(parameters.isEmpty ? "" : "(\(parameters))")")
            }
            code.line()
            code.raw(
                """
                /// The route's id in the manifest.
                \(access)var id: String { row.id }
                /// The URL of this route value, percent-encoded: its path, then the query items whose values
                /// differ from their defaults; nil for a route without a path.
                \(access)var path: String? { row.path(arguments) }
                /// The path parameters' values as a URL carries them, by their names in the manifest.
                \(access)var parameters: [String: String] { row.parameters(arguments) }
                \(access)var activity: Activity? { row.activity.map { RouteTables.activities[$0] } }
                /// The tab the route opens in when a link names none.
                \(access)var tab: Tab? { row.tab.map { RouteTables.tabs[$0] } }
                \(access)var presentation: Presentation { row.presentation }
                \(access)var requiresAuth: Bool { row.requiresAuth }
                \(access)var holderKind: HolderKind { RouteTables.holderKinds[row.holder] }

                /// The route a URL path opens (percent-encoded, with its query, if any): the most specific
                /// route whose path matches and whose query items the URL meets.
                \(access)init?(path: String) {
                    guard let url = RouteURL(path), url.scheme == nil, let route = Route.matching(path: url.path, query: url.query)
                    else { return nil }
                    self = route
                }

                /// The route of a percent-encoded path and the decoded query items of a URL.
                static func matching(path: String, query: [(name: String, value: String)]) -> Route? {
                    guard let segments = RoutePath.segments(of: path),
                        let (ordinal, arguments) = RouteTables.trie.route(segments, query: query, rows: RouteTables.rows)
                    else { return nil }
                    return Route.make(ordinal, arguments)
                }

                /// The value of the path parameter or query item named `name` in the manifest, as a URL
                /// carries it; empty for none. Out of line: the registry reads it for every holder
                /// that has params, and a copy in each would cost the optimiser seconds.
                @inline(never)
                func argument(_ name: String) -> String { row.argument(name, in: arguments) }

                /// `argument(name)` as an integer, nil when it is empty. Out of line, as `argument`: the
                /// parse is long.
                @inline(never)
                func intArgument(_ name: String) -> Int? { Int(argument(name)) }

                /// `argument(name)`, nil when it is empty: an optional query item the value lacks.
                func optionalArgument(_ name: String) -> String? {
                    let value = argument(name)
                    return value.isEmpty ? nil : value
                }

                var row: RouteRow { RouteTables.rows[ordinal] }

                /// The route of manifest id `id` with its values by name (as a URL carries them, decoded):
                /// nil when no route has the id, or a value it needs is missing or not of its type.
                \(access)init?(id: String, params: [String: String]) {
                    guard let ordinal = RouteTables.ordinals[id],
                        let arguments = RouteTables.rows[ordinal].arguments(from: RouteValues(params)),
                        let route = Route.make(ordinal, arguments)
                    else { return nil }
                    self = route
                }

                /// The route as JSON, `{"route":ID,"params":{NAME:VALUE,…}}` (its path parameters, then its query
                /// items that have a value): the same bytes the generated Kotlin writes.
                \(access)var json: String { "{" + RouteJSON.routeFields(id, row.namedValues(arguments)) + "}" }

                private enum CodingKeys: String, CodingKey { case route, params }

                // Encoded as docs/code-generation.md gives it, so that a saved `NavigationPath` restores
                // on either platform.
                \(access)init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let id = try container.decode(String.self, forKey: .route)
                    let params = try container.decode([String: String].self, forKey: .params)
                    guard let route = Route(id: id, params: params) else {
                        throw DecodingError.dataCorruptedError(
                            forKey: .params, in: container, debugDescription: "route '\\(id)' does not take these params")
                    }
                    self = route
                }

                \(access)func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(id, forKey: .route)
                    var params = container.nestedContainer(keyedBy: RouteJSON.Key.self, forKey: .params)
                    for value in row.namedValues(arguments) { try params.encode(value.value, forKey: RouteJSON.Key(value.name)) }
                }

                /// What opening this route does to the app's navigation (docs/code-generation.md, "Navigation
                /// plans"): in `tab` when it is a tab of the route's activity, else in the route's own; `flags` says
                /// whether a feature flag is on. Nil when the route's feature is off and no fallback is on.
                \(access)func plan(tab: Tab? = nil, flags isOn: (String) -> Bool = { _ in true }) -> NavigationPlan? {
                    guard
                        let parts = RoutePlanner.plan(
                            target: ordinal, arguments: arguments, requestedTab: tab.flatMap(RouteTables.tabs.firstIndex(of:)),
                            rows: RouteTables.rows, tabRoots: RouteTables.tabRoots, tabActivities: RouteTables.tabActivities,
                            tabOrder: RouteTables.tabOrder, isOn: isOn),
                        let stack = Route.made(parts.stack)
                    else { return nil }
                    var presented: [NavigationPlan.Presented] = []
                    for part in parts.presented {
                        guard let route = Route.make(part.step.row, part.step.arguments), let inside = Route.made(part.stack) else {
                            return nil
                        }
                        presented.append(.init(route: route, presentation: part.presentation, stacked: part.stacked, stack: inside))
                    }
                    return NavigationPlan(
                        activity: parts.activity.map { RouteTables.activities[$0] }, tab: parts.tab.map { RouteTables.tabs[$0] },
                        stack: stack, presented: presented, requiresAuth: parts.requiresAuth)
                }

                /// The routes of a plan's steps; nil when one does not read back.
                static func made(_ steps: [RoutePlanner.Step]) -> [Route]? {
                    var routes: [Route] = []
                    for step in steps {
                        guard let route = make(step.row, step.arguments) else { return nil }
                        routes.append(route)
                    }
                    return routes
                }

                // Equal and hashed by row and parameters: what the compiler would derive, without
                // its `switch` over every pair of cases.
                \(access)static func == (lhs: Route, rhs: Route) -> Bool {
                    lhs.ordinal == rhs.ordinal && lhs.arguments == rhs.arguments
                }

                \(access)func hash(into hasher: inout Hasher) {
                    hasher.combine(ordinal)
                    hasher.combine(arguments)
                }

                """)
            code.line()
            code.line("/// The route's position in the manifest: its row of the route table.")
            code.line("var ordinal: Int { ordinal0() }")
            code.line()
            code.line("/// The path parameters' values, then the query items', as a URL carries them (empty for a nil optional).")
            code.line("var arguments: [String] { arguments0() }")
            // Both are `switch`es over every case, in a chain of functions of `switchChunk`
            // cases, each with a `default` that asks the next: a `default` spares the compiler a
            // proof of exhaustiveness, which it gives up on at several hundred cases, and LLVM's
            // simplification of a `switch` grows faster than its number of cases. Kept out of
            // line, so that the optimiser does not join the chain again.
            let chunks = Array(stride(from: 0, to: blueprint.routes.count, by: switchChunk))
            for (number, start) in chunks.enumerated() {
                let end = min(start + switchChunk, blueprint.routes.count)
                code.line()
                code.line("@inline(never)")
                code.block("private func ordinal\(number)() -> Int") { code in
                    code.block("switch self") { code in
                        for ordinal in start..<end where !(number == chunks.count - 1 && ordinal == end - 1) {
                            code.line("case .\(name(blueprint.routes[ordinal].caseName)): return \(ordinal)")
                        }
                        code.line("default: return " + (number == chunks.count - 1 ? "\(end - 1)" : "ordinal\(number + 1)()"))
                    }
                }
            }
            for (number, start) in chunks.enumerated() {
                let end = min(start + switchChunk, blueprint.routes.count)
                code.line()
                code.line("@inline(never)")
                code.block("private func arguments\(number)() -> [String]") { code in
                    code.block("switch self") { code in
                        // Cases whose values have the same types share one label, and so one
                        // array literal: the optimiser's and LLVM's work grows with the literals.
                        var shapes: [(values: String, patterns: [String])] = []
                        var shapeOfTypes: [[String]: Int] = [:]
                        for route in blueprint.routes[start..<end] where !(route.parameters + route.query).isEmpty {
                            let parameters = route.parameters + route.query
                            let types = parameters.map { type($0, blueprint) }
                            if let shape = shapeOfTypes[types] {
                                shapes[shape].patterns.append(pattern(route))
                            } else {
                                shapeOfTypes[types] = shapes.count
                                let values = parameters.enumerated().map { text(of: "v\($0)", $1) }
                                shapes.append((values.joined(separator: ", "), [pattern(route)]))
                            }
                        }
                        for (values, patterns) in shapes {
                            code.line("case " + patterns[0] + (patterns.count == 1 ? ":" : ","))
                            code.indented { code in
                                for (index, pattern) in patterns.enumerated().dropFirst() {
                                    code.line(pattern + (index == patterns.count - 1 ? ":" : ","))
                                }
                                code.line("return [\(values)]")
                            }
                        }
                        code.line("default: return " + (number == chunks.count - 1 ? "[]" : "arguments\(number + 1)()"))
                    }
                }
            }
            if blueprint.routes.isEmpty {
                code.line("private func ordinal0() -> Int { switch self {} }")
                code.line("private func arguments0() -> [String] { switch self {} }")
            }
            code.line()
            code.line("/// The route of a row, with its parameters' values.")
            // In functions of `switchChunk` cases, as above.
            code.block("static func make(_ ordinal: Int, _ arguments: [String]) -> Route?") { code in
                code.block("switch ordinal / \(switchChunk)") { code in
                    for (number, _) in chunks.enumerated() { code.line("case \(number): return make\(number)(ordinal, arguments)") }
                    code.line("default: return nil")
                }
            }
            for (number, start) in chunks.enumerated() {
                code.line()
                code.block("private static func make\(number)(_ ordinal: Int, _ arguments: [String]) -> Route?") { code in
                    // Each value read, and each typed value converted, once for every case rather
                    // than in each: a read is a bounds check and a copy, and a conversion a call and
                    // its checks, that the optimiser and LLVM would otherwise see once per case.
                    let rows = start..<min(start + switchChunk, blueprint.routes.count)
                    let arity = blueprint.routes[rows].map { $0.parameters.count + $0.query.count }.max() ?? 0
                    for index in 0..<arity {
                        code.line("let a\(index) = arguments.count > \(index) ? arguments[\(index)] : \"\"")
                    }
                    var conversions: [String] = []
                    var conversionNames: [String: String] = [:]
                    let cases = blueprint.routes[rows].map { route -> (value: String, checked: [String]) in
                        var checked: [String] = []
                        let values = (route.parameters + route.query).enumerated().map { index, parameter in
                            guard parameter.kind != .string || parameter.isOptional else {
                                return "\(label(parameter.codeName)): a\(index)"
                            }
                            let conversion = Self.value(of: "a\(index)", parameter, blueprint)
                            if conversionNames[conversion] == nil {
                                conversionNames[conversion] = "c\(conversions.count)"
                                conversions.append(conversion)
                            }
                            let converted = conversionNames[conversion]!
                            // A typed value reads back from text the trie checked, except an `int` past a
                            // 32-bit `Int`: then the URL opens nothing.
                            guard parameter.isOptional else {
                                checked.append("let v\(index) = \(converted)")
                                return "\(label(parameter.codeName)): v\(index)"
                            }
                            return "\(label(parameter.codeName)): \(converted)"
                        }
                        return (".\(name(route.caseName))\(values.isEmpty ? "" : "(\(values.joined(separator: ", ")))")", checked)
                    }
                    for conversion in conversions { code.line("let \(conversionNames[conversion]!) = \(conversion)") }
                    code.block("switch ordinal") { code in
                        for (ordinal, made) in zip(rows, cases) {
                            guard !made.checked.isEmpty else {
                                code.line("case \(ordinal): return \(made.value)")
                                continue
                            }
                            code.line("case \(ordinal):")
                            code.indented { code in
                                code.line("guard \(made.checked.joined(separator: ", ")) else { return nil }")
                                code.line("return \(made.value)")
                            }
                        }
                        code.line("default: return nil")
                    }
                }
            }
        }
        valueEnums(blueprint, &code)
        code.line()
        tabsAndActivities(blueprint, &code)
        code.line()
        resolution(blueprint, &code)
        code.line()
        code.raw(navigationPlan(access))
        code.line()
        tables(blueprint, &code)
        return code.text
    }

    /// `.product(let v0)`: a case pattern binding its parameters and query items by position.
    private static func pattern(_ route: RouterBlueprint.RouteEntry) -> String {
        let count = route.parameters.count + route.query.count
        return count == 0
            ? ".\(name(route.caseName))"
            : ".\(name(route.caseName))(" + (0..<count).map { "let v\($0)" }.joined(separator: ", ") + ")"
    }

    /// An enum per list of values a parameter or query item takes.
    private static func valueEnums(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        let access = blueprint.swiftAccess.modifier
        for values in blueprint.valueEnums {
            code.line()
            code.line("/// \(values.summary)")
            code.block("\(access)enum \(values.typeName): String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible") {
                code in
                for (value, caseName) in zip(values.values, values.caseNames) { code.line("case \(name(caseName)) = \(literal(value))") }
                code.line()
                code.line("\(access)var description: String { rawValue }")
            }
        }
    }

    private static func tabsAndActivities(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        let access = blueprint.swiftAccess.modifier
        code.line("/// A tab of a tab bar.")
        let tabConformances = "\(rawType("String", isEmpty: blueprint.tabs.isEmpty)), CaseIterable, Hashable, Sendable, Codable"
        code.block("\(access)enum Tab: \(tabConformances)") { code in
            for tab in blueprint.tabs { code.line("case \(name(tab.caseName)) = \(literal(tab.name))") }
            if blueprint.tabs.isEmpty { emptyRawValues(access, of: "String", &code) }
            code.line()
            code.switchOver("\(access)var title: String", blueprint.tabs, caseName: \.caseName) { "return \(literal($0.title))" }
            code.line()
            code.switchOver("\(access)var icon: String", blueprint.tabs, caseName: \.caseName) { "return \(literal($0.icon))" }
            code.line()
            code.switchOver("\(access)var index: Int", blueprint.tabs, caseName: \.caseName) { "return \($0.index)" }
            code.line()
            code.switchOver("\(access)var activity: Activity", blueprint.tabs, caseName: \.caseName) { tab in
                "return .\(name(blueprint.activity(tab.activity)!.caseName))"
            }
            code.line()
            code.line("/// The route at the root of the tab's navigation stack.")
            code.switchOver("\(access)var root: Route", blueprint.tabs, caseName: \.caseName) { tab in
                "return .\(name(blueprint.route(id: tab.root)!.caseName))"
            }
        }
        code.line()
        code.line("/// An app context with its own tab set.")
        let activityConformances = "\(rawType("String", isEmpty: blueprint.activities.isEmpty)), CaseIterable, Hashable, Sendable, Codable"
        code.block("\(access)enum Activity: \(activityConformances)") { code in
            for activity in blueprint.activities { code.line("case \(name(activity.caseName)) = \(literal(activity.name))") }
            if blueprint.activities.isEmpty { emptyRawValues(access, of: "String", &code) }
            code.line()
            code.switchOver("\(access)var title: String", blueprint.activities, caseName: \.caseName) { "return \(literal($0.title))" }
            code.line()
            code.switchOver("\(access)var icon: String?", blueprint.activities, caseName: \.caseName) {
                "return \($0.icon.map(literal) ?? "nil")"
            }
            code.line()
            code.line("/// The tab shown when switching to the activity.")
            code.switchOver("\(access)var defaultTab: Tab?", blueprint.activities, caseName: \.caseName) { activity in
                "return " + (activity.defaultTab.map { tab in ".\(name(blueprint.tab(tab)!.caseName))" } ?? "nil")
            }
            code.line()
            code.line("/// Its tabs, in tab bar order.")
            code.switchOver("\(access)var tabs: [Tab]", blueprint.activities, caseName: \.caseName) { activity in
                "return [" + activity.tabs.map { tab in ".\(name(blueprint.tab(tab)!.caseName))" }.joined(separator: ", ") + "]"
            }
        }
    }

    /// How an enum declares its raw values of `type`: as its raw type, which an enum of no cases
    /// cannot declare (an app without tabs), or as a conformance of its own (`emptyRawValues`).
    private static func rawType(_ type: String, isEmpty: Bool) -> String { isEmpty ? "RawRepresentable" : type }

    /// The raw values of an enum without cases: none. `Codable` then reads and writes a `String`
    /// one as the standard library does for raw values; the enum's other members switch over no
    /// cases, as the rest of the code still names them.
    private static func emptyRawValues(_ access: String, of type: String, _ code: inout CodeWriter) {
        code.line("\(access)init?(rawValue: \(type)) { nil }")
        code.line()
        code.line("\(access)var rawValue: \(type) { switch self {} }")
    }

    private static func resolution(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        let access = blueprint.swiftAccess.modifier
        code.line("/// A whole URL resolved as `routelint resolve` does: a custom-scheme deep link, a universal link or")
        code.line("/// a bare path, with the tab it opens in (the `tab` query item, when it names a tab of the route's")
        code.line("/// activity) and the other query items.")
        code.block("\(access)struct RouteLink: Hashable, Sendable") { code in
            code.line("\(access)let route: Route")
            code.line("\(access)let tab: Tab?")
            code.line("/// The tab the link names, when it is one of the route's activity.")
            code.line("private let requestedTab: Tab?")
            code.line("/// Query items other than a `tab` that chose the tab, in URL order.")
            code.line("\(access)let query: [QueryItem]")
            code.line("\(access)var activity: Activity? { route.activity }")
            code.line()
            code.block("\(access)struct QueryItem: Hashable, Sendable") { code in
                code.line("\(access)let name: String")
                code.line("\(access)let value: String")
            }
            code.line()
            code.line("/// The URL schemes and universal-link hosts the app declares.")
            code.line(
                "\(access)static let schemes: Set<String> = [\(blueprint.schemes.map { literal($0.lowercased()) }.joined(separator: ", "))]"
            )
            code.line("\(access)static let hosts: [String] = [\(blueprint.hosts.map { literal($0.lowercased()) }.joined(separator: ", "))]")
            code.line()
            code.block("\(access)init?(url: String)") { code in
                code.line("// An in-app route opens from the app's own navigation only: not from a link with a scheme or host.")
                code.line("guard let parts = RouteURL(url), parts.belongs(schemes: Self.schemes, hosts: Self.hosts),")
                code.line("      let route = Route.matching(path: parts.path, query: parts.query),")
                code.line("      parts.scheme == nil || !route.row.isInApp")
                code.line("else { return nil }")
                code.line("self.route = route")
                code.line("let items = parts.query.map { QueryItem(name: $0.name, value: $0.value) }")
                code.line("let requested: Tab? = items.first { $0.name == \"tab\" }.flatMap { Tab(rawValue: $0.value) }")
                code.block("if let requested, requested.activity == route.activity") { code in
                    code.line("tab = requested")
                    code.line("requestedTab = requested")
                    code.line("query = items.filter { $0.name != \"tab\" }")
                }
                code.block("else") { code in
                    code.line("tab = route.tab")
                    code.line("requestedTab = nil")
                    code.line("query = items")
                }
            }
            code.line()
            code.line("/// What opening the link does: the route's plan in the tab the link names; `flags` says whether a")
            code.line("/// feature flag is on.")
            code.block("\(access)func plan(flags isOn: (String) -> Bool = { _ in true }) -> NavigationPlan?") { code in
                code.line("route.plan(tab: requestedTab, flags: isOn)")
            }
        }
    }

    /// The plan type, the same for every app but its access level.
    private static func navigationPlan(_ access: String) -> String {
        """
        /// What opening a link does to the app's navigation (docs/code-generation.md, "Navigation plans"):
        /// the activity, the tab, the tab's stack from its root, the routes presented over it (outermost
        /// first) with what is pushed inside each, and whether sign-in comes first. Encoded as the JSON of
        /// `routelint resolve --plan`; `json` is the same bytes the generated Kotlin writes.
        \(access)struct NavigationPlan: Hashable, Sendable, Codable {
            /// A sheet or full-screen route presented over the stack, or over the presented route before it;
            /// identified by its route, for SwiftUI's `sheet(item:)`.
            \(access)struct Presented: Hashable, Sendable, Codable, Identifiable {
                \(access)var id: Route { route }
                \(access)var route: Route
                \(access)var presentation: Presentation
                /// Whether it holds a navigation stack: the routes pushed inside it.
                \(access)var stacked: Bool
                \(access)var stack: [Route]

                \(access)init(route: Route, presentation: Presentation, stacked: Bool, stack: [Route]) {
                    self.route = route
                    self.presentation = presentation
                    self.stacked = stacked
                    self.stack = stack
                }

                private enum CodingKeys: String, CodingKey { case presentation, stacked, stack }

                // The route's fields beside the presentation's, in one object.
                \(access)init(from decoder: any Decoder) throws {
                    route = try Route(from: decoder)
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    presentation = try container.decode(Presentation.self, forKey: .presentation)
                    stacked = try container.decode(Bool.self, forKey: .stacked)
                    stack = try container.decode([Route].self, forKey: .stack)
                }

                \(access)func encode(to encoder: any Encoder) throws {
                    try route.encode(to: encoder)
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(presentation, forKey: .presentation)
                    try container.encode(stacked, forKey: .stacked)
                    try container.encode(stack, forKey: .stack)
                }

                // Equal and hashed by their JSON, which spells every field: what the compiler would derive,
                // without a copy of the array functions for each type.
                \(access)static func == (lhs: Presented, rhs: Presented) -> Bool { lhs.json == rhs.json }
                \(access)func hash(into hasher: inout Hasher) { hasher.combine(json) }

                /// The JSON text of `routelint resolve --plan` for a presented route.
                \(access)var json: String {
                    "{" + RouteJSON.routeFields(route.id, route.row.namedValues(route.arguments)) + ",\\"presentation\\":"
                        + RouteJSON.quoted(presentation.rawValue) + ",\\"stacked\\":\\(stacked),\\"stack\\":["
                        + stack.map(\\.json).joined(separator: ",") + "]}"
                }
            }

            \(access)var activity: Activity?
            \(access)var tab: Tab?
            /// The tab's stack, its root first: what a `NavigationPath` holds.
            \(access)var stack: [Route]
            \(access)var presented: [Presented]
            \(access)var requiresAuth: Bool

            \(access)init(activity: Activity?, tab: Tab?, stack: [Route], presented: [Presented], requiresAuth: Bool) {
                self.activity = activity
                self.tab = tab
                self.stack = stack
                self.presented = presented
                self.requiresAuth = requiresAuth
            }

            /// The route the plan opens: the last pushed or presented.
            \(access)var destination: Route? {
                guard let last = presented.last else { return stack.last }
                return last.stack.last ?? last.route
            }

            private enum CodingKeys: String, CodingKey { case activity, tab, stack, presented, requiresAuth }

            // Every field written, `null` for no activity or tab, as the JSON of `resolve --plan`.
            \(access)func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(activity, forKey: .activity)
                try container.encode(tab, forKey: .tab)
                try container.encode(stack, forKey: .stack)
                try container.encode(presented, forKey: .presented)
                try container.encode(requiresAuth, forKey: .requiresAuth)
            }

            // Equal and hashed by their JSON, as `Presented`.
            \(access)static func == (lhs: NavigationPlan, rhs: NavigationPlan) -> Bool { lhs.json == rhs.json }
            \(access)func hash(into hasher: inout Hasher) { hasher.combine(json) }

            /// The JSON text of `routelint resolve --plan`, compact: the same bytes the generated Kotlin writes.
            \(access)var json: String {
                "{\\"activity\\":" + (activity.map(\\.rawValue).map(RouteJSON.quoted) ?? "null") + ",\\"tab\\":"
                    + (tab.map(\\.rawValue).map(RouteJSON.quoted) ?? "null") + ",\\"stack\\":[" + stack.map(\\.json).joined(separator: ",")
                    + "],\\"presented\\":[" + presented.map(\\.json).joined(separator: ",") + "],\\"requiresAuth\\":\\(requiresAuth)}"
            }
        }

        """
    }

    /// The route table and the trie, as text the runtime reads once: string literals cost the
    /// compiler nothing, where array and dictionary literals of thousands of entries take the
    /// type checker and the optimiser minutes.
    private static func tables(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        code.line("/// What the manifest says of each route, and the trie of their paths.")
        code.block("enum RouteTables") { code in
            code.line("/// The values of each listed kind, in canonical form.")
            if blueprint.valueTable.isEmpty {
                code.line("static let listed: [Set<String>] = []")
            } else {
                code.line("static let listed: [Set<String>] = [")
                code.indented { code in
                    for line in blueprint.valueTable { code.line("Set(\(literal(line)).split(separator: \"/\").map(String.init)),") }
                }
                code.line("]")
            }
            code.line("static let rows = RouteRow.rows(")
            code.indented { code in
                text(blueprint.routeTable, &code, suffix: ",")
                code.line("listed: listed")
            }
            code.line(")")
            code.line("static let trie = RouteTrie(")
            code.indented { code in
                let rows = { (lists: [[Int]]) in literal(lists.map { $0.map(String.init).joined(separator: " ") }.joined(separator: ",")) }
                code.line("exact: \(rows(blueprint.trie.exact)),")
                code.line("rest: \(rows(blueprint.trie.rest)),")
                code.line("edges:")
                text(blueprint.trie.literals.map { "\($0.node)/\($0.segment)/\($0.child)" }, &code, suffix: ",")
                code.line("parameters:")
                text(blueprint.trie.parameters.map { "\($0.node)/\($0.kind.tableCode)/\($0.child)" }, &code, suffix: ",")
                code.line("listed: listed")
            }
            code.line(")")
            code.line("/// By id: a route's own row (aliases' rows come after every route's).")
            code.line("static let ordinals = Dictionary(rows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })")
            code.line("/// Each tab's root and activity, by position.")
            code.line(
                "static let tabRoots: [Int] = [\(blueprint.tabs.map { String(blueprint.routeIndex[$0.root] ?? 0) }.joined(separator: ", "))]"
            )
            let activityPositions = Dictionary(
                blueprint.activities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            code.line(
                "static let tabActivities: [Int] = [\(blueprint.tabs.map { String(activityPositions[$0.activity] ?? -1) }.joined(separator: ", "))]"
            )
            code.line("/// The tabs' positions by index: the order a plan tries their roots in.")
            code.line("static let tabOrder: [Int] = [\(blueprint.tabOrder.map(String.init).joined(separator: ", "))]")
            code.line("static let activities = Array(Activity.allCases)")
            code.line("static let tabs = Array(Tab.allCases)")
            code.line("static let holderKinds = Array(HolderKind.allCases)")
            code.line(
                "static let holderNames = \(literal(blueprint.holders.map(\.name).joined(separator: "\n"))).split(separator: \"\\n\").map(String.init)"
            )
        }
    }

    /// A multi-line string literal of `lines`. The plan's table lines hold no backslash and no
    /// quote (see `RouterBlueprint.routeTable`), so they are written as they are.
    private static func text(_ lines: [String], _ code: inout CodeWriter, suffix: String = "") {
        guard !lines.isEmpty else { return code.line("\"\"" + suffix) }
        code.line("\"\"\"")
        for line in lines { code.line(line) }
        code.line("\"\"\"" + suffix)
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

    // MARK: - Holders.swift

    private static func holders(_ blueprint: RouterBlueprint) -> String {
        var code = CodeWriter()
        let spelling = SwiftRegistrySpelling(blueprint: blueprint)
        let holders = blueprint.holders
        let access = spelling.access
        // `Route.holderKind` gives the kind, so it has the routes' access level.
        let kindAccess = blueprint.swiftAccess.modifier
        code.line("/// The holders of the manifest: what owns a route's ViewModel and DI scope.")
        // Positions as raw values: a `String` raw value per case costs the compiler seconds
        // per thousand holders; the names are in the route table's text.
        code.block("\(kindAccess)enum HolderKind: \(rawType("Int", isEmpty: holders.isEmpty)), CaseIterable, Hashable, Sendable") { code in
            for holder in holders { code.line("case \(name(holder.memberName))") }
            code.line()
            code.line("/// The holder's name in the manifest.")
            code.line("\(kindAccess)var id: String { RouteTables.holderNames[rawValue] }")
            code.line()
            if holders.isEmpty { return emptyRawValues(kindAccess, of: "Int", &code) }
            // Written out: the compiler's own compares the raw value with every case's.
            code.block("\(kindAccess)init?(rawValue: Int)") { code in
                code.line("guard RouteTables.holderKinds.indices.contains(rawValue) else { return nil }")
                code.line("self = RouteTables.holderKinds[rawValue]")
            }
        }
        code.line()
        code.line("/// Where the registry keeps a holder: its kind and the key of its scope.")
        code.block("struct HolderSlot: Hashable") { code in
            code.line("enum Scope: Hashable { case route(Route), tab(Tab?), activity(Activity?), app }")
            // A position, not a `HolderKind`: hashing a case reads its raw value through a switch
            // over every case, which the compiler copies into each use.
            code.line("/// The position of the holder's kind among `HolderKind`'s cases.")
            code.line("let kind: Int")
            code.line("let scope: Scope")
        }
        code.line()
        switch blueprint.holderTypes {
        case .generic:
            code.line("/// Creates the app's holders. Each holder type is the app's own: the registry stores what this returns.")
        case .named:
            code.line("/// Creates the app's holders: each is the app's own type of the holder's name, declared beside this code.")
        }
        code.block("\(access)protocol HolderFactory") { code in
            if blueprint.holderTypes == .generic {
                for holder in holders { code.line("associatedtype \(holder.typeName)") }
                if !holders.isEmpty { code.line() }
            }
            for holder in holders {
                let arguments =
                    holder.parameters.map { "\(label($0.codeName)): \(type($0, blueprint))" }
                    + (holder.parent.map { ["parent: \(blueprint.holder($0)!.typeName)"] } ?? [])
                code.line("func make\(holder.typeName)(\(arguments.joined(separator: ", "))) -> \(holder.typeName)")
            }
            code.line("/// Called when the registry lets a holder go: close its DI scope here.")
            code.line("func release(_ holder: \(blueprint.holderTypes == .generic ? "Holder<Self>" : "Holder"))")
        }
        code.line()
        code.line("/// A holder the registry made, by kind.")
        code.block("\(access)enum \(spelling.holderEnum)") { code in
            for holder in holders { code.line("case \(name(holder.memberName))(\(spelling.type(of: holder)))") }
        }
        code.line()
        code.line("/// Creates holders lazily, one per key of their scope (a route value, the route's tab or activity, the")
        code.line("/// app), parents first, and lets go of those whose routes are no longer active.")
        code.block("\(access)final class HolderRegistry<Factory: HolderFactory>") { code in
            code.line("\(access)let factory: Factory")
            code.line()
            code.block("\(access)init(factory: Factory)") { code in code.line("self.factory = factory") }
            code.line()
            HolderRegistryWriter.body(blueprint, spelling, &code)
        }
        return code.text
    }
}

/// The Swift of the holder registry.
private struct SwiftRegistrySpelling: RegistrySpelling {
    let blueprint: RouterBlueprint

    /// The code's access level for the generic registry; internal for named holders, which may
    /// be internal types of the app that a public declaration cannot name.
    var access: String { blueprint.holderTypes == .generic ? blueprint.swiftAccess.modifier : "" }
    /// The enum of holders as the registry names it.
    var holderEnum: String { blueprint.holderTypes == .generic ? "Holder<Factory: HolderFactory>" : "Holder" }
    private var holderValue: String { blueprint.holderTypes == .generic ? "Holder<Factory>" : "Holder" }

    /// The holder's type as the registry names it: `Factory.ProductHolder`, `ProductHolder`.
    func type(of holder: RouterBlueprint.HolderEntry) -> String {
        blueprint.holderTypes == .generic ? "Factory.\(holder.typeName)" : holder.typeName
    }

    func storage(_ holders: [RouterBlueprint.HolderEntry]) -> [String] {
        // One dictionary for every holder: a class of a thousand stored properties costs the
        // optimiser minutes. The holder is kept as itself and read back by a cast to its own
        // type: building or matching a case of the thousand-case `Holder` in each holder's
        // function cost the optimiser about 5 ms a holder, a quarter of an app's compile time.
        ["private var instances: [HolderSlot: Any] = [:]"]
    }

    func generalAccessor(_ holders: [RouterBlueprint.HolderEntry]) -> [String] {
        guard !holders.isEmpty else { return ["\(access)func holder(for route: Route) -> \(holderValue) {", "    switch route {}", "}"] }
        return dispatch(
            opening: ["\(access)func holder(for route: Route) -> \(holderValue) {", "    let position = route.row.holder"],
            chunk: (name: "holder", parameters: "_ position: Int, _ route: Route", arguments: "position, route"), result: holderValue,
            closing: []
        ) { position in
            let member = holders[position].memberName
            return "return .\(SwiftGenerator.name(member))(\(member)Instance(for: route))"
        }
    }

    /// A function over every holder's position, as `opening` begins it (its declaration, then what
    /// makes `position`): a `switch` in a chain of functions of `switchChunk` cases, each named
    /// `chunk.name` and a number, declared with `chunk.parameters` and called with `chunk.arguments`,
    /// whose case of each position is `statement(position)` and whose `switch` is followed by
    /// `closing`. The last position of a chunk is its `default`: every position is some holder's.
    private func dispatch(
        opening: [String], chunk: (name: String, parameters: String, arguments: String), result: String, closing: [String],
        statement: (Int) -> String
    ) -> [String] {
        let holders = blueprint.holders
        let size = SwiftGenerator.switchChunk
        let starts = Array(stride(from: 0, to: holders.count, by: size))
        var lines = opening
        if starts.count == 1 {
            lines.append("    return \(chunk.name)0(\(chunk.arguments))")
        } else {
            lines.append("    switch position / \(size) {")
            for number in starts.indices {
                lines.append(
                    "    \(number == starts.count - 1 ? "default" : "case \(number)"): return \(chunk.name)\(number)(\(chunk.arguments))")
            }
            lines.append("    }")
        }
        lines.append("}")
        for (number, start) in starts.enumerated() {
            let end = min(start + size, holders.count)
            lines += ["", "private func \(chunk.name)\(number)(\(chunk.parameters)) -> \(result) {", "    switch position {"]
            for position in start..<end {
                lines.append("    \(position == end - 1 ? "default" : "case \(position)"): \(statement(position))")
            }
            lines += ["    }"] + closing.map { "    " + $0 } + ["}"]
        }
        return lines
    }

    func typedAccessor(_ route: RouterBlueprint.RouteEntry, _ holder: RouterBlueprint.HolderEntry) -> [String] {
        let values = route.parameters + route.query
        let parameters = values.map { SwiftGenerator.declaration($0, blueprint) }.joined(separator: ", ")
        let arguments = values.map { "\(SwiftGenerator.label($0.codeName)): \(SwiftGenerator.name($0.codeName))" }
        let value = ".\(SwiftGenerator.name(route.caseName))" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
        return documentation(["The holder of route '\(route.id)' (\(holder.name)), created with its parents when it does not exist yet."])
            + [
                "\(access)func \(route.accessorName)(\(parameters)) -> \(type(of: holder)) {",
                "    \(holder.memberName)Instance(for: \(value))",
                "}",
            ]
    }

    func instance(_ holder: RouterBlueprint.HolderEntry, position: Int, arguments: [String], usesRoute: Bool) -> [String] {
        // Out of line, as are the map's two methods: an app that asks `holder(for:)` keeps every
        // holder's function, and the optimiser copying parents, the map's lookups and inserts
        // into each of a thousand made it the larger part of the app's compile time.
        return [
            "@inline(never)",
            "private func \(holder.memberName)Instance(for route: Route) -> \(type(of: holder)) {",
            "    let slot = HolderSlot(kind: \(position), scope: \(Self.scopeKey(holder.scope, holder.scope.registryKey)))",
            "    if let existing = instance(in: slot) as? \(type(of: holder)) { return existing }",
            "    let created = factory.make\(holder.typeName)(\(arguments.joined(separator: ", ")))",
            "    keep(created, in: slot)",
            "    return created",
            "}",
        ]
    }

    // The dictionary read and written through two methods rather than in each instance function:
    // its subscript, chosen among the standard library's overloads, takes the type checker a
    // millisecond at each of a thousand holders.
    var helpers: [String] {
        [
            "/// The holder in `slot`, if one was made.",
            "@inline(never)",
            "private func instance(in slot: HolderSlot) -> Any? { instances[slot] }",
            "",
            "/// Keeps `holder` in `slot` until `cleanup(activeRoutes:)` lets it go.",
            "@inline(never)",
            "private func keep(_ holder: Any, in slot: HolderSlot) { instances[slot] = holder }",
        ] + keptHolder
    }

    /// `kept(_:at:)`: a kept holder as its `Holder` case, for `release`, by the position of its
    /// kind. Nil is never returned: a slot's holder was kept by its kind's own function.
    private var keptHolder: [String] {
        let opening = [
            "", "/// A kept holder as its `Holder` case, by the position of its kind.",
            "private func kept(_ holder: Any, at position: Int) -> \(holderValue)? {",
        ]
        guard !blueprint.holders.isEmpty else { return opening + ["    nil", "}"] }
        return dispatch(
            opening: opening, chunk: (name: "kept", parameters: "_ holder: Any, at position: Int", arguments: "holder, at: position"),
            result: holderValue + "?", closing: ["return nil"]
        ) { position in
            let holder = blueprint.holders[position]
            return "if let holder = holder as? \(type(of: holder)) { return .\(SwiftGenerator.name(holder.memberName))(holder) }"
        }
    }

    func argument(_ parameter: RouterBlueprint.Parameter) -> String {
        let name = SwiftGenerator.literal(parameter.name)
        let value: String
        // A route's argument is the text of its typed value, which reads back: the fallbacks
        // after `??` keep the code free of force-unwraps, and are never taken.
        switch (parameter.kind, parameter.isOptional) {
        case (.string, false): value = "route.argument(\(name))"
        case (.string, true): value = "route.optionalArgument(\(name))"
        case (.int, false): value = "route.intArgument(\(name)) ?? 0"
        case (.int, true): value = "route.intArgument(\(name))"
        case (.uuid, false): value = "UUID(uuidString: route.argument(\(name))) ?? UUID()"
        case (.uuid, true): value = "route.optionalArgument(\(name)).flatMap { UUID(uuidString: $0) }"
        case (.listed(let index), false):
            let values = blueprint.valueEnums[index]
            value = "\(values.typeName)(rawValue: route.argument(\(name))) ?? .\(SwiftGenerator.name(values.caseNames[0]))"
        case (.listed(let index), true):
            value = "route.optionalArgument(\(name)).flatMap { \(blueprint.valueEnums[index].typeName)(rawValue: $0) }"
        }
        return "\(SwiftGenerator.label(parameter.codeName)): \(value)"
    }

    func parent(_ parent: RouterBlueprint.HolderEntry) -> String {
        "parent: \(parent.memberName)Instance(for: route)"
    }

    var cleanup: String { "\(access)func cleanup(activeRoutes: Set<Route>)" }

    func cleanupBody(_ holders: [RouterBlueprint.HolderEntry]) -> [String] {
        [
            "let activeTabs = Set(activeRoutes.map(\\.tab))",
            "let activeActivities = Set(activeRoutes.map(\\.activity))",
            "for (slot, holder) in instances {",
            "    let isActive: Bool",
            "    switch slot.scope {",
            "    case .route(let route): isActive = activeRoutes.contains(route)",
            "    case .tab(let tab): isActive = activeTabs.contains(tab)",
            "    case .activity(let activity): isActive = activeActivities.contains(activity)",
            "    case .app: isActive = true",
            "    }",
            "    guard !isActive else { continue }",
            "    instances[slot] = nil",
            "    if let kept = kept(holder, at: slot.kind) { factory.release(kept) }",
            "}",
        ]
    }

    func documentation(_ lines: [String]) -> [String] { lines.map { "/// " + $0 } }

    /// The key of a holder's scope as a `HolderSlot.Scope`.
    private static func scopeKey(_ scope: HolderScope, _ key: String) -> String {
        switch scope {
        case .route: return ".route(\(key))"
        case .tab: return ".tab(\(key))"
        case .activity: return ".activity(\(key))"
        case .app: return ".app"
        }
    }
}

extension CodeWriter {
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
}
