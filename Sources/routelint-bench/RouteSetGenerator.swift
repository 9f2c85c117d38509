import RouteLintCore

/// Generates realistic, clean route sets: activities with four tabs each, holders with
/// parameters in a scope hierarchy, link trees under every tab root, parameters in most paths,
/// some sheets, feature flags with fallbacks, contexts sent to observing ancestors, and deep
/// link entries. `routelint lint` finds nothing in them, so the benchmark measures the clean
/// path a CI gate takes.
struct RouteSetGenerator {
    /// How the set is written: the same app, in a different shape of text.
    enum Style: String, CaseIterable {
        /// Block mappings, short names and paths (about 115 bytes a route).
        case block
        /// Block mappings, with the long names and paths of a large app's screens (about
        /// 230 bytes a route).
        case long
        /// A route a line, as a flow mapping with quoted paths.
        case flow
    }

    let routeCount: Int
    var style = Style.block
    /// A holder for every route, as an app that gives each screen its own ViewModel owner has;
    /// otherwise one holder per 50 routes.
    var holderPerRoute = false
    /// The routes of every third tab typed — a third of the routes: each id an `int`, with an
    /// optional `ref` and a `page` with a default, as a typed app's routes are. A tab's routes are
    /// typed alike, as an app's are: a route whose id is typed apart from the routes linking to it
    /// cannot be stacked below them (`unbuildable-stack`), and the set would not be clean.
    var typedThird = false

    init(routeCount: Int, style: Style = .block) {
        self.routeCount = routeCount
        self.style = style
    }

    var activityCount: Int { max(2, routeCount / 20_000) }
    static let tabsPerActivity = 4
    var itemHolderCount: Int { holderPerRoute ? routeCount : max(10, routeCount / 50) }

    /// The id of item `item` of the tab whose routes start with `prefix`.
    private func routeID(_ prefix: String, _ item: Int) -> String {
        style == .long ? "\(prefix)-catalogue-product-detail-screen-\(item)" : "\(prefix)-\(item)"
    }

    private func itemHolder(_ index: Int) -> String {
        style == .long ? "CatalogueProductDetailScreenHolder\(index)" : "ItemHolder\(index)"
    }

    /// The route set as files of at most `routesPerFile` routes each, plus a shell file
    /// with the activities, tabs and holders. With `routesPerFile == nil`, one file holds all.
    func files(routesPerFile: Int?) -> [(name: String, text: String)] {
        let tabs = tabList()
        let perTab = max(0, routeCount - tabs.count) / tabs.count
        var extra = max(0, routeCount - tabs.count) - perTab * tabs.count
        var routeTexts: [String] = []
        routeTexts.reserveCapacity(routeCount)
        var routeIndex = 0
        for (activity, tab) in tabs {
            let count = perTab + (extra > 0 ? 1 : 0)
            if extra > 0 { extra -= 1 }
            let prefix = "a\(activity)-t\(tab)"
            var root = Fields()
            root.add("path", "/a\(activity)/t\(tab)")
            root.add("holder", "TabHolder\(activity)_\(tab)")
            root.add("observes", "[\((0..<7).map { "Ctx\($0)" }.joined(separator: ", "))]")
            if count > 0 { root.add("links", "[\(routeID(prefix, 0))]") }
            routeTexts.append(root.text(id: "\(prefix)-root", flow: style == .flow))
            for item in 0..<count {
                routeTexts.append(route(prefix: prefix, activity: activity, tab: tab, item: item, siblings: count, globalIndex: routeIndex))
                routeIndex += 1
            }
        }
        let shell = shellText(tabs: tabs)
        guard let routesPerFile else {
            return [(name: "app.routes.yaml", text: shell + "routes:\n" + routeTexts.joined())]
        }
        var files = [(name: "app.routes.yaml", text: shell)]
        var start = 0
        while start < routeTexts.count {
            let end = min(start + routesPerFile, routeTexts.count)
            let number = String(files.count).leftPadded(to: 5)
            files.append(
                (
                    name: "feature-\(number).routes.yaml",
                    text: "manifest: 1\napp: bench\nroutes:\n" + routeTexts[start..<end].joined()
                ))
            start = end
        }
        return files
    }

    private func tabList() -> [(activity: Int, tab: Int)] {
        (0..<activityCount).flatMap { activity in (0..<Self.tabsPerActivity).map { (activity, $0) } }
    }

    private func shellText(tabs: [(activity: Int, tab: Int)]) -> String {
        var text = "manifest: 1\napp: bench\nschemes: [bench]\nhosts: [bench.example.com]\nactivities:\n"
        for activity in 0..<activityCount {
            text += "  a\(activity):\n    title: Activity \(activity)\n    icon: square\n    default-tab: a\(activity)-t0\n"
        }
        text += "tabs:\n"
        for (activity, tab) in tabs {
            text +=
                "  a\(activity)-t\(tab):\n    activity: a\(activity)\n    index: \(tab)\n    root: a\(activity)-t\(tab)-root\n    icon: tab\(tab)\n"
        }
        text += "holders:\n  AppHolder:\n    scope: app\n"
        for activity in 0..<activityCount {
            text += "  ActivityHolder\(activity):\n    scope: activity\n    parent: AppHolder\n"
            for tab in 0..<Self.tabsPerActivity {
                text += "  TabHolder\(activity)_\(tab):\n    scope: tab\n    parent: ActivityHolder\(activity)\n"
            }
        }
        for holder in 0..<itemHolderCount {
            text += "  \(itemHolder(holder)):\n    params: [itemId]\n    parent: AppHolder\n"
        }
        return text
    }

    /// Item `item` of a tab: a node of a binary tree of links under the tab's root.
    private func route(prefix: String, activity: Int, tab: Int, item: Int, siblings: Int, globalIndex: Int) -> String {
        var fields = Fields()
        switch style {
        case .block: fields.add("path", "/a\(activity)/t\(tab)/s\(item / 100)/item\(item)/:itemId")
        case .long: fields.add("path", "/a\(activity)/t\(tab)/catalogue-section-\(item / 100)/product-details-\(item)/:itemId")
        case .flow: fields.add("path", "'/a\(activity)/t\(tab)/s\(item / 100)/item\(item)/:itemId'")
        }
        if typedThird && (activity * Self.tabsPerActivity + tab) % 3 == 0 {
            fields.add("params", "{itemId: int}")
            fields.add("query", "{ref: string, page: {type: int, default: 1}}")
        }
        fields.add("activity", "a\(activity)")
        // Every item holder is bound: the first routes take them in turn.
        fields.add("holder", itemHolder(globalIndex % itemHolderCount))
        let children = [2 * item + 1, 2 * item + 2].filter { $0 < siblings }
        if !children.isEmpty { fields.add("links", "[\(children.map { routeID(prefix, $0) }.joined(separator: ", "))]") }
        if item % 10 == 9 {
            fields.add("presentation", "sheet")
            fields.add("stacked", "true")
        }
        if item % 50 == 7 {
            fields.add("feature", "flag\(item)")
            fields.add("fallback", "\(prefix)-root")
        }
        if item % 20 == 3 { fields.add("sends", "[Ctx\(item % 7)]") }
        if item % 25 == 11 {
            fields.add("entry", "true")
            fields.add("requires-auth", "true")
        }
        return fields.text(id: routeID(prefix, item), flow: style == .flow)
    }

    /// A route's fields, written as a block or a flow mapping.
    private struct Fields {
        private var pairs: [(key: String, value: String)] = []

        mutating func add(_ key: String, _ value: String) { pairs.append((key, value)) }

        func text(id: String, flow: Bool) -> String {
            if flow { return "  \(id): {\(pairs.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}\n" }
            return "  \(id):\n" + pairs.map { "    \($0.key): \($0.value)\n" }.joined()
        }
    }

    /// 20,000 routes by default, where every route of the first half conflicts with every
    /// route of the second: `/:a/sN` against `/sM/:b`.
    static func hostile(routeCount: Int) -> String {
        var text = "manifest: 1\nactivities: {main: {}}\ntabs: {home: {activity: main, index: 0, root: home, icon: i}}\n"
        text += "holders: {H: {}}\nroutes:\n  home: {holder: H}\n"
        for index in 0..<routeCount / 2 {
            text += "  first\(index): {path: '/:a/s\(index)', activity: main, holder: H, entry: true}\n"
        }
        for index in 0..<routeCount / 2 {
            text += "  second\(index): {path: '/s\(index)/:b', activity: main, holder: H, entry: true}\n"
        }
        return text
    }
}

extension RouteSetGenerator {
    /// Routes that each lack their activity and holder and that nothing reaches: three
    /// findings a route, for measuring a run whose size is its findings.
    static func findingsOnly(routeCount: Int) -> String {
        var text = "manifest: 1\nroutes:\n"
        for index in 0..<routeCount { text += "  r\(index): {path: /r/\(index)}\n" }
        return text
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
