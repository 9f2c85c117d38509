import Foundation
import Testing

/// Inputs a pull request can plant: FIFOs where files are expected, baselines with absurd
/// counts, binary URL lists. Each must end at once with a clear error, never hang or trap.
@Suite("Hostile inputs, end to end")
struct HostileInputEndToEndTests {
    static let manifest =
        "manifest: 1\nactivities: {shop: {}}\ntabs: {home: {activity: shop, index: 0, root: home, icon: i}}\n"
        + "holders: {H: {}}\nroutes:\n  home: {path: /, holder: H}\n"

    /// A folder with a clean manifest and a FIFO named `fifoName`.
    static func withFIFO(named fifoName: String, _ body: (URL) throws -> Void) throws {
        try GateCommandTests.withFiles(["app.routes.yaml": manifest]) { directory in
            #expect(mkfifo(directory.appendingPathComponent(fifoName).path, 0o600) == 0)
            try body(directory)
        }
    }

    @Test("a FIFO given as a manifest is refused, not waited on")
    func fifoManifest() throws {
        try Self.withFIFO(named: "pipe.routes.yaml") { directory in
            let result = try RouteLint.run(["lint", "pipe.routes.yaml"], in: directory, timeLimit: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot read 'pipe.routes.yaml': not a regular file (a FIFO)"))
        }
    }

    @Test("a FIFO named .routelint.yml is an invalid configuration, not a hang")
    func fifoConfiguration() throws {
        try Self.withFIFO(named: ".routelint.yml") { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml"], in: directory, timeLimit: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2)
            #expect(result.stderr.contains("not a regular file (a FIFO)"))
        }
    }

    @Test("a FIFO as baseline or URL list is refused")
    func fifoBaselineAndURLs() throws {
        try Self.withFIFO(named: "pipe") { directory in
            let lint = try RouteLint.run(["lint", "app.routes.yaml", "--baseline", "pipe"], in: directory, timeLimit: 20)
            #expect(!lint.timedOut && lint.status == 2)
            #expect(lint.stderr.contains("not a regular file (a FIFO)"))
            let resolve = try RouteLint.run(["resolve", "--manifest", "app.routes.yaml", "--urls", "pipe"], in: directory, timeLimit: 20)
            #expect(!resolve.timedOut && resolve.status == 2)
            #expect(resolve.stderr.contains("not a regular file (a FIFO)"))
        }
    }

    @Test(
        "a baseline count that would overflow, or is not positive, is an error",
        arguments: [
            "9223372036854775807", "99999999999999999999999", "-1", "0",
        ])
    func baselineCounts(_ count: String) throws {
        let entry = #"{"rule": "orphan-activity", "file": "app.routes.yaml", "subjects": ["activity:shop"], "count": COUNT}"#
        let baseline =
            "{\"version\": 2, \"findings\": [\n  "
            + [entry, entry].joined(separator: ",\n  ")
            .replacingOccurrences(of: "COUNT", with: count) + "\n]}\n"
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest, "baseline.json": baseline]) { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml", "--baseline", "baseline.json"], in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("a baseline count must be a whole number from 1 to 1000000000"))
        }
    }

    @Test("a binary URL list is refused as not text")
    func binaryURLList() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { directory in
            let urls = directory.appendingPathComponent("urls.bin")
            try Data([0x2F, 0x00, 0xFF, 0xFE, 0x0A]).write(to: urls)
            let result = try RouteLint.run(["resolve", "--manifest", "app.routes.yaml", "--urls", "urls.bin"], in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("is not a text file of URLs"))
        }
    }

    @Test("a report to /dev/stdout is written through, not renamed over")
    func outputToStandardOutput() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml", "--format", "json", "--output", "/dev/stdout"], in: directory)
            #expect(result.status == 0)
            #expect(result.stdout == "[]\n")
            // Still the link (Linux) or device (macOS) it was, not a file renamed over it.
            var info = stat()
            #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT != S_IFREG)
        }
    }
}
