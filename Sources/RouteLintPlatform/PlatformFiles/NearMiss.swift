import RouteLintCore

/// Why the platform does not hand a URL to the app (docs/app-links.md, "Why a link does not
/// open"): the component or `<data>` path attribute that came nearest — the one that follows the
/// longest leading part of the URL's path, compared without regard to case so that a case
/// difference is a reason and not a distance, ties in file order — and what stopped it. Every
/// part is decided by the matchers that decide the URL itself.
package struct NearMiss: Sendable, Equatable {
    /// One thing that keeps the URL out.
    package struct Stop: Sendable, Equatable {
        /// What it is.
        package enum Kind: String, Sendable {
            /// The path pattern (`/`, or the `<data>` path attribute).
            case path
            /// The pattern would match but for case: iOS's `caseSensitive`, or Android, which
            /// always compares paths with case.
            case caseSensitive = "case-sensitive"
            /// The pattern would match with the other `percentEncoded`.
            case percentEncoded = "percent-encoded"
            /// The component's `?` string, one item of its `?` dictionary, its `#`.
            case query, queryItem = "query-item", fragment
            /// An `exclude` component matched first.
            case exclude
            /// The host is not among the entitlement's associated domains, or no intent filter
            /// names it.
            case host
            /// The file has no entry for the app's app IDs.
            case appID = "app-id"
            /// No intent filter takes `https` links (`VIEW`, `BROWSABLE`, the scheme).
            case scheme
            /// The attribute would match, but this API level does not read it.
            case apiLevels = "api-levels"
            /// The path is claimed, but Android does not verify the host: no intent filter asks
            /// for it with `android:autoVerify`.
            case autoVerify = "auto-verify"
        }

        package let kind: Kind
        /// What stopped it, as a sentence.
        package let message: String

        package init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// The nearest component or attribute, as `decidedBy` names one; nil when none is in reach.
    package var nearest: String?
    /// Where it is written.
    package var place: PlatformResolver.Place?
    /// How many characters of the path (as the platform compares it) it follows.
    package var matchedLength = 0
    /// What stopped the URL there: each part that does not match, in the order the platform
    /// compares them. One alone means changing that part of the file opens the URL.
    package var stoppedBy: [Stop] = []
}

extension AppleLinkComponent {
    /// Whether the path pattern matches all of `urlPath`, without regard to case.
    func matchesWholePathInAnyCase(_ urlPath: String) -> Bool {
        AppleLinkComponent(path: path, caseSensitive: false, percentEncoded: percentEncoded, variables: variables).matches(path: urlPath)
    }

    /// How many characters of `urlPath` (as this component compares it: trailing `/` dropped,
    /// decoded when `percentEncoded` is false) its path pattern follows, without regard to case.
    func leadingMatch(_ urlPath: String) -> Int {
        let compared = ApplePathPattern.folded(percentEncoded ? urlPath : AppleGlob.decoded(urlPath) ?? urlPath)
        return ApplePathPattern(path ?? "*").compiled(caseSensitive: false, variables: variables).leadingMatch(String(compared))
    }

    /// Each part of the component that does not match the URL, in the order iOS compares them;
    /// empty when the component matches it.
    func stops(path urlPath: String, query urlQuery: String?, fragment urlFragment: String?) -> [NearMiss.Stop] {
        var stops: [NearMiss.Stop] = []
        let pattern = path ?? "*"
        // The path alone, as the component compares it; then each condition alone.
        var pathAlone = AppleLinkComponent(
            path: path, exclude: exclude, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
        if path != nil, !pathAlone.matches(path: urlPath) {
            var anyCase = pathAlone
            anyCase.caseSensitive = false
            var otherEncoding = pathAlone
            otherEncoding.percentEncoded.toggle()
            if caseSensitive, anyCase.matches(path: urlPath) {
                stops.append(
                    .init(.caseSensitive, "its path '\(pattern)' matches '\(urlPath)' but for case, and the component is caseSensitive"))
            } else if otherEncoding.matches(path: urlPath) {
                stops.append(
                    .init(
                        .percentEncoded,
                        percentEncoded
                            ? "its path '\(pattern)' matches '\(urlPath)' decoded, and the component compares it encoded (percentEncoded)"
                            : "its path '\(pattern)' matches '\(urlPath)' as written, and the component decodes it first (percentEncoded: false)"
                    ))
            } else {
                let read = String(ApplePathPattern.folded(urlPath).unicodeScalars.prefix(leadingMatch(urlPath)))
                stops.append(.init(.path, "its path '\(pattern)' follows '\(urlPath)' only as far as '\(read)'"))
            }
        }
        pathAlone.path = nil
        var alone = pathAlone
        if let query {
            alone.query = query
            if !alone.matches(path: urlPath, query: urlQuery) {
                stops.append(.init(.query, "its '?' '\(query)' does not match the query '\(urlQuery ?? "")'"))
            }
            alone.query = nil
        }
        for item in queryItems {
            alone.queryItems = [item]
            if !alone.matches(path: urlPath, query: urlQuery) {
                let values = (urlQuery ?? "").split(separator: "&").filter { $0.split(separator: "=").first.map(String.init) == item.name }
                let found = values.isEmpty ? "the URL has none" : "the URL has '\(values.joined(separator: "&"))'"
                stops.append(.init(.queryItem, "its '?' item '\(item.name)' must match '\(item.pattern)', and \(found)"))
            }
        }
        alone.queryItems = []
        if let fragment {
            alone.fragment = fragment
            if !alone.matches(path: urlPath, fragment: urlFragment) {
                stops.append(.init(.fragment, "its '#' '\(fragment)' does not match the fragment '\(urlFragment ?? "")'"))
            }
        }
        return stops
    }
}

extension NearMiss {
    /// The near miss of a URL no component of `components` opens: the nearest component that
    /// would open it and what stopped it there — and, when the `exclude` component `decided`
    /// comes before it, that exclusion too.
    static func apple(
        _ components: [PlatformFile.LocatedComponent], decided: Int?, path: String, query: String?, fragment: String?,
        place: (SourceRange) -> PlatformResolver.Place
    ) -> NearMiss? {
        func named(_ component: AppleLinkComponent) -> String {
            "component '\(component.path ?? "*")'\(component.exclude ? " (exclude)" : "")"
        }
        // A component that matches the whole path (but for case) is nearer than one that could
        // only go on from it: `/products/?*` before `/products/?*/reviews` for `/Products/1`.
        var best: (index: Int, length: Int, score: Int)?
        for (index, located) in components.enumerated() where !located.component.exclude {
            let length = located.component.leadingMatch(path)
            let score = 2 * length + (located.component.matchesWholePathInAnyCase(path) ? 1 : 0)
            if best == nil || score > best!.score { best = (index, length, score) }
        }
        let exclusion = decided.map { index in
            NearMiss(
                nearest: named(components[index].component), place: place(components[index].range),
                matchedLength: components[index].component.leadingMatch(path),
                stoppedBy: [.init(.exclude, "\(named(components[index].component)) matches it first, and excludes it")])
        }
        guard let best else { return exclusion }
        let component = components[best.index].component
        var miss = NearMiss(
            nearest: named(component), place: place(components[best.index].range), matchedLength: best.length,
            stoppedBy: component.stops(path: path, query: query, fragment: fragment))
        // Where the nearest component does not follow the path at all, the exclusion that
        // decided is the whole answer; where it nearly matches, the exclusion is one more stop
        // when it comes first.
        if let exclusion, let decided {
            if miss.stoppedBy.contains(where: { $0.kind == .path }) { return exclusion }
            if decided < best.index { miss.stoppedBy += exclusion.stoppedBy }
        }
        return miss
    }

    /// The near miss of an `https` URL of `host`, decoded `path`, `query` and `fragment` that
    /// no filter of `filters` claims at `apiLevel`: no filter for links or for the host, else the
    /// nearest path attribute — a plain one, or from API 35 a `<uri-relative-filter-group>` that
    /// allows — and each of its parts that stopped the URL.
    static func android(
        _ filters: [PlatformFile.LocatedFilter], host: String, path: [UInt16], query: [UInt16]?, fragment: [UInt16]?,
        apiLevel: Int, place: (SourceRange) -> PlatformResolver.Place
    ) -> NearMiss {
        let forLinks = filters.filter(\.filter.takesWebLinks)
        guard !forLinks.isEmpty else {
            return NearMiss(stoppedBy: [
                .init(.scheme, "no intent filter takes https links: one needs the VIEW action, the BROWSABLE category and the https scheme")
            ])
        }
        // Without a filter for the host, the nearest is sought among every filter for links: the
        // host and, when it stops the URL too, the path.
        var forHost = forLinks.filter { $0.filter.covers(host: host) }
        var hostStops: [Stop] = []
        if forHost.isEmpty {
            let named = Array(Set(forLinks.flatMap(\.filter.hosts))).sorted().map { "'\($0)'" }.joined(separator: ", ")
            hostStops = [.init(.host, "no intent filter names the host '\(host)' (they name \(named))")]
            forHost = forLinks
        }
        let url = AndroidURL(path: path, query: query, fragment: fragment)
        // Each candidate: its score (twice the units of the path it follows, one more when it
        // matches all of it but for case), in attribute order within filter order.
        var best: (candidate: AndroidCandidate, length: Int, score: Int)?
        for located in forHost {
            for candidate in AndroidCandidate.all(of: located, apiLevel: apiLevel) {
                let (length, whole) = candidate.nearness(url)
                let score = 2 * length + (whole ? 1 : 0)
                if best == nil || score > best!.score { best = (candidate, length, score) }
            }
        }
        // A filter without a path attribute claims every path of its hosts: only the host stops it.
        guard let best else { return NearMiss(stoppedBy: hostStops) }
        return NearMiss(
            nearest: best.candidate.name, place: place(best.candidate.range), matchedLength: best.length,
            stoppedBy: hostStops + best.candidate.stops(url, apiLevel: apiLevel))
    }

    /// A URL's parts as Android compares them: decoded, in UTF-16 units.
    struct AndroidURL {
        let path: [UInt16]
        let query: [UInt16]?
        let fragment: [UInt16]?

        var pathText: String { String(decoding: path, as: UTF16.self) }
        var lowered: [UInt16] { path.map(NearMiss.lowered) }
    }

    /// A way an intent filter may claim a URL: one plain path attribute, or a group that allows.
    struct AndroidCandidate {
        /// Each filter attribute it needs, with its part and where it is written.
        let filters: [(part: AndroidIntentFilter.URLPart, pattern: AndroidPathPattern, range: SourceRange)]
        /// Set for a group: where its start tag is (a group's filter is named as of a group).
        let groupRange: SourceRange?

        /// Every candidate of a filter: its plain path attributes, then (API 35+) its groups that allow.
        static func all(of located: PlatformFile.LocatedFilter, apiLevel: Int) -> [AndroidCandidate] {
            let filter = located.filter
            var candidates = filter.paths.enumerated().map { index, pattern in
                AndroidCandidate(filters: [(.path, pattern, located.attributeRanges[index])], groupRange: nil)
            }
            guard apiLevel >= AndroidIntentFilter.groupsIntroducedIn else { return candidates }
            var attribute = filter.paths.count
            for (index, group) in filter.groups.enumerated() {
                defer { attribute += group.filters.count }
                guard group.allows, !group.hasRejectedFilter else { continue }
                let parts = group.filters.enumerated().map { offset, relative in
                    (relative.part, relative.pattern, located.attributeRanges[attribute + offset])
                }
                candidates.append(AndroidCandidate(filters: parts, groupRange: located.groupRanges[index]))
            }
            return candidates
        }

        /// Its first path filter, else its first filter (a group holds one at least): what names it.
        private var named: (part: AndroidIntentFilter.URLPart, pattern: AndroidPathPattern, range: SourceRange) {
            filters.first { $0.part == .path } ?? filters[0]
        }

        var name: String {
            "android:\(named.part.attributeName(named.pattern.kind)) '\(named.pattern.pattern)'"
                + (groupRange == nil ? "" : " of a <uri-relative-filter-group>")
        }

        var range: SourceRange { named.range }

        /// How many units of the path its path filters all follow, without regard to case, and
        /// whether they match all of it so (a candidate without one follows any path).
        func nearness(_ url: AndroidURL) -> (length: Int, whole: Bool) {
            let lowered = url.lowered
            let text = String(decoding: lowered, as: UTF16.self)
            var length = lowered.count
            var whole = true
            for filter in filters where filter.part == .path {
                let anyCase = NearMiss.lowered(filter.pattern)
                length = min(length, NearMiss.leadingMatch(AndroidPathScan(anyCase), lowered))
                whole = whole && anyCase.matches(text)
            }
            return (length, whole)
        }

        /// Each of its parts that does not match the URL at `apiLevel`, as the platform compares them.
        func stops(_ url: AndroidURL, apiLevel: Int) -> [Stop] {
            var stops: [Stop] = []
            let group = groupRange == nil ? "" : " of a <uri-relative-filter-group>"
            for filter in filters {
                let name = "android:\(filter.part.attributeName(filter.pattern.kind)) '\(filter.pattern.pattern)'" + group
                switch filter.part {
                case .path:
                    let text = url.pathText
                    if filter.pattern.matches(text) {
                        if filter.pattern.kind.introducedIn > apiLevel {
                            stops.append(
                                .init(
                                    .apiLevels,
                                    "\(name) matches '\(text)', but Android reads \(filter.pattern.kind.rawValue) from API "
                                        + "\(filter.pattern.kind.introducedIn) and this is API \(apiLevel)"))
                        }
                    } else if NearMiss.lowered(filter.pattern).matches(String(decoding: url.lowered, as: UTF16.self)) {
                        stops.append(.init(.caseSensitive, "\(name) matches '\(text)' but for case, and Android compares paths with case"))
                    } else {
                        let read = String(decoding: url.path.prefix(nearness(url).length), as: UTF16.self)
                        stops.append(.init(.path, "\(name) follows '\(text)' only as far as '\(read)'"))
                    }
                case .query:
                    guard !AndroidQueryAndFragment.satisfied(byQuery: url.query, [filter.pattern]).contains(0) else { continue }
                    let pieces = url.query.map { AndroidQueryAndFragment.pieces(ofQuery: $0) } ?? []
                    let shown =
                        url.query == nil
                        ? "the URL has no query"
                        : "no piece of the query matches (pieces: "
                            + pieces.map { "'\(String(decoding: $0, as: UTF16.self))'" }.joined(separator: ", ") + ")"
                    stops.append(.init(.query, "\(name): \(shown)"))
                case .fragment:
                    guard !AndroidQueryAndFragment.satisfied(byFragment: url.fragment, [filter.pattern]).contains(0) else { continue }
                    let shown =
                        url.fragment.map { "the fragment '\(String(decoding: $0, as: UTF16.self))' does not match" }
                        ?? "the URL has no fragment"
                    stops.append(.init(.fragment, "\(name): \(shown)"))
                }
            }
            return stops
        }
    }

    /// How many units of `path` the scan reads before it can no longer match.
    fileprivate static func leadingMatch(_ scan: AndroidPathScan, _ path: [UInt16]) -> Int {
        var state = scan.start
        for (read, unit) in path.enumerated() {
            state = scan.step(state, unit)
            if state == AndroidPathScan.dead { return read }
        }
        return path.count
    }

    /// An ASCII upper-case letter in lower case: how paths are compared for nearness.
    fileprivate static func lowered(_ unit: UInt16) -> UInt16 {
        (65...90).contains(unit) ? unit + 32 : unit
    }

    /// The pattern with its ASCII letters in lower case (itself when that reads otherwise).
    fileprivate static func lowered(_ pattern: AndroidPathPattern) -> AndroidPathPattern {
        let text = String(decoding: pattern.pattern.utf16.map(lowered), as: UTF16.self)
        return (try? AndroidPathPattern(pattern.kind, text)) ?? pattern
    }
}
