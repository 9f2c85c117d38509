import RouteLintCore
import RouteLintPlatform
import RouteLintRules

/// The loader's third job, for `routelint import` only: the link files, navigation graphs and
/// build files below the paths given (docs/adopting.md).
extension RouteSetLoader {
    /// Folders an import does not enter: build outputs and dependencies hold copies of the
    /// app's files, or other apps' files.
    static let importSkippedFolders: Set<String> = ["build", ".build", "node_modules", "Pods", "DerivedData", "Carthage", "intermediates"]

    /// What `routelint import` reads below `paths` (none: the working directory), in path
    /// order: the platform link files (in `.well-known/` too), the XML files of `res/navigation`
    /// and `res/menu` folders, and Gradle build files. Link files are numbered from `firstID`
    /// on, the others after them.
    package func importFiles(_ paths: [String], numberedFrom firstID: Int) -> (
        linkFiles: [SourceFile], navigationFiles: [SourceFile], buildFiles: [SourceFile], unreadable: [ReadFailure]
    ) {
        var walk = Walk(fileSystem: fileSystem)
        walk.enteredHiddenNames = [".well-known"]
        for path in paths.isEmpty ? ["."] : paths {
            walk.visit(
                absolute(path), shown: path, given: true,
                enters: { !Self.importSkippedFolders.contains(String($0.split(separator: "/").last ?? "")) },
                selects: { PlatformFileKind(path: $0) != nil || Self.isNavigationResource($0) || Self.isBuildFile($0) })
        }
        var seen = Set<String>()
        let found = walk.files.filter { seen.insert($0.absolute).inserted }.sorted { FilePath.precedes($0.shown, $1.shown) }
        var unreadable = walk.failures.map { ReadFailure(path: $0.path, reason: $0.reason) }
        var linkFiles: [SourceFile] = []
        var navigationFiles: [SourceFile] = []
        var buildFiles: [SourceFile] = []
        for (file, read) in zip(found, fileSystem.contents(of: found.map(\.absolute))) {
            // The working directory's files are named from it, without `./`.
            let shown = file.shown.hasPrefix("./") ? String(file.shown.dropFirst(2)) : file.shown
            switch read {
            case .success(let bytes):
                if PlatformFileKind(path: file.absolute) != nil {
                    linkFiles.append(SourceFile(id: FileID(firstID + linkFiles.count), path: shown, bytes: bytes))
                } else if Self.isBuildFile(file.absolute) {
                    buildFiles.append(SourceFile(id: FileID(0), path: shown, bytes: bytes))
                } else {
                    navigationFiles.append(SourceFile(id: FileID(0), path: shown, bytes: bytes))
                }
            case .failure(let failure):
                unreadable.append(ReadFailure(path: shown, reason: failure.safeReason))
            }
        }
        navigationFiles = navigationFiles.enumerated().map { index, file in
            SourceFile(id: FileID(firstID + linkFiles.count + index), path: file.path, bytes: file.bytes)
        }
        return (linkFiles, navigationFiles, buildFiles, unreadable)
    }

    /// Whether `path` is a Gradle build file: `build.gradle` or `build.gradle.kts`.
    package static func isBuildFile(_ path: String) -> Bool {
        path.hasSuffix("/build.gradle") || path.hasSuffix("/build.gradle.kts")
    }

    /// Whether `path` is an XML file of an Android `res/navigation*` or `res/menu*` folder.
    package static func isNavigationResource(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 1].hasSuffix(".xml"), parts[parts.count - 3] == "res" else { return false }
        let folder = parts[parts.count - 2]
        return folder == "navigation" || folder.hasPrefix("navigation-") || folder == "menu" || folder.hasPrefix("menu-")
    }
}
