#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where routelint's output goes — a report, a baseline, generated code: standard output or a
/// file, written as it is produced through a buffer, so that a report of millions of findings
/// is never one string in memory.
///
/// A file is written whole or not at all: to a temporary file created
/// exclusively, with an unpredictable name, in the target's folder, then renamed over the
/// target — no link planted at a predictable name can redirect it. A target that is not a
/// plain regular file — a link such as `/dev/stdout`, a FIFO, a device — is written through,
/// as a shell's `>` would, never replaced.
package final class OutputFile: TextOutputStream {
    /// A file that cannot be written, and why.
    package struct WriteError: Error, CustomStringConvertible, Sendable {
        /// The path, as given.
        package let path: String
        /// Why: the system's words.
        package let reason: String
        /// What went wrong, the path escaped for a terminal.
        package var description: String { TerminalSafe("cannot write '\(path)': \(reason)").text }

        /// The failure to write `path`, for `reason`.
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    private let descriptor: Int32
    private let path: String
    /// The temporary file to rename over `path` when done; nil when writing straight through,
    /// and once renamed.
    private var temporary: String?
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var failure: Int32?
    private static let bufferSize = 1 << 16

    /// Standard output.
    package static func standardOutput() -> OutputFile {
        OutputFile(descriptor: STDOUT_FILENO, path: "standard output", temporary: nil, ownsDescriptor: false)
    }

    private init(descriptor: Int32, path: String, temporary: String?, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.temporary = temporary
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// A report to the file at `path`.
    package convenience init(file path: String) throws(WriteError) {
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
            // A link (`/dev/stdout` is one), a FIFO or a device: what the user points at is
            // written to, never replaced.
            var target = stat()
            if stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR { throw WriteError(path: path, reason: "it is a directory") }
            // O_NONBLOCK: a FIFO with no reader fails at once instead of waiting for one.
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            self.init(descriptor: descriptor, path: path, temporary: nil, ownsDescriptor: true)
            return
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var template = Array(((folder.isEmpty ? "" : folder) + "/.routelint-report-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp creates the file readable by its owner only; a report is as readable as any file.
        _ = fchmod(descriptor, 0o644 & ~Self.currentUmask())
        self.init(descriptor: descriptor, path: path, temporary: temporary, ownsDescriptor: true)
    }

    /// Writes `bytes` to a new file at `path`, created exclusively: when anything is there
    /// already — a file, a link — nothing is written and nothing replaced.
    package static func writeNew(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let written = writeAll(String(decoding: bytes, as: UTF8.self), to: descriptor)
        let failure = errno
        close(descriptor)
        guard written else {
            unlink(path)
            throw WriteError(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Replaces each file of `files` (absolute path, new text) with its text, all of them or
    /// none: each text is first written whole to a temporary file created exclusively beside
    /// its file (its mode the file's), and only when every one is written are they renamed over
    /// their files. A path that is not a plain regular file — a link, which could lead anywhere
    /// — is refused before anything is written; on a failure (a full disk) every temporary file
    /// is removed and every file is as it was.
    package static func replace(_ files: [(path: String, bytes: [UInt8])]) throws(WriteError) {
        var written: [(temporary: String, path: String)] = []
        func removeWritten() { for file in written { unlink(file.temporary) } }
        for (path, bytes) in files {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                removeWritten()
                throw WriteError(
                    path: path,
                    reason: "it is not a regular file (a link is never written through); no file was changed")
            }
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            var template = Array(((folder.isEmpty ? "" : folder) + "/.routelint-fix-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                removeWritten()
                throw WriteError(path: path, reason: reason + "; no file was changed")
            }
            let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            written.append((temporary, path))
            _ = fchmod(descriptor, info.st_mode & 0o7777)
            let complete = writeAll(bytes, to: descriptor) && (fsync(descriptor) == 0 || errno == EINVAL)
            let failure = errno
            close(descriptor)
            guard complete else {
                removeWritten()
                throw WriteError(path: path, reason: String(cString: strerror(failure)) + "; no file was changed")
            }
        }
        for (index, file) in written.enumerated() where rename(file.temporary, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            for left in written[index...] { unlink(left.temporary) }
            throw WriteError(
                path: file.path,
                reason: reason + (index == 0 ? "; no file was changed" : "; the files before it were changed"))
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        if let temporary { unlink(temporary) }
    }

    package func write(_ string: String) {
        guard failure == nil else { return }
        var text = string
        text.withUTF8 { bytes in
            if buffer.count + bytes.count > Self.bufferSize { flush() }
            if bytes.count >= Self.bufferSize {
                writeBuffer(UnsafeRawBufferPointer(bytes))
            } else {
                buffer.append(contentsOf: bytes)
            }
        }
    }

    /// Writes what is buffered and, for a file, puts it in place.
    package func finish() throws(WriteError) {
        flush()
        if let failure { throw WriteError(path: path, reason: String(cString: strerror(failure))) }
        guard let temporary else { return }
        guard fsync(descriptor) == 0 || errno == EINVAL, rename(temporary, path) == 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        // Renamed: nothing left for deinit to remove.
        self.temporary = nil
    }

    private func flush() {
        guard !buffer.isEmpty, failure == nil else { return }
        buffer.withUnsafeBytes { writeBuffer($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeBuffer(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else {
                offset += written
            }
        }
    }

    /// The process's file-creation mask. Reports are written after the rules ran, by one
    /// thread, so reading it by setting it back at once races with nothing.
    private static func currentUmask() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
    }
}

/// `write(2)`, under a name the class's own `write(_:)` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Writes all of `bytes` to an open file descriptor, as they are; false (with `errno` set) on
/// failure.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}

/// Writes all of `text` to an open file descriptor; false (with `errno` set) on failure.
@discardableResult
package func writeAll(_ text: String, to descriptor: Int32) -> Bool {
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
