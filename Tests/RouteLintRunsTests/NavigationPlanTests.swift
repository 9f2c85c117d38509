import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintReporting

/// Navigation plans (docs/code-generation.md, "Navigation plans"): a table of cases, each with
/// the reason its plan is what it is, decided through `URLResolver.plan` as `resolve --plan` does.
@Suite("Navigation plans")
struct NavigationPlanTests {
    static let manifest = """
        manifest: 1
        activities: {main: {}, onboarding: {}}
        tabs:
          home: {activity: main, index: 0, root: home, icon: house}
          more: {activity: main, index: 1, root: more, icon: ellipsis}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [b, a, gate, shelf, stacked-sheet, plain-sheet, item-list, flagged-step, search, filter, sorted, show, episode, locked]}
          more: {path: /more, holder: H, links: [far, shelf2]}
          a: {path: /a, activity: main, holder: H, links: [tie, upped, deep]}
          b: {path: /b, activity: main, holder: H, links: [tie, upped]}
          tie: {path: /tie, activity: main, holder: H}
          upped: {path: /upped, activity: main, holder: H, up: b}
          gate: {path: /gate/:other, activity: main, holder: H, links: [needs-id, deep]}
          deep: {path: /deep, activity: main, holder: H, up: gate}
          search: {path: /search, query: {q: string, page: {type: int, default: 1}}, activity: main, holder: H}
          item-list: {path: /items, activity: main, holder: H, links: [item]}
          item: {path: /items/:id, params: {id: int}, activity: main, holder: H, links: [needs-id]}
          needs-id: {path: /needs/:id, params: {id: int}, activity: main, holder: H}
          shelf: {path: /shelf, activity: main, holder: H, links: [far]}
          far: {path: /far, activity: main, holder: H}
          plain-sheet: {path: /plain, activity: main, holder: H, presentation: sheet, links: [pushed, inner-sheet]}
          pushed: {path: /pushed, activity: main, holder: H}
          inner-sheet: {path: /inner, activity: main, holder: H, presentation: fullscreen, requires-auth: true}
          stacked-sheet: {path: /stacked, activity: main, holder: H, presentation: sheet, stacked: true, links: [inside]}
          inside: {path: /inside, activity: main, holder: H}
          flagged-step: {path: /step, activity: main, holder: H, feature: beta, links: [after-step]}
          after-step: {path: /after, activity: main, holder: H}
          new-thing: {path: /new, activity: main, holder: H, entry: true, feature: shiny, fallback: shelf}
          gone: {path: /gone, activity: main, holder: H, entry: true, feature: shiny}
          welcome: {path: /welcome, activity: onboarding, holder: H, entry: true}
          filter: {path: /filter, query: {kind: {type: [new, used], required: true}}, activity: main, holder: H, links: [result]}
          sorted: {path: /sorted, query: {order: {type: [asc, desc], default: asc}}, activity: main, holder: H, links: [result]}
          result: {path: /results/:id, params: {id: int}, query: {kind: [new, used]}, activity: main, holder: H}
          lost: {path: /lost/:code, activity: main, holder: H, entry: true, feature: shiny, fallback: needs-id}
          show: {path: '/shows/:showId', activity: main, holder: H, links: [episode]}
          episode: {path: '/shows/:showId/episodes/:episodeId', activity: main, holder: H, up: show, links: [transcript]}
          transcript: {path: '/shows/:showId/episodes/:episodeId/transcript', activity: main, holder: H}
          locked: {path: '/locked/:key', activity: main, holder: H, links: [manual]}
          shelf2: {path: /shelf2, activity: main, holder: H, links: [aisle]}
          aisle: {path: /aisle, activity: main, holder: H, links: [manual]}
          manual: {path: /manual, activity: main, holder: H, entry: true}

        """

    /// The plan of `url` as `resolve --plan` prints it, the features `off` off.
    static func plan(_ url: String, off: Set<String> = []) throws -> String {
        let linted = lint(manifest)
        #expect(linted.findings.filter { $0.severity == .error }.isEmpty, "\(linted.headlines)")
        let resolver = URLResolver(apps: linted.apps)
        let resolution = resolver.resolve(url)
        let outcome = try #require(resolver.plan(resolution) { off.contains($0) })
        let text = ResolutionReporter.text([resolution], plans: [outcome])
        // The plan's lines, without the resolution's.
        return text.split(separator: "\n").drop { !$0.hasPrefix("  plan") && !$0.hasPrefix("  fallback") }.joined(separator: "\n")
    }

    @Test(
        "plan cases, each with its reason",
        arguments: [
            // The tab is the one whose root is fewest links away (more: one, home: two);
            // `?tab=` names another of the activity, and the stack starts at its root.
            ("/far", [], "plan      activity main, tab more\n  stack     more › far"),
            ("/far?tab=home", [], "plan      activity main, tab home\n  stack     home › shelf › far"),
            // Two shortest paths: the smaller sequence of ids (home, a, tie) before (home, b, tie).
            ("/tie", [], "plan      activity main, tab home\n  stack     home › a › tie"),
            // `up` fixes the route below: b, though a is smaller; an `up` whose parameter the
            // link does not carry (gate's `other`) is not taken.
            ("/upped", [], "plan      activity main, tab home\n  stack     home › b › upped"),
            ("/deep", [], "plan      activity main, tab home\n  stack     home › a › deep"),
            // The query items a route declares are its values too, defaults applied.
            ("/search?q=shoes", [], "plan      activity main, tab home\n  stack     home › search(q=shoes, page=1)"),
            // gate needs `other`, which the link does not carry: the longer path through item.
            (
                "/needs/7", [],
                "plan      activity main, tab home\n  stack     home › item-list › item(id=7) › needs-id(id=7)"
            ),
            // A sheet that is not stacked holds no push, only another presented route.
            ("/pushed", [], "plan      activity main, tab home\n  stack     home › pushed"),
            (
                "/inner", [],
                "plan      activity main, tab home\n  stack     home\n  sheet     plain-sheet\n  fullscreen inner-sheet\n  sign-in   required first"
            ),
            // A stacked sheet holds what is pushed inside it.
            ("/inside", [], "plan      activity main, tab home\n  stack     home\n  sheet     stacked-sheet (stacked) › inside"),
            // A flag off: the route's fallback opens; a stack route left out; no fallback, no plan.
            (
                "/new", ["shiny"],
                "fallback  shelf (a feature on the way is off)\n  plan      activity main, tab home\n  stack     home › shelf"
            ),
            ("/new", [], "plan      activity main, tab home\n  stack     home › new-thing"),
            ("/after", ["beta"], "plan      activity main, tab home\n  stack     home › after-step"),
            ("/gone", ["shiny"], "plan      none: feature 'shiny' of route 'gone' is off, and it has no fallback that is on"),
            // Typed values in the text generated code holds them in: an int without leading zeros.
            ("/needs/007", [], "plan      activity main, tab home\n  stack     home › item-list › item(id=7) › needs-id(id=7)"),
            // A route on the way needs a required query item the link does not carry (filter's
            // `kind`) unless the link carries it; one with a default takes it (sorted's `order`).
            ("/results/3", [], "plan      activity main, tab home\n  stack     home › sorted(order=asc) › result(id=3)"),
            (
                "/results/3?kind=used", [],
                "plan      activity main, tab home\n  stack     home › filter(kind=used) › result(id=3, kind=used)"
            ),
            // A fallback that needs a value the link does not carry (by name and type): no plan.
            ("/lost/x", ["shiny"], "plan      none: route 'needs-id' needs 'id: int', which the link does not carry"),
            // `up` on every route of the stack: the episode stands on its show, though home links
            // to it, so Back from the transcript goes to the episode, then to the show.
            (
                "/shows/7/episodes/9/transcript", [],
                "plan      activity main, tab home\n  stack     home › show(showId=7) › episode(showId=7, episodeId=9) › "
                    + "transcript(showId=7, episodeId=9)"
            ),
            // The tab whose root builds the stack: home is fewer links away (home › locked ›
            // manual), but `locked` needs a key the link lacks; more builds one.
            ("/manual", [], "plan      activity main, tab more\n  stack     more › shelf2 › aisle › manual"),
            // A tab the link names that builds none: its root and the route.
            ("/manual?tab=home", [], "plan      activity main, tab home\n  stack     home › manual"),
            // An activity without tabs: the route alone.
            ("/welcome", [], "plan      activity onboarding, tab none\n  stack     welcome"),
        ] as [(String, [String], String)])
    func cases(url: String, off: [String], expected: String) throws {
        #expect(try Self.plan(url, off: Set(off)) == "  " + expected)
    }

    @Test("the JSON of a plan is the documented shape: values as strings, presented routes with what is pushed inside them")
    func json() throws {
        let linted = lint(Self.manifest)
        let resolver = URLResolver(apps: linted.apps)
        let resolution = resolver.resolve("/inside")
        guard case .success(let plan)? = resolver.plan(resolution, isOff: { _ in false }) else {
            Issue.record("no plan")
            return
        }
        #expect(
            ResolutionReporter.planJSON(plan).serialized().filter { !$0.isWhitespace }
                == #"{"activity":"main","tab":"home","stack":[{"route":"home","params":{}}],"presented":[{"route":"stacked-sheet","#
                + #""params":{},"presentation":"sheet","stacked":true,"stack":[{"route":"inside","params":{}}]}],"requiresAuth":false}"#)
        let item = resolver.resolve("/needs/7")
        guard case .success(let carried)? = resolver.plan(item, isOff: { _ in false }) else {
            Issue.record("no plan")
            return
        }
        #expect(carried.stack.map(\.route) == ["home", "item-list", "item", "needs-id"])
        #expect(carried.stack[2].params.map { "\($0.name)=\($0.value)" } == ["id=7"])
    }

    @Test(
        "a stack no link can build: the route, the first route on the way that needs what the URL lacks, and the path; undecided past the budget"
    )
    func unbuildableStacks() throws {
        let manifest = """
            manifest: 1
            activities: {shop: {}}
            tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H, links: [customer, list]}
              customer: {path: /customers/:customerId, activity: shop, holder: H, links: [order, typed-order]}
              order: {path: /orders/:orderId, activity: shop, holder: H, entry: true}
              list: {path: /items, activity: shop, holder: H, links: [item]}
              item: {path: /items/:customerId, params: {customerId: int}, activity: shop, holder: H, links: [typed-order]}
              typed-order: {path: /typed/:customerId, params: {customerId: int}, activity: shop, holder: H}
              hidden: {path: /hidden/:x, activity: shop, holder: H, entry: true}

            """
        let app = try #require(lint(manifest).apps.first)
        let analysis = StackBuildability(app)
        // `order` is reached only through `customer`, whose `customerId` it lacks; `typed-order`
        // carries an int `customerId`, which `customer` (a string) is not, but `item` is;
        // `hidden` no path reaches at all: unreachable-route's, not this rule's.
        let blocked = analysis.blocked.map { found -> String in
            let reason: String
            switch found.reason {
            case .missingValue(let value): reason = "\(value)"
            case .up(let up): reason = "up \(app.text(app.routes[up].id.value))"
            }
            return "\(app.text(app.routes[found.route].id.value)) \(app.text(app.routes[found.blocker].id.value)) \(reason) "
                + found.path.map { app.text(app.routes[$0].id.value) }.joined(separator: ">")
        }
        #expect(blocked == ["order customer customerId: string home>customer>order"])
        #expect(analysis.undecided.isEmpty)
        let findings = lint(manifest).findings.filter { $0.rule == "unbuildable-stack" }
        #expect(
            findings.map(\.message) == [
                "no link to route 'order' can build its back stack: every path from a tab root passes a route that needs a parameter "
                    + "its URL does not carry, such as 'customer', which needs 'customerId' (home › customer › order); link 'order' "
                    + "from a route that needs none, name one with 'up', or carry 'customerId' in its path"
            ])
        // A budget spent before the searches: nothing is judged, and every web or entry route but
        // the root is undecided.
        let starved = StackBuildability(app, workLimit: 0)
        #expect(starved.blocked.isEmpty)
        #expect(
            starved.undecided.map { app.text(app.routes[$0].id.value) } == ["customer", "order", "list", "item", "typed-order", "hidden"])
    }

    @Test(
        "unusable-fallback: a fallback that is the route, a loop of flagged fallbacks, a fallback needing a value the route does not carry (by name and type); each is a link with no plan while the flags are off"
    )
    func unusableFallbacks() throws {
        let manifest = """
            manifest: 1
            activities: {shop: {}}
            tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, holder: H, links: [gift, sale, outlet, promo, order, typed, v2, v3, fine]}
              gift: {path: /gift, activity: shop, holder: H, feature: gift, fallback: gift}
              sale: {path: /sale, activity: shop, holder: H, feature: sale, fallback: outlet}
              outlet: {path: /outlet, activity: shop, holder: H, feature: outlet, fallback: sale}
              promo: {path: /promo/:code, activity: shop, holder: H, feature: promo, fallback: order}
              order: {path: /orders/:orderId, activity: shop, holder: H}
              typed: {path: /typed/:orderId, params: {orderId: int}, activity: shop, holder: H}
              v2: {path: /v2/:orderId, activity: shop, holder: H, feature: v2, fallback: typed}
              v3: {path: /v3/:orderId, params: {orderId: int}, activity: shop, holder: H, feature: v3, fallback: typed}
              fine: {path: /fine, activity: shop, holder: H, feature: fine, fallback: home}

            """
        let result = lint(manifest)
        #expect(
            result.findings.filter { $0.rule == "unusable-fallback" }.map { "\($0.range.start.line) \($0.message)" } == [
                "7 route 'gift' falls back to itself: while feature 'gift' is off, a link to it opens nothing; name a route without a "
                    + "feature, or one whose fallback leads out of the loop",
                "8 route 'sale' is on a loop of fallbacks, sale → outlet → sale: while features 'sale' and 'outlet' are off, a link to "
                    + "it opens nothing; name a route without a feature, or one whose fallback leads out of the loop",
                "9 route 'outlet' is on a loop of fallbacks, outlet → sale → outlet: while features 'outlet' and 'sale' are off, a "
                    + "link to it opens nothing; name a route without a feature, or one whose fallback leads out of the loop",
                "10 fallback 'order' of route 'promo' needs 'orderId: string', which a link to 'promo' does not carry: while feature "
                    + "'promo' is off, the link opens nothing; name a fallback that needs only what 'promo' carries, or give 'promo' "
                    + "that value",
                "13 fallback 'typed' of route 'v2' needs 'orderId: int', which a link to 'v2' does not carry: while feature 'v2' is "
                    + "off, the link opens nothing; name a fallback that needs only what 'v2' carries, or give 'v2' that value",
            ])
        // The planner agrees: with every flag off, the routes found have no plan, the others do.
        let resolver = URLResolver(apps: result.apps)
        let planned = ["/gift", "/sale", "/outlet", "/promo/x", "/v2/7", "/v3/7", "/fine"].map { url in
            let plan = resolver.plan(resolver.resolve(url), isOff: { _ in true })
            return "\(url) " + (plan.flatMap { try? $0.get() }.map { "opens " + $0.route } ?? "nothing")
        }
        #expect(
            planned == [
                "/gift nothing", "/sale nothing", "/outlet nothing", "/promo/x nothing", "/v2/7 nothing", "/v3/7 opens typed",
                "/fine opens home",
            ])
    }
}
