import Testing
import RouteLintTestSupport

@testable import RouteLintCore

/// Navigation plans of seeded random apps against a reading of docs/code-generation.md
/// ("Navigation plans") that shares no code with the planner: every simple path from a tab's
/// root is listed, the valid ones kept (values carried, pushes only onto what holds them, each
/// honoured `up` right below its route), the shortest with the smallest id sequence taken, and
/// the tab chosen among those whose root has one.
@Suite("Navigation plans: random apps against the documented definition")
struct NavigationPlanOracleTests {
    /// The values a link to `route` carries: its path parameter, and its query item when
    /// `withItem` (always when the item is required).
    static func values(of route: RandomApp.Route, withItem: Bool) -> [(name: String, type: String, value: String)] {
        var values: [(name: String, type: String, value: String)] = []
        if let parameter = route.parameter { values.append((parameter.name, parameter.type, parameter.type == "int" ? "7" : "x")) }
        if let item = route.item, withItem || item.required { values.append((item.name, item.type, "q")) }
        return values
    }

    /// The plan by the definition, as `describe` writes it.
    static func oracle(
        _ routes: [RandomApp.Route], tabs: Int, target original: Int, values: [(name: String, type: String, value: String)],
        requestedTab: Int?, off: Set<String>
    ) -> String {
        // Flags: a route whose feature is off opens its fallback.
        var target = original
        var replaced = 0
        while let feature = routes[target].feature, off.contains(feature) {
            guard let fallback = routes[target].fallback, replaced < routes.count else { return "none" }
            target = fallback
            replaced += 1
        }
        // A route's entry: its path parameter from the value of its name and type, its query
        // item likewise, else nothing (a required one: no entry).
        func entry(_ index: Int) -> String? {
            let route = routes[index]
            var params: [String] = []
            if let parameter = route.parameter {
                guard let value = values.first(where: { $0.name == parameter.name && $0.type == parameter.type }) else { return nil }
                params.append("\(parameter.name)=\(value.value)")
            }
            if let item = route.item {
                if let value = values.first(where: { $0.name == item.name && $0.type == item.type }) {
                    params.append("\(item.name)=\(value.value)")
                } else if item.required {
                    return nil
                }
            }
            return route.id + (params.isEmpty ? "" : "(" + params.joined(separator: ",") + ")")
        }
        // A route's `up` is honoured from `root` when it is the root or the link carries its values
        // (the random apps name an `up` only where it links to the route).
        func honouredUp(_ index: Int, root: Int) -> Int? {
            guard let up = routes[index].up, up != index, up == root || entry(up) != nil else { return nil }
            return up
        }
        // Every simple path from `root` whose every step a stack may take — the link carries the
        // route's values, a presented route that is not stacked holds no push, a route whose
        // `up` is honoured comes right after it — the shortest to each route with the smallest
        // ids, listed by one walk per root.
        var bestByRoot: [Int: [Int: [Int]]] = [:]
        func best(from root: Int, to destination: Int) -> [Int]? {
            if destination == root { return [root] }
            if let known = bestByRoot[root] { return known[destination] }
            var found: [Int: [Int]] = [:]
            func walk(_ path: [Int]) {
                let last = path.last!
                if let current = found[last] {
                    let better =
                        path.count < current.count
                        || path.count == current.count
                            && path.map { routes[$0].id }.lexicographicallyPrecedes(current.map { routes[$0].id })
                    if better { found[last] = path }
                } else {
                    found[last] = path
                }
                for next in routes[last].links where !path.contains(next) {
                    let holds = routes[last].presentation == "push" || routes[last].stacked || last == root
                    guard holds || routes[next].presentation != "push", entry(next) != nil else { continue }
                    if let up = honouredUp(next, root: root), up != last { continue }
                    walk(path + [next])
                }
            }
            walk([root])
            bestByRoot[root] = found
            return found[destination]
        }
        // No path: the stack to the route's honoured `up` (else the root and the `up`), then the
        // route; else the root and the route.
        func fallback(from root: Int, to destination: Int) -> [Int] {
            if destination == root { return [root] }
            guard let up = honouredUp(destination, root: root) else { return [root, destination] }
            return (best(from: root, to: up) ?? [root, up]) + [destination]
        }
        // A fallback that needs a value the link does not carry has no plan.
        guard entry(target) != nil else { return "none" }
        // The tab: the one asked for; else the tab whose root builds a stack in the fewest links
        // (the smaller index on a tie); else the one whose root is fewest links away along links
        // alone (the first on a tie), with the fallback stack.
        var tab = 0
        var path: [Int]
        if let requestedTab {
            tab = requestedTab
            path = best(from: tab, to: target) ?? fallback(from: tab, to: target)
        } else if let chosen = (0..<tabs).compactMap({ root in best(from: root, to: target).map { (root, $0) } })
            .min(by: { $0.1.count < $1.1.count })
        {
            (tab, path) = chosen
        } else {
            var distances = [Int?](repeating: nil, count: tabs)
            for root in 0..<tabs {
                var distance = [root: 0]
                var queue = [root]
                while !queue.isEmpty {
                    let vertex = queue.removeFirst()
                    for next in routes[vertex].links where distance[next] == nil {
                        distance[next] = distance[vertex]! + 1
                        queue.append(next)
                    }
                }
                distances[root] = distance[target]
            }
            if let best = distances.compactMap({ $0 }).min() { tab = distances.firstIndex(of: best)! }
            path = fallback(from: tab, to: target)
        }
        let steps = path.filter { $0 == target || !(routes[$0].feature.map(off.contains) ?? false) }
        var stack: [String] = []
        var presented: [String] = []
        var requiresAuth = false
        for (index, step) in steps.enumerated() {
            guard let made = entry(step) else { return "none" }
            requiresAuth = requiresAuth || routes[step].requiresAuth
            if index > 0 && routes[step].presentation != "push" {
                presented.append("\(routes[step].presentation) \(made)\(routes[step].stacked ? " stacked" : "") >")
            } else if presented.isEmpty {
                stack.append(made)
            } else {
                presented[presented.count - 1] += " " + made
            }
        }
        return "tab t\(tab): " + stack.joined(separator: " ") + (presented.isEmpty ? "" : " | " + presented.joined(separator: " | "))
            + (requiresAuth ? " (sign-in)" : "")
    }

    /// The planner's plan, written as the oracle writes it.
    static func describe(_ outcome: Result<NavigationPlan, NavigationPlanner.Refusal>) -> String {
        guard case .success(let plan) = outcome else { return "none" }
        func entry(_ entry: NavigationPlan.Entry) -> String {
            entry.route + (entry.params.isEmpty ? "" : "(" + entry.params.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + ")")
        }
        let presented = plan.presented.map { presented in
            "\(presented.presentation.rawValue) \(entry(presented.entry))\(presented.stacked ? " stacked" : "") >"
                + presented.stack.map { " " + entry($0) }.joined()
        }
        return "tab \(plan.tab ?? "none"): " + plan.stack.map(entry).joined(separator: " ")
            + (presented.isEmpty ? "" : " | " + presented.joined(separator: " | ")) + (plan.requiresAuth ? " (sign-in)" : "")
    }

    @Test(
        "every route of 60 seeded random apps, in every tab, with and without its query item, flags on and off: the planner's plan is the definition's"
    )
    func randomApps() throws {
        var compared = 0
        var kinds = Set<String>()
        for seed in 1...60 as ClosedRange<UInt64> {
            let tabs = seed % 3 == 0 ? 1 : 2
            let (manifest, routes) = RandomApp.make(seed: seed, count: 4 + Int(seed % 6), tabs: tabs)
            let app = try #require(apps(fromManifests: [manifest]).first)
            var planner = NavigationPlanner(app: app, nearestTab: URLResolver.nearestTabs(app))
            for (index, route) in routes.enumerated() {
                let model = try #require(app.route(named: route.id))
                for requested in [nil] + Array(0..<tabs) {
                    for withItem in [false, true] {
                        for off in [[], ["f1"], ["f1", "f2"]] as [Set<String>] {
                            let values = Self.values(of: route, withItem: withItem)
                            let outcome = planner.plan(
                                model,
                                values: values.map { .init(name: $0.name, value: $0.value, type: $0.type == "int" ? .int : .string) },
                                requestedTab: requested.flatMap { app.symbols.lookup("t\($0)") }, isOff: off.contains)
                            let expected = Self.oracle(
                                routes, tabs: tabs, target: index, values: values, requestedTab: requested, off: off)
                            let described = Self.describe(outcome)
                            #expect(
                                described == expected, "seed \(seed), \(route.id), tab \(requested.map(String.init) ?? "-"), off \(off)")
                            compared += 1
                            if described.contains("|") { kinds.insert("presented") }
                            if described.contains(" > ") { kinds.insert("pushed inside") }
                            if described == "none" { kinds.insert("none") }
                            if described.contains("(sign-in)") { kinds.insert("sign-in") }
                            if described.split(separator: " ").count > 5 { kinds.insert("deep") }
                        }
                    }
                }
            }
        }
        // The apps reach every kind of plan, so the comparison is not of trivial ones only.
        #expect(kinds == ["presented", "pushed inside", "none", "sign-in", "deep"])
        #expect(compared > 5_000)
    }
}
