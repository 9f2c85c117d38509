import Foundation
import Testing
@testable import RouteLintCore
@testable import RouteLintPlatform
import RouteLintTestSupport

/// Why a link does not open on a platform (docs/app-links.md, "Why a link does not open"): the
/// nearest component or `<data>` attribute is the one that follows the most of the URL's path,
/// and where one thing alone stopped the URL, changing that thing in the file opens it — decided
/// by the platform's own matcher, over random files and URLs.
@Suite("Near misses of resolve --platform")
struct NearMissTests {
    static let app = apps(fromManifests: ["manifest: 1\nhosts: [h.example.com]\nandroid: {package: com.example.app, min-sdk: 26}\n"])

    static func source(_ name: String, _ text: String) -> PlatformFileSource {
        PlatformFileSource(file: SourceFile(id: FileID(1), path: name, bytes: Array(text.utf8)), app: nil)
    }

    // MARK: - iOS

    /// A component as JSON and as the fields the test changes.
    struct Component {
        var path: String
        var caseSensitive: Bool
        var percentEncoded: Bool
        var item: (name: String, pattern: String)?
        var fragment: String?

        var json: String {
            var fields = [#""/": "\#(path)""#]
            if !caseSensitive { fields.append(#""caseSensitive": false"#) }
            if !percentEncoded { fields.append(#""percentEncoded": false"#) }
            if let item { fields.append(#""?": {"\#(item.name)": "\#(item.pattern)"}"#) }
            if let fragment { fields.append("\"#\": \"\(fragment)\"") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    static func association(_ components: [Component]) -> String {
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": ["#
            + components.map(\.json).joined(separator: ", ") + "]}]}}"
    }

    static func decideOnIOS(_ components: [Component], _ url: String) -> PlatformResolver.Answer? {
        PlatformResolver.resolve(
            [url], platform: .ios, platformFiles: [source("apple-app-site-association", association(components))], apps: app
        ).first?.answers.first
    }

    static func pick<T>(_ items: [T], _ random: inout SplitMix64) -> T { items[Int(random.next() % UInt64(items.count))] }

    @Test("iOS: the nearest component follows the most of the path; one stop alone, changed in the file, opens the URL")
    func iosProperty() throws {
        var random = SplitMix64(seed: 68)
        let segments = ["a", "b", "A", "%61", "ab"]
        var checked: [NearMiss.Stop.Kind: Int] = [:]
        for _ in 0..<400 {
            let components = (0..<(1 + Int(random.next() % 3))).map { _ in
                let pieces = (0..<(1 + Int(random.next() % 2))).map { _ in Self.pick(segments + ["*", "?"], &random) }
                return Component(
                    path: "/" + pieces.joined(separator: "/"),
                    caseSensitive: random.next() % 2 == 0, percentEncoded: random.next() % 3 != 0,
                    item: random.next() % 3 == 0 ? ("q", Self.pick(["1", "?*"], &random)) : nil,
                    fragment: random.next() % 4 == 0 ? "f" : nil)
            }
            let path = "/" + (0..<(1 + Int(random.next() % 2))).map { _ in Self.pick(segments, &random) }.joined(separator: "/")
            let query = Self.pick(["", "?q=1", "?q=2"], &random)
            let fragment = Self.pick(["", "#f", "#g"], &random)
            let url = "https://h.example.com" + path + query + fragment
            let answer = try #require(Self.decideOnIOS(components, url))
            guard !answer.opensApp else {
                #expect(answer.nearMiss == nil)
                continue
            }
            let miss = try #require(answer.nearMiss, "\(url) against \(Self.association(components))")
            // The nearest follows the most of the path (one that matches all of it but for case
            // before one that could only go on), the first of those that do.
            let read = components.map { component in
                AppleLinkComponent(path: component.path, caseSensitive: component.caseSensitive, percentEncoded: component.percentEncoded)
            }
            let scores = read.map { 2 * $0.leadingMatch(path) + ($0.matchesWholePathInAnyCase(path) ? 1 : 0) }
            let nearest = try #require(scores.firstIndex(of: scores.max()!))
            #expect(miss.matchedLength == read[nearest].leadingMatch(path))
            #expect(miss.nearest == "component '\(components[nearest].path)'")
            #expect(!miss.stoppedBy.isEmpty, "\(url) against \(Self.association(components))")
            guard miss.stoppedBy.count == 1, let stop = miss.stoppedBy.first else { continue }
            var fixed = components
            switch stop.kind {
            case .path: fixed[nearest].path = path
            case .caseSensitive: fixed[nearest].caseSensitive = false
            case .percentEncoded: fixed[nearest].percentEncoded.toggle()
            case .queryItem: fixed[nearest].item = nil
            case .fragment: fixed[nearest].fragment = nil
            default: Issue.record("unexpected stop \(stop.kind) for \(url)")
            }
            if stop.kind == .path && !fixed[nearest].percentEncoded { fixed[nearest].percentEncoded = true }
            #expect(Self.decideOnIOS(fixed, url)?.opensApp == true, "\(stop.kind): \(url) against \(Self.association(fixed))")
            checked[stop.kind, default: 0] += 1
        }
        // Every kind of single stop was met and fixed.
        #expect(Set(checked.keys) == [.path, .caseSensitive, .percentEncoded, .queryItem, .fragment], "\(checked)")
    }

    // MARK: - Android

    static func androidManifest(hosts: [String], attributes: [(kind: String, pattern: String)]) -> String {
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
        <activity android:name=".MainActivity"><intent-filter android:autoVerify="true">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="https" />
        \(hosts.map { "  <data android:host=\"\($0)\" />" }.joined(separator: "\n"))
        \(attributes.map { "  <data android:\($0.kind)=\"\($0.pattern)\" />" }.joined(separator: "\n"))
        </intent-filter></activity></application></manifest>
        """
    }

    static func decideOnAndroid(_ text: String, _ url: String) -> [PlatformResolver.Answer] {
        PlatformResolver.resolve([url], platform: .android, platformFiles: [source("AndroidManifest.xml", text)], apps: app)
            .first?.answers ?? []
    }

    @Test("Android: the nearest attribute follows the most of the path; one stop alone, changed in the file, opens the URL")
    func androidProperty() throws {
        var random = SplitMix64(seed: 6_868)
        let kinds = ["path", "pathPrefix", "pathPattern", "pathAdvancedPattern", "pathSuffix"]
        let pieces = ["/a", "/b", "/A", "/ab", "/.*", "/[a-b]+"]
        var checked: [NearMiss.Stop.Kind: Int] = [:]
        for _ in 0..<300 {
            let attributes = (0..<(1 + Int(random.next() % 3))).map { _ -> (kind: String, pattern: String) in
                let kind = Self.pick(kinds, &random)
                var pattern = (0..<(1 + Int(random.next() % 2))).map { _ in Self.pick(pieces, &random) }.joined()
                if kind != "pathAdvancedPattern" { pattern = pattern.replacingOccurrences(of: "[a-b]+", with: "a") }
                if kind != "pathPattern" && kind != "pathAdvancedPattern" { pattern = pattern.replacingOccurrences(of: ".*", with: "b") }
                return (kind, pattern)
            }
            let hosts = random.next() % 5 == 0 ? ["o.example.com"] : ["h.example.com"]
            let path = (0..<(1 + Int(random.next() % 3))).map { _ in Self.pick(["/a", "/b", "/A", "/ab"], &random) }.joined()
            let url = "https://h.example.com" + path
            let text = Self.androidManifest(hosts: hosts, attributes: attributes)
            for (index, answer) in Self.decideOnAndroid(text, url).enumerated() where !answer.opensApp && answer.decidedBy == nil {
                let miss = try #require(answer.nearMiss, "\(url) against \(attributes)")
                #expect(!miss.stoppedBy.isEmpty, "\(url) against \(attributes) at \(answer.scope)")
                guard miss.stoppedBy.count == 1, let stop = miss.stoppedBy.first else { continue }
                let nearest = try #require(
                    attributes.firstIndex { miss.nearest == "android:\($0.kind) '\($0.pattern)'" } ?? (stop.kind == .host ? 0 : nil))
                var fixedHosts = hosts
                var fixedAttributes = attributes
                switch stop.kind {
                case .host: fixedHosts.append("h.example.com")
                case .path, .caseSensitive: fixedAttributes[nearest] = ("path", path)
                case .apiLevels: break
                default: Issue.record("unexpected stop \(stop.kind) for \(url)")
                }
                let answers = Self.decideOnAndroid(Self.androidManifest(hosts: fixedHosts, attributes: fixedAttributes), url)
                if stop.kind == .apiLevels {
                    // At a level that reads the attribute, it opens the URL.
                    #expect(answers.suffix(from: index + 1).contains { $0.opensApp }, "\(url) against \(attributes)")
                } else {
                    #expect(answers[index].opensApp, "\(stop.kind): \(url) against \(fixedAttributes) at \(answer.scope)")
                }
                checked[stop.kind, default: 0] += 1
            }
        }
        #expect(Set(checked.keys) == [.path, .caseSensitive, .apiLevels, .host], "\(checked)")
    }

    /// An intent filter for web links: its `autoVerify`, whether it has the DEFAULT category, its
    /// schemes, host and `android:path`.
    static func filter(verified: Bool, defaultCategory: Bool = true, schemes: [String] = ["https"], host: String, path: String) -> String {
        """
        <intent-filter\(verified ? " android:autoVerify=\"true\"" : "")><action android:name="android.intent.action.VIEW" />
        \(defaultCategory ? "<category android:name=\"android.intent.category.DEFAULT\" />" : "")
        <category android:name="android.intent.category.BROWSABLE" />
        \(schemes.map { "<data android:scheme=\"\($0)\" />" }.joined())<data android:host="\(host)" /><data android:path="\(path)" />
        </intent-filter>
        """
    }

    @Test("Android: a claimed path stays on the web where Android does not verify the host: per host from API 31, the app before")
    func androidVerification() throws {
        let url = "https://h.example.com/a"
        func answers(_ filters: String...) -> [String] {
            let text = """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name=".A">
                \(filters.joined(separator: "\n"))
                </activity></application></manifest>
                """
            return Self.decideOnAndroid(text, url).map { "\($0.scope) \($0.opensApp ? "app" : "web")" }
        }
        let opens = ["API 26–30 app", "API 31–34 app", "API 35+ app"]
        let staysOnTheWeb = ["API 26–30 web", "API 31–34 web", "API 35+ web"]
        #expect(answers(Self.filter(verified: true, host: "h.example.com", path: "/a")) == opens)
        // No filter asks: Android verifies nothing, asking which app opens the link, then keeping it in the browser.
        #expect(answers(Self.filter(verified: false, host: "h.example.com", path: "/a")) == staysOnTheWeb)
        // Another host's filter asks: before API 31 that verifies every web host of the app; from 31 each host apart.
        let otherHostAsks = answers(
            Self.filter(verified: true, host: "o.example.com", path: "/x"), Self.filter(verified: false, host: "h.example.com", path: "/a"))
        #expect(otherHostAsks == ["API 26–30 app", "API 31–34 web", "API 35+ web"])
        // From API 31 the filter that asks needs the DEFAULT category; before, it did not.
        #expect(
            answers(Self.filter(verified: true, defaultCategory: false, host: "h.example.com", path: "/a"))
                == ["API 26–30 app", "API 31–34 web", "API 35+ web"])
        // A filter with a scheme other than http and https asks for nothing.
        #expect(
            answers(Self.filter(verified: true, schemes: ["https", "shop"], host: "h.example.com", path: "/a")) == staysOnTheWeb)
        #expect(answers(Self.filter(verified: true, schemes: ["http", "https"], host: "h.example.com", path: "/a")) == opens)

        // What the answer says: the attribute that claims the path is the nearest, autoVerify what stopped it.
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name=".A">
            \(Self.filter(verified: false, host: "h.example.com", path: "/a"))
            </activity></application></manifest>
            """
        let decided = Self.decideOnAndroid(text, url)
        let legacy = try #require(decided.first)
        #expect(legacy.decidedBy == "no link of the app is verified, so Android asks which app opens it")
        #expect(legacy.place.map { "\($0.position.line):\($0.position.column)" } == "2:1")
        let byHost = try #require(decided.last)
        #expect(byHost.decidedBy == "'h.example.com' is not verified, so Android opens its links in the browser")
        let miss = try #require(byHost.nearMiss)
        #expect(miss.nearest == "android:path '/a'")
        #expect(miss.matchedLength == 2)
        #expect(
            miss.stoppedBy == [
                .init(
                    .autoVerify,
                    "no intent filter that names 'h.example.com' has android:autoVerify=\"true\" with the DEFAULT category and only "
                        + "web schemes, so Android 12 and later never verify the host")
            ])
    }
}
