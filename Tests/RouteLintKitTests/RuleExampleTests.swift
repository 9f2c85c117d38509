import Testing
@testable import RouteLintKit

/// Runs every rule's documented examples: a triggering example must give a finding of its
/// rule at each `↓` marker and nowhere else, a non-triggering one no finding of the rule.
@Suite("Rule examples")
struct RuleExampleTests {
    struct MarkedFile {
        let name: String
        let contents: String
        /// "file:line:column" of each marker, after the markers are removed.
        let markers: [String]
    }

    static func unmark(_ file: RuleExample.File, fileIndex: Int) -> MarkedFile {
        var contents = ""
        var markers: [String] = []
        var line = 1
        var column = 1
        for character in file.contents {
            if character == RuleExample.marker {
                markers.append("\(fileIndex):\(line):\(column)")
                continue
            }
            contents.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return MarkedFile(name: file.name, contents: contents, markers: markers)
    }

    static func run(_ example: RuleExample, rule: String) -> (expected: [String], actual: [String]) {
        let files = example.files.enumerated().map { unmark($1, fileIndex: $0) }
        let result = lint(files.map { (name: $0.name, contents: $0.contents) })
        let actual = result.findings.filter { $0.rule == rule }
            .map { "\($0.range.file.index):\($0.range.start.line):\($0.range.start.column)" }
        return (files.flatMap(\.markers).sorted(), actual.sorted())
    }

    @Test("every registered rule has examples of both kinds", arguments: RuleRegistry.descriptions.map(\.id))
    func hasExamples(_ id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        #expect(!rule.triggeringExamples.isEmpty)
        #expect(!rule.nonTriggeringExamples.isEmpty)
        for example in rule.triggeringExamples {
            #expect(example.files.contains { $0.contents.contains(RuleExample.marker) }, "a triggering example marks no finding")
        }
    }

    @Test("triggering examples give findings exactly at their markers", arguments: RuleRegistry.descriptions.map(\.id))
    func triggering(_ id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        for example in rule.triggeringExamples {
            let (expected, actual) = Self.run(example, rule: id)
            #expect(actual == expected, "\(example.files.map(\.contents).joined(separator: "\n---\n"))")
        }
    }

    @Test("non-triggering examples give no finding of the rule", arguments: RuleRegistry.descriptions.map(\.id))
    func nonTriggering(_ id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        for example in rule.nonTriggeringExamples {
            let (_, actual) = Self.run(example, rule: id)
            #expect(actual.isEmpty, "\(example.files.map(\.contents).joined(separator: "\n---\n"))")
        }
    }

    @Test("rule ids are unique kebab-case and the documentation names each rule")
    func catalogue() {
        let ids = RuleRegistry.ids
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0 == "-" || ($0.isLowercase && $0.isASCII) }, "\(id)")
            #expect(RuleDocumentation.catalogue().contains(id))
        }
        let explained = RuleDocumentation.explain(RuleRegistry.description(of: "conflicting-patterns")!)
        #expect(explained.contains("product-by-sku: {path: /products/:sku}"))
        #expect(!explained.contains(RuleExample.marker))
    }
}
