import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules
@testable import RouteLintReporting

/// Runs every rule's documented examples, as SwiftLint does: a triggering example must give a
/// finding of its rule at each `↓` marker and nowhere else, a non-triggering one no finding at
/// all (an example that stops parsing fails). Each example runs again with CRLF line ends and
/// with a byte-order mark (the same findings at the same positions), and each triggering one
/// with `# routelint:ignore RULE` on every marked line (silenced, and no `unused-suppression`).
@Suite("Rule examples")
struct RuleExampleTests {
    /// How an example's text is varied before it is linted.
    enum Variant: String, CaseIterable, CustomTestStringConvertible {
        case plain, crlf, byteOrderMark

        var testDescription: String { rawValue }

        func apply(_ text: String) -> String {
            switch self {
            case .plain: return text
            case .crlf: return text.replacingOccurrences(of: "\n", with: "\r\n")
            case .byteOrderMark: return "\u{FEFF}" + text
            }
        }
    }

    struct MarkedFile {
        let name: String
        let contents: String
        /// "file:line:column" of each marker, after the markers are removed.
        let markers: [String]
        /// The lines (1-based) that hold a marker.
        let markedLines: Set<Int>
    }

    static func unmark(_ file: RuleExample.File, fileIndex: Int) -> MarkedFile {
        var contents = ""
        var markers: [String] = []
        var markedLines = Set<Int>()
        // A file named by a URL is a response: its positions count from the body, after the
        // status line, the headers and the empty line.
        let head = file.name.hasPrefix("https://") ? (file.contents.components(separatedBy: "\n").firstIndex { $0.isEmpty } ?? -1) + 1 : 0
        var line = 1 - head
        var column = 1
        for character in file.contents {
            if character == RuleExample.marker {
                markers.append("\(fileIndex):\(line):\(column)")
                markedLines.insert(line)
                continue
            }
            contents.append(character)
            // "\r\n" is one Character in Swift; it ends a line as "\n" does.
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return MarkedFile(name: file.name, contents: contents, markers: markers, markedLines: markedLines)
    }

    /// The markers expected and every finding given ("file:line:column rule"), for the example
    /// as varied.
    static func run(_ example: RuleExample, variant: Variant) async throws -> (
        markers: [String], findings: [(position: String, rule: String)]
    ) {
        let files = example.files.enumerated().map { unmark($1, fileIndex: $0) }
        let (active, _) = try await check(example, files.map { (name: $0.name, contents: variant.apply($0.contents)) }, variant: variant)
        return (files.flatMap(\.markers).sorted(), active.map { ($0.position, $0.rule) })
    }

    /// The findings of `files` (the example's files, unmarked and varied), active and
    /// suppressed, each at "file:line:column" by the file's place in the example. An example of
    /// a change is the lint of both revisions and `routelint diff` between them; an example with
    /// a file named by a URL is `routelint hosts`, the host answering with that file's response;
    /// an example with `DeviceExamples.outputName` is `routelint device-links` on that file.
    static func check(
        _ example: RuleExample, _ files: [(name: String, contents: String)], variant: Variant
    ) async throws -> (active: [(position: String, rule: String)], suppressed: [String]) {
        let position = { (finding: Finding, name: String) in
            let index = files.firstIndex { name.hasSuffix($0.name) }.map(String.init) ?? name
            return "\(index):\(finding.range.start.line):\(finding.range.start.column)"
        }
        if files.contains(where: { $0.name.hasPrefix("https://") }) {
            let run = try await checkHosts(files)
            #expect(run.unreadable.isEmpty, "every URL of an example is answered")
            return (run.active.map { (position($0, run.files[Int($0.range.file.index)].path), $0.rule) }, run.suppressed.map(\.rule))
        }
        if files.contains(where: { $0.name == DeviceExamples.outputName }) {
            let run = try checkDevice(files)
            #expect(run.unreadable.isEmpty, "every output of an example is read")
            return (run.active.map { (position($0, run.files[Int($0.range.file.index)].path), $0.rule) }, run.suppressed.map(\.rule))
        }
        let result = lint(files)
        var active = result.findings.map { (position($0, files[Int($0.range.file.index)].name), $0.rule) }
        var suppressed = result.suppressed.map(\.rule)
        guard !example.before.isEmpty else { return (active, suppressed) }
        let before = example.before.map { (name: $0.name, contents: variant.apply($0.contents)) }
        active += lint(before).findings.map { ("before:\($0.range.start)", $0.rule) }
        let compared = try compare(
            before: Dictionary(uniqueKeysWithValues: before.map { ($0.name, $0.contents) }),
            after: Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) }))
        active += compared.run.active.map { (position($0, compared.run.files[Int($0.range.file.index)].path), $0.rule) }
        suppressed += compared.run.suppressed.map(\.rule)
        return (active, suppressed)
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

    @Test(
        "triggering examples give findings exactly at their markers",
        arguments: RuleRegistry.descriptions.map(\.id), Variant.allCases)
    func triggering(_ id: String, _ variant: Variant) async throws {
        let rule = try #require(RuleRegistry.description(of: id))
        for example in rule.triggeringExamples {
            let (markers, findings) = try await Self.run(example, variant: variant)
            let text = example.files.map(\.contents).joined(separator: "\n---\n")
            #expect(findings.filter { $0.rule == id }.map(\.position).sorted() == markers, "\(text)")
            // An example that stops parsing shows nothing of the rule it is about.
            if id != YAMLSyntaxRule.description.id {
                #expect(!findings.contains { $0.rule == YAMLSyntaxRule.description.id }, "\(text)")
            }
        }
    }

    @Test(
        "a fixable rule's fixes, made in its examples, leave none of the fixed findings and no new one; only fixable rules carry fixes",
        arguments: RuleRegistry.descriptions.map(\.id), Variant.allCases)
    func fixes(_ id: String, _ variant: Variant) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        var fixed = 0
        for example in rule.triggeringExamples where example.before.isEmpty {
            let files = example.files.enumerated().map { Self.unmark($1, fileIndex: $0) }.map {
                (name: $0.name, contents: variant.apply($0.contents))
            }
            let linted = lint(files)
            let withFixes = linted.findings.filter { $0.rule == id && $0.fix != nil }
            guard rule.fix != nil else {
                #expect(withFixes.isEmpty, "\(id) has no fix to document, yet its findings carry one")
                continue
            }
            let applied = Fix.apply(withFixes, to: linted.files)
            let fixedFiles = linted.files.map { file in
                (name: file.path, contents: String(decoding: applied[file.id]?.bytes ?? file.bytes, as: UTF8.self))
            }
            let after = lint(fixedFiles)
            let identity = { (finding: Finding) in "\(finding.rule) \(finding.subjects.map(\.description))" }
            let left = Set(linted.findings.filter { !withFixes.contains($0) }.map(identity))
            #expect(after.findings.filter { $0.rule == id }.count == linted.findings.filter { $0.rule == id }.count - withFixes.count)
            #expect(Set(after.findings.map(identity)).isSubset(of: left), "\(fixedFiles.map(\.contents))")
            // The rest of each file is as it was: line ends and the byte-order mark kept.
            for (before, fixedFile) in zip(files, fixedFiles) {
                #expect(before.contents.hasPrefix("\u{FEFF}") == fixedFile.contents.hasPrefix("\u{FEFF}"))
                #expect(before.contents.contains("\r\n") == fixedFile.contents.contains("\r\n"))
            }
            fixed += withFixes.count
        }
        if rule.fix != nil { #expect(fixed > 0, "no example of \(id) shows its fix") }
    }

    @Test("non-triggering examples give no finding at all", arguments: RuleRegistry.descriptions.map(\.id), Variant.allCases)
    func nonTriggering(_ id: String, _ variant: Variant) async throws {
        let rule = try #require(RuleRegistry.description(of: id))
        for example in rule.nonTriggeringExamples {
            let (_, findings) = try await Self.run(example, variant: variant)
            #expect(findings.map { "\($0.position) \($0.rule)" } == [], "\(example.files.map(\.contents).joined(separator: "\n---\n"))")
        }
    }

    /// Rules whose findings a line directive cannot silence: a directive's own problems.
    static let unsilenceable: Set<String> = [UnusedSuppressionRule.description.id]

    /// Whether a finding in the file named `name` lies beyond a directive's reach: a platform
    /// file, or the output of a device.
    static func isBeyondDirectives(_ name: String) -> Bool {
        PlatformFileKind(path: name) != nil || name == DeviceExamples.outputName
    }

    /// Rules whose findings lie in platform files or device outputs only: JSON has no comments, and a directive is
    /// a YAML comment, so the baseline or the configuration silences them instead.
    static let beyondDirectives: Set<String> = Set(
        RuleRegistry.descriptions.filter { rule in
            rule.triggeringExamples.allSatisfy { example in
                example.files.allSatisfy { !$0.contents.contains(RuleExample.marker) || isBeyondDirectives($0.name) }
            }
        }.map(\.id))

    @Test(
        "a '# routelint:ignore RULE' directive on each marked line silences the rule, and is used",
        arguments: RuleRegistry.descriptions.map(\.id).filter { !unsilenceable.contains($0) && !beyondDirectives.contains($0) })
    func ignoredOnTheLine(_ id: String) async throws {
        let rule = try #require(RuleRegistry.description(of: id))
        var checked = 0
        defer { #expect(checked > 0, "no example of \(id) was checked") }
        for example in rule.triggeringExamples {
            let files = example.files.enumerated().map { Self.unmark($1, fileIndex: $0) }
            let lines = files.map { $0.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            // A finding at the very end of a file (an unclosed collection) has no line of text
            // to carry a directive; `ignore-file` is the way to silence it.
            let atEnd = zip(files, lines).contains { file, lines in file.markedLines.contains { lines[$0 - 1].isEmpty } }
            if atEnd { continue }
            // JSON has no comments, and a directive is a YAML comment: a finding in a platform
            // file is silenced by the baseline or the configuration instead.
            if files.contains(where: { !$0.markers.isEmpty && Self.isBeyondDirectives($0.name) }) { continue }
            let directed = zip(files, lines).map { file, lines in
                let marked = lines.enumerated().map { index, line in
                    file.markedLines.contains(index + 1) ? line + "  # routelint:ignore \(id)" : line
                }
                return (name: file.name, contents: marked.joined(separator: "\n"))
            }
            let (active, suppressed) = try await Self.check(example, directed, variant: .plain)
            let text = directed.map(\.contents).joined(separator: "\n---\n")
            #expect(!active.contains { $0.rule == id }, "\(text)")
            #expect(!active.contains { $0.rule == UnusedSuppressionRule.description.id }, "\(text)")
            #expect(suppressed.filter { $0 == id }.count == files.flatMap(\.markers).count, "\(text)")
            checked += 1
        }
    }

    @Test("the rules of platform files are silenced by the configuration and by the baseline", arguments: beyondDirectives.sorted())
    func silencedBeyondDirectives(_ id: String) async throws {
        #expect(!Self.beyondDirectives.isEmpty)
        let rule = try #require(RuleRegistry.description(of: id))
        for example in rule.triggeringExamples {
            let files = example.files.enumerated().map { Self.unmark($1, fileIndex: $0) }.map { (name: $0.name, contents: $0.contents) }
            // A served file is checked by `routelint hosts`, and its rules turned off in .routelint.yml.
            let found: (findings: [Finding], files: [SourceFile])
            if files.contains(where: { $0.name.hasPrefix("https://") }) {
                let run = try await checkHosts(files)
                found = (run.active, run.files)
                #expect(!(try await checkHosts(files, configuration: "\(id): off\n")).active.contains { $0.rule == id })
            } else if files.contains(where: { $0.name == DeviceExamples.outputName }) {
                let run = try checkDevice(files)
                found = (run.active, run.files)
                #expect(!(try checkDevice(files, configuration: "\(id): off\n")).active.contains { $0.rule == id })
            } else {
                let linted = lint(files)
                found = (linted.findings, linted.files)
                var configuration = LintConfiguration()
                configuration.rules[id] = LintConfiguration.RuleSetting(isEnabled: false)
                #expect(!lint(files, configuration: configuration).findings.contains { $0.rule == id })
            }
            #expect(found.findings.contains { $0.rule == id })
            let names = found.files.map(\.path)
            let baseline = Baseline(findings: found.findings, names: names)
            let (new, accepted, stale) = baseline.apply(to: found.findings, names: names)
            #expect(new.isEmpty && stale.isEmpty)
            #expect(accepted.filter { $0.rule == id }.count == found.findings.filter { $0.rule == id }.count)
        }
    }

    @Test("rule ids are unique kebab-case")
    func catalogue() {
        let ids = RuleRegistry.ids
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0 == "-" || ($0.isLowercase && $0.isASCII) }, "\(id)")
        }
    }

    @Test("explain shows an example as the manifest to write, without its markers")
    func explainedExamples() throws {
        let explained = RuleDocumentation.explain(try #require(RuleRegistry.description(of: "conflicting-patterns")))
        #expect(explained.contains("product-by-sku: {path: /products/:sku}"))
        #expect(!explained.contains(RuleExample.marker))
    }
}
