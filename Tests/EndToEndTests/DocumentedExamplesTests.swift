import Foundation
import Testing

/// Every `$ routelint …` example of the README and docs/ is run, and prints what the page shows,
/// so that the docs cannot drift from the binary. An example runs in the package's folder (the
/// example app is `Manifests`), or in a copy of the folder its page names just before it,
/// `<!-- example: in PATH -->`; one that cannot run here says why, `<!-- example: not run: … -->`.
@Suite("Documented command examples, run")
struct DocumentedExamplesTests {
    /// One example: where it is, where it runs, the command and what the page shows.
    struct Example: CustomTestStringConvertible, Sendable {
        let page: String
        let line: Int
        /// The folder to copy and run in, from the package root; nil for the package root itself.
        let folder: String?
        /// Why it is not run; nil when it is.
        let notRun: String?
        let command: String
        let output: [String]

        var testDescription: String { "\(page):\(line) \(command)" }
    }

    static let pages: [String] = {
        let docs = RouteLint.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The examples of every page: fenced blocks whose first line is `$ routelint …`, less the
    /// indentation of a list item.
    static let examples: [Example] = pages.flatMap { page -> [Example] in
        guard let text = try? String(contentsOf: RouteLint.packageRoot.appendingPathComponent(page), encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            let indent = fence.prefix { $0 == " " }.count
            guard fence.dropFirst(indent).hasPrefix("```"), index + 1 < lines.count,
                lines[index + 1].dropFirst(indent).hasPrefix("$ routelint ")
            else {
                index += 1
                continue
            }
            let marker = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces)
            var folder: String?
            var notRun: String?
            if let marker, marker.hasPrefix("<!-- example: in "), marker.hasSuffix(" -->") {
                folder = String(marker.dropFirst("<!-- example: in ".count).dropLast(" -->".count))
            } else if let marker, marker.hasPrefix("<!-- example: not run: "), marker.hasSuffix(" -->") {
                notRun = String(marker.dropFirst("<!-- example: not run: ".count).dropLast(" -->".count))
            }
            var output: [String] = []
            var end = index + 2
            while end < lines.count && !lines[end].dropFirst(indent).hasPrefix("```") {
                output.append(String(lines[end].dropFirst(indent)))
                end += 1
            }
            examples.append(
                Example(
                    page: page, line: index + 2, folder: folder, notRun: notRun,
                    command: String(lines[index + 1].dropFirst(indent).dropFirst("$ routelint ".count)), output: output))
            index = end + 1
        }
        return examples
    }

    /// A command's words as a POSIX shell splits them: blanks separate, single quotes keep.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in command {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    @Test("the pages hold examples, each that is not run says why, and the README's manifest is the one its example lints")
    func found() throws {
        #expect(Self.examples.count >= 5)
        #expect(Self.examples.filter { $0.notRun == nil }.count >= 4)
        #expect(Self.examples.allSatisfy { $0.notRun.map { !$0.isEmpty } ?? true })
        let readme = try String(contentsOf: RouteLint.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try #require(readme.components(separatedBy: "For this manifest:\n\n```yaml\n").dropFirst().first)
        let linted = try String(
            contentsOf: RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/readme/shop.routes.yaml"),
            encoding: .utf8)
        #expect(shown.hasPrefix(linted + "```\n"))
    }

    /// The run's time in a summary, which no page can show as it will be.
    static func timeless(_ line: String) -> String {
        guard let range = line.range(of: #" in \d+\.\d+ s\.$"#, options: .regularExpression) else { return line }
        return line.replacingCharacters(in: range, with: " in 0.00 s.")
    }

    @Test("each example prints what its page shows: standard error, then standard output", arguments: examples)
    func runs(_ example: Example) throws {
        guard example.notRun == nil else { return }
        var directory = RouteLint.packageRoot
        var copy: URL?
        if let folder = example.folder {
            // A copy: an example may write files (import's manifest), never into the repository.
            let target = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-example-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: RouteLint.packageRoot.appendingPathComponent(folder), to: target)
            directory = target
            copy = target
        }
        defer { copy.map { try? FileManager.default.removeItem(at: $0) } }
        let result = try RouteLint.run(Self.words(example.command), in: directory)
        var printed = (result.stderr + result.stdout).components(separatedBy: "\n")
        if printed.last == "" { printed.removeLast() }
        printed = printed.map(Self.timeless)
        #expect(printed == example.output, "\(example.page):\(example.line)")
        for (line, shown) in zip(printed, example.output) where line != shown {
            Issue.record("\(example.page):\(example.line): prints\n\(line)\n  the page shows\n\(shown)")
            break
        }
    }
}
