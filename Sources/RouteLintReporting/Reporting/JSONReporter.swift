import RouteLintCore

/// The machine format: a JSON array of findings in report order. Its schema is documented in
/// docs/output-formats.md ("JSON") and only grows: fields are never renamed or removed.
public struct JSONReporter {
    /// The reporter.
    public init() {}

    /// Writes the array finding by finding, so that its size in memory does not grow with
    /// the number of findings.
    private static func write<Output: TextOutputStream>(
        _ findings: [Finding], files: [SourceFile], names: [String], to output: inout Output
    ) {
        guard !findings.isEmpty else {
            output.write("[]\n")
            return
        }
        var fingerprints = FindingIdentity.Fingerprints(names: names)
        var edits = Fix.Edits(files: files)
        for (position, finding) in findings.enumerated() {
            let fix = finding.fix.flatMap { fix in edits.edits(fix).map { (fix, $0) } }
            output.write(position == 0 ? "[\n  " : ",\n  ")
            JSONValue.object(
                rangeFields(finding.range, files: files) + [
                    ("severity", .string(finding.severity.rawValue)),
                    ("rule", .string(finding.rule)),
                    ("message", .string(finding.message)),
                    ("fingerprint", .string(fingerprints.next(finding))),
                    (
                        "related",
                        .array(
                            finding.related.map { related in
                                .object(rangeFields(related.range, files: files) + [("message", .string(related.message))])
                            })
                    ),
                    // Related locations beyond those listed, counted: a field, never only words.
                    ("relatedOmitted", .integer(finding.relatedOmitted)),
                ] + (finding.witnesses.isEmpty ? [] : [("witnesses", .array(finding.witnesses.map(JSONValue.string)))])
                    + (fix.map { [("fix", fixFields($0.0, $0.1, files: files))] } ?? [])
            ).write(to: &output, indent: 1)
        }
        output.write("\n]\n")
    }

    /// `fix`: what it does, and its edits, columns as the finding's (`endColumn` one past the
    /// last character replaced; an insertion's range is empty).
    private static func fixFields(_ fix: Fix, _ edits: [Fix.Edit], files: [SourceFile]) -> JSONValue {
        .object([
            ("description", .string(fix.description)),
            ("edits", .array(edits.map { .object(rangeFields($0.range, files: files) + [("text", .string($0.text))]) })),
        ])
    }

    private static func rangeFields(_ range: SourceRange, files: [SourceFile]) -> [(String, JSONValue)] {
        [
            ("file", .string(files[Int(range.file.index)].path)),
            ("line", .integer(Int(range.start.line))),
            ("column", .integer(Int(range.start.column))),
            ("endLine", .integer(Int(range.end.line))),
            ("endColumn", .integer(Int(range.end.column))),
        ]
    }
}

extension JSONReporter: Reporter {
    public func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        Self.write(report.active, files: report.files, names: report.rootNames, to: &output)
    }
}
