import Foundation
import RouteLintTestSupport
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintReporting

/// Bad input is a finding, never a crash: every fixture, mutated at random bytes, still
/// lints, renders in every format, and resolves a URL. A crash would end the test process.
@Suite("Mutated manifests")
struct MutationTests {
    static let interestingBytes: [UInt8] = Array(":-[]{}&*!|>'\"%@`#,?\n\t \u{0}".utf8) + [0xC3, 0xFF, 0x80]

    static func fixtureTexts() -> [[UInt8]] {
        let folder = testsDirectory.appendingPathComponent("Fixtures")
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { RouteSetLoader.isManifestName($0) }
            .sorted()
            .compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map { Array($0) } }
    }

    @Test("random mutations of every fixture lint without crashing")
    func mutations() {
        var generator = SplitMix64(seed: 17)
        let texts = Self.fixtureTexts()
        #expect(texts.count > 40)
        var findings = 0
        for round in 0..<1_500 {
            var bytes = texts[round % texts.count]
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(Self.interestingBytes.randomElement(using: &generator)!, at: position)
                default: bytes[position] = Self.interestingBytes.randomElement(using: &generator)!
                }
            }
            let file = SourceFile(id: FileID(0), path: "mutant.routes.yaml", bytes: bytes)
            let result = LintedSet(files: [file], result: Linter.lint([file]))
            findings += result.findings.count
            let reporters: [any Reporter] = [
                TextReporter(), JSONReporter(), GitHubReporter(),
                SARIFReporter(options: .init(baseDirectory: "/", workingDirectory: "/")),
            ]
            for reporter in reporters { _ = reporter.render(result.report) }
            _ = GraphRenderer.render(result.apps, findings: result.findings, format: .mermaid)
            _ = URLResolver(apps: result.apps).resolve("/products/1")
        }
        #expect(findings > 0)
    }
}
