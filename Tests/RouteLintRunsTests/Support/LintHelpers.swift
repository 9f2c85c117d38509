@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintPlatform
@testable import RouteLintRules
@testable import RouteLintReporting

/// In-memory files linted as one route set: the files, numbered in the order given, and what
/// the linter found in them.
@dynamicMemberLookup
struct LintedSet {
    let files: [SourceFile]
    let result: LintResult

    subscript<Value>(dynamicMember keyPath: KeyPath<LintResult, Value>) -> Value { result[keyPath: keyPath] }

    /// What the command line's reporters take.
    var report: LintReport {
        LintReport(
            active: result.findings, suppressed: result.suppressed, files: files,
            totals: LintReport.Totals(files: files.count, routes: result.routeCount, seconds: nil))
    }

    /// The text reporter's own output without the summary: each finding's first line, its
    /// excerpt and underline, and its related locations, as `routelint lint` prints them.
    var text: String { TextReporter(options: .init(summary: false)).render(report) }

    /// The first line of each finding as the text reporter prints it.
    var headlines: [String] {
        result.findings.map { finding in
            let alone = LintReport(
                active: [finding], files: files, totals: LintReport.Totals(files: files.count, routes: 0, seconds: nil))
            return String(TextReporter(options: .init(summary: false)).render(alone).prefix { $0 != "\n" })
        }
    }
}

/// A report of `findings` in `files`, as the reporters take it.
func report(_ findings: [Finding], suppressed: [Finding] = [], files: [SourceFile]) -> LintReport {
    LintReport(
        active: findings, suppressed: suppressed, files: files,
        totals: LintReport.Totals(files: files.count, routes: 0, seconds: nil))
}

/// Lints in-memory files as one route set, numbered in the order given; files named as platform
/// link files (docs/app-links.md) are checked as such, and must come after the manifests.
func lint(_ files: [(name: String, contents: String)], configuration: LintConfiguration = LintConfiguration()) -> LintedSet {
    let sources = files.enumerated().map { index, file in
        SourceFile(id: FileID(index), path: file.name, bytes: Array(file.contents.utf8))
    }
    let manifests = sources.filter { PlatformFileKind(path: $0.path) == nil }
    let platformFiles = sources.filter { PlatformFileKind(path: $0.path) != nil }.map { PlatformFileSource(file: $0, app: nil) }
    return LintedSet(files: sources, result: Linter.lint(manifests, configuration: configuration, platformFiles: platformFiles))
}

func lint(_ contents: String, name: String = "test.routes.yaml") -> LintedSet {
    lint([(name: name, contents: contents)])
}

/// "line:column" of each finding of `rule`.
func positions(_ linted: LintedSet, rule: String) -> [String] {
    linted.findings.filter { $0.rule == rule }.map { "\($0.range.start)" }
}

/// The route set of `paths` on the disk, read by the loader as `routelint lint PATH...` reads
/// it; relative paths and the names of the files are taken from `directory`.
func loadFromDisk(_ paths: [String], in directory: String = "/") throws -> LoadedRouteSet {
    try RouteSetLoader(configuration: LintConfiguration(baseDirectory: directory), workingDirectory: directory).load(paths)
}
