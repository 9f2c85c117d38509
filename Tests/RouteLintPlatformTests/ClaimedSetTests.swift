import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// The claimed set of an app: its automaton claims exactly the paths resolution gives
/// a web route, the generated claims say the same, and the comparison finds each difference
/// with a witness that is true.
@Suite("Claimed sets")
struct ClaimedSetTests {
    @Test("the claimed-set automaton claims exactly the paths resolution gives a web route")
    func claimedLanguage() throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
        let resolver = URLResolver(apps: [app])
        let language = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
        let paths = ClaimReference.paths(app, depth: 3)
        for path in paths {
            var state = language.start
            for unit in path.utf16 {
                state = language.step(state, unit)
                #expect(verdictsAgree(language, state), "verdicts on \(path)")
            }
            #expect(language.accepts(state) == ClaimReference.claimed(path, app: app, resolver: resolver), "\(path)")
        }
        #expect(paths.count > 1_000)
    }

    @Test("the generated AASA components and Android attributes claim exactly the claimed set (API 31+), decided over every path")
    func generatedClaimsAreExact() throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
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
            #expect(ClaimReference.claimed(witness.text, app: app, resolver: resolver), "\(witness.text)")
            #expect(!attributes.filter { $0.kind.introducedIn <= 26 }.contains { $0.matches(witness.text) }, "\(witness.text)")
        }
    }

    @Test(
        "with claim-more the Android attributes claim a superset at every API level, and each extra path is claimed by a widened pattern",
        arguments: [21, 26])
    func claimMoreIsASuperset(minimumSDK: Int) throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
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

    @Test("an expressible set left without its advanced patterns writes the attributes below API 31 as generation does")
    func expressibleWithoutAdvanced() throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
        let pieces = AndroidLinkPaths.pieces(ClaimedSegments(app, spelling: .decoded))
        // All the pieces, and only those the levels below 31 cannot write: with those alone the
        // levels below 31 get the path of one claimed URL, which depends on the advanced
        // patterns written.
        for chosen in [pieces, pieces.filter { !$0.isWritableBelowAdvanced }] {
            for (minimumSDK, inexact) in [(26, InexactClaims.claimLess), (26, .claimMore), (31, .claimLess)] {
                let whole = AndroidLinkPaths.attributes(chosen, minimumSDK: minimumSDK, inexact: inexact)
                let legacy = AndroidLinkPaths.attributes(chosen, minimumSDK: minimumSDK, inexact: inexact, writingAdvanced: false)
                let readBelow = whole.attributes.prefix { $0.kind != .advancedGlob }
                #expect(legacy.attributes.prefix(readBelow.count).map(\.pattern) == readBelow.map(\.pattern), "\(minimumSDK) \(inexact)")
                #expect(Array(legacy.routes.prefix(readBelow.count)) == Array(whole.routes.prefix(readBelow.count)))
                #expect(legacy.inexactRoutes == whole.inexactRoutes)
                #expect(legacy.attributes.allSatisfy { $0.kind != .advancedGlob } || legacy.attributes == whole.attributes)
            }
        }
    }

    @Test("a file is judged against what its API range can express: errors beyond it, the range's own difference tolerated")
    func expressibleBand() throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
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

    @Test(
        "a file that says what its range can express is judged by the walk of the claimed and expressible sets alone, as the band judges it",
        arguments: [InexactClaims.claimLess, .claimMore], [Int.max, 0])
    func expressibleFileWithoutItsWalk(inexact: InexactClaims, splitsAbove: Int) throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
        let segments = ClaimedSegments(app, spelling: .decoded)
        let claimed = ClaimedPathLanguage(segments: segments)
        let paths = AndroidLinkPaths.webPaths(segments, minimumSDK: 26, inexact: inexact)
        let expressible = AndroidFilterLanguage([AndroidIntentFilter(paths: paths.attributes)], apiLevel: 26)
        let route = { (decider: Int) in paths.routes[decider].map(Int.init) }
        // The file as two filters, its attributes numbered apart from the expressible set's.
        let half = paths.attributes.count / 2
        let filters = [paths.attributes.prefix(half), paths.attributes.dropFirst(half)].map {
            AndroidIntentFilter(hosts: ["example.com"], paths: Array($0))
        }
        #expect(AndroidFilterLanguage.plainPaths(filters, apiLevel: 26) == paths.attributes.filter { $0.kind.introducedIn <= 26 })
        // Split at the first depth, and not at all: the walks keep the same witnesses either way.
        var budget = ComparisonBudget(limit: ComparisonBudget.largestLimit)
        budget.splitsAbove = splitsAbove
        var bandBudget = budget
        let band = ExpressibleClaims(claimed: claimed, expressible: expressible, routeOfExpressibleDecider: route)
        let walked = PathLanguageComparison.compare(band, AndroidFilterLanguage(filters, apiLevel: 26), budget: &bandBudget)
        var claimedStates = PathLanguageComparison.MetStates<ClaimedPathLanguage>()
        let alone = PathLanguageComparison.toleratedDifferences(
            claimed, expressible, routeOfExpressibleDecider: route, budget: &budget, carrying: &claimedStates)
        guard case .compared(let witnesses) = alone, case .compared(let bandWitnesses) = walked else {
            Issue.record("undecided: \(alone), \(walked)")
            return
        }
        #expect(witnesses.map(\.text) == bandWitnesses.map(\.text))
        #expect(witnesses.map(\.firstDecider) == bandWitnesses.map(\.firstDecider))
        #expect(witnesses.map(\.inFirst) == bandWitnesses.map(\.inFirst))
        #expect(witnesses.allSatisfy(\.isTolerated) && bandWitnesses.allSatisfy(\.isTolerated))
        // Claiming less leaves routes' URLs out; claiming more widens patterns, one witness a route.
        #expect(witnesses.contains { $0.inFirst == (inexact == .claimLess) })
        #expect(budget.spent < bandBudget.spent)
    }

    @Test("only filters whose path attributes alone decide have plain paths to compare")
    func plainPaths() throws {
        let advanced = try AndroidPathPattern(.advancedGlob, "/products/[0-9]+")
        let literal = try AndroidPathPattern(.literal, "/about")
        // API 26 reads no attribute of a filter of advanced patterns: it claims every path.
        #expect(AndroidFilterLanguage.plainPaths([AndroidIntentFilter(paths: [advanced])], apiLevel: 26) == nil)
        #expect(AndroidFilterLanguage.plainPaths([AndroidIntentFilter(paths: [literal, advanced])], apiLevel: 26) == [literal])
        #expect(AndroidFilterLanguage.plainPaths([AndroidIntentFilter(paths: [literal, advanced])], apiLevel: 31) == [literal, advanced])
        // From API 35 a group decides beside the attributes.
        var grouped = AndroidIntentFilter(paths: [literal])
        grouped.groups = [AndroidIntentFilter.Group(filters: [.init(part: .query, pattern: try AndroidPathPattern(.literal, "a=1"))])]
        #expect(AndroidFilterLanguage.plainPaths([grouped], apiLevel: 34) == [literal])
        #expect(AndroidFilterLanguage.plainPaths([grouped], apiLevel: 35) == nil)
    }

    @Test("a difference is found with a shortest witness, and a mutation of the generated components is caught")
    func comparisonFindsDifferences() throws {
        let app = try #require(apps(fromManifests: [ClaimReference.carveOuts]).first)
        let claimed = ClaimedPathLanguage(segments: ClaimedSegments(app, spelling: .encoded))
        var components = AppleAssociation.components(for: app)
        // Dropping a component changes the claim somewhere, or nowhere (a web route inside a
        // web route's paths): a witness must be true, and "nowhere" must hold on every sample.
        let samples = ClaimReference.paths(app, depth: 3)
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
