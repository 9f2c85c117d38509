import RouteLintRuns
import RouteLintCore
import RouteLintPlatform
import RouteLintRules

/// The route set of an editor's workspace folder, kept checked as it is edited: the files of
/// the set (open buffers in place of their files on disk), each loaded once per change, and
/// for each app the model and findings of its last check.
///
/// An edit reloads only the file edited and checks again only its app (both apps, when the
/// edit moves the file from one app to another). A file that stops parsing keeps the
/// declarations of its last reading that parsed, so that the rest of its app does not light
/// up with unknown names while it is being typed; its own findings are then its YAML errors.
struct Workspace {
    /// One file of the route set.
    struct File: Sendable {
        let path: String
        fileprivate(set) var text: DocumentText
        /// Open in the editor: its text is the editor's, not the disk's.
        fileprivate(set) var isOpen = false
        /// The editor's version of an open file's text.
        fileprivate(set) var version: Int?
        fileprivate(set) var loaded: LoadedManifest
        /// The last text of the file that parsed, while the current one does not.
        fileprivate var lastParsedText: [UInt8]?
        fileprivate var lastParsed: LoadedManifest?

        /// Whether the file's declarations come from an earlier text (`lastParsed`).
        var usesEarlierDeclarations: Bool { loaded.manifest == nil && lastParsed != nil }

        /// The app whose check includes the file.
        var app: FileApp {
            if loaded.manifest == nil, let lastParsed { return lastParsed.app }
            return loaded.app
        }

        /// What the app's check reads of the file.
        var checked: LoadedManifest {
            guard usesEarlierDeclarations, let lastParsed else { return loaded }
            return loaded.declaring(lastParsed)
        }
    }

    /// The last check of one app.
    /// A platform link file of the configuration (`platform-files`).
    struct PlatformDocument: Sendable {
        let path: String
        var text: DocumentText
        var version: Int?
        var isOpen = false
        /// The app it belongs to; nil for the set's only app.
        let app: String?
    }

    struct AppCheck: Sendable {
        /// The merged model; nil when no file of the app parses.
        let model: AppModel?
        /// Active findings by file, in report order.
        let findings: [FileID: [Finding]]
        /// Where each name of the app is declared and referred to, built when first asked for.
        fileprivate var names: NameIndex?
    }

    /// The folder the route set is below, absolute; nil when the editor opened files without
    /// a folder, and the open files are the route set.
    let root: String?
    private(set) var configuration: LintConfiguration
    /// What could not be read or used (the configuration, files of the set), for the editor
    /// to show. Findings are not among them.
    private(set) var problems: [RunMessage] = []
    private(set) var files: [File] = []
    private var positions: [String: Int] = [:]
    private var checks: [FileApp: AppCheck] = [:]
    private var someFilesUnread = false
    /// The configuration's baseline, whose findings the editor does not show, as `lint` does
    /// not report them; and what its files are named from.
    private var baseline: Baseline?
    private var projectRoot = ProjectRoot.asGiven
    /// The configuration's platform link files, with the editor's texts of open ones; checked
    /// with their app whenever it is.
    private(set) var platformDocuments: [PlatformDocument] = []
    private var platformFindings: [String: [Finding]] = [:]
    /// What the platform files were found to claim, kept while their texts and the claims of
    /// their apps stay the same: most edits change neither.
    private(set) var platformCache = PlatformCheckCache()
    private let fileSystem: any RouteSetFileSystem

    /// Reads the configuration and the route set below `root`, and checks every app.
    init(root: String?, fileSystem: any RouteSetFileSystem) {
        self.root = root
        self.fileSystem = fileSystem
        configuration = LintConfiguration(baseDirectory: root ?? "/")
        reload()
    }

    /// Reads the configuration and the route set again, keeping open files' texts: after the
    /// configuration changed, say.
    mutating func reload() {
        problems = []
        let open = files.filter(\.isOpen)
        var texts: [String: (text: [UInt8], version: Int?, lastParsed: [UInt8]?)] = [:]
        for file in open { texts[file.path] = (file.text.bytes, file.version, file.lastParsedText) }
        someFilesUnread = false
        if let root {
            do {
                configuration = try RouteSetLoader.configuration(at: nil, from: root, in: fileSystem)
            } catch {
                configuration = LintConfiguration(baseDirectory: root)
                problems += error.messages
                problems.append(RunMessage(.note, "checking with the default configuration until the configuration is mended"))
            }
            projectRoot = ProjectRoot.find(configurationPath: configuration.path, workingDirectory: root)
            baseline = nil
            if let path = configuration.baselinePath(workingDirectory: root) {
                do {
                    baseline = try Baseline.load(path, read: fileSystem.contents(of:))
                } catch {
                    problems.append(RunMessage(.error, "\(error.description)"))
                }
            }
            // The route set as the loader sees it with the editor's buffers in place of their files.
            let buffers = OverlayFileSystem(texts.mapValues(\.text), over: fileSystem)
            let loader = RouteSetLoader(configuration: configuration, workingDirectory: root, fileSystem: buffers, pathStyle: .absolute)
            let loaded = loader.read(loader.discover([]))
            someFilesUnread = !loaded.unreadable.isEmpty
            problems += loaded.messages
            for file in loaded.files where texts[file.path] == nil { texts[file.path] = (file.bytes, nil, nil) }
            let openPlatform = Dictionary(uniqueKeysWithValues: platformDocuments.filter(\.isOpen).map { ($0.path, $0) })
            let platformBuffers = OverlayFileSystem(openPlatform.mapValues(\.text.bytes), over: fileSystem)
            let platformLoader = RouteSetLoader(
                configuration: configuration, workingDirectory: root, fileSystem: platformBuffers, pathStyle: .absolute)
            if let found = try? platformLoader.platformFiles(extra: [], numberedFrom: 0) {
                problems += found.unreadable.map(RouteSetLoader.unreadable)
                platformDocuments = found.files.map { source in
                    let open = openPlatform[source.file.path]
                    return PlatformDocument(
                        path: source.file.path, text: DocumentText(source.file.bytes), version: open?.version, isOpen: open != nil,
                        app: source.app)
                }
            }
        }
        rebuild(texts, open: Set(open.map(\.path)))
    }

    // MARK: - Editing

    /// Whether the route set takes in a file at `path` that the editor opens: one its
    /// include globs (or the manifest naming convention) select, not excluded.
    func accepts(_ path: String) -> Bool {
        guard let root else { return RouteSetLoader.isManifestName(FilePath.name(of: path)) }
        let loader = RouteSetLoader(configuration: configuration, workingDirectory: root, fileSystem: fileSystem, pathStyle: .absolute)
        return FilePath.relative(path, to: root) != nil && loader.contains(path)
    }

    /// The editor opened a file of the route set, with this text. Returns the paths whose
    /// findings were checked again; empty when the file is not part of the route set.
    @discardableResult
    mutating func open(_ path: String, text: [UInt8], version: Int?) -> [String] {
        if let index = platformDocuments.firstIndex(where: { $0.path == path }) {
            platformDocuments[index].isOpen = true
            platformDocuments[index].version = version
            return replacePlatformText(at: index, with: DocumentText(text))
        }
        if let position = positions[path] {
            files[position].isOpen = true
            files[position].version = version
            return replaceText(at: position, with: text)
        }
        guard accepts(path) else { return [] }
        var texts = currentTexts()
        texts[path] = (text, version, nil)
        var open = Set(files.filter(\.isOpen).map(\.path))
        open.insert(path)
        rebuild(texts, open: open)
        return files.map(\.path) + platformDocuments.map(\.path)
    }

    /// The editor changed an open file: its new text. Returns the paths checked again.
    @discardableResult
    mutating func change(_ path: String, text: DocumentText, version: Int?) -> [String] {
        if let index = platformDocuments.firstIndex(where: { $0.path == path }) {
            platformDocuments[index].version = version
            return replacePlatformText(at: index, with: text)
        }
        guard let position = positions[path] else { return [] }
        files[position].version = version
        return replaceText(at: position, with: text.bytes, indexed: text)
    }

    /// The editor closed a file: it is read from the disk again, or leaves the set when it is
    /// not there (a buffer never saved).
    @discardableResult
    mutating func close(_ path: String) -> [String] {
        if let index = platformDocuments.firstIndex(where: { $0.path == path }) {
            platformDocuments[index].isOpen = false
            platformDocuments[index].version = nil
            guard case .success(let bytes) = fileSystem.contents(of: path), bytes != platformDocuments[index].text.bytes else { return [] }
            return replacePlatformText(at: index, with: DocumentText(bytes))
        }
        guard let position = positions[path] else { return [] }
        files[position].isOpen = false
        files[position].version = nil
        switch fileSystem.contents(of: path) {
        case .success(let bytes):
            return bytes == files[position].text.bytes ? [] : replaceText(at: position, with: bytes)
        case .failure:
            var texts = currentTexts()
            texts[path] = nil
            rebuild(texts, open: Set(files.filter(\.isOpen).map(\.path)))
            return files.map(\.path) + platformDocuments.map(\.path) + [path]
        }
    }

    /// Files changed on the disk, as the editor's file watcher saw them: a file created is
    /// added to the set when the set takes it in, one changed is read again (unless it is
    /// open: the editor's text stands), one deleted leaves the set (unless open). A change to
    /// the configuration or its baseline reloads everything. Returns the paths checked again.
    @discardableResult
    mutating func filesChangedOnDisk(_ paths: [String]) -> [String] {
        let baselinePath = root.flatMap { configuration.baselinePath(workingDirectory: $0) }
        if paths.contains(where: { $0.hasSuffix("/" + LintConfiguration.fileName) || $0 == baselinePath }) {
            reload()
            return files.map(\.path) + platformDocuments.map(\.path)
        }
        var texts = currentTexts()
        var setChanged = false
        var changedPositions: [Int] = []
        var platformChecked: [String] = []
        for path in paths {
            if let index = platformDocuments.firstIndex(where: { $0.path == path }) {
                if !platformDocuments[index].isOpen, case .success(let bytes) = fileSystem.contents(of: path),
                    bytes != platformDocuments[index].text.bytes
                {
                    platformChecked += replacePlatformText(at: index, with: DocumentText(bytes))
                }
                continue
            }
            if let position = positions[path], files[position].isOpen { continue }
            switch fileSystem.contents(of: path) {
            case .success(let bytes):
                if let position = positions[path] {
                    if bytes != files[position].text.bytes { changedPositions.append(position) }
                    texts[path]?.text = bytes
                } else if accepts(path) {
                    texts[path] = (bytes, nil, nil)
                    setChanged = true
                }
            case .failure:
                if positions[path] != nil {
                    texts[path] = nil
                    setChanged = true
                }
            }
        }
        if setChanged {
            rebuild(texts, open: Set(files.filter(\.isOpen).map(\.path)))
            return files.map(\.path) + platformDocuments.map(\.path) + paths
        }
        // A string resource changed: the AndroidManifest.xml files that may read it are decided again.
        if paths.contains(where: Self.isValuesResource) {
            for index in platformDocuments.indices where PlatformFileKind(path: platformDocuments[index].path) == .androidManifest {
                platformChecked += replacePlatformText(at: index, with: platformDocuments[index].text)
            }
        }
        var checked = platformChecked
        for position in changedPositions {
            checked += replaceText(at: position, with: texts[files[position].path]!.text)
        }
        return checked
    }

    /// Whether `path` is a file of a resource folder's `values/`, where `@string/` values are.
    private static func isValuesResource(_ path: String) -> Bool {
        path.hasSuffix(".xml") && FilePath.name(of: FilePath.parent(of: path)) == "values"
    }

    /// Gives a platform file a new text and checks its app again (every app, when it names
    /// none). Returns the paths checked again.
    private mutating func replacePlatformText(at index: Int, with text: DocumentText) -> [String] {
        platformDocuments[index].text = text
        let apps = Set(files.map(\.app)).filter { app in
            guard let name = platformDocuments[index].app else { return true }
            return app == .named(name)
        }
        check(apps)
        return [platformDocuments[index].path] + files.filter { apps.contains($0.app) }.map(\.path)
    }

    // MARK: - Reading

    /// The platform file at `path`, when it is one of the configuration's.
    func platformDocument(_ path: String) -> PlatformDocument? {
        platformDocuments.first { $0.path == path }
    }

    /// The platform file a finding's `FileID` names: platform files are numbered after the
    /// manifests while they are checked.
    func platformDocument(_ id: FileID) -> PlatformDocument? {
        let index = Int(id.index) - files.count
        return platformDocuments.indices.contains(index) ? platformDocuments[index] : nil
    }

    /// The file at `path`, when it is part of the route set.
    func file(_ path: String) -> File? {
        positions[path].map { files[$0] }
    }

    func file(_ id: FileID) -> File { files[Int(id.index)] }

    /// The active findings in a file, in report order.
    func findings(in path: String) -> [Finding] {
        if let findings = platformFindings[path] { return findings }
        guard let position = positions[path] else { return [] }
        return checks[files[position].app]?.findings[FileID(position)] ?? []
    }

    /// The model of the app a file belongs to.
    func model(of path: String) -> AppModel? {
        positions[path].flatMap { checks[files[$0].app]?.model }
    }

    /// The names of the app a file belongs to, and where they are written.
    mutating func names(of path: String) -> NameIndex? {
        guard let position = positions[path] else { return nil }
        let app = files[position].app
        guard let check = checks[app], let model = check.model else { return nil }
        if let names = check.names { return names }
        let names = NameIndex(model)
        checks[app]?.names = names
        return names
    }

    /// The files whose declarations the app of `path` takes from an earlier text, because
    /// their current one does not parse: edits computed from the model would miss there.
    func filesWithEarlierDeclarations(inAppOf path: String) -> [File] {
        guard let position = positions[path] else { return [] }
        let app = files[position].app
        return files.filter { $0.app == app && $0.usesEarlierDeclarations }
    }

    /// The names of the apps of the set.
    var appNames: [String] {
        Array(
            Set(
                files.compactMap { file -> String? in
                    if case .named(let name) = file.app { return name }
                    return nil
                })
        ).sorted()
    }

    // MARK: - Checking

    private func currentTexts() -> [String: (text: [UInt8], version: Int?, lastParsed: [UInt8]?)] {
        var texts: [String: (text: [UInt8], version: Int?, lastParsed: [UInt8]?)] = [:]
        for file in files { texts[file.path] = (file.text.bytes, file.version, file.lastParsedText) }
        return texts
    }

    /// Numbers the files in path order, as the loader numbers a route set — a file's id is its
    /// position, as `Linter.check` wants — reads each, and checks every app. For a change to
    /// which files there are.
    private mutating func rebuild(_ texts: [String: (text: [UInt8], version: Int?, lastParsed: [UInt8]?)], open: Set<String>) {
        let sources = RouteSetLoader.numbered(texts.map { (path: $0.key, bytes: $0.value.text) })
        files = sources.map { source -> File in
            let entry = texts[source.path]!
            let current = Linter.load(source)
            var file = File(
                path: source.path, text: DocumentText(source.bytes), isOpen: open.contains(source.path),
                version: entry.version, loaded: current)
            if current.manifest == nil, let earlier = entry.lastParsed {
                file.lastParsedText = earlier
                file.lastParsed = Linter.load(SourceFile(id: source.id, path: source.path, bytes: earlier))
            }
            return file
        }
        positions = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.path, $0) })
        checks = [:]
        check(Set(files.map(\.app)))
    }

    /// Gives the file at `position` a new text, reloads it and checks its app again (every
    /// app, when the file's app is or was unknown: such a file leaves every app incomplete).
    private mutating func replaceText(at position: Int, with bytes: [UInt8], indexed: DocumentText? = nil) -> [String] {
        let before = files[position].app
        if files[position].loaded.manifest != nil {
            files[position].lastParsedText = files[position].text.bytes
            files[position].lastParsed = files[position].loaded
        }
        files[position].text = indexed ?? DocumentText(bytes)
        files[position].loaded = Linter.load(SourceFile(id: FileID(position), path: files[position].path, bytes: bytes))
        if files[position].loaded.manifest != nil {
            files[position].lastParsedText = nil
            files[position].lastParsed = nil
        }
        let after = files[position].app
        var apps: Set<FileApp> = [before, after]
        if before == .unknown || after == .unknown { apps.formUnion(files.map(\.app)) }
        check(apps)
        return files.filter { apps.contains($0.app) }.map(\.path) + platformDocuments.map(\.path)
    }

    /// Checks `apps`, each with its files and the files whose app cannot be told (they leave
    /// the app incomplete, as they do for `lint`). The files are grouped by app once.
    private mutating func check(_ apps: Set<FileApp>) {
        let members = Dictionary(grouping: files.indices) { files[$0].app }
        for app in apps {
            check(app, members: members[app] ?? [], unknown: app == .unknown ? [] : members[.unknown] ?? [])
        }
    }

    /// The platform files of `app` (all of them for the set's only app), numbered after the
    /// manifests so that their findings say which is which, read as the build makes them.
    func platformSources(of app: FileApp) -> [PlatformFileSource] {
        let appName: String?? = {
            guard case .named(let name) = app else { return nil }
            return .some(name)
        }()
        let onlyApp = Set(files.map(\.app)).count == 1
        // Resources are read on every check: the cache decides a manifest again when they changed.
        let variant = BuildVariant(
            resources: ResourceFolders(fileSystem: fileSystem, workingDirectory: root ?? "/", manifestPaths: files.map(\.path)))
        return platformDocuments.enumerated().compactMap { index, document -> PlatformFileSource? in
            let belongs = document.app.map { appName == .some($0) } ?? onlyApp
            guard belongs else { return nil }
            var source = PlatformFileSource(
                file: SourceFile(id: FileID(files.count + index), path: document.path, bytes: document.text.bytes), app: document.app)
            source.variant = variant
            return source
        }
    }

    private mutating func check(_ app: FileApp, members: [Int], unknown: [Int]) {
        guard !members.isEmpty else {
            checks[app] = nil
            return
        }
        let input = (members + unknown).sorted().map { files[$0].checked }
        let platform = platformSources(of: app)
        let checked = Linter.check(
            input, someFilesUnread: someFilesUnread, configuration: configuration, platformFiles: platform, cache: &platformCache)
        // What the baseline accepts is not shown, as lint does not report it.
        var active = checked.findings
        if let baseline {
            let names = files.map { projectRoot.name($0.path) } + platformDocuments.map { projectRoot.name($0.path) }
            active = baseline.apply(to: active, names: names).new
        }
        for source in platform {
            platformFindings[source.file.path] = active.filter { $0.range.file == source.file.id }
        }
        let memberIDs = Set(members.map(FileID.init))
        var findings: [FileID: [Finding]] = [:]
        let syntax = YAMLSyntaxRule.description.id
        for finding in active where memberIDs.contains(finding.range.file) {
            // Where a file's declarations are earlier ones, findings about them would point
            // into a text that is gone: only its own YAML errors are shown there.
            if files[Int(finding.range.file.index)].usesEarlierDeclarations, finding.rule != syntax { continue }
            findings[finding.range.file, default: []].append(finding)
        }
        checks[app] = AppCheck(model: checked.apps.first, findings: findings, names: nil)
    }
}
