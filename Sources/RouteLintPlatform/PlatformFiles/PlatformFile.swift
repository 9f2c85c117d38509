import RouteLintCore

/// The kinds of platform link file routelint checks, told apart by file name (docs/app-links.md).
package enum PlatformFileKind: String, Sendable, CaseIterable {
    /// `apple-app-site-association` (also with `.json`): the components iOS evaluates.
    case appleAppSiteAssociation = "apple-app-site-association"
    /// `*.entitlements`: the associated domains of the app.
    case entitlements
    /// `assetlinks.json`: the statement that lets Android verify the app's links.
    case assetLinks = "assetlinks.json"
    /// `AndroidManifest.xml`: the intent filters.
    case androidManifest = "AndroidManifest.xml"

    /// The kind of the file at `path`, from its name; nil for any other name.
    package init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "apple-app-site-association", "apple-app-site-association.json": self = .appleAppSiteAssociation
        case "assetlinks.json": self = .assetLinks
        case "AndroidManifest.xml": self = .androidManifest
        default:
            guard name.hasSuffix(".entitlements") else { return nil }
            self = .entitlements
        }
    }
}

/// A platform file to check and the app it belongs to (nil: the route set's only app).
package struct PlatformFileSource: Sendable {
    /// The file, numbered after the route set's manifests.
    package let file: SourceFile
    /// The app it belongs to, when the configuration names one.
    package let app: String?
    /// The host that served the file (`routelint hosts`): its witness URLs name that host
    /// rather than the app's first.
    package let servedHost: String?
    /// For a served assetlinks.json, the statement files its include statements led to, as
    /// fetched: their statements are read as the file's own, at their own positions.
    package var included: [SourceFile] = []
    /// The kind of file, when its name does not say it (Apple's CDN serves the association at
    /// `/a/v1/HOST`).
    private let declaredKind: PlatformFileKind?

    /// `file`, for the app named `app`, as served by `servedHost` when one served it; of
    /// `kind` when given, else of the kind its name says.
    package init(file: SourceFile, app: String?, servedHost: String? = nil, kind: PlatformFileKind? = nil) {
        self.file = file
        self.app = app
        self.servedHost = servedHost
        declaredKind = kind
    }

    /// The kind of file; nil when it is none routelint reads.
    package var kind: PlatformFileKind? { declaredKind ?? PlatformFileKind(path: file.path) }
}

/// What a platform file says about links, read with positions; and what could not be read.
package struct PlatformFile: Sendable {
    package let file: FileID
    package let path: String
    package let kind: PlatformFileKind
    package let app: String?
    /// The host that served it, when it was fetched: the host of its witness URLs.
    package let servedHost: String?
    /// Where the file starts: the related location of findings about routes.
    package let start: SourceRange
    package var issues: [PlatformFileIssue] = []
    package var content: Content?
    /// An assetlinks.json's include statements: the URLs they name, where they name them.
    package var includes: [Located<String>] = []
    /// The hosts an entitlements file names with `?mode=developer` only (in lower case): devices
    /// in developer mode fetch their association from the host itself, not Apple's CDN, and
    /// other devices do not use them.
    package var developerOnlyHosts = Set<String>()

    package enum Content: Sendable {
        case association([AssociationDetail])
        case entitlements(domains: [Located<String>])
        case assetLinks([AssetLinksStatement])
        case androidManifest([LocatedFilter])
    }

    /// One entry of `applinks.details`.
    package struct AssociationDetail: Sendable {
        package var appIDs: [Located<String>]
        package var components: [LocatedComponent]
        /// The entry itself.
        package var range: SourceRange
    }

    package struct LocatedComponent: Sendable {
        package var component: AppleLinkComponent
        /// The component's path pattern as written (the whole component when it has none).
        package var range: SourceRange
    }

    /// A `delegate_permission/common.handle_all_urls` statement for an Android app.
    package struct AssetLinksStatement: Sendable {
        package var package: Located<String>?
        package var fingerprints: [Located<String>]
        package var range: SourceRange
        /// Its Dynamic App Links rules, when it has `dynamic_app_link_components`.
        package var dynamicRules: DynamicRules? = nil
    }

    /// A statement's `dynamic_app_link_components`, as written.
    package struct DynamicRules: Sendable {
        package var rules: [AndroidDynamicRule] = []
        /// Where each rule is written.
        package var ruleRanges: [SourceRange] = []
        /// Where the list is written.
        package var range: SourceRange
        /// Whether a malformed or empty field makes Android ignore every rule of the list: the
        /// manifest then decides alone.
        package var isIgnored = false
    }

    /// An intent filter of an activity, with where its parts are written.
    package struct LocatedFilter: Sendable {
        package var filter: AndroidIntentFilter
        package var activity: String
        /// The `<intent-filter` start tag.
        package var range: SourceRange
        /// Each path attribute's value, plain ones first, then the groups' filter attributes
        /// (path, query and fragment) in order — the numbering of `AndroidFilterLanguage`'s
        /// deciders.
        package var attributeRanges: [SourceRange]
        package var hostRanges: [SourceRange]
        /// Each group's `<uri-relative-filter-group` start tag.
        package var groupRanges: [SourceRange]
    }
}

/// What reading a platform file found wrong, for the rules to word.
package enum PlatformFileIssue: Sendable {
    /// Not well-formed JSON or XML.
    case malformed(message: String, at: SourceRange)
    /// A value of the wrong type, or a required part missing: `expected` says what the
    /// platform reads there.
    case unexpected(expected: String, found: String, at: SourceRange)
    /// An Android path attribute the platform's parser rejects.
    case rejectedPattern(attribute: String, pattern: String, reason: String, at: SourceRange)
    /// A pattern that reads otherwise than it looks: what it looks like and what it is.
    case misleadingPattern(pattern: String, explanation: String, at: SourceRange)
    /// An apple-app-site-association larger than iOS reads: `bytes` long.
    case oversizedAssociation(bytes: Int, at: SourceRange)
    /// A malformed or empty field of `dynamic_app_link_components`, for which Android ignores
    /// every dynamic rule of the statement.
    case ignoredDynamicRules(problem: String, at: SourceRange)
}

extension PlatformFile {
    /// The namespace of Android's manifest attributes.
    package static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The entitlement that lists associated domains.
    package static let associatedDomainsKey = "com.apple.developer.associated-domains"

    /// Reads `source` as its kind says. An apple-app-site-association over the size iOS reads
    /// is its size issue and nothing else: iOS reads none of it, so no claim of it is compiled or
    /// judged, and a hostile file of any size costs its bytes only — unless `evenOversized`, for
    /// the import, which drafts routes from what the file says.
    package static func read(_ source: PlatformFileSource, kind: PlatformFileKind, evenOversized: Bool = false) -> PlatformFile {
        let lines = LineIndex(source.file.bytes)
        let origin = SourcePosition(line: 1, column: 1)
        var file = PlatformFile(
            file: source.file.id, path: source.file.path, kind: kind, app: source.app, servedHost: source.servedHost,
            start: SourceRange(file: source.file.id, start: origin, end: origin))
        var reader = PlatformFileReader(file: source.file.id, lines: lines)
        if kind == .appleAppSiteAssociation && source.file.bytes.count > AppLinkLimits.maximumAssociationSize {
            reader.issues.append(.oversizedAssociation(bytes: source.file.bytes.count, at: file.start))
            if !evenOversized {
                file.issues = reader.issues
                return file
            }
        }
        switch kind {
        case .appleAppSiteAssociation, .assetLinks:
            switch JSONDocument.read(source.file.bytes) {
            case .failure(let problem):
                reader.issues.append(.malformed(message: problem.message, at: reader.range(problem.offset, problem.offset)))
            case .success(let document):
                file.content = kind == .assetLinks ? reader.assetLinks(document.root) : reader.association(document.root)
            }
        case .entitlements, .androidManifest:
            switch XMLDocument.read(source.file.bytes) {
            case .failure(let problem):
                reader.issues.append(.malformed(message: problem.message, at: reader.range(problem.offset, problem.offset)))
            case .success(let document):
                file.content = kind == .entitlements ? reader.entitlements(document.root) : reader.androidManifest(document.root)
            }
        }
        file.issues = reader.issues
        file.includes = reader.includes
        file.developerOnlyHosts = reader.developerOnlyHosts
        // What an include leads to is read as the file's own statements (and problems), each at
        // its place in the file that holds it.
        for included in source.included where kind == .assetLinks {
            let statements = read(PlatformFileSource(file: included, app: source.app, servedHost: source.servedHost), kind: kind)
            file.issues += statements.issues
            if case .assetLinks(let more)? = statements.content {
                if case .assetLinks(let own)? = file.content {
                    file.content = .assetLinks(own + more)
                } else {
                    file.content = .assetLinks(more)
                }
            }
        }
        return file
    }
}
