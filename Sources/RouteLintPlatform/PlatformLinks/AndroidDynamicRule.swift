import RouteLintCore

/// A Dynamic App Links rule of `assetlinks.json` (Android 15+ with Google services): an item of
/// `dynamic_app_link_components` in the statement's `relation_extensions` for
/// `delegate_permission/common.handle_all_urls`. The rules narrow what the manifest claims on
/// the site's host, with no app release: the first rule that matches a URL decides (`exclude`
/// keeps it on the web), and a URL no rule matches does not open the app. They never widen
/// the intent filters.
///
/// A rule matches when each of its parts does: `"/"` the decoded path, `"#"` the decoded
/// fragment (a URL without `#` has none to match), and each entry of `"?"` a parameter of the
/// query (a piece `NAME=VALUE`, the query split as the groups' query filters split it) whose
/// value matches; other parameters may be there. In a pattern `*` matches up to the first
/// occurrence of the character after it, `?` one character and `?*` one or more — the simple
/// glob's reading, decided here as an advanced pattern that says the same (`matcherPattern`).
package struct AndroidDynamicRule: Sendable, Equatable {
    /// `"/"`: the path pattern; nil matches every path.
    package var path: String?
    /// `"#"`: the fragment pattern; nil matches every URL.
    package var fragment: String?
    /// `"?"`: the parameters the query must have, with their value patterns.
    package var query: [QueryParameter] = []
    /// `"exclude"`: a URL the rule matches stays on the web.
    package var exclude = false

    /// One entry of `"?"`.
    package struct QueryParameter: Sendable, Equatable {
        package var name: String
        package var value: String
    }

    /// A rule of these parts.
    package init(path: String? = nil, fragment: String? = nil, query: [QueryParameter] = [], exclude: Bool = false) {
        self.path = path
        self.fragment = fragment
        self.query = query
        self.exclude = exclude
    }

    /// A dynamic rule's pattern as an advanced pattern of `PatternMatcher`, after `literal`:
    /// `*` before a character X is `[^X]*` (greedy, it stops at the first X, which comes next),
    /// `*` at the end `.*`, `?` is `.`, every other character itself, escaped. A run of `?` and
    /// `*` is its `?`s, then the `*`: `*?` reads as `?*`, one character or more. Nil for a
    /// pattern too long for the platform's parser, which then matches nothing.
    static func matcherPattern(_ pattern: String, after literal: String = "") -> AndroidPathPattern? {
        let star = UInt16(UInt8(ascii: "*"))
        let question = UInt16(UInt8(ascii: "?"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        let units = Array(pattern.utf16)
        var text: [UInt16] = []
        for unit in literal.utf16 { text += [backslash, unit] }
        var index = 0
        while index < units.count {
            guard units[index] == star || units[index] == question else {
                text += [backslash, units[index]]
                index += 1
                continue
            }
            var hasStar = false
            while index < units.count && (units[index] == star || units[index] == question) {
                if units[index] == star { hasStar = true } else { text.append(UInt16(UInt8(ascii: "."))) }
                index += 1
            }
            guard hasStar else { continue }
            if index < units.count {
                text += Array("[^".utf16) + [backslash, units[index]] + Array("]*".utf16)
            } else {
                text += Array(".*".utf16)
            }
        }
        return try? AndroidPathPattern(.advancedGlob, String(decoding: text, as: UTF16.self))
    }

    /// The rule that lets every URL the intent filters claim open the app: the end of a
    /// generated list, which the website can narrow with rules before it.
    package static let allowingEverything = AndroidDynamicRule(path: "*")

    /// The exclude rules that match exactly the decoded paths of `pattern` (one trailing `/`
    /// ignored): the pattern, then the pattern with a trailing `/`. A parameter or `*` segment
    /// is `?*` — one character or more up to the `/` that follows — so the last segment must be
    /// a literal, since `?*` at the end would take deeper paths too. Nil when no rule says it
    /// exactly: a last segment that is not a literal, a `**`, or a literal that holds `/`, `*`
    /// or `?` once decoded (rules have no escape).
    package static func excluding(_ pattern: PathPattern, in app: AppModel) -> [AndroidDynamicRule]? {
        var path = ""
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let symbol):
                let word = String(decoding: ClaimedSegments.spell(app.text(symbol), .decoded), as: UTF16.self)
                guard !word.isEmpty, !word.contains(where: { "/*?".contains($0) }) else { return nil }
                path += "/" + word
            case .parameter, .wildcard:
                guard index < pattern.segments.count - 1 else { return nil }
                path += "/?*"
            case .rest:
                return nil
            }
        }
        guard !path.isEmpty else { return [AndroidDynamicRule(path: "/", exclude: true)] }
        return [AndroidDynamicRule(path: path, exclude: true), AndroidDynamicRule(path: path + "/", exclude: true)]
    }

    /// The rule as JSON, for a generated assetlinks.json.
    package var jsonValue: JSONValue {
        var fields: [(String, JSONValue)] = []
        if let path { fields.append(("/", .string(path))) }
        if let fragment { fields.append(("#", .string(fragment))) }
        if !query.isEmpty { fields.append(("?", .object(query.map { ($0.name, .string($0.value)) }))) }
        if exclude { fields.append(("exclude", .bool(true))) }
        return .object(fields)
    }

    /// The rule as JSON on one line, for messages: `{"/": "/help/*", "exclude": true}`.
    package var json: String {
        var fields: [String] = []
        if let path { fields.append("\"/\": " + JSONValue.quoted(path)) }
        if let fragment { fields.append("\"#\": " + JSONValue.quoted(fragment)) }
        if !query.isEmpty {
            let parameters = query.map { JSONValue.quoted($0.name) + ": " + JSONValue.quoted($0.value) }
            fields.append("\"?\": {" + parameters.joined(separator: ", ") + "}")
        }
        if exclude { fields.append("\"exclude\": true") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
