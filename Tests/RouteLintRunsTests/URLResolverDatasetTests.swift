import Foundation
import Testing

@testable import RouteLintCore
@testable import RouteLintRuns

/// The resolver on the real route sets of `Datasets/`, linted as the command line lints them.
@Suite("Resolving the datasets' URLs")
struct URLResolverDatasetTests {
    @Test("Stripe: every template, filled in, resolves to its own route")
    func stripeRoundTrip() throws {
        let templates = try DatasetTests.templates("paths-stripe-2023-09.txt")
        let resolver = URLResolver(apps: lint(DatasetTests.manifest(templates)).apps)
        for (index, template) in templates.enumerated() {
            let url = template.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(":") ? "sample-\($0.dropFirst())" : String($0) }.joined(separator: "/")
            let resolution = resolver.resolve(url)
            #expect(resolution.route == "r\(index + 1)", "\(url)")
        }
    }

    @Test("GitHub: a URL that both routes of a conflicting pair match is ambiguous")
    func githubConflictsAreAmbiguous() throws {
        var symbols = SymbolTable()
        let valid = try DatasetTests.templates("paths-github-octokit-2026-08.txt").filter {
            (try? PathPattern.parse($0, symbols: &symbols).get()) != nil
        }
        let patterns = valid.compactMap { try? PathPattern.parse($0, symbols: &symbols).get() }
        let result = lint(DatasetTests.manifest(valid))
        let resolver = URLResolver(apps: result.apps)
        let groups = ConflictIndex.conflicts(among: patterns, limit: .max)
        #expect(groups.reduce(0) { $0 + $1.earlier.count } == 56)
        for group in groups {
            for earlier in group.earlier {
                let url = patterns[group.pattern].commonPath(with: patterns[earlier], symbols: symbols)
                let resolution = resolver.resolve(url)
                #expect(resolution.status == .ambiguous, "\(url)")
                let ids = [group.pattern, earlier].map { "r\($0 + 1)" }
                #expect(Set(resolution.candidates).isSuperset(of: ids), "\(url)")
            }
        }
    }
}
