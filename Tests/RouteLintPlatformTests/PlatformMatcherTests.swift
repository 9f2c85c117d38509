import Testing
@testable import RouteLintPlatform

/// The platforms' own matchers, against cases derived by hand from their published behaviour:
/// AOSP's `android.os.PatternMatcher` (`matchGlobPattern`, `parseAndVerifyAdvancedPattern`,
/// `matchAdvancedPattern`) and Apple's documentation of `applinks` components.
@Suite("Platform matchers")
struct PlatformMatcherTests {
    static func android(_ kind: AndroidPathPattern.Kind, _ pattern: String) throws -> AndroidPathPattern {
        try AndroidPathPattern(kind, pattern)
    }

    @Test("path, pathPrefix and pathSuffix compare literally, case included")
    func literalKinds() throws {
        #expect(try Self.android(.literal, "/cart").matches("/cart"))
        #expect(try !Self.android(.literal, "/cart").matches("/cart/"))
        #expect(try !Self.android(.literal, "/cart").matches("/Cart"))
        #expect(try Self.android(.prefix, "/products").matches("/products-archive/x"))
        #expect(try Self.android(.suffix, ".pdf").matches("/docs/a.pdf"))
        #expect(try !Self.android(.suffix, "/docs/a.pdf/").matches(".pdf"))
        #expect(AndroidPathPattern.Kind.advancedGlob.introducedIn == 31 && AndroidPathPattern.Kind.simpleGlob.introducedIn == 1)
    }

    @Test("pathPattern: '.*' runs to the first occurrence of the next character and never backtracks")
    func simpleGlobTrap() throws {
        let edit = try Self.android(.simpleGlob, "/products/.*/edit")
        #expect(edit.matches("/products/42/edit"))
        // '.*' stops at the first '/', after "a": then 'e' of "edit" meets 'b'.
        #expect(!edit.matches("/products/a/b/edit"))
        // '.*' at the end takes the rest, '/' included.
        #expect(try Self.android(.simpleGlob, "/products/.*").matches("/products/a/b"))
        #expect(try Self.android(.simpleGlob, "/products/.*").matches("/products/"))
        // The path may end before a final '.*'.
        #expect(try Self.android(.simpleGlob, "/products.*").matches("/products"))
        // 'X*' takes every repeat of X; '.' alone is any one character.
        #expect(try Self.android(.simpleGlob, "/a*b").matches("/aaab"))
        #expect(try Self.android(.simpleGlob, "/a*b").matches("/b"))
        #expect(try Self.android(.simpleGlob, "/.x").matches("/yx"))
        // An escaped '.' still matches any character where no '*' follows: matchGlobPattern
        // compares `c != '.'` without asking whether c was escaped.
        #expect(try Self.android(.simpleGlob, "/v1\\.0").matches("/v1.0"))
        #expect(try Self.android(.simpleGlob, "/v1\\.0").matches("/v1x0"))
        // An escaped '*' is a character: '\\*' matches '*' only.
        #expect(try Self.android(.simpleGlob, "/a\\*").matches("/a*"))
        #expect(try !Self.android(.simpleGlob, "/a\\*").matches("/ab"))
        // No regular-expression syntax: '?' and '(' are characters.
        #expect(try Self.android(.simpleGlob, "/a?").matches("/a?"))
        #expect(try !Self.android(.simpleGlob, "/a?").matches("/a"))
        // The next character after '.*' must occur: '/.*x' needs an 'x'.
        #expect(try !Self.android(.simpleGlob, "/.*x").matches("/abc"))
        #expect(try Self.android(.simpleGlob, "").matches(""))
        #expect(try !Self.android(.simpleGlob, "").matches("/"))
    }

    @Test("pathAdvancedPattern: greedy tokens without backtracking, sets, ranges")
    func advancedGlob() throws {
        // '.*' takes the whole rest, so nothing can follow it.
        let greedy = try Self.android(.advancedGlob, "/products/.*/edit")
        #expect(!greedy.matches("/products/42/edit"))
        #expect(try Self.android(.advancedGlob, "/products/.*").matches("/products/a/b"))
        // One segment: '[^/]+'.
        let segment = try Self.android(.advancedGlob, "/products/[^/]+")
        #expect(segment.matches("/products/42"))
        #expect(!segment.matches("/products/"))
        #expect(!segment.matches("/products/4/2"))
        #expect(try Self.android(.advancedGlob, "/products/[^/]+/edit").matches("/products/42/edit"))
        // Ranges of repetitions, and '{0,1}' for an optional trailing '/'.
        let optional = try Self.android(.advancedGlob, "/cart/{0,1}")
        #expect(optional.matches("/cart") && optional.matches("/cart/") && !optional.matches("/cart//"))
        #expect(try Self.android(.advancedGlob, "/[a-c]{2}").matches("/ab"))
        #expect(try !Self.android(.advancedGlob, "/[a-c]{2}").matches("/ad"))
        #expect(try Self.android(.advancedGlob, "/x{2,}").matches("/xxxx"))
        // Greedy without giving back: 'a*' takes both a's, and the 'a' after it finds none.
        #expect(try !Self.android(.advancedGlob, "/a*a").matches("/aa"))
        // In a set, '.', '*' and '{' are characters; a '-' before ']' is one too.
        #expect(try Self.android(.advancedGlob, "/[.*]").matches("/*"))
        #expect(try Self.android(.advancedGlob, "/[a-]").matches("/-"))
        // A '}' outside a range is dropped by AOSP's parser.
        #expect(try Self.android(.advancedGlob, "/a}b").matches("/ab"))
        // A range's numbers are read by Integer.parseInt: a sign, and any Unicode decimal digit
        // (Character.digit asks ICU), so '{٢}' (Arabic-Indic two) is '{2}'.
        #expect(try Self.android(.advancedGlob, "/a{٢}").matches("/aa"))
        #expect(try !Self.android(.advancedGlob, "/a{٢}").matches("/a"))
        #expect(try Self.android(.advancedGlob, "/a{+1,}").matches("/aaa"))
        #expect(try Self.android(.advancedGlob, "/a{-2147483648,0}").matches("/"))
    }

    @Test("advanced patterns AOSP's parser rejects are rejected, with its reason")
    func advancedRejections() {
        let rejected: [(String, String)] = [
            ("*a", "Modifier must follow a token."),
            ("/a**", "Modifier must follow a token."),
            ("/a{1}{2}", "Modifier must follow a token."),
            ("/[]", "You must define characters in a set."),
            ("/[^]", "You must define characters in a set."),
            ("/[a-z", "Set was not terminated!"),
            ("/a\\", "Escape found at end of pattern!"),
            ("/a{2", "Range not ended with '}'"),
            ("/a{x}", "Range number format incorrect"),
            ("/a{,3}", "Range number format incorrect"),
            ("/a{3,1}", "Range quantifier minimum is greater than maximum"),
            ("/a{2147483648}", "Range number format incorrect"),
            ("/a{+}", "Range number format incorrect"),
            ("/a{1,-}", "Range number format incorrect"),
            ("/a{1\u{1D7D9}}", "Range number format incorrect"),
            ("/[", "Set was not terminated!"),
            (String(repeating: "a", count: 2_100), "Pattern is too large!"),
        ]
        for (pattern, reason) in rejected {
            #expect(throws: AndroidPathPattern.Rejection(description: reason), "\(pattern)") {
                try AndroidPathPattern(.advancedGlob, pattern)
            }
        }
        #expect(throws: Never.self) { try AndroidPathPattern(.simpleGlob, "/a**") }
    }

    @Test("Apple: '*' crosses '/', '?' is one character, patterns match whole parts")
    func appleGlob() {
        let parameter = AppleLinkComponent(path: "/products/?*")
        #expect(parameter.matches(path: "/products/42"))
        #expect(parameter.matches(path: "/products/4/2"))  // deeper paths too: the trap
        #expect(!parameter.matches(path: "/products/"))
        #expect(AppleLinkComponent(path: "/products/*").matches(path: "/products/"))
        #expect(AppleLinkComponent(path: "/products").matches(path: "/products/"))
        #expect(AppleLinkComponent(path: "/a?c").matches(path: "/abc") && !AppleLinkComponent(path: "/a?c").matches(path: "/ac"))
        #expect(!AppleLinkComponent(path: "/Cart").matches(path: "/cart"))
        #expect(AppleLinkComponent(path: "/Cart", caseSensitive: false).matches(path: "/cart"))
        // No path pattern: every path.
        #expect(AppleLinkComponent(fragment: "no_universal_links", exclude: true).matches(path: "/x", fragment: "no_universal_links"))
        #expect(!AppleLinkComponent(fragment: "no_universal_links").matches(path: "/x"))
        // Query items: each named item must be there and match.
        let help = AppleLinkComponent(path: "/help/*", queryItems: [.init(name: "articleNumber", pattern: "????")])
        #expect(help.matches(path: "/help/1", query: "articleNumber=4815&x=1"))
        #expect(!help.matches(path: "/help/1", query: "articleNumber=48"))
        #expect(!help.matches(path: "/help/1"))
    }

    @Test("Apple: components are tried in order, the first match decides, exclude stops")
    func appleOrder() {
        let components = [
            AppleLinkComponent(path: "/products/?*/?*", exclude: true),
            AppleLinkComponent(path: "/products/?*"),
            AppleLinkComponent(path: "/products/new", exclude: true),
        ]
        #expect(AppleLinkComponent.decide(components, path: "/products/42")! == (1, true))
        #expect(AppleLinkComponent.decide(components, path: "/products/4/2")! == (0, false))
        // The exclusion after the component that claims '/products/new' is never reached.
        #expect(AppleLinkComponent.decide(components, path: "/products/new")! == (1, true))
        #expect(AppleLinkComponent.decide(components, path: "/cart") == nil)
        // `/*` at the end may be left out: `/products/*/*` also excludes `/products/42`.
        let parentFirst = [AppleLinkComponent(path: "/products/*/*", exclude: true)] + components.dropFirst()
        #expect(AppleLinkComponent.decide(parentFirst, path: "/products/42")! == (0, false))
    }

    /// What iOS does with a path, as Apple's `swcutil match` shows it: (pattern, URL path, matches).
    static let applePaths: [(String, String, Bool)] = [
        // The leading '/' is optional; a leading run collapses.
        ("abc", "/abc", true), ("buy/*", "/buy/42", true), ("//abc", "/abc", true), ("///buy/?*", "/buy/7", true),
        // A trailing run of '/' is dropped from pattern and URL alike.
        ("/buy", "/buy/", true), ("/buy", "/buy//", true), ("/buy/", "/buy", true), ("/buy/", "/buy//", true),
        ("/buy//", "/buy", true), ("/buy", "/buyer", false),
        // A pattern ending in '/*' also matches the path without that segment; nothing more.
        ("/buy/*", "/buy", true), ("/a/b/*", "/a/b", true), ("/a/b/*", "/a/b/", true), ("/buy/*", "/buyer", false),
        ("/a/*/c", "/a/c", false), ("/id/????", "/id/481/", false), ("/id/????", "/id/4812/", true),
        ("/buy/?*", "/buy", false), ("/buy/*x", "/buy", false), ("/buy*", "/buy", true), ("/buy/**", "/buy", false),
        // '/' is the empty path, with or without its '/'.
        ("/", "", true), ("/", "/", true), ("/", "//", true), ("/", "/a", false), ("*", "", true), ("/*", "/", true),
        // Interior runs of '/' are kept.
        ("/a/b", "/a//b", false), ("/a//b", "/a//b", true),
    ]

    /// Query dictionaries as iOS matches them: (the dictionary, the URL's query or nil for none, matches).
    static let appleQueries: [([(String, String)], String?, Bool)] = [
        // An item the URL does not have counts as the empty string.
        ([("b", "*")], nil, true), ([("b", "")], nil, true), ([("b", "?*")], nil, false), ([("b", "1")], nil, false),
        ([("b", "*")], "a=1", true), ([("b", "?*")], "a=1", false), ([("a", "1"), ("b", "")], "a=1", true),
        // A name the URL repeats must match on every occurrence, in any order.
        ([("id", "42")], "id=7&id=42", false), ([("id", "42")], "id=42&id=7", false), ([("id", "7")], "id=7&id=7", true),
        ([("id", "*")], "id=7&id=42", true), ([("id", "?*")], "id=7&id=42", true), ([("id", "?*")], "id=7&id=", false),
        // Other items are allowed.
        ([("a", "1")], "b=2&a=1", true),
    ]

    @Test("Apple: a query item the URL lacks is the empty string; a repeated one must match every time")
    func appleQueries() {
        for (items, query, expected) in Self.appleQueries {
            let component = AppleLinkComponent(path: "/p", queryItems: items.map { .init(name: $0.0, pattern: $0.1) })
            #expect(component.matches(path: "/p", query: query) == expected, "\(items) on \(query ?? "no query")")
            // The automaton says whether some URL of the path opens the app and whether every
            // one does, with a query that shows it, which the matcher confirms.
            let language = AppleComponentLanguage([component])
            let state = "/p".utf16.reduce(language.start) { language.step($0, $1) }
            for quantifier in [AppleComponentLanguage.Quantifier.someURL, .everyURL] {
                let end = language.urlEnd(state, quantifier)
                let witnessQuery = end.isEmpty ? nil : String(end.dropFirst())
                let accepted = (quantifier == .someURL ? language.accepts(state) : language.everyURL(state).accepts) == true
                #expect(component.matches(path: "/p", query: witnessQuery) == accepted, "\(quantifier) \(items): '\(end)'")
                // Some URL matches every dictionary here; every URL only one of `*` values.
                let everyValue = items.allSatisfy { $0.1 == "*" }
                #expect(accepted == (quantifier == .someURL || everyValue), "\(quantifier) \(items)")
            }
        }
    }

    @Test("Apple: paths as iOS compares them: leading '/' optional, trailing '/' dropped, a final '/*' optional")
    func applePaths() {
        for (pattern, path, expected) in Self.applePaths {
            #expect(AppleLinkComponent(path: pattern).matches(path: path) == expected, "'\(pattern)' on '\(path)'")
            // The automaton that decides a file over every path answers the same.
            let language = AppleComponentLanguage([AppleLinkComponent(path: pattern)])
            let state = path.utf16.reduce(language.start) { language.step($0, $1) }
            #expect(language.accepts(state) == expected, "automaton: '\(pattern)' on '\(path)'")
        }
    }

    /// `percentEncoded` as iOS applies it: (pattern, URL path as written, percentEncoded, matches).
    static let appleEscapes: [(String, String, Bool, Bool)] = [
        // False: the URL is decoded, the pattern left as written.
        ("/a b", "/a%20b", false, true), ("/café/*", "/caf%C3%A9/menu", false, true), ("/a%20b", "/a%20b", false, false),
        ("/a/b", "/a%2Fb", false, true), ("/a/*", "/a%2Fb", false, true), ("/a", "/a%2F", false, true),
        ("/caf?", "/caf%C3%A9", false, true), ("/caf??", "/caf%C3%A9", false, false),
        ("/a/b/c/d/e/f/g/h", "/a%2Fb/c%2Fd/e/f/g%2Fh", false, true), ("/a/b/c/d/e/f/g/h", "/a%2Fb/c%2Fd/e/f/g%2Fi", false, false),
        // A path that does not decode (a malformed escape, bytes that are not UTF-8) matches nothing.
        ("*", "/a%zz", false, false), ("*", "/a%C3", false, false), ("*", "/a%C3%28", false, false), ("*", "/%C0%AF", false, false),
        ("*", "/%ED%A0%80", false, false), ("*", "/%F4%90%80%80", false, false), ("*", "/%F0%9F%98%80", false, true),
        // True (the default): escapes compare as written, hex case included.
        ("/a b", "/a%20b", true, false), ("/a%20b", "/a%20b", true, true), ("/a/b", "/a%2Fb", true, false),
        ("/caf%C3%A9", "/caf%c3%a9", true, false), ("*", "/a%zz", true, true),
    ]

    @Test("Apple: percentEncoded false decodes the URL and leaves the pattern as written")
    func appleEscapes() {
        for (pattern, path, percentEncoded, expected) in Self.appleEscapes {
            let component = AppleLinkComponent(path: pattern, percentEncoded: percentEncoded)
            #expect(component.matches(path: path) == expected, "'\(pattern)' on '\(path)', percentEncoded \(percentEncoded)")
            let language = AppleComponentLanguage([component])
            let state = path.utf16.reduce(language.start) { language.step($0, $1) }
            #expect(language.accepts(state) == expected, "automaton: '\(pattern)' on '\(path)', percentEncoded \(percentEncoded)")
        }
        // Query items and the fragment are decoded too.
        let decoded = AppleLinkComponent(queryItems: [.init(name: "q", pattern: "a b")], fragment: "é", percentEncoded: false)
        #expect(decoded.matches(path: "/", query: "q=a%20b", fragment: "%C3%A9"))
        #expect(!decoded.matches(path: "/", query: "q=a%2", fragment: "%C3%A9"))
        #expect(!AppleLinkComponent(queryItems: [.init(name: "q", pattern: "a b")]).matches(path: "/", query: "q=a%20b"))
    }

    /// Substitution variables: (the file's lists, pattern, URL path, caseSensitive, matches).
    static let appleVariables: [([String: [String]], String, String, Bool, Bool)] = [
        (["food": ["pizza", "ta?o", "bur*"]], "/$(food)/menu", "/pizza/menu", true, true),
        (["food": ["pizza", "ta?o", "bur*"]], "/$(food)/menu", "/taco/menu", true, true),
        (["food": ["pizza", "ta?o", "bur*"]], "/$(food)/menu", "/burger/x/menu", true, true),
        (["food": ["pizza", "ta?o", "bur*"]], "/$(food)/menu", "/pasta/menu", true, false),
        (["food": ["pizza"]], "/$(food)/menu", "/PIZZA/menu", true, false),
        (["food": ["pizza"]], "/$(food)/menu", "/PIZZA/menu", false, true),
        (["food": ["pizza"]], "/$(food)", "/pizza/", true, true), (["food": []], "/$(food)", "/", true, false),
        // Undefined: matches nothing, never its own text.
        ([:], "/$(food)", "/$(food)", true, false), ([:], "/x/*", "/x/$(food)", true, true),
        ([:], "/x$(food)", "/x", true, false), ([:], "/x$(food)", "/x$(food)", true, false),
        // Not a variable: '$(' without ')', or a name with '$' or '('.
        ([:], "/$(a", "/$(a", true, true), ([:], "/$($a)", "/$($a)", true, true),
        // Predefined classes: one ASCII character.
        ([:], "/$(alpha)", "/q", true, true), ([:], "/$(alpha)", "/Q", true, true), ([:], "/$(alpha)", "/1", true, false),
        ([:], "/$(alpha)", "/qq", true, false), ([:], "/$(upper)", "/Q", true, true), ([:], "/$(upper)", "/q", true, false),
        ([:], "/$(upper)", "/q", false, true), ([:], "/$(lower)", "/Q", true, false), ([:], "/$(lower)", "/Q", false, true),
        ([:], "/$(alnum)$(alnum)", "/a7", true, true), ([:], "/$(digit)", "/7", true, true), ([:], "/$(digit)", "/x", true, false),
        ([:], "/$(xdigit)", "/F", true, true), ([:], "/$(xdigit)", "/g", true, false), ([:], "/$(xdigit)", "/f", false, true),
        // ISO codes: regions in capitals, languages in small letters.
        ([:], "/$(region)/*", "/GB/x", true, true), ([:], "/$(region)/*", "/UK/x", true, false),
        ([:], "/$(region)/*", "/gb/x", true, false), ([:], "/$(region)/*", "/gb/x", false, true),
        ([:], "/$(lang)_$(region)", "/en_US", true, true), ([:], "/$(lang)_$(region)", "/xx_US", true, false),
        ([:], "/$(lang)", "/fil", true, true),
    ]

    @Test("Apple: substitution variables expand to their values; predefined ones to a class or ISO codes")
    func appleVariables() {
        for (lists, pattern, path, caseSensitive, expected) in Self.appleVariables {
            let component = AppleLinkComponent(
                path: pattern, caseSensitive: caseSensitive, variables: AppleSubstitutionVariables(lists))
            #expect(component.matches(path: path) == expected, "'\(pattern)' on '\(path)' with \(lists)")
            let language = AppleComponentLanguage([component])
            let state = path.utf16.reduce(language.start) { language.step($0, $1) }
            #expect(language.accepts(state) == expected, "automaton: '\(pattern)' on '\(path)' with \(lists)")
        }
        // Variables stand in the query and fragment too.
        let query = AppleLinkComponent(
            queryItems: [.init(name: "lang", pattern: "$(lang)")], fragment: "$(digit)*",
            variables: AppleSubstitutionVariables())
        #expect(query.matches(path: "/", query: "lang=de", fragment: "1a") && !query.matches(path: "/", query: "lang=deu1", fragment: "1"))
        // resolve says which value each variable took.
        let decided = AppleLinkComponent(
            path: "/$(food)/$(digit)/*", variables: AppleSubstitutionVariables(["food": ["pizza", "ta?o"]]))
        let match = decided.pathMatch("/taco/7/menu")
        #expect(match?.variables.map { "\($0.name)=\($0.value)" } == ["food=ta?o", "digit=7"])
    }

    /// Every path of up to four pieces over an alphabet of escapes, slashes and letters, decided by
    /// the string matcher and by the automaton, for patterns with every feature of the matcher;
    /// for a component that decodes, every such path a URL spells.
    @Test("Apple: the automaton decides every short path as the matcher does, escapes and variables included")
    func appleAutomatonAgrees() {
        let pieces = ["/", "a", "A", "b", "%2F", "%C3%A9", "%C3", "%41", "%2", "%zz", "%F0%9F%98%80", "é"]
        var paths: [String] = [""]
        var frontier: [String] = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { path in pieces.map { path + $0 } }
            paths += frontier
        }
        let variables = AppleSubstitutionVariables(["x": ["a", "?b", "é*"]])
        let patterns = [
            "/a/*", "/a/b/c/d/e/f/g/h/?", "/$(x)", "/$(x)/*", "*a", "/?", "/é*", "/$(alpha)$(x)", "/$(undefined)", "/a$(undefined)", "/a/b",
            "/*/?",
        ]
        for pattern in patterns {
            for caseSensitive in [true, false] {
                for percentEncoded in [true, false] {
                    let component = AppleLinkComponent(
                        path: pattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
                    let language = AppleComponentLanguage([component])
                    // A decoding component is walked over the paths as URLs spell them.
                    for path in paths where percentEncoded || ClaimedPathLanguage.isEncodedSpelling(path) {
                        let state = path.utf16.reduce(language.start) { language.step($0, $1) }
                        guard language.accepts(state) != component.matches(path: path) else { continue }
                        Issue.record("'\(pattern)' caseSensitive \(caseSensitive) percentEncoded \(percentEncoded) on '\(path)'")
                        return
                    }
                }
            }
        }
    }
}
