import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintReporting

/// The real route sets of `Datasets/` (see its README), each turned into a manifest with one
/// route per path template.
@Suite("Real route sets")
struct DatasetTests {
    static func templates(_ name: String) throws -> [String] {
        let url = testsDirectory.appendingPathComponent("Datasets").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// One entry route per template, all bound to one holder, in one activity.
    static func manifest(_ templates: [String]) -> String {
        var text = "manifest: 1\nactivities: {api: {}}\ntabs: {t: {activity: api, index: 0, root: r0, icon: i}}\n"
        text += "holders: {H: {}}\nroutes:\n  r0: {holder: H}\n"
        for (index, template) in templates.enumerated() {
            text += "  r\(index + 1): {path: '\(template)', activity: api, holder: H, entry: true}\n"
        }
        return text
    }

    @Test("GitHub: 9 invalid paths and 56 conflicting pairs (54 overlapping, 2 equivalent)")
    func github() throws {
        let templates = try Self.templates("paths-github-octokit-2026-08.txt")
        #expect(templates.count == 678)
        let result = lint(Self.manifest(templates))
        let invalid = result.findings.filter { $0.rule == "invalid-path" }
        #expect(invalid.count == 9)
        #expect(invalid.filter { $0.message.contains(":enterprise-team") }.count == 8)
        #expect(invalid.filter { $0.message.contains(":base...:head") }.count == 1)
        let conflicts = result.findings.filter { $0.rule == "conflicting-patterns" }
        // The 56 pairs: 2 equivalent and 17 overlapping on their own, the other 37 in the
        // findings of the 5 routes with more than three conflicts each.
        #expect(conflicts.filter { $0.message.contains("matches the same URLs") }.count == 2)
        #expect(conflicts.filter { $0.message.contains("and neither is more specific") }.count == 17)
        let fanOuts = conflicts.filter { $0.subjects.count == 1 }
        #expect(fanOuts.map { $0.subjects[0].name } == ["r454", "r458", "r501", "r503", "r581"])
        #expect(conflicts.count == 2 + 17 + 5)
        #expect(result.findings.count == invalid.count + conflicts.count)
    }

    @Test("GitHub: the grouped findings cover every conflicting pair")
    func githubFanOutCoversEveryPair() throws {
        var symbols = SymbolTable()
        let patterns = try Self.templates("paths-github-octokit-2026-08.txt").compactMap {
            try? PathPattern.parse($0, symbols: &symbols).get()
        }
        let groups = ConflictIndex.conflicts(among: patterns, limit: .max)
        var covered = Set<[Int]>()
        for report in ConflictingPatternsRule.reports(groups, patternCount: patterns.count) {
            switch report {
            case .pair(let later, let earlier):
                covered.insert([earlier, later])
            case .fanOut(let hub, let partners, let total):
                #expect(partners.count == total)
                #expect(total > ConflictingPatternsRule.fanOutAbove)
                for partner in partners { covered.insert([min(hub, partner), max(hub, partner)]) }
            }
        }
        let pairs = groups.flatMap { group in group.earlier.map { [$0, group.pattern] } }
        #expect(pairs.count == 56)
        #expect(covered == Set(pairs))
    }

    @Test("GitHub: the trie agrees with comparing all pairs")
    func githubAgreesWithAllPairs() throws {
        var symbols = SymbolTable()
        let patterns = try Self.templates("paths-github-octokit-2026-08.txt").compactMap {
            try? PathPattern.parse($0, symbols: &symbols).get()
        }
        #expect(patterns.count == 669)
        var pairs = 0
        for later in patterns.indices {
            for earlier in 0..<later where patterns[later].relation(to: patterns[earlier]).isConflict { pairs += 1 }
        }
        #expect(pairs == 56)
        #expect(ConflictIndex.conflicts(among: patterns, limit: .max).reduce(0) { $0 + $1.earlier.count } == 56)
    }

    /// The conflicting pairs of a dataset by comparing every pair, and those the JSON report
    /// holds (a pair finding names both routes; a grouped one its route and every partner as a
    /// related location), as pairs of manifest lines. Template `i` is on line `7 + i`.
    static func pairsInJSON(_ name: String) throws -> (allPairs: Set<[Int]>, reported: Set<[Int]>) {
        let templates = try templates(name)
        var symbols = SymbolTable()
        let patterns = templates.enumerated().compactMap { index, template in
            (try? PathPattern.parse(template, symbols: &symbols).get()).map { (line: 7 + index, pattern: $0) }
        }
        var allPairs = Set<[Int]>()
        for later in patterns.indices {
            for earlier in 0..<later where patterns[later].pattern.relation(to: patterns[earlier].pattern).isConflict {
                allPairs.insert([patterns[earlier].line, patterns[later].line])
            }
        }
        let linted = lint(manifest(templates))
        let json = JSONReporter().render(linted.report)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        var reported = Set<[Int]>()
        for finding in findings where finding["rule"] as? String == "conflicting-patterns" {
            let line = try #require(finding["line"] as? Int)
            #expect(finding["relatedOmitted"] as? Int == 0)
            for related in try #require(finding["related"] as? [[String: Any]]) {
                let other = try #require(related["line"] as? Int)
                reported.insert([min(line, other), max(line, other)])
            }
        }
        return (allPairs, reported)
    }

    @Test("GitHub and Stripe: every conflicting pair that comparing all pairs finds is in the JSON report")
    func everyPairInJSON() throws {
        let github = try Self.pairsInJSON("paths-github-octokit-2026-08.txt")
        #expect(github.allPairs.count == 56)
        #expect(github.reported == github.allPairs)
        let stripe = try Self.pairsInJSON("paths-stripe-2023-09.txt")
        #expect(stripe.reported == stripe.allPairs)
    }

    @Test("Stripe: no finding at all")
    func stripe() throws {
        let templates = try Self.templates("paths-stripe-2023-09.txt")
        #expect(templates.count == 318)
        #expect(lint(Self.manifest(templates)).headlines == [])
    }
}
