#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path that could not be read, and why.
public struct ReadFailure: Error, Equatable, Sendable {
    /// The path as the user would name it.
    public let path: String
    /// Why it could not be read, as `strerror` or routelint says it: "No such file or directory";
    /// escaped for a terminal (`TerminalSafe`), as every output that prints it needs.
    public var reason: String { safeReason.text }
    /// The reason as it was made: its interpolated values escaped.
    public let safeReason: TerminalSafe

    /// A failure to read `path`, for `reason`: a name from a file interpolated into the reason
    /// is escaped as it is made (`TerminalSafe`), so it never reaches a terminal or log as it is.
    public init(path: String, reason: TerminalSafe) {
        self.path = path
        self.safeReason = reason
    }
}

/// What is at a path of a file system.
public struct FileSystemEntry: Equatable, Sendable {
    /// What kind of entry it is.
    public enum Kind: Equatable, Sendable {
        /// A regular file.
        case file
        /// A folder.
        case directory
        /// Anything else, described: "a FIFO", "a symbolic link in the revision", …
        case other(String)
    }

    /// What an entry is, whatever path reaches it: a file reached twice (through a link, a
    /// repeated argument) is one file, and a walk visits each directory once, so a link loop ends.
    public enum Identity: Hashable, Sendable {
        /// A file or folder on a disk, by its device and inode: the same whatever link reaches it.
        case inode(device: UInt64, inode: UInt64)
        /// An entry that has no identity but its path (in memory, in a git revision).
        case path(String)
    }

    /// What kind of entry it is.
    public let kind: Kind
    /// What it is, whatever path reaches it.
    public let identity: Identity

    /// An entry of `kind` with `identity`.
    public init(kind: Kind, identity: Identity) {
        self.kind = kind
        self.identity = identity
    }
}

/// An entry of a folder as its listing gives it: the name, and the kind where the listing
/// records it, so that a walk needing no more than the kind looks no further.
public struct DirectoryEntry: Equatable, Sendable {
    /// Its name in the folder.
    public let name: String
    /// `.file` or `.directory` as the listing records it (`d_type`); nil where it does not, or
    /// for a link or anything else, which `entry(at:)` looks at.
    public let kind: FileSystemEntry.Kind?

    /// The entry `name`, of `kind` when the listing says.
    public init(name: String, kind: FileSystemEntry.Kind?) {
        self.name = name
        self.kind = kind
    }
}

/// Where a route set's files are read from: the disk, the editor's buffers over the disk, a
/// git revision. Paths are absolute. `RouteSetLoader` walks any of them the same way, so that
/// which files form a route set is decided in one place.
public protocol RouteSetFileSystem: Sendable {
    /// What is at `path`, following links.
    func entry(at path: String) -> Result<FileSystemEntry, ReadFailure>
    /// The names in the directory at `path`, in any order.
    func names(inDirectory path: String) -> Result<[String], ReadFailure>
    /// The entries of the directory at `path`, in any order, with the kinds its listing records.
    func entries(inDirectory path: String) -> Result<[DirectoryEntry], ReadFailure>
    /// The bytes of the regular file at `path`, at most `DiskFileSystem.maximumFileSize`.
    func contents(of path: String) -> Result<[UInt8], ReadFailure>
    /// The bytes of each of `paths`, in their order: for a file system that reads many files
    /// faster at once than one by one (one git process for a whole revision).
    func contents(of paths: [String]) -> [Result<[UInt8], ReadFailure>]
}

extension RouteSetFileSystem {
    public func contents(of paths: [String]) -> [Result<[UInt8], ReadFailure>] {
        paths.map { contents(of: $0) }
    }

    /// The names, each of a kind to look at: a file system whose listing records none.
    public func entries(inDirectory path: String) -> Result<[DirectoryEntry], ReadFailure> {
        names(inDirectory: path).map { names in names.map { DirectoryEntry(name: $0, kind: nil) } }
    }
}

/// Paths as strings, without touching a file system.
package enum FilePath {
    /// `path` made absolute against `directory`, with `.` and `..` resolved lexically.
    package static func absolute(_ path: String, in directory: String) -> String {
        // A walk asks this of every path it makes, and those are already absolute and resolved.
        if isResolvedAbsolute(path) { return path }
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in components(of: joined) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The names a path's `/`s separate, empty ones left out. Split at the byte: `/` is ASCII,
    /// so every piece starts and ends at a character's edge, found without a look at
    /// characters (a walk splits every path it checks against a glob).
    package static func components(of path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// Whether `path` is absolute and as `absolute` would give it: no empty, `.` or `..`
    /// component and no `/` at the end (but for `/` itself).
    private static func isResolvedAbsolute(_ path: String) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        // The current component's length, and whether it is only dots so far (`.` and `..`).
        var componentLength = 0
        var dotsOnly = true
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || dotsOnly && componentLength <= 2 { return false }
                componentLength = 0
                dotsOnly = true
            } else {
                componentLength += 1
                dotsOnly = dotsOnly && byte == UInt8(ascii: ".")
            }
        }
        return path.utf8.count == 1 || componentLength > 0 && !(dotsOnly && componentLength <= 2)
    }

    /// The folder of an absolute path.
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The last component of a path.
    package static func name(of path: String) -> String {
        String(components(of: path).last ?? "")
    }

    /// `path` joined below `directory`.
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Whether the absolute `path` is `folder` or lies below it.
    package static func isWithin(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `path` relative to `folder` when it lies below it (both absolute); nil otherwise.
    package static func relative(_ path: String, to folder: String) -> String? {
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// `path` as seen from `directory`, both made absolute against `workingDirectory` and
    /// resolved lexically, with `..` where it leaves the folder: `relative("Manifests/app.routes.yaml",
    /// seenFrom: "Manifests/platform", in: "/app")` is `../app.routes.yaml`, as is the same
    /// question asked with absolute paths from `/`. The text alone decides, not links on disk.
    package static func relative(_ path: String, seenFrom directory: String, in workingDirectory: String) -> String {
        let target = components(of: absolute(path, in: workingDirectory))
        let base = components(of: absolute(directory, in: workingDirectory))
        var shared = 0
        while shared < target.count && shared < base.count && target[shared] == base[shared] { shared += 1 }
        let steps = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// Paths in path order: byte by byte, as `ls` in the C locale sorts them.
    package static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }
}

/// The disk. Only regular files are read: a FIFO would block the run, `/dev/zero` would never
/// end, so anything else is refused without being read.
public struct DiskFileSystem: RouteSetFileSystem {
    /// Files larger than this are refused: a million-route manifest is a quarter of it.
    public static let maximumFileSize = 1 << 30

    /// The disk, as the process sees it.
    public init() {}

    public func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(ReadFailure(path: path, reason: Self.errorText(errno))) }
        let identity = FileSystemEntry.Identity.inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(FileSystemEntry(kind: .file, identity: identity))
        case S_IFDIR: return .success(FileSystemEntry(kind: .directory, identity: identity))
        default: return .success(FileSystemEntry(kind: .other(Self.kind(info.st_mode)), identity: identity))
        }
    }

    public func names(inDirectory path: String) -> Result<[String], ReadFailure> {
        entries(inDirectory: path).map { entries in entries.map(\.name) }
    }

    /// The entries of the folder, a regular file or a folder known by the type its listing
    /// records, so that a walk of a large tree need not `stat` each (links are looked at).
    public func entries(inDirectory path: String) -> Result<[DirectoryEntry], ReadFailure> {
        guard let directory = opendir(path) else { return .failure(ReadFailure(path: path, reason: Self.errorText(errno))) }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != "." && name != ".." else { continue }
            let kind: FileSystemEntry.Kind?
            switch Int(entry.pointee.d_type) {
            case Int(DT_REG): kind = .file
            case Int(DT_DIR): kind = .directory
            default: kind = nil
            }
            entries.append(DirectoryEntry(name: name, kind: kind))
        }
        return .success(entries)
    }

    public func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        Self.read(path)
    }

    /// The bytes of the regular file at `path`, at most `maximumFileSize` of them: every file
    /// routelint reads, a manifest or a file a user names (configuration, baseline, URL list).
    public static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        switch openRegularFile(path) {
        case .success(let (descriptor, info)):
            defer { close(descriptor) }
            return read(descriptor, size: Int(info.st_size), path: path)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// The regular file at `path`, open for reading, and what `fstat` says of it; refused
    /// without a read when it is anything else or larger than `maximumFileSize`.
    static func openRegularFile(_ path: String) -> Result<(descriptor: Int32, info: stat), ReadFailure> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer before fstat can refuse it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(path: path, reason: errorText(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = ReadFailure(path: path, reason: errorText(errno))
            close(descriptor)
            return .failure(failure)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(ReadFailure(path: path, reason: "not a regular file (\(kind(info.st_mode)))"))
        }
        guard Int(info.st_size) <= maximumFileSize else {
            close(descriptor)
            return .failure(tooLarge(path))
        }
        return .success((descriptor, info))
    }

    private static func tooLarge(_ path: String) -> ReadFailure {
        ReadFailure(path: path, reason: "the file is larger than \(maximumFileSize >> 20) MiB")
    }

    /// The bytes of the open file `descriptor`, which `fstat` said holds `size`.
    static func read(_ descriptor: Int32, size: Int, path: String) -> Result<[UInt8], ReadFailure> {
        let tooLarge = tooLarge(path)
        // Read straight into an array of the size fstat gave, then look for bytes beyond it
        // (the file may have grown) through a small buffer, so that the array is never
        // doubled to find the end.
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(ReadFailure(path: path, reason: errorText(errno))) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        switch readToEnd(descriptor, into: bytes, name: path, tooLarge: tooLarge) {
        case .success(let all): return .success(all)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// All of standard input, at most `maximumFileSize` bytes of it.
    public static func readStandardInput() -> Result<[UInt8], ReadFailure> {
        readToEnd(
            STDIN_FILENO, into: [], name: "-",
            tooLarge: ReadFailure(path: "-", reason: "standard input is larger than \(maximumFileSize >> 20) MiB"))
    }

    private static func readToEnd(
        _ descriptor: Int32, into start: [UInt8], name: String,
        tooLarge: ReadFailure
    ) -> Result<[UInt8], ReadFailure> {
        var bytes = start
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(ReadFailure(path: name, reason: errorText(errno))) }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= maximumFileSize else { return .failure(tooLarge) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    static func errorText(_ code: Int32) -> TerminalSafe {
        TerminalSafe(escaping: String(cString: strerror(code)))
    }
}

/// Files held in memory by absolute path, over another file system or none: the editor's open
/// buffers over the disk (a buffer never saved is a file of the set too), the one manifest
/// read from standard input in place of its file, or a whole route set for tests. Folders are
/// those of the files.
package struct OverlayFileSystem: RouteSetFileSystem {
    /// The texts held, by absolute path.
    package let files: [String: [UInt8]]
    /// The file system under the texts held; nil when they are all there is.
    package let base: (any RouteSetFileSystem)?
    /// The folders holding the files, each with the names directly in it.
    private let folders: [String: Set<String>]

    /// `files` by absolute path, over `base` (or alone).
    package init(_ files: [String: [UInt8]], over base: (any RouteSetFileSystem)? = nil) {
        self.files = files
        self.base = base
        var folders: [String: Set<String>] = [:]
        for path in files.keys {
            var child = path
            while child != "/" {
                let parent = FilePath.parent(of: child)
                let (inserted, _) = folders[parent, default: []].insert(FilePath.name(of: child))
                // A folder already listed has its own parents listed too.
                if !inserted { break }
                child = parent
            }
        }
        self.folders = folders
    }

    package func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
        let onBase = base?.entry(at: path)
        if files[path] != nil {
            // The file on the disk, when there is one, is the same file: reached by another
            // path it must still count once.
            if case .success(let entry)? = onBase, entry.kind == .file { return .success(entry) }
            return .success(FileSystemEntry(kind: .file, identity: .path(path)))
        }
        if let onBase, case .success = onBase { return onBase }
        if folders[path] != nil { return .success(FileSystemEntry(kind: .directory, identity: .path(path))) }
        return onBase ?? .failure(ReadFailure(path: path, reason: "No such file or directory"))
    }

    package func names(inDirectory path: String) -> Result<[String], ReadFailure> {
        let held = folders[path] ?? []
        guard let base else {
            return held.isEmpty ? .failure(ReadFailure(path: path, reason: "No such file or directory")) : .success(Array(held))
        }
        switch base.names(inDirectory: path) {
        case .success(let names): return .success(Array(held.union(names)))
        case .failure(let failure): return held.isEmpty ? .failure(failure) : .success(Array(held))
        }
    }

    package func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        if let bytes = files[path] { return .success(bytes) }
        return base?.contents(of: path) ?? .failure(ReadFailure(path: path, reason: "No such file or directory"))
    }
}

/// Files in memory that a test or a benchmark changes while a language server reads them, as
/// an editor's files change on the disk. Meant for one thread.
package final class InMemoryFileSystem: RouteSetFileSystem, @unchecked Sendable {
    /// The files by absolute path; a change is seen by the next read.
    package var files: [String: [UInt8]] {
        didSet { snapshot = OverlayFileSystem(files) }
    }

    private var snapshot: OverlayFileSystem

    /// `files`' texts by absolute path.
    package init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
        snapshot = OverlayFileSystem(self.files)
    }

    package func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> { snapshot.entry(at: path) }
    package func names(inDirectory path: String) -> Result<[String], ReadFailure> { snapshot.names(inDirectory: path) }
    package func contents(of path: String) -> Result<[UInt8], ReadFailure> { snapshot.contents(of: path) }
}

/// `read(2)`, named apart from `DiskFileSystem.read`, which hides it inside the type.
func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
