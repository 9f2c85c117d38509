import RouteLintCore
import RouteLintPlatform
import RouteLintReporting
import RouteLintTestSupport
import Testing

/// What `resolve --platform` prints for each URL: the platform's answer and, when nothing
/// claims the URL, the nearest component and what stopped it (docs/app-links.md, "Why a link
/// does not open").
@Suite("Platform resolution text")
struct PlatformResolutionReporterTests {
    @Test("the text names the nearest component and what stopped the URL, one kind each")
    func text() throws {
        let association = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/products/*"}, {"/": "/search", "?": {"q": "?*"}}]}]}}
            """#
        let file = SourceFile(id: FileID(1), path: "apple-app-site-association", bytes: Array(association.utf8))
        let decisions = PlatformResolver.resolve(
            ["https://h.example.com/Products/1", "https://h.example.com/search"], platform: .ios,
            platformFiles: [PlatformFileSource(file: file, app: nil)],
            apps: apps(fromManifests: ["manifest: 1\nhosts: [h.example.com]\n"]))
        #expect(
            PlatformResolutionReporter.text(decisions) == """
                https://h.example.com/Products/1
                  iOS         stays on the web: nothing claims it
                              nearest component '/products/*' (apple-app-site-association:1:77)
                              stopped by case-sensitive: its path '/products/*' matches '/Products/1' but for case, and the component is caseSensitive
                https://h.example.com/search
                  iOS         stays on the web: nothing claims it
                              nearest component '/search' (apple-app-site-association:1:99)
                              stopped by query-item: its '?' item 'q' must match '?*', and the URL has none

                """)
    }
}
