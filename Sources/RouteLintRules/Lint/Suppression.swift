import RouteLintCore

/// Inline suppressions: `# routelint:ignore RULE[,RULE] [-- reason]` silences the listed
/// rules on its own line; `# routelint:ignore-file RULE[,RULE] [-- reason]`, anywhere in a
/// file, silences them in the whole file. A directive that names an unknown rule, or that
/// silences nothing, is itself reported as `unused-suppression`.
package struct SuppressionDirective: Sendable, Equatable {
    /// Where a directive applies.
    package enum Scope: Sendable, Equatable {
        /// The line it is on (`# routelint:ignore`).
        case line(Int)
        /// The whole file (`# routelint:ignore-file`).
        case file
    }

    /// The file the directive is in.
    package let file: FileID
    /// Where it applies.
    package let scope: Scope
    /// The rules it names, at most `maximumRules` of them.
    package let rules: [Located<String>]
    /// How many more rules it names than were read.
    package let omittedRuleCount: Int
    /// The reason given after `--`, if any.
    package let reason: String?
    /// The directive itself, from `#` to the end of the comment.
    package let range: SourceRange

    /// Finds the directives in a file's text. A directive is a YAML comment: a `#` at the start
    /// of a line or after white space, followed by `routelint:ignore`. Whether such a `#`
    /// lies inside a scalar (a quoted value, say), and so is text, only the YAML reader can
    /// tell: `Linter` asks it.
    package static func directives(in file: SourceFile) -> [SuppressionDirective] {
        // Most files have no directive: find that out with one fast scan of the bytes — of a
        // file the run does not hold, a megabyte at a time, and only one with a marker is
        // read whole (once: each asking reads it again).
        if let onDisk = file.onDisk, onDisk.contains(markerBytes) != true { return [] }
        let bytes = file.bytes
        guard DiskFile.search(markerBytes, in: bytes, count: bytes.count) else { return [] }
        let index = LineIndex(bytes)
        var result: [SuppressionDirective] = []
        for lineNumber in 1...index.lineCount {
            guard let line = index.line(lineNumber), line.contains("routelint:ignore") else { continue }
            guard let directive = parse(line, lineNumber: lineNumber, file: file.id) else { continue }
            result.append(directive)
        }
        return result
    }

    /// What every directive holds, looked for before a file is read line by line.
    private static let markerBytes = Array("routelint:ignore".utf8)

    /// At most this many rule names of one directive are read; the rest are counted, and
    /// reported once, so that a comment naming 10,000 rules cannot make 10,000 findings.
    package static let maximumRules = 64

    private static let marker = Array("routelint:ignore".unicodeScalars)

    static func parse(_ line: String, lineNumber: Int, file: FileID) -> SuppressionDirective? {
        let scalars = Array(line.unicodeScalars)
        // The first `#` that starts a comment and is followed by the marker, looked for in
        // place: each space is passed over once, so a line of many `#` costs one pass.
        var hashColumn: Int?
        var offset = 0
        while offset < scalars.count, hashColumn == nil {
            if scalars[offset] == "#" && (offset == 0 || scalars[offset - 1] == " " || scalars[offset - 1] == "\t") {
                var next = offset + 1
                while next < scalars.count && scalars[next] == " " { next += 1 }
                if scalars[next...].starts(with: marker) { hashColumn = offset }
                offset = next
            } else {
                offset += 1
            }
        }
        guard let hashColumn else { return nil }
        // Columns count code points, 1-based.
        var column = hashColumn + 1
        var rest = Substring(String(String.UnicodeScalarView(scalars[hashColumn...])))
        func advance(_ count: Int) {
            column += rest.prefix(count).unicodeScalars.count
            rest = rest.dropFirst(count)
        }
        advance(1)
        advance(rest.prefix(while: { $0 == " " }).count)
        let isFile = rest.hasPrefix("routelint:ignore-file")
        advance(isFile ? "routelint:ignore-file".count : "routelint:ignore".count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var reason: String?
        var body = rest
        if let separator = body.firstOccurrence(of: " --")
            ?? (body.hasPrefix("--") ? body.startIndex..<body.index(body.startIndex, offsetBy: 2) : nil)
        {
            let text = body[separator.upperBound...].trimmingSpaces()
            reason = text.isEmpty ? nil : text
            body = body[..<separator.lowerBound]
        }
        var rules: [Located<String>] = []
        var position = column
        var current = ""
        var currentStart = column
        func flush() {
            if !current.isEmpty {
                let start = SourcePosition(line: lineNumber, column: currentStart)
                let end = SourcePosition(line: lineNumber, column: currentStart + current.unicodeScalars.count)
                rules.append(Located(current, at: SourceRange(file: file, start: start, end: end)))
            }
            current = ""
        }
        for scalar in body.unicodeScalars {
            if scalar == "," || scalar == " " || scalar == "\t" {
                flush()
            } else {
                if current.isEmpty { currentStart = position }
                current.unicodeScalars.append(scalar)
            }
            position += 1
        }
        flush()
        let start = SourcePosition(line: lineNumber, column: hashColumn + 1)
        let end = SourcePosition(line: lineNumber, column: scalars.count + 1)
        let omitted = max(0, rules.count - maximumRules)
        return SuppressionDirective(
            file: file, scope: isFile ? .file : .line(lineNumber), rules: Array(rules.prefix(maximumRules)),
            omittedRuleCount: omitted, reason: reason, range: SourceRange(file: file, start: start, end: end))
    }
}
