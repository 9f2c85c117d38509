import ArgumentParser
import RouteLintKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The changes of the commit being made, from git: pre-commit passes a hook only the files
/// that still exist, so the hook asks git itself, and deletions are checked too.
enum StagedChanges {
    static func load() throws -> [StagedChange] {
        // Paths relative to the working directory (pre-commit runs hooks at the top of the
        // work tree), renames as a deletion and an addition.
        let listing = try git(["diff", "--cached", "--name-status", "-z", "--no-renames", "--relative"])
        guard var changes = StagedChange.parse(nameStatus: listing) else {
            printError("routelint: error: cannot read the staged changes: 'git diff --cached' gave output of an unknown form")
            throw ExitCode(Exit.usageOrUnreadable)
        }
        // A deleted file's text before the commit tells its app; a new repository has no HEAD.
        for index in changes.indices where changes[index].isDeletion {
            let previous = try? git(["show", "HEAD:./" + changes[index].path], quiet: true)
            changes[index].kind = .deleted(previous: previous)
        }
        return changes
    }

    /// Runs git with `arguments` and returns its standard output; a failure is a usage error
    /// unless `quiet`, when it is only thrown.
    private static func git(_ arguments: [String], quiet: Bool = false) throws -> [UInt8] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw failure("cannot run git: \(String(cString: strerror(errno)))", quiet) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        if quiet { posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0) }
        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environment)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw failure("cannot run git: \(String(cString: strerror(spawned)))", quiet) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw failure("'git \(arguments.joined(separator: " "))' failed; --staged needs a git work tree", quiet) }
        return output
    }

    private static func failure(_ message: String, _ quiet: Bool) -> ExitCode {
        if !quiet { printError("routelint: error: \(message)") }
        return ExitCode(Exit.usageOrUnreadable)
    }
}

/// The process's environment, passed on to git.
#if canImport(Darwin)
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#else
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
#endif
