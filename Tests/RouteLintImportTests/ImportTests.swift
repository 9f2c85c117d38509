import RouteLintCore
import RouteLintImport
import RouteLintPlatform
import Testing

/// The pieces of `routelint import` (docs/adopting.md): platform patterns to the nearest route
/// paths, placeholders, parameter names, navigation graphs.
@Suite("Import")
struct ImportTests {
    /// A platform pattern, the route paths nearest to it and whether its text shows them inexact.
    struct Conversion: CustomTestStringConvertible, Sendable {
        let platform: String
        let kind: AndroidPathPattern.Kind?
        let pattern: String
        let paths: [String]
        let isApproximate: Bool
        var depthBound: Int? = nil
        var testDescription: String { "\(platform) \(kind?.rawValue ?? "component") \(pattern)" }
    }

    static let conversions: [Conversion] = [
        // Apple: `*` any run, `/` included; `?` one character.
        Conversion(platform: "ios", kind: nil, pattern: "/about", paths: ["/about"], isApproximate: false),
        Conversion(platform: "ios", kind: nil, pattern: "/about/", paths: ["/about"], isApproximate: false),
        Conversion(platform: "ios", kind: nil, pattern: "/", paths: ["/"], isApproximate: false),
        Conversion(platform: "ios", kind: nil, pattern: "/*", paths: ["/", "/**"], isApproximate: false),
        Conversion(platform: "ios", kind: nil, pattern: "*", paths: ["/", "/**"], isApproximate: false),
        Conversion(platform: "ios", kind: nil, pattern: "/products/?*", paths: ["/products/**"], isApproximate: false),
        Conversion(
            platform: "ios", kind: nil, pattern: "/products/?*", paths: ["/products/:product"], isApproximate: false, depthBound: 2),
        // `/*` at the end may be left out: the path without it is claimed too.
        Conversion(platform: "ios", kind: nil, pattern: "/categories/*", paths: ["/categories/**", "/categories"], isApproximate: false),
        Conversion(
            platform: "ios", kind: nil, pattern: "/products/?*/reviews", paths: ["/products/:product/reviews"], isApproximate: false),
        Conversion(platform: "ios", kind: nil, pattern: "/help/*.html", paths: ["/help/**"], isApproximate: true),
        Conversion(platform: "ios", kind: nil, pattern: "/v?/list", paths: ["/:id/list"], isApproximate: true),
        // Android: `Uri.getPath()` against PatternMatcher.
        Conversion(platform: "android", kind: .literal, pattern: "/cart", paths: ["/cart"], isApproximate: false),
        Conversion(platform: "android", kind: .literal, pattern: "/a%20b", paths: ["/a%20b"], isApproximate: false),
        // A `%` without two hex digits after it is no escape: no static segment holds it.
        Conversion(platform: "android", kind: .literal, pattern: "/files/edit%2", paths: ["/files/:file"], isApproximate: true),
        Conversion(platform: "android", kind: .prefix, pattern: "/orders/", paths: ["/orders/**"], isApproximate: false),
        Conversion(platform: "android", kind: .prefix, pattern: "/", paths: ["/", "/**"], isApproximate: false),
        Conversion(
            platform: "android", kind: .prefix, pattern: "/auth/callback", paths: ["/auth/callback", "/auth/callback/**"],
            isApproximate: true),
        Conversion(
            platform: "android", kind: .simpleGlob, pattern: "/products/.*/reviews", paths: ["/products/:product/reviews"],
            isApproximate: false),
        Conversion(platform: "android", kind: .simpleGlob, pattern: "/docs/..*", paths: ["/docs/**"], isApproximate: false),
        // `.*` before a character other than '/' runs to that character, across segments.
        Conversion(platform: "android", kind: .simpleGlob, pattern: "/files/.*\\.pdf", paths: ["/files/**"], isApproximate: true),
        Conversion(
            platform: "android", kind: .advancedGlob, pattern: "/brochures/[^/]+/{0,1}", paths: ["/brochures/:brochure"],
            isApproximate: false),
        Conversion(platform: "android", kind: .advancedGlob, pattern: "/a/[0-9]+", paths: ["/a/:a"], isApproximate: true),
        Conversion(platform: "android", kind: .suffix, pattern: ".pdf", paths: [], isApproximate: true),
    ]

    @Test("platform patterns become the nearest route paths; the text shows where they are only near", arguments: conversions)
    func nearestRoutePaths(_ conversion: Conversion) throws {
        let result: LinkPatternConversion
        if let kind = conversion.kind {
            result = .android(try AndroidPathPattern(kind, conversion.pattern))
        } else {
            result = .apple(conversion.pattern, depthBound: conversion.depthBound)
        }
        #expect(result.paths == conversion.paths)
        #expect((result.approximation != nil) == conversion.isApproximate, "\(result.approximation ?? "exact")")
        for path in result.paths {
            var symbols = SymbolTable()
            #expect((try? PathPattern.parse(path, symbols: &symbols).get()) != nil, "\(path) is a route path")
        }
    }

    @Test("the exclusion generate app-links closes each depth with is recognised by its depth, and nothing else is")
    func depthExclusions() {
        #expect(LinkPatternConversion.appleDepthExclusion("/?*/?*/?*") == 3)
        #expect(LinkPatternConversion.appleDepthExclusion("/?*") == 1)
        #expect(LinkPatternConversion.appleDepthExclusion("/?*/admin") == nil)
        #expect(LinkPatternConversion.appleDepthExclusion("/*/*") == nil)
    }

    @Test("substitution variables are written out: each value of a list, a wildcard for the predefined ones, none if undefined")
    func substitutionVariables() {
        let variables = AppleSubstitutionVariables(["food": ["pizza", "ta?o"], "many": (0..<20).map { "v\($0)" }])
        #expect(variables.expansions(of: "/$(food)/*") == (["/pizza/*", "/ta?o/*"], false))
        #expect(variables.expansions(of: "/$(region)/$(digit)") == (["/?*/?"], true))
        // 2 × 20 patterns are written out; 20 times more would pass the limit, so the last is a wildcard.
        let bounded = variables.expansions(of: "/$(food)/$(many)/$(many)")
        #expect(bounded.patterns.count == 40 && bounded.patterns.first == "/pizza/v0/?*" && bounded.widened)
        #expect(variables.expansions(of: "/$(drink)") == ([], false))
        let text = """
            {"applinks": {"substitutionVariables": {"food": ["pizza", "tacos"]}, "details": [{"appIDs": ["T.app"],
              "components": [{"/": "/$(food)/*"}, {"/": "/$(lang)/?*"}, {"/": "/$(drink)"}]}]}}
            """
        var links = LinkFileImport()
        links.read([
            PlatformFileSource(file: SourceFile(id: FileID(0), path: "apple-app-site-association", bytes: Array(text.utf8)), app: nil)
        ])
        #expect(
            links.claims.map(\.conversion.paths) == [["/pizza/**", "/pizza", "/tacos/**", "/tacos"], ["/:id/**"], []])
        #expect(
            links.claims.map(\.conversion.approximation) == [
                nil, "a substitution variable, which a route parameter claims more widely",
                "a substitution variable that is not defined, so the pattern matches no URL",
            ])
    }

    @Test(
        "an AASA '?' of fixed values becomes required items of one listed value, a route per set of values; a wildcard value stays inexact")
    func fixedQueryItems() {
        let text = """
            {"applinks": {"details": [{"appIDs": ["T.app"], "components": [
              {"/": "/search", "?": {"type": "users", "lang": "en"}},
              {"/": "/search", "?": {"type": "repos"}, "exclude": true},
              {"/": "/search"},
              {"/": "/help", "?": {"topic": "*"}},
              {"/": "/orders", "?": {"state": ""}}
            ]}]}}
            """
        var links = LinkFileImport()
        links.read([
            PlatformFileSource(file: SourceFile(id: FileID(0), path: "apple-app-site-association", bytes: Array(text.utf8)), app: nil)
        ])
        let manifest = ManifestImport.build(links: links, navigation: NavigationGraphImport(), app: nil)
        let described = manifest.routes.map { route in
            "\(route.id) \(route.path ?? "-") web \(route.web) query \(route.query.map { "\($0.name): \($0.type)" })"
        }
        #expect(
            described == [
                "search-en-users /search web true query [\"lang: {type: [en], required: true}\", \"type: {type: [users], required: true}\"]",
                "search-repos /search web false query [\"type: {type: [repos], required: true}\"]",
                "search /search web true query []",
                "help /help web true query []",
                "orders /orders web true query []",
            ])
        // A value pattern, or the empty value iOS gives a missing item, is no fixed value.
        #expect(
            links.claims.map(\.conversion.approximation) == [
                nil, nil, nil, "a query filter that is not fixed values of named items",
                "a query filter that is not fixed values of named items",
            ])
    }

    @Test("placeholders of Xcode, Gradle and Android resources are found and kept; a plain value has none")
    func placeholders() {
        #expect(Placeholder.find(in: "$(TEAM_ID).com.example.shop") == "$(TEAM_ID)")
        #expect(Placeholder.find(in: "${applicationId}.LinkActivity") == "${applicationId}")
        #expect(Placeholder.find(in: "@string/app_link_host") == "@string/app_link_host")
        #expect(Placeholder.find(in: "shop.example.com") == nil)
        #expect(Placeholder.find(in: "a$b") == nil)
        #expect(Placeholder.find(in: "${unclosed") == nil)
    }

    @Test("parameter names come from the segment before them, singular and unique")
    func parameterNames() {
        var names = ParameterNames()
        #expect(names.name(after: "categories") == ":category")
        #expect(names.name(after: "products") == ":product")
        #expect(names.name(after: "products") == ":product2")
        #expect(names.name(after: "news-items") == ":newsItem")
        #expect(names.name(after: nil) == ":id")
        #expect(names.name(after: "2024") == ":id2")
    }

    @Test("graphs that include each other in a ring, start at each other and name themselves in a menu end, each an activity")
    func graphRings() {
        let first = """
            <navigation xmlns:android="http://schemas.android.com/apk/res/android" xmlns:app="http://schemas.android.com/apk/res-auto"
                android:id="@+id/first" app:startDestination="@id/second">
                <include app:graph="@navigation/second" />
                <fragment android:id="@+id/a"><action app:destination="@id/first" /></fragment>
            </navigation>
            """
        let second = """
            <navigation xmlns:android="http://schemas.android.com/apk/res/android" xmlns:app="http://schemas.android.com/apk/res-auto"
                android:id="@+id/second" app:startDestination="@id/first">
                <include app:graph="@navigation/first" />
                <fragment android:id="@+id/b" />
            </navigation>
            """
        let menu = """
            <menu xmlns:android="http://schemas.android.com/apk/res/android">
                <item android:id="@+id/first" /><item android:id="@+id/second" />
            </menu>
            """
        var navigation = NavigationGraphImport()
        for (index, (path, text)) in [("res/navigation/first.xml", first), ("res/navigation/second.xml", second), ("res/menu/m.xml", menu)]
            .enumerated()
        {
            navigation.read(SourceFile(id: FileID(index), path: path, bytes: Array(text.utf8)))
        }
        #expect(navigation.problems.isEmpty)
        let manifest = ManifestImport.build(links: LinkFileImport(), navigation: navigation, app: nil)
        #expect(manifest.activities.map(\.name) == ["first", "second"])
        #expect(manifest.routes.map(\.id) == ["a", "b"])
        // `first` starts at `second`, which starts at `first`: no route stands for either.
        #expect(manifest.routes[0].links == [])
        #expect(manifest.tabs.isEmpty)
    }

    @Test("a deep link's arguments type its path parameters and its query placeholders; other query text and types are left as strings")
    func argumentTypes() {
        let graph = """
            <navigation xmlns:android="http://schemas.android.com/apk/res/android" xmlns:app="http://schemas.android.com/apk/res-auto"
                android:id="@+id/main" app:startDestination="@id/item">
                <fragment android:id="@+id/item">
                    <argument android:name="id" app:argType="long" />
                    <argument android:name="page" app:argType="integer" />
                    <argument android:name="ref" />
                    <argument android:name="sort" app:argType="com.example.Sort" />
                    <argument android:name="flag" app:argType="boolean" />
                    <deepLink app:uri="https://a.example/items/{id}?ref={ref}&amp;p={page}&amp;fixed=1&amp;s={sort}&amp;id={id}&amp;bad={x y}#top" />
                    <deepLink app:uri="app://item/{id}?ref={ref}" />
                    <deepLink app:uri="app://items/{id}" />
                </fragment>
            </navigation>
            """
        var navigation = NavigationGraphImport()
        navigation.read(SourceFile(id: FileID(0), path: "res/navigation/main.xml", bytes: Array(graph.utf8)))
        #expect(navigation.problems.isEmpty)
        let manifest = ManifestImport.build(links: LinkFileImport(), navigation: navigation, app: nil)
        let described = manifest.routes.map { route in
            "\(route.id) \(route.path ?? "-") params \(route.params.map { "\($0.name): \($0.type)" }) "
                + "query \(route.query.map { "\($0.name): \($0.type)" }) holder \(route.holderParams)"
        }
        // `id` is a path parameter, so `?id=` is not an item of its own; `fixed=1` and `{x y}` are not placeholders.
        // The scheme's link of the same path is the same route; one of another path is a route of its own.
        #expect(
            described == [
                "item /items/:id params [\"id: int\"] query [\"ref: string\", \"p: int\", \"s: string\"] holder [\"id\"]",
                "item-link /item/:id params [\"id: int\"] query [\"ref: string\"] holder [\"id\"]",
            ])
        #expect(manifest.routes[0].origins.count == 3)  // the destination and its two links of that path
        #expect(manifest.notes.map(\.message).contains { $0.contains("'sort' is of type 'com.example.Sort'") })
        // `flag` is passed in code: it fills no part of the URL, so it has no note of its own.
        #expect(!manifest.notes.map(\.message).contains { $0.contains("'flag'") })
    }

    @Test("routes whose names are alike take the next free number after their name, whichever names came before")
    func numberedNames() {
        // Punctuation in a name is a `-`, so these paths all make the name `x-`; `/x--3` takes a number's place first.
        let text = """
            {"applinks": {"details": [{"appIDs": ["T.app"], "components": [
              {"/": "/x~"}, {"/": "/x--3"}, {"/": "/x!"}, {"/": "/x'"}, {"/": "/x,"}
            ]}]}}
            """
        var links = LinkFileImport()
        links.read([
            PlatformFileSource(file: SourceFile(id: FileID(0), path: "apple-app-site-association", bytes: Array(text.utf8)), app: nil)
        ])
        let manifest = ManifestImport.build(links: links, navigation: NavigationGraphImport(), app: nil)
        #expect(manifest.routes.map(\.id) == ["x-", "x--3", "x--2", "x--4", "x--5"])
    }

    /// A claim covering a path, segment by segment, as the trie must answer it: a `**` the rest
    /// (of at least one segment), a parameter or `*` any one segment but a `**`, a static
    /// segment itself.
    static func claimCovers(_ claim: String, _ path: String) -> Bool {
        let claimed = claim.split(separator: "/")
        let segments = path.split(separator: "/")
        for (position, segment) in claimed.enumerated() {
            if segment == "**" { return segments.count > position }
            guard position < segments.count, segments[position] != "**" else { return false }
            if segment != "*" && !segment.hasPrefix(":") && segments[position] != segment { return false }
        }
        return claimed.count == segments.count
    }

    @Test("claimed paths cover exactly the paths some claim covers, over every path of up to three segments")
    func claimedPathsCover() {
        let pieces = ["a", "b", "*", ":p", "**"]
        var paths = ["/"]
        var shorter = [""]
        for _ in 1...3 {
            shorter = shorter.flatMap { prefix in pieces.map { prefix + "/" + $0 } }
            paths += shorter
        }
        // Every single claim, and pairs whose answers need both a static and a wildcard branch.
        var claimSets = paths.map { [$0] }
        claimSets += [["/a/b/a", "/a/*/b"], ["/a/**", "/b/*/a"], ["/*/a", "/a/b"], ["/a/b/**", "/a/:p/a"]]
        for claims in claimSets {
            var claimed = ClaimedPaths()
            for claim in claims { claimed.insert(claim) }
            let wrong = paths.filter { path in claimed.covers(path) != claims.contains { Self.claimCovers($0, path) } }
            #expect(wrong.isEmpty, "claims \(claims) answer wrongly for \(wrong)")
        }
        var examples = ClaimedPaths()
        examples.insert("/r/*")
        #expect(examples.covers("/r/:id") && !examples.covers("/r/a/b") && !examples.covers("/r/**") && !examples.covers("/r"))
    }
}
