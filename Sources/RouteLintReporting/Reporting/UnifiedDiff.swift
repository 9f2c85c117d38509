import RouteLintCore

/// `lint --fix --dry-run`'s output: what the fixes change, as a unified diff (`diff -u`, `git
/// apply` reads it). Fixes replace text within a line, so the two texts have the same lines
/// and the hunks are the changed lines with three lines of context.
package enum UnifiedDiff {
    /// The lines of context around each change.
    static let context = 3

    /// The diff of `before` and `after`, the texts of the file at `path` (escaped for a
    /// terminal); empty when they are the same.
    package static func text(path: String, before: [UInt8], after: [UInt8]) -> String {
        let old = LineIndex(before)
        let new = LineIndex(after)
        // A text that ends with a line break has no line after it.
        let lines = min(lineCount(old), lineCount(new))
        let changed = (1...max(1, lines)).filter { old.line($0) != new.line($0) }
        guard !changed.isEmpty else { return "" }
        let name = TerminalText.escape(path)
        var output = "--- a/\(name)\n+++ b/\(name)\n"
        // Changes less than twice the context apart share a hunk.
        var hunks: [ClosedRange<Int>] = []
        for line in changed {
            let range = max(1, line - context)...min(lines, line + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        for hunk in hunks {
            output += "@@ -\(hunk.lowerBound),\(hunk.count) +\(hunk.lowerBound),\(hunk.count) @@\n"
            for number in hunk {
                let before = old.line(number) ?? ""
                let after = new.line(number) ?? ""
                if before == after {
                    output += " " + TerminalText.escape(before) + "\n"
                } else {
                    output += "-" + TerminalText.escape(before) + "\n+" + TerminalText.escape(after) + "\n"
                }
            }
        }
        return output
    }

    /// The lines of the text, the empty one after a final line break not counted.
    private static func lineCount(_ lines: LineIndex) -> Int {
        let count = lines.lineCount
        return count > 1 && lines.byteRange(ofLine: count)?.isEmpty == true ? count - 1 : count
    }
}
