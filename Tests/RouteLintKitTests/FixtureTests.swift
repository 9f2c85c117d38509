import Foundation
import Testing
@testable import RouteLintKit

/// The fixture corpus, in actionlint's style. Every manifest (or folder of manifests) under
/// `Fixtures/ok` must lint clean. Every `Fixtures/err/CASE.routes.yaml`, or folder
/// `Fixtures/err/CASE`, must give exactly the lines of `Fixtures/err/CASE.out`: the first line
/// of each finding in the text format. `ROUTELINT_UPDATE_FIXTURES=1` rewrites the `.out` files.
@Suite("Fixture corpus")
struct FixtureTests {
    static let root = testsDirectory.appendingPathComponent("Fixtures")

    static func cases(_ folder: String) -> [String] {
        contentsOfDirectory(root.appendingPathComponent(folder))
            .filter { isDirectory($0) || ManifestDiscovery.isManifestName($0.lastPathComponent) }
            .map(\.lastPathComponent)
    }

    /// Lints a fixture as the command line would: a file alone, or a folder as one route set,
    /// with paths relative to the fixture folder.
    static func lintFixture(_ folder: String, _ name: String) -> LintResult {
        let base = root.appendingPathComponent(folder).path + "/"
        let (paths, failures) = ManifestDiscovery.find([base + name])
        precondition(failures.isEmpty, "\(failures)")
        let files = paths.enumerated().map { index, path in
            SourceFile(id: FileID(index), path: String(path.dropFirst(base.count)),
                       bytes: try! ManifestDiscovery.contents(of: path).get())
        }
        return Linter.lint(files)
    }

    @Test("ok fixtures lint clean", arguments: cases("ok"))
    func ok(_ name: String) {
        let result = Self.lintFixture("ok", name)
        #expect(headlines(result) == [])
    }

    @Test("err fixtures give exactly their expected findings", arguments: cases("err"))
    func err(_ name: String) throws {
        let result = Self.lintFixture("err", name)
        let actual = headlines(result)
        let caseName = name.hasSuffix(".routes.yaml") ? String(name.dropLast(".routes.yaml".count))
            : name.hasSuffix(".routes.yml") ? String(name.dropLast(".routes.yml".count)) : name
        let expectedURL = Self.root.appendingPathComponent("err").appendingPathComponent(caseName + ".out")
        if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
            try (actual.joined(separator: "\n") + "\n").write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(!expected.isEmpty, "an err fixture must expect at least one finding")
        #expect(actual == expected)
    }
}
