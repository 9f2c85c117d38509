import RouteLintCore

extension PlatformFacts {
    /// Makes a route's example the witness URL of its `unclaimed-route` fact where the example
    /// shows the same thing (docs/testing-links.md, "Examples"): the route opens it, and the
    /// platform's own matcher (`PlatformResolver`, as `resolve --platform` decides) finds the
    /// file does not claim it, on iOS, or on every API level the fact names — so the finding
    /// names a URL the team wrote, and stays true on the platform. An example that shows less
    /// leaves the comparison's witness as it is.
    package mutating func preferExampleWitnesses(_ sources: [PlatformFileSource], apps: [AppModel]) {
        // Most apps write no examples: nothing is decided again for them.
        guard !unclaimed.isEmpty, apps.contains(where: \.hasExamples) else { return }
        let assetLinks = sources.filter { $0.kind == .assetLinks }
        for index in unclaimed.indices {
            let fact = unclaimed[index]
            guard let source = sources.first(where: { $0.file.id == fact.fileStart.file }),
                let app = source.app.flatMap({ PlatformLinkCheck.app(named: $0, in: apps) }) ?? (apps.count == 1 ? apps[0] : nil),
                app.hasExamples, let route = app.route(named: fact.route.id)
            else { continue }
            let platform: PlatformResolver.Platform
            switch source.kind {
            case .appleAppSiteAssociation?: platform = .ios
            case .androidManifest?: platform = .android
            case .assetLinks?, .entitlements?, nil: continue
            }
            // A served file speaks for the host that served it only.
            let examples = route.examples.map(\.value).filter { url in
                guard let link = LinkURL(url), link.isWeb, let host = link.matchedHost else { return false }
                return source.servedHost.map { $0 == host } ?? true
            }
            guard !examples.isEmpty else { continue }
            // The example must open the route through the path the fact is about: its `path`, or
            // the alias (as written) the finding points at.
            let alias = route.aliases.first { $0.range == fact.route.pathRange }.map { app.text($0.value.text) }
            let resolver = URLResolver(apps: [app])
            let decisions = PlatformResolver.resolve(examples, platform: platform, platformFiles: [source] + assetLinks, apps: apps)
            let shown = decisions.first { decision in
                guard Self.leavesUnclaimed(decision, on: fact.platform) else { return false }
                let resolution = resolver.resolve(decision.url)
                return resolution.status == .resolved && resolution.route == fact.route.id && resolution.alias == alias
            }
            if let shown { unclaimed[index].url = shown.url }
        }
    }

    /// Whether `decision` says the file claims its URL nowhere `platform` names: on iOS, or on
    /// every API level of the ranges (each answer that covers one of them, and at least one). A
    /// URL claimed for a host Android does not verify is claimed: the fact is about claims.
    static func leavesUnclaimed(_ decision: PlatformResolver.Decision, on platform: Platform) -> Bool {
        guard decision.problem == nil, !decision.answers.isEmpty else { return false }
        switch platform {
        case .iOS:
            return decision.answers.allSatisfy { !$0.opensApp }
        case .android(let ranges):
            let covering = decision.answers.filter { answer in
                guard let levels = answer.apiLevels else { return false }
                return ranges.contains { $0.overlaps(levels) }
            }
            return !covering.isEmpty && covering.allSatisfy { !$0.opensApp && !$0.claimsUnverified }
                && ranges.allSatisfy { range in covering.contains { $0.apiLevels!.overlaps(range) } }
        }
    }
}
