/// What differs between the languages in the holder registry's body. `HolderRegistryWriter`
/// decides what the registry holds and does, from the plan; a spelling only writes it.
protocol RegistrySpelling {
    /// The declarations of where the registry keeps its holders, by kind and key of scope.
    func storage(_ holders: [RouterBlueprint.HolderEntry]) -> [String]
    /// The general accessor, whole: the holder of any route, whatever its type, found by a
    /// dispatch on the position of the route's holder (a `switch` over a thousand route cases
    /// is more than the Swift compiler proves exhaustive).
    func generalAccessor(_ holders: [RouterBlueprint.HolderEntry]) -> [String]
    /// The typed accessor of a route's holder, whole.
    func typedAccessor(_ route: RouterBlueprint.RouteEntry, _ holder: RouterBlueprint.HolderEntry) -> [String]
    /// The function that returns a route's holder, made with `arguments` (params, then parent)
    /// and kept when there is none yet; `position` is the holder's among `HolderKind`'s cases,
    /// `usesRoute` false when the route gives it nothing.
    func instance(_ holder: RouterBlueprint.HolderEntry, position: Int, arguments: [String], usesRoute: Bool) -> [String]
    /// Private helpers the instance functions share.
    var helpers: [String] { get }
    /// The value of a holder's param: the route's path parameter of that name.
    func argument(_ parameter: RouterBlueprint.Parameter) -> String
    /// The value of a holder's parent: the parent's instance for the same route.
    func parent(_ parent: RouterBlueprint.HolderEntry) -> String
    /// The body of `cleanup(activeRoutes:)`: release every holder whose key of scope is not
    /// active (a route not in `activeRoutes`, a tab or activity none of them is in).
    func cleanupBody(_ holders: [RouterBlueprint.HolderEntry]) -> [String]
    /// The opening of `cleanup`.
    var cleanup: String { get }
    /// A documentation comment of these lines.
    func documentation(_ lines: [String]) -> [String]
}

/// The holder registry's body, the same in every language: where holders are kept, the general
/// accessor, a typed accessor per route, a function per holder that finds or creates it with
/// its params and parent, and `cleanup`.
enum HolderRegistryWriter {
    static func body(_ blueprint: RouterBlueprint, _ spelling: some RegistrySpelling, _ code: inout CodeWriter) {
        let holders = blueprint.holders
        for line in spelling.storage(holders) { code.line(line) }
        code.line()
        for line in spelling.documentation(["The holder of a route, created with its parents when it does not exist yet."]) {
            code.line(line)
        }
        for line in spelling.generalAccessor(holders) { code.line(line) }
        for route in blueprint.routes {
            guard let holder = blueprint.holder(route.holder) else { continue }
            code.line()
            for line in spelling.typedAccessor(route, holder) { code.line(line) }
        }
        for (position, holder) in holders.enumerated() {
            code.line()
            // An app-scoped holder with no params and no parent needs nothing of the route.
            let usesRoute = holder.scope != .app || !holder.parameters.isEmpty || holder.parent != nil
            let arguments =
                holder.parameters.map(spelling.argument) + (holder.parent.flatMap(blueprint.holder).map { [spelling.parent($0)] } ?? [])
            for line in spelling.instance(holder, position: position, arguments: arguments, usesRoute: usesRoute) { code.line(line) }
        }
        if !spelling.helpers.isEmpty { code.line() }
        for line in spelling.helpers { code.line(line) }
        code.line()
        let documentation = [
            "Lets go of the holders no active route needs: route-scoped ones of inactive routes, tab- and",
            "activity-scoped ones of tabs and activities no active route is in. App-scoped ones stay.",
        ]
        for line in spelling.documentation(documentation) { code.line(line) }
        code.block(spelling.cleanup) { code in
            for line in spelling.cleanupBody(holders) { code.line(line) }
        }
    }
}
