import Foundation
import Testing
@testable import RouteLintCore
@testable import RouteLintReporting
@testable import RouteLintRuns

/// Manifests left on disk and read as they are decoded (`LintOptions.leavesFilesOnDisk`, as
/// `routelint lint` runs): what is reported of a file's text is always the text that was
/// checked, or nothing.
@Suite("Files left on disk")
struct FilesLeftOnDiskTests {
    static let manifest = """
        manifest: 1
        activities:
          main: {title: Main, icon: house, default-tab: home}
        tabs:
          home: {activity: main, index: 0, root: home, icon: house}
        routes:
          home:
            path: /home/
            holder: HomeHolder
        holders:
          HomeHolder: {scope: tab}

        """

    /// A lint of `manifest`, written to a fresh folder, with the file left on disk; `body`
    /// gets the run and the file's path. The folder is removed afterwards.
    static func lintLeftOnDisk(_ manifest: String, _ body: (LintRun, String) throws -> Void) throws {
        try RouteSetLoaderTests.withTemporaryDirectory { root in
            let path = root + "/app.routes.yaml"
            try RouteSetLoaderTests.write(manifest, to: path)
            var options = LintOptions(input: .paths(["app.routes.yaml"]), workingDirectory: root)
            options.leavesFilesOnDisk = true
            let run = try LintRun.perform(options)
            #expect(run.files.map { $0.onDisk?.path } == [path])
            try body(run, path)
        }
    }

    @Test("a finding's excerpt and fix come from the file read again, and are left out once it changed")
    func excerptsAndFixesOfChangedFiles() throws {
        try Self.lintLeftOnDisk(Self.manifest) { run, path in
            #expect(run.active.map(\.rule) == ["invalid-path"])
            let text = TextReporter(options: .init(summary: false)).render(run.report)
            #expect(text.contains("    path: /home/\n"))
            #expect(JSONReporter().render(run.report).contains("\"edits\""))

            // Another text, of another size: the file is no longer the one checked.
            try RouteSetLoaderTests.write(Self.manifest.replacingOccurrences(of: "/home/", with: "/start/"), to: path)
            let changed = TextReporter(options: .init(summary: false)).render(run.report)
            #expect(changed.hasPrefix("app.routes.yaml:8:11: error:"))
            #expect(!changed.contains("path: /"), "no excerpt of a text that was not checked")
            #expect(!JSONReporter().render(run.report).contains("\"edits\""), "no edit into a text that was not checked")
        }
    }

    /// `manifest` written to a fresh folder and found there; `body` gets its path and the file
    /// found. The folder is removed afterwards.
    static func withManifestFound(_ body: (String, DiskFile) throws -> Void) throws {
        try RouteSetLoaderTests.withTemporaryDirectory { root in
            let path = root + "/app.routes.yaml"
            try RouteSetLoaderTests.write(Self.manifest, to: path)
            try body(path, try DiskFile.find(path).get())
        }
    }

    @Test("a file changed after it was found is a stop at its start, not the new text read as the old")
    func fileChangedBeforeDecoding() throws {
        try Self.withManifestFound { path, found in
            let source = SourceFile(id: FileID(0), path: "app.routes.yaml", onDisk: found)
            #expect(ManifestDecoder.decode(source).manifest != nil)

            try RouteSetLoaderTests.write(Self.manifest + "# a comment that makes the file longer\n", to: path)
            let decoded = ManifestDecoder.decode(source)
            #expect(decoded.manifest == nil)
            let messages = decoded.issues.map { issue -> String in
                if case .yaml(let problem) = issue { return problem.kind.message }
                return "\(issue)"
            }
            #expect(messages == ["the file cannot be read again: it changed after it was found"])
            #expect(source.bytes.isEmpty, "a file that is not what was found gives no bytes")
        }
    }

    @Test("a file written to while it is open no longer counts as what was found")
    func fileWrittenWhileOpen() throws {
        try Self.withManifestFound { path, found in
            let descriptor = try found.open().get()
            defer { close(descriptor) }
            #expect(found.isUnchanged(descriptor))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data("# appended\n".utf8))
            handle.closeFile()
            #expect(!found.isUnchanged(descriptor))
            #expect(found.read() == nil)
        }
    }

    @Test("the same findings, positions and messages as a run that reads the files whole, over the example manifests")
    func sameFindingsAsHeldFiles() throws {
        let examples = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Manifests").path
        var options = LintOptions(input: .paths([examples]), workingDirectory: examples)
        let held = try LintRun.perform(options)
        options.leavesFilesOnDisk = true
        let leftOnDisk = try LintRun.perform(options)
        // The manifests; the platform files after them are read as they always are.
        #expect(leftOnDisk.files.dropLast(leftOnDisk.platformFileCount).allSatisfy { $0.onDisk != nil })
        #expect(held.files.allSatisfy { $0.onDisk == nil })
        #expect(JSONReporter().render(leftOnDisk.report) == JSONReporter().render(held.report))
        #expect(leftOnDisk.files.map(\.bytes) == held.files.map(\.bytes))
    }

    @Test("lines read again in pieces are the lines of the whole text, whatever breaks them and wherever a piece ends")
    func linesReadInPieces() throws {
        try RouteSetLoaderTests.withTemporaryDirectory { root in
            // Over two megabytes, so that the pieces end inside the text: every kind of line
            // break libyaml counts, a byte-order mark first and one at a line's start later,
            // and lines long and short.
            let breaks = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
            var text = "\u{FEFF}first"
            var number = 0
            while text.utf8.count < (2 << 20) + 12_345 {
                number += 1
                text += breaks[number % breaks.count] + (number % 997 == 0 ? "\u{FEFF}" : "")
                text += String(repeating: "é-x", count: number % 50) + "line \(number)"
            }
            let path = root + "/lines.routes.yaml"
            try RouteSetLoaderTests.write(text, to: path)
            let whole = LineIndex(Array(text.utf8))
            let wanted = Array(stride(from: 1, through: whole.lineCount + 2, by: 7)) + [whole.lineCount]
            let lines = try #require(try DiskFile.find(path).get().lines(Array(Set(wanted)).sorted()))
            for line in Set(wanted) {
                let expected = whole.byteRange(ofLine: line).map { Array(whole.bytes[$0]) }
                #expect(lines.byteRange(ofLine: line).map { Array(lines.bytes[$0]) } == expected, "line \(line)")
            }
        }
    }

    @Test("a marker is found wherever it lies, across the end of one read and the start of the next")
    func markerAcrossReads() throws {
        try RouteSetLoaderTests.withTemporaryDirectory { root in
            let marker = Array("routelint:ignore".utf8)
            let path = root + "/marker.routes.yaml"
            for start in [0, (1 << 20) - 5, (1 << 20) - marker.count, 1 << 20, (2 << 20) + 3] {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: (2 << 20) + 64)
                bytes.replaceSubrange(start..<start + marker.count, with: marker)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                #expect(try DiskFile.find(path).get().contains(marker) == true, "at \(start)")
                bytes.replaceSubrange(start..<start + marker.count, with: repeatElement(UInt8(ascii: "x"), count: marker.count))
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                #expect(try DiskFile.find(path).get().contains(marker) == false)
            }
        }
    }

    @Test("a FIFO or a device is refused when it is found, as when it is read")
    func nonRegularFilesRefused() throws {
        try RouteSetLoaderTests.withTemporaryDirectory { root in
            let fifo = root + "/pipe.routes.yaml"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(DiskFile.find(fifo).map(\.path) == .failure(.init(path: fifo, reason: "not a regular file (a FIFO)")))
            #expect(
                DiskFile.find("/dev/zero").map(\.path)
                    == .failure(.init(path: "/dev/zero", reason: "not a regular file (a character device)")))
        }
    }
}
