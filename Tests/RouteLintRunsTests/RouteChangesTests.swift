import Foundation
import RouteLintTestSupport
import Testing

@testable import RouteLintChanges
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintReporting

/// `routelint diff`'s judgement of pairs of route sets: each change kind, the tricky cases of
/// precedence, what is not a link change, and every witness checked against `URLResolver`.
@Suite("Route changes between two revisions")
struct RouteChangesTests {
    static let shell = """
        manifest: 1
        schemes: [shop]
        hosts: [shop.example.com]
        activities: {main: {}}
        tabs:
          home: {activity: main, index: 0, root: home, icon: house}
        holders: {H: {}}

        """

    /// The shell with `routes` (each a line below `routes:`), every route linked from `home`.
    static func manifest(_ routes: [String], hosts: String = "[shop.example.com]", schemes: String = "[shop]") -> String {
        let ids = routes.map { String($0.prefix { $0 != ":" }) }
        return
            shell
            .replacingOccurrences(of: "hosts: [shop.example.com]", with: "hosts: \(hosts)")
            .replacingOccurrences(of: "schemes: [shop]", with: "schemes: \(schemes)")
            + "routes:\n  home: {path: /, holder: H, links: [\(ids.joined(separator: ", "))]}\n"
            + routes.map { "  \($0)\n" }.joined()
    }

    static func pair(_ before: [String], _ after: [String]) throws -> ComparedSets {
        try compare(before: ["app.routes.yaml": manifest(before)], after: ["app.routes.yaml": manifest(after)])
    }

    @Test(
        "an Android app: a link removed from the claimed set can ship in assetlinks.json alone on Android 15+; one added needs an app release"
    )
    func androidShipping() throws {
        let android = "android: {package: com.example.shop}\n"
        func withAndroid(_ routes: [String]) -> String {
            Self.manifest(routes).replacingOccurrences(of: "manifest: 1\n", with: "manifest: 1\n" + android)
        }
        let before = ["product: {path: /products/:id, holder: H}", "new-product: {path: /products/new, holder: H}"]
        let after = [
            "product: {path: /products/:id, holder: H}", "new-product: {path: /products/new, holder: H, web: false}",
            "search: {path: /search, holder: H}",
        ]
        let sets = try compare(before: ["app.routes.yaml": withAndroid(before)], after: ["app.routes.yaml": withAndroid(after)])
        #expect(
            sets.lines == [
                "removed-link: https://shop.example.com/products/new opened route 'new-product'; it opens no route now: "
                    + "route 'new-product' opens it and has web: false, so the app does not claim it; on Android 15+ an exclude rule "
                    + "in assetlinks.json ships this without an app release (earlier Android needs one)",
                "added-link: shop://search and https://shop.example.com/search opened no route; they open route 'search' now; "
                    + "on Android only an app release ships this: assetlinks.json narrows the intent filters, never widens them",
            ])
        // An app without `android` says nothing of Android; a redirect claims what it claimed.
        let plain = try Self.pair(before, after)
        #expect(plain.lines.allSatisfy { !$0.contains("Android") }, "\(plain.lines)")
        let redirected = try compare(
            before: ["app.routes.yaml": withAndroid(before)],
            after: ["app.routes.yaml": withAndroid(["product: {path: /products/:id, holder: H}"])])
        #expect(redirected.lines.map { String($0.prefix { $0 != ":" }) } == ["changed-route-api", "redirected-link"])
        #expect(redirected.lines.allSatisfy { !$0.contains("Android") }, "\(redirected.lines)")
    }

    @Test("a new literal route takes URLs from a parameter route: redirected, with the literal as witness")
    func literalTakesFromParameter() throws {
        let sets = try Self.pair(
            ["product: {path: /products/:id, holder: H}"],
            ["product: {path: /products/:id, holder: H}", "new-product: {path: /products/new, holder: H}"])
        #expect(
            sets.lines == [
                "redirected-link: shop://products/new and https://shop.example.com/products/new opened route 'product'; "
                    + "they open route 'new-product' now"
            ])
        #expect(sets.positions("redirected-link") == ["./app.routes.yaml:11:3"])
        #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
    }

    @Test("removing the more specific route hands its URLs to the wider one")
    func specificRouteRemoved() throws {
        let sets = try Self.pair(
            ["product: {path: /products/:id, holder: H}", "new-product: {path: /products/new, holder: H}"],
            ["product: {path: /products/:id, holder: H}"])
        #expect(
            sets.lines == [
                "changed-route-api: route 'new-product' was removed",
                "redirected-link: shop://products/new and https://shop.example.com/products/new opened route 'new-product'; "
                    + "they open route 'product' now",
            ])
        #expect(sets.positions("redirected-link") == ["./app.routes.yaml:10:3"])
        #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
    }

    @Test(
        "types narrowed, an item required, an item removed: removed-link for the paths, changed-route-api with a URL that opened the route before; widening has no witness"
    )
    func valuesNarrowed() throws {
        let sets = try Self.pair(
            [
                "product: {path: /products/:id, holder: H}", "color: {path: /colors/:c, params: {c: [red, blue]}, holder: H}",
                "search: {path: /search, query: {page: string, sort: [new, top]}, holder: H}",
                "order: {path: /orders/:o, params: {o: int}, holder: H}",
            ],
            [
                "product: {path: /products/:id, params: {id: int}, holder: H}",
                "color: {path: /colors/:c, params: {c: [red, blue, green]}, holder: H}",
                "search: {path: /search, query: {page: int, type: {type: [users], required: true}}, holder: H}",
                "order: {path: /orders/:o, params: {o: string}, holder: H}",
            ])
        #expect(
            sets.lines == [
                "removed-link: shop://products/x and https://shop.example.com/products/x opened route 'product'; they open no route now: "
                    + "route 'product' no longer matches it (its parameters are typed id: int now)",
                "changed-route-api: route 'product' takes other values now: parameter 'id' is int now, not string: "
                    + "https://shop.example.com/products/x opened it and opens it no longer",
                "added-link: shop://colors/green and https://shop.example.com/colors/green opened no route; they open route 'color' now",
                "changed-route-api: route 'color' takes other values now: parameter 'c' is [red, blue, green] now, not [red, blue]",
                "changed-route-api: route 'search' takes other values now: query item 'page' is int now, not string; "
                    + "query item 'sort' was removed; query item 'type' is new, and required: "
                    + "https://shop.example.com/search?page=x opened it and opens it no longer",
                "added-link: shop://orders/x and https://shop.example.com/orders/x opened no route; they open route 'order' now",
                "changed-route-api: route 'order' takes other values now: parameter 'o' is string now, not int",
            ])
        #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
    }

    @Test("a route made in-app: its links by scheme and host open nothing now, and the witness says so on both")
    func madeInApp() throws {
        let sets = try Self.pair(
            ["settings: {path: /settings, holder: H}", "product: {path: /products/:id, holder: H}"],
            ["settings: {path: /settings, holder: H, in-app: true}", "product: {path: /products/:id, holder: H}"])
        #expect(
            sets.lines == [
                "removed-link: shop://settings and https://shop.example.com/settings opened route 'settings'; they open no route now: "
                    + "route 'settings' opens it and is in-app, so no link from outside does"
            ])
        #expect(sets.positions("removed-link") == ["./app.routes.yaml:10:50"])  // at `in-app: true`
        #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
        // And back: the links open it again.
        let back = try Self.pair(
            ["settings: {path: /settings, holder: H, in-app: true}"], ["settings: {path: /settings, holder: H}"])
        #expect(
            back.lines == [
                "added-link: shop://settings and https://shop.example.com/settings opened no route; they open route 'settings' now "
                    + "(route 'settings' was in-app, so no link from outside opened it)"
            ])
    }

    @Test("'**' narrowed to one segment: deeper URLs open nothing now")
    func restNarrowed() throws {
        let sets = try Self.pair(["docs: {path: /docs/**, holder: H}"], ["docs: {path: /docs/:page, holder: H}"])
        #expect(sets.rules == ["changed-route-api", "removed-link"])
        #expect(
            sets.lines[1]
                == "removed-link: shop://docs/x/x and https://shop.example.com/docs/x/x opened route 'docs'; they open no route now: "
                + "route 'docs' no longer matches it (its path is /docs/:page now)")
        #expect(witnessesHold(sets.run).isEmpty)
    }

    @Test("a host removed, a wildcard host narrowed, a scheme dropped: every link through them opens nothing")
    func originsDropped() throws {
        let before = Self.manifest(
            ["product: {path: /products/:id, holder: H}"], hosts: "[shop.example.com, '*.example.org', old.example.net]",
            schemes: "[shop, legacy]")
        let after = Self.manifest(
            ["product: {path: /products/:id, holder: H}"], hosts: "[shop.example.com, shop.example.org]", schemes: "[shop]")
        let sets = try compare(before: ["app.routes.yaml": before], after: ["app.routes.yaml": after])
        #expect(
            sets.lines == [
                "removed-link: legacy:// opened route 'home'; it opens no route now: scheme 'legacy' is no longer declared",
                "removed-link: https://www.example.org/ opened route 'home'; it opens no route now: host '*.example.org' is no longer declared",
                "removed-link: https://old.example.net/ opened route 'home'; it opens no route now: host 'old.example.net' is no longer declared",
            ])
        #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
    }

    @Test("web: false turns the https links off and leaves the scheme's")
    func webTurnedOff() throws {
        let sets = try Self.pair(
            ["order: {path: /orders/:id, holder: H}"], ["order: {path: /orders/:id, holder: H, web: false}"])
        #expect(
            sets.lines == [
                "removed-link: https://shop.example.com/orders/x opened route 'order'; it opens no route now: "
                    + "route 'order' opens it and has web: false, so the app does not claim it"
            ])
        #expect(sets.positions("removed-link") == ["./app.routes.yaml:10:46"])
        #expect(witnessesHold(sets.run).isEmpty)
        let back = try Self.pair(
            ["order: {path: /orders/:id, holder: H, web: false}"], ["order: {path: /orders/:id, holder: H}"])
        #expect(back.rules == ["added-link"])
        #expect(witnessesHold(back.run).isEmpty)
    }

    @Test("a route moved to another file, keys reordered, anchors and merge keys: no change at all")
    func notChanges() throws {
        let before = Self.manifest([
            "product: {path: /products/:id, holder: H}", "order: {path: /orders/:id, holder: H, requires-auth: true}",
        ])
        let after = Self.manifest(["product: {path: /products/:id, holder: H}"])
        let moved = """
            manifest: 1
            defaults: &guarded {holder: H, requires-auth: true}
            routes:
              order:
                <<: *guarded
                path: /orders/:id
            """
        let sets = try compare(before: ["app.routes.yaml": before], after: ["app.routes.yaml": after, "orders.routes.yaml": moved])
        // `defaults` is an unknown key to lint; to diff, nothing changed.
        #expect(sets.lines == [])
    }

    @Test("a parameter renamed: the generated code changes, no URL does")
    func parameterRenamed() throws {
        let sets = try Self.pair(["product: {path: /products/:id, holder: H}"], ["product: {path: /products/:sku, holder: H}"])
        #expect(sets.lines == ["changed-route-api: route 'product' takes the path parameters (sku) now, not (id)"])
    }

    @Test("a route renamed with the same paths: an API change, not a link change")
    func routeRenamed() throws {
        let sets = try Self.pair(["product: {path: /products/:id, holder: H}"], ["item: {path: /products/:sku, holder: H}"])
        #expect(
            sets.lines == [
                "changed-route-api: route 'product' was renamed to 'item'",
                "changed-route-api: route 'item' takes the path parameters (sku) now, not (id)",
            ])
    }

    @Test("auth dropped on a route, or a guarded link redirected to an unguarded route")
    func relaxedAuth() throws {
        let sets = try Self.pair(
            ["order: {path: /orders/:id, holder: H, requires-auth: true}"],
            ["order: {path: /orders/:id, holder: H, requires-auth: true}", "receipt: {path: /orders/receipt, holder: H}"])
        #expect(sets.rules.sorted() == ["redirected-link", "relaxed-auth"])
        #expect(
            sets.lines.contains(
                "relaxed-auth: shop://orders/receipt opened route 'order', which requires a signed-in user; "
                    + "it opens route 'receipt' now, which does not"))
    }

    @Test("tabs, activities and holders removed, holder params changed")
    func surface() throws {
        let before = """
            manifest: 1
            activities: {main: {}, extra: {}}
            tabs:
              home: {activity: main, index: 0, root: home, icon: house}
              more: {activity: extra, index: 0, root: more, icon: dots}
            holders: {H: {}, P: {params: [id]}}
            routes:
              home: {path: /, holder: H}
              more: {path: /more, holder: H}
              product: {path: /products/:id, holder: P, activity: main}
            """
        let after = """
            manifest: 1
            activities: {main: {}}
            tabs:
              home: {activity: main, index: 0, root: home, icon: house}
            holders: {H: {}, P: {params: [id, tab]}}
            routes:
              home: {path: /, holder: H}
              product: {path: /products/:id, holder: P, activity: main}
            """
        let sets = try compare(before: ["a.routes.yaml": before], after: ["a.routes.yaml": after])
        #expect(
            Set(sets.lines.filter { $0.hasPrefix("changed-route-api") })
                == [
                    "changed-route-api: route 'more' was removed", "changed-route-api: activity 'extra' was removed or renamed",
                    "changed-route-api: tab 'more' was removed or renamed",
                    "changed-route-api: holder 'P' takes the params (id, tab) now, not (id)",
                ])
    }

    @Test(
        "a removed route points where it was taken out of the file that held it: at the route before it that the file still has, its old place related"
    )
    func removedRoutePosition() throws {
        let sets = try Self.pair(
            ["product: {path: /products/:id, holder: H}", "order: {path: /orders/:id, holder: H}"],
            ["product: {path: /products/:id, holder: H}"])
        let removed = try #require(sets.run.active.first { $0.rule == "removed-link" })
        // `product`, on line 10, is the route before it; its own old line, 11, is past the file's routes.
        #expect("\(removed.range.start)" == "10:3")
        #expect(sets.run.files[Int(removed.range.file.index)].path == "./app.routes.yaml")
        #expect(removed.related.count == 1)
        #expect(sets.run.files[Int(removed.related[0].range.file.index)].path.hasSuffix("/base/app.routes.yaml"))
        #expect(witnessesHold(sets.run).isEmpty)
    }

    @Test("a side that does not parse is never compared as if empty")
    func unparsedSide() throws {
        #expect(throws: RunFailure.self) {
            _ = try compare(before: ["app.routes.yaml": "manifest: 1\nroutes: [\n"], after: ["app.routes.yaml": Self.manifest([])])
        }
        do {
            _ = try compare(before: ["app.routes.yaml": Self.manifest([])], after: ["app.routes.yaml": "\u{0}\u{1}binary"])
            Issue.record("a binary manifest was compared")
        } catch let failure as RunFailure {
            #expect(
                failure.messages.last?.description.contains("cannot compare: the route set of the working tree was not read whole") == true)
        }
    }

    /// Every URL path of depth ≤ 3 over the literals of both sets and one other word: the walk
    /// must report every (origin, before route, after route) that differs on one of them, and
    /// nothing else — checked on random pairs of route sets against `URLResolver`.
    @Test("on random pairs of route sets, the findings are exactly the differences URLResolver sees", arguments: 0..<6)
    func exhaustive(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let words = ["a", "b", "new"]
        // The parameter types of the pattern made last.
        var types: [String] = []
        func pattern() -> String {
            let depth = Int(random.next() % 3) + 1
            var segments: [String] = []
            types = []
            for position in 0..<depth {
                switch random.next() % 5 {
                case 0, 1: segments.append(words[Int(random.next() % 3)])
                case 2:
                    segments.append(":p\(position)")
                    // Typed half the time, so that types narrow and widen between the sets.
                    switch random.next() % 4 {
                    case 0: types.append("p\(position): int")
                    case 1: types.append("p\(position): [a, \"1\"]")
                    default: break
                    }
                case 3: segments.append("*")
                default: segments.append(position == depth - 1 ? "**" : "x")
                }
            }
            return "/" + segments.joined(separator: "/")
        }
        func routeSet() -> [String] {
            var seen = Set<String>()
            var routes: [String] = []
            for index in 0..<Int(random.next() % 6 + 2) {
                let path = pattern()
                guard seen.insert(path).inserted else { continue }
                let web = random.next() % 4 == 0 ? ", web: false" : ""
                let params = types.isEmpty ? "" : ", params: {\(types.joined(separator: ", "))}"
                routes.append("r\(index): {path: \(path)\(params), holder: H\(web)}")
            }
            return routes
        }
        for _ in 0..<25 {
            let sets = try Self.pair(routeSet(), routeSet())
            #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
            // What the oracle sees differ, as (before, after) route pairs per origin.
            var differences = Set<String>()
            var paths: [[String]] = [[]]
            var frontier: [[String]] = [[]]
            for _ in 0..<3 {
                frontier = frontier.flatMap { path in (words + ["x", "zz", "1", "42"]).map { path + [$0] } }
                paths += frontier
            }
            let (earlier, later) = (OpenedRoutes(sets.run.comparison!.earlierApps), OpenedRoutes(sets.run.apps))
            for path in paths {
                for prefix in ["shop://", "https://shop.example.com/"] {
                    let url = prefix + path.joined(separator: "/")
                    let resolutions = (earlier.resolver.resolve(url), later.resolver.resolve(url))
                    guard resolutions.0.status != .ambiguous && resolutions.1.status != .ambiguous else { continue }
                    let (a, b) = (earlier.route(url, resolution: resolutions.0), later.route(url, resolution: resolutions.1))
                    if a != b { differences.insert("\(a ?? "-") \(b ?? "-")") }
                }
            }
            var reported = Set<String>()
            for finding in sets.run.active where !finding.witnesses.isEmpty && finding.rule != "changed-route-api" {
                let routes = finding.subjects.filter { $0.kind == .route }.map(\.name)
                switch finding.rule {
                case "removed-link": reported.insert("\(routes[0]) -")
                case "added-link": reported.insert("- \(routes[0])")
                default: reported.insert("\(routes[0]) \(routes[1])")
                }
            }
            #expect(differences.isSubset(of: reported), "missed: \(differences.subtracting(reported)) in \(sets.lines)")
        }
    }

    @Test("a hostile pair whose automata would multiply stops at its bound, and the run says it is incomplete")
    func bounded() throws {
        // Route i has one literal at position i and parameters elsewhere: every set of matched
        // literals is a state of its own, 2^18 of them.
        let depth = 18
        let routes = (0..<depth).map { index in
            let segments = (0..<depth).map { $0 == index ? "l\($0)" : ":p\($0)" }
            return "r\(index): {path: /\(segments.joined(separator: "/")), holder: H}"
        }
        let sets = try Self.pair(routes, Array(routes.dropLast()))
        #expect(sets.run.unreadable.count == 1)
        #expect(sets.run.verdict.exitStatus == 2)
        #expect(sets.run.messages.contains { $0.description.contains("stopped at its bound") })
        #expect(witnessesHold(sets.run).isEmpty)
    }

    @Test("Markdown shows manifest text as written: entities and emphasis in a path are text in the table and the chart")
    func markdownEscapes() throws {
        let path = "/_&lt;script&gt;_"
        let sets = try Self.pair(["odd: {path: '\(path)', holder: H}"], [])
        let page = MarkdownReporter().render(sets.run.report)
        #expect(page.contains("### the app"))
        // In the table: '&' as '&amp;', '_' as a reference; never the text itself.
        #expect(page.contains("https://shop.example.com/&#95;&amp;lt;script&amp;gt;&#95;"), "\(page)")
        #expect(!page.contains("&lt;script"))
        #expect(!page.contains("/_&"))
        #expect(page.contains("n0[\"odd /_#38;lt#59;script#38;gt#59;_ (removed)\"]:::error"), "\(page)")
    }

    @Test("an app renamed keeps its links: it pairs with the app that declares its scheme now")
    func appRenamed() throws {
        let before = Self.manifest(["product: {path: /products/:id, holder: H}"]).replacingOccurrences(
            of: "manifest: 1\n", with: "manifest: 1\napp: shop\n")
        let after = before.replacingOccurrences(of: "app: shop", with: "app: store")
        let sets = try compare(before: ["app.routes.yaml": before], after: ["app.routes.yaml": after])
        #expect(sets.lines == [])
        // A scheme that moves to another app is reported with what that app opens.
        let two = """
            manifest: 1
            app: legacy
            schemes: [old]
            activities: {main: {}}
            tabs:
              home: {activity: main, index: 0, root: home, icon: house}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H}
            """
        let moved = after.replacingOccurrences(of: "schemes: [shop]", with: "schemes: [shop, old]")
        let sets2 = try compare(
            before: ["app.routes.yaml": before, "legacy.routes.yaml": two],
            after: ["app.routes.yaml": moved, "legacy.routes.yaml": two.replacingOccurrences(of: "schemes: [old]", with: "schemes: []")])
        #expect(
            sets2.lines == [
                "redirected-link: old:// opened route 'home'; it opens route 'home' now (scheme 'old' is declared by app 'store' now)"
            ])
        #expect(witnessesHold(sets2.run).isEmpty)
    }

    @Test("a literal whose escape decodes to no UTF-8 is compared and shown as written")
    func rawEscapes() throws {
        let sets = try Self.pair(["raw: {path: '/%C1/x', holder: H}"], ["raw: {path: '/%c1/:y', holder: H}"])
        #expect(
            sets.run.active.filter { $0.rule != "changed-route-api" }.flatMap(\.witnesses) == [
                "shop://%C1/x2", "https://shop.example.com/%C1/x2",
            ])
        #expect(witnessesHold(sets.run).isEmpty, "\(witnessesHold(sets.run))")
    }
}
