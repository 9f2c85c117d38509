import RouteLintRuns
import RouteLintCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program's run as the launcher measured it.
struct MeasuredRun {
    /// The wall time from start to exit.
    var seconds: Double
    /// The largest resident set, in bytes.
    var peakBytes: Int
    /// The minor page faults: pages touched for the first time.
    var pageFaults: Int
    /// The exit status.
    var status: Int32
}

/// Starts the programs the benchmark measures from a small process of its own.
///
/// On Linux a child's `ru_maxrss` starts from the resident set of the process that spawned it:
/// the memory of `exec`'s old address space, which `posix_spawn` shares with the parent. The
/// benchmark holds route sets of hundreds of megabytes, so a program it started itself would
/// seem to need at least as much. This launcher is this binary again, started before any set
/// is generated; it stays small, runs each program it is sent, and answers with the time, the
/// peak memory, the page faults and the exit status.
/// Used from the benchmark's one thread only.
final class Launcher: @unchecked Sendable {
    private let requests: Int32
    private let answers: Int32
    private var pending: [UInt8] = []

    /// The argument that starts this binary as the launcher.
    static let flag = "--launcher"
    private static let separator: Character = "\u{1F}"

    /// The launcher, started at first use: touch it before the benchmark grows.
    static let shared = Launcher(binary: String(cString: realpath(CommandLine.arguments[0], nil)))

    private init(binary: String) {
        var toLauncher: [Int32] = [-1, -1]
        var fromLauncher: [Int32] = [-1, -1]
        guard pipe(&toLauncher) == 0, pipe(&fromLauncher) == 0 else {
            fail("routelint-bench: cannot make the launcher's pipes\n")
            exit(1)
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toLauncher[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromLauncher[1], STDOUT_FILENO)
        for descriptor in toLauncher + fromLauncher { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(binary), strdup(Self.flag), nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        guard posix_spawn(&pid, binary, &actions, nil, argv, environment) == 0 else {
            fail("routelint-bench: cannot start the launcher\n")
            exit(1)
        }
        close(toLauncher[0])
        close(fromLauncher[1])
        requests = toLauncher[1]
        answers = fromLauncher[0]
    }

    /// Runs `binary` with `arguments`, its output discarded.
    func run(_ binary: String, _ arguments: [String]) -> MeasuredRun {
        guard writeAll(([binary] + arguments).joined(separator: String(Self.separator)) + "\n", to: requests) else {
            fail("routelint-bench: the launcher stopped\n")
            exit(1)
        }
        let fields = readLine().split(separator: " ")
        guard fields.count == 4, let seconds = Double(fields[0]), let peak = Int(fields[1]), let faults = Int(fields[2]),
            let status = Int32(fields[3])
        else {
            fail("routelint-bench: the launcher could not run \(binary)\n")
            exit(1)
        }
        return MeasuredRun(seconds: seconds, peakBytes: peak, pageFaults: faults, status: status)
    }

    private func readLine() -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        while !pending.contains(UInt8(ascii: "\n")) {
            let count = read(answers, &buffer, buffer.count)
            guard count > 0 else { return "" }
            pending += buffer[0..<count]
        }
        let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
        defer { pending.removeSubrange(...end) }
        return String(decoding: pending[..<end], as: UTF8.self)
    }

    /// The launcher's side: runs each request read from standard input until it ends.
    static func serve() -> Never {
        while let request = Swift.readLine() {
            let argv = request.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            do {
                let outcome = try Subprocess.run(argv[0], Array(argv.dropFirst()), output: .discarded)
                print("\(outcome.seconds) \(outcome.peakMemoryBytes) \(outcome.minorPageFaults) \(outcome.status)")
            } catch {
                fail("routelint-bench: \(error)\n")
                print("failed")
            }
            // Every stream: `stdout` itself is shared mutable state to Swift 6.
            fflush(nil)
        }
        exit(0)
    }
}
