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
}
