/// `removed-link`: a URL that opened a route opens none now.
public enum RemovedLinkRule: ChangeRule {
    public static let description = RuleDescription(
        id: "removed-link",
        defaultSeverity: .error,
        summary: "A URL that opened a route opens none now.",
        rationale: """
            Deep links live outside the app — in emails, notifications, QR codes, other apps and \
            the website — and a link already sent cannot be changed. A route removed, a path \
            narrowed or renamed, `web: false`, a host or scheme dropped: each leaves links that \
            opened a screen yesterday opening nothing, or the browser, tomorrow. The finding names \
            a URL that opened the route and opens no route now. Keep the old path as a route that \
            redirects, or acknowledge the break (see `routelint diff` in the README).
            """,
        triggeringExamples: [
            RuleExample(
                before: ChangeExamples.manifest,
                after: ChangeExamples.changing("requires-auth: true}", to: "requires-auth: true, web: ↓false}"))
        ],
        nonTriggeringExamples: [ChangeExamples.moved])

    static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.links where change.kind == .removed {
            let opened = change.before.map { "route '\(TerminalText.escape($0))'" } ?? "a route"
            findings.report(
                description,
                "\(ChangeWording.urls(change.urls)) opened \(opened); \(ChangeWording.opens(change.urls)) no route now"
                    + (change.cause.map { ": \($0)" } ?? ""),
                at: change.range, related: change.related, subjects: ChangeWording.subjects(change), witnesses: change.urls)
        }
    }
}

/// How the change rules name URLs and routes.
enum ChangeWording {
    /// The witness URLs, escaped for a terminal: "U" or "U and V".
    static func urls(_ urls: [String]) -> String {
        englishList(urls.map(TerminalText.escape))
    }

    /// "it opens" or "they open".
    static func opens(_ urls: [String]) -> String {
        urls.count == 1 ? "it opens" : "they open"
    }

    /// The routes a link change is about, for baselines and fingerprints.
    static func subjects(_ change: RouteChanges.LinkChange) -> [FindingSubject] {
        [change.before, change.after].compactMap { $0 }.map(FindingSubject.route) + [FindingSubject(.value, change.app)]
    }
}
