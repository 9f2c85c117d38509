/// The machine format: a JSON array of findings in report order. Its schema is documented in
/// docs/output-formats.md ("JSON") and only grows: fields are never renamed or removed.
public struct JSONReporter {
    /// The reporter.
    public init() {}

    /// Writes the array finding by finding, so that its size in memory does not grow with
    /// the number of findings.
    private static func write<Output: TextOutputStream>(_ findings: [Finding], files: [SourceFile], to output: inout Output) {
        guard !findings.isEmpty else {
            output.write("[]\n")
            return
        }
        var fingerprints = FindingIdentity.Fingerprints(files: files)
        for (position, finding) in findings.enumerated() {
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
            ).write(to: &output, indent: 1)
        }
        output.write("\n]\n")
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

/// A JSON value whose objects keep their fields in the order given, so output is stable.
indirect enum JSONValue: Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Two-space indented text; strings escaped so that any text, control characters
    /// included, round-trips.
    func serialized() -> String {
        var text = ""
        write(to: &text, indent: 0)
        return text
    }

    /// Writes the value as `serialized` does, starting at nesting level `indent`.
    func write<Output: TextOutputStream>(to text: inout Output, indent: Int) {
        switch self {
        case .string(let value): text.write(Self.quoted(value))
        case .integer(let value): text.write(String(value))
        case .bool(let value): text.write(value ? "true" : "false")
        case .null: text.write("null")
        case .array(let items):
            guard !items.isEmpty else { text.write("[]"); return }
            text.write("[")
            for (position, item) in items.enumerated() {
                text.write(position == 0 ? "\n" : ",\n")
                text.write(Self.indentation(indent + 1))
                item.write(to: &text, indent: indent + 1)
            }
            text.write("\n")
            text.write(Self.indentation(indent))
            text.write("]")
        case .object(let fields):
            guard !fields.isEmpty else { text.write("{}"); return }
            text.write("{")
            for (position, (key, value)) in fields.enumerated() {
                text.write(position == 0 ? "\n" : ",\n")
                text.write(Self.indentation(indent + 1))
                text.write(Self.quoted(key))
                text.write(": ")
                value.write(to: &text, indent: indent + 1)
            }
            text.write("\n")
            text.write(Self.indentation(indent))
            text.write("}")
        }
    }

    private static func indentation(_ level: Int) -> String {
        String(repeating: "  ", count: level)
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension JSONReporter: Reporter {
    public func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        Self.write(report.active, files: report.files, to: &output)
    }
}
