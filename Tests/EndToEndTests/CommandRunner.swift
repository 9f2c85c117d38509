import Foundation

/// Runs the built `routelint` binary and captures what it prints.
struct CommandResult {
    let stdout: String
    let stderr: String
    let status: Int32
    /// Whether the run was stopped for taking longer than its time limit.
    var timedOut = false
}

enum RouteLint {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary beside the test bundle (SwiftPM builds the executable into the same folder).
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["ROUTELINT_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("routelint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("routelint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("cannot find the routelint binary; set ROUTELINT_BINARY")
    }()

    /// A binary built with the `Hosts` trait, which `routelint hosts` needs: the one beside the
    /// tests when they were built with it (`swift test --traits Hosts`), else
    /// `ROUTELINT_HOSTS_BINARY` (CI names the release binary), else none.
    static let hostsBinary: URL? = {
        #if Hosts
            return binary
        #else
            return ProcessInfo.processInfo.environment["ROUTELINT_HOSTS_BINARY"].map { URL(fileURLWithPath: $0) }
        #endif
    }()

    /// Runs the binary; one that runs longer than `timeLimit` seconds is killed, and the result
    /// says so (a hang is a failure to report, not a suite that never ends).
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, input: String? = nil,
        environment: [String: String] = [:], timeLimit: TimeInterval = 120, binary: URL = binary
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "NO_COLOR")
        process.environment = inherited.merging(environment) { $1 }
        // Files rather than pipes: a large report cannot fill a pipe and block the child.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        process.standardOutput = output
        process.standardError = errors
        if let input {
            let inURL = scratch.appendingPathComponent("stdin")
            try input.write(to: inURL, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeLimit)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return CommandResult(
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: process.terminationStatus, timedOut: timedOut)
    }
}
