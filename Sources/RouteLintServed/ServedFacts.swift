import RouteLintCore
import RouteLintPlatform

/// What the hosts of a route set served for its platform files (`routelint hosts`), for the
/// host rules to word. What the files claim is judged as a local platform file's claims are,
/// by the platform rules; these are the facts of the transfer itself.
package struct ServedFacts: Sendable {
    /// Each platform file asked of a host that answered.
    package var files: [ServedFile] = []
    /// The wildcard hosts of the manifests that no named host stands for.
    package var uncheckedWildcards: [Located<String>] = []

    /// No facts.
    package init() {}
}

/// One platform file asked of one host, and what the host answered.
package struct ServedFile: Sendable {
    /// How a host answered.
    package enum Answer: Sendable {
        /// An HTTP response: its status and reason phrase, the headers the rules read, and how
        /// long its body is. `bodyCut` says the body went on past `ServedFile.bodyLimit`, where
        /// reading stopped.
        case response(status: Int, reason: String, location: String?, contentType: String?, bodyBytes: Int, bodyCut: Bool)
        /// The TLS handshake failed: no HTTP was spoken. `reason` says why (an untrusted
        /// certificate, a name the certificate does not hold).
        case tlsFailure(reason: String)
    }

    /// The most of a body that is read: a larger one is a finding, never a larger allocation.
    package static let bodyLimit = 1_048_576

    /// The file's URL: `https://HOST/.well-known/NAME`.
    package let url: String
    /// The platform file asked for.
    package let kind: PlatformFileKind
    /// The manifest's host entry that made it be asked for (a wildcard for its subdomains).
    package let hostEntry: SourceRange
    /// What the host answered.
    package let answer: Answer

    /// The file at `url`, asked for because of the host entry at `hostEntry`, and its answer.
    package init(url: String, kind: PlatformFileKind, hostEntry: SourceRange, answer: Answer) {
        self.url = url
        self.kind = kind
        self.hostEntry = hostEntry
        self.answer = answer
    }

    /// Whose reading of the file fails when it is not served right.
    package var reader: String { kind == .appleAppSiteAssociation ? "iOS" : "Android's verifier" }

    /// What fails when the file is not served right.
    package var consequence: String {
        kind == .appleAppSiteAssociation
            ? "no universal link of the host opens the app" : "Android does not verify the host, and its links open the browser"
    }
}

/// The path of each platform file on a host, under `/.well-known/`.
extension PlatformFileKind {
    /// The path a host serves the file at; nil for the files an app holds (the entitlements and
    /// the Android manifest).
    package var wellKnownPath: String? {
        switch self {
        case .appleAppSiteAssociation: return "/.well-known/apple-app-site-association"
        case .assetLinks: return "/.well-known/assetlinks.json"
        case .entitlements, .androidManifest: return nil
        }
    }
}
