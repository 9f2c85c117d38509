import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules

/// The witness URL of `unclaimed-route` is the route's example where the example shows the same
/// (the route opens it, and the platform's matcher finds the file does not claim it wherever
/// the finding says), and the comparison's own witness otherwise.
@Suite("Examples as witnesses")
struct ExampleWitnessTests {
    static let manifest = PlatformExamples.manifest.replacing(
        "product: {path: /products/:id, activity: main, holder: H, entry: true}",
        with: #"product: {path: /products/:id, activity: main, holder: H, entry: true, examples: ["https://example.com/products/42"]}"#)

    /// The messages of `unclaimed-route` for `manifest` with the platform file `name` holding `contents`.
    static func unclaimed(_ name: String, _ contents: String, manifest: String = manifest) -> [String] {
        let manifestFile = SourceFile(id: FileID(0), path: "example.routes.yaml", bytes: Array(manifest.utf8))
        let platformFile = PlatformFileSource(file: SourceFile(id: FileID(1), path: name, bytes: Array(contents.utf8)), app: nil)
        let linted = Linter.lint([manifestFile], platformFiles: [platformFile])
        #expect(!linted.findings.contains { $0.rule == WrongExampleRule.description.id })
        return linted.findings.filter { $0.rule == UnclaimedRouteRule.description.id }.map(\.message)
    }

    @Test("iOS: an association that claims none of the route's URLs is shown by the example")
    func apple() {
        #expect(
            Self.unclaimed("apple-app-site-association", PlatformExamples.association(#"          {"/": "/"}"#)) == [
                "route 'product' opens https://example.com/products/42, which apple-app-site-association does not claim (iOS)"
            ])
    }

    @Test("Android: a manifest that claims none of them, on every API level the finding names")
    func android() {
        #expect(
            Self.unclaimed(
                "AndroidManifest.xml",
                PlatformExamples.androidManifest(PlatformExamples.webFilter(#"            <data android:path="/" />"#))) == [
                    "route 'product' opens https://example.com/products/42, which AndroidManifest.xml does not claim (API 31+)"
                ])
    }

    @Test("an example the file claims is no witness: the comparison's stays")
    func claimedExample() throws {
        let messages = Self.unclaimed(
            "apple-app-site-association", PlatformExamples.association(#"          {"/": "/products/42"}, {"/": "/"}"#))
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.hasPrefix("route 'product' opens https://example.com/products/"))
        #expect(!message.contains("/products/42,"))
    }

    @Test("an example an Android filter claims for a host it does not ask to verify is claimed: no witness either")
    func unverifiedClaim() throws {
        let data = #"            <data android:path="/" />"# + "\n" + #"            <data android:path="/products/42" />"#
        for verified in [true, false] {
            let messages = Self.unclaimed(
                "AndroidManifest.xml", PlatformExamples.androidManifest(PlatformExamples.webFilter(data, verified: verified)))
            #expect(messages.count == 1)
            let message = try #require(messages.first)
            #expect(message.hasPrefix("route 'product' opens https://example.com/products/"))
            #expect(!message.contains("/products/42,"), "\(message)")
        }
    }

    @Test("without examples, the comparison's witness, as before")
    func noExamples() {
        let messages = Self.unclaimed(
            "apple-app-site-association", PlatformExamples.association(#"          {"/": "/"}"#), manifest: PlatformExamples.manifest)
        #expect(messages.count == 1)
        #expect(!messages.contains { $0.contains("/products/42,") })
    }
}
