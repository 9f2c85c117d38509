/// Paths compared by their text, as a header names files: `.` and `..` resolved without asking
/// the file system, so that the answer depends on the paths alone and not on links on disk.
package enum RelativePath {
    /// `path` as seen from `directory`, both relative to `workingDirectory` unless absolute:
    /// `relative("Manifests/app.routes.yaml", from: "Manifests/platform", workingDirectory: "/app")`
    /// is `../app.routes.yaml`, and so is the same question asked with absolute paths from `/`.
    package static func relative(_ path: String, from directory: String, workingDirectory: String) -> String {
        let target = components(path, workingDirectory: workingDirectory)
        let base = components(directory, workingDirectory: workingDirectory)
        var shared = 0
        while shared < target.count && shared < base.count && target[shared] == base[shared] { shared += 1 }
        let steps = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// The components of `path` from the root, `.` and empty components dropped and each `..`
    /// taking back the one before it (at the root it stays at the root, as the system does).
    private static func components(_ path: String, workingDirectory: String) -> [Substring] {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var result: [Substring] = []
        for component in absolute.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(component)
            }
        }
        return result
    }
}
