import RouteLintChanges
import RouteLintCore
import RouteLintTestSupport
import Testing

/// The facts of a change through Changes' own API, in memory: two revisions' apps compared,
/// no run, no rule wording them.
@Suite("Change facts")
struct ChangeFactsTests {
    /// An app with a scheme and a host, and `routes` (each a line below `routes:`).
    static func manifest(_ routes: [String]) -> String {
        """
        manifest: 1
        app: shop
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {main: {}}
        holders: {H: {}}
        routes:
          home: {path: /, activity: main, holder: H, entry: true}

        """ + routes.map { "  \($0)\n" }.joined()
    }

    /// The changes from `before` to `after`, each revision one file, numbered as `diff`'s
    /// report numbers them: the current file first, then the earlier one.
    static func changes(_ before: [String], _ after: [String]) -> RouteChanges {
        let earlier = apps(fromManifests: [manifest(before)])
        let now = apps(fromManifests: [manifest(after)])
        let lines = [manifest(after), manifest(before)].map { $0.split(separator: "\n", omittingEmptySubsequences: false).count }
        return RouteChanges(before: earlier, after: now, locations: DiffLocations(offset: 1, counterpart: [FileID(0)], lineCounts: lines))
    }

    @Test("a moved path: its new URLs open it, its old ones open no route, each kind with witnesses of every origin")
    func movedPath() {
        let changes = Self.changes(
            ["product: {path: /products/:id, activity: main, holder: H}"], ["product: {path: /items/:id, activity: main, holder: H}"])
        #expect(changes.links.map(\.kind) == [.added, .removed])
        #expect(changes.links.map(\.before) == [nil, "product"])
        #expect(changes.links.map(\.after) == ["product", nil])
        #expect(
            changes.links.map(\.urls) == [
                ["shop://items/x", "https://shop.example.com/items/x"], ["shop://products/x", "https://shop.example.com/products/x"],
            ])
        #expect(changes.incomplete.isEmpty)
    }

    @Test("a renamed route with the same pattern is an API change only; the same set is no change at all")
    func renamedRoute() {
        let renamed = Self.changes(
            ["product: {path: /products/:id, activity: main, holder: H}"],
            ["item: {path: /products/:item, activity: main, holder: H}"])
        #expect(renamed.links.isEmpty)
        guard case .routeRenamed(let id, let to)? = renamed.api.first?.kind else {
            Issue.record("no rename: \(renamed.api.map(\.kind))")
            return
        }
        #expect((id, to) == ("product", "item"))
        // The earlier revision's place is numbered after the current file.
        #expect(renamed.api.first?.earlier?.file == FileID(1))
        let same = Self.changes(
            ["product: {path: /products/:id, activity: main, holder: H}"], ["product: {path: /products/:id, activity: main, holder: H}"])
        #expect(same.links.isEmpty && same.api.isEmpty && same.auth.isEmpty)
    }
}
