import Foundation
import Testing
@testable import RouteLintReporting

/// The documents that mirror code are generated from it, and must say what it says.
/// `ROUTELINT_UPDATE_FIXTURES=1 swift test --filter DocumentationTests` regenerates them.
@Suite("Documentation")
struct DocumentationTests {
    /// The package's root: two folders above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var updating: Bool { ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil }

    /// docs/rules.md is what SARIF's helpUri links to; it must say what the rules say.
    @Test("docs/rules.md is generated from the rules")
    func rulesPage() throws {
        let url = Self.root.appendingPathComponent("docs/rules.md")
        let generated = RuleDocumentation.markdown()
        if Self.updating { try generated.write(to: url, atomically: true, encoding: .utf8) }
        #expect(
            generated == (try String(contentsOf: url, encoding: .utf8)),
            "regenerate with ROUTELINT_UPDATE_FIXTURES=1 swift test --filter DocumentationTests")
    }

    /// The README's table of rules, between its two markers, is the registry's.
    @Test("the README's rules table is generated from the rules")
    func readmeTable() throws {
        let url = Self.root.appendingPathComponent("README.md")
        var readme = try String(contentsOf: url, encoding: .utf8)
        let generated = RuleDocumentation.table(linkingTo: "docs/rules.md")
        if Self.updating, let regenerated = Self.replacingTable(in: readme, with: generated) {
            try regenerated.write(to: url, atomically: true, encoding: .utf8)
            readme = regenerated
        }
        let start = try #require(readme.range(of: "<!-- rules: generated")).upperBound
        let afterMarker = try #require(readme[start...].range(of: "-->\n")).upperBound
        let end = try #require(readme.range(of: "<!-- rules:end -->")).lowerBound
        #expect(
            String(readme[afterMarker..<end]) == generated,
            "regenerate with ROUTELINT_UPDATE_FIXTURES=1 swift test --filter DocumentationTests")
    }

    /// `readme` with `table` between the markers.
    static func replacingTable(in readme: String, with table: String) -> String? {
        guard let start = readme.range(of: "<!-- rules: generated"),
            let afterMarker = readme[start.upperBound...].range(of: "-->\n"),
            let end = readme.range(of: "<!-- rules:end -->")
        else { return nil }
        return String(readme[..<afterMarker.upperBound]) + table + String(readme[end.lowerBound...])
    }
}
