import Testing

@testable import RouteLintRuns
@testable import RouteLintReporting

/// The figures of the audit page, computed without a browser: counts, the surface, the
/// statistics of the link graph, the layered layout, and escaping.
@Suite("Audit figures")
struct AuditTests {
    static let manifest = """
        manifest: 1
        app: shop
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {main: {}, help: {}}
        tabs:
          home: {activity: main, index: 0, root: home, icon: house}
          cart: {activity: main, index: 1, root: cart, icon: cart}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [product, promo]}
          cart: {path: /cart, holder: H, links: [checkout]}
          product: {path: /products/:id, holder: H, activity: main, links: [reviews, review-link]}
          reviews: {path: /products/:id/reviews, holder: H, activity: main, presentation: sheet}
          checkout: {path: /checkout, holder: H, activity: main, requires-auth: true, links: [receipt]}
          receipt: {path: /receipt, holder: H, activity: main, requires-auth: true}
          promo: {path: /promo, holder: H, activity: main, entry: true, web: false, links: [checkout]}
          orphan: {path: /orphan, holder: H, activity: main}
          review-link: {path: /r/:id, holder: H, activity: main, entry: true, up: product}
        """

    @Test("counts, surface and statistics of a small app")
    func figures() throws {
        let linted = lint(Self.manifest)
        let audit = AppAudit(linted.apps[0], index: 0, findings: linted.findings, files: linted.files)
        #expect(audit.routeCount == 9 && audit.activityCount == 2 && audit.tabCount == 2 && audit.holderCount == 1)
        #expect(audit.findingsByRule.map(\.rule) == ["orphan-activity", "unreachable-route"])
        #expect(audit.origins.map(\.origin) == ["shop://", "https://shop.example.com"])
        #expect(audit.origins[0].patterns.count == 9)
        #expect(audit.origins[1].patterns.count == 8)  // promo has web: false
        #expect(audit.entryRoutes == ["promo", "review-link"])
        // What a link to each entry route does, its values written as their names.
        #expect(
            audit.entryPlans.map { "\($0.route) → \($0.plan)" } == [
                "promo → tab home: home › promo", "review-link → tab home: home › product(id=:id) › review-link(id=:id)",
            ])
        #expect(audit.webOffRoutes == ["promo"])
        // The scheme opens every route with a path: checkout and receipt are landed on directly.
        #expect(audit.authReachableFromOutside == [["checkout"], ["receipt"]])
        #expect(audit.depthHistogram == [2, 3, 3])
        #expect(audit.unreachedFromTabs == 1)
        #expect(audit.fanOutHistogram == [4, 3, 2, 0, 0, 0])
        #expect(audit.longestChains.first == ["home", "product", "reviews"])
        #expect(audit.widestRoutes.first?.route == "home" && audit.widestRoutes.first?.links == 2)
    }

    @Test(
        "auth-required routes a link from outside lands on or reaches: from entry routes, web routes on the hosts, every route with a path under a scheme"
    )
    func authFromOutside() throws {
        let manifest = """
            manifest: 1
            hosts: [shop.example.com]
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H, links: [deals]}
              deals: {path: /deals, holder: H, activity: main, links: [account]}
              account: {holder: H, activity: main, requires-auth: true, links: [orders]}
              orders: {holder: H, activity: main, requires-auth: true}
              settings: {path: /settings, holder: H, activity: main, web: false, links: [profile]}
              profile: {holder: H, activity: main, requires-auth: true}
              secret: {path: /secret, holder: H, activity: main, requires-auth: true, in-app: true}
            """
        // The hosts open web routes only: settings is not a way in, and the search stops at account.
        let web = lint(manifest)
        #expect(
            AppAudit(web.apps[0], index: 0, findings: web.findings, files: web.files).authReachableFromOutside == [["deals", "account"]])
        // A scheme opens every route with a path but an in-app one: settings too, not secret.
        let scheme = lint(
            manifest.replacingOccurrences(of: "hosts: [shop.example.com]", with: "hosts: [shop.example.com]\nschemes: [shop]"))
        #expect(
            AppAudit(scheme.apps[0], index: 0, findings: scheme.findings, files: scheme.files).authReachableFromOutside == [
                ["deals", "account"], ["settings", "profile"],
            ])
        let origins = AppAudit(scheme.apps[0], index: 0, findings: scheme.findings, files: scheme.files).origins
        #expect(
            origins.map { "\($0.origin) \($0.patterns.map(\.route))" } == [
                "shop:// [\"home\", \"deals\", \"settings\"]", "https://shop.example.com [\"home\", \"deals\"]",
            ])
    }

    @Test("the layered layout: tabs first, roots next, each route at its depth, the unreached last, edges kept")
    func layout() throws {
        let linted = lint(Self.manifest)
        let audit = AppAudit(linted.apps[0], index: 0, findings: linted.findings, files: linted.files)
        let layout = try #require(audit.activities[0].layout)
        let column = Dictionary(uniqueKeysWithValues: layout.nodes.filter { $0.kind != .tab }.map { ($0.name, $0.column) })
        #expect(column["home"] == 1 && column["cart"] == 1 && column["product"] == 2 && column["reviews"] == 3)
        // `home` and `cart` are both a tab and a route: the tabs sit in column 0.
        #expect(layout.nodes.filter { $0.column == 0 }.map(\.kind) == [.tab, .tab])
        #expect(column["orphan"] == 4)
        #expect(layout.edges.count == 2 + 7)
        // No two nodes share a place.
        #expect(Set(layout.nodes.map { "\($0.column),\($0.row)" }).count == layout.nodes.count)
        // The barycentre keeps the cart's child in the cart's row band: below the home's children.
        let row = Dictionary(uniqueKeysWithValues: layout.nodes.filter { $0.kind != .tab }.map { ($0.name, $0.row) })
        #expect(row["checkout"]! > row["product"]!)
        #expect(audit.activities[1].layout?.nodes.isEmpty == true)
    }

    @Test("an activity too large to draw is summarised by its largest subtrees and depths")
    func summarised() throws {
        var text =
            "manifest: 1\nactivities: {main: {}}\ntabs:\n  home: {activity: main, index: 0, root: r0, icon: house}\nholders: {H: {}}\nroutes:\n"
        let count = AppAudit.maximumDrawnRoutes + 30
        for index in 0..<count {
            let links = index == 0 ? "[r1, r2]" : index + 2 < count ? "[r\(index + 2)]" : "[]"
            text += "  r\(index): {path: /r\(index), holder: H, activity: main, links: \(links)}\n"
        }
        let linted = lint(text)
        let audit = AppAudit(linted.apps[0], index: 0, findings: linted.findings, files: linted.files)
        let activity = audit.activities[0]
        #expect(activity.layout == nil)
        #expect(activity.routeCount == count)
        #expect(activity.largestSubtrees.first?.route == "r0" && activity.largestSubtrees.first?.size == count)
        #expect(activity.depthHistogram.reduce(0, +) == count)
    }

    @Test("HTML escaping: markup, quotes and bidirectional overrides are text")
    func escaping() {
        #expect(AuditPage.escaped("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
        #expect(AuditPage.escaped("a\u{202E}b\"&") == "a\\u{202E}b&quot;&amp;")
    }
}
