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
    /// Where Apple's CDN serves a host's association other than the host does.
    package var cdnCopies: [CDNCopy] = []
    /// The include statements of served assetlinks.json files that lead to no statements.
    package var includes: [StatementInclude] = []
    /// Where Google's statement list for a host differs from the host's assetlinks.json.
    package var statementLists: [StatementListDifference] = []

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

    /// Whether a Content-Type names JSON's media type: `application/json`, in any case, with
    /// or without parameters.
    package static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return mediaType.trimmingSpaces().lowercased() == "application/json"
    }

    /// What fails when the file is not served right.
    package var consequence: String {
        kind == .appleAppSiteAssociation
            ? "no universal link of the host opens the app" : "Android does not verify the host, and its links open the browser"
    }
}

/// Apple's CDN's copy of a host's apple-app-site-association, where it is not the host's: iOS
/// devices read the CDN's copy (docs/app-links.md, "What devices read").
package struct CDNCopy: Sendable {
    /// How the CDN's copy differs.
    package enum Difference: Sendable {
        /// The CDN has no copy: it answers `status` (404 until it has fetched one).
        case none(status: Int, reason: String)
        /// The copies open different URLs for `appID`: `url` opens the app by the host's copy
        /// when `openedByHost`, else by the CDN's.
        case claims(appID: String, url: String, openedByHost: Bool)
    }

    /// The host.
    package let host: String
    /// Where the CDN serves the host's copy: `https://app-site-association.cdn-apple.com/a/v1/HOST`.
    package let url: String
    /// The manifest's host entry that made the host be asked.
    package let hostEntry: SourceRange
    /// How the copies differ.
    package let difference: Difference
    /// Where the CDN's copy starts, when it serves one.
    package let copy: SourceRange?

    /// The CDN's copy at `url` for `host` (asked for because of `hostEntry`), and how it differs.
    package init(host: String, url: String, hostEntry: SourceRange, difference: Difference, copy: SourceRange? = nil) {
        self.host = host
        self.url = url
        self.hostEntry = hostEntry
        self.difference = difference
        self.copy = copy
    }

    /// The CDN's host, and the path of a host's copy on it.
    package static let cdnHost = "app-site-association.cdn-apple.com"
    package static func cdnPath(of host: String) -> String { "/a/v1/" + host }
}

/// An include statement of a served assetlinks.json (`{"include": URL}`) whose statements
/// cannot be read.
package struct StatementInclude: Sendable {
    /// Why the statements are not read.
    package enum Problem: Sendable {
        /// The URL is not one a verifier fetches: https, a host name, no port or user.
        case notFetchable
        /// The URL answers `status`, not 200 (a redirect to `location`).
        case unserved(status: Int, reason: String, location: String?)
        /// The TLS handshake with its host failed.
        case tlsFailure(reason: String)
        /// The body goes on past `ServedFile.bodyLimit`.
        case oversized
        /// The URL is a file the chain of includes has already read.
        case cycle
        /// The include is deeper than `limit` includes from the served file.
        case tooDeep(limit: Int)
        /// The served file's includes have led to `limit` files already.
        case tooMany(limit: Int)
    }

    /// The URL as written.
    package let url: String
    /// Where it is written: in the served file or in a file an include led to.
    package let range: SourceRange
    /// Why its statements are not read.
    package let problem: Problem

    /// The include of `url` at `range`, and its problem.
    package init(url: String, range: SourceRange, problem: Problem) {
        self.url = url
        self.range = range
        self.problem = problem
    }

    /// How deep includes are followed from a served file, and how many files they lead to.
    package static let depthLimit = 5
    package static let fileLimit = 10
}

/// A difference between Google's statement list for a host (the Digital Asset Links API, which
/// Android's verifier reads) and the host's assetlinks.json with its includes.
package struct StatementListDifference: Sendable {
    /// What differs.
    package enum Difference: Sendable {
        /// The host's file states the package with the fingerprint; Google's answer does not.
        case missing(package: String, fingerprint: String)
        /// Google's answer states the package with the fingerprint; the host's file does not.
        case extra(package: String, fingerprint: String)
        /// The package's Dynamic App Links rules differ: how many each has.
        case rules(package: String, host: Int, google: Int)
    }

    /// The host.
    package let host: String
    /// The API's URL asked.
    package let url: String
    /// The manifest's host entry that made the host be asked.
    package let hostEntry: SourceRange
    /// What differs.
    package let difference: Difference
    /// Where Google's answer states it, when it does.
    package let answer: SourceRange?

    /// The difference for `host`, found at `url`, asked because of `hostEntry`.
    package init(host: String, url: String, hostEntry: SourceRange, difference: Difference, answer: SourceRange? = nil) {
        self.host = host
        self.url = url
        self.hostEntry = hostEntry
        self.difference = difference
        self.answer = answer
    }

    /// The API's host, and the path that asks it for a host's `handle_all_urls` statements.
    package static let apiHost = "digitalassetlinks.googleapis.com"
    package static func apiPath(of host: String) -> String {
        "/v1/statements:list?source.web.site=https://\(host)&relation=delegate_permission/common.handle_all_urls"
            + "&return_relation_extensions=true"
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
