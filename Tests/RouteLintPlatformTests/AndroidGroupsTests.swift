import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// Android 15's `<uri-relative-filter-group>` as AOSP decides it: a plain path attribute that
/// matches wins, else the first group whose filters all match allows or blocks; a query filter
/// matches one piece of the decoded query (split on `&`, or on `;` when that gives one piece,
/// as Java's `split` does), a fragment filter the decoded fragment, which a URL without `#`
/// lacks. `AndroidReference` (in the test support) is written from those facts; the automaton,
/// its quantifiers and `resolve` are checked against it.
@Suite("Android URI-relative filter groups")
struct AndroidGroupsTests {
    /// Every path attribute of `filter` as findings name it, in the order they are numbered.
    static func attributeNames(_ filter: AndroidIntentFilter) -> [String] {
        var names: [String] = []
        while let name = filter.attributeName(at: names.count) { names.append(name) }
        return names
    }

    typealias Random = SeededRandom

    static func group(allows: Bool = true, _ filters: [(AndroidIntentFilter.URLPart, AndroidPathPattern.Kind, String)]) throws
        -> AndroidIntentFilter.Group
    {
        var group = AndroidIntentFilter.Group()
        group.allows = allows
        group.filters = try filters.map { AndroidIntentFilter.RelativeFilter(part: $0.0, pattern: try AndroidPathPattern($0.1, $0.2)) }
        return group
    }

    static func filter(paths: [AndroidPathPattern] = [], groups: [AndroidIntentFilter.Group]) -> AndroidIntentFilter {
        var filter = AndroidIntentFilter(schemes: ["https"], hosts: ["a.test"], paths: paths)
        filter.groups = groups
        return filter
    }

    /// What the language decides for a URL `path?query#fragment` (decoded parts).
    static func outcome(
        _ filters: [AndroidIntentFilter], rules: [AndroidDynamicRule] = [], _ path: String, query: String?, fragment: String?,
        apiLevel: Int = 35
    ) -> AndroidFilterLanguage.Outcome {
        let language = AndroidFilterLanguage(filters, apiLevel: apiLevel, dynamicRules: rules)
        var state = language.start
        for unit in path.utf16 { state = language.step(state, unit) }
        return language.outcome(state, query: query.map { Array($0.utf16) }, fragment: fragment.map { Array($0.utf16) })
    }

    // MARK: - Facts

    @Test("Uri decodes a malformed escape as U+FFFD, then the byte read so far, then what follows")
    func decoding() {
        let cases: [(String, String)] = [
            ("/a%zz", "/a\u{FFFD}\u{0}z"),
            ("/a%4z/", "/a\u{FFFD}\u{4}/"),
            ("/a%z%41", "/a\u{FFFD}\u{0}A"),
            ("/a%4", "/a\u{FFFD}"),
            ("/a%", "/a\u{FFFD}"),
            ("/caf%C3%A9", "/café"),
            ("/caf%c3%a9/x", "/café/x"),
            ("/a%C3", "/a\u{FFFD}"),
            ("/a%C3x", "/a\u{FFFD}x"),
            ("/a+b%2Fc", "/a+b/c"),
            ("/é", "/é"),
            ("/a%25zz", "/a%zz"),
        ]
        for (encoded, decoded) in cases {
            #expect(String(decoding: AndroidURIDecoding.decode(encoded.utf8), as: UTF16.self) == decoded, "\(encoded)")
        }
    }

    @Test("a query is split on '&', or on ';' when that gives one piece, as Java splits")
    func querySplitting() {
        let cases: [(String, [String])] = [
            ("b=2&a=1", ["b=2", "a=1"]), ("a=1&", ["a=1&"]), ("", [""]), ("&", []), ("&&", []), ("&a", ["", "a"]),
            ("x;y", ["x", "y"]), ("x;y&z", ["x;y", "z"]), ("x;y;", ["x", "y"]), ("a", ["a"]),
        ]
        for (query, pieces) in cases {
            #expect(AndroidReference.queryPieces(query) == pieces, "reference on \(query)")
            #expect(
                AndroidQueryAndFragment.pieces(ofQuery: Array(query.utf16)).map { String(decoding: $0, as: UTF16.self) } == pieces,
                "\(query)")
        }
    }

    @Test("groups: the URLs the issue's facts name, through the automaton")
    func facts() throws {
        let queryGroup = Self.filter(groups: [try Self.group([(.path, .literal, "/x"), (.query, .literal, "a=1")])])
        let queries: [(String?, Bool)] = [
            ("a=1", true), ("b=2&a=1", true), ("a=1&", false), (nil, false), ("x;a=1", true), ("x;a=1&b", false), ("", false),
        ]
        for (query, opens) in queries {
            #expect(Self.outcome([queryGroup], "/x", query: query, fragment: nil).opensApp == opens, "\(query ?? "no query")")
            #expect(AndroidReference.opens([queryGroup], path: "/x", query: query, fragment: nil) == opens)
        }
        #expect(!Self.outcome([queryGroup], "/y", query: "a=1", fragment: nil).opensApp)

        let emptyFragment = Self.filter(groups: [try Self.group([(.fragment, .literal, "")])])
        #expect(Self.outcome([emptyFragment], "/any", query: nil, fragment: "").opensApp)
        #expect(!Self.outcome([emptyFragment], "/any", query: nil, fragment: nil).opensApp)
        let anyFragment = Self.filter(groups: [try Self.group([(.fragment, .prefix, "")])])
        #expect(!Self.outcome([anyFragment], "/any", query: "a", fragment: nil).opensApp)

        // A plain attribute wins over a block; otherwise the first matching group decides.
        let ordered = Self.filter(
            paths: [try AndroidPathPattern(.literal, "/help/faq")],
            groups: [
                try Self.group(allows: false, [(.path, .prefix, "/help/"), (.query, .literal, "print=1")]),
                try Self.group([(.path, .prefix, "/help/")]),
            ])
        #expect(Self.outcome([ordered], "/help/faq", query: "print=1", fragment: nil) == .opens(attribute: 0))
        #expect(Self.outcome([ordered], "/help/x", query: "print=1", fragment: nil) == .blocked(attribute: 1))
        #expect(Self.outcome([ordered], "/help/x", query: "print=2", fragment: nil) == .opens(attribute: 3))
        // Below API 35 the groups are not read: the filter has no path attribute left for it
        // but `/help/faq`.
        #expect(Self.outcome([ordered], "/help/x", query: nil, fragment: nil, apiLevel: 34) == .unclaimed)
        let onlyGroups = Self.filter(groups: [try Self.group([(.path, .literal, "/a")])])
        #expect(Self.outcome([onlyGroups], "/b", query: nil, fragment: nil, apiLevel: 34).opensApp)
        #expect(!Self.outcome([onlyGroups], "/b", query: nil, fragment: nil).opensApp)
    }

    @Test("a group with no filter attribute is dropped when the manifest is read; rejected ones match nothing")
    func reading() throws {
        let manifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name=".A">
            <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" /><category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" /><data android:host="a.test" />
            <uri-relative-filter-group android:allow="false"><data android:host="a.test" /></uri-relative-filter-group>
            </intent-filter>
            <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" /><category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" /><data android:host="b.test" />
            <uri-relative-filter-group><data android:queryAdvancedPattern="[a-" /></uri-relative-filter-group>
            <uri-relative-filter-group><data android:path="/a" android:fragmentSuffix="top" /></uri-relative-filter-group>
            </intent-filter></activity></application></manifest>
            """
        let source = PlatformFileSource(file: SourceFile(id: FileID(0), path: "AndroidManifest.xml", bytes: Array(manifest.utf8)), app: nil)
        let file = PlatformFile.read(source, kind: .androidManifest)
        guard case .androidManifest(let filters) = file.content else {
            Issue.record("not read as a manifest")
            return
        }
        #expect(filters.map(\.filter.groups.count) == [0, 2])
        #expect(filters[1].filter.groups[0].hasRejectedFilter)
        #expect(
            Self.attributeNames(filters[1].filter) == [
                "android:path '/a' of a <uri-relative-filter-group>", "android:fragmentSuffix 'top' of a <uri-relative-filter-group>",
            ])
        #expect(filters[1].attributeRanges.count == 2)
        let decide = { (url: String) in
            PlatformResolver.resolve([url], platform: .android, platformFiles: [source], apps: []).first?.answers.last.map {
                "\($0.opensApp ? "app" : "web"): \($0.decidedBy ?? "-")"
            }
        }
        // The dropped group leaves a filter with no path attribute: every path of a.test.
        #expect(decide("https://a.test/anything") == "app: an intent filter with no path attribute read at this level")
        #expect(decide("https://b.test/a#stop") == "app: android:path '/a' of a <uri-relative-filter-group>")
        #expect(decide("https://b.test/a") == "web: -")
        // Android compares the host without user info, and decodes as Uri does.
        #expect(decide("https://user@b.test/a#stop") == "app: android:path '/a' of a <uri-relative-filter-group>")
        #expect(decide("https://b.test/a#s%74op") == "app: android:path '/a' of a <uri-relative-filter-group>")
    }

    @Test("a malformed escape decodes to U+FFFD, so android:path '/a%zz' is not met by '/a%zz'")
    func malformedEscapes() throws {
        let filter = Self.filter(paths: [try AndroidPathPattern(.literal, "/a%zz")], groups: [])
        let language = AndroidFilterLanguage([filter], apiLevel: 35)
        for (encoded, opens) in [("/a%zz", false), ("/a%25zz", true)] {
            var state = language.start
            for unit in AndroidURIDecoding.decode(encoded.utf8) { state = language.step(state, unit) }
            #expect(language.accepts(state) == opens, "\(encoded)")
        }
    }

    // MARK: - Against the reference

    static let pathAlphabet: [Character] = ["/", "a", "1"]
    static let partAlphabet: [Character] = ["a", "1", "="]
    static let patternAlphabet: [Character] = ["a", "1", "=", ".", "*"]

    static func randomFilters(_ random: inout Random) -> [AndroidIntentFilter] {
        (0..<Int.random(in: 1...2, using: &random)).map { _ in
            let paths = (0..<Int.random(in: 0...1, using: &random)).compactMap { _ in
                try? AndroidPathPattern(
                    AndroidPathPattern.Kind.allCases.randomElement(using: &random)!,
                    "/" + randomText(["a", "1", ".", "*"], maximumLength: 2, &random))
            }
            let groups = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                var group = AndroidIntentFilter.Group()
                group.allows = Bool.random(using: &random)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let part = [AndroidIntentFilter.URLPart.path, .query, .query, .fragment].randomElement(using: &random)!
                    let text = (part == .path ? "/" : "") + randomText(patternAlphabet, maximumLength: 3, &random)
                    if let pattern = try? AndroidPathPattern(AndroidPathPattern.Kind.allCases.randomElement(using: &random)!, text) {
                        group.filters.append(AndroidIntentFilter.RelativeFilter(part: part, pattern: pattern))
                    }
                }
                return group
            }
            return filter(paths: paths, groups: groups.filter { !$0.filters.isEmpty })
        }
    }

    /// Every string of at most `length` characters of `alphabet`.
    static func strings(_ alphabet: [Character], upTo length: Int) -> [String] {
        var all = [""]
        var last = [""]
        for _ in 0..<length {
            last = last.flatMap { prefix in alphabet.map { prefix + String($0) } }
            all += last
        }
        return all
    }

    /// The decoded query and fragment of a witness URL's end (`?q#f`, encoded).
    static func parts(ofEnd end: String) -> (query: String?, fragment: String?) {
        var rest = Substring(end)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(decoding: AndroidURIDecoding.decode(rest[rest.index(after: hash)...].utf8), as: UTF16.self)
            rest = rest[..<hash]
        }
        let query = rest.first == "?" ? String(decoding: AndroidURIDecoding.decode(rest.dropFirst().utf8), as: UTF16.self) : nil
        return (query, fragment)
    }

    /// Dynamic rules for half the draws: patterns of literals, `?`, `?*` and `*` before a literal
    /// or at the end; a parameter `a`; often a final `{"/": "*"}`.
    static func randomRules(_ random: inout Random) -> [AndroidDynamicRule] {
        guard Bool.random(using: &random) else { return [] }
        func pattern(_ pieces: [String], _ random: inout Random) -> String {
            var text = (0..<Int.random(in: 0...2, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if Int.random(in: 0..<3, using: &random) == 0 { text += "*" }
            // The documentation says nothing of `?` or `*` right after `*`: none is drawn.
            return text.isEmpty || text.contains("*?") || text.contains("**") ? "*" : text
        }
        var rules = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            var rule = AndroidDynamicRule(exclude: Bool.random(using: &random))
            if Bool.random(using: &random) { rule.path = "/" + pattern(["a", "1", "/", "?", "?*", "*a", "*/"], &random) }
            if Int.random(in: 0..<3, using: &random) == 0 {
                rule.query = [.init(name: "a", value: pattern(["1", "a", "?", "*1"], &random))]
            }
            if Int.random(in: 0..<4, using: &random) == 0 { rule.fragment = pattern(["a", "1", "?"], &random) }
            return rule
        }
        if Bool.random(using: &random) { rules.append(AndroidDynamicRule(path: "*")) }
        return rules
    }

    @Test("the dynamic rules' patterns: '*' up to the first occurrence of what follows, '?' one character")
    func dynamicPatterns() {
        let cases: [(String, String, Bool)] = [
            ("/help/*", "/help/a/b", true), ("/help/*", "/help/", true), ("/help/*", "/help", false),
            ("/*/edit", "/a/edit", true), ("/*/edit", "/a/b/edit", false), ("/p/?", "/p/1", true), ("/p/?", "/p/12", false),
            ("/p/?*", "/p/", false), ("/p/?*", "/p/12", true), ("*", "", true), ("/a.b", "/axb", false), ("/a.b", "/a.b", true),
            ("/[x]{1}+\\", "/[x]{1}+\\", true),
        ]
        for (pattern, path, expected) in cases {
            #expect(AndroidReference.dynamicGlob(pattern, path) == expected, "reference: \(pattern) on \(path)")
            #expect(AndroidDynamicRule.matcherPattern(pattern)?.matches(path) == expected, "\(pattern) on \(path)")
        }
        // A `?` right after `*` reads as before it: one character or more, up to what follows.
        #expect(AndroidDynamicRule.matcherPattern("/*?/x")?.matches("/ab/x") == true)
        #expect(AndroidDynamicRule.matcherPattern("/*?/x")?.matches("//x") == false)
    }

    @Test("a witness query whose filters the empty piece satisfies is the empty query, which splits into one piece")
    func emptyPieceWitness() throws {
        let group = try Self.group([(.query, .literal, ""), (.query, .simpleGlob, "")])
        let filters = [Self.filter(groups: [group])]
        let some = AndroidFilterLanguage(filters, apiLevel: 35)
        var state = some.start
        for unit in "/x".utf16 { state = some.step(state, unit) }
        #expect(some.accepts(state) == true)
        #expect(some.urlEnd(state) == "?")
        #expect(AndroidReference.opens(filters, path: "/x", query: "", fragment: nil))
    }

    @Test("forty rules naming query parameters are decided: the candidates grow with the rules, not with their subsets")
    func manyQueryRules() throws {
        let rules =
            (0..<40).map { AndroidDynamicRule(path: "/o/*", query: [.init(name: "ref\($0)", value: "?*")], exclude: true) }
            + [AndroidDynamicRule(path: "*")]
        let filters = [Self.filter(paths: [try AndroidPathPattern(.prefix, "/o/")], groups: [])]
        let every = AndroidFilterLanguage(filters, apiLevel: 35, dynamicRules: rules, quantifier: .everyURL)
        #expect(!every.isUndecided)
        #expect((every.relative?.candidates.count ?? 0) <= 2 * rules.count)
        var state = every.start
        for unit in "/o/x".utf16 { state = every.step(state, unit) }
        #expect(every.accepts(state) == false)
        let end = Self.parts(ofEnd: every.urlEnd(state))
        #expect(!AndroidReference.opens(filters, rules: rules, path: "/o/x", query: end.query, fragment: end.fragment))
        #expect(Self.outcome(filters, rules: rules, "/o/x", query: "a=1&ref7=2", fragment: nil) == .excluded(rule: 7))
        #expect(Self.outcome(filters, rules: rules, "/o/x", query: "ref7=", fragment: nil) == .opens(attribute: 0, rule: 40))
    }

    @Test("the automaton decides every URL as the reference does, with and without dynamic rules")
    func automatonAgrees() {
        var random = Random(state: 35)
        var opened = 0
        for _ in 0..<400 {
            let filters = Self.randomFilters(&random)
            let rules = Self.randomRules(&random)
            for _ in 0..<20 {
                let path = "/" + randomText(Self.pathAlphabet, maximumLength: 3, &random)
                let query: String? =
                    Bool.random(using: &random) ? nil : randomText(Self.partAlphabet + ["&", ";"], maximumLength: 5, &random)
                let fragment: String? =
                    Bool.random(using: &random) ? nil : randomText(Self.partAlphabet, maximumLength: 3, &random)
                let expected = AndroidReference.opens(filters, rules: rules, path: path, query: query, fragment: fragment)
                if expected { opened += 1 }
                #expect(
                    Self.outcome(filters, rules: rules, path, query: query, fragment: fragment).opensApp == expected,
                    "\(filters.map(Self.attributeNames)) \(rules.map(\.json)) on \(path)?\(query ?? "-")#\(fragment ?? "-")")
                // Below API 35 the rules change nothing.
                #expect(
                    Self.outcome(filters, rules: rules, path, query: query, fragment: fragment, apiLevel: 34)
                        == Self.outcome(filters, path, query: query, fragment: fragment, apiLevel: 34))
            }
        }
        #expect(opened > 500)
    }

    @Test("some URL / every URL: a path is held exactly when a URL of it opens the app (every URL does), with a true witness")
    func quantifiers() {
        var random = Random(state: 36)
        // Every query of up to three characters (pieces, '&' and ';') and every fragment of up to two.
        let queries = [nil] + Self.strings(Self.partAlphabet + ["&", ";"], upTo: 3).map(Optional.some)
        let fragments = [nil] + Self.strings(Self.partAlphabet, upTo: 2).map(Optional.some)
        var differing = 0
        for _ in 0..<160 {
            let filters = Self.randomFilters(&random)
            let rules = Self.randomRules(&random)
            let some = AndroidFilterLanguage(filters, apiLevel: 35, dynamicRules: rules, quantifier: .someURL)
            let every = AndroidFilterLanguage(filters, apiLevel: 35, dynamicRules: rules, quantifier: .everyURL)
            guard !some.isUndecided else {
                Issue.record("undecided: \(filters.map(Self.attributeNames))")
                continue
            }
            for _ in 0..<3 {
                let path = "/" + randomText(Self.pathAlphabet, maximumLength: 2, &random)
                var someState = some.start
                var everyState = every.start
                for unit in path.utf16 {
                    someState = some.step(someState, unit)
                    everyState = every.step(everyState, unit)
                }
                let name = "\(filters.map(Self.attributeNames)) \(rules.map(\.json)) on \(path)"
                // The walk reads a state's answers from one decision: they are the answers asked one by one.
                #expect(verdictsAgree(some, someState) && verdictsAgree(every, everyState), "verdicts: \(name)")
                let someEnd = Self.parts(ofEnd: some.urlEnd(someState))
                let everyEnd = Self.parts(ofEnd: every.urlEnd(everyState))
                let opens = { (query: String?, fragment: String?) in
                    AndroidReference.opens(filters, rules: rules, path: path, query: query, fragment: fragment)
                }
                if some.accepts(someState) == true {
                    #expect(opens(someEnd.query, someEnd.fragment), "some witness: \(name)")
                } else {
                    let opening = queries.lazy.flatMap { query in fragments.lazy.map { (query, $0) } }.first { opens($0.0, $0.1) }
                    #expect(opening == nil, "\(name): some URL opens, \(String(describing: opening))")
                }
                if every.accepts(everyState) == true {
                    let failing = queries.lazy.flatMap { query in fragments.lazy.map { (query, $0) } }.first { !opens($0.0, $0.1) }
                    #expect(failing == nil, "\(name): some URL stays on the web, \(String(describing: failing))")
                } else {
                    #expect(!opens(everyEnd.query, everyEnd.fragment), "every witness: \(name)")
                }
                if some.accepts(someState) != every.accepts(everyState) { differing += 1 }
            }
        }
        #expect(differing > 20)
    }
}
