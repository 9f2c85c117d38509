/// Finds the nearest valid name for a misspelt one, for "did you mean …?" hints.
package enum Suggestion {
    /// The candidate closest to `name` by edit distance, when it is close enough to be a
    /// likely typo: at most a quarter of the name's length, and at least 1. Two candidates as
    /// near suggest neither: a suggestion is the one edit a fix writes (docs/usage.md, "Fixing
    /// findings"). Failing that, the one candidate the name abbreviates (`warn` for `warning`),
    /// when the name has three characters or more.
    package static func nearest<Candidates: Sequence>(to name: String, among candidates: Candidates) -> String?
    where Candidates.Element == String {
        let target = Array(name.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = max(1, target.count / 4)
        var best: (name: String, distance: Int)?
        // Another candidate as near as the best: the name could mean either, so it suggests none.
        var tied = false
        for candidate in candidates where candidate != name && candidate != best?.name {
            let bound = min(best?.distance ?? limit, limit)
            let scalars = Array(candidate.lowercased().unicodeScalars)
            if abs(scalars.count - target.count) > bound { continue }
            guard let distance = bound <= 1 ? oneSlip(target, scalars) : editDistance(target, scalars, bound: bound) else { continue }
            if let current = best, distance == current.distance {
                tied = true
            } else {
                best = (candidate, distance)
                tied = false
            }
        }
        if let best { return tied ? nil : best.name }
        guard target.count >= 3 else { return nil }
        let lowered = name.lowercased()
        let prefixed = Set(candidates.filter { $0.lowercased().hasPrefix(lowered) })
        return prefixed.count == 1 ? prefixed.first : nil
    }

    /// `" did you mean 'x'?"`, or nothing when no candidate is near: ready to append to a message.
    package static func hint<Candidates: Sequence>(for name: String, among candidates: Candidates) -> String
    where Candidates.Element == String {
        hint(nearest(to: name, among: candidates))
    }

    /// Whether `text` is one slip from `target`: a character added, missing or changed, or two
    /// neighbours swapped.
    package static func isOneEdit(_ text: String, _ target: String) -> Bool {
        oneSlip(Array(text.unicodeScalars), Array(target.unicodeScalars)) == 1
    }

    /// `editDistance(a, b, bound: 1)` in one pass and no allocation: 0 for the same text, 1 for
    /// one character added, missing or changed or two neighbours swapped, else nil. Most names
    /// a typo is compared with are one slip away or more, and a language server compares the
    /// name being typed with every one.
    static func oneSlip(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int? {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return nil }
        guard let first = short.indices.first(where: { long[$0] != short[$0] }) else {
            return long.count == short.count ? 0 : 1
        }
        if long.count != short.count { return long[(first + 1)...].elementsEqual(short[first...]) ? 1 : nil }
        if long[(first + 1)...].elementsEqual(short[(first + 1)...]) { return 1 }
        let swapped =
            first + 1 < long.count && long[first] == short[first + 1] && long[first + 1] == short[first]
            && long[(first + 2)...].elementsEqual(short[(first + 2)...])
        return swapped ? 1 : nil
    }

    /// `" did you mean 'x'?"` for a suggestion found already, or nothing for none.
    package static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance with transpositions counted as one edit, or nil when it exceeds
    /// `bound` (rows stop early once every cell is past the bound).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > bound { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
