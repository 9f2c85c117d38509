import RouteLintCore

/// Writes a router blueprint as Kotlin that the Kotlin 1.3 compiler takes: `Routes.kt` (the
/// sealed route class, URL resolution, tabs, activities and the route table), `Holders.kt`
/// (the holder factory and registry) and `RouteRuntime.kt` (the support all apps share, copied
/// with the package line). Each route class overrides two members and reads the rest from its
/// row of the route table; tables are strings read once at start-up, and large `when`s are
/// split, so no method nears the JVM's 64 KB limit at thousands of routes.
enum KotlinGenerator {
    /// How the generated Kotlin is spelled beyond the plan: the package, the serialization, and
    /// the supertype of `Route`.
    struct Spelling {
        var package: String
        var serialization: KotlinSerialization = .kotlinx
        /// An interface every route implements (`androidx.navigation3.runtime.NavKey`); nil for none.
        var routeSupertype: String?
    }

    static func files(_ blueprint: RouterBlueprint, _ spelling: Spelling, header: String) -> [GeneratedFile] {
        let packageLine = "package \(spelling.package)\n\n"
        let runtime = String(decoding: PackageResources.RouteRuntime_kt, as: UTF8.self)
        let imports =
            spelling.serialization == .kotlinx
            ? "import kotlinx.serialization.SerialName\nimport kotlinx.serialization.Serializable\n\n" : ""
        var files = [
            GeneratedFile(name: "Routes.kt", contents: header + packageLine + imports + routes(blueprint, spelling)),
            GeneratedFile(name: "Holders.kt", contents: header + packageLine + holders(blueprint)),
            GeneratedFile(name: "RouteRuntime.kt", contents: header + packageLine + runtime),
        ]
        if spelling.serialization == .kotlinx {
            files.append(GeneratedFile(name: "RouteSerializers.kt", contents: header + packageLine + serializers(spelling.package)))
        }
        return files
    }

    /// Kotlin's hard keywords, which need backticks to name anything.
    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    static func name(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Members of the generated types that an entry or a property may not shadow.
    private static let routeMembers: Set<String> = [
        "id", "path", "parameters", "activity", "tab", "presentation", "requiresAuth", "holderKind", "ordinal", "arguments",
        "argument", "row", "component1", "copy", "equals", "hashCode", "toString", "json", "plan", "namedValues",
    ]
    private static let enumMembers: Set<String> = [
        "id", "title", "icon", "index", "activity", "root", "defaultTab", "tabs",
        "name", "ordinal", "values", "valueOf", "Companion",
    ]
    /// Names a nested route class may not take: they would hide the types the code uses.
    private static let typeNames: Set<String> = [
        "String", "Int", "Boolean", "Any", "Unit", "Nothing", "List", "Map", "Companion", "Pair", "HashMap", "ArrayList", "Array",
        "Route", "Tab", "Activity", "Presentation", "HolderKind", "RoutePath", "RouteTrie", "RouteRow", "RouteTables", "RouteUrl",
        "NavigationPlan", "RoutePlanner", "RouteJson", "RouteNamedValue", "RouteQueryItem", "RouteValueKind", "RouteSerializer",
        "PresentedSerializer", "RouteLink",
    ]

    /// The nested class of a route.
    static func className(_ route: RouterBlueprint.RouteEntry) -> String {
        let upper = Identifier.upperCamel(route.caseName)
        return typeNames.contains(upper) ? upper + "Route" : upper
    }

    /// A route class's property for a parameter.
    static func property(_ parameter: RouterBlueprint.Parameter) -> String {
        name(routeMembers.contains(parameter.codeName) ? parameter.codeName + "Value" : parameter.codeName)
    }

    /// The type of a parameter's or query item's value: `String`, `Long` or its enum class (a
    /// `uuid` is a `String`, checked and lower-cased when parsed: Kotlin 2.0 has no UUID type
    /// in its common library), nullable for an optional item without a default.
    static func type(_ parameter: RouterBlueprint.Parameter, _ blueprint: RouterBlueprint) -> String {
        let base: String
        switch parameter.kind {
        case .string, .uuid: base = "String"
        case .int: base = "Long"
        case .listed(let index): base = blueprint.valueEnums[index].typeName
        }
        return parameter.isOptional ? base + "?" : base
    }

    /// `name: Type`, with ` = default` for a query item that has one (`null` for an optional).
    static func declaration(_ parameter: RouterBlueprint.Parameter, _ blueprint: RouterBlueprint) -> String {
        var text = "\(property(parameter)): \(type(parameter, blueprint))"
        if parameter.isOptional {
            text += " = null"
        } else if let value = parameter.defaultValue {
            text += " = " + valueLiteral(value, parameter.kind, blueprint)
        }
        return text
    }

    /// A value of `kind`, given as its text, as a Kotlin expression.
    static func valueLiteral(_ value: String, _ kind: RouterBlueprint.ValueKind, _ blueprint: RouterBlueprint) -> String {
        switch kind {
        case .string, .uuid: return literal(value)
        case .int: return value + "L"
        case .listed(let index):
            let values = blueprint.valueEnums[index]
            return "\(values.typeName).\(entry(values.caseNames[values.values.firstIndex(of: value) ?? 0]))"
        }
    }

    /// The text of a typed value `expression` as a URL carries it: empty for a null optional.
    static func text(of expression: String, _ parameter: RouterBlueprint.Parameter) -> String {
        let call = parameter.isOptional ? "?." : "."
        let text: String
        switch parameter.kind {
        case .string: text = expression
        case .int: text = expression + call + "toString()"
        case .uuid: text = expression + call + "lowercase()"
        case .listed: text = expression + call + "value"
        }
        return parameter.isOptional ? "(\(text) ?: \"\")" : text
    }

    /// The typed value of the text `expression`, of a value checked to be of its kind; for an
    /// optional, null when it is empty. Where the text does not read back, `fallback`.
    static func value(of expression: String, _ parameter: RouterBlueprint.Parameter, _ blueprint: RouterBlueprint, fallback: String)
        -> String
    {
        let conversion: String
        switch parameter.kind {
        case .string: conversion = expression
        case .uuid: conversion = "\(expression).lowercase()"
        case .int: conversion = "\(expression).toLongOrNull()" + (parameter.isOptional ? "" : " ?: \(fallback)")
        case .listed(let index):
            conversion = "\(blueprint.valueEnums[index].typeName).of(\(expression))" + (parameter.isOptional ? "" : " ?: \(fallback)")
        }
        return parameter.isOptional ? "if (\(expression).length == 0) null else \(conversion)" : conversion
    }

    /// An entry of `Tab`, `Activity` or `HolderKind`.
    static func entry(_ caseName: String) -> String {
        name(enumMembers.contains(caseName) ? caseName + "Value" : caseName)
    }

    // MARK: - Routes.kt

    private static func routes(_ blueprint: RouterBlueprint, _ spelling: Spelling) -> String {
        let serializable = spelling.serialization == .kotlinx
        var code = CodeWriter()
        code.line("/** A route of the app: an object per route without parameters, a data class per route with some. */")
        if serializable { code.line("@Serializable(with = RouteSerializer::class)") }
        // Each route class passes its row and parameter values up, so that it declares nothing
        // of its own: members per class are what kotlinc's time and its 256 MB heap go to.
        code.raw(
            """
            sealed class Route(
                /** The route's row of the route table. */
                internal val ordinal: Int,
                /** The path parameters' values, then the query items', as a URL carries them (empty for a null optional). */
                internal val arguments: List<String> = emptyList()

            """)
        code.block(")" + (spelling.routeSupertype.map { " : " + $0 } ?? "")) { code in
            code.raw(
                """
                private val row: RouteRow get() = RouteTables.rows[ordinal]

                /** The route's id in the manifest. */
                val id: String get() = row.id
                /**
                 * The URL of this route value, percent-encoded: its path, then the query items whose values
                 * differ from their defaults; null for a route without a path.
                 */
                val path: String? get() = row.path(arguments)
                /** The path parameters' values as a URL carries them, by their names in the manifest. */
                val parameters: Map<String, String> get() = row.parameters(arguments)
                val activity: Activity? get() = if (row.activity >= 0) RouteTables.activities[row.activity] else null
                /** The tab the route opens in when a link names none. */
                val tab: Tab? get() = if (row.tab >= 0) RouteTables.tabs[row.tab] else null
                val presentation: Presentation get() = row.presentation
                val requiresAuth: Boolean get() = row.requiresAuth
                val holderKind: HolderKind get() = RouteTables.holderKinds[row.holder]
                /** The position of the route's holder among [HolderKind]'s entries. */
                internal val holderPosition: Int get() = row.holder

                /** The value of the path parameter or query item named [name] in the manifest, as a URL carries it; empty for none. */
                internal fun argument(name: String): String = row.argument(name, arguments)

                /** The values a route's JSON carries: its path parameters, then its query items that have a value. */
                internal fun namedValues(): List<RouteNamedValue> = row.namedValues(arguments)

                /**
                 * The route as JSON, `{"route":ID,"params":{NAME:VALUE,…}}` (its path parameters, then its query
                 * items that have a value): the same bytes the generated Swift writes.
                 */
                val json: String get() = "{" + RouteJson.routeFields(id, namedValues()) + "}"

                /**
                 * What opening this route does to the app's navigation (docs/code-generation.md, "Navigation
                 * plans"): in [tab] when it is a tab of the route's activity, else in [Route.tab]; [flags] says
                 * whether a feature flag is on. Null when the route's feature is off and no fallback is on.
                 */
                fun plan(tab: Tab? = null, flags: (String) -> Boolean = { true }): NavigationPlan? {
                    val parts = RoutePlanner.plan(
                        ordinal, arguments, tab?.ordinal ?: -1, RouteTables.rows, RouteTables.tabRoots, RouteTables.tabActivities,
                        RouteTables.tabOrder, flags
                    ) { row, values -> make(row, values) } ?: return null
                    return NavigationPlan(
                        if (parts.activity >= 0) RouteTables.activities[parts.activity] else null,
                        if (parts.tab >= 0) RouteTables.tabs[parts.tab] else null,
                        parts.stack,
                        parts.presented.map { NavigationPlan.Presented(it.value, it.presentation, it.stacked, it.stack) },
                        parts.requiresAuth
                    )
                }

                """)
            for (ordinal, route) in blueprint.routes.enumerated() {
                let values = route.parameters + route.query
                code.line()
                code.line(
                    values.isEmpty
                        ? "object \(className(route)) : Route(\(ordinal))"
                        : "data class \(className(route))(" + values.map { "val " + declaration($0, blueprint) }.joined(separator: ", ")
                            + ") : Route(\(ordinal), listOf(\(values.map { text(of: property($0), $0) }.joined(separator: ", "))))")
            }
            code.line()
            code.block("companion object") { code in
                code.line("/**")
                code.line(" * The route a URL path opens (percent-encoded, with its query, if any): the most specific route")
                code.line(" * whose path matches and whose query items the URL meets.")
                code.line(" */")
                code.block("fun fromPath(path: String): Route?") { code in
                    code.line("val url = RouteUrl.parse(path) ?: return null")
                    code.line("return if (url.scheme == null) matching(url.path, url.query) else null")
                }
                code.line()
                code.line("/** The route of a percent-encoded path and the decoded query items of a URL. */")
                code.block("internal fun matching(path: String, query: List<Pair<String, String>>): Route?") { code in
                    code.line("val segments = RoutePath.segments(path) ?: return null")
                    code.line("val (ordinal, arguments) = RouteTables.trie.route(segments, query, RouteTables.rows) ?: return null")
                    code.line("return make(ordinal, arguments)")
                }
                code.line()
                code.line("/**")
                code.line(" * The route of manifest id [id] with its values by name (as a URL carries them, decoded): null")
                code.line(" * when no route has the id, or a value it needs is missing or not of its type.")
                code.line(" */")
                code.block("fun of(id: String, params: Map<String, String>): Route?") { code in
                    code.line("val ordinal = RouteTables.ordinals[id] ?: return null")
                    code.line("val arguments = RouteTables.rows[ordinal].argumentsNamed { name, _ -> params[name] } ?: return null")
                    code.line("return make(ordinal, arguments)")
                }
                // One `when` of every route would pass the JVM's method size at a few thousand.
                let chunks = stride(from: 0, to: blueprint.routes.count, by: chunkSize).map { $0 }
                code.line()
                code.block("internal fun make(index: Int, arguments: List<String>): Route?") { code in
                    code.block("return when (index / \(chunkSize))") { code in
                        for (number, _) in chunks.enumerated() { code.line("\(number) -> make\(number)(index, arguments)") }
                        code.line("else -> null")
                    }
                }
                for (number, start) in chunks.enumerated() {
                    code.line()
                    let usesArguments = blueprint.routes[start..<min(start + chunkSize, blueprint.routes.count)].contains {
                        !($0.parameters + $0.query).isEmpty
                    }
                    let parameter = usesArguments ? "arguments: List<String>" : "@Suppress(\"UNUSED_PARAMETER\") arguments: List<String>"
                    code.block("private fun make\(number)(index: Int, \(parameter)): Route?") { code in
                        code.block("return when (index)") { code in
                            for index in start..<min(start + chunkSize, blueprint.routes.count) {
                                let route = blueprint.routes[index]
                                // A typed value reads back from text the trie (or `of`) checked; past a `Long`, null.
                                let values = (route.parameters + route.query).enumerated().map {
                                    value(of: "arguments[\($0)]", $1, blueprint, fallback: "return null")
                                }
                                code.line(
                                    "\(index) -> \(className(route))" + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))"))
                            }
                            code.line("else -> null")
                        }
                    }
                }
            }
        }
        valueEnums(blueprint, &code)
        code.line()
        tabsAndActivities(blueprint, serializable: serializable, &code)
        code.line()
        resolution(blueprint, &code)
        code.line()
        navigationPlan(serializable: serializable, &code)
        code.line()
        tables(blueprint, &code)
        return code.text
    }

    /// The plan type, the same for every app.
    private static func navigationPlan(serializable: Bool, _ code: inout CodeWriter) {
        code.raw(
            """
            /**
             * What opening a link does to the app's navigation (docs/code-generation.md, "Navigation plans"):
             * the activity, the tab, the tab's stack from its root, the routes presented over it (outermost
             * first) with what is pushed inside each, and whether sign-in comes first. [json] is the JSON of
             * `routelint resolve --plan`, the same bytes the generated Swift writes\(serializable ? " and kotlinx.serialization's `Json` encodes" : "").
             */

            """)
        if serializable { code.line("@Serializable") }
        code.raw(
            """
            data class NavigationPlan(
                val activity: Activity?,
                val tab: Tab?,
                /** The tab's stack, its root first. */
                val stack: List<Route>,
                val presented: List<Presented>,
                val requiresAuth: Boolean
            ) {
                /** A sheet or full-screen route presented over the stack, or over the presented route before it. */

            """)
        code.indented { code in
            if serializable { code.line("@Serializable(with = PresentedSerializer::class)") }
            code.raw(
                """
                data class Presented(
                    val route: Route,
                    val presentation: Presentation,
                    /** Whether it holds a navigation stack: the routes pushed inside it. */
                    val stacked: Boolean,
                    val stack: List<Route>
                ) {
                    /** The JSON text of `routelint resolve --plan` for a presented route. */
                    val json: String
                        get() = "{" + RouteJson.routeFields(route.id, route.namedValues()) + ",\\"presentation\\":" +
                            RouteJson.quoted(presentation.name.lowercase()) + ",\\"stacked\\":" + stacked + ",\\"stack\\":[" +
                            stack.joinToString(",") { it.json } + "]}"
                }

                /** The route the plan opens: the last pushed or presented. */
                val destination: Route?
                    get() = presented.lastOrNull()?.let { it.stack.lastOrNull() ?: it.route } ?: stack.lastOrNull()

                /** The JSON text of `routelint resolve --plan`, compact: the same bytes the generated Swift writes. */
                val json: String
                    get() = "{\\"activity\\":" + (activity?.let { RouteJson.quoted(it.id) } ?: "null") + ",\\"tab\\":" +
                        (tab?.let { RouteJson.quoted(it.id) } ?: "null") + ",\\"stack\\":[" + stack.joinToString(",") { it.json } +
                        "],\\"presented\\":[" + presented.joinToString(",") { it.json } + "],\\"requiresAuth\\":" + requiresAuth + "}"

                """)
        }
        code.line("}")
    }

    /// The hand-written serializers of routes and presented routes: a route's JSON object holds
    /// its id and its values by name, which no class's fields spell. They need only the
    /// kotlinx.serialization runtime; the `@Serializable` annotations that use them need its
    /// compiler plugin.
    private static func serializers(_ package: String) -> String {
        """
        import kotlinx.serialization.KSerializer
        import kotlinx.serialization.SerializationException
        import kotlinx.serialization.builtins.ListSerializer
        import kotlinx.serialization.builtins.MapSerializer
        import kotlinx.serialization.builtins.serializer
        import kotlinx.serialization.descriptors.SerialDescriptor
        import kotlinx.serialization.descriptors.buildClassSerialDescriptor
        import kotlinx.serialization.encoding.CompositeDecoder
        import kotlinx.serialization.encoding.Decoder
        import kotlinx.serialization.encoding.Encoder
        import kotlinx.serialization.encoding.decodeStructure
        import kotlinx.serialization.encoding.encodeStructure

        /** A route as `{"route": ID, "params": {NAME: VALUE, …}}`, values as a URL carries them, decoded. */
        object RouteSerializer : KSerializer<Route> {
            private val params = MapSerializer(String.serializer(), String.serializer())

            override val descriptor: SerialDescriptor = buildClassSerialDescriptor(\(KotlinGenerator.literal(package + ".Route"))) {
                element("route", String.serializer().descriptor)
                element("params", params.descriptor)
            }

            override fun serialize(encoder: Encoder, value: Route) {
                encoder.encodeStructure(descriptor) {
                    encodeStringElement(descriptor, 0, value.id)
                    encodeSerializableElement(descriptor, 1, params, namedParams(value))
                }
            }

            override fun deserialize(decoder: Decoder): Route = decoder.decodeStructure(descriptor) {
                var id: String? = null
                var values: Map<String, String> = emptyMap()
                while (true) {
                    when (val index = decodeElementIndex(descriptor)) {
                        0 -> id = decodeStringElement(descriptor, 0)
                        1 -> values = decodeSerializableElement(descriptor, 1, params)
                        CompositeDecoder.DECODE_DONE -> break
                        else -> throw SerializationException("unexpected element $index of a route")
                    }
                }
                route(id, values)
            }

            /** The route's values by name, in its order: path parameters, then query items that have a value. */
            internal fun namedParams(route: Route): Map<String, String> {
                val values = LinkedHashMap<String, String>()
                for (value in route.namedValues()) values[value.name] = value.value
                return values
            }

            /** The route of [id] with [values]; an exception that says why there is none. */
            internal fun route(id: String?, values: Map<String, String>): Route {
                if (id == null) throw SerializationException("a route needs its 'route' id")
                return Route.of(id, values) ?: throw SerializationException("route '$id' does not take these params")
            }
        }

        /** A presented route: the route's fields, its presentation, whether it is stacked, and what is pushed inside it. */
        object PresentedSerializer : KSerializer<NavigationPlan.Presented> {
            private val params = MapSerializer(String.serializer(), String.serializer())
            private val stack = ListSerializer(RouteSerializer)

            override val descriptor: SerialDescriptor =
                buildClassSerialDescriptor(\(KotlinGenerator.literal(package + ".NavigationPlan.Presented"))) {
                    element("route", String.serializer().descriptor)
                    element("params", params.descriptor)
                    element("presentation", String.serializer().descriptor)
                    element("stacked", Boolean.serializer().descriptor)
                    element("stack", stack.descriptor)
                }

            override fun serialize(encoder: Encoder, value: NavigationPlan.Presented) {
                encoder.encodeStructure(descriptor) {
                    encodeStringElement(descriptor, 0, value.route.id)
                    encodeSerializableElement(descriptor, 1, params, RouteSerializer.namedParams(value.route))
                    encodeStringElement(descriptor, 2, value.presentation.name.lowercase())
                    encodeBooleanElement(descriptor, 3, value.stacked)
                    encodeSerializableElement(descriptor, 4, stack, value.stack)
                }
            }

            override fun deserialize(decoder: Decoder): NavigationPlan.Presented = decoder.decodeStructure(descriptor) {
                var id: String? = null
                var values: Map<String, String> = emptyMap()
                var presentation: Presentation? = null
                var stacked = false
                var routes: List<Route> = emptyList()
                while (true) {
                    when (val index = decodeElementIndex(descriptor)) {
                        0 -> id = decodeStringElement(descriptor, 0)
                        1 -> values = decodeSerializableElement(descriptor, 1, params)
                        2 -> {
                            val name = decodeStringElement(descriptor, 2)
                            presentation = Presentation.values().firstOrNull { it.name.lowercase() == name }
                                ?: throw SerializationException("'$name' is not a presentation")
                        }
                        3 -> stacked = decodeBooleanElement(descriptor, 3)
                        4 -> routes = decodeSerializableElement(descriptor, 4, stack)
                        CompositeDecoder.DECODE_DONE -> break
                        else -> throw SerializationException("unexpected element $index of a presented route")
                    }
                }
                NavigationPlan.Presented(
                    RouteSerializer.route(id, values), presentation ?: throw SerializationException("a presented route needs its presentation"),
                    stacked, routes
                )
            }
        }

        """
    }

    /// An enum class per list of values a parameter or query item takes.
    private static func valueEnums(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        for values in blueprint.valueEnums {
            code.line()
            code.line("/** \(values.summary) */")
            code.block("enum class \(values.typeName)(val value: String)") { code in
                for (position, (value, caseName)) in zip(values.values, values.caseNames).enumerated() {
                    code.line("\(entry(caseName))(\(literal(value)))" + (position == values.values.count - 1 ? ";" : ","))
                }
                code.line()
                code.line("override fun toString(): String = value")
                code.line()
                code.block("companion object") { code in
                    code.line("/** The entry of [value]; null for none. */")
                    code.line("fun of(value: String): \(values.typeName)? = values().firstOrNull { it.value == value }")
                }
            }
        }
    }

    /// Routes per `make` function.
    private static let chunkSize = 256

    private static func tabsAndActivities(_ blueprint: RouterBlueprint, serializable: Bool, _ code: inout CodeWriter) {
        // Encoded by their names in the manifest.
        let serialName = { (name: String) in serializable ? "@SerialName(\(literal(name))) " : "" }
        code.line("/** A tab of a tab bar. */")
        if serializable { code.line("@Serializable") }
        code.block("enum class Tab(val id: String, val title: String, val icon: String, val index: Int)") { code in
            for (position, tab) in blueprint.tabs.enumerated() {
                code.line(
                    serialName(tab.name)
                        + "\(entry(tab.caseName))(\(literal(tab.name)), \(literal(tab.title)), \(literal(tab.icon)), \(tab.index))"
                        + (position == blueprint.tabs.count - 1 ? ";" : ","))
            }
            if blueprint.tabs.isEmpty { code.line(";") }
            code.line()
            code.whenProperty(
                "val activity: Activity",
                blueprint.tabs.map { tab in (entry(tab.caseName), "Activity.\(entry(blueprint.activity(tab.activity)!.caseName))") })
            code.line("/** The route at the root of the tab's navigation stack. */")
            code.whenProperty(
                "val root: Route", blueprint.tabs.map { tab in (entry(tab.caseName), "Route.\(className(blueprint.route(id: tab.root)!))") }
            )
        }
        code.line()
        code.line("/** An app context with its own tab set. */")
        if serializable { code.line("@Serializable") }
        code.block("enum class Activity(val id: String, val title: String, val icon: String?)") { code in
            for (position, activity) in blueprint.activities.enumerated() {
                code.line(
                    serialName(activity.name)
                        + "\(entry(activity.caseName))(\(literal(activity.name)), \(literal(activity.title)), \(activity.icon.map(literal) ?? "null"))"
                        + (position == blueprint.activities.count - 1 ? ";" : ","))
            }
            if blueprint.activities.isEmpty { code.line(";") }
            code.line()
            code.line("/** The tab shown when switching to the activity. */")
            code.whenProperty(
                "val defaultTab: Tab?",
                blueprint.activities.map { activity in
                    (entry(activity.caseName), activity.defaultTab.map { "Tab.\(entry(blueprint.tab($0)!.caseName))" } ?? "null")
                })
            code.line("/** Its tabs, in tab bar order. */")
            code.whenProperty(
                "val tabs: List<Tab>",
                blueprint.activities.map { activity in
                    (
                        entry(activity.caseName),
                        "listOf(" + activity.tabs.map { "Tab.\(entry(blueprint.tab($0)!.caseName))" }.joined(separator: ", ") + ")"
                    )
                })
        }
    }

    private static func resolution(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        code.line("/**")
        code.line(" * A whole URL resolved as `routelint resolve` does: a custom-scheme deep link, a universal link or a")
        code.line(" * bare path, with the tab it opens in (the `tab` query item, when it names a tab of the route's")
        code.line(" * activity) and the other query items.")
        code.line(" */")
        code.block(
            "data class RouteLink(val route: Route, val tab: Tab?, val query: List<QueryItem>, private val requestedTab: Tab? = null)"
        ) { code in
            code.line("val activity: Activity? get() = route.activity")
            code.line()
            code.line(
                "/** What opening the link does: the route's plan in the tab the link names; [flags] says whether a feature flag is on. */")
            code.line("fun plan(flags: (String) -> Boolean = { true }): NavigationPlan? = route.plan(requestedTab, flags)")
            code.line()
            code.line("data class QueryItem(val name: String, val value: String)")
            code.line()
            code.block("companion object") { code in
                code.line("/** The URL schemes and universal-link hosts the app declares. */")
                code.line("val schemes: Set<String> = setOf(\(blueprint.schemes.map { literal($0.lowercased()) }.joined(separator: ", ")))")
                code.line("val hosts: List<String> = listOf(\(blueprint.hosts.map { literal($0.lowercased()) }.joined(separator: ", ")))")
                code.line()
                code.block("fun fromUrl(url: String): RouteLink?") { code in
                    code.line("val parts = RouteUrl.parse(url) ?: return null")
                    code.line("if (!parts.belongs(schemes, hosts)) return null")
                    code.line("val route = Route.matching(parts.path, parts.query) ?: return null")
                    code.line("// An in-app route opens from the app's own navigation only: not from a link with a scheme or host.")
                    code.line("if (parts.scheme != null && RouteTables.rows[route.ordinal].isInApp) return null")
                    code.line("val items = parts.query.map { QueryItem(it.first, it.second) }")
                    code.line(
                        "val requested = items.firstOrNull { it.name == \"tab\" }?.let { item -> RouteTables.tabs.firstOrNull { it.id == item.value } }"
                    )
                    code.block("return if (requested != null && requested.activity == route.activity)") { code in
                        code.line("RouteLink(route, requested, items.filter { it.name != \"tab\" }, requested)")
                    }
                    code.block("else") { code in
                        code.line("RouteLink(route, route.tab, items)")
                    }
                }
            }
        }
    }

    /// The route table and the trie, as text the runtime reads once.
    private static func tables(_ blueprint: RouterBlueprint, _ code: inout CodeWriter) {
        code.line("/** What the manifest says of each route, and the trie of their paths. */")
        code.block("internal object RouteTables") { code in
            code.line("/** The values of each listed kind, in canonical form. */")
            code.line("val listed: List<Set<String>> = RouteRow.listed(\(chunks(blueprint.valueTable.joined(separator: "\n"))))")
            code.line("val rows: List<RouteRow> = RouteRow.rows(\(chunks(blueprint.routeTable.joined(separator: "\n"))), listed)")
            code.line("val trie: RouteTrie = RouteTrie(")
            let rows = { (lists: [[Int]]) in chunks(lists.map { $0.map(String.init).joined(separator: " ") }.joined(separator: ",")) }
            code.line(code.unit + rows(blueprint.trie.exact) + ",")
            code.line(code.unit + rows(blueprint.trie.rest) + ",")
            code.line(
                code.unit + chunks(blueprint.trie.literals.map { "\($0.node)/\($0.segment)/\($0.child)" }.joined(separator: "\n")) + ",")
            code.line(
                code.unit + chunks(blueprint.trie.parameters.map { "\($0.node)/\($0.kind.tableCode)/\($0.child)" }.joined(separator: "\n"))
                    + ","
            )
            code.line(code.unit + "listed")
            code.line(")")
            code.line("/** By id. */")
            code.line(
                "val ordinals: Map<String, Int> = rows.withIndex().filter { it.value.aliasOf < 0 }.associate { it.value.id to it.index }")
            code.line("/** Each tab's root and activity, by position. */")
            code.line(
                "val tabRoots: List<Int> = listOf(\(blueprint.tabs.map { String(blueprint.routeIndex[$0.root] ?? 0) }.joined(separator: ", ")))"
            )
            let activityPositions = Dictionary(
                blueprint.activities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            code.line(
                "val tabActivities: List<Int> = listOf(\(blueprint.tabs.map { String(activityPositions[$0.activity] ?? -1) }.joined(separator: ", ")))"
            )
            code.line("/** The tabs' positions by index: the order a plan tries their roots in. */")
            code.line("val tabOrder: List<Int> = listOf(\(blueprint.tabOrder.map(String.init).joined(separator: ", ")))")
            code.line("val activities: List<Activity> = Activity.values().toList()")
            code.line("val tabs: List<Tab> = Tab.values().toList()")
            code.line("val holderKinds: List<HolderKind> = HolderKind.values().toList()")
        }
    }

    /// `arrayOf("…", "…")`: text in string constants small enough for the class file's limit.
    private static func chunks(_ text: String) -> String {
        var pieces: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if current.utf8.count >= 8000 {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return "arrayOf(" + pieces.map(literal).joined(separator: ", ") + ")"
    }

    /// A Kotlin string literal of `text`, escaped (`$` too, which would start a template).
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "$": escaped += "\\$"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || !scalar.isASCII:
                if scalar.value > 0xFFFF {
                    // Outside the Basic Multilingual Plane: a surrogate pair of UTF-16 escapes.
                    let value = scalar.value - 0x10000
                    escaped += utf16Escape(0xD800 + (value >> 10)) + utf16Escape(0xDC00 + (value & 0x3FF))
                } else {
                    escaped += utf16Escape(scalar.value)
                }
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    // MARK: - Holders.kt

    private static func holders(_ blueprint: RouterBlueprint) -> String {
        var code = CodeWriter()
        let holders = blueprint.holders
        let typeParameters =
            holders.isEmpty || blueprint.holderTypes == .named ? "" : "<" + holders.map(\.typeName).joined(separator: ", ") + ">"
        code.line("/** The holders of the manifest: what owns a route's ViewModel and DI scope. */")
        code.block("enum class HolderKind(val id: String)") { code in
            for (position, holder) in holders.enumerated() {
                code.line("\(entry(holder.memberName))(\(literal(holder.name)))" + (position == holders.count - 1 ? ";" : ","))
            }
            if holders.isEmpty { code.line(";") }
        }
        code.line()
        code.raw(
            """
            /** Where the registry keeps a holder: its kind and the key of its scope. */
            internal data class HolderSlot(val kind: HolderKind, val scope: Scope) {
                sealed class Scope {
                    data class OfRoute(val route: Route) : Scope()
                    data class OfTab(val tab: Tab?) : Scope()
                    data class OfActivity(val activity: Activity?) : Scope()
                    object OfApp : Scope()
                }
            }

            """)
        code.line()
        switch blueprint.holderTypes {
        case .generic: code.line("/** Creates the app's holders; each type parameter is the app's own holder type. */")
        case .named: code.line("/** Creates the app's holders: each is the app's own type of the holder's name, in this package. */")
        }
        code.block("interface HolderFactory\(typeParameters)") { code in
            for holder in holders {
                let arguments =
                    holder.parameters.map { "\(name($0.codeName)): \(type($0, blueprint))" }
                    + (holder.parent.map { ["parent: \(blueprint.holder($0)!.typeName)"] } ?? [])
                code.line("fun make\(holder.typeName)(\(arguments.joined(separator: ", "))): \(holder.typeName)")
            }
            code.line()
            code.line("/** Called when the registry lets a holder go: close its DI scope here (with Koin, `scope.close()`). */")
            code.line("fun release(kind: HolderKind, holder: Any?)")
        }
        code.line()
        code.line("/**")
        code.line(" * Creates holders lazily, one per key of their scope (a route value, the route's tab or activity, the")
        code.line(" * app), parents first, and lets go of those whose routes are no longer active, as a")
        code.line(" * `ViewModelStoreOwner` with its DI scope does.")
        code.line(" */")
        code.block("class HolderRegistry\(typeParameters)(val factory: HolderFactory\(typeParameters))") { code in
            HolderRegistryWriter.body(blueprint, KotlinRegistrySpelling(blueprint: blueprint), &code)
        }
        return code.text
    }

    /// Holders per function of the general accessor's dispatch.
    static let dispatchChunk = 512
}

/// The Kotlin of the holder registry.
private struct KotlinRegistrySpelling: RegistrySpelling {
    let blueprint: RouterBlueprint

    func storage(_ holders: [RouterBlueprint.HolderEntry]) -> [String] {
        // One map for every holder: a class of a thousand map properties exhausts kotlinc's
        // default heap. A holder is read back as the type its kind was made with.
        ["private val instances = HashMap<HolderSlot, Any?>()"]
    }

    func generalAccessor(_ holders: [RouterBlueprint.HolderEntry]) -> [String] {
        // Split as `make` is: a `when` per chunk of holders keeps each method far from 64 KB.
        let chunk = KotlinGenerator.dispatchChunk
        let starts = Array(stride(from: 0, to: holders.count, by: chunk))
        var lines = ["fun holder(route: Route): Any? = when (route.holderPosition / \(chunk)) {"]
        lines += starts.indices.map { "    \($0) -> holder\($0)(route)" }
        lines += ["    else -> null", "}"]
        for (number, start) in starts.enumerated() {
            lines += ["", "private fun holder\(number)(route: Route): Any? = when (route.holderPosition) {"]
            for position in start..<min(start + chunk, holders.count) {
                lines.append("    \(position) -> \(holders[position].memberName)Instance(route)")
            }
            lines += ["    else -> null", "}"]
        }
        return lines
    }

    func typedAccessor(_ route: RouterBlueprint.RouteEntry, _ holder: RouterBlueprint.HolderEntry) -> [String] {
        documentation(["The holder of route '\(route.id)' (\(holder.name)), created with its parents when it does not exist yet."])
            + ["fun holder(route: Route.\(KotlinGenerator.className(route))): \(holder.typeName) = \(holder.memberName)Instance(route)"]
    }

    func instance(_ holder: RouterBlueprint.HolderEntry, position: Int, arguments: [String], usesRoute: Bool) -> [String] {
        let parameter = usesRoute ? "route: Route" : "@Suppress(\"UNUSED_PARAMETER\") route: Route"
        let slot =
            "HolderSlot(HolderKind.\(KotlinGenerator.entry(holder.memberName)), \(Self.scopeKey(holder.scope, holder.scope.registryKey)))"
        return [
            "private fun \(holder.memberName)Instance(\(parameter)): \(holder.typeName) =",
            "    instance(\(slot)) { factory.make\(holder.typeName)(\(arguments.joined(separator: ", "))) }",
        ]
    }

    var helpers: [String] {
        [
            "/** The holder in `slot`, made and kept there when there is none: read back as the type its kind was made with. */",
            "@Suppress(\"UNCHECKED_CAST\")",
            "private inline fun <T> instance(slot: HolderSlot, make: () -> T): T {",
            "    if (instances.containsKey(slot)) return instances[slot] as T",
            "    val created = make()",
            "    instances[slot] = created",
            "    return created",
            "}",
        ]
    }

    func argument(_ parameter: RouterBlueprint.Parameter) -> String {
        // A route's argument is the text of its typed value, which reads back: the fallback of
        // a listed value (its first) and of an `int` (0) is never taken.
        let text = "route.argument(\(KotlinGenerator.literal(parameter.name)))"
        let fallback: String
        switch parameter.kind {
        case .listed(let index):
            fallback = "\(blueprint.valueEnums[index].typeName).\(KotlinGenerator.entry(blueprint.valueEnums[index].caseNames[0]))"
        default: fallback = "0L"
        }
        return KotlinGenerator.value(of: text, parameter, blueprint, fallback: fallback)
    }

    func parent(_ parent: RouterBlueprint.HolderEntry) -> String { "\(parent.memberName)Instance(route)" }

    var cleanup: String { "fun cleanup(activeRoutes: Set<Route>)" }

    func cleanupBody(_ holders: [RouterBlueprint.HolderEntry]) -> [String] {
        [
            "val activeTabs = activeRoutes.map { it.tab }.toSet()",
            "val activeActivities = activeRoutes.map { it.activity }.toSet()",
            "for (slot in instances.keys.toList()) {",
            "    val scope = slot.scope",
            "    val isActive = when (scope) {",
            "        is HolderSlot.Scope.OfRoute -> scope.route in activeRoutes",
            "        is HolderSlot.Scope.OfTab -> scope.tab in activeTabs",
            "        is HolderSlot.Scope.OfActivity -> scope.activity in activeActivities",
            "        is HolderSlot.Scope.OfApp -> true",
            "    }",
            "    if (!isActive) factory.release(slot.kind, instances.remove(slot))",
            "}",
        ]
    }

    func documentation(_ lines: [String]) -> [String] {
        lines.count == 1 ? ["/** \(lines[0]) */"] : ["/**"] + lines.map { " * " + $0 } + [" */"]
    }

    /// The key of a holder's scope as a `HolderSlot.Scope`.
    private static func scopeKey(_ scope: HolderScope, _ key: String) -> String {
        switch scope {
        case .route: return "HolderSlot.Scope.OfRoute(\(key))"
        case .tab: return "HolderSlot.Scope.OfTab(\(key))"
        case .activity: return "HolderSlot.Scope.OfActivity(\(key))"
        case .app: return "HolderSlot.Scope.OfApp"
        }
    }
}

extension CodeWriter {
    /// A Kotlin property that is a `when` over an enum's entries.
    mutating func whenProperty(_ declaration: String, _ cases: [(entry: String, value: String)]) {
        // An enum of no entries (an app without tabs): no `when` is exhaustive over none, and an
        // abstract member is one that no entry has to give.
        guard !cases.isEmpty else {
            line("abstract " + declaration)
            line()
            return
        }
        line(declaration)
        line(unit + "get() = when (this) {")
        for (entry, value) in cases { line(unit + unit + "\(entry) -> \(value)") }
        line(unit + "}")
        line()
    }
}

/// `\uXXXX` for a UTF-16 code unit.
private func utf16Escape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
