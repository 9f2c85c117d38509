import RouteLintCore
import RouteLintPlatform

/// Reads Android resource folders from a run's file system, for the `@string/NAME` references
/// of source AndroidManifest.xml files (docs/app-links.md, "Files as the build makes them").
package struct ResourceFolders: ResourceFolderReader {
    let fileSystem: any RouteSetFileSystem
    let workingDirectory: String
    /// The route manifests' paths as the run names them, by number: `android.resources` folders
    /// are relative to the manifest that lists them.
    let manifestPaths: [String]

    /// Folders read from `fileSystem`, relative paths taken from `workingDirectory`, and the
    /// manifests' folders from `manifestPaths`.
    package init(fileSystem: any RouteSetFileSystem, workingDirectory: String, manifestPaths: [String]) {
        self.fileSystem = fileSystem
        self.workingDirectory = workingDirectory
        self.manifestPaths = manifestPaths
    }

    /// At most this many `values/*.xml` files are read of one folder: a project has a handful.
    static let maximumFiles = 256

    package func folder(_ folder: String, relativeTo base: ResourceFolderBase) -> ResourceFolder {
        let basePath: String
        switch base {
        case .platformFile(let path): basePath = path
        case .manifest(let file):
            guard Int(file.index) < manifestPaths.count else { return ResourceFolder(shown: folder, files: []) }
            basePath = manifestPaths[Int(file.index)]
        }
        let directory = FilePath.parent(of: FilePath.absolute(basePath, in: workingDirectory))
        let absolute = FilePath.absolute(folder, in: directory)
        let shown = FilePath.relative(absolute, to: workingDirectory) ?? absolute
        let values = FilePath.join(absolute, "values")
        guard case .success(let names) = fileSystem.names(inDirectory: values) else {
            // No `values/` folder: a source set without strings, as most are.
            return ResourceFolder(shown: shown, files: [])
        }
        let xml = names.filter { $0.hasSuffix(".xml") }.sorted()
        let chosen = xml.prefix(Self.maximumFiles)
        var files: [SourceFile] = []
        var unreadable: [String] = []
        if xml.count > chosen.count {
            unreadable.append("\(shown)/values: \(xml.count - chosen.count) files after the first \(Self.maximumFiles)")
        }
        for name in chosen {
            let path = FilePath.join(values, name)
            let shownPath = FilePath.relative(path, to: workingDirectory) ?? path
            switch fileSystem.contents(of: path) {
            case .success(let bytes): files.append(SourceFile(id: FileID(files.count), path: shownPath, bytes: bytes))
            case .failure(let failure): unreadable.append("\(shownPath): \(failure.reason)")
            }
        }
        return ResourceFolder(shown: shown, files: files, unreadable: unreadable)
    }
}
