import RouteLintCore

/// What checking platform files against their apps found, as typed facts: one kind per rule,
/// which the rule files word. Claims are decided over every URL path (`PathLanguageComparison`):
/// each witness is claimed or not exactly as its fact says.
package struct PlatformFacts: Sendable {
    /// What reading a file found (`platform-file-syntax`, `platform-pattern`).
    package var issues: [PlatformFileIssue] = []
    /// URLs a file claims that no web route opens (`unrouted-link`).
    package var unrouted: [UnroutedLink] = []
    /// Web routes with URLs a file does not claim (`unclaimed-route`).
    package var unclaimed: [UnclaimedRoute] = []
    /// Components no URL reaches (`shadowed-link-rule`).
    package var shadowed: [ShadowedComponent] = []
    /// Setup that does not match the manifest (`app-link-setup`).
    package var setup: [SetupMismatch] = []
    /// Claims too large to compare: the run says so.
    package var undecided: [Undecided] = []
    /// Where a file differs from the claimed set because its platform or API range cannot
    /// express it (`api-level-limit`, `typed-link-limit`): one per file, range and cause.
    package var limits: [PlatformLimit] = []

    /// No facts yet.
    package init() {}

    /// Adds `other`'s facts to these.
    package mutating func add(_ other: PlatformFacts) {
        issues += other.issues
        unrouted += other.unrouted
        unclaimed += other.unclaimed
        shadowed += other.shadowed
        setup += other.setup
        undecided += other.undecided
        limits += other.limits
    }

    /// A fact that holds on some platforms and API ranges: the same fact found on several is
    /// reported once, naming them all.
    protocol PlatformFact: Sendable {
        var platform: Platform { get set }
    }

    /// The difference a platform or API range forces on a file: what it claims less (or, with
    /// `claim-more` or typed routes, more) than the claimed set, within what it can express.
    package struct PlatformLimit: PlatformFact {
        /// What the platform cannot say.
        package enum Cause: Sendable {
            /// Below API 31, a parameter held to one segment.
            case apiLevel
            /// The values a typed parameter takes (an integer, a UUID): AASA globs cannot say
            /// it, nor can intent filters where other routes take the other values.
            case valueTypes
        }

        package let cause: Cause
        /// The file's name.
        package let file: String
        /// The intent filter that claims the app's links.
        package let range: SourceRange
        /// The shortest URL the file claims differently from the claimed set.
        package let url: String
        /// Whether the file claims `url` (more than the set) or not (less).
        package let claimsMore: Bool
        /// The route that opens `url`, or whose widened pattern claims it.
        package var route: RouteReference?
        /// How many routes have URLs the range cannot claim exactly.
        package let routeCount: Int
        package var platform: Platform
    }

    package struct UnroutedLink: PlatformFact {
        package let url: String
        /// What claims it: the component, the path attribute or the filter.
        package let claimant: String
        package let range: SourceRange
        /// Where the claim holds.
        package var platform: Platform
        /// Whether `generate app-links` wrote the file (`PlatformFile.isGenerated`).
        package var fileIsGenerated = false
    }

    package struct UnclaimedRoute: PlatformFact {
        package var route: RouteReference
        package var url: String
        package let file: String
        package let fileStart: SourceRange
        package var platform: Platform
        /// Whether `generate app-links` wrote the file (`PlatformFile.isGenerated`).
        package var fileIsGenerated = false
    }

    /// A route of the claimed set: its id and where its path (or the alias) is written, and its
    /// position among the app's opening paths, by which the cache finds it again after an edit.
    package struct RouteReference: Sendable {
        package var id: String
        package var pathRange: SourceRange
        let index: Int
    }

    /// Where a fact holds: on iOS, or on the Android API levels of some ranges.
    package enum Platform: Sendable, CustomStringConvertible {
        case iOS
        case android([ClosedRange<Int>])

        /// `iOS`, or `API 26–30, 35+` with adjacent ranges joined.
        package var description: String {
            guard case .android(let ranges) = self else { return "iOS" }
            var joined: [ClosedRange<Int>] = []
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = joined.last, last.upperBound != Int.max, last.upperBound + 1 >= range.lowerBound {
                    joined[joined.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    joined.append(range)
                }
            }
            return "API " + joined.map(AppLinkLimits.describe).joined(separator: ", ")
        }

        /// This and `other`'s API ranges together.
        func adding(_ other: Platform) -> Platform {
            guard case .android(let mine) = self, case .android(let theirs) = other else { return self }
            return .android(mine + theirs.filter { !mine.contains($0) })
        }
    }

    package struct ShadowedComponent: Sendable {
        package let pattern: String
        package let range: SourceRange
        /// Set for a Dynamic App Links rule (its number from 1): no URL the manifest claims
        /// reaches it, hidden by earlier rules or outside what the intent filters claim.
        package var dynamicRule: Int? = nil
    }

    package struct Undecided: Sendable {
        package let file: String
        package let range: SourceRange
        /// The bound the file's claims passed.
        package let bound: Bound

        /// A bound of the work that decides a file's claims.
        package enum Bound: Sendable, CustomStringConvertible {
            /// The steps of the file's comparisons with the routes (`ComparisonBudget`).
            case comparison(steps: Int)
            /// The states of its query and fragment patterns stepped together.
            case queryAndFragment(states: Int)

            /// `more than 204400 steps`, as a message words it.
            package var description: String {
                switch self {
                case .comparison(let steps): "more than \(steps) steps"
                case .queryAndFragment(let states): "more than \(states) states of its query and fragment patterns"
                }
            }
        }
    }

    /// A part of a platform file that disagrees with the manifest's `hosts`, `ios` or `android`.
    package enum SetupMismatch: Sendable {
        /// An `https` intent filter without `android:autoVerify="true"`.
        case notVerified(at: SourceRange)
        /// A host of `hosts` the file does not name.
        case missingHost(String, file: String, at: SourceRange)
        /// A host the file names that `hosts` lacks.
        case extraHost(String, at: SourceRange)
        /// An app ID of `ios.app-ids` the AASA does not name.
        case missingAppID(String, at: SourceRange)
        /// An app ID the AASA names that `ios.app-ids` lacks.
        case extraAppID(String, at: SourceRange)
        /// assetlinks.json has no statement for `android.package`.
        case missingPackage(String, at: SourceRange)
        /// A fingerprint of `android.cert-fingerprints` the statement lacks.
        case missingFingerprint(String, at: SourceRange)
        /// A fingerprint the statement lists that `android.cert-fingerprints` lacks.
        case extraFingerprint(String, at: SourceRange)
        /// A second statement with Dynamic App Links rules for the package: which Android
        /// applies is undefined.
        case duplicateDynamicRules(package: String, at: SourceRange)
        /// Dynamic App Links rules none of which allows: no URL opens the app on Android 15+.
        case excludingDynamicRules(at: SourceRange)
    }
}

/// Checks platform files against the apps of a route set.
package enum PlatformLinkCheck {
    /// The facts about `files` (read already) for `apps`, an AndroidManifest.xml judged on
    /// Android 15+ with the Dynamic App Links rules of `dynamicRules`; `comparesClaims` false
    /// skips the comparisons of claims (their rules are off). With `judgesRulesAlone` — no
    /// AndroidManifest.xml is checked with them, as for a served file — an assetlinks.json's
    /// own rules are judged against the routes: whatever the filters claim, a web route's URL
    /// that they exclude stays on the web.
    package static func facts(
        _ files: [PlatformFile], apps: [AppModel], comparesClaims: Bool, dynamicRules: [DynamicRuleFile] = [],
        judgesRulesAlone: Bool = false
    ) -> PlatformFacts {
        var facts = PlatformFacts()
        for file in files {
            facts.add(
                Self.facts(
                    file, apps: apps, comparesClaims: comparesClaims, dynamicRules: dynamicRules, judgesRulesAlone: judgesRulesAlone))
        }
        return facts
    }

    /// The facts about one file; an AndroidManifest.xml is compared with `expressible` when
    /// given (its app's claims as Android can express them, built while the file was read).
    static func facts(
        _ file: PlatformFile, apps: [AppModel], comparesClaims: Bool, dynamicRules: [DynamicRuleFile], judgesRulesAlone: Bool,
        expressible: AndroidExpressibleClaims? = nil
    ) -> PlatformFacts {
        var facts = PlatformFacts()
        facts.issues = file.issues
        // What a file with a reference lacking its value claims is not known: its finding says
        // so, and no comparison reads the reference as a literal.
        guard !file.hasUnresolvedReferences, let content = file.content, let app = app(of: file, in: apps) else { return facts }
        let dynamic = DynamicRuleFile.statement(in: dynamicRules, for: app, apps: apps)
        var check = FileCheck(
            file: file, app: app, comparesClaims: comparesClaims, dynamicRules: dynamic.map { ($0.file.name, $0.statement) },
            judgesRulesAlone: judgesRulesAlone)
        check.expressible = expressible
        switch content {
        case .association(let details): check.association(details)
        case .entitlements(let domains): check.hosts(domains, fileRange: file.start)
        case .assetLinks(let statements): check.assetLinks(statements)
        case .androidManifest(let filters): check.androidManifest(filters)
        }
        facts.add(check.facts)
        return facts
    }

    /// The app a file belongs to: the one it names, or the only one.
    static func app(of file: PlatformFile, in apps: [AppModel]) -> AppModel? {
        app(owning: file.app, in: apps)
    }

    /// The app a file to read belongs to: the one the configuration names, or the only one.
    package static func app(of source: PlatformFileSource, in apps: [AppModel]) -> AppModel? {
        app(owning: source.app, in: apps)
    }

    /// The app named `name`, or with no name the set's only app.
    private static func app(owning name: String?, in apps: [AppModel]) -> AppModel? {
        guard let name else { return apps.count == 1 ? apps[0] : nil }
        return app(named: name, in: apps)
    }

    /// The app of `apps` that declares `name`.
    package static func app(named name: String, in apps: [AppModel]) -> AppModel? {
        apps.first { app in app.name.map { app.text($0.value) } == name }
    }

    /// The Dynamic App Links rules of one assetlinks.json, by statement: what an
    /// AndroidManifest.xml of the same app meets on Android 15+.
    package struct DynamicRuleFile: Sendable, Equatable {
        /// The file's path as the run names it, and its name, for messages.
        let path: String
        let name: String
        /// The app the file belongs to, when the configuration names one.
        let app: String?
        /// Per statement with rules Android reads (none malformed): its package and rules.
        let statements: [Statement]

        struct Statement: Sendable, Equatable {
            let package: String?
            let rules: [AndroidDynamicRule]
            /// Where the list, and each rule, is written.
            let range: SourceRange
            let ruleRanges: [SourceRange]
        }

        /// The rules of the assetlinks.json files among `sources`.
        package static func read(_ sources: [PlatformFileSource]) -> [DynamicRuleFile] {
            sources.compactMap { source in
                guard source.kind == .assetLinks,
                    case .assetLinks(let statements)? = PlatformFile.read(source, kind: .assetLinks).content
                else { return nil }
                let withRules = statements.compactMap { statement -> Statement? in
                    guard let dynamic = statement.dynamicRules, !dynamic.isIgnored else { return nil }
                    return Statement(
                        package: statement.package?.value, rules: dynamic.rules, range: dynamic.range, ruleRanges: dynamic.ruleRanges)
                }
                guard !withRules.isEmpty else { return nil }
                let name = source.file.path.split(separator: "/").last.map(String.init) ?? source.file.path
                return DynamicRuleFile(path: source.file.path, name: name, app: source.app, statements: withRules)
            }
        }

        /// The file and statement whose rules `app` meets: the first statement for its package
        /// (any, when it names none) in the first file of the app that has one (with no app, the
        /// first there is); nil when there is none.
        static func statement(in files: [DynamicRuleFile], for app: AppModel?, apps: [AppModel])
            -> (file: DynamicRuleFile, statement: Statement)?
        {
            var package: String?
            if let app, let name = app.android?.package { package = app.text(name.value) }
            for file in files {
                if let app {
                    let owner = PlatformLinkCheck.app(owning: file.app, in: apps)
                    guard let owner, owner.name.map({ owner.text($0.value) }) == app.name.map({ app.text($0.value) }) else { continue }
                }
                if let statement = file.statements.first(where: { package == nil || $0.package == package }) {
                    return (file, statement)
                }
            }
            return nil
        }
    }
}
