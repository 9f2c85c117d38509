/// Writes a routing plan as Kotlin that the Kotlin 1.3 compiler takes: `Routes.kt` (the
/// sealed route class, URL matching and resolution, tabs and activities) and `Holders.kt`
/// (the holder factory and registry). Large tables are strings read once at start-up, and
/// large `when`s are split, so no method nears the JVM's 64 KB limit at thousands of routes.
enum KotlinGenerator {
    static func files(_ plan: RoutingPlan, package: String, header: String) -> [GeneratedFile] {
        let packageLine = "package \(package)\n\n"
        return [
            GeneratedFile(name: "Routes.kt", contents: header + packageLine + routes(plan)),
            GeneratedFile(name: "Holders.kt", contents: header + packageLine + holders(plan)),
        ]
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
        "id", "path", "parameters", "activity", "tab", "presentation", "requiresAuth", "holderKind",
        "component1", "copy", "equals", "hashCode", "toString",
    ]
    private static let enumMembers: Set<String> = [
        "id", "title", "icon", "index", "activity", "root", "defaultTab", "tabs",
        "name", "ordinal", "values", "valueOf", "Companion",
    ]
    /// Names a nested route class may not take: they would hide the types the code uses.
    private static let typeNames: Set<String> = [
        "String", "Int", "Boolean", "Any", "Unit", "Nothing", "List", "Map", "Companion",
        "Route", "Tab", "Activity", "Presentation", "HolderKind", "RoutePath", "RouteTrie",
    ]

    /// The nested class of a route.
    static func className(_ route: RoutingPlan.RouteEntry) -> String {
        let upper = Identifier.upperCamel(route.caseName)
        return typeNames.contains(upper) ? upper + "Route" : upper
    }

    /// A route class's property for a parameter.
    static func property(_ parameter: RoutingPlan.Parameter) -> String {
        name(routeMembers.contains(parameter.codeName) ? parameter.codeName + "Value" : parameter.codeName)
    }

    /// An entry of `Tab`, `Activity` or `HolderKind`.
    static func entry(_ caseName: String) -> String {
        name(enumMembers.contains(caseName) ? caseName + "Value" : caseName)
    }

    // MARK: - Routes.kt

    private static func routes(_ plan: RoutingPlan) -> String {
        var code = CodeWriter()
        code.line("/** A route of the app: an object per route without parameters, a data class per route with some. */")
        code.block("sealed class Route") { code in
            code.line("/** The route's id in the manifest. */")
            code.line("abstract val id: String")
            code.line("/** The URL path of this route value, parameters percent-encoded; null for a route without a path. */")
            code.line("abstract val path: String?")
            code.line("/** The path parameters, by their names in the manifest, decoded. */")
            code.line("abstract val parameters: Map<String, String>")
            code.line("abstract val activity: Activity?")
            code.line("/** The tab the route opens in when a link names none. */")
            code.line("abstract val tab: Tab?")
            code.line("abstract val presentation: Presentation")
            code.line("abstract val requiresAuth: Boolean")
            code.line("abstract val holderKind: HolderKind")
            for route in plan.routes {
                code.line()
                let declaration =
                    route.parameters.isEmpty
                    ? "object \(className(route)) : Route()"
                    : "data class \(className(route))(" + route.parameters.map { "val \(property($0)): String" }.joined(separator: ", ")
                        + ") : Route()"
                code.block(declaration) { code in
                    code.line("override val id: String get() = \(literal(route.id))")
                    let path = route.path.map { pieces in
                        RoutingPlan.pathExpression(pieces, literal: literal) { "RoutePath.encode(\(property(route.parameters[$0])))" }
                    }
                    code.line("override val path: String? get() = \(path ?? "null")")
                    let pairs = route.parameters.map { "\(literal($0.name)) to \(property($0))" }
                    code.line(
                        "override val parameters: Map<String, String> get() = "
                            + (pairs.isEmpty ? "emptyMap()" : "mapOf(\(pairs.joined(separator: ", ")))"))
                    code.line(
                        "override val activity: Activity? get() = \(route.activity.flatMap(plan.activity).map { "Activity.\(entry($0.caseName))" } ?? "null")"
                    )
                    code.line("override val tab: Tab? get() = \(route.tab.flatMap(plan.tab).map { "Tab.\(entry($0.caseName))" } ?? "null")")
                    code.line("override val presentation: Presentation get() = Presentation.\(route.presentation.rawValue.uppercased())")
                    code.line("override val requiresAuth: Boolean get() = \(route.requiresAuth)")
                    code.line("override val holderKind: HolderKind get() = HolderKind.\(entry(plan.holder(route.holder)!.memberName))")
                }
            }
            code.line()
            code.block("companion object") { code in
                code.line("/** The route a URL path opens (percent-encoded, without query): the most specific match. */")
                code.block("fun fromPath(path: String): Route?") { code in
                    code.line("val segments = RoutePath.segments(path) ?: return null")
                    code.line("val match = RouteTrie.match(segments) ?: return null")
                    code.line("return make(match, segments)")
                }
                // One `when` of every route would pass the JVM's method size at a few thousand.
                let chunks = stride(from: 0, to: plan.routes.count, by: chunkSize).map { $0 }
                code.line()
                code.block("private fun make(index: Int, segments: List<RoutePath.Segment>): Route?") { code in
                    code.block("return when (index / \(chunkSize))") { code in
                        for (number, _) in chunks.enumerated() { code.line("\(number) -> make\(number)(index, segments)") }
                        code.line("else -> null")
                    }
                }
                for (number, start) in chunks.enumerated() {
                    code.line()
                    code.block("private fun make\(number)(index: Int, segments: List<RoutePath.Segment>): Route?") { code in
                        code.block("return when (index)") { code in
                            for index in start..<min(start + chunkSize, plan.routes.count) {
                                let route = plan.routes[index]
                                guard let pieces = route.path else { continue }
                                let arguments = pieces.enumerated().compactMap { position, piece -> String? in
                                    if case .parameter = piece { return "segments[\(position)].decoded" }
                                    return nil
                                }
                                code.line(
                                    "\(index) -> \(className(route))"
                                        + (route.parameters.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"))
                            }
                            code.line("else -> null")
                        }
                    }
                }
            }
        }
        code.line()
        code.line("/** How a route is shown. */")
        code.block("enum class Presentation") { code in code.line("PUSH, SHEET, FULLSCREEN") }
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

    /// Routes per `make` function.
    private static let chunkSize = 256

    private static func tabsAndActivities(_ plan: RoutingPlan, _ code: inout CodeWriter) {
        code.line("/** A tab of a tab bar. */")
        code.block("enum class Tab(val id: String, val title: String, val icon: String, val index: Int)") { code in
            for (position, tab) in plan.tabs.enumerated() {
                code.line(
                    "\(entry(tab.caseName))(\(literal(tab.name)), \(literal(tab.title)), \(literal(tab.icon)), \(tab.index))"
                        + (position == plan.tabs.count - 1 ? ";" : ","))
            }
            if plan.tabs.isEmpty {
                code.line(";")
                return
            }
            code.line()
            code.whenProperty(
                "val activity: Activity",
                plan.tabs.map { tab in (entry(tab.caseName), "Activity.\(entry(plan.activity(tab.activity)!.caseName))") })
            code.line("/** The route at the root of the tab's navigation stack. */")
            code.whenProperty(
                "val root: Route", plan.tabs.map { tab in (entry(tab.caseName), "Route.\(className(plan.route(id: tab.root)!))") })
        }
        code.line()
        code.line("/** An app context with its own tab set. */")
        code.block("enum class Activity(val id: String, val title: String, val icon: String?)") { code in
            for (position, activity) in plan.activities.enumerated() {
                code.line(
                    "\(entry(activity.caseName))(\(literal(activity.name)), \(literal(activity.title)), \(activity.icon.map(literal) ?? "null"))"
                        + (position == plan.activities.count - 1 ? ";" : ","))
            }
            if plan.activities.isEmpty {
                code.line(";")
                return
            }
            code.line()
            code.line("/** The tab shown when switching to the activity. */")
            code.whenProperty(
                "val defaultTab: Tab?",
                plan.activities.map { activity in
                    (entry(activity.caseName), activity.defaultTab.map { "Tab.\(entry(plan.tab($0)!.caseName))" } ?? "null")
                })
            code.line("/** Its tabs, in tab bar order. */")
            code.whenProperty(
                "val tabs: List<Tab>",
                plan.activities.map { activity in
                    (
                        entry(activity.caseName),
                        "listOf(" + activity.tabs.map { "Tab.\(entry(plan.tab($0)!.caseName))" }.joined(separator: ", ") + ")"
                    )
                })
        }
    }

    private static func resolution(_ plan: RoutingPlan, _ code: inout CodeWriter) {
        code.line("/**")
        code.line(" * A whole URL resolved as `routelint resolve` does: a custom-scheme deep link, a universal link or a")
        code.line(" * bare path, with the tab it opens in (the `tab` query item, when it names a tab of the route's")
        code.line(" * activity) and the other query items.")
        code.line(" */")
        code.block("data class RouteLink(val route: Route, val tab: Tab?, val query: List<QueryItem>)") { code in
            code.line("val activity: Activity? get() = route.activity")
            code.line()
            code.line("data class QueryItem(val name: String, val value: String)")
            code.line()
            code.block("companion object") { code in
                code.line("/** The URL schemes and universal-link hosts the app declares. */")
                code.line("val schemes: Set<String> = setOf(\(plan.schemes.map { literal($0.lowercased()) }.joined(separator: ", ")))")
                code.line("val hosts: List<String> = listOf(\(plan.hosts.map { literal($0.lowercased()) }.joined(separator: ", ")))")
                code.line()
                code.block("fun fromUrl(url: String): RouteLink?") { code in
                    code.line("val parts = RouteUrl.parse(url) ?: return null")
                    code.line("if (!parts.belongs(schemes, hosts)) return null")
                    code.line("val route = Route.fromPath(parts.path) ?: return null")
                    code.line(
                        "val requested = parts.query.firstOrNull { it.name == \"tab\" }?.let { item -> Tab.values().firstOrNull { it.id == item.value } }"
                    )
                    code.block("return if (requested != null && requested.activity == route.activity)") { code in
                        code.line("RouteLink(route, requested, parts.query.filter { it.name != \"tab\" })")
                    }
                    code.block("else") { code in
                        code.line("RouteLink(route, route.tab, parts.query)")
                    }
                }
            }
        }
    }

    private static func trie(_ plan: RoutingPlan, _ code: inout CodeWriter) {
        code.line("/** The routes' paths as a segment trie, by node: one walk matches a path, whatever the number of routes. */")
        code.block("internal object RouteTrie") { code in
            code.line("private val exact: IntArray = ints(\(chunks(plan.trie.exact.map(String.init).joined(separator: ","))))")
            code.line("private val rest: IntArray = ints(\(chunks(plan.trie.rest.map(String.init).joined(separator: ","))))")
            code.line("private val wildcard: IntArray = ints(\(chunks(plan.trie.wildcard.map(String.init).joined(separator: ","))))")
            code.line("/** \"node/segment\" to child, one edge per line, segments in canonical form. */")
            let edges = plan.trie.literals.map { "\($0.node)/\($0.segment)/\($0.child)" }.joined(separator: "\n")
            code.line("private val literals: Map<String, Int> = edges(\(chunks(edges)))")
            code.raw(trieWalk)
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

    private static let trieWalk = """

            private fun ints(chunks: Array<String>): IntArray =
                chunks.joinToString("").split(",").map { it.toInt() }.toIntArray()

            private fun edges(chunks: Array<String>): Map<String, Int> {
                val map = HashMap<String, Int>()
                val text = chunks.joinToString("")
                if (text.length == 0) return map
                for (line in text.split("\\n")) {
                    val slash = line.lastIndexOf('/')
                    map[line.substring(0, slash)] = line.substring(slash + 1).toInt()
                }
                return map
            }

            /**
             * The index of the most specific route whose path matches [segments]: at each node the
             * static child first, then the wildcard child, then a `**` ending here. With no
             * conflicting patterns, the first match found is the most specific one. Each step
             * takes one segment, so the depth of the walk is the index of the segment.
             */
            fun match(segments: List<RoutePath.Segment>): Int? {
                val nodes = IntArray(segments.size + 1)
                val steps = IntArray(segments.size + 1)
                var depth = 0
                while (depth >= 0) {
                    val node = nodes[depth]
                    if (depth == segments.size) {
                        depth--
                        if (exact[node] >= 0) return exact[node]
                        continue
                    }
                    val step = steps[depth]
                    steps[depth] = step + 1
                    when (step) {
                        0 -> {
                            val child = literals[node.toString() + "/" + segments[depth].canonical]
                            if (child != null) {
                                depth++
                                nodes[depth] = child
                                steps[depth] = 0
                            }
                        }
                        1 -> if (wildcard[node] >= 0) {
                            depth++
                            nodes[depth] = wildcard[node]
                            steps[depth] = 0
                        }
                        else -> {
                            depth--
                            if (rest[node] >= 0) return rest[node]
                        }
                    }
                }
                return null
            }

        """

    private static let pathSupport = """
        /** URL paths split, decoded and re-encoded as the manifest's patterns are compared. */
        internal object RoutePath {
            class Segment(
                /** The segment's bytes, percent-decoded, as text. */
                val decoded: String,
                /** Percent-decoded, then every byte that is not a path character re-encoded as %XX. */
                val canonical: String
            )

            private const val PATH_CHARACTERS = "-._~!$&'()+,;="
            private const val HEX = "0123456789ABCDEF"

            /** The segments of a path starting with "/" (one trailing "/" ignored); null for an empty segment or a bad "%". */
            fun segments(path: String): List<Segment>? {
                if (!path.startsWith("/")) return null
                val pieces = path.substring(1).split("/").toMutableList()
                if (pieces.last().length == 0) pieces.removeAt(pieces.size - 1)
                val segments = ArrayList<Segment>(pieces.size)
                for (piece in pieces) {
                    if (piece.length == 0) return null
                    val bytes = decode(piece) ?: return null
                    segments.add(Segment(String(bytes, Charsets.UTF_8), encode(bytes)))
                }
                return segments
            }

            fun decode(text: String): ByteArray? {
                val input = text.toByteArray(Charsets.UTF_8)
                val output = java.io.ByteArrayOutputStream(input.size)
                var index = 0
                while (index < input.size) {
                    val byte = input[index]
                    if (byte != '%'.toByte()) {
                        output.write(byte.toInt())
                        index++
                        continue
                    }
                    if (index + 2 >= input.size) return null
                    val high = hexValue(input[index + 1])
                    val low = hexValue(input[index + 2])
                    if (high < 0 || low < 0) return null
                    output.write(high * 16 + low)
                    index += 3
                }
                return output.toByteArray()
            }

            /** A parameter value as a path segment: every byte that is not a path character as %XX. */
            fun encode(value: String): String = encode(value.toByteArray(Charsets.UTF_8))

            fun encode(bytes: ByteArray): String {
                val text = StringBuilder(bytes.size)
                for (byte in bytes) {
                    val value = byte.toInt() and 0xFF
                    val character = value.toChar()
                    if (value < 0x80 && (character.isLetterOrDigit() || PATH_CHARACTERS.indexOf(character) >= 0 || character == '@')) {
                        text.append(character)
                    } else {
                        text.append('%').append(HEX[value shr 4]).append(HEX[value and 0xF])
                    }
                }
                return text.toString()
            }

            private fun hexValue(byte: Byte): Int {
                val character = byte.toChar()
                return when (character) {
                    in '0'..'9' -> character - '0'
                    in 'a'..'f' -> character - 'a' + 10
                    in 'A'..'F' -> character - 'A' + 10
                    else -> -1
                }
            }
        }

        /** A URL taken apart as `routelint resolve` does. */
        internal class RouteUrl(
            /** Lower-cased; null for a bare path. */
            val scheme: String?,
            /** Lower-cased; set for http and https only. */
            val host: String?,
            val path: String,
            val query: List<RouteLink.QueryItem>
        ) {
            /** Whether the app declares the URL's host or scheme; a bare path belongs to every app. */
            fun belongs(schemes: Set<String>, hosts: List<String>): Boolean {
                if (host != null) {
                    return hosts.any { declared ->
                        if (declared.startsWith("*.")) host.endsWith(declared.substring(1)) && host.length > declared.length - 1
                        else host == declared
                    }
                }
                if (scheme != null) return scheme in schemes
                return true
            }

            companion object {
                fun parse(url: String): RouteUrl? {
                    var rest = url
                    val hash = rest.indexOf('#')
                    if (hash >= 0) rest = rest.substring(0, hash)
                    var queryText = ""
                    val question = rest.indexOf('?')
                    if (question >= 0) {
                        queryText = rest.substring(question + 1)
                        rest = rest.substring(0, question)
                    }
                    var scheme: String? = null
                    var host: String? = null
                    var path: String
                    val colon = rest.indexOf(':')
                    if (rest.startsWith("/")) {
                        path = rest
                    } else if (colon >= 0 && rest.startsWith("://", colon)) {
                        val name = rest.substring(0, colon).toLowerCase(java.util.Locale.ROOT)
                        if (name.length == 0 || !isAsciiLetter(name[0]) || !name.all { isAsciiLetter(it) || it in '0'..'9' || it in "+-." }) return null
                        scheme = name
                        val afterScheme = rest.substring(colon + 3)
                        if (name == "http" || name == "https") {
                            val slash = afterScheme.indexOf('/')
                            val authorityEnd = if (slash >= 0) slash else afterScheme.length
                            var authority = afterScheme.substring(0, authorityEnd)
                            val at = authority.lastIndexOf('@')
                            if (at >= 0) authority = authority.substring(at + 1)
                            val port = authority.lastIndexOf(':')
                            if (port >= 0) authority = authority.substring(0, port)
                            host = authority.toLowerCase(java.util.Locale.ROOT)
                            path = afterScheme.substring(authorityEnd)
                            if (path.length == 0) path = "/"
                        } else {
                            // In a custom-scheme deep link, what stands where a host would is the first segment.
                            path = if (afterScheme.startsWith("/")) afterScheme else "/" + afterScheme
                        }
                    } else {
                        return null
                    }
                    val query = ArrayList<RouteLink.QueryItem>()
                    for (item in queryText.split("&")) {
                        if (item.length == 0) continue
                        val equals = item.indexOf('=')
                        val name = if (equals >= 0) item.substring(0, equals) else item
                        val value = if (equals >= 0) item.substring(equals + 1) else ""
                        query.add(RouteLink.QueryItem(decodeText(name), decodeText(value)))
                    }
                    return RouteUrl(scheme, host, path, query)
                }

                private fun isAsciiLetter(character: Char): Boolean = character in 'a'..'z' || character in 'A'..'Z'

                private fun decodeText(text: String): String =
                    RoutePath.decode(text)?.let { String(it, Charsets.UTF_8) } ?: text
            }
        }

        """

    // MARK: - Holders.kt

    private static func holders(_ plan: RoutingPlan) -> String {
        var code = CodeWriter()
        let holders = plan.holders
        let typeParameters = holders.isEmpty ? "" : "<" + holders.map(\.typeName).joined(separator: ", ") + ">"
        code.line("/** The holders of the manifest: what owns a route's ViewModel and DI scope. */")
        code.block("enum class HolderKind(val id: String)") { code in
            for (position, holder) in holders.enumerated() {
                code.line("\(entry(holder.memberName))(\(literal(holder.name)))" + (position == holders.count - 1 ? ";" : ","))
            }
            if holders.isEmpty { code.line(";") }
        }
        code.line()
        code.line("/** Creates the app's holders; each type parameter is the app's own holder type. */")
        code.block("interface HolderFactory\(typeParameters)") { code in
            for holder in holders {
                let arguments =
                    holder.parameters.map { "\(name($0.codeName)): String" }
                    + (holder.parent.map { ["parent: \(plan.holder($0)!.typeName)"] } ?? [])
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
            for holder in holders {
                code.line("private val \(holder.memberName)Store = HashMap<\(kotlinKey(holder.scope)), \(holder.typeName)>()")
            }
            code.line()
            code.line("/** The holder of a route, created with its parents when it does not exist yet. */")
            code.block("fun holder(route: Route): Any?") { code in
                code.block("return when (route)") { code in
                    for route in plan.routes {
                        code.line("is Route.\(className(route)) -> \(plan.holder(route.holder)!.memberName)Instance(route)")
                    }
                    if plan.routes.isEmpty { code.line("else -> null") }
                }
            }
            for holder in holders {
                code.line()
                // An app-scoped holder with no params and no parent needs nothing of the route.
                let needsRoute = holder.scope != .app || !holder.parameters.isEmpty || holder.parent != nil
                let parameter = needsRoute ? "route: Route" : "@Suppress(\"UNUSED_PARAMETER\") route: Route"
                code.block("private fun \(holder.memberName)Instance(\(parameter)): \(holder.typeName)") { code in
                    code.line("val key = \(holder.scope.registryKey)")
                    code.line("if (\(holder.memberName)Store.containsKey(key)) return \(holder.memberName)Store.getValue(key)")
                    let routes = plan.routes.filter { plan.holderChain($0.holder).contains(holder.name) }
                    var arguments = holder.parameters.map { "values[\(literal($0.name))] ?: \"\"" }
                    if let parent = holder.parent { arguments.append("\(plan.holder(parent)!.memberName)Instance(route)") }
                    if !holder.parameters.isEmpty {
                        code.block("val values: Map<String, String> = when (route)") { code in
                            for route in routes {
                                let pairs = route.parameters.map { "\(literal($0.name)) to route.\(property($0))" }
                                code.line("is Route.\(className(route)) -> mapOf(\(pairs.joined(separator: ", ")))")
                            }
                            code.line("else -> emptyMap()")
                        }
                    }
                    code.line("val created = factory.make\(holder.typeName)(\(arguments.joined(separator: ", ")))")
                    code.line("\(holder.memberName)Store[key] = created")
                    code.line("return created")
                }
            }
            code.line()
            code.line("/**")
            code.line(" * Lets go of the holders no active route needs: route-scoped ones of inactive routes, tab- and")
            code.line(" * activity-scoped ones of tabs and activities no active route is in. App-scoped ones stay.")
            code.line(" */")
            code.block("fun cleanup(activeRoutes: Set<Route>)") { code in
                if holders.contains(where: { $0.scope == .tab }) { code.line("val activeTabs = activeRoutes.map { it.tab }.toSet()") }
                if holders.contains(where: { $0.scope == .activity }) {
                    code.line("val activeActivities = activeRoutes.map { it.activity }.toSet()")
                }
                for holder in holders where holder.scope != .app {
                    let active = holder.scope == .route ? "activeRoutes" : holder.scope == .tab ? "activeTabs" : "activeActivities"
                    code.block("for (key in \(holder.memberName)Store.keys.filter { it !in \(active) })") { code in
                        code.line("factory.release(HolderKind.\(entry(holder.memberName)), \(holder.memberName)Store.remove(key))")
                    }
                }
            }
        }
        return code.text
    }

    private static func kotlinKey(_ scope: HolderScope) -> String {
        switch scope {
        case .route: return "Route"
        case .tab: return "Tab?"
        case .activity: return "Activity?"
        case .app: return "Boolean"
        }
    }
}

extension CodeWriter {
    /// A Kotlin property that is a `when` over an enum's entries.
    mutating func whenProperty(_ declaration: String, _ cases: [(entry: String, value: String)]) {
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
