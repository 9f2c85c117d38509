import RouteLintCore

import RouteLintPlatform

/// Android's link matching as AOSP decides it, written from the facts (AOSP's `PatternMatcher`,
/// `IntentFilter` and `UriRelativeFilterGroup`, Java's `String.split`) and not from routelint's
/// automata, which the tests check against it: a plain path attribute that matches wins, else
/// the first group whose filters all match allows or blocks; a query filter matches one piece
/// of the decoded query, a fragment filter the decoded fragment, which a URL without `#` lacks.
package enum AndroidReference {
    /// Java's `String.split` on one character: the whole text when it does not occur, else the
    /// pieces without the trailing empty ones.
    package static func javaSplit(_ text: String, _ separator: Character) -> [String] {
        guard text.contains(separator) else { return [text] }
        var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        while pieces.last == "" { pieces.removeLast() }
        return pieces
    }

    package static func queryPieces(_ query: String) -> [String] {
        let pieces = javaSplit(query, "&")
        return pieces.count == 1 ? javaSplit(query, ";") : pieces
    }

    /// A dynamic rule's pattern, as Android's documentation states it: `*` matches up to the
    /// first occurrence of the character after it, `?` one character (so `?*` one or more).
    /// The patterns drawn here never put `?` or `*` right after `*`.
    package static func dynamicGlob(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var (position, read) = (0, 0)
        while position < pattern.count {
            switch pattern[position] {
            case "*":
                guard position + 1 < pattern.count else { return true }
                while read < text.count && text[read] != pattern[position + 1] { read += 1 }
                position += 1
            case "?":
                guard read < text.count else { return false }
                (position, read) = (position + 1, read + 1)
            default:
                guard read < text.count, text[read] == pattern[position] else { return false }
                (position, read) = (position + 1, read + 1)
            }
        }
        return read == text.count
    }

    /// Whether Dynamic App Links rules let the URL through: the first rule that matches decides,
    /// none matching keeps it on the web.
    package static func allows(_ rules: [AndroidDynamicRule], path: String, query: String?, fragment: String?) -> Bool {
        for rule in rules {
            let pieces = query.map(queryPieces) ?? []
            let matches =
                (rule.path.map { dynamicGlob($0, path) } ?? true)
                && rule.query.allSatisfy { parameter in
                    pieces.contains {
                        $0.hasPrefix(parameter.name + "=") && dynamicGlob(parameter.value, String($0.dropFirst(parameter.name.count + 1)))
                    }
                }
                && (rule.fragment.map { pattern in fragment.map { dynamicGlob(pattern, $0) } ?? false } ?? true)
            if matches { return !rule.exclude }
        }
        return false
    }

    /// Whether `filters` open the URL of these decoded parts (nil: the URL has none), narrowed
    /// by `rules` when there are.
    package static func opens(
        _ filters: [AndroidIntentFilter], rules: [AndroidDynamicRule] = [], path: String, query: String?, fragment: String?
    ) -> Bool {
        guard rules.isEmpty || allows(rules, path: path, query: query, fragment: fragment) else { return false }
        return filters.contains { filter in
            if filter.paths.isEmpty && filter.groups.isEmpty { return true }
            if filter.paths.contains(where: { $0.matches(path) }) { return true }
            for group in filter.groups {
                let matches = group.filters.allSatisfy { relative in
                    switch relative.part {
                    case .path: return relative.pattern.matches(path)
                    case .query: return query.map { queryPieces($0).contains(where: relative.pattern.matches) } ?? false
                    case .fragment: return fragment.map(relative.pattern.matches) ?? false
                    }
                }
                if matches { return group.allows }
            }
            return false
        }
    }
}
