import Foundation
import Testing
@testable import RouteLintKit

@Suite("Finding manifests")
struct ManifestDiscoveryTests {
    /// A fresh folder for one test, removed afterwards.
    static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "routelint-discovery-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("directories give their manifests in path order; other files and hidden folders are skipped")
    func walksDirectories() throws {
        try Self.withTemporaryDirectory { root in
            for name in ["b.routes.yaml", "a/z.routes.yml", "a/notes.yaml", ".hidden/x.routes.yaml", "README.md"] {
                try Self.write("manifest: 1\n", to: "\(root)/\(name)")
            }
            let (files, failures) = ManifestDiscovery.find([root])
            #expect(failures.isEmpty)
            #expect(files == ["\(root)/a/z.routes.yml", "\(root)/b.routes.yaml"])
        }
    }

    @Test("a file named on the command line is linted whatever its name, and only once")
    func explicitFiles() throws {
        try Self.withTemporaryDirectory { root in
            try Self.write("manifest: 1\n", to: "\(root)/routes.yaml")
            let (files, _) = ManifestDiscovery.find(["\(root)/routes.yaml", "\(root)/routes.yaml", root])
            #expect(files == ["\(root)/routes.yaml"])
        }
    }

    @Test("symbolic link loops end, and broken links to manifests are reported")
    func symlinkLoops() throws {
        try Self.withTemporaryDirectory { root in
            try Self.write("manifest: 1\n", to: "\(root)/real/a.routes.yaml")
            try FileManager.default.createSymbolicLink(atPath: "\(root)/real/loop", withDestinationPath: root)
            try FileManager.default.createSymbolicLink(atPath: "\(root)/real/self.routes.yaml",
                                                       withDestinationPath: "\(root)/real/self.routes.yaml")
            try FileManager.default.createSymbolicLink(atPath: "\(root)/real/gone.routes.yaml",
                                                       withDestinationPath: "\(root)/nowhere")
            let (files, failures) = ManifestDiscovery.find([root])
            #expect(files == ["\(root)/real/a.routes.yaml"])
            #expect(failures.map(\.path).sorted() == ["\(root)/real/gone.routes.yaml", "\(root)/real/self.routes.yaml"])
        }
    }

    @Test("a path that does not exist is a failure")
    func missingPath() {
        let (files, failures) = ManifestDiscovery.find(["/nonexistent/routelint"])
        #expect(files.isEmpty)
        #expect(failures == [ManifestDiscovery.Failure(path: "/nonexistent/routelint", reason: "No such file or directory")])
    }

    @Test("a FIFO or a device is refused at once, without reading")
    func nonRegularFiles() throws {
        try Self.withTemporaryDirectory { root in
            let fifo = root + "/pipe.routes.yaml"
            #expect(mkfifo(fifo, 0o600) == 0)
            // No writer ever opens the FIFO: reading it would block forever.
            #expect(ManifestDiscovery.contents(of: fifo) == .failure(.init(path: fifo, reason: "not a regular file (a FIFO)")))
            #expect(ManifestDiscovery.contents(of: "/dev/zero") == .failure(.init(path: "/dev/zero", reason: "not a regular file (a character device)")))
            #expect(ManifestDiscovery.contents(of: root) == .failure(.init(path: root, reason: "not a regular file (a directory)")))
        }
    }

    @Test("a report writes through a link or a device at its path, and leaves nothing beside it")
    func reportOutputTargets() throws {
        try Self.withTemporaryDirectory { root in
            let victim = root + "/victim.txt"
            try Self.write("an earlier, longer report\n", to: victim)
            let report = root + "/report.txt"
            try FileManager.default.createSymbolicLink(atPath: report, withDestinationPath: victim)
            let output = try ReportOutput(file: report)
            output.write("the report\n")
            try output.finish()
            // The link is what the user named: it stays, and its target gets the report.
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the report\n")
            var linkInfo = stat()
            #expect(lstat(report, &linkInfo) == 0 && linkInfo.st_mode & S_IFMT == S_IFLNK)
            // Nothing is left behind beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["report.txt", "victim.txt"])

            let null = try ReportOutput(file: "/dev/null")
            null.write("discarded\n")
            try null.finish()
            var info = stat()
            #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        }
    }
}
