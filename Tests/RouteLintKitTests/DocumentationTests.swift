import Foundation
import Testing
@testable import RouteLintKit

@Suite("Documentation")
struct DocumentationTests {
    /// docs/rules.md is what SARIF's helpUri links to; it must say what the rules say.
    @Test("docs/rules.md is generated from the rules")
    func rulesPage() throws {
        let url = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/rules.md")
        let generated = RuleDocumentation.markdown()
        if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(
            generated == (try String(contentsOf: url, encoding: .utf8)),
            "regenerate with ROUTELINT_UPDATE_FIXTURES=1 swift test --filter DocumentationTests")
    }
}
