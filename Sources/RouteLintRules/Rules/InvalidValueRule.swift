import RouteLintCore

/// `invalid-value`: a value of the wrong type or outside its choices.
package enum InvalidValueRule: FileRule {
    package static let description = RuleDescription(
        id: "invalid-value",
        defaultSeverity: .error,
        summary: "A value of the wrong type, an unknown enum value, a negative index or an unsupported manifest version.",
        rationale: """
            Every field has a type: `index` is an integer of 0 or more, `stacked` is `true` or \
            `false`, `presentation` is `push`, `sheet` or `fullscreen`, names match \
            `[A-Za-z_][A-Za-z0-9_.-]*`, a parameter's or a query item's type is `string`, `int`, \
            `uuid` or a list of distinct, non-empty values, and a query item's `default` is of its \
            type and never beside `required: true` (a URL without the item would never open the \
            route, so the default would never be taken). Values are read by the YAML 1.2 core schema, so `yes` \
            is a string, not a boolean, and `"3"` is a string, not an integer. A file with an \
            unsupported `manifest` version is reported once and still checked as version 1.
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                ios: {app-ids: [↓shop.app]}
                android:
                  package: ↓shop
                  activity: ↓Main-Activity
                  cert-fingerprints: [↓"14:6D:E9"]
                  min-sdk: ↓0
                """),
            RuleExample(
                """
                manifest: 1
                tabs:
                  home:
                    activity: shop
                    index: ↓-1
                    root: home
                    icon: house
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  filters:
                    presentation: ↓modal
                    stacked: ↓yes
                """),
            RuleExample(
                """
                manifest: ↓2
                """),
            RuleExample(
                """
                manifest: 1
                routes:
                  product:
                    path: /products/:id
                    params: {id: ↓integer}
                    query:
                      color: [red, ↓red, ↓""]
                      page: {type: int, default: ↓first}
                      lang: {type: string, required: true, default: ↓en}
                      ↓"a=b": string
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [filters]}
                  filters:
                    activity: shop
                    holder: H
                    presentation: sheet
                    stacked: true
                """),
            RuleExample(
                """
                manifest: 1
                hosts: [shop.example.com]
                ios: {app-ids: [ABCDE12345.com.example.shop]}
                android:
                  package: com.example.shop
                  activity: .MainActivity
                  cert-fingerprints:
                    - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
                  min-sdk: 26
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [preview]}
                  preview: {path: /preview/:id, activity: shop, holder: H, web: false}
                """),
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders: {H: {}}
                routes:
                  home: {path: /, holder: H, links: [product, search]}
                  product:
                    path: /products/:id
                    activity: shop
                    holder: H
                    params: {id: int}
                    query: {ref: string, color: [red, blue]}
                  search:
                    path: /search
                    activity: shop
                    holder: H
                    query:
                      q: {type: string, required: true}
                      page: {type: int, default: 1}
                      order: {type: [relevance, newest], default: newest}
                """),
        ],
        fix:
            "writes the value meant: the choice or type a value nearly spells (`shet` → `sheet`, `integer` → `int`), `true` or `false` for YAML 1.1's `yes` and `no`"
    )

    package static func check(_ issues: [ManifestIssue], into findings: inout FindingSink) {
        for case .invalidValue(let problem, let range) in issues {
            var suggestion: String?
            if case .unknownChoice(_, let text, let choices) = problem { suggestion = Suggestion.nearest(to: text, among: choices) }
            if case .unknownType(_, let text) = problem {
                suggestion = DeclaredType.nameMeant(by: text)
            }
            // YAML 1.1's booleans are strings in 1.2: `yes` meant `true`.
            if case .wrongType(_, .boolean, .scalar(_, let text)) = problem { suggestion = yamlOneOneBoolean[text.lowercased()] }
            let (message, subjects) = words(problem, suggestion: suggestion)
            findings.report(description, message, at: range, subjects: subjects, suggestion: suggestion)
        }
    }

    /// YAML 1.1's words for booleans, which YAML 1.2 reads as strings, and the boolean each meant.
    static let yamlOneOneBoolean = [
        "yes": "true", "y": "true", "on": "true", "no": "false", "n": "false", "off": "false",
    ]

    /// The message, with the nearest choice suggested for an unknown one, and the names that
    /// identify the finding.
    static func words(_ problem: InvalidValue, suggestion: String?) -> (String, [FindingSubject]) {
        let nameSyntax = "names match [A-Za-z_][A-Za-z0-9_.-]*"
        switch problem {
        case .topLevelNotMapping(let found):
            return ("the top level of a manifest must be a mapping, found \(phrase(found))", KeyOwner.topLevel.subjects)
        case .wrongType(let field, let expected, let found):
            return ("\(phrase(field)) must be \(phrase(expected)), found \(phrase(found))" + Suggestion.hint(suggestion), subjects(field))
        case .nonScalarKey(let owner, let found):
            return ("keys in \(owner) must be strings, found \(phrase(found))", owner.subjects)
        case .invalidEntityName(let kind, let text):
            return ("'\(text)' is not a valid \(kind.rawValue) name; \(nameSyntax)", [.entity(kind, text)])
        case .entityNotMapping(let kind, let name, let found):
            return ("\(kind.rawValue) '\(name)' must be a mapping of its fields, found \(phrase(found))", [.entity(kind, name)])
        case .invalidName(let field, let text):
            return (
                "\(phrase(field)) is '\(text)', which is not a valid name; \(nameSyntax)", subjects(field) + [FindingSubject(.value, text)]
            )
        case .invalidParameterName(let field, let text):
            return (
                "\(phrase(field)) is '\(text)', which is not a parameter name; parameter names match [A-Za-z_][A-Za-z0-9_]*",
                subjects(field) + [FindingSubject(.parameter, text)]
            )
        case .negativeIndex(let field, let value):
            return ("\(phrase(field)) must be 0 or more, found \(value)", subjects(field))
        case .unknownChoice(let field, let text, let choices):
            return (
                "\(phrase(field)) must be \(englishList(choices, conjunction: "or")), found '\(text)'"
                    + Suggestion.hint(suggestion), subjects(field) + [FindingSubject(.value, text)]
            )
        case .unsupportedVersion(let version):
            return (
                "unsupported manifest version \(version); version 1 is the only one, and the file is checked as version 1",
                [.key("manifest")]
            )
        case .invalidScheme(let text):
            return (
                "'\(text)' is not a URL scheme; write it without '://', as letters, digits, '+', '.' and '-'",
                [.key(TopLevelKey.schemes.name), FindingSubject(.value, text)]
            )
        case .invalidHost(let text):
            return (
                "'\(text)' is not a host name; write the host alone, like 'example.com', without scheme, port or path",
                [.key(TopLevelKey.hosts.name), FindingSubject(.value, text)]
            )
        case .invalidAppID(let text):
            return (
                "'\(text)' is not an app ID; write the team ID (10 letters and digits), a dot and the bundle ID, like 'ABCDE12345.com.example.shop'",
                [.key("ios.app-ids"), FindingSubject(.value, text)]
            )
        case .invalidAndroidName(let field, let text):
            let what =
                field.key == AndroidKey.package.name
                ? "a package name, like 'com.example.shop'"
                : "an activity class name, like '.MainActivity' or 'com.example.shop.MainActivity'"
            return ("\(phrase(field)) is '\(text)', which is not \(what)", subjects(field) + [FindingSubject(.value, text)])
        case .invalidFingerprint(let text):
            return (
                "'\(text)' is not a SHA-256 certificate fingerprint; write its 32 bytes in hex, joined by ':' (as 'keytool -list' prints it)",
                [.key("android.cert-fingerprints"), FindingSubject(.value, text)]
            )
        case .invalidAPILevel(let level):
            return ("'min-sdk' of 'android' must be an Android API level from 1, found \(level)", [.key("android.min-sdk")])
        case .mergeNotMapping(let owner, let found):
            return ("'<<' in \(owner) must merge a mapping or a list of mappings, found \(phrase(found))", owner.subjects + [.key("<<")])
        case .unknownType(let field, let text):
            return (
                "\(phrase(field)) must be a type — string, int, uuid or a list of values — found '\(text)'" + Suggestion.hint(suggestion),
                subjects(field) + [FindingSubject(.value, text)]
            )
        case .emptyValueList(let field):
            return ("\(phrase(field)) lists no value; a list of values needs at least one", subjects(field))
        case .emptyListedValue(let field):
            return ("\(phrase(field)) is the empty string, which no path segment or query value is", subjects(field))
        case .repeatedListedValue(let field, let text):
            return ("\(phrase(field)) is '\(text)', which the list already holds", subjects(field) + [FindingSubject(.value, text)])
        case .invalidQueryItemName(let route, let text):
            return (
                "'\(text)' in 'query' of route '\(route)' is not a query item name; write it as a URL's query does, without '&', '=', '#' or white space",
                [.route(route), .key(RouteKey.query.name), FindingSubject(.queryItem, text)]
            )
        case .defaultNotOfType(let field, let value, let type):
            return (
                "\(phrase(field)) is '\(value)', which is not of the item's type \(type)", subjects(field) + [FindingSubject(.value, value)]
            )
        case .defaultWithRequired(let field):
            return (
                "\(phrase(field)) is set beside 'required: true'; a URL without the item never opens the route, so the default is never taken",
                subjects(field)
            )
        case .webBesideInApp(let field):
            return (
                "\(phrase(field)) is true beside 'in-app: true'; no link from outside opens an in-app route, so no link file claims it",
                subjects(field)
            )
        }
    }

    /// "'index' of tab 'home'", "an item of 'links' of route 'home'", or "'app'" at the top level.
    private static func phrase(_ field: FieldReference) -> String {
        let named = field.owner == .topLevel ? "'\(field.key)'" : "'\(field.key)' of \(field.owner)"
        return field.isItem ? "an item of \(named)" : named
    }

    /// What identifies a finding about a field's value, without its line.
    private static func subjects(_ field: FieldReference) -> [FindingSubject] { field.owner.subjects + [.key(field.key)] }

    private static func phrase(_ expected: ExpectedValue) -> String {
        switch expected {
        case .string: return "a string"
        case .integer: return "an integer"
        case .boolean: return "true or false"
        case .list: return "a list"
        case .formatVersion: return "the integer 1"
        case .mapping: return "a mapping"
        case .names(let kind): return "a mapping of \(kind.rawValue) names"
        case .type: return "a type (string, int, uuid or a list of values)"
        case .parameterTypes: return "a mapping of parameter names to types, like {id: int}"
        case .queryItems: return "a mapping of item names to types or {type, required, default}, like {ref: string}"
        case .defaultValue: return "a string or an integer"
        }
    }

    private static func phrase(_ found: FoundValue) -> String {
        switch found {
        case .mapping: return "a mapping"
        case .list: return "a list"
        case .null: return "null"
        case .scalar(let type, let text): return "\(type) '\(text)'"
        }
    }
}
