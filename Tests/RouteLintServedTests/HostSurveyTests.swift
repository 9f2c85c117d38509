import RouteLintCore
import RouteLintPlatform
import RouteLintServed
import RouteLintTestSupport
import Testing

/// The survey of `routelint hosts` through its own API, in memory: apps decoded from manifest
/// text, answers from a dictionary, no run, no rule.
@Suite("Host survey")
struct HostSurveyTests {
    /// Answers each URL from `answers`; any other URL is unreachable. Records what was asked.
    struct DictionaryFetcher: ServedFileFetcher {
        let answers: [String: FetchOutcome]
        let log = Log()

        func fetch(host: String, path: String) async -> FetchOutcome {
            let url = "https://" + host + path
            await log.record(url)
            return answers[url] ?? .unreachable(reason: "no route to host")
        }
    }

    /// The URLs asked, in any order: the survey asks concurrently.
    actor Log {
        private(set) var urls: [String] = []
        func record(_ url: String) { urls.append(url) }
    }

    static func json(_ body: String, contentType: String? = "application/json") -> FetchOutcome {
        .answered(
            HTTPAnswer(
                status: 200, reason: "OK", headers: contentType.map { [(name: "Content-Type", value: $0)] } ?? [],
                body: Array(body.utf8), bodyCut: false))
    }

    static func apps(_ manifest: String) -> [AppModel] { RouteLintTestSupport.apps(fromManifests: [manifest]) }

    /// An app on both platforms with `hosts`.
    static func manifest(hosts: String = #"[shop.example.com, "*.example.org"]"#) -> String {
        """
        manifest: 1
        app: shop
        hosts: \(hosts)
        ios: {app-ids: [ABCDE12345.com.example.shop]}
        android: {package: com.example.shop, cert-fingerprints: ["\(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}
        activities: {main: {}}
        holders: {H: {}}
        routes:
          home: {path: /, activity: main, holder: H, entry: true}

        """
    }

    static let association = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/"}]}]}}"#

    @Test(
        "each host is asked for the files its app needs, a wildcard for the named hosts it covers, the fully-qualified spelling for Android"
    )
    func asksWhatAppsNeed() async {
        var survey = HostSurvey()
        survey.readsAppleCDN = false
        survey.namedHosts = ["EU.example.org", "other.test"]
        let fetcher = DictionaryFetcher(answers: [:])
        let outcome = await survey.survey(Self.apps(Self.manifest()), numberingFilesFrom: 1, through: fetcher)
        #expect(
            await fetcher.log.urls.sorted() == [
                "https://eu.example.org./.well-known/assetlinks.json",
                "https://eu.example.org/.well-known/apple-app-site-association",
                "https://eu.example.org/.well-known/assetlinks.json",
                "https://shop.example.com./.well-known/assetlinks.json",
                "https://shop.example.com/.well-known/apple-app-site-association",
                "https://shop.example.com/.well-known/assetlinks.json",
            ])
        // The fully-qualified spelling answered as the host was is not a second failure.
        #expect(
            outcome.failures.map(\.path) == [
                "https://shop.example.com/.well-known/apple-app-site-association",
                "https://shop.example.com/.well-known/assetlinks.json",
                "https://eu.example.org/.well-known/apple-app-site-association",
                "https://eu.example.org/.well-known/assetlinks.json",
            ])
        #expect(
            outcome.messages.first?.text == "cannot fetch https://shop.example.com/.well-known/apple-app-site-association: no route to host"
        )
        #expect(outcome.facts.files.isEmpty && outcome.served.isEmpty && outcome.sources.isEmpty)

        let unnamed = await HostSurvey().survey(Self.apps(Self.manifest()), numberingFilesFrom: 1, through: DictionaryFetcher(answers: [:]))
        #expect(unnamed.facts.uncheckedWildcards.map(\.value) == ["*.example.org"])
    }

    @Test("a served file is one source per app, numbered from the first ID; its includes are read within their bounds")
    func followsIncludes() async {
        var survey = HostSurvey()
        survey.readsAppleCDN = false
        let root = "https://shop.example.com/.well-known/assetlinks.json"
        let more = "https://shop.example.com/more.json"
        let fetcher = DictionaryFetcher(answers: [
            "https://shop.example.com/.well-known/apple-app-site-association": Self.json(Self.association, contentType: nil),
            root: Self.json(#"[{"include": "https://SHOP.example.com/more.json#x"}, {"include": "http://shop.example.com/plain.json"}]"#),
            "https://shop.example.com./.well-known/assetlinks.json": Self.json("[]"),
            more: Self.json(#"[{"include": "https://shop.example.com/.well-known/assetlinks.json"}]"#),
        ])
        let outcome = await survey.survey(Self.apps(Self.manifest(hosts: "[shop.example.com]")), numberingFilesFrom: 7, through: fetcher)
        // The fully-qualified spelling's body is not judged: only its transfer.
        #expect(outcome.served.map(\.path) == ["https://shop.example.com/.well-known/apple-app-site-association", root, more])
        #expect(outcome.served.map(\.id) == [FileID(7), FileID(8), FileID(9)])
        #expect(outcome.sources.map(\.file.path) == ["https://shop.example.com/.well-known/apple-app-site-association", root])
        #expect(outcome.sources.map { $0.included.map(\.path) } == [[], [more]])
        #expect(
            outcome.facts.includes.map(\.url) == [
                "http://shop.example.com/plain.json", "https://shop.example.com/.well-known/assetlinks.json",
            ])
        #expect(
            outcome.facts.files.map(\.url) == [
                "https://shop.example.com/.well-known/apple-app-site-association", root,
            ])
        #expect(outcome.failures.isEmpty)
    }

    @Test("Apple's CDN without a copy is a fact; with the host's own copy, nothing")
    func comparesCDNCopies() async {
        let association = "https://shop.example.com/.well-known/apple-app-site-association"
        let cdn = "https://app-site-association.cdn-apple.com/a/v1/shop.example.com"
        let manifest = """
            manifest: 1
            app: shop
            hosts: [shop.example.com]
            ios: {app-ids: [ABCDE12345.com.example.shop]}
            activities: {main: {}}
            holders: {H: {}}
            routes:
              home: {path: /, activity: main, holder: H, entry: true}

            """
        let missing = await HostSurvey().survey(
            Self.apps(manifest), numberingFilesFrom: 1,
            through: DictionaryFetcher(answers: [
                association: Self.json(Self.association),
                cdn: .answered(HTTPAnswer(status: 404, reason: "Not Found", headers: [], body: [], bodyCut: false)),
            ]))
        guard case .none(let status, _)? = missing.facts.cdnCopies.first?.difference else {
            Issue.record("no CDN fact: \(missing.facts.cdnCopies)")
            return
        }
        #expect(status == 404)
        let same = await HostSurvey().survey(
            Self.apps(manifest), numberingFilesFrom: 1,
            through: DictionaryFetcher(answers: [association: Self.json(Self.association), cdn: Self.json(Self.association)]))
        #expect(same.facts.cdnCopies.isEmpty && same.failures.isEmpty)
        #expect(same.sources.count == 1)
        var developer = HostSurvey()
        developer.developerOnlyHosts = ["shop.example.com"]
        let fetcher = DictionaryFetcher(answers: [association: Self.json(Self.association)])
        let skipped = await developer.survey(Self.apps(manifest), numberingFilesFrom: 1, through: fetcher)
        #expect(await fetcher.log.urls == [association])
        #expect(skipped.messages.map(\.level) == [.note])
    }

    @Test("a Content-Type is JSON's with parameters and in any case")
    func contentTypes() {
        #expect(ServedFile.isJSON("application/json"))
        #expect(ServedFile.isJSON("Application/JSON ; charset=utf-8"))
        #expect(!ServedFile.isJSON("application/json-patch+json"))
        #expect(!ServedFile.isJSON("text/html"))
        #expect(!ServedFile.isJSON(nil))
    }
}
