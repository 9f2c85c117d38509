/// A path glob of the configuration: `*` matches within one path component, `?` one
/// character, and `**` any number of components. A glob without `/` matches a file name at
/// any depth, as in `.gitignore`.
package struct Glob: Sendable, Equatable, CustomStringConvertible {
    /// The glob as written.
    package let pattern: String
    private let components: [Substring]
    private let matchesNameAnywhere: Bool

    /// The glob `pattern`: `*` matches within a path component, `**` across components, `?` one character.
    package init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        matchesNameAnywhere = !trimmed.contains("/")
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    }

    package var description: String { pattern }

    /// Whether `path`, relative to the configuration's folder and `/`-separated, matches.
    package func matches(_ path: String) -> Bool {
        let parts = FilePath.components(of: path)
        if matchesNameAnywhere, let name = parts.last, let only = components.first {
            return components.count == 1 && Self.matches(name: name, pattern: only)
        }
        return Self.matches(parts[...], components[...])
    }

    /// Whether a path below the folder `directory` (relative, `/`-separated) may match: a walk
    /// need not enter a folder that no match can lie in (`src/**` never matches below `docs`).
    package func mayMatch(below directory: String) -> Bool {
        if matchesNameAnywhere { return true }
        let parts = FilePath.components(of: directory)
        // The folder's components against the glob's, until the glob's first `**`, which
        // matches whatever lies below; the file itself needs a component after the folder's.
        for (index, part) in parts.enumerated() {
            guard index < components.count - 1 else { return components.last == "**" }
            if components[index] == "**" { return true }
            if !Self.matches(name: part, pattern: components[index]) { return false }
        }
        return true
    }

    /// Whether the glob matches every path below the folder `directory` (relative,
    /// `/`-separated), as `**/node_modules/**` does below `app/node_modules`: a walk need not
    /// enter a folder it excludes whole.
    package func excludesEverything(below directory: String) -> Bool {
        guard components.count > 1, components.last == "**" else { return false }
        return Glob(components.dropLast().joined(separator: "/")).matchesAsFolder(directory)
    }

    /// `matches`, for a folder's path: a glob without `/` stands for a name at any depth.
    private func matchesAsFolder(_ path: String) -> Bool {
        let parts = FilePath.components(of: path)
        return Self.matches(parts[...], components[...])
    }

    /// `**` matches any number of components, as `*` matches any run of characters.
    private static func matches(_ path: ArraySlice<Substring>, _ pattern: ArraySlice<Substring>) -> Bool {
        wildcardMatch(path, pattern, isStar: { $0 == "**" }, matchesOne: { matches(name: $0, pattern: $1) })
    }

    /// `*` and `?` within one component.
    package static func matches(name: Substring, pattern: Substring) -> Bool {
        wildcardMatch(
            Array(name.unicodeScalars)[...], Array(pattern.unicodeScalars)[...], isStar: { $0 == "*" },
            matchesOne: { character, globCharacter in globCharacter == "?" || globCharacter == character })
    }

    /// Whether `text` matches `pattern`, whose star elements match any run of elements, none
    /// included. On a mismatch only the last star is retried, taking one more element: the
    /// cost is at most text × pattern, where trying every split of every star would be
    /// exponential in their number.
    private static func wildcardMatch<Element, PatternElement>(
        _ text: ArraySlice<Element>, _ pattern: ArraySlice<PatternElement>,
        isStar: (PatternElement) -> Bool, matchesOne: (Element, PatternElement) -> Bool
    ) -> Bool {
        var textIndex = text.startIndex
        var patternIndex = pattern.startIndex
        var lastStar: Int?
        var starText = text.startIndex
        while textIndex < text.endIndex {
            if patternIndex < pattern.endIndex && isStar(pattern[patternIndex]) {
                lastStar = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if patternIndex < pattern.endIndex && matchesOne(text[textIndex], pattern[patternIndex]) {
                textIndex += 1
                patternIndex += 1
            } else if let star = lastStar {
                patternIndex = star + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < pattern.endIndex && isStar(pattern[patternIndex]) { patternIndex += 1 }
        return patternIndex == pattern.endIndex
    }
}
