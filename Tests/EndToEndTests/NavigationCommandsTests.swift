import Foundation
import Testing

@Suite("routelint resolve and graph, end to end")
struct NavigationCommandsTests {
    @Test("resolve prints route, activity, tab, holder, params and query; exit 0 when all resolve")
    func resolveText() throws {
        let result = try RouteLint.run(["resolve", "--manifest", "Manifests", "shop://products/42?ref=mail"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                shop://products/42?ref=mail → route 'product-detail'
                  activity  ecommerce
                  tab       home
                  holder    ProductHolder
                  params    productId=42
                  query     ref=mail

                """)
    }

    @Test("resolve --format json prints one object per URL, in input order; exit 1 when one does not resolve")
    func resolveJSON() throws {
        let result = try RouteLint.run([
            "resolve", "--manifest", "Manifests", "--format", "json",
            "https://shop.example.com/brochures/7?tab=brochures", "/nowhere",
        ])
        #expect(result.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["status"] as? String == "resolved")
        #expect(array[0]["route"] as? String == "brochure-detail")
        #expect(array[0]["tab"] as? String == "brochures")
        #expect(array[0]["params"] as? [String: String] == ["brochureId": "7"])
        #expect(array[0]["query"] as? [String: String] == [:])
        #expect(array[1]["status"] as? String == "unmatched")
        #expect(array[1]["route"] is NSNull)
        #expect(
            Set(array[1].keys) == [
                "url", "status", "route", "alias", "candidates", "activity", "tab", "holder", "params", "query", "reason",
                "notHandedToApp",
            ])
        #expect(array[0]["notHandedToApp"] is NSNull)
    }

    @Test("resolve says when the phone opens a URL in the browser though its route matches: http, and https of a web: false route")
    func notHandedToApp() throws {
        let urls = [
            "http://shop.example.com/products/42", "https://shop.example.com/checkout", "shop://checkout",
            "https://shop.example.com/products/42",
        ]
        let result = try RouteLint.run(["resolve", "--manifest", "Manifests", "--format", "json"] + urls)
        // The router still opens each route: the exit status says so.
        #expect(result.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["status"] as? String } == ["resolved", "resolved", "resolved", "resolved"])
        #expect(
            array.map { $0["notHandedToApp"] as? String } == [
                "universal links are https only, as are the intent filters routelint writes: the browser opens an http URL "
                    + "(its https URL opens the app)",
                "route 'checkout' is web: false: no link file claims it, so the browser opens the website (shop://checkout opens the app)",
                nil, nil,
            ])
        let text = try RouteLint.run(["resolve", "--manifest", "Manifests", "https://shop.example.com/checkout"])
        #expect(
            text.stdout.contains(
                "  app       not opened: route 'checkout' is web: false: no link file claims it, so the browser opens the website"))
    }

    @Test("resolve --plan prints each URL's plan of the example app; --flag turns a feature off; a bad or unknown --flag fails")
    func resolvePlan() throws {
        let result = try RouteLint.run([
            "resolve", "--manifest", "Manifests", "--plan", "https://shop.example.com/orders/7", "https://shop.example.com/products/new",
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                https://shop.example.com/orders/7 → route 'order-status'
                  activity  ecommerce
                  tab       cart
                  holder    OrderHolder
                  params    orderId=7
                  plan      activity ecommerce, tab cart
                  stack     cart
                  sheet     checkout (stacked) › order-status(orderId=7)
                  sign-in   required first
                https://shop.example.com/products/new → route 'new-products'
                  activity  ecommerce
                  tab       products
                  holder    ProductListHolder
                  plan      activity ecommerce, tab products
                  stack     product-list › new-products

                """)
        let off = try RouteLint.run([
            "resolve", "--manifest", "Manifests", "--plan", "--flag", "new-arrivals=off", "--format", "json",
            "https://shop.example.com/products/new",
        ])
        #expect(off.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(off.stdout.utf8)) as? [[String: Any]])
        let plan = try #require(array.first?["plan"] as? [String: Any])
        #expect((plan["stack"] as? [[String: Any]])?.compactMap { $0["route"] as? String } == ["product-list"])
        #expect(plan["requiresAuth"] as? Bool == false)
        let bad = try RouteLint.run(["resolve", "--manifest", "Manifests", "--plan", "--flag", "new-arrivals", "/"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--flag takes NAME=on or NAME=off, not 'new-arrivals'"))
        let alone = try RouteLint.run(["resolve", "--manifest", "Manifests", "--flag", "a=off", "/"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--flag needs --plan"))
        // A misspelt feature would plan with the feature on: refused, with the nearest name.
        let misspelt = try RouteLint.run(["resolve", "--manifest", "Manifests", "--plan", "--flag", "new-arrival=off", "/"])
        #expect(misspelt.status == 2)
        #expect(
            misspelt.stderr
                == "routelint: error: --flag names 'new-arrival', a feature no route declares (the features are 'new-arrivals'); "
                + "did you mean 'new-arrivals'?\n")
    }

    @Test("resolve --urls reads one URL per line, skipping blank lines and comments")
    func resolveURLFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-urls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "# campaign links\nshop://cart\n\n/orders/17\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try RouteLint.run(["resolve", "--manifest", "Manifests", "--urls", file.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("shop://cart → route 'cart'"))
        #expect(result.stdout.contains("/orders/17 → route 'order-status'"))
    }

    @Test("resolve and graph read the route set as lint does: --config's include and exclude decide it")
    func configuredRouteSet() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let app = """
            manifest: 1
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}
              legacy: {path: /old, activity: main, holder: H, entry: true}

            """
        try app.write(to: root.appendingPathComponent("app.routes.yaml"), atomically: true, encoding: .utf8)
        // Named like a manifest, but the configuration leaves it out: its conflicting route must not count.
        try "manifest: 1\nroutes:\n  other-home: {path: /, holder: H}\n"
            .write(to: root.appendingPathComponent("draft.routes.yaml"), atomically: true, encoding: .utf8)
        // Not named .routelint.yml, so only --config finds it.
        try "include: ['*.routes.yaml']\nexclude: [draft.routes.yaml]\n"
            .write(to: root.appendingPathComponent("routes-config.yml"), atomically: true, encoding: .utf8)

        let resolved = try RouteLint.run(["resolve", "--config", "routes-config.yml", "/", "/old"], in: root)
        #expect(resolved.stderr == "")
        #expect(resolved.status == 0)
        #expect(resolved.stdout.contains("/ → route 'home'") && resolved.stdout.contains("/old → route 'legacy'"))
        // Without the configuration the draft joins the set, and '/' is ambiguous.
        let unconfigured = try RouteLint.run(["resolve", "/"], in: root)
        #expect(unconfigured.status == 1)

        let graph = try RouteLint.run(["graph", "--config", "routes-config.yml", "--format", "mermaid"], in: root)
        #expect(graph.status == 0)
        #expect(graph.stdout.contains("legacy") && !graph.stdout.contains("other-home"))
        let missing = try RouteLint.run(["graph", "--config", "missing.yml"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read 'missing.yml'"))
    }

    @Test("resolve without URLs is a usage error")
    func resolveWithoutURLs() throws {
        let result = try RouteLint.run(["resolve", "--manifest", "Manifests"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("give at least one URL, or --urls FILE"))
    }

    @Test("graph --format mermaid writes a flowchart")
    func graphMermaid() throws {
        let result = try RouteLint.run(["graph", "--format", "mermaid", "Manifests"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("flowchart LR\n"))
        #expect(result.stdout.contains("tab_2E_cart ==> route_2E_cart"))
    }

    static var graphvizInstalled: Bool {
        ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("the DOT of the example manifests renders with Graphviz", .enabled(if: graphvizInstalled, "needs Graphviz's dot"))
    func graphRendersWithGraphviz() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dotFile = directory.appendingPathComponent("navigation.dot")
        let result = try RouteLint.run(["graph", "--format", "dot", "--output", dotFile.path, "Manifests"])
        #expect(result.status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dot", "-Tsvg", "-o", directory.appendingPathComponent("navigation.svg").path, dotFile.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let svg = try String(contentsOf: directory.appendingPathComponent("navigation.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains(">checkout</text>"))
    }
}
