import Foundation
import Testing

/// A verdict that can be trusted: a run that could not read something never looks clean, a
/// failing exit status always comes with its reason, and a misspelt command is not a path.
@Suite("Verdicts, end to end")
struct VerdictTests {
    static let fixtures = "Tests/RouteLintRunsTests/Fixtures"

    @Test("a run that could not read a path says it is incomplete, in the summary and in SARIF")
    func incompleteRun() throws {
        let clean = "\(Self.fixtures)/ok/complete-app.routes.yaml"
        let text = try RouteLint.run(["lint", "missing-dir", clean])
        #expect(text.status == 2)
        #expect(text.stderr.contains("cannot read 'missing-dir'"))
        // Nothing reads as clean: the summary leads with what was not checked.
        #expect(
            Self.withoutTime(text.stdout)
                == "Incomplete: 1 path could not be read, so the route set was not checked whole. "
                + "No finding in the 1 file (6 routes) read in T s.\n")
        #expect(!text.stdout.contains("No problems found"))
        let quiet = try RouteLint.run(["lint", "missing-dir", clean, "--quiet"])
        #expect(quiet.status == 2 && !quiet.stdout.contains("No problems found"))
        let failing = try RouteLint.run(["lint", "missing-dir", "\(Self.fixtures)/err/duplicate-key.routes.yaml"])
        #expect(failing.status == 2)
        #expect(
            failing.stdout.split(separator: "\n").last.map { Self.withoutTime(String($0)) }
                == "Incomplete: 1 path could not be read, so the route set was not checked whole. "
                + "Found 3 errors in the 1 file (1 route) read in T s.")

        let sarif = try RouteLint.run(["lint", "missing-dir", clean, "--format", "sarif"])
        #expect(sarif.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let invocation = try #require(((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        let errors = notifications.filter { $0["level"] as? String == "error" }
        #expect(errors.count == 1)
        #expect((errors.first?["message"] as? [String: Any])?["text"] as? String == "cannot read 'missing-dir': No such file or directory")
        // An unreadable path may belong to any app: each says which checks it skipped.
        #expect(notifications.contains { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("may lack a file") == true })
    }

    @Test("a run that could not decide a rule never calls its suppressions unused: removing them would fail the next clean run")
    func suppressionsOfUndecidedRules() throws {
        let app = """
            manifest: 1
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes:
              home: {path: /, activity: main, holder: H}
              # routelint:ignore unreachable-route
              lost: {path: /lost, activity: main, holder: H}

            """
        try GateCommandTests.withFiles(["app.routes.yaml": app, "broken.routes.yaml": "manifest: 1\nroutes: [\n"]) { root in
            // One file that does not parse: the app may lack its routes, so reachability is undecided.
            let broken = try RouteLint.run(["lint", "app.routes.yaml", "broken.routes.yaml"], in: root)
            #expect(broken.status == 1)
            #expect(!broken.stdout.contains("unused-suppression"), "\(broken.stdout)")
            // A path that cannot be read leaves every app incomplete: the same.
            let missing = try RouteLint.run(["lint", "nope.routes.yaml", "app.routes.yaml"], in: root)
            #expect(missing.status == 2)
            #expect(!missing.stdout.contains("unused-suppression"), "\(missing.stdout)")
            // Complete, the directive silences the finding, and one that silences nothing is still said.
            let clean = try RouteLint.run(["lint", "app.routes.yaml"], in: root)
            #expect(clean.status == 0, "\(clean.stdout)")
            try app.replacingOccurrences(of: "holder: H}\n  #", with: "holder: H, links: [lost]}\n  #")
                .write(to: root.appendingPathComponent("app.routes.yaml"), atomically: true, encoding: .utf8)
            let unused = try RouteLint.run(["lint", "app.routes.yaml"], in: root)
            #expect(unused.status == 0)
            #expect(unused.stdout.contains("silences nothing on this line"), "\(unused.stdout)")
        }
    }

    @Test(
        "one path that conflicts with 98 routes is one finding, naming a few, listing all in JSON, whose fingerprint names every conflict")
    func conflictFanOut() throws {
        func manifest(routes: Int) -> String {
            var text = "manifest: 1\nroutes:\n"
            for index in 0..<routes { text += "  r\(index): {path: /r\(index)/:id}\n" }
            return text + "  catch-all: {path: /:section/new}\n"
        }
        var fingerprints: [String] = []
        for routes in [98, 97] {
            try GateCommandTests.withFiles(["a.routes.yaml": manifest(routes: routes)]) { root in
                let result = try RouteLint.run(["lint", "--format", "json", "a.routes.yaml"], in: root)
                let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
                let conflicts = findings.filter { $0["rule"] as? String == "conflicting-patterns" }
                #expect(conflicts.count == 1)
                let message = try #require(conflicts.first?["message"] as? String)
                #expect(
                    message.hasPrefix(
                        "path '/:section/new' of route 'catch-all' conflicts with \(routes) paths of other routes, "
                            + "neither more specific: 'r0' ('/r0/:id'), 'r1' ('/r1/:id'), 'r2' ('/r2/:id') and \(routes - 3) more"))
                // The text names three; the machine-readable report lists every one.
                let related = try #require(conflicts.first?["related"] as? [[String: Any]])
                #expect(related.count == routes)
                #expect(Set(related.compactMap { $0["line"] as? Int }) == Set(3..<(3 + routes)))
                #expect(conflicts.first?["relatedOmitted"] as? Int == 0)
                fingerprints.append(conflicts.first?["fingerprint"] as? String ?? "")
            }
        }
        // The finding is each of its conflicts: one more is another finding, which code scanning
        // must not take for the old one.
        #expect(fingerprints.count == 2 && fingerprints[0] != fingerprints[1])
    }

    @Test("--max-warnings says that it failed the run")
    func maxWarnings() throws {
        let result = try RouteLint.run(["lint", "\(Self.fixtures)/err/orphan-activity.routes.yaml", "--max-warnings", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("warnings, more than --max-warnings 0 allows"))
    }

    @Test("--quiet still says why a run fails")
    func quietReason() throws {
        let result = try RouteLint.run(["lint", "--quiet", "\(Self.fixtures)/err/missing-holder.routes.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("at a failing severity"))
    }

    @Test("a misspelt command gets the nearest command, not 'cannot read'")
    func misspeltCommand() throws {
        let result = try RouteLint.run(["reslove", "/products/1"])
        #expect(result.status == 2)
        #expect(
            result.stderr == "routelint: error: 'reslove' is not a routelint command, nor a path that exists; did you mean 'resolve'?\n")
        // A path that exists is still linted, whatever its name.
        #expect(try RouteLint.run(["Manifests"]).status == 0)
    }

    @Test("--report without a file is a usage error: standard output carries one format")
    func reportNeedsFile() throws {
        let result = try RouteLint.run(["lint", "Manifests", "--report", "sarif"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--report sarif needs a file"))
        #expect(result.stdout.isEmpty)
    }

    @Test("the rule catalogue as JSON lists every rule with its documentation")
    func rulesJSON() throws {
        let result = try RouteLint.run(["rules", "--format", "json"])
        #expect(result.status == 0)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let text = try RouteLint.run(["rules"])
        #expect(rules.count == text.stdout.split(separator: "\n").count)
        #expect(rules.allSatisfy { ($0["documentation"] as? String)?.hasSuffix("#" + ($0["id"] as? String ?? "?")) == true })
        let tabLimit = try #require(rules.first { $0["id"] as? String == "tab-limit" })
        #expect((tabLimit["options"] as? [[String: Any]])?.first?["name"] as? String == "max")
    }

    @Test(
        "init writes a configuration covering every manifest below its folder, a feature folder added later included, and never overwrites one"
    )
    func initialize() throws {
        let manifest = HostileInputEndToEndTests.manifest
        try GateCommandTests.withFiles([
            "Manifests/shop/a.routes.yaml": manifest + "app: shop\n",
            "top.routes.yml": manifest + "app: top\n",
            "node_modules/some-sdk/sdk.routes.yaml": "a package's copy, never linted\n",
        ]) { directory in
            let first = try RouteLint.run(["init"], in: directory)
            #expect(first.status == 0)
            #expect(first.stdout.contains("Wrote .routelint.yml: include **/*.routes.yaml, **/*.routes.yml (2 manifests found)."))
            // The hook docs/ci.md recommends: the binary on PATH, not a build from source.
            #expect(first.stdout.contains("  - id: routelint-system ") && first.stdout.contains("uses: routelint/routelint@v"))
            let written = try String(contentsOf: directory.appendingPathComponent(".routelint.yml"), encoding: .utf8)
            #expect(written.contains(#"include: ["**/*.routes.yaml", "**/*.routes.yml"]"#))
            // A feature folder made after init is linted with the rest.
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("features/player"), withIntermediateDirectories: true)
            try (manifest + "app: player\n").write(
                to: directory.appendingPathComponent("features/player/player.routes.yaml"), atomically: true, encoding: .utf8)
            let lint = try RouteLint.run(["lint"], in: directory)
            #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
            #expect(lint.stdout.contains("No problems found in 3 files"), "\(lint.stdout)")
            let second = try RouteLint.run(["init"], in: directory)
            #expect(second.status == 2)
            #expect(second.stderr == "routelint: error: .routelint.yml already exists; it is left as it is\n")
            #expect(try String(contentsOf: directory.appendingPathComponent(".routelint.yml"), encoding: .utf8) == written)
        }
        try GateCommandTests.withFiles(["README.md": "An app without manifests yet.\n"]) { directory in
            let empty = try RouteLint.run(["init"], in: directory)
            #expect(empty.status == 0)
            #expect(empty.stdout.hasPrefix("Wrote .routelint.yml: include **/*.routes.yaml, **/*.routes.yml (no manifest found yet).\n"))
        }
    }

    @Test("lint - reads a buffer, and with --stdin-filename lints it in place of that file of the set")
    func standardInput() throws {
        let shell =
            "manifest: 1\nactivities: {shop: {}}\ntabs: {home: {activity: shop, index: 0, root: home, icon: i}}\n"
            + "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H, links: [detail]}\n"
        let feature = "manifest: 1\nroutes:\n  detail: {path: /detail, activity: shop, holder: H}\n"
        try GateCommandTests.withFiles([
            ".routelint.yml": "include: ['app/*.routes.yaml']\n",
            "app/shell.routes.yaml": shell, "app/feature.routes.yaml": feature,
        ]) { directory in
            // The buffer renames the route the other file links to: the dangling link is in the
            // other file, so only what is in the buffer is reported, and it is clean.
            let renamed = feature.replacingOccurrences(of: "detail:", with: "details:")
            let edited = try RouteLint.run(["lint", "-", "--stdin-filename", "app/feature.routes.yaml"], in: directory, input: renamed)
            #expect(edited.status == 0, "\(edited.stdout)\(edited.stderr)")
            // A buffer with a typo'd holder is reported under the name it was given.
            let typo = feature.replacingOccurrences(of: "holder: H", with: "holder: HH")
            let broken = try RouteLint.run(["lint", "-", "--stdin-filename", "app/feature.routes.yaml"], in: directory, input: typo)
            #expect(broken.status == 1)
            #expect(broken.stdout.hasPrefix("app/feature.routes.yaml:3:51: error: route 'detail' is bound to holder 'HH'"))
            // The files on disk are the set: the buffer alone would not know holder H.
            #expect(!broken.stdout.contains("shell.routes.yaml"))
            let alone = try RouteLint.run(["lint", "-"], in: directory, input: typo)
            #expect(alone.stdout.hasPrefix("<stdin>:"))
        }
    }

    @Test("resolve and graph report a manifest they could not use, and exit 2")
    func unusableManifests() throws {
        try GateCommandTests.withFiles([
            "good.routes.yaml": HostileInputEndToEndTests.manifest,
            "broken.routes.yaml": "manifest: 1\nroutes: {home: {path: /\n",
        ]) { directory in
            let resolve = try RouteLint.run(["resolve", "/", "--manifest", "."], in: directory)
            #expect(resolve.status == 2)
            #expect(
                resolve.stderr.contains(
                    "cannot use './broken.routes.yaml': it is not well-formed YAML (2:16: '{' opened here is not closed"))
            #expect(resolve.stdout.contains("home"))
            let graph = try RouteLint.run(["graph", "."], in: directory)
            #expect(graph.status == 2)
            #expect(graph.stderr.contains("cannot use './broken.routes.yaml'"))
            #expect(graph.stdout.hasPrefix("digraph"))
        }
    }

    @Test("a file or folder of the configured set is linted in the context of the whole set")
    func pathInsideConfiguredSet() throws {
        let shell =
            "manifest: 1\nactivities: {shop: {}}\ntabs: {home: {activity: shop, index: 0, root: home, icon: i}}\n"
            + "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H, links: [detail]}\n"
        let feature = "manifest: 1\nroutes:\n  detail: {path: /detail, activity: shop, holder: H}\n"
        try GateCommandTests.withFiles([
            ".routelint.yml": "include: ['app/**/*.routes.yaml']\nexclude: ['app/legacy/**']\n",
            "app/shell/shell.routes.yaml": shell, "app/catalog/feature.routes.yaml": feature,
            "app/legacy/old.routes.yaml": "manifest: 1\nroutes: {x: {holder: Nope}}\n",
        ]) { directory in
            // Alone, the feature names an activity and a holder it does not declare.
            let catalog = directory.appendingPathComponent("app/catalog")
            let fromInside = try RouteLint.run(["lint", "."], in: catalog)
            #expect(fromInside.status == 0, "\(fromInside.stdout)")
            #expect(fromInside.stdout.contains("No problems found in 2 files"))
            let named = try RouteLint.run(["lint", "app/catalog/feature.routes.yaml"], in: directory)
            #expect(named.status == 0, "\(named.stdout)")
            // A file the configuration excludes is no part of the set, it says: linted as named, alone.
            let excluded = try RouteLint.run(["lint", "app/legacy/old.routes.yaml"], in: directory)
            #expect(excluded.stderr == "")
            #expect(excluded.status == 1 && excluded.stdout.contains("holder 'Nope'"), "\(excluded.stdout)")
            // A feature folder no include glob matches: named, it is linted with its app's
            // configured files, whose activity it names.
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("features/player"), withIntermediateDirectories: true)
            try feature.replacingOccurrences(of: "detail", with: "player").write(
                to: directory.appendingPathComponent("features/player/player.routes.yaml"), atomically: true, encoding: .utf8)
            let player = try RouteLint.run(["lint", "features/player/player.routes.yaml"], in: directory)
            #expect(player.status == 0, "\(player.stdout)")
            #expect(
                player.stderr
                    == "routelint: note: 'features/player/player.routes.yaml' is not in the configured route set; linted with the "
                    + "configured files of its app\n")
            // Linted from the top, it is named in a note, and the summary does not call the set clean.
            try "manifest: 1\nroutes: {}\n".write(
                to: directory.appendingPathComponent("app/shell/more.route.yaml"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(".drafts"), withIntermediateDirectories: true)
            try feature.write(to: directory.appendingPathComponent(".drafts/draft.routes.yaml"), atomically: true, encoding: .utf8)
            let whole = try RouteLint.run(["lint"], in: directory)
            #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
            #expect(
                whole.stderr
                    == "routelint: note: 3 files look like manifests and are not linted: .drafts/draft.routes.yaml (in the hidden folder "
                    + ".drafts, which is not searched), app/shell/more.route.yaml (named one slip from a manifest: more.routes.yaml?), "
                    + "features/player/player.routes.yaml (no include glob matches it); include: [\"**/*.routes.yaml\", \"**/*.routes.yml\"] "
                    + "takes every manifest below the configuration's folder; an include glob that names the hidden folder "
                    + "(\".drafts/**/*.routes.yaml\") takes its manifests; a manifest's name ends in .routes.yaml or .routes.yml\n")
            #expect(
                Self.withoutTime(whole.stdout)
                    == "No problems found in the 2 files (2 routes) linted in T s; 3 files that look like manifests were left out (see the note).\n"
            )
        }
    }

    @Test("a file left out below two of the folders linted is named once")
    func leftOutBelowNestedFolders() throws {
        try GateCommandTests.withFiles([
            "app/app.routes.yaml": "manifest: 1\nroutes: {}\n", "app/feature/more.route.yaml": "manifest: 1\nroutes: {}\n",
        ]) { directory in
            let run = try RouteLint.run(["lint", "app", "app/feature"], in: directory)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(
                run.stderr.hasPrefix(
                    "routelint: note: 1 file looks like a manifest and is not linted: app/feature/more.route.yaml (named one slip "
                        + "from a manifest: more.routes.yaml?)"), "\(run.stderr)")
        }
    }

    @Test(
        "one mistake, one finding: a misspelt type or holder read as the one it names, an unknown type undecided, an invalid path not judged",
        arguments: [
            ("path: '/shows/:showId', params: {showId: integer}, holder: ShowsHolder", "invalid-value"),
            ("path: '/shows/:showId', params: {showId: flarp}, holder: ShowsHolder", "invalid-value"),
            ("path: '/shows/:showId', params: {showId: int}, holder: ShowHolder", "missing-holder"),
            ("path: '/shows/{showId}', params: {showId: int}, holder: ShowsHolder", "invalid-path"),
            ("path: '/shows?tab=:tab', holder: ShowsHolder", "invalid-path"),
        ])
    func oneMistakeOneFinding(fields: String, rule: String) throws {
        // `show` is flagged, with a fallback that needs 'showId: int', has an example, and is
        // the `up` of a route: each rule that compares its values would have a say.
        let manifest = """
            manifest: 1
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            hosts: [pod.example.com]
            holders: {H: {}, ShowsHolder: {}}
            routes:
              home: {path: /, activity: main, holder: H, links: [show, old-show]}
              show: {\(fields), activity: main, feature: new-show, fallback: old-show, links: [episode], examples: ['https://pod.example.com/shows/1']}
              old-show: {path: '/legacy/shows/:showId', params: {showId: int}, activity: main, holder: H}
              episode: {path: '/shows/:showId/episodes/:episodeId', params: {showId: int}, activity: main, holder: H, up: show}

            """
        try GateCommandTests.withFiles(["pod.routes.yaml": manifest]) { root in
            let result = try RouteLint.run(["lint", "--format", "json", "pod.routes.yaml"], in: root)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(findings.compactMap { $0["rule"] as? String } == [rule], "\(manifest)\(result.stdout)")
        }
    }

    /// `text` with the run's time, which varies, written as `T`.
    static func withoutTime(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d+\.\d\d s"#, with: "T s", options: .regularExpression)
    }
}
