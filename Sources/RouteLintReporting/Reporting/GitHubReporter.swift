import RouteLintCore

/// GitHub Actions workflow commands: one `::error`, `::warning` or `::notice` line per
/// finding, which GitHub shows as an annotation on the file. Data and properties are escaped
/// as GitHub's runner unescapes them (`%`, CR and LF; in properties also `:` and `,`), and
/// control characters as `\u{…}`, so no manifest can end the command early or start another.
public struct GitHubReporter {
    /// The reporter.
    public init() {}

    /// Writes one command per finding, as they come, naming each file by `names` (from the
    /// project's root, as GitHub reads an annotation's file from the repository's).
    private static func write<Output: TextOutputStream>(_ findings: [Finding], names: [String], to output: inout Output) {
        for finding in findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let range = finding.range
            let properties = [
                ("file", names[Int(range.file.index)]),
                ("line", String(range.start.line)),
                ("col", String(range.start.column)),
                ("endLine", String(range.end.line)),
                ("endColumn", String(range.end.column)),
                ("title", "routelint \(finding.rule)"),
            ].map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            var message = finding.message + " [\(finding.rule)]"
            for related in finding.related.prefix(TextReporter.relatedLocationsShown) {
                let path = names[Int(related.range.file.index)]
                message += "\n\(path):\(related.range.start.line):\(related.range.start.column): \(related.message)"
            }
            let more = finding.related.count - min(finding.related.count, TextReporter.relatedLocationsShown) + finding.relatedOmitted
            if more > 0 { message += "\nand \(more) more related \(more == 1 ? "location" : "locations")" }
            output.write("::\(command) \(properties)::\(escapeData(message))\n")
        }
    }

    static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default:
                if TerminalText.needsEscape(scalar) {
                    result += TerminalText.escapeSequence(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    static func escapeProperty(_ text: String) -> String {
        var result = ""
        for character in escapeData(text) {
            switch character {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.append(character)
            }
        }
        return result
    }
}

extension GitHubReporter: Reporter {
    public func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        Self.write(report.active, names: report.rootNames, to: &output)
    }
}
