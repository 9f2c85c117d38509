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

    /// The bytes of the file at `path`.
    public static func contents(of path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(Failure(path: path, reason: errorText(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(path: path, reason: errorText(errno))) }
        guard Int(info.st_size) <= maximumFileSize else {
            return .failure(Failure(path: path, reason: "the file is larger than \(maximumFileSize >> 20) MiB"))
        }
        // Read straight into the array, sized by fstat, and grow it only if the file grew.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(path: path, reason: errorText(errno)))
            }
            if count == 0 {
                bytes.removeSubrange(filled...)
                return .success(bytes)
            }
            filled += count
            guard filled <= maximumFileSize else {
                return .failure(Failure(path: path, reason: "the file is larger than \(maximumFileSize >> 20) MiB"))
            }
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
