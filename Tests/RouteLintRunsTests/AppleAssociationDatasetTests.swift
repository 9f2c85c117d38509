import Foundation
import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules
@testable import RouteLintRuns

/// The apple-app-site-association components written for real route sets, loaded and linted as
/// the command line does, decided by the platform's matcher against the claimed set.
@Suite("apple-app-site-association components of real sets")
struct AppleAssociationDatasetTests {
    /// Checks every path to try of `app` and returns how many there were.
    static func check(_ app: AppModel, depth: Int) -> Int {
        let resolver = URLResolver(apps: [app])
        let components = AppleAssociation.components(for: app)
        let paths = ClaimReference.paths(app, depth: depth)
        for path in paths {
            #expect(
                (AppleLinkComponent.decide(components, path: path)?.opensApp ?? false)
                    == ClaimReference.claimed(path, app: app, resolver: resolver),
                "\(path)")
        }
        return paths.count
    }

    @Test("the example app and the Stripe API")
    func realSets() throws {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let manifests = try loadFromDisk([root.appendingPathComponent("Manifests").path]).files
        let example = try #require(Linter.lint(manifests).apps.first)
        #expect(Self.check(example, depth: 3) > 100)
        // The checkout route is web: false in the example app.
        #expect(AppleLinkComponent.decide(AppleAssociation.components(for: example), path: "/checkout")?.opensApp == false)

        let stripe = lint(DatasetTests.manifest(try DatasetTests.templates("paths-stripe-2023-09.txt")))
        #expect(stripe.findings.filter { $0.severity == .error }.isEmpty, "\(stripe.headlines)")
        #expect(Self.check(try #require(stripe.apps.first), depth: 1) > 1_000)
    }
}
