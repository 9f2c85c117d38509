#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a report file whole or not at all: the text goes to a temporary file beside the
/// target, which is then renamed over it, so a reader never sees half a report.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    public static func save(_ text: String, to path: String) throws(WriteError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        guard writeAll(text, to: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}

/// Writes all of `text` to an open file descriptor; false (with `errno` set) on failure.
@discardableResult
public func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        bytes = bytes.dropFirst(written)
    }
    return true
}
