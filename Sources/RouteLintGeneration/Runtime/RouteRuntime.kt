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
    val holder: Int
) {
    /** The URL path of the route with these parameter values, percent-encoded. */
    fun path(arguments: List<String>): String? {
        val pattern = pattern ?: return null
        if (pattern.isEmpty()) return "/"
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
        return path.toString()
    }

    /** The parameter values by their names in the manifest. */
    fun parameters(arguments: List<String>): Map<String, String> = parameterNames.zip(arguments).toMap()

    /** The value of the parameter [name]; empty when the route has none of that name. */
    fun argument(name: String, arguments: List<String>): String {
        val index = parameterNames.indexOf(name)
        return if (index >= 0 && index < arguments.size) arguments[index] else ""
    }

    /** The decoded segments of a matched path that stand at the parameters. */
    fun arguments(segments: List<RoutePath.Segment>): List<String> {
        val pattern = pattern ?: return emptyList()
        val values = ArrayList<String>()
        for (index in pattern.indices) {
            if (pattern[index] == null && index < segments.size) values.add(segments[index].decoded)
        }
        return values
    }

    companion object {
        /**
         * The rows of a table: a line per route, its fields separated by tabs: id, pattern
         * (segments after "/", `:name` a parameter; empty for no path), activity, tab (positions,
         * empty for none), presentation, requires-auth (`1` or `0`), holder (a position).
         */
        fun rows(chunks: Array<String>): List<RouteRow> {
            val rows = ArrayList<RouteRow>()
            for (line in chunks.joinToString("").split("\n")) {
                if (line.length == 0) continue
                val fields = line.split("\t")
                val field = { index: Int -> if (index < fields.size) fields[index] else "" }
                val names = ArrayList<String>()
                val pattern: List<String?>? = if (field(1).length == 0) null else field(1).split("/").filter { it.length > 0 }.map {
                    if (it.startsWith(":")) {
                        names.add(it.substring(1))
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
                rows.add(
                    RouteRow(
                        field(0), pattern, names, field(2).toIntOrNull() ?: -1, field(3).toIntOrNull() ?: -1, presentation,
                        field(5) == "1", field(6).toIntOrNull() ?: 0
                    )
                )
            }
            return rows
        }
    }
}

/**
 * The routes' paths as a segment trie, by node (node 0 is the root): one walk matches a path,
 * whatever the number of routes. Built from its generated tables: three comma-separated lists
 * by node (the row of the route whose path ends there, whose `**` starts below it, and the
 * node a `:name` or `*` leads to, each -1 for none), and the static edges as
 * "node/segment/child" lines, segments in canonical form.
 */
internal class RouteTrie(exact: Array<String>, rest: Array<String>, wildcard: Array<String>, edges: Array<String>) {
    private val exact = ints(exact)
    private val rest = ints(rest)
    private val wildcard = ints(wildcard)
    private val literals = HashMap<String, Int>()

    init {
        for (line in edges.joinToString("").split("\n")) {
            val slash = line.lastIndexOf('/')
            if (slash < 0) continue
            literals[line.substring(0, slash)] = line.substring(slash + 1).toIntOrNull() ?: continue
        }
    }

    private fun ints(chunks: Array<String>): IntArray =
        chunks.joinToString("").split(",").filter { it.length > 0 }.map { it.toIntOrNull() ?: -1 }.toIntArray()

    /**
     * The row of the most specific route whose path matches [segments]: at each node the
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
            if (node < 0 || node >= exact.size) return null
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
                query.add(Pair(decodeText(name), decodeText(value)))
            }
            return RouteUrl(scheme, host, path, query)
        }

        private fun isAsciiLetter(character: Char): Boolean = character in 'a'..'z' || character in 'A'..'Z'

        private fun decodeText(text: String): String = RoutePath.decode(text)?.decodeToString() ?: text
    }
}
