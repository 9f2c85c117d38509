/// What the platforms read of app-link files: Android's API ranges that read intent filters
/// alike, and the largest apple-app-site-association iOS reads. Generation and the checks of
/// platform files share them.
package enum AppLinkLimits {
    /// The API levels where Android reads more of a filter: advanced patterns and suffixes,
    /// then groups. Within a range every level claims alike.
    static let apiBoundaries = [AndroidPathPattern.Kind.advancedGlob.introducedIn, AndroidIntentFilter.groupsIntroducedIn]

    /// The API ranges from `minimum` up within which filters claim alike.
    package static func apiRanges(from minimum: Int) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var lower = minimum
        for boundary in apiBoundaries where boundary > lower {
            ranges.append(lower...(boundary - 1))
            lower = boundary
        }
        ranges.append(lower...Int.max)
        return ranges
    }

    /// `26–30`, `31`, `33+`: an API range in words.
    package static func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == Int.max { return "\(range.lowerBound)+" }
        return range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
    }

    /// The largest apple-app-site-association iOS reads: it ignores a larger file, and opens
    /// no universal link at all.
    package static let maximumAssociationSize = 131_072
}
