import Foundation
import Testing
@testable import RouteLintCore
@testable import RouteLintRuns
import RouteLintTestSupport

/// `lint --fix` (docs/usage.md, "Fixing findings"): the edits findings name, made in place with
/// the rest of each file byte for byte, a file whose fix would bring a new finding kept as it
/// was, and every file written or none.
@Suite("Fixing findings")
struct FixRunTests {
    /// The example app's manifests (one of them with CRLF line ends) and the same with a
    /// mistake planted in each of four kinds: a key, a reference, a holder and a value.
    static func exampleApp() throws -> (original: [String: String], planted: [String: String]) {
        let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        var original: [String: String] = [:]
        for path in ["app.routes.yaml", "catalog/catalog.routes.yaml", "checkout/checkout.routes.yaml", "brochures/brochures.routes.yaml"] {
            original["Manifests/" + path] = try String(contentsOf: root.appendingPathComponent("Manifests/" + path), encoding: .utf8)
        }
        original["Manifests/checkout/checkout.routes.yaml"] = original["Manifests/checkout/checkout.routes.yaml"]!
            .replacingOccurrences(of: "\n", with: "\r\n")
        var planted = original
        func plant(_ path: String, _ text: String, _ mistake: String) {
            let file = planted[path]!
            precondition(file.contains(text), "\(path) holds '\(text)'")
            planted[path] = file.replacingOccurrences(of: text, with: mistake)
        }
        plant("Manifests/app.routes.yaml", "    title: Shop", "    tittle: Shop")
        plant("Manifests/app.routes.yaml", "    default-tab: home", "    default-tab: hom")
        plant("Manifests/catalog/catalog.routes.yaml", "    holder: ProductHolder", "    holder: ProductHoldr")
        plant("Manifests/catalog/catalog.routes.yaml", "    presentation: sheet", "    presentation: shet")
        plant("Manifests/checkout/checkout.routes.yaml", "    presentation: sheet", "    presentation: sheeet")
        return (original, planted)
    }

    static func contents(_ root: String, _ paths: some Sequence<String>) throws -> [String: String] {
        var texts: [String: String] = [:]
        for path in paths { texts[path] = try String(contentsOfFile: root + "/" + path, encoding: .utf8) }
        return texts
    }

    @Test("the example app with a mistake of each kind planted (one file in CRLF) is given back byte for byte")
    func exampleAppGivenBack() throws {
        let (original, planted) = try Self.exampleApp()
        try LintRunTests.withRouteSet(planted) { root in
            let fixed = try FixRun.perform(LintOptions(input: .paths(["Manifests"]), workingDirectory: root), dryRun: false)
            #expect(fixed.changes.map(\.fixed) == [2, 2, 1])
            #expect(fixed.result.active.isEmpty)
            #expect(fixed.messages.isEmpty)
            #expect(try Self.contents(root, original.keys) == original)
            // Written through temporary files beside them, none of which is left.
            let left = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.contains(".routelint-fix-") }
            #expect(left.isEmpty)
        }
    }

    @Test("--dry-run and standard input write nothing: the changes are given to print")
    func dryRunWritesNothing() throws {
        let (original, planted) = try Self.exampleApp()
        try LintRunTests.withRouteSet(planted) { root in
            let fixed = try FixRun.perform(LintOptions(input: .paths(["Manifests"]), workingDirectory: root), dryRun: true)
            #expect(try Self.contents(root, planted.keys) == planted)
            let changed = Dictionary(uniqueKeysWithValues: fixed.changes.map { ($0.path, String(decoding: $0.after, as: UTF8.self)) })
            #expect(changed == original.filter { planted[$0.key] != $0.value })
            #expect(fixed.result.active.isEmpty)
        }
        let input = "manifest: 1\nactivities: {main: {tittle: Main}}\n"
        let fixed = try FixRun.perform(
            LintOptions(input: .standardInput(Array(input.utf8), standsFor: nil), workingDirectory: "/"), dryRun: true)
        #expect(fixed.changes.map { String(decoding: $0.after, as: UTF8.self) } == ["manifest: 1\nactivities: {main: {title: Main}}\n"])
    }

    @Test("a file whose fixed text would bring a finding it did not have keeps its text, and the run says so")
    func newFindingRefused() throws {
        // `tittle` is read as `title`, which the activity sets already: the fix would repeat the key.
        let text = "manifest: 1\nactivities:\n  main: {title: Main, tittle: Other}\n"
        try LintRunTests.withRouteSet(["a.routes.yaml": text]) { root in
            let fixed = try FixRun.perform(LintOptions(input: .paths(["a.routes.yaml"]), workingDirectory: root), dryRun: false)
            #expect(fixed.changes.isEmpty)
            #expect(
                fixed.messages.map(\.text) == [
                    "'a.routes.yaml' is left as it was: its fixed text would have findings it does not have"
                ])
            #expect(try Self.contents(root, ["a.routes.yaml"]) == ["a.routes.yaml": text])
            #expect(fixed.result.active.map(\.rule) == ["orphan-activity", "unknown-key"])
        }
    }

    @Test("a manifest reached through a symbolic link is not written through it: no file changes, and the run fails")
    func linkNotWrittenThrough() throws {
        let text = "manifest: 1\nactivities: {main: {tittle: Main}}\n"
        try LintRunTests.withRouteSet(["elsewhere/target.yaml": text]) { root in
            try FileManager.default.createSymbolicLink(
                atPath: root + "/a.routes.yaml", withDestinationPath: root + "/elsewhere/target.yaml")
            #expect(throws: RunFailure.self) {
                try FixRun.perform(LintOptions(input: .paths(["a.routes.yaml"]), workingDirectory: root), dryRun: false)
            }
            #expect(try String(contentsOfFile: root + "/elsewhere/target.yaml", encoding: .utf8) == text)
        }
    }

    @Test("the GitHub route set with typos planted on 40 random lines: --fix changes exactly those lines back")
    func plantedInADataset() throws {
        let original = DatasetTests.manifest(try DatasetTests.templates("paths-github-octokit-2026-08.txt"))
        var lines = original.components(separatedBy: "\n")
        var random = SplitMix64(seed: 69)
        let typos = [("activity: api", "activity: apj"), ("entry: true", "entry: yes"), ("holder: H,", "holder: Hx,")]
        var planted = Set<Int>()
        while planted.count < 40 {
            let line = 6 + Int(random.next() % UInt64(lines.count - 7))
            guard !planted.contains(line), lines[line].contains("entry: true") else { continue }
            let (text, typo) = typos[planted.count % typos.count]
            lines[line] = lines[line].replacingOccurrences(of: text, with: typo)
            planted.insert(line)
        }
        try LintRunTests.withRouteSet(["github.routes.yaml": lines.joined(separator: "\n")]) { root in
            let fixed = try FixRun.perform(LintOptions(input: .paths(["github.routes.yaml"]), workingDirectory: root), dryRun: false)
            #expect(fixed.changes.map(\.fixed) == [40])
            #expect(try String(contentsOfFile: root + "/github.routes.yaml", encoding: .utf8) == original)
            // What is left is what the set has without the typos: its invalid paths and conflicts.
            #expect(Set(fixed.result.active.map(\.rule)) == ["invalid-path", "conflicting-patterns"])
        }
    }

    @Test("a manifest of one line with 10,000 fixes is fixed whole, each column counted on from the one before")
    func oneLineManifest() throws {
        let routes = (0..<10_000).map { "r\($0): {path: /r\($0), holder: H, activity: a, entry: true, presentation: shet}" }
        let text = "{manifest: 1, activities: {a: {}}, holders: {H: {}}, routes: {" + routes.joined(separator: ", ") + "}}\n"
        try LintRunTests.withRouteSet(["one.routes.yaml": text]) { root in
            let fixed = try FixRun.perform(LintOptions(input: .paths(["one.routes.yaml"]), workingDirectory: root), dryRun: false)
            #expect(fixed.changes.map(\.fixed) == [10_000])
            let expected = text.replacingOccurrences(of: "presentation: shet", with: "presentation: sheet")
            #expect(try String(contentsOfFile: root + "/one.routes.yaml", encoding: .utf8) == expected)
            #expect(fixed.result.active.isEmpty)
        }
    }

    @Test("fixes are made whole in text order; one with an edit that overlaps an edit made, or repeats it, is left out")
    func overlappingEdits() {
        let bytes = Array("abcdefgh".utf8)
        let file = FileID(0)
        func edit(_ range: Range<Int>, _ text: String) -> Fix.Edit {
            let position = SourcePosition(line: 1, column: range.lowerBound + 1)
            return Fix.Edit(range: SourceRange(file: file, start: position, end: position), bytes: range, text: text)
        }
        let made = Fix.apply(
            [[edit(5..<7, "X")], [edit(1..<3, "Y")], [edit(2..<4, "Z")], [edit(5..<7, "X")], [edit(6..<6, "!"), edit(8..<8, "?")]],
            to: bytes)
        let (fixed, applied) = (made.bytes, made.applied)
        // The last fix inserts inside an edit made: all of it is left out.
        #expect(String(decoding: fixed, as: UTF8.self) == "aYdeXh")
        #expect(applied == 2)
        let inserted = Fix.apply([[edit(1..<3, "Y"), edit(3..<3, "+")], [edit(8..<8, "!")]], to: bytes).bytes
        #expect(String(decoding: inserted, as: UTF8.self) == "aY+defgh!")
        // A fix that replaces a range twice, or inserts inside what it replaces, has no text to
        // make: it is left out, not made.
        let twice = Fix.apply(
            [[edit(1..<3, "Y"), edit(2..<5, "Z")], [edit(4..<4, "-"), edit(3..<6, "W")], [edit(7..<8, "!")]], to: bytes)
        #expect(String(decoding: twice.bytes, as: UTF8.self) == "abcdefg!")
        #expect(twice.applied == 1)
    }

    @Test("on random fixes, the edits made are those of each edit compared with every edit made before it")
    func overlappingEditsAtRandom() {
        let bytes = Array(String(repeating: "abcdefghij", count: 4).utf8)
        let file = FileID(0)
        func edit(_ range: Range<Int>) -> Fix.Edit {
            let position = SourcePosition(line: 1, column: range.lowerBound + 1)
            return Fix.Edit(range: SourceRange(file: file, start: position, end: position), bytes: range, text: "<\(range)>")
        }
        // The definition, pair by pair: in the order `apply` takes the fixes, one is made when
        // none of its edits touches an edit made (the same range, a shared byte, or an insertion
        // inside) and no two of its own replace the same byte or insert inside each other.
        func touch(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
            one == other || one.lowerBound < other.upperBound && other.lowerBound < one.upperBound
        }
        func madeByDefinition(_ fixes: [[Fix.Edit]]) -> (applied: Int, text: String) {
            var made: [Range<Int>] = []
            var applied = 0
            for edits in fixes.sorted(by: { ($0.first?.bytes.lowerBound ?? 0) < ($1.first?.bytes.lowerBound ?? 0) }) {
                let ranges = edits.map(\.bytes)
                let ownTouch = ranges.indices.contains { first in
                    ranges.indices.contains { second in
                        first < second && !ranges[first].isEmpty && !ranges[second].isEmpty && touch(ranges[first], ranges[second])
                            || first != second && ranges[first].isEmpty && ranges[second].lowerBound < ranges[first].lowerBound
                                && ranges[first].lowerBound < ranges[second].upperBound
                    }
                }
                guard !ownTouch, !ranges.contains(where: { range in made.contains { touch($0, range) } }) else { continue }
                made += ranges
                applied += 1
            }
            var text = ""
            var copied = 0
            for range in made.sorted(by: { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }) {
                text += String(decoding: bytes[copied..<range.lowerBound], as: UTF8.self) + "<\(range)>"
                copied = range.upperBound
            }
            return (applied, text + String(decoding: bytes[copied...], as: UTF8.self))
        }
        var random = SeededRandom(state: 66)
        var appliedInAll = 0
        for _ in 0..<400 {
            let fixes = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    let start = Int.random(in: 0...bytes.count, using: &random)
                    return edit(start..<min(bytes.count, start + Int.random(in: 0...4, using: &random)))
                }
            }
            let made = Fix.apply(fixes, to: bytes)
            let expected = madeByDefinition(fixes)
            #expect(made.applied == expected.applied, "\(fixes.map { $0.map(\.bytes) })")
            #expect(String(decoding: made.bytes, as: UTF8.self) == expected.text, "\(fixes.map { $0.map(\.bytes) })")
            appliedInAll += made.applied
        }
        // Both kinds of answer were met, many times.
        #expect(appliedInAll > 400 && appliedInAll < 400 * 12 / 2)
    }
}
