import RouteLintCore
import RouteLintRules

/// What a run knowingly leaves out of the route set (docs/usage.md, "Nothing skipped in
/// silence"): below the configuration's folder (else the folder linted), files named as
/// manifests that no include glob matches or that lie in hidden folders, and files whose name
/// is one slip from a manifest's and whose text starts with `manifest:` — not what an exclude
/// glob removes, which the configuration says it leaves out. One walk, which skips build and
/// dependency folders and stops after `entryLimit` entries.
package struct LeftOutManifests: Sendable {
    /// Why a file is left out.
    package enum Reason: Sendable, Equatable {
        /// No include glob matches it.
        case notIncluded
        /// It lies in a hidden folder, which no walk enters unless an include glob names it.
        case hidden(folder: String)
        /// Its name is one slip from a manifest's: the name it would have.
        case misnamed(as: String)
    }

    /// A file left out: its path as the run shows paths, and why.
    package struct File: Sendable, Equatable {
        package let path: String
        package let reason: Reason
    }

    /// The files left out, in path order.
    package private(set) var files: [File] = []
    /// Whether the walk stopped at `entryLimit` before it had seen every folder.
    package private(set) var stoppedEarly = false

    /// Folders that hold what a build or a package manager made, never an app's manifests: those
    /// a starter configuration excludes, and the tools' own.
    static let skippedFolders = Set(Starter.excludedFolders + [".git", ".swiftpm", ".gradle", ".idea"])
    /// The entries one survey looks at, at most.
    static let entryLimit = 100_000
    /// The bytes of a file read to see whether its text starts with `manifest:`.
    static let firstBytes = 4_096

    /// The survey of the folder `root` (absolute) for a run whose route set is `linted`
    /// (absolute paths), with the include and exclude globs `loader` applies.
    package init(below root: String, linted: Set<String>, loader: RouteSetLoader) {
        var entries = 0
        var found: [(absolute: String, reason: Reason)] = []
        func visit(_ folder: String, hidden: String?) {
            guard case .success(let listing) = loader.fileSystem.entries(inDirectory: folder) else { return }
            for listed in listing.sorted(by: { $0.name < $1.name }) {
                entries += 1
                guard entries <= Self.entryLimit else {
                    stoppedEarly = true
                    return
                }
                let name = listed.name
                let path = FilePath.join(folder, name)
                let kind: FileSystemEntry.Kind
                if let recorded = listed.kind {
                    kind = recorded
                } else {
                    guard case .success(let entry) = loader.fileSystem.entry(at: path) else { continue }
                    kind = entry.kind
                }
                switch kind {
                case .directory:
                    guard !Self.skippedFolders.contains(name) else { continue }
                    let relative = FilePath.relative(path, to: root) ?? name
                    visit(path, hidden: hidden ?? (name.hasPrefix(".") ? relative : nil))
                case .file:
                    if RouteSetLoader.isManifestName(name) {
                        // What the exclude globs remove, the configuration says it leaves out.
                        guard !linted.contains(path), !loader.isExcluded(path) else { continue }
                        found.append((path, hidden.map { .hidden(folder: $0) } ?? .notIncluded))
                    } else if let meant = Self.manifestName(nearly: name), !linted.contains(path), startsAsManifest(path) {
                        found.append((path, .misnamed(as: meant)))
                    }
                case .other:
                    continue
                }
            }
        }
        func startsAsManifest(_ path: String) -> Bool {
            guard case .success(let bytes) = loader.fileSystem.contents(of: path) else { return false }
            return Self.startsWithManifestKey(bytes.prefix(Self.firstBytes))
        }
        visit(root, hidden: nil)
        files = found.map { File(path: loader.shownRelative($0.absolute), reason: $0.reason) }
    }

    /// The files of `paths` (absolute) that look like manifests and that the route set `loader`
    /// reads leaves out: the files a commit changes, say.
    package init(among paths: [String], loader: RouteSetLoader) {
        for path in paths.sorted(by: FilePath.precedes) {
            let name = FilePath.name(of: path)
            let reason: Reason
            if RouteSetLoader.isManifestName(name) {
                guard !loader.contains(path), !loader.isExcluded(path) else { continue }
                reason = .notIncluded
            } else if let meant = Self.manifestName(nearly: name), case .success(let bytes) = loader.fileSystem.contents(of: path),
                Self.startsWithManifestKey(bytes.prefix(Self.firstBytes))
            {
                reason = .misnamed(as: meant)
            } else {
                continue
            }
            files.append(File(path: loader.shownRelative(path), reason: reason))
        }
    }

    /// These files and `more`'s, in path order.
    package func adding(_ more: LeftOutManifests) -> LeftOutManifests {
        var both = self
        // A file found below two of the folders is found once, by its path (its reason is the same).
        let known = Set(files.map(\.path))
        both.files = (files + more.files.filter { !known.contains($0.path) }).sorted { FilePath.precedes($0.path, $1.path) }
        both.stoppedEarly = stoppedEarly || more.stoppedEarly
        return both
    }

    /// The manifest name `name` is one slip from, when it is: one character added, missing,
    /// changed or two swapped in its suffix (`player.route.yaml`), or an extension more
    /// (`player.routes.yaml.txt`).
    static func manifestName(nearly name: String) -> String? {
        // `.` is ASCII: its byte's index is a character's.
        guard !RouteSetLoader.isManifestName(name), let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")), dot != name.startIndex
        else { return nil }
        if let last = name.utf8.lastIndex(of: UInt8(ascii: ".")), last != dot, RouteSetLoader.isManifestName(name[..<last]) {
            return String(name[..<last])
        }
        // One slip from `routes.yml` or `routes.yaml` is 9 to 12 characters, each of 1 to 4
        // bytes: most names of a walk (`main.swift`) are ruled out by their length alone.
        let suffix = name[name.utf8.index(after: dot)...]
        guard (9...48).contains(suffix.utf8.count) else { return nil }
        for manifest in ["routes.yaml", "routes.yml"] where Suggestion.isOneEdit(String(suffix), manifest) {
            return String(name[..<dot]) + "." + manifest
        }
        return nil
    }

    /// Whether a text's first key, past a byte-order mark, comments, blank lines and a `---`,
    /// is `manifest`.
    static func startsWithManifestKey(_ bytes: ArraySlice<UInt8>) -> Bool {
        var text = Substring(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "---" { continue }
            return trimmed.hasPrefix("manifest:") || trimmed.hasPrefix("\"manifest\":") || trimmed.hasPrefix("'manifest':")
        }
        return false
    }

    /// The one note that names what is left out (up to five paths and a count) and what takes
    /// it in; nil when nothing is.
    package var note: RunMessage? {
        guard !files.isEmpty else { return nil }
        let shown = files.prefix(5).map { file -> TerminalSafe in
            switch file.reason {
            case .notIncluded: return "\(file.path) (no include glob matches it)"
            case .hidden(let folder): return "\(file.path) (in the hidden folder \(folder), which is not searched)"
            case .misnamed(let meant): return "\(file.path) (named one slip from a manifest: \(meant)?)"
            }
        }
        var text: TerminalSafe =
            "\(files.count) \(files.count == 1 ? "file looks" : "files look") like \(files.count == 1 ? "a manifest" : "manifests") and \(files.count == 1 ? "is" : "are") not linted: "
        text += Self.joined(shown, separator: ", ")
        if files.count > 5 { text += ", and \(files.count - 5) more" }
        var remedies: [TerminalSafe] = []
        if files.contains(where: { $0.reason == .notIncluded }) {
            remedies.append("include: [\"**/*.routes.yaml\", \"**/*.routes.yml\"] takes every manifest below the configuration's folder")
        }
        if case .hidden(let folder)? = files.first(where: { if case .hidden = $0.reason { true } else { false } })?.reason {
            remedies.append("an include glob that names the hidden folder (\"\(folder)/**/*.routes.yaml\") takes its manifests")
        }
        if files.contains(where: { if case .misnamed = $0.reason { true } else { false } }) {
            remedies.append("a manifest's name ends in .routes.yaml or .routes.yml")
        }
        if !remedies.isEmpty { text += "; " + Self.joined(remedies, separator: "; ") }
        if stoppedEarly { text += " (the search stopped after \(Self.entryLimit) entries)" }
        return RunMessage(.note, text)
    }

    /// `parts` with `separator` between them.
    private static func joined(_ parts: [TerminalSafe], separator: TerminalSafe) -> TerminalSafe {
        var text: TerminalSafe = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }
}
