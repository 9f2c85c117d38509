/// A path glob of the configuration: `*` matches within one path component, `?` one
/// character, and `**` any number of components. A glob without `/` matches a file name at
/// any depth, as in `.gitignore`.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let components: [Substring]
    private let matchesNameAnywhere: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        matchesNameAnywhere = !trimmed.contains("/")
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    }

    public var description: String { pattern }

    /// Whether `path`, relative to the configuration's folder and `/`-separated, matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if matchesNameAnywhere, let name = parts.last, let only = components.first {
            return components.count == 1 && Self.matches(name: name, pattern: only)
        }
        return Self.matches(parts[...], components[...])
    }

    /// `**` matches any number of components. Matched as `*` matches characters: on a
    /// mismatch, go back to the last `**` and let it take one more component. Only the last
    /// `**` is ever retried, so the cost is at most components × pattern components, where
    /// trying every split of every `**` would be exponential in their number.
    private static func matches(_ path: ArraySlice<Substring>, _ pattern: ArraySlice<Substring>) -> Bool {
        var pathIndex = path.startIndex
        var patternIndex = pattern.startIndex
        var starPattern: Int?
        var starPath = path.startIndex
        while pathIndex < path.endIndex {
            if patternIndex < pattern.endIndex && pattern[patternIndex] == "**" {
                starPattern = patternIndex
                starPath = pathIndex
                patternIndex += 1
            } else if patternIndex < pattern.endIndex && matches(name: path[pathIndex], pattern: pattern[patternIndex]) {
                pathIndex += 1
                patternIndex += 1
            } else if let star = starPattern {
                patternIndex = star + 1
                starPath += 1
                pathIndex = starPath
            } else {
                return false
            }
        }
        while patternIndex < pattern.endIndex && pattern[patternIndex] == "**" { patternIndex += 1 }
        return patternIndex == pattern.endIndex
    }

    /// `*` and `?` within one component, by the classic two-pointer walk with backtracking
    /// to the last star (linear in practice, never exponential).
    static func matches(name: Substring, pattern: Substring) -> Bool {
        let text = Array(name.unicodeScalars)
        let glob = Array(pattern.unicodeScalars)
        var textIndex = 0
        var globIndex = 0
        var starGlob = -1
        var starText = 0
        while textIndex < text.count {
            if globIndex < glob.count && (glob[globIndex] == "?" || glob[globIndex] == text[textIndex]) {
                textIndex += 1
                globIndex += 1
            } else if globIndex < glob.count && glob[globIndex] == "*" {
                starGlob = globIndex
                starText = textIndex
                globIndex += 1
            } else if starGlob >= 0 {
                globIndex = starGlob + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while globIndex < glob.count && glob[globIndex] == "*" { globIndex += 1 }
        return globIndex == glob.count
    }
}
