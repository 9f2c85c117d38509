import Foundation
import Testing

/// `routelint diff`, end to end, on a real git repository of two commits: against the earlier
/// commit and against a folder holding it, every format, a golden Markdown page, and the
/// refusals (an unknown revision, a shallow clone, a revision that does not parse).
@Suite("routelint diff, end to end")
struct DiffCommandTests {
    static let goldenMarkdown = RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/diff/changes.md")

    /// The two revisions docs/diff.md shows: the earlier one in `earlier/`, the current one
    /// beside it (a route moved to a file of its own, `orders.routes.yaml`).
    static let example = RouteLint.packageRoot.appendingPathComponent("Tests/RouteLintRunsTests/Fixtures/diff/example")

    static func exampleFile(_ path: String) -> String {
        (try? String(contentsOf: example.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static let configuration = exampleFile(".routelint.yml")
    static let before = exampleFile("earlier/routes/shop.routes.yaml")
    static let after = exampleFile("routes/shop.routes.yaml")
    static let moved = exampleFile("routes/orders.routes.yaml")

    static let git = "git -c user.email=t@routelint.invalid -c user.name=t -c commit.gpgsign=false"

    /// A repository whose two commits are the same every time (fixed dates), so that its
    /// commit ids are too.
    static func withRepository(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-diff-\(UUID().uuidString)")
        let repository = root.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try configuration.write(to: repository.appendingPathComponent(".routelint.yml"), atomically: true, encoding: .utf8)
        try before.write(to: repository.appendingPathComponent("routes/shop.routes.yaml"), atomically: true, encoding: .utf8)
        try shell("git init -q . && git add -A && \(git) commit -qm before", in: repository)
        try after.write(to: repository.appendingPathComponent("routes/shop.routes.yaml"), atomically: true, encoding: .utf8)
        try moved.write(to: repository.appendingPathComponent("routes/orders.routes.yaml"), atomically: true, encoding: .utf8)
        try shell("git add -A && \(git) commit -qm after", in: repository)
        try body(repository)
    }

    static func shell(_ command: String, in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"] { environment[key] = "2026-11-01T12:00:00Z" }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { Issue.record("\(command) exited \(process.terminationStatus)") }
    }

    @Test("against the earlier commit: each change at its place, the verdict, and nothing left behind")
    func againstRevision() throws {
        try Self.withRepository { repository in
            let result = try RouteLint.run(["diff", "--against", "HEAD~1"], in: repository)
            #expect(result.status == 1, "\(result.stderr)")
            let headlines = result.stdout.split(separator: "\n").filter { $0.hasSuffix("]") }
            let expected: [String] = [
                "routes/orders.routes.yaml:4:3: warning: route 'order' required a signed-in user and does not now [relaxed-auth]",
                "routes/shop.routes.yaml:12:39: error: https://shop.example.com/cart opened route 'cart'; it opens no route now: "
                    + "route 'cart' opens it and has web: false, so the app does not claim it [removed-link]",
                "routes/shop.routes.yaml:14:3: warning: shop://products/new and https://shop.example.com/products/new opened route "
                    + "'product'; they open route 'new-product' now [redirected-link]",
                "routes/shop.routes.yaml:15:18: warning: route 'search' takes the path parameters (query) now, not none [changed-route-api]",
                "routes/shop.routes.yaml:15:18: error: shop://search/x/x and https://shop.example.com/search/x/x opened route 'search'; "
                    + "they open no route now: route 'search' no longer matches it (its path is /search/:query now) [removed-link]",
            ]
            #expect(headlines.map(String.init) == expected)
            #expect(result.stdout.contains("HEAD~1:routes/shop.routes.yaml:15:72: note: it required auth here"), "\(result.stdout)")
            #expect(
                result.stdout.contains(
                    "Found 2 errors and 3 warnings about route changes in 2 files (7 routes) compared with 'HEAD~1' ("
                        + (try Self.commit("HEAD~1", in: repository)) + ") in "))
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            // Read through git: no checkout, no worktree, nothing written.
            let status = try Self.capture("git status --porcelain && git worktree list | wc -l", in: repository)
            #expect(status == "1\n")
        }
    }

    static func capture(_ command: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func commit(_ revision: String, in directory: URL) throws -> String {
        String(try capture("git rev-parse \(revision)", in: directory).prefix(12))
    }

    @Test("against a folder holding the earlier commit: the same changes")
    func againstDirectory() throws {
        try Self.withRepository { repository in
            let base = repository.deletingLastPathComponent().appendingPathComponent("base")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            try Self.shell("git archive HEAD~1 | tar -x -C ../base", in: repository)
            let fromGit = try RouteLint.run(["diff", "--against", "HEAD~1", "--format", "json"], in: repository)
            let fromFolder = try RouteLint.run(["diff", "--against", "../base", "--format", "json"], in: repository)
            #expect(fromFolder.status == 1)
            let strip = { (text: String) in
                text.split(separator: "\n").filter { !$0.contains("\"file\"") }.joined(separator: "\n")
            }
            #expect(strip(fromGit.stdout) == strip(fromFolder.stdout))
            #expect(
                fromFolder.stdout.contains("\"file\" : \"../base/routes/shop.routes.yaml\"")
                    || fromFolder.stdout.contains("\"file\": \"../base/routes/shop.routes.yaml\""))
            #expect(fromGit.stdout.contains("\"witnesses\""))
            // A copy inside the working tree is no part of the current route set.
            try Self.shell("mkdir -p old && git archive HEAD~1 | tar -x -C old && rm .routelint.yml old/.routelint.yml", in: repository)
            let inside = try RouteLint.run(["diff", "--against", "old"], in: repository)
            #expect(inside.status == 1, "\(inside.stderr)")
            #expect(inside.stdout.contains("about route changes in 2 files (7 routes) compared with the folder 'old'"), "\(inside.stdout)")
        }
    }

    @Test("markdown for a pull request is the golden page; sarif names the earlier revision's files as valid references")
    func formats() throws {
        try Self.withRepository { repository in
            let markdown = try RouteLint.run(["diff", "--against", "HEAD~1", "--format", "markdown"], in: repository)
            #expect(markdown.status == 1)
            let page = markdown.stdout.replacingOccurrences(of: try Self.commit("HEAD~1", in: repository), with: "COMMIT")
            if ProcessInfo.processInfo.environment["ROUTELINT_UPDATE_FIXTURES"] != nil {
                try page.write(to: Self.goldenMarkdown, atomically: true, encoding: .utf8)
            }
            #expect(page == (try String(contentsOf: Self.goldenMarkdown, encoding: .utf8)))
            let sarif = try RouteLint.run(["diff", "--against", "HEAD~1", "--format", "sarif"], in: repository)
            #expect(
                sarif.stdout.contains("\"uri\" : \"HEAD~1%3Aroutes/shop.routes.yaml\"")
                    || sarif.stdout.contains("\"uri\": \"HEAD~1%3Aroutes/shop.routes.yaml\""))
            #expect(sarif.stdout.contains("witnessURLs"))
            let github = try RouteLint.run(["diff", "--against", "HEAD~1", "--format", "github"], in: repository)
            #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=routes/shop.routes.yaml") }.count == 2)
        }
    }

    @Test("an acknowledged break: a baseline written once accepts the changes, and a directive on the line silences one")
    func acknowledged() throws {
        try Self.withRepository { repository in
            let write = try RouteLint.run(["diff", "--against", "HEAD~1", "--write-baseline", "accepted.json"], in: repository)
            #expect(write.status == 0, "\(write.stderr)")
            let accepted = try RouteLint.run(["diff", "--against", "HEAD~1", "--baseline", "accepted.json"], in: repository)
            #expect(accepted.status == 0)
            #expect(accepted.stdout.hasPrefix("No route changes found in 2 files"))
            // Against the tree's own commit nothing changed: the baseline's entries are stale, said as lint says it.
            let stale = try RouteLint.run(["diff", "--against", "HEAD", "--baseline", "accepted.json"], in: repository)
            #expect(stale.status == 0, "\(stale.stderr)")
            #expect(
                stale.stderr.contains("match no finding any more; rewrite the baseline with --write-baseline accepted.json to drop them:"))
            #expect(stale.stderr.contains("routes/shop.routes.yaml: removed-link"), "\(stale.stderr)")
            var text = Self.after.replacingOccurrences(
                of: "search: {path: /search/:query, holder: H, activity: main}",
                with:
                    "search: {path: /search/:query, holder: H, activity: main}  # routelint:ignore removed-link -- old search links retired"
            )
            text = text.replacingOccurrences(
                of: "cart: {path: /cart, holder: H, web: false}",
                with: "cart: {path: /cart, holder: H, web: false}  # routelint:ignore removed-link")
            try text.write(to: repository.appendingPathComponent("routes/shop.routes.yaml"), atomically: true, encoding: .utf8)
            let silenced = try RouteLint.run(["diff", "--against", "HEAD~1"], in: repository)
            #expect(silenced.status == 0, "\(silenced.stdout)")
            #expect(!silenced.stdout.contains("[removed-link]"))
            // lint does not call a directive for a diff rule unused.
            let lint = try RouteLint.run(["lint"], in: repository)
            #expect(!lint.stdout.contains("unused-suppression"), "\(lint.stdout)")
        }
    }

    @Test("an unknown revision, a shallow clone without it, a revision that does not parse: a clear error, exit 2")
    func refusals() throws {
        try Self.withRepository { repository in
            let unknown = try RouteLint.run(["diff", "--against", "no-such-branch"], in: repository)
            #expect(unknown.status == 2)
            #expect(unknown.stderr == "routelint: error: cannot compare: unknown revision 'no-such-branch'\n")
            #expect(unknown.stdout.isEmpty)

            let shallow = repository.deletingLastPathComponent().appendingPathComponent("shallow")
            try Self.shell("git clone -q --depth 1 file://\(repository.path) \(shallow.path)", in: repository)
            let cut = try RouteLint.run(["diff", "--against", "HEAD~1"], in: shallow)
            #expect(cut.status == 2)
            #expect(cut.stderr.contains("this is a shallow clone, which may lack it"), "\(cut.stderr)")

            try Data([0x6D, 0x61, 0x00, 0xFF, 0xFE, 0x01]).write(to: repository.appendingPathComponent("routes/shop.routes.yaml"))
            try Self.shell(
                "git add -A && \(Self.git) commit -qm binary && git checkout -q HEAD~1 -- routes && \(Self.git) commit -qam restore",
                in: repository)
            let binary = try RouteLint.run(["diff", "--against", "HEAD~1"], in: repository)
            #expect(binary.status == 2)
            #expect(binary.stderr.contains("cannot compare: the route set of 'HEAD~1'"), "\(binary.stderr)")
            #expect(binary.stdout.isEmpty)
        }
    }
}
