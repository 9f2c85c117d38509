import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintReporting

/// Snapshots of both graph formats on `Fixtures/graph`; `ROUTELINT_UPDATE_FIXTURES=1`
/// rewrites them.
@Suite("Graph output")
struct GraphRendererTests {
    static let folder = testsDirectory.appendingPathComponent("Fixtures/graph")

    @Test("snapshots", arguments: GraphRenderer.Format.allCases)
    func snapshot(_ format: GraphRenderer.Format) throws {
        let source = try String(contentsOf: Self.folder.appendingPathComponent("navigation.routes.yaml"), encoding: .utf8)
        let rendered = Self.graph(lint(source, name: "navigation.routes.yaml"), format: format)
        let expectedURL = Self.folder.appendingPathComponent("navigation." + (format == .dot ? "dot" : "mmd"))
        if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
            try rendered.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        #expect(rendered == (try String(contentsOf: expectedURL, encoding: .utf8)))
    }

    @Test("names that need quoting or escaping stay distinct and safe")
    func hostileNames() {
        // Names are plain, so hostile text reaches a label through an app's name, shown when
        // the route set holds several apps.
        let result = lint([
            (
                name: "a.routes.yaml",
                contents: """
                manifest: 1
                app: "\\e]0;x\\a\\"<b>#"
                activities: {shop: {}}
                routes:
                  "a-b": {path: /x, activity: shop}
                  "a_b": {path: /y, activity: shop, links: ["a-b"]}
                """
            ),
            (name: "b.routes.yaml", contents: "manifest: 1\napp: other\n"),
        ])
        let mermaid = Self.graph(result, format: .mermaid)
        #expect(mermaid.contains("_2E_route_2E_a_2D_b("))
        #expect(mermaid.contains("_2E_route_2E_a_5F_b("))
        #expect(!mermaid.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let dot = Self.graph(result, format: .dot)
        #expect(!dot.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(dot.contains(#"(app \\u{1B}]0;x\\u{7}\"<b>#)"#))
        #expect(mermaid.contains(#"(app \u{1B}]0;x\u{7}#quot;#lt;b#gt;#35;)"#))
    }

    /// The graph of a linted set, as `routelint graph` draws it.
    static func graph(_ linted: LintedSet, format: GraphRenderer.Format) -> String {
        GraphRenderer.render(linted.apps, findings: linted.findings, format: format)
    }
}
