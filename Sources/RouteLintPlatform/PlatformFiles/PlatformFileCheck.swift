import RouteLintCore

extension PlatformLinkCheck {
    /// One platform file judged for one app: its setup (app IDs, hosts, package, certificates)
    /// and its claims against the routes', gathered as facts. The Android manifest's part is in
    /// PlatformFileCheck+Android.swift.
    struct FileCheck {
        let file: PlatformFile
        let app: AppModel
        let comparesClaims: Bool
        /// The Dynamic App Links rules the app's manifest meets on Android 15+, and the name of
        /// their file.
        let dynamicRules: (file: String, statement: DynamicRuleFile.Statement)?
        /// Whether an assetlinks.json's own rules are judged against the routes, with no manifest.
        let judgesRulesAlone: Bool
        /// The app's claims as Android can express them, when built already (while the file was
        /// read); a manifest's check builds them otherwise.
        var expressible: AndroidExpressibleClaims? = nil
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
            var comparison = ClaimsComparison(
                routes: claimed.segments.routes, host: host, platform: .iOS, percentIsLiteral: false,
                claimant: { index in index.map { (components[$0].range, "component '\(components[$0].component.path ?? "*")'") } })
            comparison.urlEnd = urlEnd
            let reached: Set<Int>?
            if claimed.segments.hasTypedRoutes {
                // iOS's globs cannot say a value's type: what `generate app-links` writes is the
                // set iOS can express, and a file may claim it.
                let expressible = AppleAssociation.decided(for: app)
                let band = ExpressibleClaims(
                    claimed: claimed, expressible: AppleComponentLanguage(expressible.components),
                    routeOfExpressibleDecider: { expressible.routes[$0] })
                comparison.limit = LimitPlacement(filterRange: file.start, cause: { _ in .valueTypes })
                reached = compare(band, language, comparison)
            } else {
                reached = compare(claimed, language, comparison)
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
            var comparison = ClaimsComparison(
                routes: segments.routes, host: file.servedHost ?? host, platform: .android([level...Int.max]), percentIsLiteral: true,
                claimant: { _ in nil })
            comparison.counted = .whereFileClaimsLess
            comparison.urlEnd = Self.witnessEnd(language, language.urlEnd)
            comparison.judged = "\(fileName) (its dynamic rules)"
            compare(ClaimedPathLanguage(segments: segments), language, comparison)
        }

        /// The end of a witness URL after its path: what `end` says of the state the path
        /// reaches in `language` (the query and fragment that decide it).
        static func witnessEnd<Language: PathLanguage>(
            _ language: Language, _ end: @escaping (Language.State) -> String
        ) -> ([UInt16], Bool) -> String {
            { path, _ in end(path.reduce(language.start) { language.step($0, $1) }) }
        }

        /// Facts of several API ranges and hosts about one place and one URL become one, naming
        /// every range where the URL is claimed wrongly.
        mutating func merge() {
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
        mutating func noteUndecided(_ bound: PlatformFacts.Undecided.Bound) {
            if !facts.undecided.contains(where: { $0.file == file.path }) {
                facts.undecided.append(.init(file: file.path, range: file.start, bound: bound))
            }
        }

        /// Route `index` of the claimed set's `routes` (each has a path).
        private func routeReference(_ routes: [Route], _ index: Int) -> PlatformFacts.RouteReference {
            PlatformFacts.RouteReference(id: app.text(routes[index].id.value), pathRange: routes[index].path!.range, index: index)
        }

        /// Compares the claims of `reference` (whose deciders index `comparison.routes`) with
        /// `language`'s, adds the facts as `comparison` words them, and returns the deciders of
        /// `language` that some path reached; nil when the claims were too large to compare.
        @discardableResult
        mutating func compare<Reference: PathLanguage, Platform: PathLanguage>(
            _ reference: Reference, _ language: Platform, _ comparison: ClaimsComparison
        ) -> Set<Int>? {
            let (outcome, reached) = PathLanguageComparison.compareReaching(reference, language, budget: &budget)
            return record(outcome, reached: reached, comparison)
        }

        /// Adds the facts of a comparison's `outcome` as `comparison` words them, and returns
        /// `reached`; nil when the claims were too large to compare.
        @discardableResult
        mutating func record(_ outcome: PathLanguageComparison.Outcome, reached: Set<Int>, _ comparison: ClaimsComparison) -> Set<Int>? {
            switch outcome {
            case .tooLarge(let limit):
                noteUndecided(.comparison(steps: limit))
                return nil
            case .compared(let witnesses):
                let routes = comparison.routes
                let platform = comparison.platform
                let judged = comparison.judged ?? fileName
                let platformName = platform.description
                for witness in witnesses where comparison.counted.counts(referenceOnly: witness.inFirst) {
                    // Made only for a fact that is reported: a route set the platform cannot
                    // express has a tolerated witness for each route, and one fact per cause.
                    var url: String {
                        WitnessPath.url(host: comparison.host, path: witness.path, percentIsLiteral: comparison.percentIsLiteral)
                            + comparison.urlEnd(witness.path, witness.inFirst)
                    }
                    if witness.isTolerated {
                        let cause = comparison.limit.cause(witness.firstDecider)
                        guard !facts.limits.contains(where: { $0.cause == cause && $0.platform.description == platformName })
                        else { continue }
                        // The walk keeps one witness per route: those it left unclaimed are counted
                        // there; routes whose patterns were widened, by the generator, or, for
                        // value types, the typed routes.
                        let widened =
                            cause == .valueTypes
                            ? routes.count { !$0.params.isEmpty || !$0.query.isEmpty } : comparison.limit.widenedRoutes
                        let count = witness.inFirst ? witnesses.count { $0.isTolerated && $0.inFirst } : widened
                        facts.limits.append(
                            .init(
                                cause: cause, file: judged, range: comparison.limit.filterRange ?? file.start, url: url,
                                claimsMore: !witness.inFirst,
                                route: witness.firstDecider.map { routeReference(routes, $0) }, routeCount: count,
                                platform: platform))
                    } else if witness.inFirst {
                        guard let index = witness.firstDecider else { continue }
                        guard routes[index].path != nil else { continue }
                        facts.unclaimed.append(
                            .init(
                                route: routeReference(routes, index), url: url, file: judged, fileStart: file.start,
                                platform: platform, fileIsGenerated: file.isGenerated))
                    } else if let (range, name) = comparison.claimant(witness.secondDecider) {
                        facts.unrouted.append(
                            .init(url: url, claimant: name, range: range, platform: platform, fileIsGenerated: file.isGenerated))
                    }
                }
                return reached
            }
        }
    }

    /// Which differences of a comparison count: where the file claims a URL the routes do not
    /// (an unrouted link), where the routes claim one the file does not (an unclaimed route),
    /// or both.
    enum CountedDifferences {
        case both
        /// Only what the file claims beyond the routes: the URLs some URL of a path opens.
        case whereFileClaimsMore
        /// Only what the routes claim beyond the file: the paths every URL of which opens the app.
        case whereFileClaimsLess

        /// Whether a difference counts; `referenceOnly`: the routes claim its URL, the file does not.
        func counts(referenceOnly: Bool) -> Bool {
            switch self {
            case .both: return true
            case .whereFileClaimsMore: return !referenceOnly
            case .whereFileClaimsLess: return referenceOnly
            }
        }
    }

    /// Where a difference the platform cannot avoid (its limit: an API level's patterns, a
    /// value's type) is reported, and why.
    struct LimitPlacement {
        /// The routes whose patterns the generator widened to claim more.
        var widenedRoutes = 0
        /// Where the limit is reported: the intent filter; nil: the file's start.
        var filterRange: SourceRange?
        /// Why the platform cannot claim the route at the decider (nil: no route) exactly.
        var cause: (Int?) -> PlatformFacts.PlatformLimit.Cause = { _ in .apiLevel }
    }

    /// One comparison of a file's claims with the routes: what it is about and how its
    /// differences are worded as facts.
    struct ClaimsComparison {
        /// The routes the reference's deciders index (each has a path).
        let routes: [Route]
        /// The host witness URLs name.
        let host: String
        /// The platform, and its API ranges, the file is read on.
        let platform: PlatformFacts.Platform
        /// Whether `%` in a witness path is a character of its own (Android) rather than the
        /// start of an escape (Apple).
        let percentIsLiteral: Bool
        /// The place and name of what claims a path, by the decider of the platform's language.
        let claimant: (Int?) -> (SourceRange, String)?
        /// Which differences count.
        var counted = CountedDifferences.both
        /// The query and fragment that end a witness URL after its path, told whether the
        /// routes claim the URL.
        var urlEnd: ([UInt16], _ referenceOnly: Bool) -> String = { _, _ in "" }
        /// What claims, as the facts name it; nil: the file.
        var judged: String?
        /// Where the platform's limit is reported.
        var limit = LimitPlacement()

        init(
            routes: [Route], host: String, platform: PlatformFacts.Platform, percentIsLiteral: Bool,
            claimant: @escaping (Int?) -> (SourceRange, String)?
        ) {
            self.routes = routes
            self.host = host
            self.platform = platform
            self.percentIsLiteral = percentIsLiteral
            self.claimant = claimant
        }
    }
}
