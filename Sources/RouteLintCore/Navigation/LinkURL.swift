/// A host name, read by one of the named policies every layer shares: the manifest's `hosts`,
/// the host a request is made to, and the host both platforms match a link's URL by.
package struct HostName: Hashable, Sendable, CustomStringConvertible {
    /// How a text is read as a host name.
    package enum Policy: Sendable {
        /// A manifest's `hosts` entry: labels of ASCII letters, digits and hyphens joined by
        /// dots, the first label `*` for every subdomain (`*.example.com`). Any case.
        case declared
        /// A host asked for a file (`routelint hosts`, an include statement): a DNS name of
        /// lower-case letters, digits and hyphens, labels of at most 63 bytes and 253 in all,
        /// no wildcard, no user info, no port; a final dot allowed (`example.com.`, fully
        /// qualified: a name Android's verifier asks for as written).
        case fetched
    }

    /// The name, lower-cased.
    package let text: String

    /// `text` read by `policy`; nil when it is no host name by it.
    package init?(_ text: some StringProtocol, policy: Policy) {
        let bytes = Array(text.utf8)
        switch policy {
        case .declared:
            let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            let valid = labels.enumerated().allSatisfy { position, label in
                (position == 0 && label.elementsEqual([UInt8(ascii: "*")]) && labels.count > 1)
                    || (!label.isEmpty && label.allSatisfy { Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") })
            }
            guard valid else { return nil }
        case .fetched:
            let body = bytes.last == UInt8(ascii: ".") ? bytes.dropLast() : bytes[...]
            let labels = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            let valid =
                bytes.count <= 253 && !labels.isEmpty
                && labels.allSatisfy { label in
                    !label.isEmpty && label.count <= 63
                        && label.allSatisfy { byte in
                            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                                || byte == UInt8(ascii: "-")
                        }
                }
            guard valid else { return nil }
        }
        // A fetched name is lower-case already: it would not have read otherwise.
        self.text = policy == .fetched ? String(text) : String(text).lowercased()
    }

    /// Whether the name is a wildcard (`*.example.com`), which stands for its subdomains.
    package var isWildcard: Bool { text.hasPrefix("*.") }

    /// For a wildcard, what each of its subdomains ends with (`.example.com`).
    private var subdomainSuffix: Substring? { isWildcard ? text.dropFirst() : nil }

    /// Whether `host` (lower-cased) is this name, or a subdomain of this `*.example.com`: the
    /// one reading of the `hosts` wildcard.
    package func covers(_ host: String) -> Bool {
        guard let suffix = subdomainSuffix else { return host == text }
        return host.hasSuffix(suffix) && host.utf8.count > suffix.utf8.count
    }

    /// Whether this name covers every host `other` covers.
    package func covers(_ other: HostName) -> Bool {
        guard let otherSuffix = other.subdomainSuffix else { return covers(other.text) }
        guard let suffix = subdomainSuffix else { return false }
        return otherSuffix.hasSuffix(suffix)
    }

    /// A host the name covers, for a witness URL: the name, or a wildcard's `www` subdomain.
    package var exampleHost: String {
        subdomainSuffix.map { "www" + $0 } ?? text
    }

    package var description: String { text }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}

/// A URL split once into its parts as written — scheme, authority, path, query, fragment — by
/// the one grammar every layer shares; the questions callers ask of it (the host the platforms
/// match, the host a request goes to) are its named policies. The parts are slices of the text:
/// `resolve` reads thousands of URLs, and a part no caller asks for costs nothing.
package struct LinkURL: Sendable, Equatable {
    /// Whether `text` holds white space or a control character, which a URL percent-encodes:
    /// one written raw would reach a shell or a terminal as it is.
    package static func holdsRawSpaceOrControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Which texts are URLs.
    package enum Grammar: Sendable {
        /// A link as an app receives it: `scheme://authority/path?query#fragment`, the scheme a
        /// letter then letters, digits, `+`, `-` and `.`; or a bare path from `/`.
        case link
        /// A Jetpack Navigation `uriPattern`: the scheme any text before `://` (placeholders
        /// such as `${applicationId}` included), or none at all, the text then starting with
        /// the authority (Android then takes `http` and `https`).
        case navigationPattern
    }

    /// The scheme as written; nil for a bare path, or a navigation pattern without one.
    package let writtenScheme: Substring?
    /// The scheme, lower-cased.
    package let scheme: String?
    /// The authority as written (user info, host, port: `user@Example.com:8443`), up to the
    /// first `/`; nil for a bare path.
    package let authority: Substring?
    /// The path as written, from its `/`; empty when the authority is all there is.
    package let path: Substring
    /// The query, after `?` and before `#`; nil without a `?`.
    package let query: Substring?
    /// The fragment, after the first `#`; nil without one.
    package let fragment: Substring?

    /// `text` taken apart by `grammar`; nil when it is no URL by it (a navigation pattern
    /// always is one).
    package init?(_ text: String, grammar: Grammar = .link) {
        var rest = Substring(text)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        self.query = query
        self.fragment = fragment
        if grammar == .link && rest.hasPrefix("/") {
            (writtenScheme, scheme, authority, path) = (nil, nil, nil, rest)
            return
        }
        if let separator = Self.schemeSeparator(in: rest, grammar: grammar) {
            let written = rest[..<separator]
            if grammar == .link, !Self.isScheme(written) { return nil }
            (writtenScheme, scheme) = (written, written.lowercased())
            rest = rest[rest.index(separator, offsetBy: 3)...]
        } else if grammar == .link {
            return nil
        } else {
            (writtenScheme, scheme) = (nil, nil)
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        (authority, path) = (rest[..<slash], rest[slash...])
    }

    /// Whether the scheme is the web's (`http`, `https`), whose authority is a host.
    package var isWeb: Bool { scheme == "http" || scheme == "https" }

    /// The host both platforms match a link by: the authority lower-cased, without its user
    /// info (`user@`) and port (`:8443`); nil without an authority, or when nothing is left.
    package var matchedHost: String? {
        guard var host = authority?.lowercased()[...] else { return nil }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        return host.isEmpty ? nil : String(host)
    }

    /// The host a request for the URL is made to: the authority, lower-cased, when it is a
    /// host name by `HostName.Policy.fetched` alone — a URL with user info or a port names no
    /// file a verifier fetches.
    package var fetchedHost: HostName? {
        authority.flatMap { HostName($0.lowercased(), policy: .fetched) }
    }

    /// What a custom scheme's link holds after `scheme://`: routelint reads it as a path, its
    /// first segment where a web URL has its host (`shop://products/42` is `/products/42`).
    package var pathAfterScheme: String {
        let afterScheme = String(authority ?? "") + path
        return afterScheme.hasPrefix("/") ? afterScheme : "/" + afterScheme
    }

    /// Where the `://` after the scheme starts: in a link, at its first `:` (a scheme holds
    /// none); in a navigation pattern, wherever it is first (a placeholder may hold a `:`).
    private static func schemeSeparator(in text: Substring, grammar: Grammar) -> Substring.Index? {
        switch grammar {
        case .link:
            guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
            return colon
        case .navigationPattern:
            return text.firstRange(of: "://")?.lowerBound
        }
    }

    /// Whether `text` is a URL scheme: a letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }
}
