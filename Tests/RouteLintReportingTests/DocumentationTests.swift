import Foundation
import Testing
@testable import RouteLintReporting
import RouteLintRules

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
        try Self.expectGenerated(RuleDocumentation.tableByCategory(linkingTo: "docs/rules.md"), in: "README.md", marker: "rules")
        let listed = Set(RuleRegistry.categories)
        for id in RuleRegistry.ids { #expect(listed.contains(RuleRegistry.category(of: id)), "\(id) is in no listed category") }
    }

    /// The README is the front door: what routelint is, how to start, and where the rest is.
    @Test("the README stays a front door of at most 300 lines, the rest in docs/")
    func readmeLength() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 300, "README.md has \(lines) lines; move detail to docs/")
    }

    /// docs/usage.md's list of fixable findings, between its two markers, is the registry's.
    @Test("the list of fixable findings in docs/usage.md is generated from the rules")
    func fixableList() throws {
        try Self.expectGenerated(RuleDocumentation.fixableList(), in: "docs/usage.md", marker: "fixes")
    }

    /// Expects `generated` between the `marker` markers of the document at `path` (written there
    /// first when updating).
    static func expectGenerated(_ generated: String, in path: String, marker: String) throws {
        let url = root.appendingPathComponent(path)
        var text = try String(contentsOf: url, encoding: .utf8)
        if updating, let regenerated = replacingTable(in: text, with: generated, marker: marker) {
            try regenerated.write(to: url, atomically: true, encoding: .utf8)
            text = regenerated
        }
        let start = try #require(text.range(of: "<!-- \(marker): generated")).upperBound
        let afterMarker = try #require(text[start...].range(of: "-->\n")).upperBound
        let end = try #require(text.range(of: "<!-- \(marker):end -->")).lowerBound
        #expect(
            String(text[afterMarker..<end]) == generated,
            "regenerate with ROUTELINT_UPDATE_FIXTURES=1 swift test --filter DocumentationTests")
    }

    /// `readme` with `table` between the markers named `marker`.
    static func replacingTable(in readme: String, with table: String, marker: String = "rules") -> String? {
        guard let start = readme.range(of: "<!-- \(marker): generated"),
            let afterMarker = readme[start.upperBound...].range(of: "-->\n"),
            let end = readme.range(of: "<!-- \(marker):end -->")
        else { return nil }
        return String(readme[..<afterMarker.upperBound]) + table + String(readme[end.lowerBound...])
    }
}
