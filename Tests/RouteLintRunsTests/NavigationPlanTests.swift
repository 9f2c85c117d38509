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
          home: {path: /, holder: H, links: [b, a, gate, shelf, stacked-sheet, plain-sheet, item-list, flagged-step, search]}
          more: {path: /more, holder: H, links: [far]}
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
}
