import RouteLintCore

/// `routelint resolve --platform ios|android URL…`: whether the operating system hands a URL to
/// the app, by the platform files of the run under the platform's own matcher, and what
/// decides — the first matching apple-app-site-association component, or the `<data>`
/// attribute or intent filter, per Android API range from the app's minimum SDK.
package enum PlatformResolver {
    /// The platform asked about.
    package enum Platform: String, CaseIterable, Sendable {
        /// iOS: the apple-app-site-association files.
        case ios
        /// Android: the AndroidManifest.xml files, per API range.
        case android
    }

    /// What the platform does with one URL.
    package struct Decision: Sendable, Equatable {
        /// The URL as given.
        package let url: String
        /// One answer per API range on Android, one answer on iOS.
        package let answers: [Answer]
        /// Why no answer could be given (not an https URL, no platform file for its host).
        package let problem: String?
    }

    /// Whether the app opens the URL, and what decides.
    package struct Answer: Sendable, Equatable {
        /// `iOS`, or the Android API range (`API 26–30`).
        package let scope: String
        /// Whether the OS hands the URL to the app.
        package let opensApp: Bool
        /// What decides: `component '/products/?*'`; nil when nothing matches.
        package let decidedBy: String?
        /// Where what decides is written: the file as given, and the position.
        package var place: Place?
        /// On Android, the API levels the answer holds for (`Int.max` above: every later one).
        package var apiLevels: ClosedRange<Int>?
        /// On iOS, how the deciding component matched.
        package var appleMatch: AppleMatch?
        /// For a URL that stays on the web, the component or attribute that came nearest and
        /// what stopped it.
        package var nearMiss: NearMiss?

        /// Whether the file claims the URL though the platform does not verify its host (an
        /// Android filter without `autoVerify`): the claim is there, the app does not open by itself.
        package var claimsUnverified: Bool { nearMiss?.stoppedBy.contains { $0.kind == .autoVerify } ?? false }
    }

    /// How an apple-app-site-association component matched a URL, as iOS compares them.
    package struct AppleMatch: Sendable, Equatable {
        /// The component's position among its entry's components, from 0.
        package let index: Int
        /// The component as iOS applies it: its entry's and the file's defaults filled in.
        package let component: AppleLinkComponent
        /// How its path pattern matched the URL's path.
        package let path: AppleLinkComponent.PathMatch
    }

    /// A position in a platform file.
    package struct Place: Sendable, Equatable {
        /// The file's path as the run names it.
        package let file: String
        /// Where the deciding component, attribute or filter starts.
        package let position: SourcePosition
    }

    /// The decisions for `urls` by the `platformFiles` of `platform` (the others are passed
    /// over), for the `apps` they belong to.
    package static func resolve(
        _ urls: [String], platform: Platform, platformFiles: [PlatformFileSource], apps: [AppModel]
    ) -> [Decision] {
        let files = platformFiles.compactMap { source -> (PlatformFile, SourceFile)? in
            guard let kind = source.kind else { return nil }
            switch (platform, kind) {
            case (.ios, .appleAppSiteAssociation):
                return (PlatformFile.read(source, kind: kind), source.file)
            case (.android, .androidManifest):
                let app = PlatformLinkCheck.app(of: source, in: apps)
                return (PlatformFile.read(source, kind: kind, values: BuildValues(for: source, app: app)), source.file)
            default:
                return nil
            }
        }
        // On Android 15+ the Dynamic App Links rules of assetlinks.json narrow the manifests.
        let dynamicRules = platform == .android ? PlatformLinkCheck.DynamicRuleFile.read(platformFiles) : []
        let domains = platform == .ios ? associatedDomains(platformFiles, apps: apps) : []
        return urls.map { url in decide(url, platform: platform, files: files, apps: apps, dynamicRules: dynamicRules, domains: domains) }
    }

    /// The associated domains of the entitlements files among `sources`, each with its file's
    /// name and app: iOS fetches no association for a host its app's entitlement lacks.
    private static func associatedDomains(_ sources: [PlatformFileSource], apps: [AppModel]) -> [(
        file: String, app: String?, domains: [String]
    )] {
        sources.compactMap { source in
            guard source.kind == .entitlements else { return nil }
            let app = PlatformLinkCheck.app(of: source, in: apps)
            let file = PlatformFile.read(source, kind: .entitlements, values: BuildValues(for: source, app: app))
            guard case .entitlements(let domains)? = file.content, !file.hasUnresolvedReferences else { return nil }
            return (FilePath.name(of: source.file.path), source.app, domains.map { $0.value.lowercased() })
        }
    }

    private static func decide(
        _ url: String, platform: Platform, files: [(PlatformFile, SourceFile)], apps: [AppModel],
        dynamicRules: [PlatformLinkCheck.DynamicRuleFile], domains: [(file: String, app: String?, domains: [String])]
    ) -> Decision {
        guard let parts = WebURL(url) else {
            return Decision(url: url, answers: [], problem: "not an https URL with a host")
        }
        guard !files.isEmpty else {
            return Decision(
                url: url, answers: [],
                problem: "no \(platform == .ios ? "apple-app-site-association" : "AndroidManifest.xml") among the platform files")
        }
        var answers: [Answer] = []
        var unusable: [String] = []
        var unresolved: [String] = []
        for (file, source) in files {
            let location = { (range: SourceRange) in Place(file: source.path, position: range.start) }
            // What a file claims is not known while a reference of it has no value.
            if file.hasUnresolvedReferences {
                unresolved.append(source.path)
                continue
            }
            let app = PlatformLinkCheck.app(of: file, in: apps)
            switch file.content {
            case .association(let details):
                // A file decides only the URLs of the hosts it is served for: the app's.
                if let app, !app.hosts.isEmpty,
                    !app.hostNames.contains(where: { $0.covers(parts.host) })
                {
                    let hosts = app.hosts.map { "'\(app.text($0.value))'" }.joined(separator: ", ")
                    answers.append(
                        Answer(
                            scope: "iOS", opensApp: false,
                            decidedBy: "the file is served for \(hosts), not for '\(parts.host)'", place: nil))
                    continue
                }
                // iOS fetches the association only for the hosts of the app's entitlement.
                if let missing = domains.first(where: { $0.app == file.app && !$0.domains.contains { Self.domain($0, covers: parts.host) } }
                ) {
                    var answer = Answer(
                        scope: "iOS", opensApp: false, decidedBy: "'\(parts.host)' is not among the associated domains of \(missing.file)")
                    answer.nearMiss = NearMiss(stoppedBy: [
                        .init(
                            .host, "the entitlement \(missing.file) does not name 'applinks:\(parts.host)', so iOS never asks for its file")
                    ])
                    answers.append(answer)
                    continue
                }
                let appIDs = app.map { app in app.iosAppIDs.map { app.text($0.value) } } ?? []
                let entry = appIDs.isEmpty ? details.first : details.first { $0.appIDs.contains { appIDs.contains($0.value) } }
                let components = entry?.components ?? []
                let decided = AppleLinkComponent.decide(
                    components.map(\.component), path: parts.encodedPath, query: parts.query, fragment: parts.fragment)
                var answer = Answer(
                    scope: "iOS", opensApp: decided?.opensApp ?? false,
                    decidedBy: decided.map { decided in
                        let component = components[decided.component].component
                        return "component '\(component.path ?? "*")'\(component.exclude ? " (exclude)" : "")"
                    },
                    place: decided.map { location(components[$0.component].range) })
                if let decided {
                    let component = components[decided.component].component
                    answer.appleMatch = component.pathMatch(parts.encodedPath).map {
                        AppleMatch(index: decided.component, component: component, path: $0)
                    }
                }
                if !answer.opensApp {
                    if entry == nil, !appIDs.isEmpty {
                        let named = details.flatMap(\.appIDs).map { "'\($0.value)'" }.joined(separator: ", ")
                        answer.nearMiss = NearMiss(stoppedBy: [
                            .init(
                                .appID,
                                "the file has no entry for \(appIDs.map { "'\($0)'" }.joined(separator: ", "))"
                                    + (named.isEmpty ? "" : " (it names \(named))"))
                        ])
                    } else {
                        answer.nearMiss = NearMiss.apple(
                            components, decided: decided?.component, path: parts.encodedPath, query: parts.query, fragment: parts.fragment,
                            place: location)
                    }
                }
                answers.append(answer)
            case .androidManifest(let filters):
                let minimum = app?.android?.minimumSDK ?? AndroidSettings.defaultMinSDK
                let chosen = filters.filter { $0.filter.takesWebLinks && $0.filter.covers(host: parts.host) }
                let rules = PlatformLinkCheck.DynamicRuleFile.statement(in: dynamicRules, for: app, apps: apps)
                for range in AppLinkLimits.apiRanges(from: minimum) {
                    var answer = androidAnswer(
                        chosen, url: parts, apiLevel: range.lowerBound, scope: range, dynamicRules: rules, location: location)
                    if answer.opensApp,
                        !AndroidIntentFilter.verifies(host: parts.host, in: filters.map(\.filter), apiLevel: range.lowerBound)
                    {
                        answer = unverified(answer, host: parts.host, filter: chosen[0], path: parts.encodedPath, location: location)
                    }
                    if !answer.opensApp, answer.decidedBy == nil {
                        answer.nearMiss = NearMiss.android(
                            filters, host: parts.host, path: AndroidURIDecoding.decode(parts.encodedPath.utf8),
                            query: parts.query.map { AndroidURIDecoding.decode($0.utf8) },
                            fragment: parts.fragment.map { AndroidURIDecoding.decode($0.utf8) }, apiLevel: range.lowerBound, place: location
                        )
                    }
                    answers.append(answer)
                }
            case nil:
                unusable.append(source.path)
            case .entitlements, .assetLinks:
                continue
            }
        }
        // A file that cannot be read answers nothing: the run says so rather than nothing at all.
        if answers.isEmpty, !unresolved.isEmpty {
            return Decision(
                url: url, answers: [],
                problem: "\(unresolved.map { "'\($0)'" }.joined(separator: ", ")) holds a placeholder, resource or build setting "
                    + "with no value; 'routelint lint' with it says which, and how to give it")
        }
        if answers.isEmpty, !unusable.isEmpty {
            return Decision(
                url: url, answers: [],
                problem: "\(unusable.map { "'\($0)'" }.joined(separator: ", ")) cannot be read as the platform reads it; "
                    + "'routelint lint' with it says why")
        }
        return Decision(url: url, answers: answers, problem: nil)
    }

    /// Whether an associated domain (`shop.example.com`, `*.example.com`) covers `host`.
    private static func domain(_ domain: String, covers host: String) -> Bool {
        let name = domain.split(separator: "?").first.map(String.init) ?? domain
        if name.hasPrefix("*.") { return host.hasSuffix(name.dropFirst()) }
        return name == host
    }

    private static func androidAnswer(
        _ filters: [PlatformFile.LocatedFilter], url: WebURL, apiLevel: Int, scope: ClosedRange<Int>,
        dynamicRules: (file: PlatformLinkCheck.DynamicRuleFile, statement: PlatformLinkCheck.DynamicRuleFile.Statement)?,
        location: (SourceRange) -> Place
    ) -> Answer {
        let label = "API " + AppLinkLimits.describe(scope)
        let language = AndroidFilterLanguage(
            filters.map(\.filter), apiLevel: apiLevel, dynamicRules: dynamicRules?.statement.rules ?? [])
        var state = language.start
        // Android matches the parts `Uri` gives: percent-decoded as `UriCodec` decodes.
        for unit in AndroidURIDecoding.decode(url.encodedPath.utf8) { state = language.step(state, unit) }
        let outcome = language.outcome(
            state, query: url.query.map { AndroidURIDecoding.decode($0.utf8) },
            fragment: url.fragment.map { AndroidURIDecoding.decode($0.utf8) })
        let attributes = ChosenAttributes(filters)
        func rulePlace(_ range: SourceRange) -> Place? {
            dynamicRules.map { Place(file: $0.file.path, position: range.start) }
        }
        func rule(_ index: Int) -> String {
            guard let dynamicRules else { return "" }
            return "dynamic rule \(index + 1) \(dynamicRules.statement.rules[index].json) of \(dynamicRules.file.name)"
        }
        switch outcome {
        case .unclaimed:
            return Answer(scope: label, opensApp: false, decidedBy: nil, apiLevels: scope)
        case .opens(let attribute, let ruleIndex):
            let (name, place): (String, Place) =
                attribute.flatMap { attributes.attribute($0) }.map { ($0.1, location($0.0)) }
                ?? (
                    "an intent filter with no path attribute read at this level", location(filters[language.everythingClaimedBy ?? 0].range)
                )
            return Answer(
                scope: label, opensApp: true, decidedBy: name + (ruleIndex.map { ", let through by " + rule($0) } ?? ""), place: place,
                apiLevels: scope)
        case .blocked(let attribute):
            // A group's attribute is among the filters' attributes; the filter stands for it otherwise.
            let (range, name) = attributes.attribute(attribute) ?? (filters[0].range, "a <uri-relative-filter-group>")
            return Answer(
                scope: label, opensApp: false, decidedBy: name + " (allow=\"false\")", place: location(range), apiLevels: scope)
        case .excluded(let ruleIndex?):
            return Answer(
                scope: label, opensApp: false, decidedBy: rule(ruleIndex) + " (exclude)",
                place: dynamicRules.flatMap { rulePlace($0.statement.ruleRanges[ruleIndex]) }, apiLevels: scope)
        case .excluded(nil):
            return Answer(
                scope: label, opensApp: false,
                decidedBy: "no dynamic rule of \(dynamicRules?.file.name ?? "assetlinks.json") matches it, so it stays on the web",
                place: dynamicRules.flatMap { rulePlace($0.statement.range) }, apiLevels: scope)
        }
    }

    /// `answer`, which a path attribute of `filter` opens, for a host Android does not verify: a
    /// browser keeps the link (API 31+), or Android asks which app opens it (before); the
    /// attribute is the nearest, and the missing `autoVerify` what stopped it.
    private static func unverified(
        _ answer: Answer, host: String, filter: PlatformFile.LocatedFilter, path: String, location: (SourceRange) -> Place
    ) -> Answer {
        let byHost = (answer.apiLevels?.lowerBound ?? 0) >= AndroidIntentFilter.verificationByHostIntroducedIn
        var unverified = Answer(
            scope: answer.scope, opensApp: false,
            decidedBy: byHost
                ? "'\(host)' is not verified, so Android opens its links in the browser"
                : "no link of the app is verified, so Android asks which app opens it",
            place: location(filter.range), apiLevels: answer.apiLevels)
        unverified.nearMiss = NearMiss(
            nearest: answer.decidedBy, place: answer.place, matchedLength: AndroidURIDecoding.decode(path.utf8).count,
            stoppedBy: [
                .init(
                    .autoVerify,
                    byHost
                        ? "no intent filter that names '\(host)' has android:autoVerify=\"true\" with the DEFAULT category and "
                            + "only web schemes, so Android 12 and later never verify the host"
                        : "no intent filter has android:autoVerify=\"true\" with only web schemes, so Android verifies none "
                            + "of the app's links")
            ])
        return unverified
    }

    /// An `https` URL's parts as the platforms match them (the port is not part of the host).
    private struct WebURL {
        let host: String
        /// The path as written (iOS matches it encoded).
        let encodedPath: String
        let query: String?
        let fragment: String?

        init?(_ url: String) {
            // Both platforms compare the host without the user info (`user@`) and the port.
            guard let link = LinkURL(url), link.scheme == "https", let host = link.matchedHost else { return nil }
            self.host = host
            encodedPath = String(link.path)
            query = link.query.map(String.init)
            fragment = link.fragment.map(String.init)
        }
    }
}
