import RouteLintCore

/// The human format (docs/output-formats.md): for each finding, `path:line:col: severity: message
/// [rule-id]`, the source line with the span underlined, and a `note:` line for each related
/// location; then a summary line.
public struct TextReporter {
    /// How the text is shown.
    public struct Options: Sendable {
        /// ANSI colours, for a terminal.
        public var colored = false
        /// The summary line at the end.
        public var summary = true
        /// Only the findings that fail the run (`--quiet`).
        public var onlyFailing = false

        /// Options; see the properties.
        public init(colored: Bool = false, summary: Bool = true, onlyFailing: Bool = false) {
            self.colored = colored
            self.summary = summary
            self.onlyFailing = onlyFailing
        }
    }

    /// How the text is shown.
    public let options: Options

    /// A reporter with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Writes the report finding by finding, so that its size in memory does not grow with
    /// the number of findings.
    private static func write<Output: TextOutputStream>(
        _ findings: [Finding], files: [SourceFile], totals: LintReport.Totals,
        options: Options, to output: inout Output
    ) {
        var excerpts = Excerpts(files: files, findings: findings)
        let style = Style(enabled: options.colored)
        // Pieces are written one by one: joining them first would copy every line again.
        for finding in findings {
            output.write(style.bold(location(finding.range, in: files)))
            output.write(" ")
            output.write(style.severity(finding.severity))
            output.write(": ")
            output.write(TerminalText.escape(finding.message))
            output.write(" ")
            output.write(style.dim("[\(finding.rule)]"))
            output.write("\n")
            if let (shown, underline) = excerpts.excerpt(finding.range) {
                output.write(shown)
                output.write("\n")
                output.write(style.green(underline))
                output.write("\n")
            }
            for related in finding.related.prefix(relatedLocationsShown) {
                output.write(style.bold(location(related.range, in: files)))
                output.write(" ")
                output.write(style.note("note"))
                output.write(": ")
                output.write(TerminalText.escape(related.message))
                output.write("\n")
            }
            // Text stays summarised; the machine formats list every related location.
            let more = finding.related.count - min(finding.related.count, relatedLocationsShown) + finding.relatedOmitted
            if more > 0 {
                output.write(style.bold(location(finding.range, in: files)))
                output.write(" ")
                output.write(style.note("note"))
                output.write(": and \(more) more related \(more == 1 ? "location" : "locations") (--format json and sarif list them)\n")
            }
        }
        if options.summary { output.write(style.bold(summary(findings, totals: totals)) + "\n") }
    }

    /// The related locations a finding shows as `note:` lines; a line says how many more
    /// there are, which the JSON and SARIF reports list.
    static let relatedLocationsShown = 3

    static func location(_ range: SourceRange, in files: [SourceFile]) -> String {
        "\(TerminalText.escape(files[Int(range.file.index)].path)):\(range.start.line):\(range.start.column):"
    }

    /// The source lines under findings. A line longer than `maximumWidth` code points is
    /// shown as a window around the finding, marked with `…` where it is cut, so a 5 MB line
    /// prints a few hundred bytes per finding. Findings come in report order, so the byte
    /// offset of a column is found by walking on from the previous finding on the same line:
    /// many findings on one long line cost one pass over it.
    struct Excerpts {
        static let maximumWidth = 160
        /// Code points shown before a finding's start in a window.
        static let leadingContext = 40

        let files: [SourceFile]
        /// For each file the run does not hold, the lines findings start on, in order.
        private var linesWanted: [FileID: [Int]] = [:]
        private var lines: [FileID: Lines] = [:]
        /// The files that are no longer what the run checked: they get no excerpts.
        private var changedFiles: Set<FileID> = []

        /// A file's lines: all of them, or those findings start on in a file the run does not
        /// hold, read again in one pass rather than whole.
        private enum Lines {
            case all(LineIndex)
            case some(FileLines)

            func line(_ number: Int) -> (bytes: [UInt8], range: Range<Int>)? {
                switch self {
                case .all(let index): index.byteRange(ofLine: number).map { (index.bytes, $0) }
                case .some(let lines): lines.byteRange(ofLine: number).map { (lines.bytes, $0) }
                }
            }
        }
        /// Where the last column lookup ended: file, line, column and its byte offset.
        private var cursor: (file: FileID, line: Int, column: Int, byte: Int)?

        init(files: [SourceFile], findings: [Finding]) {
            self.files = files
            for finding in findings where files[Int(finding.range.file.index)].onDisk != nil {
                linesWanted[finding.range.file, default: []].append(Int(finding.range.start.line))
            }
        }

        /// The lines of `file`, read once; none for a file the run does not hold that is no
        /// longer what it checked, whose lines would not be those the findings point into.
        private func readLines(_ file: SourceFile) -> Lines? {
            guard let onDisk = file.onDisk else { return .all(LineIndex(file.bytes)) }
            let wanted = Array(Set(linesWanted[file.id] ?? [])).sorted()
            return onDisk.lines(wanted).map(Lines.some)
        }

        /// The line of `range`'s start, escaped, and a line under it with `^~~~` beneath the
        /// range (to the end of the line, or of the window, when the range goes on). Tabs are
        /// kept in both lines so they line up.
        mutating func excerpt(_ range: SourceRange) -> (String, String)? {
            let file = files[Int(range.file.index)]
            guard !changedFiles.contains(file.id) else { return nil }
            guard let fileLines = lines[file.id] ?? readLines(file) else {
                changedFiles.insert(file.id)
                return nil
            }
            lines[file.id] = fileLines
            let lineNumber = Int(range.start.line)
            guard let (bytes, line) = fileLines.line(lineNumber) else { return nil }
            let startColumn = Int(range.start.column)
            let endColumn = range.end.line == range.start.line ? max(Int(range.end.column), startColumn + 1) : Int.max
            var firstColumn = 1
            var firstByte = line.lowerBound
            if !Self.fits(bytes[line]) {
                firstColumn = max(1, startColumn - Self.leadingContext)
                firstByte = byteOffset(ofColumn: firstColumn, line: lineNumber, in: file.id, bytes: bytes, lineRange: line)
            }
            // Both lines are built as UTF-8 bytes; printable ASCII, most of any manifest, is
            // copied as it is.
            var shown: [UInt8] = firstColumn > 1 ? Array("…".utf8) : []
            var underline: [UInt8] = firstColumn > 1 ? [UInt8(ascii: " ")] : []
            var column = firstColumn
            var byte = firstByte
            func mark(width: Int, isTab: Bool) {
                if column < startColumn {
                    underline.append(contentsOf: repeatElement(isTab ? UInt8(ascii: "\t") : UInt8(ascii: " "), count: width))
                } else if column < endColumn {
                    underline.append(column == startColumn ? UInt8(ascii: "^") : UInt8(ascii: "~"))
                    underline.append(contentsOf: repeatElement(UInt8(ascii: "~"), count: width - 1))
                }
            }
            while byte < line.upperBound {
                if column >= firstColumn + Self.maximumWidth {
                    shown.append(contentsOf: "…".utf8)
                    break
                }
                let lead = bytes[byte]
                if lead >= 0x20 && lead < 0x7F || lead == UInt8(ascii: "\t") {
                    shown.append(lead)
                    byte += 1
                    mark(width: 1, isTab: lead == UInt8(ascii: "\t"))
                } else {
                    let (scalar, length) = Self.decode(bytes, at: byte, end: line.upperBound)
                    byte += length
                    let text = TerminalText.needsEscape(scalar) ? TerminalText.escapeSequence(scalar) : String(scalar)
                    shown.append(contentsOf: text.utf8)
                    mark(width: text.unicodeScalars.count, isTab: false)
                }
                column += 1
            }
            if column <= startColumn && byte >= line.upperBound {
                // The range starts at the end of the line (an unexpected end of file, say).
                underline.append(contentsOf: repeatElement(UInt8(ascii: " "), count: startColumn - column))
                underline.append(UInt8(ascii: "^"))
            }
            return (String(decoding: shown, as: UTF8.self), String(decoding: underline, as: UTF8.self))
        }

        /// Whether a line is at most `maximumWidth` code points: counted only for a line short
        /// enough in bytes that counting costs little.
        private static func fits(_ line: ArraySlice<UInt8>) -> Bool {
            guard line.count > maximumWidth else { return true }
            guard line.count <= 4 * maximumWidth else { return false }
            return line.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } <= maximumWidth
        }

        private mutating func byteOffset(ofColumn target: Int, line: Int, in file: FileID, bytes: [UInt8], lineRange: Range<Int>) -> Int {
            var column = 1
            var byte = lineRange.lowerBound
            if let cursor, cursor.file == file, cursor.line == line, cursor.column <= target {
                column = cursor.column
                byte = cursor.byte
            }
            while column < target && byte < lineRange.upperBound {
                byte += 1
                while byte < lineRange.upperBound && bytes[byte] & 0xC0 == 0x80 { byte += 1 }
                column += 1
            }
            cursor = (file, line, column, byte)
            return byte
        }

        /// The code point at `offset` of well-formed UTF-8 (libyaml has checked it), and its length.
        private static func decode(_ bytes: [UInt8], at offset: Int, end: Int) -> (Unicode.Scalar, Int) {
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
            for position in offset + 1..<min(offset + length, end) {
                value = value << 6 | UInt32(bytes[position] & 0x3F)
            }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
    }

    static func summary(_ findings: [Finding], totals: LintReport.Totals) -> String {
        var bySeverity: [Severity: Int] = [:]
        for finding in findings { bySeverity[finding.severity, default: 0] += 1 }
        let counts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = bySeverity[severity] ?? 0
            guard count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        var scope = "\(plural(totals.files, "file")) (\(plural(totals.routes, "route")))"
        var leftOut = 0
        var unfetchedURLs = 0
        let time = totals.seconds.map { " in " + formatSeconds($0) } ?? ""
        switch totals.subject {
        case .lint(let platformFiles, let leftOutFiles):
            if platformFiles > 0 { scope += " and \(plural(platformFiles, "platform file"))" }
            leftOut = leftOutFiles
        case .hosts(let servedFiles, let unfetched):
            if servedFiles > 0 { scope += " and \(plural(servedFiles, "platform file"))" }
            unfetchedURLs = unfetched
        case .deviceLinks(let outputs):
            if outputs > 0 { scope += " and \(plural(outputs, "device output"))" }
        case .diff(let comparison):
            let compared = "\(scope) compared with \(comparison)"
            let changes = counts.isEmpty ? "No route changes found" : "Found \(englishList(counts)) about route changes"
            guard totals.unreadablePaths > 0 else { return "\(changes) in \(compared)\(time)." }
            return "Incomplete: \(plural(totals.unreadablePaths, "comparison")) stopped short, so not every change was looked for. "
                + "\(changes) in \(compared)\(time)."
        }
        guard totals.unreadablePaths > 0 else {
            // A set that knowingly leaves files out is never called clean: what was linted is.
            let leftOutNote =
                leftOut > 0
                ? "; \(plural(leftOut, "file")) that \(leftOut == 1 ? "looks" : "look") like manifests \(leftOut == 1 ? "was" : "were") left out (see the note)"
                : ""
            if counts.isEmpty {
                return (leftOut > 0 ? "No problems found in the \(scope) linted" : "No problems found in \(scope)")
                    + "\(time)\(leftOutNote)."
            }
            return "Found \(englishList(counts)) in \(scope)\(time)\(leftOutNote)."
        }
        // A run that could not read a path never reads as clean: it leads with what was not
        // checked, and says nothing was found only of the files it could read.
        let unreadFiles = totals.unreadablePaths - unfetchedURLs
        let unread =
            unfetchedURLs == 0
            ? "Incomplete: \(plural(totals.unreadablePaths, "path")) could not be read, so the route set was not checked whole."
            : "Incomplete: \(plural(unfetchedURLs, "URL")) could not be fetched"
                + (unreadFiles > 0 ? " and \(plural(unreadFiles, "path")) could not be read" : "")
                + ", so the hosts were not checked whole."
        if counts.isEmpty { return "\(unread) No finding in the \(scope) read\(time)." }
        return "\(unread) Found \(englishList(counts)) in the \(scope) read\(time)."
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

extension TextReporter: Reporter {
    public func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        let shown = options.onlyFailing ? report.active.filter { $0.severity >= report.failingSeverity } : report.active
        Self.write(shown, files: report.files, totals: report.totals, options: options, to: &output)
    }
}
