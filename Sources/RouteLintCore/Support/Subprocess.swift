#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs another program: git, for the staged changes of a commit and for a route set at a
/// revision, and the benchmark's runs of routelint. One `poll` loop feeds standard input and
/// drains standard output and standard error together, so that no pipe fills while another
/// waits, and a program that writes more than it is allowed to is stopped.
package enum Subprocess {
    /// What a program said and how it ended.
    package struct Outcome: Sendable {
        /// The exit status; 128 + the signal's number when a signal ended it.
        package let status: Int32
        /// All the program wrote to its standard output (empty when discarded).
        package let standardOutput: [UInt8]
        /// All the program wrote to its standard error (empty when discarded).
        package let standardError: [UInt8]
        /// The largest resident set of the program, in bytes. On Linux it is at least the
        /// resident set of the process that started it: `exec` takes the peak from the address
        /// space it replaces, which `posix_spawn` shares with the parent. To measure a program's
        /// own memory, start it from a small process (as `routelint-bench` does).
        package let peakMemoryBytes: Int
        /// The pages the program faulted in without reading them from disk (`ru_minflt`):
        /// memory it touched for the first time. A program that maps, fills and unmaps the same
        /// buffers again and again makes many more of them for the same work.
        package let minorPageFaults: Int
        /// The wall time from start to exit.
        package let seconds: Double
    }

    /// What becomes of the program's standard output and standard error.
    package enum Output: Sendable {
        /// Captured, at most `limit` bytes of each: past it the program is stopped.
        case captured(limit: Int)
        /// Discarded (sent to /dev/null): for a program timed as a whole.
        case discarded
    }

    /// A program that could not be started, or that wrote more than it was allowed to.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Runs `program` (found on `PATH` when it has no `/`) with `arguments` and `input` on its
    /// standard input, in the process's environment, and waits for it to end.
    package static func run(
        _ program: String, _ arguments: [String], input: [UInt8] = [],
        output: Output = .captured(limit: 1 << 30)
    ) throws(Failure) -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        var pipes = Pipes()
        defer { pipes.closeAll() }
        guard pipes.open() else { throw Failure(description: "cannot run \(program): \(errorText(errno))") }

        var actions = FileActions()
        defer { actions.destroy() }
        actions.dup2(pipes.input.read, STDIN_FILENO)
        switch output {
        case .captured:
            actions.dup2(pipes.output.write, STDOUT_FILENO)
            actions.dup2(pipes.error.write, STDERR_FILENO)
        case .discarded:
            actions.open(STDOUT_FILENO, "/dev/null")
            actions.open(STDERR_FILENO, "/dev/null")
        }
        // The child keeps only its three standard descriptors: every pipe end is closed there.
        for descriptor in pipes.all { actions.close(descriptor) }

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned =
            program.contains("/")
            ? posix_spawn(&pid, program, &actions.value, nil, argv, environment)
            : posix_spawnp(&pid, program, &actions.value, nil, argv, environment)
        guard spawned == 0 else { throw Failure(description: "cannot run \(program): \(errorText(spawned))") }
        pipes.closeChildEnds()

        var exchange = Exchange(input: input, pipes: pipes, limit: { if case .captured(let limit) = output { limit } else { 0 } }())
        let exceeded = exchange.run()
        pipes = exchange.pipes
        pipes.closeParentEnds()
        if exceeded { kill(pid, SIGKILL) }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        if exceeded {
            throw Failure(description: "\(program) wrote more than \(exchange.limit >> 20) MiB; it was stopped")
        }
        #if os(Linux)
            let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux, bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss)
        #endif
        // WIFEXITED / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Outcome(
            status: exitStatus, standardOutput: exchange.output, standardError: exchange.error,
            peakMemoryBytes: peak, minorPageFaults: Int(usage.ru_minflt), seconds: (clock.now - started).inSeconds)
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The three pipes to the child: its standard input, output and error.
    private struct Pipes {
        struct Pipe {
            var read: Int32 = -1
            var write: Int32 = -1
        }

        var input = Pipe()
        var output = Pipe()
        var error = Pipe()

        var all: [Int32] { [input.read, input.write, output.read, output.write, error.read, error.write].filter { $0 >= 0 } }

        mutating func open() -> Bool {
            for keyPath in [\Pipes.input, \Pipes.output, \Pipes.error] {
                var ends: [Int32] = [-1, -1]
                if keyPath == \Pipes.input {
                    // A socket, not a pipe: a write to a child that stopped reading fails with
                    // EPIPE (MSG_NOSIGNAL, SO_NOSIGPIPE) instead of raising SIGPIPE, which
                    // would end this process.
                    guard socketpair(AF_UNIX, Int32(SOCK_STREAM_TYPE), 0, &ends) == 0 else { return false }
                    #if canImport(Darwin)
                        var on: Int32 = 1
                        _ = setsockopt(ends[1], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                    #endif
                    // The child reads; the parent writes.
                    self.input = Pipe(read: ends[1], write: ends[0])
                } else {
                    guard pipe(&ends) == 0 else { return false }
                    self[keyPath: keyPath] = Pipe(read: ends[0], write: ends[1])
                }
                // The parent's ends must not leak into other children started meanwhile.
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            }
            return true
        }

        mutating func closeChildEnds() {
            closeDescriptor(&input.read)
            closeDescriptor(&output.write)
            closeDescriptor(&error.write)
        }

        mutating func closeParentEnds() {
            closeDescriptor(&input.write)
            closeDescriptor(&output.read)
            closeDescriptor(&error.read)
        }

        mutating func closeAll() {
            closeChildEnds()
            closeParentEnds()
        }
    }

    /// Feeds the child's standard input and reads its output and error until both end.
    private struct Exchange {
        let input: [UInt8]
        /// Its input's end is closed as soon as all of `input` is written.
        var pipes: Pipes
        let limit: Int
        var written = 0
        var output: [UInt8] = []
        var error: [UInt8] = []

        init(input: [UInt8], pipes: Pipes, limit: Int) {
            self.input = input
            self.pipes = pipes
            self.limit = limit
        }

        /// Returns true when the child wrote more than `limit` bytes to one stream.
        mutating func run() -> Bool {
            var inputOpen = true
            var outputOpen = pipes.output.read >= 0 && limit > 0
            var errorOpen = pipes.error.read >= 0 && limit > 0
            // A child that never reads its input must not block the parent's writes.
            _ = fcntl(pipes.input.write, F_SETFL, fcntl(pipes.input.write, F_GETFL) | O_NONBLOCK)
            if input.isEmpty { closeInput(&inputOpen) }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while inputOpen || outputOpen || errorOpen {
                var watched: [pollfd] = []
                if inputOpen { watched.append(pollfd(fd: pipes.input.write, events: Int16(POLLOUT), revents: 0)) }
                if outputOpen { watched.append(pollfd(fd: pipes.output.read, events: Int16(POLLIN), revents: 0)) }
                if errorOpen { watched.append(pollfd(fd: pipes.error.read, events: Int16(POLLIN), revents: 0)) }
                let ready = poll(&watched, nfds_t(watched.count), -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                for entry in watched where entry.revents != 0 {
                    if entry.fd == pipes.input.write {
                        let count = input.withUnsafeBytes { send(entry.fd, $0.baseAddress! + written, $0.count - written, noSignal) }
                        if count > 0 { written += count }
                        // A child that closed its input (EPIPE) is done reading it.
                        if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) { closeInput(&inputOpen) }
                        continue
                    }
                    let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    let isOutput = entry.fd == pipes.output.read
                    if count <= 0 {
                        if isOutput { outputOpen = false } else { errorOpen = false }
                        continue
                    }
                    if isOutput { output += chunk[..<count] } else { error += chunk[..<count] }
                    if output.count > limit || error.count > limit { return true }
                }
            }
            return false
        }

        private mutating func closeInput(_ open: inout Bool) {
            open = false
            // Closed here (not only at the end) so the child sees the end of its input.
            closeDescriptor(&pipes.input.write)
        }
    }

    /// posix_spawn's file actions, released once.
    private struct FileActions {
        #if os(Linux)
            var value = posix_spawn_file_actions_t()
        #else
            var value: posix_spawn_file_actions_t?
        #endif

        init() { posix_spawn_file_actions_init(&value) }

        mutating func dup2(_ descriptor: Int32, _ target: Int32) { posix_spawn_file_actions_adddup2(&value, descriptor, target) }
        mutating func close(_ descriptor: Int32) { posix_spawn_file_actions_addclose(&value, descriptor) }
        mutating func open(_ target: Int32, _ path: String) { posix_spawn_file_actions_addopen(&value, target, path, O_WRONLY, 0) }
        mutating func destroy() { posix_spawn_file_actions_destroy(&value) }
    }
}

/// Closes a descriptor once: it is marked closed (-1), so no later close can hit a reused number.
private func closeDescriptor(_ descriptor: inout Int32) {
    if descriptor >= 0 { _ = close(descriptor) }
    descriptor = -1
}

#if os(Linux)
    private let SOCK_STREAM_TYPE = SOCK_STREAM.rawValue
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    private let SOCK_STREAM_TYPE = SOCK_STREAM
    private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#endif

/// The process's environment, passed on to the programs it runs.
#if canImport(Darwin)
    private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#else
    private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
#endif
