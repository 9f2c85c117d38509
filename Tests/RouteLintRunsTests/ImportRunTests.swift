import RouteLintCore
import RouteLintImport
import RouteLintRuns
import Testing

/// What `routelint import` does as a run (docs/adopting.md): the manifest it writes lints as
/// written, and which files it reads.
@Suite("Import run")
struct ImportRunTests {
    @Test("a manifest the import writes reads back as written: its text lints with no syntax, key or value finding")
    func writtenTextReadsBack() {
        var manifest = ImportedManifest()
        manifest.app = "yes"
        manifest.settings.hosts = ["shop.example.com"]
        manifest.settings.appleAppIDs = ["ABCDE12345.com.example.shop"]
        manifest.settings.androidActivity = ".MainActivity"
        manifest.activities = [.init(name: "main", title: "Title: with \"quotes\"\n", origin: nil)]
        manifest.tabs = [.init(name: "home", activity: "main", index: 0, root: "root", icon: "true", title: "1.5", origin: nil)]
        var root = ImportedManifest.Route(id: "root", path: "/", activity: nil, holder: "RootHolder")
        root.comments = ["a comment with a line break\nand a control \u{1B}[31m character"]
        var all = ImportedManifest.Route(id: "all", path: "/**", activity: "main", holder: "AllHolder")
        all.web = false
        all.entry = true
        manifest.routes = [root, all]
        let text = manifest.yaml(sources: ["apple-app-site-association"]).text
        #expect(!text.contains("\u{1B}"))
        let linted = lint(text)
        let syntax = linted.findings.filter {
            ["yaml-syntax", "duplicate-key", "unknown-key", "invalid-value", "invalid-path"].contains($0.rule)
        }
        #expect(syntax.map(\.message) == [])
        let app = linted.apps[0]
        #expect(app.displayName == "app 'yes'")
        #expect(app.routes.count == 2)
    }

    @Test("the files an import reads: link files, navigation and menu resources, Gradle build files; nothing else")
    func whatIsRead() {
        #expect(RouteSetLoader.isNavigationResource("/app/src/main/res/navigation/nav_graph.xml"))
        #expect(RouteSetLoader.isNavigationResource("/app/src/main/res/menu-v21/bottom.xml"))
        #expect(!RouteSetLoader.isNavigationResource("/app/src/main/res/layout/main.xml"))
        #expect(!RouteSetLoader.isNavigationResource("/navigation/nav.xml"))
        #expect(RouteSetLoader.isBuildFile("/app/build.gradle.kts"))
        #expect(!RouteSetLoader.isBuildFile("/app/settings.gradle.kts"))
    }
}
