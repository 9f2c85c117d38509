// The support every app's generated routing code shares: URL paths taken apart and
// percent-coded as routelint compares them, the segment trie the routes are matched with, and
// the per-route table the generated types read. `routelint generate kotlin` copies this file
// beside `Routes.kt` and `Holders.kt`, in their package. It needs Kotlin 2.0 or later and only
// the common standard library, so that it builds for every Kotlin Multiplatform target: bytes
// and case are handled by hand rather than through the JVM's charsets and locales.

/** How a route is shown. */
enum class Presentation {
    PUSH, SHEET, FULLSCREEN
}

/**
 * What a path parameter or a query item accepts: any value (`s`), an integer (`i`: an optional
 * `-` then 1 to 18 ASCII digits), a UUID (`u`: 8-4-4-4-12 hexadecimal digits), or listed values
 * (`l` and the position of their set), as the generated tables write it.
 */
internal class RouteValueKind(code: String, listed: List<Set<String>>) {
    private val letter: Char = if (code.length > 0) code[0] else 's'
    private val values: Set<String> = if (letter == 'l') listed.getOrNull(code.substring(1).toIntOrNull() ?: -1) ?: emptySet() else emptySet()

    /** Whether a non-empty value, decoded ([value]) and in canonical form, is of the kind. */
    fun accepts(value: String, canonical: String): Boolean = when (letter) {
        'l' -> canonical in values
        'i' -> {
            val digits = if (value.startsWith("-")) value.substring(1) else value
            digits.length in 1..18 && digits.all { it in '0'..'9' }
        }
        'u' -> value.length == 36 && value.indices.all { index ->
            if (index == 8 || index == 13 || index == 18 || index == 23) value[index] == '-'
            else value[index] in '0'..'9' || value[index] in 'a'..'f' || value[index] in 'A'..'F'
        }
        else -> true
    }
}

/**
 * A query item a route declares: its decoded name, kind (and the kind's code in the table, by
 * which a plan passes a value on), whether it is required, and its decoded default.
 */
internal class RouteQueryItem(
    val name: String, val kind: RouteValueKind, val kindCode: String, val isRequired: Boolean, val defaultValue: String?
)

/** A value of a route by name, with its kind's code: what a plan and a route's JSON carry. */
internal class RouteNamedValue(val name: String, val kind: String, val value: String)

/**
 * A route's row of the generated route table: what the manifest says of it, so that a route
 * class overrides two members instead of one per property.
 */
internal class RouteRow(
    /** The route's id in the manifest. */
    val id: String,
    /** The path's segments (a static segment, or null for the next parameter); null for no path. */
    val pattern: List<String?>?,
    /** The path parameters' names in the manifest, in path order. */
    val parameterNames: List<String>,
    /** The position of the route's activity and tab among the generated enums' entries, or -1. */
    val activity: Int,
    val tab: Int,
    val presentation: Presentation,
    val requiresAuth: Boolean,
    /** The position of the route's holder among `HolderKind`'s entries. */
    val holder: Int,
    val query: List<RouteQueryItem>,
    /** Of the routes a URL matches, the one of lowest rank is the most specific. */
    val rank: Int,
    /** The path parameters' kinds, as codes and as kinds. */
    val parameterKinds: List<String>,
    val parameterValueKinds: List<RouteValueKind>,
    /**
     * The rows of the routes it links to, in the order of their ids; of the route its `up` names
     * (one that links to it), or -1; of its fallback, or -1.
     */
    val links: List<Int>,
    val up: Int,
    val fallback: Int,
    /** Whether, presented, it holds routes pushed inside it. */
    val isStacked: Boolean,
    /** Its feature flag, decoded; null for none. */
    val feature: String?,
    /** Whether only the app's own navigation opens it: no link from outside does. */
    val isInApp: Boolean,
    /**
     * For the row of an alias (a former path that still opens a route, after every route's
     * row), the row of its route; -1 for a route's own row.
     */
    val aliasOf: Int
) {
    /**
     * The route's values by name, as a plan and the JSON of a route give them: the path
     * parameters, then the query items that have a value, each with its kind's code.
     */
    fun namedValues(arguments: List<String>): List<RouteNamedValue> {
        val values = ArrayList<RouteNamedValue>()
        for (index in parameterNames.indices) {
            values.add(RouteNamedValue(parameterNames[index], parameterKinds[index], arguments.getOrNull(index) ?: ""))
        }
        for (index in query.indices) {
            val value = arguments.getOrNull(parameterNames.size + index) ?: ""
            if (value.length > 0) values.add(RouteNamedValue(query[index].name, query[index].kindCode, value))
        }
        return values
    }

    /**
     * The arguments of a value of this route from values by name: null when a path parameter or
     * a required query item without a default has none, or a value is not of its kind.
     * [value] gives a value by name and kind code, null for none.
     */
    fun argumentsNamed(value: (String, String) -> String?): List<String>? {
        val arguments = ArrayList<String>()
        for (index in parameterNames.indices) {
            val text = value(parameterNames[index], parameterKinds[index])
            if (text == null || text.length == 0 || !parameterValueKinds[index].accepts(text, RoutePath.encode(text))) return null
            arguments.add(text)
        }
        for (item in query) {
            val text = value(item.name, item.kindCode) ?: item.defaultValue
            if (text != null && text.length > 0) {
                if (!item.kind.accepts(text, RoutePath.encode(text))) return null
                arguments.add(text)
            } else if (item.isRequired) {
                return null
            } else {
                arguments.add("")
            }
        }
        return arguments
    }

    /**
     * The URL of the route with these values (path parameters, then query items, each empty
     * for an absent optional), percent-encoded: the path, then the query items whose values
     * differ from their defaults.
     */
    fun path(arguments: List<String>): String? {
        val pattern = pattern ?: return null
        val path = StringBuilder()
        var next = 0
        for (piece in pattern) {
            path.append('/')
            if (piece != null) {
                path.append(piece)
            } else {
                path.append(RoutePath.encode(if (next < arguments.size) arguments[next] else ""))
                next++
            }
        }
        if (path.length == 0) path.append('/')
        var separator = '?'
        for (index in query.indices) {
            val value = arguments.getOrNull(parameterNames.size + index) ?: ""
            if (value.length == 0 || value == query[index].defaultValue) continue
            path.append(separator).append(RoutePath.encodeQuery(query[index].name)).append('=').append(RoutePath.encodeQuery(value))
            separator = '&'
        }
        return path.toString()
    }

    /** The path parameter values by their names in the manifest. */
    fun parameters(arguments: List<String>): Map<String, String> = parameterNames.zip(arguments).toMap()

    /** The value of the path parameter or query item [name]; empty when the route has none of that name, or the item is absent. */
    fun argument(name: String, arguments: List<String>): String {
        var index = parameterNames.indexOf(name)
        if (index < 0) {
            val item = query.indexOfFirst { it.name == name }
            if (item >= 0) index = parameterNames.size + item
        }
        return if (index >= 0 && index < arguments.size) arguments[index] else ""
    }

    /**
     * Whether a URL with these query items (decoded, in URL order) meets what the route asks of
     * each item it declares: its first value of the item's type, or the item absent (or empty)
     * where that is allowed.
     */
    fun accepts(items: List<Pair<String, String>>): Boolean = query.all { item ->
        val value = first(item.name, items)
        if (value == null) !item.isRequired else item.kind.accepts(value, RoutePath.encode(value))
    }

    /**
     * The decoded segments of a matched path that stand at the parameters, then the value of
     * each query item: its first non-empty value, else its default, else empty.
     */
    fun arguments(segments: List<RoutePath.Segment>, items: List<Pair<String, String>>): List<String> {
        val pattern = pattern ?: return emptyList()
        val values = ArrayList<String>()
        for (index in pattern.indices) {
            if (pattern[index] == null && index < segments.size) values.add(segments[index].decoded)
        }
        for (item in query) values.add(first(item.name, items) ?: item.defaultValue ?: "")
        return values
    }

    /** The first value of item [name], when it is not empty. */
    private fun first(name: String, items: List<Pair<String, String>>): String? {
        val value = items.firstOrNull { it.first == name }?.second ?: return null
        return if (value.length == 0) null else value
    }

    companion object {
        /**
         * The rows of a table: a line per route, its fields separated by tabs: id, pattern
         * (segments after "/", `:name:kind` a parameter; empty for no path), activity, tab
         * (positions, empty for none), presentation, requires-auth (`1` or `0`), holder (a
         * position), query items (`name:kind:required:default`, separated by "/"), rank, links
         * (positions separated by spaces), up (a position), stacked (`1` or `0`), feature (a
         * canonical segment), fallback (a position), in-app (`1`, or empty) and, on an alias's
         * row, the position of its route. [listed] are the values of each listed kind.
         */
        fun rows(chunks: Array<String>, listed: List<Set<String>>): List<RouteRow> {
            val rows = ArrayList<RouteRow>()
            for (line in chunks.joinToString("").split("\n")) {
                if (line.length == 0) continue
                val fields = line.split("\t")
                val field = { index: Int -> if (index < fields.size) fields[index] else "" }
                val names = ArrayList<String>()
                val kinds = ArrayList<String>()
                val pattern: List<String?>? = if (field(1).length == 0) null else field(1).split("/").filter { it.length > 0 }.map {
                    if (it.startsWith(":")) {
                        names.add(it.substring(1).substringBefore(':'))
                        kinds.add(it.substring(1).substringAfter(':', "s"))
                        null
                    } else {
                        it
                    }
                }
                val presentation = when (field(4)) {
                    "sheet" -> Presentation.SHEET
                    "fullscreen" -> Presentation.FULLSCREEN
                    else -> Presentation.PUSH
                }
                val query = field(7).split("/").filter { it.length > 0 }.map { item ->
                    val parts = item.split(":")
                    val part = { index: Int -> if (index < parts.size) parts[index] else "" }
                    RouteQueryItem(
                        RoutePath.decodedText(part(0)), RouteValueKind(part(1), listed), part(1), part(2) == "1",
                        if (part(3).length == 0) null else RoutePath.decodedText(part(3))
                    )
                }
                rows.add(
                    RouteRow(
                        field(0), pattern, names, field(2).toIntOrNull() ?: -1, field(3).toIntOrNull() ?: -1, presentation,
                        field(5) == "1", field(6).toIntOrNull() ?: 0, query, field(8).toIntOrNull() ?: 0,
                        kinds, kinds.map { RouteValueKind(it, listed) },
                        field(9).split(" ").mapNotNull { it.toIntOrNull() }, field(10).toIntOrNull() ?: -1,
                        field(13).toIntOrNull() ?: -1, field(11) == "1",
                        if (field(12).length == 0) null else RoutePath.decodedText(field(12)), field(14) == "1",
                        field(15).toIntOrNull() ?: -1
                    )
                )
            }
            return rows
        }

        /** The values of each listed kind: a line each, canonical values separated by "/". */
        fun listed(chunks: Array<String>): List<Set<String>> =
            chunks.joinToString("").split("\n").filter { it.length > 0 }.map { it.split("/").toSet() }
    }
}

/**
 * Navigation plans from the route table, as `routelint resolve --plan` makes them, by the
 * algorithm docs/code-generation.md writes out ("The stack search"): the tab the link names,
 * else the tab of the route's activity whose root builds a stack in the fewest links (ties to
 * the smaller index), else the route's own tab with the fallback stack; the stack along links
 * (the fewest, ties to the smaller sequence of ids), through routes whose values the link
 * carries by name and kind, each route whose `up` is honoured standing on it; presented routes
 * with what is pushed inside them, feature flags and sign-in.
 */
internal object RoutePlanner {
    /** A plan's routes as `make` builds them from a row and its arguments. */
    class Parts<V>(val activity: Int, val tab: Int) {
        val stack = ArrayList<V>()
        val presented = ArrayList<Presented<V>>()
        var requiresAuth = false
    }

    class Presented<V>(val value: V, val presentation: Presentation, val stacked: Boolean) {
        val stack = ArrayList<V>()
    }

    /**
     * The plan of the route of row [target] with [arguments], in tab [requestedTab] (a position,
     * or -1) when it is a tab of the route's activity; null when a feature is off without a
     * fallback that is on, or a route the plan must hold needs a value the link lacks.
     * [tabOrder] is the tabs' positions by index.
     */
    fun <V> plan(
        target: Int, arguments: List<String>, requestedTab: Int, rows: List<RouteRow>, tabRoots: List<Int>,
        tabActivities: List<Int>, tabOrder: List<Int>, isOn: (String) -> Boolean, make: (Int, List<String>) -> V?
    ): Parts<V>? {
        val carried = HashMap<String, RouteNamedValue>()
        for (value in rows[target].namedValues(arguments)) {
            if (value.value.length > 0 && !carried.containsKey(value.name)) carried[value.name] = value
        }
        val value = { name: String, kind: String -> carried[name]?.let { if (it.kind == kind) it.value else null } }
        // A route whose feature is off opens its fallback, with the link's values.
        var route = target
        var replaced = 0
        while (true) {
            val feature = rows[route].feature ?: break
            if (isOn(feature)) break
            val fallback = rows[route].fallback
            if (replaced >= rows.size || fallback < 0 || fallback >= rows.size) return null
            route = fallback
            replaced++
        }
        val search = StackSearch(rows) { row -> rows[row].argumentsNamed(value) != null }
        // A fallback that needs a value the link does not carry has no plan.
        if (!search.carries(route)) return null
        val activity = rows[route].activity
        val tab: Int
        val stack: List<Int>
        if (requestedTab >= 0 && requestedTab < tabActivities.size && tabActivities[requestedTab] == activity) {
            tab = requestedTab
            val root = tabRoots[requestedTab]
            stack = search.stack(root, route) ?: search.fallbackStack(root, route)
        } else {
            val chosen = search.tab(tabOrder.filter { it < tabActivities.size && tabActivities[it] == activity }, tabRoots, route)
            if (chosen != null) {
                tab = chosen.first
                stack = chosen.second
            } else {
                tab = rows[route].tab
                val root = if (tab >= 0 && tab < tabRoots.size) tabRoots[tab] else -1
                stack = if (root >= 0) search.fallbackStack(root, route) else listOf(route)
            }
        }
        val parts = Parts<V>(activity, tab)
        // A route whose feature is off is left out; the route opened stays.
        val path = stack.filter { row -> row == route || rows[row].feature.let { it == null || isOn(it) } }
        for ((index, row) in path.withIndex()) {
            val made = rows[row].argumentsNamed(value)?.let { make(row, it) } ?: return null
            if (rows[row].requiresAuth) parts.requiresAuth = true
            if (index > 0 && rows[row].presentation != Presentation.PUSH) {
                parts.presented.add(Presented(made, rows[row].presentation, rows[row].isStacked))
            } else if (parts.presented.isEmpty()) {
                parts.stack.add(made)
            } else {
                parts.presented[parts.presented.size - 1].stack.add(made)
            }
        }
        return parts
    }

    /** The stack search of one link (docs/code-generation.md, "The stack search"); [carries] says whether a stack may hold a row. */
    private class StackSearch(val rows: List<RouteRow>, val carries: (Int) -> Boolean) {
        /**
         * The row the `up` of [row] names when the link, from the tab whose root is [root], honours
         * it: it links to the route (the table writes only such an `up`), and it is the root or the
         * link carries its values; -1 otherwise.
         */
        fun honouredUp(row: Int, root: Int): Int {
            val up = rows[row].up
            return if (up >= 0 && up < rows.size && (up == root || carries(up))) up else -1
        }

        /** Of [tabs] (positions by index), the one whose root builds a stack to [target] in the fewest links, ties to the first. */
        fun tab(tabs: List<Int>, roots: List<Int>, target: Int): Pair<Int, List<Int>>? {
            var best: Pair<Int, List<Int>>? = null
            for (tab in tabs) {
                if (tab >= roots.size) continue
                val stack = stack(roots[tab], target) ?: continue
                if (best == null || stack.size < best.second.size) best = Pair(tab, stack)
            }
            return best
        }

        /**
         * The stack when no path from [root] leads to [target]: the stack to the target's honoured
         * `up` (or the root and that `up`) and the target; else the root and the target.
         */
        fun fallbackStack(root: Int, target: Int): List<Int> {
            if (target == root) return listOf(root)
            val up = honouredUp(target, root)
            if (up < 0) return listOf(root, target)
            return (stack(root, up) ?: listOf(root, up)) + target
        }

        /**
         * A breadth-first search by layers, each in the order of its paths' id sequences: a layer's
         * routes are visited in that order and each route's links are in the order of their ids (the
         * table writes them so), so the first parent found gives a route its smallest sequence. A
         * presented route that is not stacked holds no push; a route whose values the link does not
         * carry is not passed; a route whose `up` is honoured is entered from it alone. Null when no
         * path leads to [target].
         */
        fun stack(root: Int, target: Int): List<Int>? {
            if (target == root) return listOf(root)
            // Each row's parent on the search, -1 before it is reached.
            val parent = IntArray(rows.size) { -1 }
            parent[root] = root
            var layer = listOf(root)
            while (layer.isNotEmpty()) {
                val next = ArrayList<Int>()
                for (vertex in layer) {
                    val holdsPushes = rows[vertex].presentation == Presentation.PUSH || rows[vertex].isStacked || vertex == root
                    for (successor in rows[vertex].links) {
                        if (successor >= rows.size || parent[successor] >= 0) continue
                        if (!holdsPushes && rows[successor].presentation == Presentation.PUSH) continue
                        if (!carries(successor)) continue
                        val up = honouredUp(successor, root)
                        if (up >= 0 && up != vertex) continue
                        parent[successor] = vertex
                        next.add(successor)
                    }
                }
                if (parent[target] >= 0) {
                    val path = arrayListOf(target)
                    while (path.last() != root) path.add(parent[path.last()])
                    return path.reversed()
                }
                layer = next
            }
            return null
        }
    }
}

/**
 * Routes and plans as JSON text: compact, fields in the order docs/code-generation.md gives
 * them, strings escaped as kotlinx.serialization escapes them, so that both platforms write
 * the same bytes.
 */
internal object RouteJson {
    /** `"route":ID,"params":{NAME:VALUE,…}`: a route's fields, for its object or a presented one's. */
    fun routeFields(id: String, params: List<RouteNamedValue>): String =
        "\"route\":" + quoted(id) + ",\"params\":{" + params.joinToString(",") { quoted(it.name) + ":" + quoted(it.value) } + "}"

    /**
     * A JSON string: quote and backslash escaped, control characters as `\b`, `\t`, `\n`, `\f`,
     * `\r` or `\u00xx`, everything else as it is.
     */
    fun quoted(text: String): String {
        val result = StringBuilder("\"")
        for (character in text) {
            when {
                character == '"' -> result.append("\\\"")
                character == '\\' -> result.append("\\\\")
                character == '\b' -> result.append("\\b")
                character == '\t' -> result.append("\\t")
                character == '\n' -> result.append("\\n")
                character.code == 12 -> result.append("\\f")
                character == '\r' -> result.append("\\r")
                character.code < 0x20 -> result.append("\\u00").append(if (character.code < 0x10) "0" else "").append(character.code.toString(16))
                else -> result.append(character)
            }
        }
        return result.append('"').toString()
    }
}

/**
 * The routes' paths as a segment trie, by node (node 0 is the root). A walk follows, at each
 * node, the static child, every parameter child whose kind holds the segment, and a `**`
 * starting there; a node is reached at one depth only, so the walk visits each at most once,
 * whatever the number of routes. Built from its generated tables: two lists by node, separated
 * by commas, of rows separated by spaces (the routes whose path ends there, and whose `**`
 * starts below it); the static edges as "node/segment/child" lines, segments in canonical
 * form; the parameter edges as "node/kind/child" lines.
 */
internal class RouteTrie(
    exact: Array<String>, rest: Array<String>, edges: Array<String>, parameters: Array<String>, listed: List<Set<String>>
) {
    private val exact = rows(exact)
    private val rest = rows(rest)
    private val literals = HashMap<String, Int>()
    private val parameters = HashMap<Int, ArrayList<Pair<RouteValueKind, Int>>>()

    init {
        for (line in edges.joinToString("").split("\n")) {
            val slash = line.lastIndexOf('/')
            if (slash < 0) continue
            literals[line.substring(0, slash)] = line.substring(slash + 1).toIntOrNull() ?: continue
        }
        for (line in parameters.joinToString("").split("\n")) {
            val parts = line.split("/")
            if (parts.size != 3) continue
            val node = parts[0].toIntOrNull() ?: continue
            val child = parts[2].toIntOrNull() ?: continue
            this.parameters.getOrPut(node) { ArrayList() }.add(Pair(RouteValueKind(parts[1], listed), child))
        }
    }

    private fun rows(chunks: Array<String>): List<List<Int>> =
        chunks.joinToString("").split(",").map { node -> node.split(" ").mapNotNull { it.toIntOrNull() } }

    /**
     * The row of the most specific route that [segments] and the query [items] open: of the
     * routes whose path matches and whose query items the URL meets, the one of lowest rank.
     */
    fun match(segments: List<RoutePath.Segment>, items: List<Pair<String, String>>, rows: List<RouteRow>): Int? {
        var best = -1
        for (row in matches(segments)) {
            if (row >= rows.size || !rows[row].accepts(items)) continue
            if (best < 0 || rows[row].rank < rows[best].rank) best = row
        }
        return if (best < 0) null else best
    }

    /**
     * The row of the route that [segments] and the query [items] open, with its arguments:
     * matched through an alias, the alias's route, its path parameters in the order of the
     * route's path.
     */
    fun route(segments: List<RoutePath.Segment>, items: List<Pair<String, String>>, rows: List<RouteRow>): Pair<Int, List<String>>? {
        val matched = match(segments, items, rows) ?: return null
        val arguments = rows[matched].arguments(segments, items)
        val route = rows[matched].aliasOf
        if (route < 0 || route >= rows.size) return Pair(matched, arguments)
        val names = rows[matched].parameterNames
        val parameters = rows[route].parameterNames.map { name ->
            val position = names.indexOf(name)
            if (position >= 0) arguments[position] else ""
        }
        return Pair(route, parameters + arguments.drop(names.size))
    }

    /** The rows of every route whose path matches [segments], in no particular order. */
    fun matches(segments: List<RoutePath.Segment>): List<Int> {
        val found = ArrayList<Int>()
        val nodes = ArrayList<Int>()
        val depths = ArrayList<Int>()
        nodes.add(0)
        depths.add(0)
        while (nodes.size > 0) {
            val node = nodes.removeAt(nodes.size - 1)
            val index = depths.removeAt(depths.size - 1)
            if (node < 0 || node >= exact.size) continue
            if (index == segments.size) {
                found.addAll(exact[node])
                continue
            }
            found.addAll(rest[node])
            val segment = segments[index]
            val child = literals[node.toString() + "/" + segment.canonical]
            if (child != null) {
                nodes.add(child)
                depths.add(index + 1)
            }
            for (edge in parameters[node] ?: emptyList<Pair<RouteValueKind, Int>>()) {
                if (!edge.first.accepts(segment.decoded, segment.canonical)) continue
                nodes.add(edge.second)
                depths.add(index + 1)
            }
        }
        return found
    }
}

/** URL paths split, decoded and re-encoded as the manifest's patterns are compared. */
internal object RoutePath {
    class Segment(
        /** The segment's bytes, percent-decoded, as text. */
        val decoded: String,
        /** Percent-decoded, then every byte that is not a path character re-encoded as %XX. */
        val canonical: String
    )

    private const val PATH_CHARACTERS = "-._~!$&'()+,;=@"
    private const val PERCENT = '%'.code.toByte()
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
            segments.add(Segment(bytes.decodeToString(), encode(bytes)))
        }
        return segments
    }

    /** The bytes of percent-encoded text; null for a "%" that does not start an escape. */
    fun decode(text: String): ByteArray? {
        val input = text.encodeToByteArray()
        // Decoding only shortens: the input's size bounds the output's.
        val output = ByteArray(input.size)
        var count = 0
        var index = 0
        while (index < input.size) {
            val byte = input[index]
            if (byte != PERCENT) {
                output[count++] = byte
                index++
                continue
            }
            if (index + 2 >= input.size) return null
            val high = hexValue(input[index + 1])
            val low = hexValue(input[index + 2])
            if (high < 0 || low < 0) return null
            output[count++] = (high * 16 + low).toByte()
            index += 3
        }
        return output.copyOf(count)
    }

    /** A query item's name or value: every byte but letters, digits and -._~ as %XX. */
    fun encodeQuery(value: String): String {
        val text = StringBuilder()
        for (byte in value.encodeToByteArray()) {
            val code = byte.toInt() and 0xFF
            val character = Char(code)
            if (code < 0x80 && (character in 'a'..'z' || character in 'A'..'Z' || character in '0'..'9' || character in "-._~")) {
                text.append(character)
            } else {
                text.append('%').append(HEX[code shr 4]).append(HEX[code and 0xF])
            }
        }
        return text.toString()
    }

    /** Percent-encoded text decoded; as it is when a "%" does not start an escape. */
    fun decodedText(text: String): String = decode(text)?.decodeToString() ?: text

    /** A parameter value as a path segment: every byte that is not a path character as %XX. */
    fun encode(value: String): String = encode(value.encodeToByteArray())

    /** Bytes as a path segment: every byte that is not a path character as %XX. */
    fun encode(bytes: ByteArray): String {
        val text = StringBuilder(bytes.size)
        for (byte in bytes) {
            val value = byte.toInt() and 0xFF
            val character = Char(value)
            if (value < 0x80 && (character in 'a'..'z' || character in 'A'..'Z' || character in '0'..'9' ||
                    PATH_CHARACTERS.indexOf(character) >= 0)
            ) {
                text.append(character)
            } else {
                text.append('%').append(HEX[value shr 4]).append(HEX[value and 0xF])
            }
        }
        return text.toString()
    }

    private fun hexValue(byte: Byte): Int {
        val character = Char(byte.toInt() and 0xFF)
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
    /** The path, percent-encoded, without query and fragment. */
    val path: String,
    /** The query items' names and values, decoded, in URL order. */
    val query: List<Pair<String, String>>
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
                val name = rest.substring(0, colon).lowercase()
                if (name.length == 0 || !isAsciiLetter(name[0]) || !name.all { isAsciiLetter(it) || it in '0'..'9' || it in "+-." }) {
                    return null
                }
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
                    host = authority.lowercase()
                    path = afterScheme.substring(authorityEnd)
                    if (path.length == 0) path = "/"
                } else {
                    // In a custom-scheme deep link, what stands where a host would is the first segment.
                    path = if (afterScheme.startsWith("/")) afterScheme else "/" + afterScheme
                }
            } else {
                return null
            }
            val query = ArrayList<Pair<String, String>>()
            for (item in queryText.split("&")) {
                if (item.length == 0) continue
                val equals = item.indexOf('=')
                val name = if (equals >= 0) item.substring(0, equals) else item
                val value = if (equals >= 0) item.substring(equals + 1) else ""
                query.add(Pair(RoutePath.decodedText(name), RoutePath.decodedText(value)))
            }
            return RouteUrl(scheme, host, path, query)
        }

        private fun isAsciiLetter(character: Char): Boolean = character in 'a'..'z' || character in 'A'..'Z'
    }
}
