import RouteLintCore

/// `lint --fix --dry-run`'s output: what the fixes change, as a unified diff (`diff -u`, `git
/// apply` reads it). A fix rewrites text within a line, and may add lines after it (an entry of
/// its own), so each line of the old text becomes one line or more of the new: the hunks are
/// the lines that changed with three lines of context.
package enum UnifiedDiff {
    /// The lines of context around each change.
    static let context = 3

    /// The diff of `before` and `after`, the texts of the file at `path` (escaped for a
    /// terminal), where line N of `before` became `1 + addedLines[N]` lines of `after`; empty
    /// when they are the same.
    package static func text(path: String, before: [UInt8], after: [UInt8], addedLines: [Int: Int] = [:]) -> String {
        let old = LineIndex(before)
        let new = LineIndex(after)
        let oldCount = lineCount(old)
        // Where each old line's new lines start.
        var newStart = [Int](repeating: 0, count: oldCount + 2)
        newStart[1] = 1
        for line in stride(from: 1, through: oldCount, by: 1) { newStart[line + 1] = newStart[line] + 1 + (addedLines[line] ?? 0) }
        func newLines(of line: Int) -> [String] { (newStart[line]..<newStart[line + 1]).map { new.line($0) ?? "" } }
        let changed = (1...max(1, oldCount)).filter { newLines(of: $0) != [old.line($0) ?? ""] }
        guard !changed.isEmpty else { return "" }
        let name = TerminalText.escape(path)
        var output = "--- a/\(name)\n+++ b/\(name)\n"
        // Changes less than twice the context apart share a hunk.
        var hunks: [ClosedRange<Int>] = []
        for line in changed {
            let range = max(1, line - context)...min(oldCount, line + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        for hunk in hunks {
            let newCount = newStart[hunk.upperBound + 1] - newStart[hunk.lowerBound]
            output += "@@ -\(hunk.lowerBound),\(hunk.count) +\(newStart[hunk.lowerBound]),\(newCount) @@\n"
            for number in hunk {
                let before = old.line(number) ?? ""
                let after = newLines(of: number)
                if after == [before] {
                    output += " " + TerminalText.escape(before) + "\n"
                } else {
                    output += "-" + TerminalText.escape(before) + "\n"
                    for line in after { output += "+" + TerminalText.escape(line) + "\n" }
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
