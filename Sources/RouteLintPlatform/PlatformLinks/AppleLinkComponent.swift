import RouteLintCore

/// One component of an `apple-app-site-association` file's `applinks.details[].components`,
/// as iOS evaluates it: the components of an app are tried in order, the first that matches a
/// URL decides, and an `exclude` component that matches keeps the URL out of the app.
///
/// A pattern matches a whole URL part: `*` matches any run of characters — `/` included, so
/// `/products/*` also matches `/products/a/b` — and `?` exactly one; every other character
/// matches itself, case-sensitively unless `caseSensitive` is false. A part a component does
/// not name matches anything (Apple's default pattern is `*`).
///
/// Paths compare as iOS compares them (`ApplePathPattern`): the pattern's leading `/` is
/// optional, a trailing run of `/` is dropped from pattern and URL alike, and a pattern that
/// ends in `/*` also matches the path without that segment.
public struct AppleLinkComponent: Sendable, Equatable {
    /// `/`: the pattern of the URL's path; nil matches any path.
    public var path: String?
    /// `?` as a string: the pattern of the whole query; nil (and no `queryItems`) matches any.
    public var query: String?
    /// A query item the URL must have, with a pattern of its value.
    public struct QueryItemPattern: Sendable, Equatable {
        /// The item's name.
        public var name: String
        /// The pattern of its value.
        public var pattern: String

        /// The item `name` with a value `pattern` matches.
        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    /// `?` as a dictionary: a pattern for each named query item. An item the URL does not have
    /// counts as the empty string, and one it repeats must match on every occurrence.
    public var queryItems: [QueryItemPattern]
    /// `#`: the pattern of the fragment; nil matches any.
    public var fragment: String?
    /// `exclude`: a URL this component matches does not open the app.
    public var exclude: Bool
    /// `caseSensitive` (default true).
    public var caseSensitive: Bool
    /// `percentEncoded` (default true). False makes iOS compare the decoded URL with the
    /// pattern as written, which the matcher does not do yet (docs/app-links.md, Limits).
    public var percentEncoded: Bool
    /// `comment`: words for the reader; iOS ignores it.
    public var comment: String?

    /// A component; see the properties.
    public init(
        path: String? = nil, query: String? = nil, queryItems: [QueryItemPattern] = [], fragment: String? = nil,
        exclude: Bool = false, caseSensitive: Bool = true, percentEncoded: Bool = true, comment: String? = nil
    ) {
        self.comment = comment
        self.path = path
        self.query = query
        self.queryItems = queryItems
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// Whether the component matches a URL with this path (as written, percent-escapes kept),
    /// query (nil: none) and fragment (nil: none).
    public func matches(path urlPath: String, query urlQuery: String? = nil, fragment urlFragment: String? = nil) -> Bool {
        if let path, !ApplePathPattern(path).matches(urlPath, caseSensitive: caseSensitive) { return false }
        if let query, !Self.glob(query, urlQuery ?? "", caseSensitive: caseSensitive) { return false }
        if !queryItems.isEmpty {
            let items = (urlQuery ?? "").split(separator: "&", omittingEmptySubsequences: true).map { item in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
            }
            for required in queryItems {
                let values = items.filter { $0.name == required.name }.map(\.value)
                guard (values.isEmpty ? [""] : values).allSatisfy({ Self.glob(required.pattern, $0, caseSensitive: caseSensitive) })
                else { return false }
            }
        }
        if let fragment, !Self.glob(fragment, urlFragment ?? "", caseSensitive: caseSensitive) { return false }
        return true
    }

    /// What a list of components decides for a URL: the position of the first component that
    /// matches and whether it opens the app; nil when none matches (the URL stays on the web).
    public static func decide(
        _ components: [AppleLinkComponent], path: String, query: String? = nil, fragment: String? = nil
    ) -> (component: Int, opensApp: Bool)? {
        for (position, component) in components.enumerated()
        where component.matches(path: path, query: query, fragment: fragment) {
            return (position, !component.exclude)
        }
        return nil
    }

    /// Whether `pattern` (`*` any run, `?` one character) matches all of `text`: the
    /// configuration's glob of one path component, which has exactly these two wildcards.
    /// Without case sensitivity ASCII letters are folded; the paths compared are
    /// percent-encoded, so ASCII.
    static func glob(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
        caseSensitive
            ? Glob.matches(name: Substring(text), pattern: Substring(pattern))
            : Glob.matches(name: Substring(asciiLowercased(text)), pattern: Substring(asciiLowercased(pattern)))
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

/// A component's path pattern as iOS reads it, as Apple's `swcutil` shows it (docs/app-links.md,
/// "How iOS matches a path"): a leading run of `/` is one `/`, and written or not (`buy/*` is
/// `/buy/*`); a trailing run of `/` is dropped from the pattern, and from the URL's path before
/// they are compared (`/buy` matches `/buy/` and `/buy//`; `/` matches the empty path); and a
/// pattern that then ends in `/*` also matches the path without that segment (`/buy/*` matches
/// `/buy`, not `/buyer`).
public struct ApplePathPattern: Sendable, Equatable {
    /// The glob the folded URL path must match: the pattern with one leading `/` and no trailing one.
    public let glob: String
    /// Whether the pattern ends in `/*`, so that the folded path may also match `glob` without it.
    public let matchesParent: Bool

    /// The pattern `text` (the `/` of a component, or a legacy `paths` entry without `NOT `).
    public init(_ text: String) {
        var body = Substring(text).drop { $0 == "/" }
        while body.last == "/" { body.removeLast() }
        glob = body.isEmpty ? "" : "/" + body
        matchesParent = glob.hasSuffix("/*")
    }

    /// The glob of the path without the final segment `/*`, when the pattern has one.
    public var parentGlob: String? { matchesParent ? String(glob.dropLast(2)) : nil }

    /// `path` as iOS compares it with a pattern: without its trailing run of `/`.
    public static func folded(_ path: String) -> Substring {
        var folded = Substring(path)
        while folded.last == "/" { folded.removeLast() }
        return folded
    }

    /// Whether the URL path `path` (percent-escapes as written) matches.
    public func matches(_ path: String, caseSensitive: Bool) -> Bool {
        let folded = String(Self.folded(path))
        return AppleLinkComponent.glob(glob, folded, caseSensitive: caseSensitive)
            || parentGlob.map { AppleLinkComponent.glob($0, folded, caseSensitive: caseSensitive) } == true
    }
}
