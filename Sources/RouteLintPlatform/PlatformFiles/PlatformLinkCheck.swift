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
    }

    package struct UnclaimedRoute: PlatformFact {
        package var route: RouteReference
        package let url: String
        package let file: String
        package let fileStart: SourceRange
        package var platform: Platform
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

    /// The facts about one file.
    private static func facts(
        _ file: PlatformFile, apps: [AppModel], comparesClaims: Bool, dynamicRules: [DynamicRuleFile], judgesRulesAlone: Bool
    ) -> PlatformFacts {
        var facts = PlatformFacts()
        facts.issues = file.issues
        guard let content = file.content, let app = app(of: file, in: apps) else { return facts }
        let dynamic = DynamicRuleFile.statement(in: dynamicRules, for: app, apps: apps)
        var check = FileCheck(
            file: file, app: app, comparesClaims: comparesClaims, dynamicRules: dynamic.map { ($0.file.name, $0.statement) },
            judgesRulesAlone: judgesRulesAlone)
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
        guard let name = file.app else { return apps.count == 1 ? apps[0] : nil }
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
                    let owner = file.app.map { PlatformLinkCheck.app(named: $0, in: apps) } ?? (apps.count == 1 ? apps[0] : nil)
                    guard let owner, owner.name.map({ owner.text($0.value) }) == app.name.map({ app.text($0.value) }) else { continue }
                }
                if let statement = file.statements.first(where: { package == nil || $0.package == package }) {
                    return (file, statement)
                }
            }
            return nil
        }
    }

    private struct FileCheck {
        let file: PlatformFile
        let app: AppModel
        let comparesClaims: Bool
        /// The Dynamic App Links rules the app's manifest meets on Android 15+, and the name of
        /// their file.
        let dynamicRules: (file: String, statement: DynamicRuleFile.Statement)?
        /// Whether an assetlinks.json's own rules are judged against the routes, with no manifest.
        let judgesRulesAlone: Bool
        var facts = PlatformFacts()
        /// What the file's walks may spend, all of them together: a file is decided within it
        /// or not at all, however many API ranges, hosts and quantifiers it is compared at.
        lazy var budget = ComparisonBudget(first: app.routes.count, second: patternCount)

        var hosts: [String] { app.hosts.map { app.text($0.value) } }
        /// The patterns the file holds: components or path attributes.
        var patternCount: Int {
            switch file.content {
            case .association(let details)?: return details.reduce(0) { $0 + $1.components.count }
            case .androidManifest(let filters)?: return filters.reduce(0) { $0 + $1.attributeRanges.count }
            default: return 0
            }
        }
        /// The file's name, as findings word it; its kind's where the name does not say it (the
        /// association Apple's CDN serves at `/a/v1/HOST`).
        var fileName: String {
            PlatformFileKind(path: file.path) == file.kind
                ? file.path.split(separator: "/").last.map(String.init) ?? file.path : file.kind.rawValue
        }

        // MARK: Apple

        mutating func association(_ details: [PlatformFile.AssociationDetail]) {
            let appIDs = app.iosAppIDs.map { app.text($0.value) }
            // iOS reads the first entry that names the app; without `ios`, the first entry.
            let entry = appIDs.isEmpty ? details.first : details.first { $0.appIDs.contains { appIDs.contains($0.value) } }
            for detail in details where appIDs.isEmpty == false {
                for id in detail.appIDs where !appIDs.contains(id.value) { facts.setup.append(.extraAppID(id.value, at: id.range)) }
            }
            let named = Set(details.flatMap { $0.appIDs.map(\.value) })
            for id in appIDs where !named.contains(id) { facts.setup.append(.missingAppID(id, at: file.start)) }
            let components = entry?.components ?? []
            // iOS reads none of a file over its size limit (`association-size` says so): there
            // are no claims to compare, however many components the file lists.
            let readByIOS = !file.issues.contains { if case .oversizedAssociation = $0 { true } else { false } }
            guard comparesClaims, readByIOS, let host = file.servedHost ?? hosts.first else { return }
            let claimed = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
            let language = AppleComponentLanguage(components.map(\.component))
            guard !language.isUndecided else {
                noteUndecided(.queryAndFragment(states: AppleQueryAndFragment.stateBudget))
                return
            }
            // Components that name a query or fragment open some URLs of a path and not others:
            // the file claims a path when some URL of it opens the app (judged for unrouted
            // links) and claims it whole when every URL does (judged for unclaimed routes),
            // both in one walk; the witness ends in the query and fragment that show it.
            let urlEnd = { (path: [UInt16], inFirst: Bool) in
                language.urlEnd(path.reduce(language.start) { language.step($0, $1) }, inFirst ? .everyURL : .someURL)
            }
            let claimant = { (index: Int?) in
                index.map { (components[$0].range, "component '\(components[$0].component.path ?? "*")'") }
            }
            let reached: Set<Int>?
            if claimed.segments.hasTypedRoutes {
                // iOS's globs cannot say a value's type: what `generate app-links` writes is the
                // set iOS can express, and a file may claim it.
                let expressible = AppleAssociation.decided(for: app)
                let band = ExpressibleClaims(
                    claimed: claimed, expressible: AppleComponentLanguage(expressible.components),
                    routeOfExpressibleDecider: { expressible.routes[$0] })
                reached = compare(
                    band, language, routes: claimed.segments.routes, host: host, platform: .iOS, percentIsLiteral: false,
                    urlEnd: urlEnd, filterRange: file.start, limitCause: { _ in .valueTypes }, claimant: claimant)
            } else {
                reached = compare(
                    claimed, language, routes: claimed.segments.routes, host: host, platform: .iOS, percentIsLiteral: false,
                    urlEnd: urlEnd, claimant: claimant)
            }
            guard let reached else { return }
            // A component that decides no path of non-empty segments is hidden by earlier ones.
            // One that filters the query or fragment is reached by URLs that have them, and one
            // after it by URLs that do not: the walk names one URL per path and quantifier, not
            // every component some URL reaches, so only the components before the first such
            // one are judged.
            let firstConditional = components.firstIndex { $0.component.hasConditions } ?? components.count
            for (index, located) in components.enumerated().prefix(firstConditional) where !reached.contains(index) {
                facts.shadowed.append(.init(pattern: located.component.path ?? "*", range: located.range))
            }
        }

        // MARK: Hosts, assetlinks

        mutating func hosts(_ named: [Located<String>], fileRange: SourceRange) {
            let declared = hosts
            for host in named where !declared.contains(host.value) { facts.setup.append(.extraHost(host.value, at: host.range)) }
            let present = Set(named.map(\.value))
            for host in declared where !present.contains(host) {
                facts.setup.append(.missingHost(host, file: fileName, at: fileRange))
            }
        }

        mutating func assetLinks(_ statements: [PlatformFile.AssetLinksStatement]) {
            guard let android = app.android, let package = android.package.map({ app.text($0.value) }) else { return }
            guard let statement = statements.first(where: { $0.package?.value == package }) else {
                facts.setup.append(.missingPackage(package, at: file.start))
                return
            }
            let expected = android.certFingerprints.map { app.text($0.value).uppercased() }
            for fingerprint in statement.fingerprints where !expected.contains(fingerprint.value.uppercased()) {
                facts.setup.append(.extraFingerprint(fingerprint.value, at: fingerprint.range))
            }
            let listed = Set(statement.fingerprints.map { $0.value.uppercased() })
            for fingerprint in expected where !listed.contains(fingerprint) {
                facts.setup.append(.missingFingerprint(fingerprint, at: statement.range))
            }
            let withRules = statements.filter { $0.package?.value == package && $0.dynamicRules != nil }
            for duplicate in withRules.dropFirst() {
                facts.setup.append(.duplicateDynamicRules(package: package, at: duplicate.dynamicRules?.range ?? duplicate.range))
            }
            guard let dynamic = withRules.first?.dynamicRules, !dynamic.isIgnored else { return }
            if !dynamic.rules.contains(where: { !$0.exclude }) { facts.setup.append(.excludingDynamicRules(at: dynamic.range)) }
            if comparesClaims && judgesRulesAlone { judgeAlone(dynamic.rules) }
        }

        /// Judges Dynamic App Links rules with no manifest: as if the filters claimed every path
        /// of every host, so that only what the rules exclude stays on the web — a web route's
        /// URL among it is `unclaimed-route` on Android 15+, whatever the app's filters claim.
        private mutating func judgeAlone(_ rules: [AndroidDynamicRule]) {
            let minimum = app.android?.minimumSDK ?? AndroidSettings.defaultMinSDK
            guard let range = AppLinkLimits.apiRanges(from: minimum).last, let host = hosts.first else { return }
            let level = max(range.lowerBound, AndroidIntentFilter.dynamicRulesIntroducedIn)
            let everyPath = AndroidIntentFilter(schemes: ["https"], hosts: hosts)
            let language = AndroidFilterLanguage([everyPath], apiLevel: level, dynamicRules: rules, quantifier: .everyURL)
            guard !language.isUndecided else {
                noteUndecided(.queryAndFragment(states: AndroidQueryAndFragment.stateBudget))
                return
            }
            let segments = ClaimedSegments(app, spelling: .decoded)
            let urlEnd = Self.witnessEnd(language, language.urlEnd)
            compare(
                ClaimedPathLanguage(segments: segments), language, routes: segments.routes, host: file.servedHost ?? host,
                platform: .android([level...Int.max]), percentIsLiteral: true, keeping: false, urlEnd: urlEnd,
                judged: "\(fileName) (its dynamic rules)", claimant: { _ in nil })
        }

        // MARK: Android

        mutating func androidManifest(_ filters: [PlatformFile.LocatedFilter]) {
            let web = filters.filter(\.filter.takesWebLinks)
            for filter in web where !filter.filter.autoVerify { facts.setup.append(.notVerified(at: filter.range)) }
            let named = web.flatMap { filter in zip(filter.filter.hosts, filter.hostRanges).map { Located($0, at: $1) } }
            var firstOfEach: [Located<String>] = []
            for host in named where !firstOfEach.contains(where: { $0.value == host.value }) { firstOfEach.append(host) }
            hosts(firstOfEach, fileRange: file.start)
            guard comparesClaims else { return }
            let segments = ClaimedSegments(app, spelling: .decoded)
            let claimed = ClaimedPathLanguage(segments: segments)
            let minimum = app.android?.minimumSDK ?? AndroidSettings.defaultMinSDK
            let inexact = app.android?.inexactClaims ?? .claimLess
            // What each API range can express of the claimed set: what `generate app-links` writes.
            // Where that is the claimed set itself — every piece written exactly, or API 31+
            // claiming less — the file is compared with the claimed set alone.
            let ranges = AppLinkLimits.apiRanges(from: minimum)
            // Only below API 31, or when the app claims more there, or where typed parameters
            // decide, may the expressible set differ: the pieces are not needed otherwise.
            let advancedFrom = AndroidPathPattern.Kind.advancedGlob.introducedIn
            let mayDiffer = { (range: ClosedRange<Int>) in
                range.lowerBound < advancedFrom || inexact == .claimMore || segments.tellsShapesApart
            }
            let pieces = ranges.contains(where: mayDiffer) ? AndroidLinkPaths.pieces(segments) : []
            let isExactEverywhere = pieces.allSatisfy(\.isWritableBelowAdvanced)
            let isExactFromAdvanced = pieces.allSatisfy(\.isExact)
            func expressibleDiffers(_ range: ClosedRange<Int>) -> Bool {
                let byLevel = range.lowerBound < advancedFrom || inexact == .claimMore
                return (byLevel && !isExactEverywhere) || (range.lowerBound >= advancedFrom && !isExactFromAdvanced)
            }
            // From API 31, what a range cannot claim exactly is a typed parameter's values,
            // unless `claim-more` widened an untyped route's pattern.
            let typedRoutes = Set(segments.routes.indices.filter { !segments.routes[$0].params.isEmpty })
            let limitCause = { (level: Int) in
                { (route: Int?) -> PlatformFacts.PlatformLimit.Cause in
                    level >= advancedFrom && (inexact != .claimMore || route.map(typedRoutes.contains) == true) ? .valueTypes : .apiLevel
                }
            }
            let expressible =
                ranges.contains(where: expressibleDiffers)
                ? AndroidLinkPaths.attributes(pieces, minimumSDK: minimum, inexact: inexact) : nil
            let expressibleFilters = expressible.map { [AndroidIntentFilter(schemes: ["https"], paths: $0.attributes)] } ?? []
            // The dynamic rules that decide some URL of some host: a rule that decides none has no effect.
            var rulesReached = Set<Int>()
            var rulesDecided = true
            var checkedDynamicRules = false
            // Hosts with the same filters are claimed alike: they are compared once, named by the first.
            var compared: [[Int]] = []
            for host in hosts {
                let chosenIndexes = web.indices.filter {
                    web[$0].filter.covers(host: WitnessPath.host(host)) || web[$0].filter.hosts.contains(host)
                }
                guard !compared.contains(chosenIndexes) else { continue }
                compared.append(chosenIndexes)
                let chosen = chosenIndexes.map { web[$0] }
                let filters = chosen.map(\.filter)
                let attributes = chosen.flatMap(\.attributeRanges)
                let names = chosen.flatMap(\.filter.attributeNames)
                // API ranges at which both the file and the expressible set read the same attributes
                // claim alike: one comparison stands for them all.
                // Without dynamic rules, Android 15 reads what 12 reads.
                var classes: [(reading: [Bool], ranges: [ClosedRange<Int>])] = []
                for range in ranges {
                    let level = range.lowerBound
                    let reading =
                        AndroidFilterLanguage.reading(filters, apiLevel: level)
                        + AndroidFilterLanguage.reading(expressibleFilters, apiLevel: level)
                        + [expressibleDiffers(range), dynamicRules != nil && level >= AndroidIntentFilter.dynamicRulesIntroducedIn]
                    if let index = classes.firstIndex(where: { $0.reading == reading }) {
                        classes[index].ranges.append(range)
                    } else {
                        classes.append((reading, [range]))
                    }
                }
                for (_, alike) in classes {
                    let level = alike[0].lowerBound
                    // From API 35 the Dynamic App Links rules of assetlinks.json narrow the filters.
                    let applied = level >= AndroidIntentFilter.dynamicRulesIntroducedIn ? dynamicRules : nil
                    let rules = applied?.statement.rules
                    let judged = applied.map { "\(fileName) with the dynamic rules of \($0.file)" }
                    let someURL = AndroidFilterLanguage(filters, apiLevel: level, dynamicRules: rules ?? [])
                    if someURL.isUndecided {
                        noteUndecided(.queryAndFragment(states: AndroidQueryAndFragment.stateBudget))
                        rulesDecided = false
                        continue
                    }
                    // A group that filters the query or fragment opens some URLs of a path and not
                    // others: the file claims a path when some URL of it opens the app (judged against
                    // the routes for unrouted links) and claims it whole when every URL does (judged
                    // for unclaimed routes).
                    let sides: [(language: AndroidFilterLanguage, fileClaimsMore: Bool?)] =
                        someURL.filtersQueryOrFragment
                        ? [
                            (someURL, true),
                            (
                                AndroidFilterLanguage(filters, apiLevel: level, dynamicRules: rules ?? [], quantifier: .everyURL),
                                false
                            ),
                        ]
                        : [(someURL, nil)]
                    if rules != nil {
                        checkedDynamicRules = true
                        if let reached = someURL.dynamicRulesReached(budget: &budget) {
                            rulesReached.formUnion(reached)
                        } else {
                            rulesDecided = false
                        }
                    }
                    for (language, fileClaimsMore) in sides {
                        let claimant = { (index: Int?) -> (SourceRange, String)? in
                            if let index, index < attributes.count { return (attributes[index], names[index]) }
                            guard let filter = language.everythingClaimedBy else { return nil }
                            return (chosen[filter].range, "the intent filter, which has no path attribute read there, so claims every path")
                        }
                        let urlEnd = Self.witnessEnd(language, language.urlEnd)
                        if let expressible, expressibleDiffers(alike[0]) {
                            let band = ExpressibleClaims(
                                claimed: claimed, expressible: AndroidFilterLanguage(expressibleFilters, apiLevel: level),
                                routeOfExpressibleDecider: { expressible.routes[$0].map(Int.init) })
                            compare(
                                band, language, routes: segments.routes, host: host, platform: .android(alike), percentIsLiteral: true,
                                keeping: fileClaimsMore, urlEnd: urlEnd, judged: judged, widenedRoutes: expressible.inexactRoutes.count,
                                filterRange: chosen.first?.range ?? file.start, limitCause: limitCause(level), claimant: claimant)
                        } else {
                            compare(
                                claimed, language, routes: segments.routes, host: host, platform: .android(alike), percentIsLiteral: true,
                                keeping: fileClaimsMore, urlEnd: urlEnd, judged: judged, claimant: claimant)
                        }
                    }
                }
            }
            if checkedDynamicRules, rulesDecided, let statement = dynamicRules?.statement {
                for (index, rule) in statement.rules.enumerated() where !rulesReached.contains(index) {
                    facts.shadowed.append(.init(pattern: rule.json, range: statement.ruleRanges[index], dynamicRule: index + 1))
                }
            }
            merge()
        }

        /// The end of a witness URL after its path: what `end` says of the state the path
        /// reaches in `language` (the query and fragment that decide it).
        private static func witnessEnd<Language: PathLanguage>(
            _ language: Language, _ end: @escaping (Language.State) -> String
        ) -> ([UInt16], Bool) -> String {
            { path, _ in end(path.reduce(language.start) { language.step($0, $1) }) }
        }

        /// Facts of several API ranges and hosts about one place and one URL become one, naming
        /// every range where the URL is claimed wrongly.
        private mutating func merge() {
            facts.unrouted = Self.merged(facts.unrouted) { [$0.range, $0.url] }
            facts.unclaimed = Self.merged(facts.unclaimed) { [$0.route.index, $0.url] }
            facts.limits = Self.merged(facts.limits) { [$0.url, $0.claimsMore, $0.cause] }
        }

        /// `facts` in order, each with the `key` of an earlier one folded into that one with its
        /// platform added — looked up by key, so a file of many facts merges in linear time.
        private static func merged<Fact: PlatformFacts.PlatformFact>(_ facts: [Fact], key: (Fact) -> [AnyHashable]) -> [Fact] {
            var merged: [Fact] = []
            var indexOfKey: [[AnyHashable]: Int] = [:]
            for fact in facts {
                if let index = indexOfKey[key(fact)] {
                    merged[index].platform = merged[index].platform.adding(fact.platform)
                } else {
                    indexOfKey[key(fact)] = merged.count
                    merged.append(fact)
                }
            }
            return merged
        }

        /// Reports the file as not decided: its claims need more than `bound` allows.
        private mutating func noteUndecided(_ bound: PlatformFacts.Undecided.Bound) {
            if !facts.undecided.contains(where: { $0.file == file.path }) {
                facts.undecided.append(.init(file: file.path, range: file.start, bound: bound))
            }
        }

        /// Route `index` of the claimed set's `routes` (each has a path).
        private func routeReference(_ routes: [Route], _ index: Int) -> PlatformFacts.RouteReference {
            PlatformFacts.RouteReference(id: app.text(routes[index].id.value), pathRange: routes[index].path!.range, index: index)
        }

        /// Compares the claims (`reference`, whose deciders index `routes`), adds the facts, and returns the deciders of `language` that
        /// some path reached; nil when the claims were too large to compare. A difference that
        /// `reference` tolerates is the API range's limit, once per file and range, pointing at
        /// `filterRange`; `widenedRoutes` routes have patterns widened to claim more. With
        /// `keeping`, only the differences where the file claims more (true) or less (false)
        /// count; `urlEnd` gives the query and fragment that end a witness URL, told whether the
        /// reference holds its path; `judged` names what claims (the file, by default).
        @discardableResult
        private mutating func compare<Reference: PathLanguage, Platform: PathLanguage>(
            _ reference: Reference, _ language: Platform, routes: [Route], host: String, platform: PlatformFacts.Platform,
            percentIsLiteral: Bool, keeping fileClaimsMore: Bool? = nil, urlEnd: ([UInt16], _ inFirst: Bool) -> String = { _, _ in "" },
            judged: String? = nil, widenedRoutes: Int = 0, filterRange: SourceRange? = nil,
            limitCause: (Int?) -> PlatformFacts.PlatformLimit.Cause = { _ in .apiLevel }, claimant: (Int?) -> (SourceRange, String)?
        ) -> Set<Int>? {
            let (outcome, reached) = PathLanguageComparison.compareReaching(reference, language, budget: &budget)
            switch outcome {
            case .tooLarge(let limit):
                noteUndecided(.comparison(steps: limit))
                return nil
            case .compared(let witnesses):
                for witness in witnesses where fileClaimsMore.map({ $0 != witness.inFirst }) ?? true {
                    let url =
                        WitnessPath.url(host: host, path: witness.path, percentIsLiteral: percentIsLiteral)
                        + urlEnd(witness.path, witness.inFirst)
                    if witness.isTolerated {
                        let cause = limitCause(witness.firstDecider)
                        guard !facts.limits.contains(where: { $0.platform.description == platform.description && $0.cause == cause })
                        else { continue }
                        // The walk keeps one witness per route: those it left unclaimed are counted
                        // there; routes whose patterns were widened, by the generator, or, for
                        // value types, the typed routes.
                        let widened =
                            cause == .valueTypes ? routes.count { !$0.params.isEmpty || !$0.query.isEmpty } : widenedRoutes
                        let count = witness.inFirst ? witnesses.count { $0.isTolerated && $0.inFirst } : widened
                        facts.limits.append(
                            .init(
                                cause: cause, file: judged ?? fileName, range: filterRange ?? file.start, url: url,
                                claimsMore: !witness.inFirst,
                                route: witness.firstDecider.map { routeReference(routes, $0) }, routeCount: count,
                                platform: platform))
                    } else if witness.inFirst {
                        guard let index = witness.firstDecider else { continue }
                        guard routes[index].path != nil else { continue }
                        facts.unclaimed.append(
                            .init(
                                route: routeReference(routes, index), url: url, file: judged ?? fileName, fileStart: file.start,
                                platform: platform))
                    } else if let (range, name) = claimant(witness.secondDecider) {
                        facts.unrouted.append(.init(url: url, claimant: name, range: range, platform: platform))
                    }
                }
                return reached
            }
        }
    }
}
