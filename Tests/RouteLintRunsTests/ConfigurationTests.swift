import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules

@Suite("Configuration")
struct ConfigurationTests {
    static func load(_ text: String) throws(LintConfiguration.LoadError) -> LintConfiguration {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(".routelint.yml").path
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            return try RouteSetLoader.configuration(at: path, from: directory.path)
        } catch {
            // Report errors with the file name only, so that messages compare across runs.
            let text = error.messages.map(\.text).joined(separator: "\n")
            throw LintConfiguration.LoadError(description: text.replacingOccurrences(of: path, with: ".routelint.yml"))
        }
    }

    @Test("include, exclude, and each rule off, at a severity, or with options")
    func valid() throws {
        let configuration = try Self.load(
            """
            include: ["Manifests/**/*.routes.yaml"]
            exclude: legacy/**
            unreachable-route: off
            tab-index-gap: warning
            tab-limit: {severity: error, max: 4}
            orphan-activity: false
            """)
        #expect(configuration.include.map(\.pattern) == ["Manifests/**/*.routes.yaml"])
        #expect(configuration.exclude.map(\.pattern) == ["legacy/**"])
        #expect(configuration.rules["unreachable-route"]?.isEnabled == false)
        #expect(configuration.rules["orphan-activity"]?.isEnabled == false)
        #expect(configuration.rules["tab-index-gap"]?.severity == .warning)
        #expect(configuration.rules["tab-limit"] == .init(isEnabled: true, severity: .error, options: RuleOptions(["max": 4])))
    }

    @Test(
        "a problem is an error with its position and the nearest valid name",
        arguments: [
            ("tab-limt: off\n", ".routelint.yml:1:1: unknown key or rule 'tab-limt'; did you mean 'tab-limit'?"),
            ("tab-limit: {maxx: 3}\n", ".routelint.yml:1:13: 'tab-limit' has no option 'maxx'; did you mean 'max'?"),
            ("tab-limit: {max: 0}\n", ".routelint.yml:1:18: option 'max' of 'tab-limit' must be an integer of at least 1"),
            (
                "unreachable-route: warn\n",
                ".routelint.yml:1:20: 'unreachable-route' must be off, error, warning or note, found 'warn'; did you mean 'warning'?"
            ),
            ("orphan-activity: {colour: red}\n", ".routelint.yml:1:19: 'orphan-activity' has no option 'colour'; it takes 'severity'"),
            ("include: [1, [2]]\n", ".routelint.yml:1:11: each item of 'include' must be a glob"),
            (
                "include: [a\n",
                ".routelint.yml:1:10: '[' opened here is not closed: did not find expected ',' or ']' (libyaml stopped at line 2, column 1)"
            ),
            ("- a\n", ".routelint.yml:1:1: the configuration must be a mapping"),
        ])
    func invalid(_ text: String, _ message: String) {
        #expect(throws: LintConfiguration.LoadError(description: message)) { try Self.load(text) }
    }

    @Test("settings change what is reported")
    func applied() throws {
        let configuration = try Self.load(
            """
            unreachable-route: off
            orphan-activity: error
            tab-limit: {max: 1}
            """)
        let sources = [
            """
            manifest: 1
            activities: {shop: {}, lonely: {}}
            tabs:
              a: {activity: shop, index: 0, root: r, icon: i}
              b: {activity: shop, index: 1, root: r, icon: i}
            routes:
              r: {path: /, holder: H}
              nowhere: {path: /x, holder: H, activity: shop}
            holders: {H: {}}
            """
        ].enumerated().map { SourceFile(id: FileID($0), path: "x.routes.yaml", bytes: Array($1.utf8)) }
        let result = Linter.lint(sources, configuration: configuration)
        #expect(result.findings.map { "\($0.rule) \($0.severity)" } == ["tab-limit warning", "orphan-activity error"])
    }
}

extension LintConfiguration.LoadError: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
}
