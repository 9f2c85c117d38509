import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintPlatform
@testable import RouteLintReporting

/// The fixture corpus, in actionlint's style. Every manifest (or folder of manifests) under
/// `Fixtures/ok` must lint clean. Every `Fixtures/err/CASE.routes.yaml`, or folder
/// `Fixtures/err/CASE`, must give exactly `Fixtures/err/CASE.out`: the text reporter's own
/// output, as `routelint lint` prints it without its summary line.
/// `ROUTELINT_UPDATE_FIXTURES=1` rewrites the `.out` files.
@Suite("Fixture corpus")
struct FixtureTests {
    static let root = testsDirectory.appendingPathComponent("Fixtures")

    static func cases(_ folder: String) -> [String] {
        contentsOfDirectory(root.appendingPathComponent(folder))
            .filter { isDirectory($0) || RouteSetLoader.isManifestName($0.lastPathComponent) }
            .map(\.lastPathComponent)
    }

    /// Lints a fixture as the command line does from the fixture's folder, through `LintRun`:
    /// a file alone, or a folder as one route set, with the platform link files directly inside
    /// it given as `--platform-file`, the manifests left on disk and read as they are decoded
    /// (or, `holdingFiles`, read whole first, as `lint --fix` reads them). The text reporter's
    /// output, without the summary line.
    static func lintFixture(_ folder: String, _ name: String, holdingFiles: Bool = false) throws -> String {
        let directory = root.appendingPathComponent(folder)
        let fixture = directory.appendingPathComponent(name)
        var options = LintOptions(input: .paths([name]), workingDirectory: directory.path)
        options.leavesFilesOnDisk = !holdingFiles
        options.platformFiles =
            isDirectory(fixture)
            ? contentsOfDirectory(fixture).map(\.lastPathComponent).filter { PlatformFileKind(path: $0) != nil }.sorted()
                .map { name + "/" + $0 } : []
        let run = try LintRun.perform(options)
        #expect(run.unreadable.isEmpty)
        return TextReporter(options: .init(summary: false)).render(run.report)
    }

    @Test("ok fixtures lint clean", arguments: cases("ok"))
    func ok(_ name: String) throws {
        #expect(try Self.lintFixture("ok", name) == "")
        #expect(try Self.lintFixture("ok", name, holdingFiles: true) == "")
    }

    @Test("err fixtures give exactly their expected output", arguments: cases("err"))
    func err(_ name: String) throws {
        let actual = try Self.lintFixture("err", name)
        let caseName =
            name.hasSuffix(".routes.yaml")
            ? String(name.dropLast(".routes.yaml".count))
            : name.hasSuffix(".routes.yml") ? String(name.dropLast(".routes.yml".count)) : name
        let expectedURL = Self.root.appendingPathComponent("err").appendingPathComponent(caseName + ".out")
        if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(!expected.isEmpty, "an err fixture must expect at least one finding")
        #expect(actual == expected)
        // The same text, excerpts and all, when the files are read whole before decoding.
        #expect(try Self.lintFixture("err", name, holdingFiles: true) == expected)
    }
}
