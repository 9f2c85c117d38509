import Foundation
import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintRuns

/// A baseline records each conflict of `conflicting-patterns` as its pair of routes, whether
/// the conflict is reported alone or with the others of a route that conflicts with many: a new
/// conflict is never accepted for an old one, and a conflict removed never turns others new.
@Suite("Baseline identities")
struct BaselineIdentityTests {
    /// The pairs of routes of the `conflicting-patterns` findings of `linted`, as a baseline
    /// names them: `file` and the two routes in order.
    static func conflicts(_ findings: [Finding], names: [String]) -> Set<FindingIdentity> {
        Set(
            findings.filter { $0.rule == ConflictingPatternsRule.description.id }.flatMap {
                FindingIdentity.identities(of: $0, names: names)
            })
    }

    /// The manifest of `routes`, each `(id, path, params)` with `params` as YAML or empty.
    static func manifest(_ routes: [(id: String, path: String, params: String)]) -> String {
        var text = "manifest: 1\nactivities: {main: {}}\nholders: {H: {}}\nroutes:\n"
        for route in routes {
            text += "  \(route.id): {path: '\(route.path)', activity: main, holder: H, entry: true"
            text += route.params.isEmpty ? "}\n" : ", params: {\(route.params)}}\n"
        }
        return text
    }

    /// A route of two or three segments drawn from few, so that conflicts abound: some routes
    /// conflict with many (one finding each), others with a few (a finding a pair).
    static func randomRoute(_ number: Int, _ random: inout SeededRandom) -> (id: String, path: String, params: String) {
        var segments: [String] = []
        var params: [String] = []
        for position in 0..<Int.random(in: 2...3, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: segments.append(["a", "b", "c"].randomElement(using: &random)!)
            case 2: segments.append(["1", "22"].randomElement(using: &random)!)
            default:
                let name = "p\(position)"
                segments.append(":" + name)
                let type = ["", "", "int", "[a, '1']"].randomElement(using: &random)!
                if !type.isEmpty { params.append("\(name): \(type)") }
            }
        }
        return ("r\(number)", "/" + segments.joined(separator: "/"), params.joined(separator: ", "))
    }

    @Test(
        "on random route sets changed by adding, removing and retyping routes, the new conflicting-patterns findings are exactly those with a pair of routes the baseline lacks, and its stale entries exactly the pairs gone",
    )
    func newFindingsAreThoseWithANewPair() throws {
        // How many findings of each kind the sets gave: both must be tested, many times.
        var (alone, withMany, newSeen) = (0, 0, 0)
        for seed in UInt64(0)..<200 {
            let (pairs, many, new) = try Self.checkChangedSet(seed: seed)
            alone += pairs
            withMany += many
            newSeen += new
        }
        #expect(alone > 100 && withMany > 100 && newSeen > 100, "\(alone) pairs, \(withMany) routes with many, \(newSeen) new")
    }

    /// One random set changed, checked: the `conflicting-patterns` findings of the changed set
    /// reported alone, those of a route with many, and those new.
    static func checkChangedSet(seed: UInt64) throws -> (alone: Int, withMany: Int, new: Int) {
        var random = SeededRandom(state: seed)
        var routes = (0..<Int.random(in: 8...24, using: &random)).map { Self.randomRoute($0, &random) }
        let before = lint(Self.manifest(routes))
        var next = routes.count
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                routes.append(Self.randomRoute(next, &random))
                next += 1
            case 1:
                if !routes.isEmpty { routes.remove(at: Int.random(in: 0..<routes.count, using: &random)) }
            default:
                // Retyped: the path and the id kept, the types drawn again.
                guard !routes.isEmpty else { continue }
                let index = Int.random(in: 0..<routes.count, using: &random)
                let drawn = Self.randomRoute(0, &random)
                let names = routes[index].path.split(separator: "/").filter { $0.hasPrefix(":") }.map { $0.dropFirst() }
                let types = drawn.params.split(separator: ",").compactMap { $0.split(separator: ":").last }
                routes[index].params = zip(names, types).map { "\($0): \($1.trimmingCharacters(in: .whitespaces))" }
                    .joined(separator: ", ")
            }
        }
        let after = lint(Self.manifest(routes))
        let names = ["test.routes.yaml"]
        let baseline = Baseline(findings: before.findings, names: names)
        let (new, accepted, stale) = baseline.apply(to: after.findings, names: names)

        let recorded = Self.conflicts(before.findings, names: names)
        let isConflict = { (finding: Finding) in finding.rule == ConflictingPatternsRule.description.id }
        let expectedNew = after.findings.filter { finding in
            isConflict(finding) && !FindingIdentity.identities(of: finding, names: names).allSatisfy(recorded.contains)
        }
        #expect(new.filter(isConflict) == expectedNew, "seed \(seed)")
        #expect(accepted.filter(isConflict).count + expectedNew.count == after.findings.filter(isConflict).count)
        let gone = recorded.subtracting(Self.conflicts(after.findings, names: names))
        #expect(Set(stale.map(\.identity).filter { $0.rule == ConflictingPatternsRule.description.id }) == gone, "seed \(seed)")
        let conflicts = after.findings.filter(isConflict)
        return (conflicts.count { $0.subjects.count == 2 }, conflicts.count { $0.subjects.count == 1 }, expectedNew.count)
    }

    /// More than three conflicts on one route: `/:section/today` against four sections' days,
    /// each of which matches `/SECTION/today` with it and neither more specific; one finding
    /// at its path.
    static let weather = """
        manifest: 1
        activities: {main: {}}
        holders: {H: {}}
        routes:
          today: {path: '/:section/today', activity: main, holder: H, entry: true}
          weather: {path: '/weather/:day', activity: main, holder: H, entry: true}
          news: {path: '/news/:day', activity: main, holder: H, entry: true}
          sports: {path: '/sports/:day', activity: main, holder: H, entry: true}
          traffic: {path: '/traffic/:day', activity: main, holder: H, entry: true}

        """

    @Test("a new route that conflicts with a route that already conflicts with many is new, not absorbed by the old finding")
    func newConflictOfAHubIsNew() throws {
        let before = lint(Self.weather)
        let names = ["test.routes.yaml"]
        let hubFindings = before.findings.filter { $0.rule == ConflictingPatternsRule.description.id && $0.subjects == [.route("today")] }
        try #require(hubFindings.count == 1, "\(before.findings.map(\.message))")
        let baseline = Baseline(findings: before.findings, names: names)
        // Each conflict is an entry of its own, however many the route has.
        #expect(
            baseline.entries.filter { $0.identity.rule == "conflicting-patterns" }.count
                == FindingIdentity.identities(
                    of: hubFindings[0], names: names
                ).count)
        let after = lint(Self.weather + "  music: {path: '/music/:day', activity: main, holder: H, entry: true}\n")
        let (new, _, stale) = baseline.apply(to: after.findings, names: names)
        #expect(new.map(\.subjects) == [[.route("today")]])
        #expect(stale.isEmpty)
        // Removing one conflict leaves three pairs, each reported alone now, each accepted.
        let fewer = lint(
            Self.weather.replacingOccurrences(of: "  traffic: {path: '/traffic/:day', activity: main, holder: H, entry: true}\n", with: ""))
        let (newAfterRemoval, accepted, staleAfterRemoval) = baseline.apply(to: fewer.findings, names: names)
        #expect(newAfterRemoval.isEmpty)
        #expect(accepted.count == 3 && accepted.allSatisfy { $0.subjects.count == 2 })
        #expect(staleAfterRemoval.map(\.identity.subjects) == [[.route("today"), .route("traffic")]])
    }

    @Test("a version 2 baseline, which recorded such a route alone, still accepts its conflicts, and the run says how to rewrite it")
    func version2HubEntry() throws {
        let text = """
            {"version": 2, "findings": [
              {"rule": "conflicting-patterns", "file": "test.routes.yaml", "subjects": ["route:today"], "count": 1},
              {"rule": "conflicting-patterns", "file": "test.routes.yaml", "subjects": ["route:y", "route:x"], "count": 1},
              {"rule": "conflicting-patterns", "file": "test.routes.yaml", "subjects": ["route:weather", "route:today"], "count": 1}
            ]}
            """
        let baseline = try Baseline.decode(Array(text.utf8), path: "old.json")
        #expect(baseline.hasEntriesThatAcceptEveryConflict)
        // A pair written later route first is read in order.
        #expect(baseline.entries.contains { $0.identity.subjects == [.route("x"), .route("y")] })
        let linted = lint(Self.weather)
        let (new, _, stale) = baseline.apply(to: linted.findings, names: ["test.routes.yaml"])
        #expect(!new.contains { $0.rule == "conflicting-patterns" })
        #expect(stale.map(\.identity.subjects) == [[.route("x"), .route("y")]])
    }
}
