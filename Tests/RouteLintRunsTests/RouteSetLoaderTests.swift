import Foundation
import Testing
@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules

/// The one loader that decides which files form a route set, over each file system it reads:
/// the disk, buffers over the disk, a git revision.
@Suite("Route-set loader")
struct RouteSetLoaderTests {
    /// A fresh folder for one test, removed afterwards.
    static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "routelint-discovery-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("directories give their manifests in path order; other files and hidden folders are skipped")
    func walksDirectories() throws {
        try Self.withTemporaryDirectory { root in
            for name in ["b.routes.yaml", "a/z.routes.yml", "a/notes.yaml", ".hidden/x.routes.yaml", "README.md"] {
                try Self.write("manifest: 1\n", to: "\(root)/\(name)")
            }
            let set = try loadFromDisk([root])
            #expect(set.unreadable.isEmpty)
            #expect(set.files.map(\.path) == ["\(root)/a/z.routes.yml", "\(root)/b.routes.yaml"])
            #expect(set.files.map(\.id) == [FileID(0), FileID(1)])
        }
    }

    /// The paths a walk looked at one by one (`entry(at:)`), in order.
    final class Looks: @unchecked Sendable {
        var paths: [String] = []
    }

    /// The disk, counting what is looked at one by one.
    struct LookedAtDisk: RouteSetFileSystem {
        let disk = DiskFileSystem()
        let looks: Looks

        func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
            looks.paths.append(path)
            return disk.entry(at: path)
        }
        func names(inDirectory path: String) -> Result<[String], ReadFailure> { disk.names(inDirectory: path) }
        func entries(inDirectory path: String) -> Result<[DirectoryEntry], ReadFailure> { disk.entries(inDirectory: path) }
        func contents(of path: String) -> Result<[UInt8], ReadFailure> { disk.contents(of: path) }
    }

    @Test("a walk looks at no regular file it does not select, and the survey of what is left out only at links")
    func looksAtListedKinds() throws {
        try Self.withTemporaryDirectory { root in
            for index in 0..<20 { try Self.write("x\n", to: "\(root)/src/File\(index).swift") }
            try Self.write("manifest: 1\n", to: "\(root)/app.routes.yaml")
            try Self.write("manifest: 1\n", to: "\(root)/src/feature.routes.yaml")
            try FileManager.default.createSymbolicLink(atPath: "\(root)/same.routes.yaml", withDestinationPath: "\(root)/app.routes.yaml")
            let looks = Looks()
            let loader = try Self.loader(LookedAtDisk(looks: looks), in: root)
            looks.paths = []
            let set = try loader.load([])
            #expect(set.files.map(\.path) == ["./app.routes.yaml", "./src/feature.routes.yaml"])
            #expect(
                looks.paths == [
                    root, "\(root)/app.routes.yaml", "\(root)/same.routes.yaml", "\(root)/src", "\(root)/src/feature.routes.yaml",
                ])
            looks.paths = []
            let survey = LeftOutManifests(below: root, linted: [], loader: loader)
            #expect(survey.files.map(\.path) == ["app.routes.yaml", "same.routes.yaml", "src/feature.routes.yaml"])
            #expect(looks.paths == ["\(root)/same.routes.yaml"])
        }
    }

    @Test("a link named as a manifest to a file the walk passes over is linted, on the disk and through buffers alike")
    func linkToUnselectedFile() throws {
        try Self.withTemporaryDirectory { root in
            try Self.write("manifest: 1\n", to: "\(root)/a.txt")
            try FileManager.default.createSymbolicLink(atPath: "\(root)/b.routes.yaml", withDestinationPath: "\(root)/a.txt")
            for fileSystem: any RouteSetFileSystem in [DiskFileSystem(), OverlayFileSystem([:], over: DiskFileSystem())] {
                let set = try Self.loader(fileSystem, in: root).load([])
                #expect(set.files.map(\.path) == ["./b.routes.yaml"])
            }
        }
    }

    @Test("a file named on the command line is linted whatever its name, and only once")
    func explicitFiles() throws {
        try Self.withTemporaryDirectory { root in
            try Self.write("manifest: 1\n", to: "\(root)/routes.yaml")
            let set = try loadFromDisk(["\(root)/routes.yaml", "\(root)/routes.yaml", root])
            #expect(set.files.map(\.path) == ["\(root)/routes.yaml"])
        }
    }

    @Test("symbolic link loops end, and broken links to manifests are reported")
    func symlinkLoops() throws {
        try Self.withTemporaryDirectory { root in
            try Self.write("manifest: 1\n", to: "\(root)/real/a.routes.yaml")
            try FileManager.default.createSymbolicLink(atPath: "\(root)/real/loop", withDestinationPath: root)
            try FileManager.default.createSymbolicLink(
                atPath: "\(root)/real/self.routes.yaml",
                withDestinationPath: "\(root)/real/self.routes.yaml")
            try FileManager.default.createSymbolicLink(
                atPath: "\(root)/real/gone.routes.yaml",
                withDestinationPath: "\(root)/nowhere")
            let set = try loadFromDisk([root])
            #expect(set.files.map(\.path) == ["\(root)/real/a.routes.yaml"])
            #expect(set.unreadable.map(\.path).sorted() == ["\(root)/real/gone.routes.yaml", "\(root)/real/self.routes.yaml"])
        }
    }

    @Test("a path that does not exist is a failure")
    func missingPath() throws {
        let set = try loadFromDisk(["/nonexistent/routelint"])
        #expect(set.files.isEmpty)
        #expect(set.unreadable == [ReadFailure(path: "/nonexistent/routelint", reason: "No such file or directory")])
        #expect(set.messages.map(\.description) == ["routelint: error: cannot read '/nonexistent/routelint': No such file or directory"])
    }

    @Test("a FIFO or a device is refused at once, without reading")
    func nonRegularFiles() throws {
        try Self.withTemporaryDirectory { root in
            let fifo = root + "/pipe.routes.yaml"
            #expect(mkfifo(fifo, 0o600) == 0)
            // No writer ever opens the FIFO: reading it would block forever.
            #expect(DiskFileSystem.read(fifo) == .failure(.init(path: fifo, reason: "not a regular file (a FIFO)")))
            #expect(
                DiskFileSystem.read("/dev/zero") == .failure(.init(path: "/dev/zero", reason: "not a regular file (a character device)")))
            #expect(DiskFileSystem.read(root) == .failure(.init(path: root, reason: "not a regular file (a directory)")))
        }
    }

    @Test("a report writes through a link or a device at its path, and leaves nothing beside it")
    func reportOutputTargets() throws {
        try Self.withTemporaryDirectory { root in
            let victim = root + "/victim.txt"
            try Self.write("an earlier, longer report\n", to: victim)
            let report = root + "/report.txt"
            try FileManager.default.createSymbolicLink(atPath: report, withDestinationPath: victim)
            let output = try OutputFile(file: report)
            output.write("the report\n")
            try output.finish()
            // The link is what the user named: it stays, and its target gets the report.
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the report\n")
            var linkInfo = stat()
            #expect(lstat(report, &linkInfo) == 0 && linkInfo.st_mode & S_IFMT == S_IFLNK)
            // Nothing is left behind beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["report.txt", "victim.txt"])

            let null = try OutputFile(file: "/dev/null")
            null.write("discarded\n")
            try null.finish()
            var info = stat()
            #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        }
    }

    // MARK: - Which files form the set

    /// A configured route set in memory: the configuration at /repo/.routelint.yml.
    static let configured = InMemoryFileSystem([
        "/repo/.routelint.yml": "include: ['app/**/*.routes.yaml', 'extra.yaml']\nexclude: ['app/legacy/**']\n",
        "/repo/app/b.routes.yaml": "manifest: 1\n",
        "/repo/app/a/z.routes.yaml": "manifest: 1\n",
        "/repo/app/legacy/old.routes.yaml": "manifest: 1\n",
        "/repo/app/notes.routes.yml": "manifest: 1\n",
        "/repo/extra.yaml": "manifest: 1\n",
        "/repo/other/c.routes.yaml": "manifest: 1\n",
    ])

    static func loader(
        _ fileSystem: any RouteSetFileSystem = configured, in directory: String = "/repo",
        style: RouteSetLoader.PathStyle = .asGiven
    ) throws -> RouteSetLoader {
        let configuration = try RouteSetLoader.configuration(at: nil, from: directory, in: fileSystem)
        return RouteSetLoader(configuration: configuration, workingDirectory: directory, fileSystem: fileSystem, pathStyle: style)
    }

    @Test("the configuration's include and exclude decide the set, in path order, named relative to the working directory")
    func configuredSet() throws {
        let set = try Self.loader().load([])
        #expect(set.files.map(\.path) == ["app/a/z.routes.yaml", "app/b.routes.yaml", "extra.yaml"])
        // From a folder below, files above it are named absolute; with the absolute style, all are.
        #expect(try Self.loader(in: "/repo/app").load([]).files.map(\.path) == ["a/z.routes.yaml", "b.routes.yaml", "/repo/extra.yaml"])
        #expect(
            try Self.loader(style: .absolute).load([]).files.map(\.path)
                == ["/repo/app/a/z.routes.yaml", "/repo/app/b.routes.yaml", "/repo/extra.yaml"])
    }

    @Test("membership: a path is in the set when the include globs take it and the exclude globs do not")
    func membership() throws {
        let loader = try Self.loader()
        #expect(loader.contains("app/new.routes.yaml"))
        #expect(loader.contains("/repo/extra.yaml"))
        #expect(!loader.contains("app/legacy/old.routes.yaml"))
        #expect(!loader.contains("other/c.routes.yaml"))
        #expect(loader.isExcluded("app/legacy/x.routes.yaml"))
        // Without include globs the naming convention decides.
        let plain = RouteSetLoader(
            configuration: LintConfiguration(baseDirectory: "/repo"), workingDirectory: "/repo",
            fileSystem: Self.configured)
        #expect(plain.contains("other/c.routes.yaml") && !plain.contains("extra.yaml"))
    }

    /// A file system whose folders at `unlistable` cannot be listed: a walk that enters one says so.
    struct UnlistableFolders: RouteSetFileSystem {
        let base: InMemoryFileSystem
        let unlistable: Set<String>

        func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> { base.entry(at: path) }
        func names(inDirectory path: String) -> Result<[String], ReadFailure> {
            unlistable.contains(path) ? .failure(ReadFailure(path: path, reason: "Permission denied")) : base.names(inDirectory: path)
        }
        func contents(of path: String) -> Result<[UInt8], ReadFailure> { base.contents(of: path) }
    }

    @Test("the configured walk enters no folder its globs cannot match below, nor the kernel's folders of /")
    func prunedWalk() throws {
        let repository = UnlistableFolders(
            base: InMemoryFileSystem([
                "/repo/.routelint.yml": "include: ['app/**/*.routes.yaml', 'docs/*.routes.yaml']\n",
                "/repo/app/a/z.routes.yaml": "manifest: 1\n",
                "/repo/docs/b.routes.yaml": "manifest: 1\n",
                "/repo/docs/old/c.routes.yaml": "manifest: 1\n",
                "/repo/other/d.routes.yaml": "manifest: 1\n",
            ]),
            unlistable: ["/repo/other", "/repo/docs/old"])
        let set = try Self.loader(repository).load([])
        #expect(set.unreadable.isEmpty)
        #expect(set.files.map(\.path) == ["app/a/z.routes.yaml", "docs/b.routes.yaml"])

        // A container's working directory is /, and a configuration there may take every manifest.
        let root = UnlistableFolders(
            base: InMemoryFileSystem([
                "/.routelint.yml": "include: ['**/*.routes.yaml']\n",
                "/app/a.routes.yaml": "manifest: 1\n",
                "/proc/1/x.routes.yaml": "manifest: 1\n",
                "/sys/x.routes.yaml": "manifest: 1\n",
            ]),
            unlistable: ["/proc/1"])
        let fromRoot = try Self.loader(root, in: "/").load([])
        #expect(fromRoot.unreadable.isEmpty)
        #expect(fromRoot.files.map(\.path) == ["app/a.routes.yaml"])
        // Given by name, such a folder is read like any other.
        #expect(try Self.loader(root, in: "/").load(["/sys"]).files.map(\.path) == ["/sys/x.routes.yaml"])
    }

    @Test(
        "a name one slip from a manifest's is told with the name it would have; others, whatever their length, are not",
        arguments: [
            ("more.route.yaml", "more.routes.yaml"), ("player.routes.yaml.txt", "player.routes.yaml"),
            ("x.routse.yaml", "x.routes.yaml"), ("x.routes.yamll", "x.routes.yaml"), ("x.routes.ymal", "x.routes.yaml"),
            ("x.rоutes.yml", "x.routes.yml"), ("a.routes.yml", nil), ("main.swift", nil), ("README.md", nil),
            (".route.yaml", nil), ("x.ro.yaml", nil), ("x.routes.yaml.bak.txt", nil), ("x.rooutes.yaaml", nil),
        ])
    func manifestNameNearly(_ name: String, _ meant: String?) {
        #expect(LeftOutManifests.manifestName(nearly: name) == meant)
    }

    @Test(
        "paths given keep their names and are read as named, what the exclude globs say of the set aside; no manifest at all fails the run")
    func givenPaths() throws {
        let loader = try Self.loader()
        let set = try loader.load(["./other", "app/legacy/old.routes.yaml", "app/b.routes.yaml"])
        #expect(set.files.map(\.path) == ["app/b.routes.yaml", "app/legacy/old.routes.yaml", "./other/c.routes.yaml"])
        #expect(set.messages.isEmpty)
        // The configured set leaves the excluded file out.
        #expect(!(try loader.load([]).files.map(\.path).contains("app/legacy/old.routes.yaml")))
        #expect(try loader.load(["nowhere"]).unreadable.map(\.path) == ["nowhere"])
    }

    @Test("buffers over a file system replace their files, and a buffer never saved joins the set the globs allow")
    func overlay() throws {
        let buffers = OverlayFileSystem(
            [
                "/repo/app/b.routes.yaml": Array("manifest: 1\napp: edited\n".utf8),
                "/repo/app/unsaved/n.routes.yaml": Array("manifest: 1\n".utf8),
                "/repo/elsewhere.routes.yaml": Array("manifest: 1\n".utf8),
            ],
            over: Self.configured)
        let set = try Self.loader(buffers).load([])
        #expect(set.files.map(\.path) == ["app/a/z.routes.yaml", "app/b.routes.yaml", "app/unsaved/n.routes.yaml", "extra.yaml"])
        #expect(String(decoding: set.files[1].bytes, as: UTF8.self) == "manifest: 1\napp: edited\n")
    }

    @Test("numbering files held in memory follows the same path order")
    func numbering() {
        let files = RouteSetLoader.numbered([(path: "/b", bytes: []), (path: "/a/z", bytes: []), (path: "/a", bytes: [])])
        #expect(files.map(\.path) == ["/a", "/a/z", "/b"])
        #expect(files.map(\.id) == [FileID(0), FileID(1), FileID(2)])
    }

    // MARK: - A git revision

    /// Runs a shell command in `directory`; fails the test when it fails.
    static func shell(_ command: String, in directory: String) throws {
        let outcome = try Subprocess.run("/bin/sh", ["-c", "cd \"$0\" && " + command, directory])
        if outcome.status != 0 {
            Issue.record("\(command): \(String(decoding: outcome.standardError, as: UTF8.self))")
        }
    }

    @Test("a git revision's route set is read through git, as it was, without a checkout")
    func gitRevision() throws {
        try Self.withTemporaryDirectory { root in
            let git = "git -c user.email=t@routelint.invalid -c user.name=t -c commit.gpgsign=false"
            try Self.shell(
                "git init -q . && printf 'include: [\"routes/**/*.routes.yaml\"]\\n' > .routelint.yml && mkdir -p routes/a "
                    + "&& printf 'manifest: 1\\napp: one\\n' > routes/a/first.routes.yaml "
                    + "&& printf 'manifest: 1\\n' > routes/old.routes.yaml && ln -s first.routes.yaml routes/a/link.routes.yaml "
                    + "&& git add -A && \(git) commit -qm one", in: root)
            try Self.shell(
                "git rm -q routes/old.routes.yaml && printf 'manifest: 1\\napp: two\\n' > routes/a/first.routes.yaml "
                    + "&& printf 'manifest: 1\\n' > routes/new.routes.yaml && git add -A && \(git) commit -qm two "
                    + "&& printf 'manifest: 1\\napp: uncommitted\\n' > routes/a/first.routes.yaml", in: root)
            let before = try GitRevisionFileSystem(revision: "HEAD~1", in: root + "/routes")
            let set = try Self.loader(before, in: root).load([])
            #expect(set.files.map(\.path) == ["routes/a/first.routes.yaml", "routes/old.routes.yaml"])
            #expect(String(decoding: set.files[0].bytes, as: UTF8.self) == "manifest: 1\napp: one\n")
            // A link in a revision is not followed: it is said to be unreadable, never read.
            #expect(set.unreadable.map(\.path) == ["routes/a/link.routes.yaml"])
            #expect(set.unreadable.first?.reason == "not a regular file (a symbolic link in the revision)")

            let head = try Self.loader(try GitRevisionFileSystem(revision: "HEAD", in: root), in: root).load([])
            #expect(head.files.map(\.path) == ["routes/a/first.routes.yaml", "routes/new.routes.yaml"])
            #expect(String(decoding: head.files[0].bytes, as: UTF8.self) == "manifest: 1\napp: two\n")

            #expect(throws: GitRevisionFileSystem.OpenError.self) { try GitRevisionFileSystem(revision: "no-such-branch", in: root) }
            do {
                _ = try GitRevisionFileSystem(revision: "--output=/tmp/x", in: root)
                Issue.record("an option is not a revision")
            } catch let error as GitRevisionFileSystem.OpenError {
                #expect(error.description == "unknown revision '--output=/tmp/x'")
            }
        }
        #expect(throws: GitRevisionFileSystem.OpenError.self) { try GitRevisionFileSystem(revision: "HEAD", in: "/") }
    }

    // MARK: - Running programs

    @Test("a program's input, output, error and status; 4 MiB each way through a pipe without a deadlock")
    func subprocess() throws {
        let input = [UInt8](repeating: 0x61, count: 4 << 20)
        let echoed = try Subprocess.run("cat", [], input: input)
        #expect(echoed.status == 0 && echoed.standardOutput == input)
        let failing = try Subprocess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(failing.status == 3)
        #expect(failing.standardOutput == Array("out\n".utf8) && failing.standardError == Array("err\n".utf8))
        // A program that ignores its input still ends, and one killed by a signal says so.
        #expect(try Subprocess.run("/bin/sh", ["-c", "exit 0"], input: input).status == 0)
        #expect(try Subprocess.run("/bin/sh", ["-c", "kill -9 $$"]).status == 128 + 9)
        #expect(throws: Subprocess.Failure.self) { try Subprocess.run("yes", [], output: .captured(limit: 1 << 20)) }
        #expect(throws: Subprocess.Failure.self) { try Subprocess.run("/nonexistent/program", []) }
    }
}
