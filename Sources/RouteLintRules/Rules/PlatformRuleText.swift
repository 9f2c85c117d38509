/// Words the platform-file rules share.
enum PlatformRuleText {
    /// The fix for a difference in a file `generate app-links` wrote: the routes changed since,
    /// and the file is made from them, not edited (docs/app-links.md).
    static func regenerate(_ file: String?) -> String {
        "; \(file ?? "the file") says `routelint generate app-links` wrote it: the routes changed since, so run it again"
    }
}
