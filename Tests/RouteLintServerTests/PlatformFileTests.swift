@testable import RouteLintServer
import RouteLintRuns
import Testing
@testable import LanguageServerProtocol

/// The configuration's platform link files in the editor: checked with their app at every
/// edit — of the platform file, or of a route that breaks it without touching it.
@Suite struct PlatformFileTests {
    static let manifest = """
        manifest: 1
        hosts: [example.com]
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}
          item: {path: /p/:id, activity: main, holder: H, entry: true}

        """

    static let association = """
        {"applinks": {"details": [{"appIDs": ["T.a"], "components": [
          {"/": "/?*/?*/?*", "exclude": true},
          {"/": "/p/?*"},
          {"/": "/"}
        ]}]}}

        """

    static func session() -> TestSession {
        TestSession([
            ".routelint.yml": "platform-files: [web/apple-app-site-association]\n",
            "app.routes.yaml": manifest,
            "web/apple-app-site-association": association,
        ])
    }

    @Test func aRouteEditThatBreaksTheFileReportsBothSides() {
        var session = Self.session()
        session.open("app.routes.yaml")
        #expect(session.diagnostics("app.routes.yaml") == [])
        let renamed = Self.manifest.replacing("path: /p/:id", with: "path: /q/:id")
        session.change("app.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: renamed)])
        let routeSide = session.diagnostics("app.routes.yaml") ?? []
        #expect(routeSide.map(\.code) == ["unclaimed-route"])
        #expect(routeSide.first?.relatedInformation?.first?.location.uri == TestSession.uri("web/apple-app-site-association"))
        let fileSide = session.diagnostics("web/apple-app-site-association") ?? []
        #expect(fileSide.map(\.code) == ["unrouted-link"])
        #expect(fileSide.first?.range.start.line == 2)
    }

    @Test func anEditThatLeavesTheClaimsAloneTakesTheFileFromTheCacheWithCurrentPositionsAndNames() {
        let narrow = Self.association.replacing("  {\"/\": \"/p/?*\"},\n", with: "")
        var session = TestSession([
            ".routelint.yml": "platform-files: [web/apple-app-site-association]\n",
            "app.routes.yaml": Self.manifest,
            "web/apple-app-site-association": narrow,
        ])
        session.open("app.routes.yaml")
        let before = session.diagnostics("app.routes.yaml") ?? []
        #expect(before.map(\.code) == ["unclaimed-route"])
        #expect(before.first?.range.start.line == 7)
        let decided = session.server.workspace?.platformCache.filesDecided
        // A comment above the routes and a new id for the route: its path and the file are the same.
        let edited = "# routes\n" + Self.manifest.replacing("  item: {path", with: "  product: {path")
        session.change("app.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: edited)])
        #expect(session.server.workspace?.platformCache.filesDecided == decided)
        let after = session.diagnostics("app.routes.yaml") ?? []
        #expect(after.map(\.code) == ["unclaimed-route"])
        #expect(after.first?.range.start.line == 8)
        #expect(after.first?.message.hasPrefix("route 'product' opens https://example.com/p/x") == true, "\(after.map(\.message))")
        // A new path is a new claim: the file is decided again.
        let moved = edited.replacing("path: /p/:id", with: "path: /q/:id")
        session.change("app.routes.yaml", version: 3, [TextDocumentContentChangeEvent(range: nil, text: moved)])
        #expect(session.server.workspace?.platformCache.filesDecided == decided.map { $0 + 1 })
        #expect(session.diagnostics("app.routes.yaml")?.first?.message.hasPrefix("route 'product' opens https://example.com/q/x") == true)
    }

    @Test func editingThePlatformFileChecksItAgain() {
        var session = Self.session()
        session.open("web/apple-app-site-association")
        #expect(session.diagnostics("web/apple-app-site-association") == [])
        let widened = Self.association.replacing("\"/p/?*\"", with: "\"/p/*\"")
        session.change("web/apple-app-site-association", version: 2, [TextDocumentContentChangeEvent(range: nil, text: widened)])
        #expect(session.diagnostics("web/apple-app-site-association")?.map(\.code) == ["unrouted-link"])
        session.change("web/apple-app-site-association", version: 3, [TextDocumentContentChangeEvent(range: nil, text: "{")])
        #expect(session.diagnostics("web/apple-app-site-association")?.map(\.code) == ["platform-file-syntax"])
    }

    @Test func aStringResourceChangedOnDiskDecidesTheManifestAgain() {
        let androidManifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".MainActivity"><intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="@string/link_host" />
              <data android:path="/" />
              <data android:pathAdvancedPattern="/p/[^/]+/{0,1}" />
            </intent-filter></activity></application></manifest>

            """
        let strings = "<resources><string name=\"link_host\">example.com</string></resources>\n"
        var session = TestSession([
            ".routelint.yml": "platform-files: [app/src/main/AndroidManifest.xml]\n",
            "app.routes.yaml": Self.manifest + "android: {package: com.example.app, min-sdk: 31}\n",
            "app/src/main/AndroidManifest.xml": androidManifest,
            "app/src/main/res/values/strings.xml": strings,
        ])
        session.open("app.routes.yaml")
        #expect(session.diagnostics("app/src/main/AndroidManifest.xml") == [])
        func changeOnDisk(_ text: String?) {
            session.fileSystem.files["/ws/app/src/main/res/values/strings.xml"] = text.map { Array($0.utf8) }
            session.notify(
                "workspace/didChangeWatchedFiles",
                DidChangeWatchedFilesParams(changes: [FileEvent(uri: TestSession.uri("app/src/main/res/values/strings.xml"), type: 2)]))
        }
        changeOnDisk(strings.replacing("example.com", with: "other.example.com"))
        #expect(session.diagnostics("app/src/main/AndroidManifest.xml")?.map(\.code) == ["app-link-setup", "app-link-setup"])
        changeOnDisk(nil)
        #expect(session.diagnostics("app/src/main/AndroidManifest.xml")?.map(\.code) == ["unresolved-build-value"])
        changeOnDisk(strings)
        #expect(session.diagnostics("app/src/main/AndroidManifest.xml") == [])
    }

    @Test func hoverOnAnExampleTheFilesDoNotClaimSaysWhatStoppedIt() throws {
        let manifest = Self.manifest.replacing(
            "item: {path: /p/:id, activity: main, holder: H, entry: true}",
            with:
                "item: {path: /p/:id, activity: main, holder: H, entry: true, examples: [\"https://example.com/p/1\", \"https://example.com/p/2?ref=x\"]}"
        )
        let association = Self.association.replacing(#"{"/": "/p/?*"}"#, with: #"{"/": "/p/?*", "?": {"ref": "?*"}}"#)
        var session = TestSession([
            ".routelint.yml": "platform-files: [web/apple-app-site-association]\n",
            "app.routes.yaml": manifest,
            "web/apple-app-site-association": association,
        ])
        session.open("app.routes.yaml")
        func hover(_ needle: String) -> String? {
            let result: Result<Hover?, ResponseError> = session.request(
                "textDocument/hover",
                TextDocumentPositionParams(
                    textDocument: TestSession.document("app.routes.yaml"), position: position(of: needle, in: manifest, offset: 3)))
            return ((try? result.get()) ?? nil)?.contents.value
        }
        #expect(
            hover("https://example.com/p/1") == """
                **https://example.com/p/1** does not open the app everywhere

                - iOS: stays on the web
                  - nearest: component '/p/?&#42;' in apple-app-site-association line 3
                  - stopped by query-item: its '?' item 'ref' must match '?&#42;', and the URL has none
                """)
        // An example the file hands to the app has no such hover.
        #expect(hover("https://example.com/p/2") == nil)
    }
}
