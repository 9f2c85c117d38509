import Testing
@testable import RouteLintRuns
@testable import RouteLintCore

/// The manifest's platform settings (`ios`, `android`) and a route's `web`, as the decoder
/// reads them and an app merges them.
@Suite("Platform settings")
struct PlatformSettingsTests {
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test("ios and android are read with their positions; unset fields take their defaults")
    func decoded() throws {
        let linted = lint(
            """
            manifest: 1
            ios: {app-ids: [ABCDE12345.com.example.shop, ABCDE12345.com.example.shop.beta]}
            android:
              package: com.example.shop
              cert-fingerprints: ['\(Self.fingerprint)']
            routes:
              home: {path: /, web: false}
              other: {path: /other}
            """)
        let app = try #require(linted.apps.first)
        #expect(app.iosAppIDs.map { app.text($0.value) } == ["ABCDE12345.com.example.shop", "ABCDE12345.com.example.shop.beta"])
        #expect("\(app.iosAppIDs[0].range.start)" == "2:17")
        let android = try #require(app.android)
        #expect(android.package.map { app.text($0.value) } == "com.example.shop")
        #expect(android.activity == nil && android.minSDK == nil)
        #expect(android.certFingerprints.map { app.text($0.value) } == [Self.fingerprint])
        #expect("\(android.key.start)" == "3:1")
        #expect(app.routes.map(\.isWeb) == [false, true])
        #expect(linted.findings.filter { ["invalid-value", "unknown-key"].contains($0.rule) }.isEmpty)
        #expect(AndroidSettings.defaultActivity == ".MainActivity" && AndroidSettings.defaultMinSDK == 26)
    }

    @Test("keys and values the settings do not take are findings, with the nearest key")
    func invalid() {
        let linted = lint(
            """
            manifest: 1
            ios: {appids: [X]}
            android: [com.example.shop]
            routes:
              home: {path: /, web: maybe}
            """)
        #expect(
            linted.headlines.filter { $0.contains("[unknown-key]") || $0.contains("[invalid-value]") } == [
                "test.routes.yaml:2:7: warning: unknown key 'appids' in 'ios'; did you mean 'app-ids'? Until it is renamed, its value "
                    + "is read as 'app-ids'. [unknown-key]",
                "test.routes.yaml:2:16: error: 'X' is not an app ID; write the team ID (10 letters and digits), a dot and the bundle ID, "
                    + "like 'ABCDE12345.com.example.shop' [invalid-value]",
                "test.routes.yaml:3:10: error: 'android' must be a mapping, found a list [invalid-value]",
                "test.routes.yaml:5:24: error: 'web' of route 'home' must be true or false, found a string 'maybe' [invalid-value]",
            ])
    }

    @Test("across files: app IDs and fingerprints are joined; another package is duplicate-name, the same one is not")
    func merged() throws {
        let linted = lint([
            (
                name: "a.routes.yaml",
                contents: "manifest: 1\napp: shop\nios: {app-ids: [ABCDE12345.a]}\nandroid: {package: com.a, min-sdk: 28}\n"
            ),
            (
                name: "b.routes.yaml",
                contents:
                    "manifest: 1\napp: shop\nios: {app-ids: [ABCDE12345.a, ABCDE12345.b]}\nandroid: {package: com.b, min-sdk: 28, activity: .Links}\n"
            ),
        ])
        let app = try #require(linted.apps.first)
        #expect(app.iosAppIDs.map { app.text($0.value) } == ["ABCDE12345.a", "ABCDE12345.b"])
        let android = try #require(app.android)
        #expect(android.package.map { app.text($0.value) } == "com.a")
        #expect(android.activity.map { app.text($0.value) } == ".Links")
        #expect(android.minSDK?.value == 28)
        #expect(
            linted.headlines.filter { $0.contains("[duplicate-name]") } == [
                "b.routes.yaml:4:20: error: 'package' of 'android' is set again in app 'shop', to 'com.b'; the first, 'com.a', is the one used [duplicate-name]"
            ])
    }
}
