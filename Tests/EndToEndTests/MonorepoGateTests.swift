import Foundation
import Testing

/// The gate as CI and hooks run it in a monorepo: three apps under `apps/`, one configuration
/// at the top with its `baseline`, and jobs that start in the top folder or in an app's
/// (`working-directory: apps/news`). Whatever folder a run starts in, it applies the same
/// baseline and writes the same baseline, SARIF and annotations.
@Suite("routelint in a monorepo, from any folder")
struct MonorepoGateTests {
    /// The repository's files: news with an unknown key and a route nothing links to, sports
    /// with a route whose path conflicts with four others, shop clean.
    static let files: [String: String] = [
        ".routelint.yml": "include: ['apps/**/*.routes.yaml']\nbaseline: routelint-baseline.json\n",
        "apps/news/news.routes.yaml": """
        manifest: 1
        app: news
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: front, icon: house}}
        holders: {H: {}}
        routes:
          front: {path: /, holder: H, activity: main, links: [story]}
          story: {path: /stories/:id, holder: H, activity: main, titel: x}
          archive: {path: /archive, holder: H, activity: main}

        """,
        "apps/sports/sports.routes.yaml": """
        manifest: 1
        app: sports
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: scores, icon: ball}}
        holders: {H: {}}
        routes:
          scores: {path: /, holder: H, activity: main, links: [today, football, tennis, golf, chess]}
          today: {path: '/:sport/today', holder: H, activity: main}
          football: {path: '/football/:day', holder: H, activity: main}
          tennis: {path: '/tennis/:day', holder: H, activity: main}
          golf: {path: '/golf/:day', holder: H, activity: main}
          chess: {path: '/chess/:day', holder: H, activity: main}

        """,
        "apps/shop/shop.routes.yaml": """
        manifest: 1
        app: shop
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: bag}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, activity: main}

        """,
    ]

    /// The folders a job may start in.
    static let folders = ["", "apps", "apps/news", "apps/sports/"]

    /// Runs git in `directory`, which must succeed.
    static func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.email=test@routelint.invalid", "-c", "user.name=test"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test(
        "the configuration's baseline applies from every folder, and a baseline, SARIF log and annotations written from any folder are the same bytes"
    )
    func sameFromEveryFolder() throws {
        try GateCommandTests.withFiles(Self.files) { root in
            try Self.git(["init", "-q"], in: root)
            // The baseline the configuration names does not exist yet: writing it is how it starts.
            let first = try RouteLint.run(["lint", "--write-baseline", "routelint-baseline.json"], in: root)
            #expect(first.status == 0, "\(first.stderr)")
            let written = try String(contentsOf: root.appendingPathComponent("routelint-baseline.json"), encoding: .utf8)
            #expect(written.contains(#""file": "apps/news/news.routes.yaml""#))
            // Each conflict of the route with many is an entry.
            #expect(written.components(separatedBy: #""rule": "conflicting-patterns""#).count - 1 == 4)
            let empty = root.appendingPathComponent("empty.json")
            try #"{"version": 3, "findings": []}"#.write(to: empty, atomically: true, encoding: .utf8)

            var logs: Set<String> = []
            var annotations: Set<String> = []
            var baselines: Set<String> = []
            for folder in Self.folders {
                let directory = root.appendingPathComponent(folder)
                let lint = try RouteLint.run(["lint"], in: directory)
                #expect(lint.status == 0, "from '\(folder)': \(lint.stdout)\(lint.stderr)")
                #expect(!lint.stderr.contains("match no finding"), "from '\(folder)': \(lint.stderr)")
                logs.insert(try RouteLint.run(["lint", "--format", "sarif"], in: directory).stdout)
                annotations.insert(try RouteLint.run(["lint", "--format", "github", "--baseline", empty.path], in: directory).stdout)
                let copy = try RouteLint.run(["lint", "--write-baseline", "copy.json"], in: directory)
                #expect(copy.status == 0)
                baselines.insert(try String(contentsOf: directory.appendingPathComponent("copy.json"), encoding: .utf8))
            }
            #expect(baselines == [written])
            #expect(logs.count == 1)
            #expect(logs.first?.contains(#""uri": "apps/news/news.routes.yaml""#) == true)
            #expect(annotations.count == 1)
            #expect(annotations.first?.contains("::warning file=apps/news/news.routes.yaml,line=8,") == true, "\(annotations)")
        }
    }

    /// The baseline's entries, one a line.
    static func entries(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""rule""#) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ,")) }
    }

    @Test(
        "--write-baseline over the baseline in force keeps what it accepted and adds what is new; a run of some paths keeps the entries of the files it did not read"
    )
    func writingOverTheBaselineKeepsIt() throws {
        try GateCommandTests.withFiles(Self.files) { root in
            try Self.git(["init", "-q"], in: root)
            let baseline = root.appendingPathComponent("routelint-baseline.json")
            #expect(try RouteLint.run(["lint", "--write-baseline", "routelint-baseline.json"], in: root).status == 0)
            let first = try Self.entries(baseline)
            #expect(first.count == 6, "\(first)")
            // Rewritten over itself, from the top and from an app, with a path given: nothing is lost.
            let again = try RouteLint.run(
                ["lint", "--baseline", "routelint-baseline.json", "--write-baseline", "routelint-baseline.json"], in: root)
            #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
            #expect(try Self.entries(baseline) == first)
            let news = root.appendingPathComponent("apps/news")
            let fromApp = try RouteLint.run(["lint", "news.routes.yaml", "--write-baseline", "../../routelint-baseline.json"], in: news)
            #expect(fromApp.status == 0, "\(fromApp.stderr)")
            #expect(try Self.entries(baseline) == first)
            // A new finding is added beside the old.
            let story = "  story: {path: /stories/:id, holder: H, activity: main, titel: x}"
            let text = try #require(Self.files["apps/news/news.routes.yaml"])
            try text.replacingOccurrences(of: story, with: story + ", fallbak: front").write(
                to: news.appendingPathComponent("news.routes.yaml"), atomically: true, encoding: .utf8)
            let refused = try RouteLint.run(["lint"], in: news)
            #expect(refused.status == 1 && refused.stdout.contains("fallbak"))
            #expect(try RouteLint.run(["lint", "--write-baseline", "../../routelint-baseline.json"], in: news).status == 0)
            let grown = try Self.entries(baseline)
            #expect(grown.count == first.count + 1 && Set(first).isSubset(of: grown))
        }
    }

    /// A two-file app, committed: the shell's home links to the catalog's route.
    static let shop: [String: String] = [
        "shop/shell.routes.yaml": """
        manifest: 1
        app: shop
        schemes: [shop]
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, activity: main, links: [catalog]}

        """,
        "shop/catalog.routes.yaml": """
        manifest: 1
        app: shop
        routes:
          catalog: {path: /catalog, holder: H, activity: main}

        """,
    ]

    /// Writes `text` to `name` below `root`.
    static func write(_ text: String, _ name: String, in root: URL) throws {
        try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test("--staged judges what the commit holds: the index against the work tree both ways, git rm --cached, a rename")
    func stagedReadsTheIndex() throws {
        try GateCommandTests.withFiles(Self.shop) { root in
            try Self.git(["init", "-q"], in: root)
            try Self.git(["add", "-A"], in: root)
            try Self.git(["commit", "-qm", "shop"], in: root)
            let shell = try #require(Self.shop["shop/shell.routes.yaml"])
            let catalog = try #require(Self.shop["shop/catalog.routes.yaml"])
            // Staged: a link to a route only the work tree declares.
            try Self.write(
                shell.replacingOccurrences(of: "links: [catalog]", with: "links: [catalog, reviews]"), "shop/shell.routes.yaml", in: root)
            try Self.git(["add", "shop/shell.routes.yaml"], in: root)
            try Self.write(catalog + "  reviews: {path: /reviews, holder: H, activity: main}\n", "shop/catalog.routes.yaml", in: root)
            let ahead = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(ahead.status == 1, "\(ahead.stdout)")
            #expect(ahead.stdout.contains("names route 'reviews', which is not declared"))
            // Staged too: the commit holds both, and passes.
            try Self.git(["add", "shop/catalog.routes.yaml"], in: root)
            #expect(try RouteLint.run(["lint", "--staged"], in: root).status == 0)
            // The work tree broken after staging: the commit is what is judged.
            try Self.write("manifest: 1\nroutes: [broken\n", "shop/catalog.routes.yaml", in: root)
            let behind = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(behind.status == 0, "\(behind.stdout)\(behind.stderr)")
            try Self.git(["checkout", "--", "shop/catalog.routes.yaml"], in: root)
            try Self.git(["commit", "-qm", "reviews"], in: root)
            // Out of the index, still in the tree: the commit deletes it.
            try Self.git(["rm", "-q", "--cached", "shop/catalog.routes.yaml"], in: root)
            let removed = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(removed.status == 1)
            #expect(removed.stdout.contains("names route 'catalog', which is not declared"), "\(removed.stdout)")
            try Self.git(["add", "shop/catalog.routes.yaml"], in: root)
            // A rename is a deletion and an addition of the same routes.
            try Self.git(["mv", "shop/catalog.routes.yaml", "shop/products.routes.yaml"], in: root)
            let renamed = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(renamed.status == 0, "\(renamed.stdout)\(renamed.stderr)")
            #expect(renamed.stdout.contains("in 2 files"))
        }
    }

    @Test(
        "a hook run that is no commit: with nothing staged (pre-commit run --all-files) the whole set is judged; over a range (--from-ref/--to-ref), the apps it changes"
    )
    func hookRunsThatAreNoCommits() throws {
        try GateCommandTests.withFiles(Self.shop) { root in
            try Self.git(["init", "-q"], in: root)
            try Self.git(["add", "-A"], in: root)
            try Self.git(["commit", "-qm", "shop"], in: root)
            let shell = try #require(Self.shop["shop/shell.routes.yaml"])
            try Self.write(shell.replacingOccurrences(of: "holder: H,", with: "holder: Hh,"), "shop/shell.routes.yaml", in: root)
            try Self.git(["commit", "-qam", "a typo"], in: root)
            // Outside pre-commit, nothing staged is a commit of nothing.
            let plain = try RouteLint.run(["lint", "--staged"], in: root)
            #expect(plain.status == 0 && plain.stderr.contains("the commit changes no route manifest"))
            let allFiles = try RouteLint.run(["lint", "--staged"], in: root, environment: ["PRE_COMMIT": "1"])
            #expect(allFiles.status == 1, "\(allFiles.stdout)\(allFiles.stderr)")
            #expect(allFiles.stderr.contains("nothing is staged, so this is no commit"))
            #expect(allFiles.stdout.contains("holder 'Hh'") && allFiles.stdout.contains("in 2 files"))
            let range = try RouteLint.run(
                ["lint", "--staged"], in: root,
                environment: ["PRE_COMMIT": "1", "PRE_COMMIT_FROM_REF": "HEAD~1", "PRE_COMMIT_TO_REF": "HEAD"])
            #expect(range.status == 1 && range.stdout.contains("holder 'Hh'"), "\(range.stdout)\(range.stderr)")
            let none = try RouteLint.run(
                ["lint", "--staged"], in: root,
                environment: ["PRE_COMMIT": "1", "PRE_COMMIT_FROM_REF": "HEAD", "PRE_COMMIT_TO_REF": "HEAD"])
            #expect(none.status == 0 && none.stderr.contains("the commit changes no route manifest"), "\(none.stderr)")
        }
    }

    @Test(
        "diff where a pull request's job runs it: a base branch the clone has only as origin's, a base without manifests, git's own reason when it refuses the repository"
    )
    func diffInAPullRequestJob() throws {
        try GateCommandTests.withFiles(["README.md": "# shop\n"]) { origin in
            try Self.git(["init", "-q", "-b", "main"], in: origin)
            try Self.git(["add", "-A"], in: origin)
            try Self.git(["commit", "-qm", "no routes yet"], in: origin)
            let clone = origin.appendingPathComponent("clone")
            try Self.git(["clone", "-q", origin.path, clone.path], in: origin)
            try Self.git(["checkout", "-q", "-b", "feature"], in: clone)
            try Self.git(["branch", "-q", "-D", "main"], in: clone)
            for (name, text) in Self.shop {
                try FileManager.default.createDirectory(
                    at: clone.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.write(text, name, in: clone)
            }
            try Self.git(["add", "-A"], in: clone)
            try Self.git(["commit", "-qm", "the first routes"], in: clone)
            // `main` is only origin's here, and held no manifest: every link is added.
            let first = try RouteLint.run(["diff", "--against", "main"], in: clone)
            #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
            #expect(first.stderr.contains("this clone has no branch 'main', so it is compared with 'origin/main'"), "\(first.stderr)")
            #expect(first.stdout.contains("added-link"), "\(first.stdout)")
            #expect(try RouteLint.run(["diff", "--against", "nope"], in: clone).stderr.contains("unknown revision 'nope'"))
            // A checkout another user owns, as in a container job: git's own words, and its remedy.
            guard getuid() == 0 else { return }
            let owner = Process()
            owner.executableURL = URL(fileURLWithPath: "/bin/chown")
            owner.arguments = ["-R", "65534:65534", clone.path]
            try owner.run()
            owner.waitUntilExit()
            let refused = try RouteLint.run(["diff", "--against", "origin/main"], in: clone, environment: ["HOME": origin.path])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("dubious ownership") && refused.stderr.contains("safe.directory"), "\(refused.stderr)")
        }
    }
}
