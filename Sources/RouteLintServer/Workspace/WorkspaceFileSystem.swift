import RouteLintKit

/// Where a workspace finds its configuration and its route set, and reads the files that are
/// not open in the editor: the disk for the server, a dictionary for the tests.
public protocol WorkspaceFileSystem: Sendable {
    /// The configuration in force for the folder `root`.
    func configuration(root: String) throws(RunFailure) -> LintConfiguration
    /// The manifests of the route set below `root`, absolute, in path order; and the paths
    /// that could not be read.
    func manifests(root: String, configuration: LintConfiguration) -> (paths: [String], failures: [ManifestDiscovery.Failure])
    func contents(of path: String) -> Result<[UInt8], ManifestDiscovery.Failure>
}

/// The disk, read as `routelint lint` reads it from the workspace folder.
public struct DiskFileSystem: WorkspaceFileSystem {
    public init() {}

    public func configuration(root: String) throws(RunFailure) -> LintConfiguration {
        try RouteSet.configuration(at: nil, from: root)
    }

    public func manifests(root: String, configuration: LintConfiguration) -> (paths: [String], failures: [ManifestDiscovery.Failure]) {
        var (paths, failures) = configuration.include.isEmpty
            ? ManifestDiscovery.find([root])
            : ManifestDiscovery.find(matching: configuration.include,
                                     under: ManifestDiscovery.absolutePath(configuration.baseDirectory, in: root))
        paths = paths.map { ManifestDiscovery.absolutePath($0, in: root) }
        paths.removeAll { RouteSet.isExcluded($0, by: configuration, workingDirectory: root) }
        return (paths, failures)
    }

    public func contents(of path: String) -> Result<[UInt8], ManifestDiscovery.Failure> {
        ManifestDiscovery.contents(of: path)
    }
}

/// Files held in memory, by absolute path: for tests and benchmarks. A class, so that a test
/// can change a file "on the disk" under a running server; it is meant for one thread.
public final class InMemoryFileSystem: WorkspaceFileSystem, @unchecked Sendable {
    public var files: [String: [UInt8]]

    public init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    public func configuration(root: String) throws(RunFailure) -> LintConfiguration {
        let path = (root == "/" ? "" : root) + "/" + LintConfiguration.fileName
        guard let bytes = files[path] else { return LintConfiguration(baseDirectory: root) }
        do {
            return try LintConfiguration.parse(bytes, path: path)
        } catch {
            throw RunFailure([RunMessage(.error, "\(error)")])
        }
    }

    public func manifests(root: String, configuration: LintConfiguration) -> (paths: [String], failures: [ManifestDiscovery.Failure]) {
        let prefix = root == "/" ? "/" : root + "/"
        let paths = files.keys.filter { $0.hasPrefix(prefix) && RouteSet.contains($0, configuration: configuration, workingDirectory: root) }
        return (paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, [])
    }

    public func contents(of path: String) -> Result<[UInt8], ManifestDiscovery.Failure> {
        files[path].map { .success($0) } ?? .failure(ManifestDiscovery.Failure(path: path, reason: "No such file or directory"))
    }
}
