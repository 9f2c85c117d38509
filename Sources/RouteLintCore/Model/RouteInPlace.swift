/// A route of an app's list, read where the list holds it, for a pass of a rule over every route.
///
/// A `for … in` loop hands out each route as a copy: its value witness, the retains of its path
/// and of its list of optional fields, and their releases — some 170 instructions a route, and a
/// lint passes over the routes in most of its rules. A rule in another module cannot read a
/// route in place itself: the route's fields that most routes leave out are read through getters
/// of this module, which take the route whole, so the caller copies it to call them. This view is
/// one pointer, and its getters, compiled here, read the route in place.
///
/// It is valid only inside the closure `EntityList.forEachInPlace` gives it to, and must not
/// outlive it.
package struct RouteInPlace {
    private let pointer: UnsafePointer<Route>

    fileprivate init(_ pointer: UnsafePointer<Route>) {
        self.pointer = pointer
    }

    /// The route itself, copied.
    package var route: Route { pointer.pointee }

    /// The route's id.
    package var id: LocatedName { pointer.pointee.id }
    /// Its path, when it is a valid pattern.
    package var path: Located<PathPattern>? { pointer.pointee.path }
    /// `activity`.
    package var activity: LocatedName? { pointer.pointee.activity }
    /// `holder`.
    package var holder: LocatedName? { pointer.pointee.holder }
    /// `links`.
    package var links: NameList { pointer.pointee.links }
    /// The keys the route was written with.
    package var written: KeySet<RouteKey> { pointer.pointee.written }
    /// `feature`.
    package var feature: LocatedName? { pointer.pointee.feature }
    /// `fallback`.
    package var fallback: LocatedName? { pointer.pointee.fallback }
    /// `up`.
    package var up: LocatedName? { pointer.pointee.up }
    /// `sends`.
    package var sends: NameList { pointer.pointee.sends }
    /// `observes`.
    package var observes: NameList { pointer.pointee.observes }
    /// `aliases`.
    package var aliases: [Located<PathPattern>] { pointer.pointee.aliases }
    /// `params`.
    package var params: [ParameterType] { pointer.pointee.params }
    /// `query`.
    package var query: [QueryItem] { pointer.pointee.query }
    /// See `Route.hasUndecidedValues`.
    package var hasUndecidedValues: Bool { pointer.pointee.hasUndecidedValues }
    /// The presentation, `push` when none is written.
    package var effectivePresentation: Presentation { pointer.pointee.effectivePresentation }
    /// Whether it has its own navigation stack.
    package var isStacked: Bool { pointer.pointee.isStacked }
}

extension EntityList where Entity == Route {
    /// Calls `body` with each route, in order, and its position, read where the list holds it.
    package func forEachInPlace(_ body: (_ position: Int, _ route: RouteInPlace) -> Void) {
        var start = 0
        for chunk in chunks {
            chunk.withUnsafeBufferPointer { routes in
                for offset in routes.indices { body(start + offset, RouteInPlace(routes.baseAddress! + offset)) }
            }
            start += chunk.count
        }
    }

    /// What `body` reads of the route at `position`, read where the list holds it.
    package func withRouteInPlace<Result>(at position: Int, _ body: (RouteInPlace) -> Result) -> Result {
        chunks[position / Self.chunkSize].withUnsafeBufferPointer { routes in
            body(RouteInPlace(routes.baseAddress! + position % Self.chunkSize))
        }
    }

    /// Whether some route, read in place, satisfies `predicate`.
    package func containsInPlace(where predicate: (RouteInPlace) -> Bool) -> Bool {
        for chunk in chunks {
            let found = chunk.withUnsafeBufferPointer { routes in
                routes.indices.contains { predicate(RouteInPlace(routes.baseAddress! + $0)) }
            }
            if found { return true }
        }
        return false
    }
}
