import RouteLintCore

/// One component of an `apple-app-site-association` file's `applinks.details[].components`,
/// as iOS evaluates it: the components of an app are tried in order, the first that matches a
/// URL decides, and an `exclude` component that matches keeps the URL out of the app.
///
/// A pattern matches a whole URL part: `*` matches any run of characters — `/` included, so
/// `/products/*` also matches `/products/a/b` — `?` exactly one, and `$(name)` one value of a
/// substitution variable (`AppleGlob`); every other character matches itself, case-sensitively
/// unless `caseSensitive` is false. A part a component does not name matches anything (Apple's
/// default pattern is `*`). With `percentEncoded` false the URL's parts are decoded first.
///
/// Paths compare as iOS compares them (`ApplePathPattern`): the pattern's leading `/` is
/// optional, a trailing run of `/` is dropped from pattern and URL alike, and a pattern that
/// ends in `/*` also matches the path without that segment.
package struct AppleLinkComponent: Sendable, Equatable {
    /// `/`: the pattern of the URL's path; nil matches any path.
    package var path: String?
    /// `?` as a string: the pattern of the whole query; nil (and no `queryItems`) matches any.
    package var query: String?
    /// A query item the URL must have, with a pattern of its value.
    package struct QueryItemPattern: Sendable, Equatable {
        /// The item's name.
        package var name: String
        /// The pattern of its value.
        package var pattern: String

        /// The item `name` with a value `pattern` matches.
        package init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    /// `?` as a dictionary: a pattern for each named query item. An item the URL does not have
    /// counts as the empty string, and one it repeats must match on every occurrence.
    package var queryItems: [QueryItemPattern]
    /// `#`: the pattern of the fragment; nil matches any.
    package var fragment: String?
    /// `exclude`: a URL this component matches does not open the app.
    package var exclude: Bool
    /// `caseSensitive` (default true).
    package var caseSensitive: Bool
    /// `percentEncoded` (default true). False makes iOS compare the decoded URL (path, query
    /// items, fragment) with the pattern as written.
    package var percentEncoded: Bool
    /// `comment`: words for the reader; iOS ignores it.
    package var comment: String?
    /// The file's `substitutionVariables`, which `$(name)` in a pattern stands for.
    package var variables: AppleSubstitutionVariables

    /// A component; see the properties.
    package init(
        path: String? = nil, query: String? = nil, queryItems: [QueryItemPattern] = [], fragment: String? = nil,
        exclude: Bool = false, caseSensitive: Bool = true, percentEncoded: Bool = true, comment: String? = nil,
        variables: AppleSubstitutionVariables = AppleSubstitutionVariables()
    ) {
        self.comment = comment
        self.path = path
        self.query = query
        self.queryItems = queryItems
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.variables = variables
    }

    /// Whether the component matches a URL with this path (as written, percent-escapes kept),
    /// query (nil: none) and fragment (nil: none).
    package func matches(path urlPath: String, query urlQuery: String? = nil, fragment urlFragment: String? = nil) -> Bool {
        if path != nil, !pathMatches(urlPath) { return false }
        return Conditions(self).match(query: urlQuery, fragment: urlFragment)
    }

    /// Whether the path pattern matches `urlPath` (as written): `pathMatch` without the values
    /// the variables took, which cost a list of choices per glob position.
    private func pathMatches(_ urlPath: String) -> Bool {
        pathMatches(urlPath, compiledPath)
    }

    /// The path pattern as `pathMatches` compares it.
    fileprivate var compiledPath: AppleGlob {
        ApplePathPattern(path ?? "*").compiled(caseSensitive: caseSensitive, variables: variables)
    }

    /// Whether `glob`, this component's `compiledPath`, matches `urlPath` as iOS compares them.
    fileprivate func pathMatches(_ urlPath: String, _ glob: AppleGlob) -> Bool {
        guard let decoded = comparable(urlPath) else { return false }
        return glob.matches(String(ApplePathPattern.folded(decoded)))
    }

    /// Whether the component names a query or a fragment: then some URLs of a path it matches
    /// may match it and others not.
    var hasConditions: Bool { query != nil || !queryItems.isEmpty || fragment != nil }

    /// What a component asks of a URL's query and fragment, its patterns compiled once.
    struct Conditions {
        let percentEncoded: Bool
        let query: AppleGlob?
        let items: [(name: String, glob: AppleGlob)]
        let fragment: AppleGlob?

        init(_ component: AppleLinkComponent) {
            let glob = { (pattern: String) in
                AppleGlob(pattern, variables: component.variables, caseSensitive: component.caseSensitive)
            }
            percentEncoded = component.percentEncoded
            query = component.query.map(glob)
            items = component.queryItems.map { ($0.name, glob($0.pattern)) }
            fragment = component.fragment.map(glob)
        }

        /// Whether a URL with this query and fragment (as written; nil: none) meets them: the
        /// query as a whole, each named item — one the URL lacks counts as the empty string, one
        /// it repeats must match every time — and the fragment.
        func match(query urlQuery: String?, fragment urlFragment: String?) -> Bool {
            if let query {
                guard let compared = comparable(urlQuery ?? ""), query.matches(compared) else { return false }
            }
            if !items.isEmpty {
                var present: [(name: String, value: String)] = []
                for item in (urlQuery ?? "").split(separator: "&", omittingEmptySubsequences: true) {
                    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard let name = comparable(String(parts[0])), let value = comparable(parts.count > 1 ? String(parts[1]) : "")
                    else { return false }
                    present.append((name, value))
                }
                for required in items {
                    let values = present.filter { $0.name == required.name }.map(\.value)
                    guard (values.isEmpty ? [""] : values).allSatisfy(required.glob.matches) else { return false }
                }
            }
            if let fragment {
                guard let compared = comparable(urlFragment ?? ""), fragment.matches(compared) else { return false }
            }
            return true
        }

        private func comparable(_ text: String) -> String? {
            percentEncoded ? text : AppleGlob.decoded(text)
        }
    }

    /// How the component's path pattern matches a URL path: what iOS compares.
    package struct PathMatch: Sendable, Equatable {
        /// The URL path as compared: decoded when `percentEncoded` is false, trailing `/` dropped.
        package var comparedPath: String
        /// The pattern as compared: one leading `/`, no trailing one.
        package var comparedPattern: String
        /// Whether it matched only once the pattern's final `/*` was left out.
        package var matchedWithoutFinalStar: Bool
        /// The value each substitution variable took, in the pattern's order.
        package var variables: [(name: String, value: String)]

        package static func == (lhs: PathMatch, rhs: PathMatch) -> Bool {
            lhs.comparedPath == rhs.comparedPath && lhs.comparedPattern == rhs.comparedPattern
                && lhs.matchedWithoutFinalStar == rhs.matchedWithoutFinalStar
                && lhs.variables.elementsEqual(rhs.variables) { $0.name == $1.name && $0.value == $1.value }
        }
    }

    /// How the path pattern matches `urlPath` (as written); nil when it does not. A component
    /// without a path pattern compares as `*`.
    package func pathMatch(_ urlPath: String) -> PathMatch? {
        let pattern = ApplePathPattern(path ?? "*")
        guard let decoded = comparable(urlPath) else { return nil }
        let compared = String(ApplePathPattern.folded(decoded))
        let glob = pattern.compiled(caseSensitive: caseSensitive, variables: variables)
        guard let bindings = glob.bindings(compared) else { return nil }
        let whole = AppleGlob(pattern.glob, variables: variables, caseSensitive: caseSensitive).matches(compared)
        return PathMatch(
            comparedPath: compared, comparedPattern: pattern.glob, matchedWithoutFinalStar: !whole,
            variables: bindings.map { ($0.variable, $0.value) })
    }

    /// `text` as the component compares it: decoded when `percentEncoded` is false (nil when
    /// it does not decode: such a URL matches no such component).
    private func comparable(_ text: String) -> String? {
        percentEncoded ? text : AppleGlob.decoded(text)
    }

    /// What a list of components decides for a URL: the position of the first component that
    /// matches and whether it opens the app; nil when none matches (the URL stays on the web).
    /// For many URLs, `AppleComponentMatcher` compiles the components once.
    package static func decide(
        _ components: [AppleLinkComponent], path: String, query: String? = nil, fragment: String? = nil
    ) -> (component: Int, opensApp: Bool)? {
        for (position, component) in components.enumerated()
        where component.matches(path: path, query: query, fragment: fragment) {
            return (position, !component.exclude)
        }
        return nil
    }
}

/// A list of components compiled once, deciding URLs as `AppleLinkComponent.decide` does: for a
/// check that asks about many URLs of one file.
package struct AppleComponentMatcher {
    private let components: [AppleLinkComponent]
    /// Per component, its path pattern compiled (nil: it names no path, and matches any).
    private let paths: [AppleGlob?]
    private let conditions: [AppleLinkComponent.Conditions]

    /// The matcher of `components`, in order.
    package init(_ components: [AppleLinkComponent]) {
        self.components = components
        paths = components.map { $0.path == nil ? nil : $0.compiledPath }
        conditions = components.map(AppleLinkComponent.Conditions.init)
    }

    /// The position of the first component that matches the URL and whether it opens the app;
    /// nil when none matches.
    package func decide(path: String, query: String? = nil, fragment: String? = nil) -> (component: Int, opensApp: Bool)? {
        for (position, component) in components.enumerated() {
            if let glob = paths[position], !component.pathMatches(path, glob) { continue }
            guard conditions[position].match(query: query, fragment: fragment) else { continue }
            return (position, !component.exclude)
        }
        return nil
    }
}

/// A component's path pattern as iOS reads it, as Apple's `swcutil` shows it (docs/app-links.md,
/// "How iOS matches a path"): a leading run of `/` is one `/`, and written or not (`buy/*` is
/// `/buy/*`); a trailing run of `/` is dropped from the pattern, and from the URL's path before
/// they are compared (`/buy` matches `/buy/` and `/buy//`; `/` matches the empty path); and a
/// pattern that then ends in `/*` also matches the path without that segment (`/buy/*` matches
/// `/buy`, not `/buyer`).
package struct ApplePathPattern: Sendable, Equatable {
    /// The glob the folded URL path must match: the pattern with one leading `/` and no trailing one.
    package let glob: String
    /// Whether the pattern ends in `/*`, so that the folded path may also match `glob` without it.
    package let matchesParent: Bool

    /// The pattern `text` (the `/` of a component, or a legacy `paths` entry without `NOT `).
    package init(_ text: String) {
        var body = Substring(text).drop { $0 == "/" }
        while body.last == "/" { body.removeLast() }
        glob = body.isEmpty ? "" : "/" + body
        matchesParent = glob.hasSuffix("/*")
    }

    /// The glob of the path without the final segment `/*`, when the pattern has one.
    package var parentGlob: String? { matchesParent ? String(glob.dropLast(2)) : nil }

    /// `path` as iOS compares it with a pattern: without its trailing run of `/`.
    package static func folded(_ path: String) -> Substring {
        var folded = Substring(path)
        while folded.last == "/" { folded.removeLast() }
        return folded
    }

    /// The glob compiled, the path without the final `/*` accepted too when it has one.
    func compiled(caseSensitive: Bool, variables: AppleSubstitutionVariables) -> AppleGlob {
        AppleGlob(glob, variables: variables, caseSensitive: caseSensitive, matchesParent: matchesParent)
    }
}
