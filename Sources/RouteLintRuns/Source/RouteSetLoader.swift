import RouteLintCore
import RouteLintPlatform
import RouteLintRules

/// Decides which files form a route set, and reads them: the one place that knows the
/// configuration's include and exclude globs, the manifest naming convention, how folders are
/// walked, what could not be read and the order of the files. Every command, the pre-commit
/// hook and the language server ask it, over the file system they read from (the disk, the
/// editor's buffers over the disk, a git revision).
package struct RouteSetLoader: Sendable {
    /// How the files found are named in findings.
    package enum PathStyle: Sendable {
        /// A path given is kept as given, a file found below it is joined to it; a file the
        /// include globs find is relative to the working directory when it lies below it.
        case asGiven
        /// Every path absolute: for the language server, which speaks in URIs.
        case absolute
    }

    /// The configuration whose include and exclude globs decide the set.
    package let configuration: LintConfiguration
    /// The folder relative paths are taken from, absolute.
    package let workingDirectory: String
    /// Where the files are read from.
    package let fileSystem: any RouteSetFileSystem
    /// How the files found are named in findings.
    package var pathStyle: PathStyle
    /// Whether the files of a set on the disk are left there, found but not read (see
    /// `LintOptions.leavesFilesOnDisk`); another file system's are always read.
    package var leavesFilesOnDisk = false

    /// A loader of the route set `configuration` describes, read from `fileSystem` (the disk unless said), with relative paths taken from `workingDirectory`.
    package init(
        configuration: LintConfiguration, workingDirectory: String, fileSystem: any RouteSetFileSystem = DiskFileSystem(),
        pathStyle: PathStyle = .asGiven
    ) {
        self.configuration = configuration
        self.workingDirectory = workingDirectory
        self.fileSystem = fileSystem
        self.pathStyle = pathStyle
    }

    /// Whether a file name follows the manifest convention, `*.routes.yaml` or `*.routes.yml`.
    package static func isManifestName(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(".routes.yaml") || name.hasSuffix(".routes.yml")
    }

    // MARK: - The configuration

    /// The configuration at `path`, else the nearest `.routelint.yml` from `directory` (absolute)
    /// up, else the defaults. A configuration with a problem fails the run.
    package static func configuration(
        at path: String?, from directory: String,
        in fileSystem: any RouteSetFileSystem = DiskFileSystem()
    ) throws(RunFailure) -> LintConfiguration {
        guard let path = path ?? findConfiguration(from: directory, in: fileSystem) else {
            return LintConfiguration(baseDirectory: directory)
        }
        let bytes: [UInt8]
        // A path given relative is the process's: the disk resolves it as the user meant.
        switch fileSystem.contents(of: path) {
        case .success(let contents): bytes = contents
        case .failure(let failure):
            throw RunFailure([RunMessage(.error, "cannot read '\(path)': \(failure.reason)")])
        }
        do {
            return try LintConfiguration.parse(bytes, path: path)
        } catch {
            throw RunFailure([RunMessage(.error, "\(error)")])
        }
    }

    /// The nearest `.routelint.yml` from `directory` up. Whatever is there is the
    /// configuration: reading refuses one that is not a regular file (a FIFO, say) rather than
    /// this search passing over it.
    private static func findConfiguration(from directory: String, in fileSystem: any RouteSetFileSystem) -> String? {
        var current = directory
        while true {
            let candidate = FilePath.join(current, LintConfiguration.fileName)
            if case .success = fileSystem.entry(at: candidate) { return candidate }
            guard current != "/" else { return nil }
            current = FilePath.parent(of: current)
        }
    }

    // MARK: - Membership

    /// Whether the configuration's `exclude` removes `path` from the route set.
    package func isExcluded(_ path: String) -> Bool {
        guard !configuration.exclude.isEmpty, let relative = relativeToConfiguration(path) else { return false }
        return configuration.exclude.contains { $0.matches(relative) }
    }

    /// Whether `path` is, or was (for a deleted file), a manifest of the configured route set:
    /// matched by the include globs, or when there are none named like a manifest; and not
    /// excluded. The pre-commit hook asks it of the files a commit changes, the language
    /// server of a file the editor opens.
    package func contains(_ path: String) -> Bool {
        if isExcluded(path) { return false }
        if configuration.include.isEmpty { return Self.isManifestName(FilePath.name(of: path)) }
        guard let relative = relativeToConfiguration(path) else { return false }
        return configuration.include.contains { $0.matches(relative) }
    }

    private func relativeToConfiguration(_ path: String) -> String? {
        FilePath.relative(absolute(path), to: absolute(configuration.baseDirectory))
    }

    func absolute(_ path: String) -> String {
        FilePath.absolute(path, in: workingDirectory)
    }

    // MARK: - Finding the files

    /// The files of a route set, found but not read yet.
    package struct Discovery: Sendable {
        /// Each file as named in findings, and absolute; in path order.
        package fileprivate(set) var files: [(shown: String, absolute: String)]
        /// What could not be walked or looked at.
        package fileprivate(set) var failures: [ReadFailure]
        /// Where the files were looked for, for "no route manifests found in …".
        fileprivate var scope: TerminalSafe

        /// Whether one of the files is `path` or lies below it (absolute).
        package func holdsFile(within path: String) -> Bool {
            files.contains { FilePath.isWithin($0.absolute, path) }
        }

        /// The files with one more, in its place in path order, unless it is among them.
        package func adding(_ shown: String, absolute: String) -> Discovery {
            guard !files.contains(where: { $0.absolute == absolute }) else { return self }
            var more = self
            let position = files.firstIndex { FilePath.precedes(absolute, $0.absolute) } ?? files.endIndex
            more.files.insert((shown, absolute), at: position)
            return more
        }
    }

    /// The files of the set: every file given and every manifest below every folder given;
    /// with no path, the configuration's include globs (else the working directory); and with
    /// `withConfiguredSet`, the configured set and the paths given. Less the exclude globs.
    /// A file reached twice counts once; the files are in path order (their absolute paths,
    /// byte by byte), which is the order findings are reported in.
    package func discover(_ paths: [String], withConfiguredSet: Bool = false) -> Discovery {
        var walk = Walk(fileSystem: fileSystem)
        // Paths given are walked first: a file given keeps the name it was given by. What they
        // hold is linted as named, whatever the exclude globs say of the configured set.
        for path in paths {
            walk.visit(
                absolute(path), shown: pathStyle == .absolute ? absolute(path) : path, given: true, named: true,
                selects: Self.isManifestName)
        }
        if paths.isEmpty || withConfiguredSet {
            if configuration.include.isEmpty {
                if paths.isEmpty {
                    walk.visit(
                        absolute("."), shown: pathStyle == .absolute ? absolute(".") : ".", given: true, selects: Self.isManifestName)
                }
            } else {
                let base = absolute(configuration.baseDirectory)
                walk.visit(
                    base, shown: base, given: true, foundByInclude: true,
                    enters: { path in
                        guard let relative = FilePath.relative(path, to: base) else { return false }
                        return configuration.include.contains { $0.mayMatch(below: relative) }
                            && !configuration.exclude.contains { $0.excludesEverything(below: relative) }
                    }
                ) { path in
                    guard let relative = FilePath.relative(path, to: base) else { return false }
                    return configuration.include.contains { $0.matches(relative) }
                }
            }
        }
        var files = walk.files.filter { $0.named || !isExcluded($0.absolute) }
        files.sort { FilePath.precedes($0.absolute, $1.absolute) }
        var failures: [ReadFailure] = []
        for failure in walk.failures {
            let shown = pathStyle == .asGiven && failure.foundByInclude ? shownRelative(failure.path) : failure.path
            failures.append(ReadFailure(path: shown, reason: failure.reason))
        }
        if pathStyle == .asGiven {
            for index in files.indices where files[index].foundByInclude { files[index].shown = shownRelative(files[index].absolute) }
        }
        let scope: TerminalSafe =
            !paths.isEmpty
            ? TerminalSafe.quoted(paths)
            : configuration.include.isEmpty
                ? "the current directory"
                : "the configuration's include (\(configuration.include.map(\.pattern).joined(separator: ", ")))"
        return Discovery(files: files.map { ($0.shown, $0.absolute) }, failures: failures, scope: scope)
    }

    /// A path the include globs found, as the user would name it: relative to the working
    /// directory when it lies below it.
    func shownRelative(_ path: String) -> String {
        FilePath.relative(path, to: workingDirectory) ?? path
    }

    // MARK: - Reading the files

    /// Reads the files discovered, numbered in their order: `files[i].id` is `FileID(i)`.
    package func read(_ discovery: Discovery) -> LoadedRouteSet {
        var files: [SourceFile] = []
        var unreadable = discovery.failures
        if leavesFilesOnDisk && fileSystem is DiskFileSystem {
            for file in discovery.files {
                switch DiskFile.find(file.absolute) {
                case .success(let found): files.append(SourceFile(id: FileID(files.count), path: file.shown, onDisk: found))
                case .failure(let failure): unreadable.append(ReadFailure(path: file.shown, reason: failure.safeReason))
                }
            }
            return LoadedRouteSet(files: files, unreadable: unreadable, messages: unreadable.map(Self.unreadable))
        }
        let contents = fileSystem.contents(of: discovery.files.map(\.absolute))
        for (file, read) in zip(discovery.files, contents) {
            switch read {
            case .success(let bytes): files.append(SourceFile(id: FileID(files.count), path: file.shown, bytes: bytes))
            case .failure(let failure): unreadable.append(ReadFailure(path: file.shown, reason: failure.safeReason))
            }
        }
        return LoadedRouteSet(files: files, unreadable: unreadable, messages: unreadable.map(Self.unreadable))
    }

    /// Reads the files discovered. Finding no manifest at all, and no path that could not be
    /// read, fails the run.
    package func load(_ discovery: Discovery) throws(RunFailure) -> LoadedRouteSet {
        let set = read(discovery)
        if set.files.isEmpty && set.unreadable.isEmpty {
            throw RunFailure(
                set.messages + [RunMessage(.error, "no route manifests (*.routes.yaml, *.routes.yml) found in \(discovery.scope)")])
        }
        return set
    }

    /// The route set of `paths` (see `discover`), read. Finding no manifest at all fails the run.
    package func load(_ paths: [String], withConfiguredSet: Bool = false) throws(RunFailure) -> LoadedRouteSet {
        try load(discover(paths, withConfiguredSet: withConfiguredSet))
    }

    /// "cannot read 'path': reason".
    package static func unreadable(_ failure: ReadFailure) -> RunMessage {
        RunMessage(.error, "cannot read '\(failure.path)': \(failure.reason)")
    }

    /// Files given as names and texts, numbered in path order, as `read` numbers the files of a
    /// route set: for a workspace whose files are held in memory.
    package static func numbered(_ texts: [(path: String, bytes: [UInt8])]) -> [SourceFile] {
        texts.sorted { FilePath.precedes($0.path, $1.path) }.enumerated().map { index, text in
            SourceFile(id: FileID(index), path: text.path, bytes: text.bytes)
        }
    }

    /// A walk of folders over a file system. Folders are walked following links, each at most
    /// once, so a link loop ends; hidden entries (names starting with '.') are skipped below a
    /// folder given.
    struct Walk {
        struct Failure {
            let path: String
            let reason: TerminalSafe
            let foundByInclude: Bool
        }

        let fileSystem: any RouteSetFileSystem
        /// Each file found; `named` when it is, or lies below, a path the run was given.
        var files: [(shown: String, absolute: String, foundByInclude: Bool, named: Bool)] = []
        var failures: [Failure] = []
        var seen = Set<FileSystemEntry.Identity>()
        /// Hidden folders (names starting with '.') that are entered all the same.
        var enteredHiddenNames: Set<String> = []

        /// Folders of the kernel's own file systems: a walk of `/` (a container's working
        /// directory) does not go through them, since no project keeps its files there.
        static let kernelFolders: Set<String> = ["/proc", "/sys", "/dev"]

        /// Visits `absolute` (named `shown`); below a folder, files are kept when `selects`
        /// says so of their absolute path, and folders are entered when `enters` does.
        mutating func visit(
            _ absolute: String, shown: String, given: Bool, named: Bool = false, foundByInclude: Bool = false,
            enters: (String) -> Bool = { _ in true }, selects: (String) -> Bool
        ) {
            let entry: FileSystemEntry
            switch fileSystem.entry(at: absolute) {
            case .success(let found): entry = found
            case .failure(let failure):
                // Below a folder, only what would be linted is worth a complaint.
                if given || selects(absolute) {
                    failures.append(Failure(path: shown, reason: failure.safeReason, foundByInclude: foundByInclude))
                }
                return
            }
            switch entry.kind {
            case .directory:
                guard seen.insert(entry.identity).inserted else { return }
                if !given && (Self.kernelFolders.contains(absolute) || !enters(absolute)) { return }
                let entries: [DirectoryEntry]
                switch fileSystem.entries(inDirectory: absolute) {
                case .success(let found): entries = found
                case .failure(let failure):
                    failures.append(Failure(path: shown, reason: failure.safeReason, foundByInclude: foundByInclude))
                    return
                }
                let visible = entries.filter { !$0.name.hasPrefix(".") || enteredHiddenNames.contains($0.name) }
                for entry in visible.sorted(by: { $0.name < $1.name }) {
                    let path = FilePath.join(absolute, entry.name)
                    // A regular file the walk does not select is not looked at: nothing is done with it.
                    if entry.kind == .file && !selects(path) { continue }
                    visit(
                        path, shown: FilePath.join(shown, entry.name), given: false, named: named, foundByInclude: foundByInclude,
                        enters: enters, selects: selects)
                }
            case .file, .other:
                // Something else than a file (a FIFO, a device, a link in a git revision) is
                // refused when it is read, with its kind: the run says it could not read it.
                // Only a file taken counts as seen: one passed over hides no link to it named
                // as a manifest, whether or not the folder's listing said it was a file.
                guard given || selects(absolute), seen.insert(entry.identity).inserted else { return }
                files.append((shown, absolute, foundByInclude, named))
            }
        }
    }
}

/// The files of a route set, read: what the linter, the generators and the server take.
package struct LoadedRouteSet: Sendable {
    /// The files, numbered in path order: `files[i].id` is `FileID(i)`.
    package let files: [SourceFile]
    /// Paths of the set that could not be read: a verdict on the set is incomplete.
    package let unreadable: [ReadFailure]
    /// What to say about the loading on standard error: paths the exclude globs leave out,
    /// paths that could not be read.
    package internal(set) var messages: [RunMessage]
}
