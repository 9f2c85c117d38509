import Testing

@testable import RouteLintCore

@Suite("Routes read in place")
struct RouteInPlaceTests {
    /// Two chunks and part of a third, each route's `up` naming the route before it on every
    /// seventh, so that the reads cross the chunks' ends and a box of optional fields.
    private static func routes(count: Int, withUp: (Int) -> Bool) -> EntityList<Route> {
        var symbols = SymbolTable()
        var routes = EntityList<Route>()
        let range = SourceRange.fileStart(FileID(0))
        for position in 0..<count {
            var route = Route(id: LocatedName(symbols.intern("r\(position)"), at: range))
            if withUp(position) { route.up = LocatedName(symbols.intern("r\(position - 1)"), at: range) }
            routes.append(route)
        }
        return routes
    }

    @Test("gives every route, in order, at its position, with the fields the list holds")
    func visitsEveryRouteInOrder() {
        let routes = Self.routes(count: 2 * 4_096 + 5) { $0 % 7 == 1 }
        var visited = 0
        routes.forEachInPlace { position, route in
            #expect(position == visited)
            #expect(route.id.value == routes[position].id.value)
            #expect(route.up?.value == routes[position].up?.value)
            #expect(route.route.id.value == routes[position].id.value)
            visited += 1
        }
        #expect(visited == routes.count)
    }

    @Test("finds a route that satisfies a predicate in any chunk, and none when no route does")
    func containsAcrossChunks() {
        let last = 2 * 4_096 + 4
        let routes = Self.routes(count: last + 1) { $0 == last }
        #expect(routes.containsInPlace { $0.up != nil })
        #expect(!routes.containsInPlace { $0.fallback != nil })
        #expect(!EntityList<Route>().containsInPlace { _ in true })
    }
}
