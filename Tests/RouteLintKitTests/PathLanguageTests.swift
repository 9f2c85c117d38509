import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform

/// The automata that decide platform claims over every path: each agrees with the reference
/// matcher it is built from, on many random patterns and paths; the comparison finds a
/// difference exactly when one exists, with a witness that is true.
@Suite("Path languages")
struct PathLanguageTests {
    /// A deterministic generator, so a failure names a seed that reproduces it.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func text(_ alphabet: [Character], maximumLength: Int, _ random: inout Random) -> String {
        String((0..<Int.random(in: 0...maximumLength, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    @Test("each Android attribute's scan decides every path as PatternMatcher does")
    func androidScans() throws {
        var random = Random(state: 17)
        let patternAlphabet: [Character] = ["/", "a", "b", ".", "*", "\\", "[", "]", "^", "-", "+", "{", "}", "1", ","]
        let pathAlphabet: [Character] = ["/", "a", "b", ".", "*", "1", "c"]
        var compared = 0
        for _ in 0..<4_000 {
            let kind = AndroidPathPattern.Kind.allCases.randomElement(using: &random)!
            let text = Self.text(patternAlphabet, maximumLength: 8, &random)
            guard let pattern = try? AndroidPathPattern(kind, text) else { continue }
            let scan = AndroidPathScan(pattern)
            for _ in 0..<30 {
                let path = Self.text(pathAlphabet, maximumLength: 9, &random)
                var state = scan.start
                for unit in path.utf16 { state = scan.step(state, unit) }
                #expect(scan.accepts(state) == pattern.matches(path), "\(kind.rawValue)=\"\(text)\" on \"\(path)\"")
                compared += 1
            }
        }
        #expect(compared > 50_000)
    }

    /// Units with the same membership in every range a state names must step alike: else the
    /// walk, which tries one unit per region, could miss a path that differs.
    static func checkDistinctions(
        _ ranges: [ClosedRange<UInt16>], _ step: (UInt16) -> AnyHashable, _ context: @autoclosure () -> String
    ) {
        var bySignature: [[Bool]: AnyHashable] = [:]
        for unit in UInt16(0x20)...UInt16(0x7E) {
            let signature = ranges.map { $0.contains(unit) }
            let next = step(unit)
            if let seen = bySignature[signature] {
                #expect(seen == next, "\(context()): unit \(unit) steps apart from its region")
            } else {
                bySignature[signature] = next
            }
        }
    }

    @Test("a state's distinctions name every unit that steps differently")
    func distinctionsAreComplete() {
        var random = Random(state: 23)
        let patternAlphabet: [Character] = ["/", "a", "b", ".", "*", "\\", "[", "]", "^", "-", "+", "{", "}", "1", ","]
        for _ in 0..<1_500 {
            let kind = AndroidPathPattern.Kind.allCases.randomElement(using: &random)!
            let text = Self.text(patternAlphabet, maximumLength: 8, &random)
            guard let pattern = try? AndroidPathPattern(kind, text) else { continue }
            let scan = AndroidPathScan(pattern)
            var state = scan.start
            for unit in Self.text(["/", "a", "b", ".", "1"], maximumLength: 5, &random).utf16 {
                var ranges: [ClosedRange<UInt16>] = []
                scan.distinctions(state, into: &ranges)
                Self.checkDistinctions(ranges, { AnyHashable(scan.step(state, $0)) }, "\(kind.rawValue)=\"\(text)\"")
                state = scan.step(state, unit)
            }
        }
        for _ in 0..<300 {
            let components = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                AppleLinkComponent(
                    path: Self.text(["/", "a", "b", "*", "?", "A", "é"], maximumLength: 6, &random), exclude: Bool.random(using: &random),
                    caseSensitive: Bool.random(using: &random), percentEncoded: Bool.random(using: &random))
            }
            let language = AppleComponentLanguage(components)
            var state = language.start
            // Escapes too, for the components that decode the path.
            for unit in Self.text(["/", "a", "b", "A", "%", "C", "3", "2", "F", "9", "é"], maximumLength: 9, &random).utf16 {
                var ranges: [ClosedRange<UInt16>] = []
                language.distinctions(state, into: &ranges)
                Self.checkDistinctions(ranges, { AnyHashable(language.step(state, $0)) }, "\(components.map(\.path))")
                state = language.step(state, unit)
            }
        }
    }

    @Test("Apple's components as an automaton decide every path as the components do in order")
    func appleComponents() {
        var random = Random(state: 5)
        let alphabet: [Character] = ["/", "a", "b", "*", "?", "A"]
        for _ in 0..<600 {
            let components = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                AppleLinkComponent(
                    path: Self.text(alphabet, maximumLength: 6, &random), exclude: Bool.random(using: &random),
                    caseSensitive: Bool.random(using: &random), percentEncoded: Int.random(in: 0..<4, using: &random) > 0)
            }
            let language = AppleComponentLanguage(components)
            for _ in 0..<40 {
                // Escapes of '/' and 'a' (and broken ones), for the components that decode.
                let path = Self.text(["/", "a", "b", "A", "c", "%", "2", "F", "6", "1"], maximumLength: 8, &random)
                // A decoding component is walked over the paths as URLs spell them.
                guard components.allSatisfy(\.percentEncoded) || ClaimedPathLanguage.isEncodedSpelling(path) else { continue }
                var state = language.start
                // Once a state is final, no longer path may change what decides.
                var final: Int?? = nil
                for unit in path.utf16 {
                    if final == nil && language.isFinal(state) { final = .some(language.decider(state)) }
                    state = language.step(state, unit)
                }
                let expected = AppleLinkComponent.decide(components, path: path)
                #expect(language.accepts(state) == (expected?.opensApp ?? false), "\(components.map(\.path)) on \(path)")
                #expect(language.decider(state) == expected?.component)
                if let final { #expect(final == expected?.component, "final too early: \(components.map(\.path)) on \(path)") }
            }
        }
    }

    @Test("Android filters as an automaton decide every path as their attributes do, the first that matches deciding")
    func androidFilters() {
        var random = Random(state: 29)
        let patternAlphabet: [Character] = ["/", "a", "b", ".", "*", "[", "^", "]", "+"]
        for _ in 0..<600 {
            let patterns = (0..<Int.random(in: 1...5, using: &random)).compactMap { _ in
                try? AndroidPathPattern(
                    AndroidPathPattern.Kind.allCases.randomElement(using: &random)!,
                    "/" + Self.text(patternAlphabet, maximumLength: 5, &random))
            }
            guard !patterns.isEmpty else { continue }
            let language = AndroidFilterLanguage([AndroidIntentFilter(paths: patterns)], apiLevel: 35)
            for _ in 0..<40 {
                let path = Self.text(["/", "a", "b", ".", "c"], maximumLength: 7, &random)
                var state = language.start
                var final: Int?? = nil
                for unit in path.utf16 {
                    if final == nil && language.isFinal(state) { final = .some(language.decider(state)) }
                    state = language.step(state, unit)
                }
                let expected = patterns.firstIndex { $0.matches(path) }
                #expect(language.decider(state) == expected, "\(patterns.map { "\($0.kind.rawValue)=\($0.pattern)" }) on \(path)")
                if let final { #expect(final == expected, "final too early: \(patterns.map(\.pattern)) on \(path)") }
            }
        }
    }

    static let header = AppleAssociationTests.header

    static let carveOuts =
        header + """
              product: {path: /products/:id, activity: main, holder: H, entry: true}
              new-product: {path: /products/new, activity: main, holder: H, entry: true, web: false}
              news: {path: /products/news, activity: main, holder: H, entry: true}
              reviews: {path: /products/:id/reviews, activity: main, holder: H, entry: true}
              review: {path: /products/:id/reviews/:review, activity: main, holder: H, entry: true, web: false}
              docs: {path: /docs/**, activity: main, holder: H, entry: true}
              docs-api: {path: /docs/api/**, activity: main, holder: H, entry: true, web: false}
              docs-guide: {path: /docs/guide/:chapter/print, activity: main, holder: H, entry: true}
              dotted: {path: /v1.0/a+b, activity: main, holder: H, entry: true}
            """

    @Test("the claimed-set automaton claims exactly the paths resolution gives a web route")
    func claimedLanguage() throws {
        let linted = lint(Self.carveOuts)
        #expect(linted.findings.filter { $0.severity == .error }.isEmpty, "\(linted.headlines)")
        let app = try #require(linted.apps.first)
        let resolver = URLResolver(apps: [app])
        let language = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
        let paths = AppleAssociationTests.paths(app, depth: 3)
        for path in paths {
            var state = language.start
            for unit in path.utf16 { state = language.step(state, unit) }
            #expect(language.accepts(state) == AppleAssociationTests.claimed(path, app: app, resolver: resolver), "\(path)")
        }
        #expect(paths.count > 1_000)
    }

    @Test("the generated AASA components and Android attributes claim exactly the claimed set (API 31+), decided over every path")
    func generatedClaimsAreExact() throws {
        let app = try #require(lint(Self.carveOuts).apps.first)
        let appleClaimed = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
        let components = AppleAssociation.components(for: app)
        #expect(PathLanguageComparison.compare(appleClaimed, AppleComponentLanguage(components)) == .compared([]))

        let segments = ClaimedSegments(app, spelling: .decoded)
        let claimed = ClaimedPathLanguage(segments: segments)
        let attributes = AndroidLinkPaths.webPaths(segments, minimumSDK: 26, inexact: .claimLess).attributes
        let filter = AndroidIntentFilter(paths: attributes)
        for level in [31, 35] {
            #expect(
                PathLanguageComparison.compare(claimed, AndroidFilterLanguage([filter], apiLevel: level)) == .compared([]), "API \(level)")
        }
        // Below 31 parameters in last position cannot be written: the set is under-claimed,
        // never over-claimed, and each witness is what it says.
        guard case .compared(let witnesses) = PathLanguageComparison.compare(claimed, AndroidFilterLanguage([filter], apiLevel: 26)) else {
            Issue.record("undecided")
            return
        }
        #expect(!witnesses.isEmpty)
        let resolver = URLResolver(apps: [app])
        for witness in witnesses {
            #expect(witness.inFirst, "over-claims \(witness.text)")
            #expect(AppleAssociationTests.claimed(witness.text, app: app, resolver: resolver), "\(witness.text)")
            #expect(!attributes.filter { $0.kind.introducedIn <= 26 }.contains { $0.matches(witness.text) }, "\(witness.text)")
        }
    }

    @Test(
        "with claim-more the Android attributes claim a superset at every API level, and each extra path is claimed by a widened pattern",
        arguments: [21, 26])
    func claimMoreIsASuperset(minimumSDK: Int) throws {
        let app = try #require(lint(Self.carveOuts).apps.first)
        let segments = ClaimedSegments(app, spelling: .decoded)
        let claimed = ClaimedPathLanguage(segments: segments)
        let paths = AndroidLinkPaths.webPaths(segments, minimumSDK: minimumSDK, inexact: .claimMore)
        #expect(!paths.inexactRoutes.isEmpty)
        #expect(paths.attributes.allSatisfy { $0.kind.introducedIn <= minimumSDK }, "\(paths.attributes.map(\.pattern))")
        let filter = AndroidIntentFilter(paths: paths.attributes)
        for level in [minimumSDK, 31, 35] {
            guard case .compared(let witnesses) = PathLanguageComparison.compare(claimed, AndroidFilterLanguage([filter], apiLevel: level))
            else {
                Issue.record("undecided")
                continue
            }
            #expect(!witnesses.isEmpty, "API \(level)")
            for witness in witnesses {
                #expect(!witness.inFirst, "API \(level) under-claims \(witness.text)")
                #expect(paths.attributes.contains { $0.matches(witness.text) && $0.pattern.hasSuffix("..*") }, "\(witness.text)")
            }
        }
    }

    @Test("a file is judged against what its API range can express: errors beyond it, the range's own difference tolerated")
    func expressibleBand() throws {
        let app = try #require(lint(Self.carveOuts).apps.first)
        let segments = ClaimedSegments(app, spelling: .decoded)
        let claimed = ClaimedPathLanguage(segments: segments)
        let paths = AndroidLinkPaths.webPaths(segments, minimumSDK: 26, inexact: .claimLess)
        let band = ExpressibleClaims(
            claimed: claimed, expressible: AndroidFilterLanguage([AndroidIntentFilter(paths: paths.attributes)], apiLevel: 26),
            routeOfExpressibleDecider: { paths.routes[$0].map(Int.init) })
        func witnesses(_ attributes: [AndroidPathPattern]) -> [PathLanguageComparison.Witness] {
            let file = AndroidFilterLanguage([AndroidIntentFilter(paths: attributes)], apiLevel: 26)
            guard case .compared(let witnesses) = PathLanguageComparison.compare(band, file) else { return [] }
            return witnesses
        }
        // The generated attributes differ from the claimed set only where API 26 cannot follow.
        let generated = witnesses(paths.attributes)
        #expect(!generated.isEmpty)
        #expect(generated.allSatisfy { $0.isTolerated && $0.inFirst }, "\(generated.map(\.text))")
        // One witness per route with URLs the range leaves out: the parameters' and, inside one,
        // a literal route that the merged piece carried.
        let routeIDs = generated.compactMap(\.firstDecider).map { app.text(segments.routes[$0].id.value) }
        #expect(routeIDs.sorted() == ["docs", "news", "product", "reviews"])
        #expect(paths.inexactRoutes.map { app.text(segments.routes[Int($0)].id.value) }.sorted() == ["docs", "product", "reviews"])

        // Dropping an attribute API 26 reads leaves a URL unclaimed that it could claim: an error.
        let dropped = paths.attributes.firstIndex { $0.kind == .literal && $0.pattern == "/v1.0/a+b" }
        var fewer = paths.attributes
        fewer.remove(at: try #require(dropped))
        #expect(witnesses(fewer).contains { !$0.isTolerated && $0.inFirst && $0.text == "/v1.0/a+b" })

        // A prefix wider than the routes claims what no route opens: an error, not the range's.
        let wider = try paths.attributes + [AndroidPathPattern(.prefix, "/products/new")]
        #expect(witnesses(wider).contains { !$0.isTolerated && !$0.inFirst && $0.text == "/products/new" })

        // Claiming a parameter's URL the range could not be asked for is right, not an error.
        let more = try paths.attributes + [AndroidPathPattern(.literal, "/products/42")]
        #expect(witnesses(more).allSatisfy { $0.isTolerated })
    }

    @Test("a difference is found with a shortest witness, and a mutation of the generated components is caught")
    func comparisonFindsDifferences() throws {
        let app = try #require(lint(Self.carveOuts).apps.first)
        let claimed = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
        var components = AppleAssociation.components(for: app)
        // Dropping a component changes the claim somewhere, or nowhere (a web route inside a
        // web route's paths): a witness must be true, and "nowhere" must hold on every sample.
        let samples = AppleAssociationTests.paths(app, depth: 3)
        var caught = 0
        for index in components.indices {
            var mutated = components
            mutated.remove(at: index)
            guard case .compared(let witnesses) = PathLanguageComparison.compare(claimed, AppleComponentLanguage(mutated)) else {
                Issue.record("undecided")
                continue
            }
            for witness in witnesses {
                let opens = AppleLinkComponent.decide(mutated, path: witness.text)?.opensApp ?? false
                #expect(opens != witness.inFirst, "\(witness.text)")
            }
            if witnesses.isEmpty {
                for path in samples {
                    #expect(
                        (AppleLinkComponent.decide(mutated, path: path)?.opensApp ?? false)
                            == (AppleLinkComponent.decide(components, path: path)?.opensApp ?? false),
                        "without \(components[index]): \(path)")
                }
            } else {
                caught += 1
            }
        }
        #expect(caught > components.count / 2)
        components.insert(AppleLinkComponent(path: "/products/*"), at: 0)
        guard case .compared(let witnesses) = PathLanguageComparison.compare(claimed, AppleComponentLanguage(components)) else {
            Issue.record("undecided")
            return
        }
        // iOS opens `/products` too: a final `/*` may be left out.
        #expect(witnesses.map(\.text) == ["/products"])
    }
}
