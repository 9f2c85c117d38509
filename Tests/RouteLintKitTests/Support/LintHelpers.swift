@testable import RouteLintKit

/// Lints in-memory files as one route set, numbered in the order given.
func lint(_ files: [(name: String, contents: String)]) -> LintResult {
    let sources = files.enumerated().map { index, file in
        SourceFile(id: FileID(index), path: file.name, bytes: Array(file.contents.utf8))
    }
    return Linter.lint(sources)
}

func lint(_ contents: String, name: String = "test.routes.yaml") -> LintResult {
    lint([(name: name, contents: contents)])
}

/// The first line of each finding in the text format, as the fixture `.out` files hold them.
func headlines(_ result: LintResult) -> [String] {
    result.findings.map { finding in
        "\(result.files[Int(finding.range.file.index)].path):\(finding.range.start.line):\(finding.range.start.column): "
            + "\(finding.severity.rawValue): \(finding.message) [\(finding.rule)]"
    }
}

/// "line:column" of each finding of `rule`.
func positions(_ result: LintResult, rule: String) -> [String] {
    result.findings.filter { $0.rule == rule }.map { "\($0.range.start)" }
}

func parseYAML(_ text: String) -> YAMLParseResult {
    YAMLParser.parse(Array(text.utf8), file: FileID(0))
}
