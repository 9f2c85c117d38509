import RouteLintCore
import RouteLintImport

/// The output of `routelint import` (docs/adopting.md): what the round trip found, for
/// standard error, and what was written, for standard output.
package enum ImportReporter {
    /// Each pattern imported inexactly with the findings that show it, then each other finding
    /// as `path:line:column: severity: message [rule]`.
    package static func findings(_ report: ImportReport) -> String {
        var output = ""
        for pattern in report.inexact {
            let reason = pattern.reason.map { " (\(TerminalText.escape($0)))" } ?? ""
            output += "\(TerminalText.escape(pattern.location)): inexact: \(TerminalText.escape(pattern.pattern))\(reason)\n"
            for finding in pattern.findings { output += "    \(TerminalText.escape(finding))\n" }
        }
        for finding in report.findings {
            let path = report.files.first { $0.id == finding.range.file }?.path ?? ""
            output +=
                "\(TerminalText.escape(path)):\(finding.range.start.line):\(finding.range.start.column): \(finding.severity.rawValue): "
                + "\(TerminalText.escape(finding.message)) [\(finding.rule)]\n"
        }
        return output
    }

    /// What was written, how exactly, what is left; and the command that checks it with the
    /// files it came from.
    package static func summary(_ report: ImportReport) -> String {
        let files = report.filesRead.count
        let inexact =
            report.inexact.isEmpty
            ? "every pattern imported exactly"
            : "\(report.inexact.count) pattern\(report.inexact.count == 1 ? "" : "s") imported inexactly"
        let placeholders =
            report.placeholderCount == 0
            ? "" : "; \(report.placeholderCount) placeholder\(report.placeholderCount == 1 ? "" : "s") kept"
        let left = report.findings.isEmpty ? "" : "; \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") left"
        var output =
            "Wrote \(TerminalText.escape(report.outputPath)): \(report.routeCount) route\(report.routeCount == 1 ? "" : "s") "
            + "from \(files) file\(files == 1 ? "" : "s"); \(inexact)\(placeholders)\(left).\n"
        if !report.checkedLinkFiles.isEmpty {
            let flags = report.checkedLinkFiles.map { "--platform-file \(shellWord($0))" }.joined(separator: " ")
            output += "Check it with the files it came from: routelint lint \(shellWord(report.outputPath)) \(flags)\n"
        }
        return output
    }

    /// `text` as one word of a POSIX shell command, escaped for the terminal.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./-:@%+=,".contains($0)) }
        return TerminalText.escape(
            plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'")
    }
}
