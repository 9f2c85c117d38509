import RouteLintChanges
import RouteLintCore

/// `removed-link`: a URL that opened a route opens none now.
package enum RemovedLinkRule: ChangeRule {
    package static let description = RuleDescription(
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

    package static func check(_ changes: RouteChanges, into findings: inout FindingSink) {
        for change in changes.links where change.kind == .removed {
            let opened = change.before.map { "route '\($0)'" } ?? "a route"
            findings.report(
                description,
                "\(ChangeWording.urls(change.urls)) opened \(opened); \(ChangeWording.opens(change.urls)) no route now"
                    + (change.cause.map { ": \(ChangeWording.cause($0))" } ?? "") + ChangeWording.android(change.androidShipping),
                at: change.range, related: change.related, subjects: ChangeWording.subjects(change), witnesses: change.urls)
        }
    }
}

/// How the change rules name URLs and routes.
enum ChangeWording {
    /// The witness URLs, escaped for a terminal: "U" or "U and V".
    static func urls(_ urls: [String]) -> String {
        englishList(urls)
    }

    /// "it opens" or "they open".
    static func opens(_ urls: [String]) -> String {
        urls.count == 1 ? "it opens" : "they open"
    }

    /// The routes a link change is about, for baselines and fingerprints.
    /// Why links changed, in words.
    static func cause(_ cause: RouteChanges.LinkCause) -> String {
        let quoted = { (name: String) in "'\(name)'" }
        let origin = { (origin: RouteChanges.Origin) in "\(origin.kind) \(quoted(origin.name))" }
        switch cause {
        case .unclaimedBy(let route): return "route \(quoted(route)) opens it and has web: false, so the app does not claim it"
        case .routeRemoved(let route): return "route \(quoted(route)) was removed"
        case .pathChanged(let route, let path, let former):
            return "route \(quoted(route)) no longer matches it (its path is \(path) now)"
                + (former.map { "; to keep old links opening it, add \($0) to its aliases" } ?? "")
        case .typesNarrowed(let route, let types):
            return "route \(quoted(route)) no longer matches it (its parameters are typed \(types) now)"
        case .pathRemoved(let route): return "route \(quoted(route)) has no path now"
        case .wasUnclaimedBy(let route): return "route \(quoted(route)) had web: false, so the app did not claim it"
        case .inApp(let route): return "route \(quoted(route)) opens it and is in-app, so no link from outside does"
        case .wasInApp(let route): return "route \(quoted(route)) was in-app, so no link from outside opened it"
        case .originUndeclared(let declared): return "\(origin(declared)) is no longer declared"
        case .originMoved(let declared, let app, let opensRoute):
            return "\(origin(declared)) is declared by \(app) now"
                + (opensRoute ? "" : ", and no route of it opens the URL")
        case .originAdded(let declared): return "\(origin(declared)) is new"
        }
    }

    /// How the Android app ships the change, as a last clause.
    static func android(_ shipping: RouteChanges.AndroidShipping?) -> String {
        switch shipping {
        case .assetLinks:
            return "; on Android 15+ an exclude rule in assetlinks.json ships this without an app release (earlier Android needs one)"
        case .appRelease:
            return "; on Android only an app release ships this: assetlinks.json narrows the intent filters, never widens them"
        case nil: return ""
        }
    }

    static func subjects(_ change: RouteChanges.LinkChange) -> [FindingSubject] {
        [change.before, change.after].compactMap { $0 }.map(FindingSubject.route) + [FindingSubject(.value, change.app)]
    }
}
