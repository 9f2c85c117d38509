/// How what outlives a run names the run's files — the baseline, SARIF's artifact locations and
/// fingerprints, GitHub's annotations: relative to the project's root, never to the folder the
/// run happened to start in, so that a CI job per app (`working-directory: apps/news`) and a run
/// at the top name each file alike (docs/ci.md). The root is the folder of the configuration,
/// else the top of the git work tree, else the working directory.
package struct ProjectRoot: Sendable, Equatable {
    /// The root, absolute; empty for `asGiven`.
    package let directory: String
    /// The folder the run's relative paths are relative to.
    package let workingDirectory: String

    /// The root `directory` (absolute) of a run whose relative paths are relative to `workingDirectory`.
    package init(directory: String, workingDirectory: String) {
        self.directory = directory
        self.workingDirectory = workingDirectory
    }

    /// Names every path as the run gives it: for reports made without a run (tests, the
    /// language server's in-memory checks).
    package static let asGiven = ProjectRoot(directory: "", workingDirectory: "")

    /// `path`, as the run names it (relative to the working directory, or absolute), relative
    /// to the root; absolute when it lies outside. A name that is no path (`<stdin>`, `-`, the
    /// URL of a served file) is kept.
    package func name(_ path: String) -> String {
        guard !directory.isEmpty, !path.hasPrefix("<"), path != "-", !path.contains("://") else { return path }
        let absolute = FilePath.absolute(path, in: workingDirectory)
        return FilePath.relative(absolute, to: directory) ?? absolute
    }

    /// The root of a run in `workingDirectory` whose configuration is at `configurationPath`
    /// (relative to the working directory, or absolute; nil without one): the configuration's
    /// folder, else the nearest folder up from the working directory that holds `.git` (a
    /// folder, or the file of a linked work tree or a submodule), else the working directory.
    package static func find(configurationPath: String?, workingDirectory: String) -> ProjectRoot {
        if let configurationPath {
            let folder = FilePath.parent(of: FilePath.absolute(configurationPath, in: workingDirectory))
            return ProjectRoot(directory: folder, workingDirectory: workingDirectory)
        }
        var folder = FilePath.absolute(".", in: workingDirectory)
        while true {
            if case .success = DiskFileSystem().entry(at: FilePath.join(folder, ".git")) {
                return ProjectRoot(directory: folder, workingDirectory: workingDirectory)
            }
            guard folder != "/" else { break }
            folder = FilePath.parent(of: folder)
        }
        return ProjectRoot(directory: FilePath.absolute(".", in: workingDirectory), workingDirectory: workingDirectory)
    }
}
