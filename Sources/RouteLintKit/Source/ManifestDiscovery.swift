#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the paths a user gives into the manifest files of a route set, and reads them.
public enum ManifestDiscovery {
    public struct Failure: Error, Equatable, Sendable {
        public let path: String
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Files larger than this are refused: a million-route manifest is a quarter of it.
    public static let maximumFileSize = 1 << 30

    /// Whether a file name follows the manifest convention, `*.routes.yaml` or `*.routes.yml`.
    public static func isManifestName(_ name: String) -> Bool {
        name.hasSuffix(".routes.yaml") || name.hasSuffix(".routes.yml")
    }

    /// Every file given, and every manifest below every directory given, once each (a file
    /// reached twice, through a link or a repeated argument, counts once), in path order.
    /// Directories are walked following links, each directory at most once, so a link loop
    /// ends; hidden entries (names starting with '.') are skipped below a given directory.
    public static func find(_ paths: [String]) -> (files: [String], failures: [Failure]) {
        var walker = Walker()
        for path in paths { walker.visit(path, given: true, selects: isManifestName) }
        return (walker.files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, walker.failures)
    }

    /// The files below `directory` whose paths relative to it match one of `globs` (hidden
    /// entries skipped, links followed once), in path order. For a configuration's `include`.
    public static func find(matching globs: [Glob], under directory: String) -> (files: [String], failures: [Failure]) {
        var walker = Walker()
        walker.visit(directory, given: true) { path in
            let relative = path.dropFirst(directory.count).drop { $0 == "/" }
            return globs.contains { $0.matches(String(relative)) }
        }
        let prefix = directory == "." ? "./" : ""
        let files = walker.files.map { prefix.isEmpty ? $0 : String($0.dropFirst(prefix.count)) }
        return (files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, walker.failures)
    }

    /// Finds and reads the files of a route set, numbered in path order. `excluded` leaves
    /// out the files it returns true for.
    public static func load(_ paths: [String], excluded: (String) -> Bool = { _ in false }) -> (files: [SourceFile], failures: [Failure]) {
        var (found, discoveryFailures) = find(paths)
        found.removeAll(where: excluded)
        var failures = discoveryFailures
        var files: [SourceFile] = []
        for path in found {
            switch contents(of: path) {
            case .success(let bytes): files.append(SourceFile(id: FileID(files.count), path: path, bytes: bytes))
            case .failure(let failure): failures.append(failure)
            }
        }
        return (files, failures)
    }

    /// The folder of an absolute path.
    public static func parentDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `path` made absolute against `directory`, with `.` and `..` resolved lexically.
    public static func absolutePath(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The bytes of the regular file at `path`, at most `maximumFileSize` of them. Anything
    /// else — a directory, a FIFO, a device, a socket — is refused without being read: a
    /// FIFO would block the run, `/dev/zero` would never end.
    public static func contents(of path: String) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer before fstat can refuse it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(path: path, reason: errorText(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(path: path, reason: errorText(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(path: path, reason: "not a regular file (\(fileKind(info.st_mode)))"))
        }
        let tooLarge = Failure(path: path, reason: "the file is larger than \(maximumFileSize >> 20) MiB")
        guard Int(info.st_size) <= maximumFileSize else { return .failure(tooLarge) }
        // Read straight into an array of the size fstat gave, then look for bytes beyond it
        // (the file may have grown) through a small buffer, so that the array is never
        // doubled to find the end.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(path: path, reason: errorText(errno))) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(path: path, reason: errorText(errno))) }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= maximumFileSize else { return .failure(tooLarge) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// All of standard input, at most `maximumFileSize` bytes of it.
    public static func standardInput() -> Result<[UInt8], Failure> {
        let tooLarge = Failure(path: "-", reason: "standard input is larger than \(maximumFileSize >> 20) MiB")
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(path: "-", reason: errorText(errno))) }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= maximumFileSize else { return .failure(tooLarge) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private struct Walker {
        var files: [String] = []
        var failures: [Failure] = []
        var seen = Set<FileIdentity>()

        /// Visits `path`; below a directory, files are kept when `selects` says so.
        mutating func visit(_ path: String, given: Bool, selects: (String) -> Bool) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                // Below a directory, only what would be linted is worth a complaint.
                if given || selects(path) {
                    failures.append(Failure(path: path, reason: errorText(errno)))
                }
                return
            }
            guard seen.insert(FileIdentity(info)).inserted else { return }
            if info.st_mode & S_IFMT == S_IFDIR {
                walkDirectory(path, selects: selects)
            } else if given || (info.st_mode & S_IFMT == S_IFREG && selects(path)) {
                files.append(path)
            }
        }

        private mutating func walkDirectory(_ path: String, selects: (String) -> Bool) {
            guard let directory = opendir(path) else {
                failures.append(Failure(path: path, reason: errorText(errno)))
                return
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                names.append(name)
            }
            closedir(directory)
            let prefix = path.hasSuffix("/") ? path : path + "/"
            for name in names.sorted() { visit(prefix + name, given: false, selects: selects) }
        }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
