/// Another revision of the work tree kept in a folder (`routelint diff --against DIR`): a path
/// below `root` is read at the same place below `copy`, so that the configuration and the
/// paths given select the same files in both, and findings name them alike. Nothing outside
/// `root` belongs to the revision.
package struct DirectoryRevisionFileSystem: RouteSetFileSystem {
    /// The folder the revision stands for (absolute): the working directory.
    package let root: String
    /// The folder that holds the revision (absolute).
    package let copy: String
    private let disk = DiskFileSystem()

    /// The revision in `copy`, standing for `root`; both absolute.
    package init(root: String, copy: String) {
        self.root = root
        self.copy = copy
    }

    private func located(_ path: String) -> Result<String, ReadFailure> {
        if path == root { return .success(copy) }
        guard let relative = FilePath.relative(path, to: root) else {
            return .failure(ReadFailure(path: path, reason: "outside the folder '\(root)' the revision stands for"))
        }
        return .success(FilePath.join(copy, relative))
    }

    package func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
        located(path).flatMap { disk.entry(at: $0) }.mapError { ReadFailure(path: path, reason: $0.safeReason) }
    }

    package func names(inDirectory path: String) -> Result<[String], ReadFailure> {
        located(path).flatMap { disk.names(inDirectory: $0) }.mapError { ReadFailure(path: path, reason: $0.safeReason) }
    }

    package func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        located(path).flatMap { disk.contents(of: $0) }.mapError { ReadFailure(path: path, reason: $0.safeReason) }
    }
}

/// A file system with one folder left out, as if it were not there: the current tree of
/// `routelint diff --against DIR` when DIR lies inside it.
package struct HidingFileSystem: RouteSetFileSystem {
    /// The file system read.
    package let base: any RouteSetFileSystem
    /// The folder left out (absolute).
    package let hidden: String

    /// `base` without the folder `hidden`.
    package init(_ base: any RouteSetFileSystem, hiding hidden: String) {
        self.base = base
        self.hidden = hidden
    }

    private func refusal(_ path: String) -> ReadFailure {
        ReadFailure(path: path, reason: "it is the folder of the other revision")
    }

    package func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
        FilePath.isWithin(path, hidden) ? .failure(refusal(path)) : base.entry(at: path)
    }

    package func names(inDirectory path: String) -> Result<[String], ReadFailure> {
        guard !FilePath.isWithin(path, hidden) else { return .failure(refusal(path)) }
        return base.names(inDirectory: path).map { names in
            names.filter { FilePath.join(path, $0) != hidden }
        }
    }

    package func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        FilePath.isWithin(path, hidden) ? .failure(refusal(path)) : base.contents(of: path)
    }
}
