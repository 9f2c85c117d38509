/// The human format (spec section 5): for each finding, `path:line:col: severity: message
/// [rule-id]`, the source line with the span underlined, and a `note:` line for each related
/// location; then a summary line.
public struct TextReporter {
    public struct Options: Sendable {
        /// ANSI colours, for a terminal.
        public var colored = false
        public var summary = true

        public init(colored: Bool = false, summary: Bool = true) {
            self.colored = colored
            self.summary = summary
        }
    }

    /// What the summary line says beyond the findings.
    public struct Totals: Sendable {
        public let files: Int
        public let routes: Int
        public let seconds: Double?

        public init(files: Int, routes: Int, seconds: Double?) {
            self.files = files
            self.routes = routes
            self.seconds = seconds
        }
    }

    public static func render(_ findings: [Finding], files: [SourceFile], totals: Totals, options: Options) -> String {
        var output = ""
        var lineIndexes: [FileID: LineIndex] = [:]
        let style = Style(enabled: options.colored)
        for finding in findings {
            let file = files[Int(finding.range.file.index)]
            output += style.bold(location(finding.range, in: files)) + " "
                + style.severity(finding.severity) + ": "
                + TerminalText.escape(finding.message) + " " + style.dim("[\(finding.rule)]") + "\n"
            let index = lineIndexes[file.id] ?? LineIndex(file.bytes)
            lineIndexes[file.id] = index
            if let line = index.line(Int(finding.range.start.line)) {
                let (shown, underline) = snippet(line, range: finding.range)
                output += shown + "\n" + style.green(underline) + "\n"
            }
            for related in finding.related {
                output += style.bold(location(related.range, in: files)) + " " + style.note("note") + ": "
                    + TerminalText.escape(related.message) + "\n"
            }
        }
        if options.summary { output += style.bold(summary(findings, totals: totals)) + "\n" }
        return output
    }

    static func location(_ range: SourceRange, in files: [SourceFile]) -> String {
        "\(TerminalText.escape(files[Int(range.file.index)].path)):\(range.start.line):\(range.start.column):"
    }

    /// The source line, escaped, and a line under it with `^~~~` beneath the range (to the
    /// end of the line when the range goes on). Tabs are kept in both lines so they line up.
    static func snippet(_ line: String, range: SourceRange) -> (String, String) {
        let startColumn = Int(range.start.column)
        let endColumn = range.end.line == range.start.line ? max(Int(range.end.column), startColumn + 1) : Int.max
        var shown = ""
        var underline = ""
        var column = 1
        for scalar in line.unicodeScalars {
            let text = scalar == "\t" ? "\t" : TerminalText.needsEscape(scalar) ? TerminalText.escapeSequence(scalar) : String(scalar)
            shown += text
            let width = scalar == "\t" ? 1 : text.unicodeScalars.count
            if column < startColumn {
                underline += scalar == "\t" ? "\t" : String(repeating: " ", count: width)
            } else if column < endColumn {
                underline += (column == startColumn ? "^" : "~") + String(repeating: "~", count: width - 1)
            }
            column += 1
        }
        if column <= startColumn {
            // The range starts at the end of the line (an unexpected end of file, say).
            underline += String(repeating: " ", count: startColumn - column) + "^"
        }
        return (shown, underline)
    }

    static func summary(_ findings: [Finding], totals: Totals) -> String {
        let counts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        let scope = "\(plural(totals.files, "file")) (\(plural(totals.routes, "route")))"
        let time = totals.seconds.map { " in " + formatSeconds($0) } ?? ""
        if counts.isEmpty { return "No problems found in \(scope)\(time)." }
        return "Found \(englishList(counts)) in \(scope)\(time)."
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    private struct Style {
        let enabled: Bool

        private func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        func bold(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }
        func green(_ text: String) -> String { wrap(text, "32") }
        func note(_ text: String) -> String { wrap(text, "1;36") }

        func severity(_ severity: Severity) -> String {
            switch severity {
            case .error: return wrap("error", "1;31")
            case .warning: return wrap("warning", "1;33")
            case .note: return note("note")
            }
        }
    }
}
