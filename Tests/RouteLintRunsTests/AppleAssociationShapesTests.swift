import Foundation
import Testing
@testable import RouteLintCore
@testable import RouteLintPlatform
import RouteLintReporting

/// apple-app-site-association files in every shape iOS reads, with `defaults` applied as iOS
/// applies them, decided through `resolve`'s resolver; and what the reader reports of them.
@Suite("Apple association shapes and defaults")
struct AppleAssociationShapesTests {
    static func file(_ text: String) -> PlatformFileSource {
        PlatformFileSource(file: SourceFile(id: FileID(0), path: "apple-app-site-association", bytes: Array(text.utf8)), app: nil)
    }

    /// What iOS does with each URL by the file: the component that decides, or `web`.
    static func decide(_ text: String, _ urls: [String]) -> [String] {
        PlatformResolver.resolve(urls, platform: .ios, platformFiles: [file(text)], apps: []).map { decision in
            guard let answer = decision.answers.first else { return decision.problem ?? "no answer" }
            return answer.opensApp ? "app: \(answer.decidedBy ?? "")" : "web"
        }
    }

    static func issues(_ text: String) -> [String] {
        PlatformFile.read(file(text), kind: .appleAppSiteAssociation).issues.map { issue in
            switch issue {
            case .unexpected(let expected, let found, _): return "expected \(expected), found \(found)"
            case .misleadingPattern(let pattern, let explanation, _): return "\(pattern): \(explanation)"
            case .malformed(let message, _): return "malformed: \(message)"
            case .rejectedPattern(_, let pattern, let reason, _): return "\(pattern): \(reason)"
            case .oversizedAssociation(let bytes, _): return "oversized \(bytes)"
            case .ignoredDynamicRules(let problem, _): return "dynamic rules ignored: \(problem)"
            case .unresolvedReference(let unresolved, _): return "no value: \(unresolved.reference)"
            }
        }
    }

    @Test("defaults supply what a component leaves out; the component wins over its entry's, which win over the file's")
    func defaults() {
        let text = """
            {"applinks": {
              "defaults": {"caseSensitive": false, "/": "/bar/*"},
              "details": [{"appIDs": ["T.app"], "defaults": {"/": "/foo/*"},
                "components": [{"#": "*"}, {"/": "/Shop/?*", "caseSensitive": true}, {"/": "/x", "exclude": true}]}]
            }}
            """
        #expect(
            Self.decide(text, ["https://a.test/foo/1", "https://a.test/FOO/1", "https://a.test/bar/1", "https://a.test/shop/1"])
                == ["app: component '/foo/*'", "app: component '/foo/*'", "web", "web"])
        let excluding = """
            {"applinks": {"defaults": {"exclude": true}, "details": [{"appIDs": ["T.app"], "components": [{"/": "/a"}, {"/": "/b", "exclude": false}]}]}}
            """
        #expect(Self.decide(excluding, ["https://a.test/a", "https://a.test/b"]) == ["web", "app: component '/b'"])
        // A query default applies, and a component's own '?' replaces it.
        let query = """
            {"applinks": {"defaults": {"?": {"ref": "?*"}}, "details": [{"appIDs": ["T.app"], "components": [{"/": "/a"}, {"/": "/b", "?": "*"}]}]}}
            """
        #expect(
            Self.decide(query, ["https://a.test/a", "https://a.test/a?ref=1", "https://a.test/b"]) == [
                "web", "app: component '/a'", "app: component '/b'",
            ])
        #expect(Self.issues(text).isEmpty && Self.issues(excluding).isEmpty && Self.issues(query).isEmpty)
        // `percentEncoded` comes from the defaults too: an escape then no longer matches what it encodes.
        let decoded = """
            {"applinks": {"defaults": {"percentEncoded": false}, "details": [{"appIDs": ["T.app"], "components": [{"/": "/caf%C3%A9"}, {"/": "/tea"}]}]}}
            """
        #expect(
            Self.issues(decoded) == [
                "/caf%C3%A9: with 'percentEncoded': false iOS decodes the URL before it compares, so '%C3' matches only "
                    + "those three characters, never the character it encodes"
            ])
    }

    @Test("the oldest shape (details keyed by app ID) and a file of web credentials only are read, not refused")
    func olderShapes() {
        let keyed = """
            {"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["/news/*", "NOT /news/private"]}}}}
            """
        #expect(Self.issues(keyed).isEmpty)
        #expect(
            Self.decide(keyed, ["https://a.test/news", "https://a.test/news/1"]) == [
                "app: component '/news/*'", "app: component '/news/*'",
            ])
        guard case .association(let details) = PlatformFile.read(Self.file(keyed), kind: .appleAppSiteAssociation).content else {
            Issue.record("not read")
            return
        }
        #expect(details.map { $0.appIDs.map(\.value) } == [["ABCDE12345.com.example.app"]])
        let credentials = #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#
        #expect(Self.issues(credentials).isEmpty)
        #expect(Self.decide(credentials, ["https://a.test/x"]) == ["web"])
    }

    @Test("resolve says which component decided and how: after the defaults, the path and pattern as compared")
    func matchExplained() throws {
        let text = """
            {"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["T.app"],
              "components": [{"/": "/cart", "exclude": true}, {"/": "app/*", "#": "top"}]}]}}
            """
        let decisions = PlatformResolver.resolve(
            ["https://a.test/APP//#top", "https://a.test/app/x/#top"], platform: .ios, platformFiles: [Self.file(text)], apps: [])
        let parent = try #require(decisions[0].answers.first?.appleMatch)
        #expect(
            parent.index == 1 && parent.path.comparedPath == "/APP" && parent.path.comparedPattern == "/app/*"
                && parent.path.matchedWithoutFinalStar)
        #expect(parent.component.caseSensitive == false && parent.component.fragment == "top")
        let json = try JSONSerialization.jsonObject(with: Data(PlatformResolutionReporter.json(decisions).utf8)) as? [[String: Any]]
        let answer = try #require((json?.first?["answers"] as? [[String: Any]])?.first)
        let match = try #require(answer["match"] as? [String: Any])
        #expect(match["component"] as? Int == 1 && match["path"] as? String == "app/*" && match["query"] is NSNull)
        #expect(match["fragment"] as? String == "top" && match["exclude"] as? Bool == false && match["caseSensitive"] as? Bool == false)
        #expect(match["comparedPath"] as? String == "/APP" && match["comparedPattern"] as? String == "/app/*")
        #expect(match["matchedWithoutFinalStar"] as? Bool == true)
        let direct = try #require(decisions[1].answers.first?.appleMatch)
        #expect(direct.path.comparedPath == "/app/x" && !direct.path.matchedWithoutFinalStar)
    }

    @Test("a file resolve cannot use is a problem with the reason, never an empty answer")
    func unusable() {
        #expect(
            Self.decide(#"{"applinks": {"details": 5}}"#, ["https://a.test/x"]) == [
                "'apple-app-site-association' cannot be read as the platform reads it; 'routelint lint' with it says why"
            ])
        #expect(Self.decide("{", ["https://a.test/x"]).first?.contains("cannot be read") == true)
    }

    @Test("what iOS reads otherwise than the author meant is reported where it is written")
    func setupFindings() {
        let text = """
            {"applinks": {"apps": ["ABCDE12345.com.example.app"], "details": [
              {"appID": "T.one", "appIDs": ["T.two"], "components": [{"/": "/a", "?": {"a": "1", "flag": true}}], "paths": ["/b"]}
            ]}}
            """
        #expect(
            Self.issues(text) == [
                "expected 'apps': an empty array, or none (iOS reads the apps from 'details'), found 1 entry",
                "expected 'appIDs' or 'appID', not both (iOS reads 'appIDs'), found both",
                "expected 'components' or 'paths', not both (iOS 13 and later read 'components' only), found both",
                "flag: the value is a boolean, not a string, so iOS ignores the whole '?' dictionary and the component matches any query",
            ])
        // The dictionary ignored, the component matches whatever the query.
        #expect(Self.decide(text, ["https://a.test/a?a=2"]) == ["app: component '/a'"])
    }

    @Test("substitution variables are read from the file and used by every component; what iOS cannot use is reported")
    func substitutionVariables() throws {
        let text = """
            {"applinks": {
              "substitutionVariables": {"food": ["pizza", "ta?o", "$(food)s"], "region": ["GB", "UK"], "a(b": ["x"], "empty": []},
              "details": [{"appIDs": ["T.app"], "components": [
                {"/": "/$(food)/*"}, {"/": "/$(lang)/$(region)"}, {"/": "/$(drink)/*"}, {"/": "/e/$(empty)"}
              ]}]
            }}
            """
        #expect(
            Self.issues(text) == [
                "$(food)s: a value cannot use another variable: iOS does not expand '$(food)' here, so this value matches nothing",
                "region: '$(region)' is predefined by iOS and 'UK' is no ISO region code it knows; which of the two lists iOS uses "
                    + "is not documented, so the predefined one is kept",
                "expected a variable name without '$', '(' or ')', found 'a(b'",
                "$(drink): no variable 'drink' is defined in 'substitutionVariables' or by iOS, so it matches nothing "
                    + "(never the text '$(drink)') and the component matches no URL",
            ])
        #expect(
            Self.decide(
                text,
                [
                    "https://a.test/taco/menu", "https://a.test/pizzas", "https://a.test/de/GB", "https://a.test/de/UK",
                    "https://a.test/$(drink)/x", "https://a.test/e/",
                ]) == ["app: component '/$(food)/*'", "web", "app: component '/$(lang)/$(region)'", "web", "web", "web"])
        let decision = PlatformResolver.resolve(["https://a.test/de/GB"], platform: .ios, platformFiles: [Self.file(text)], apps: [])
        let json = try JSONSerialization.jsonObject(with: Data(PlatformResolutionReporter.json(decision).utf8)) as? [[String: Any]]
        let match = try #require(((json?.first?["answers"] as? [[String: Any]])?.first)?["match"] as? [String: Any])
        #expect(match["variables"] as? [[String: String]] == [["name": "lang", "value": "de"], ["name": "region", "value": "GB"]])
        #expect(match["percentEncoded"] as? Bool == true)
    }
}
