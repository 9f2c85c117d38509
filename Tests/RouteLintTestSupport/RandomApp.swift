/// Seeded random apps of one activity — sheets, stacks, `up`, feature flags, typed values and
/// sign-in at random — for the tests that hold the navigation planner and the generated
/// runtimes to the documented definition of a plan.
public enum RandomApp {
    /// A route of a random app, as an oracle reads it.
    public struct Route {
        public var id: String
        /// Its path parameter, if any: name and type.
        public var parameter: (name: String, type: String)?
        /// A query item it declares: name, type, whether required.
        public var item: (name: String, type: String, required: Bool)?
        public var presentation = "push"
        public var stacked = false
        public var links: [Int] = []
        public var up: Int?
        public var feature: String?
        public var fallback: Int?
        public var requiresAuth = false
    }

    /// A random app: `count` routes in one activity, the first `tabs` of them the tabs' roots
    /// (no parameters), each route's path its own first segment, so that no two conflict; `up`
    /// only where that route links to it, so that the app lints without errors.
    public static func make(seed: UInt64, count: Int, tabs: Int) -> (manifest: String, routes: [Route]) {
        var random = SeededRandom(state: seed)
        var routes: [Route] = []
        for index in 0..<count {
            var route = Route(id: "r\(index)")
            if index >= tabs {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: route.parameter = ("id", "int")
                case 1: route.parameter = ("id", "string")
                case 2: route.parameter = ("code", "string")
                case 3: route.item = ("code", "string", Bool.random(using: &random))
                default: break
                }
                let presentation = Int.random(in: 0..<5, using: &random)
                route.presentation = presentation == 0 ? "sheet" : presentation == 1 ? "fullscreen" : "push"
                route.stacked = route.presentation != "push" && Bool.random(using: &random)
                if Int.random(in: 0..<5, using: &random) == 0 {
                    route.feature = Bool.random(using: &random) ? "f1" : "f2"
                    if Bool.random(using: &random) { route.fallback = Int.random(in: 0..<count, using: &random) }
                }
                route.requiresAuth = Int.random(in: 0..<5, using: &random) == 0
            }
            routes.append(route)
        }
        for index in routes.indices {
            routes[index].links = routes.indices.filter { $0 != index && Int.random(in: 0..<10, using: &random) < 3 }
        }
        for index in routes.indices where index >= tabs && Int.random(in: 0..<3, using: &random) == 0 {
            let linking = routes.indices.filter { routes[$0].links.contains(index) }
            if let up = linking.randomElement(using: &random) { routes[index].up = up }
        }
        var text = "manifest: 1\nactivities: {main: {default-tab: t0}}\ntabs:\n"
        for tab in 0..<tabs { text += "  t\(tab): {activity: main, index: \(tab), root: r\(tab), icon: i}\n" }
        text += "holders: {H: {}}\nroutes:\n"
        for route in routes {
            var fields = ["path: /\(route.id)" + (route.parameter.map { "/:\($0.name)" } ?? ""), "activity: main", "holder: H"]
            if let parameter = route.parameter, parameter.type != "string" {
                fields.append("params: {\(parameter.name): \(parameter.type)}")
            }
            if let item = route.item { fields.append("query: {\(item.name): {type: \(item.type), required: \(item.required)}}") }
            if route.presentation != "push" { fields.append("presentation: \(route.presentation)") }
            if route.stacked { fields.append("stacked: true") }
            if !route.links.isEmpty { fields.append("links: [" + route.links.map { "r\($0)" }.joined(separator: ", ") + "]") }
            if let up = route.up { fields.append("up: r\(up)") }
            if let feature = route.feature { fields.append("feature: \(feature)") }
            if let fallback = route.fallback { fields.append("fallback: r\(fallback)") }
            if route.requiresAuth { fields.append("requires-auth: true") }
            fields.append("entry: true")
            text += "  \(route.id): {" + fields.joined(separator: ", ") + "}\n"
        }
        return (text, routes)
    }
}
