import RouteLintCore
import RouteLintPlatform
import RouteLintRules

/// The loader's second job: the platform link files of a run, from the command line and the
/// configuration. The language server reads the route set only; lint, diff, hosts and audit
/// also list these.
extension RouteSetLoader {
    /// The platform link files of a run, read and numbered from `firstID` on: `extra` (paths
    /// given on the command line, for the route set's only app) and, with `configured`, the
    /// configuration's `platform-files`. A name that is no platform file's fails the run. The
    /// files the build fills in (AndroidManifest.xml, entitlements) are read with `defines`
    /// (`--define`) and the resource folders beside them and of `android.resources`, relative to
    /// the manifests at `manifestPaths` (by number).
    package func platformFiles(
        extra: [String], configured: Bool = true, numberedFrom firstID: Int, defines: [String: String] = [:],
        manifestPaths: [String] = []
    ) throws(RunFailure) -> (files: [PlatformFileSource], unreadable: [ReadFailure]) {
        var walk = Walk(fileSystem: fileSystem)
        var apps: [String: String?] = [:]
        let base = absolute(configuration.baseDirectory)
        func note(_ absolute: String, app: String?) {
            if apps[absolute] == nil { apps[absolute] = .some(app) }
        }
        for path in extra {
            guard PlatformFileKind(path: path) != nil else { throw RunFailure([Self.notPlatformFile(path)]) }
            walk.visit(absolute(path), shown: path, given: true, selects: { _ in false })
            note(absolute(path), app: nil)
        }
        for entry in configured ? configuration.platformFiles : [] {
            let pattern = entry.glob.pattern
            if pattern.contains(where: { "*?[".contains($0) }) {
                let before = walk.files.count
                walk.visit(
                    base, shown: base, given: true, foundByInclude: true,
                    enters: { path in FilePath.relative(path, to: base).map { entry.glob.mayMatch(below: $0) } ?? false }
                ) { path in
                    guard PlatformFileKind(path: path) != nil, let relative = FilePath.relative(path, to: base) else { return false }
                    return entry.glob.matches(relative)
                }
                for file in walk.files[before...] { note(file.absolute, app: entry.app) }
            } else {
                guard PlatformFileKind(path: pattern) != nil else { throw RunFailure([Self.notPlatformFile(pattern)]) }
                let path = FilePath.absolute(pattern, in: base)
                walk.visit(path, shown: pathStyle == .absolute ? path : shownRelative(path), given: true, selects: { _ in false })
                note(path, app: entry.app)
            }
        }
        let variant = BuildVariant(
            defines: defines,
            resources: ResourceFolders(fileSystem: fileSystem, workingDirectory: workingDirectory, manifestPaths: manifestPaths))
        var seen = Set<String>()
        let found = walk.files.filter { seen.insert($0.absolute).inserted }
        let contents = fileSystem.contents(of: found.map(\.absolute))
        var files: [PlatformFileSource] = []
        var unreadable = walk.failures.map { ReadFailure(path: $0.path, reason: $0.reason) }
        for (file, read) in zip(found, contents) {
            let shown = pathStyle == .absolute ? file.absolute : file.foundByInclude ? shownRelative(file.absolute) : file.shown
            switch read {
            case .success(let bytes):
                let source = SourceFile(id: FileID(firstID + files.count), path: shown, bytes: bytes)
                var platformFile = PlatformFileSource(file: source, app: apps[file.absolute] ?? nil)
                platformFile.variant = variant
                files.append(platformFile)
            case .failure(let failure):
                unreadable.append(ReadFailure(path: shown, reason: failure.safeReason))
            }
        }
        return (files, unreadable)
    }

    private static func notPlatformFile(_ path: String) -> RunMessage {
        RunMessage(
            .error,
            "'\(path)' is not named as a platform link file: apple-app-site-association(.json), "
                + "assetlinks.json, AndroidManifest.xml or *.entitlements")
    }
}
