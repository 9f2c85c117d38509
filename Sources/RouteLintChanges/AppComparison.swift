import RouteLintCore
import RouteLintPlatform

/// One app in two revisions: its API surface (AppComparison+API.swift), its links
/// (AppComparison+Links.swift) and its origins (AppComparison+Origins.swift) compared.
struct AppComparison {
    /// A walk, with the automata it walked.
    typealias Walked = (walk: PathChangeWalk, before: ClaimedSegments, after: ClaimedSegments)

    let before: AppModel?
    let after: AppModel?
    let locations: DiffLocations
    let appName: String

    /// Every app of each revision: an origin one app drops may be another's now.
    let everyBefore: [AppModel]
    let everyAfter: [AppModel]

    init(before: AppModel?, after: AppModel?, everyBefore: [AppModel], everyAfter: [AppModel], locations: DiffLocations) {
        self.before = before
        self.after = after
        self.everyBefore = everyBefore
        self.everyAfter = everyAfter
        self.locations = locations
        let app = (after ?? before)!
        appName = app.displayName
    }

    func run(into changes: inout RouteChanges) {
        guard let before else {
            if let after { originsAdded(after, Self.walk(after, after, counterpart: nil), schemes: [], hosts: [], into: &changes) }
            return
        }
        guard let after else {
            appRemoved(before, into: &changes)
            return
        }
        let counterparts = Self.counterparts(before, after)
        compareAPI(before, after, counterparts, into: &changes)
        compareLinks(before, after, counterparts.routes, into: &changes)
    }
}
