import RouteLintCore
import RouteLintPlatform
import RouteLintServed

/// The route set the host rules' examples share, and the responses its host gives: each
/// example is the manifest and, in a file named by its URL, what the host answers there (the
/// status line, the headers, an empty line and the body).
enum ServedExamples {
    /// An app on iOS at one host, with a root route and a parameter route.
    static let manifest = """
        manifest: 1
        hosts: [example.com]
        ios: {app-ids: [ABCDE12345.com.example.app]}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}
          product: {path: /products/:id, activity: main, holder: H, entry: true}

        """

    /// Where the example's host serves its association.
    static let associationURL = "https://example.com/.well-known/apple-app-site-association"

    /// The association that claims exactly the example's routes.
    static let association = PlatformExamples.association(PlatformExamples.exactComponents)

    /// A response with `status` and `headers`, then `body`.
    static func response(_ status: String, headers: [String] = ["Content-Type: application/json"], body: String = association)
        -> String
    {
        (["HTTP/1.1 " + status] + headers).joined(separator: "\n") + "\n\n" + body
    }

    /// The example of `response` at the association's URL, for `manifest`; `marksHost` marks
    /// the manifest's host, where a finding about the transfer points.
    static func served(_ response: String, marksHost: Bool, manifest: String = manifest) -> RuleExample {
        let manifest = marksHost ? manifest.replacingFirst("hosts: [example.com]", with: "hosts: [↓example.com]") : manifest
        return RuleExample(files: [(name: "example.routes.yaml", contents: manifest), (name: associationURL, contents: response)])
    }

    /// The example's app on Android only, at the same host.
    static let androidManifest = manifest.replacingFirst(
        "ios: {app-ids: [ABCDE12345.com.example.app]}",
        with: "android: {package: com.example.app, cert-fingerprints: [\"\(PlatformExamples.fingerprint)\"]}")

    /// Where the example's host serves its assetlinks.json, and the file that states its app.
    static let assetLinksURL = "https://example.com/.well-known/assetlinks.json"
    static let assetLinks = PlatformExamples.assetLinks()

    /// Where Apple's CDN serves its copy of the example host's association.
    static let cdnURL = "https://" + CDNCopy.cdnHost + CDNCopy.cdnPath(of: "example.com")

    /// Where Google's statement list for the example host is asked for.
    static let statementListURL = "https://" + StatementListDifference.apiHost + StatementListDifference.apiPath(of: "example.com")

    /// The example of `response` at the assetlinks.json URL for the Android app, with `more`
    /// URLs answered; `marksHost` marks the manifest's host.
    static func servedAssetLinks(_ response: String, marksHost: Bool = true, more: [(name: String, contents: String)] = []) -> RuleExample {
        let manifest = marksHost ? androidManifest.replacingFirst("hosts: [example.com]", with: "hosts: [↓example.com]") : androidManifest
        return RuleExample(files: [(name: "example.routes.yaml", contents: manifest), (name: assetLinksURL, contents: response)] + more)
    }
}
