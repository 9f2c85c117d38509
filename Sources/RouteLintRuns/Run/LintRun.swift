import RouteLintCore
import RouteLintPlatform
import RouteLintRules
import RouteLintReporting

/// What a `routelint lint` run is asked to do: the flags of the command, as values.
public struct LintOptions: Sendable {
    /// What the run reads, and so what it reports on.
    public enum Input: Sendable {
        /// Files and folders; none means the configuration's include, else the working
        /// directory. Given paths inside a configured route set are linted with the whole set.
        case paths([String])
        /// One manifest's text (`lint -`), standing for the file at `standsFor` when given:
        /// that file's configuration and route set apply, with the text in its place.
        case standardInput([UInt8], standsFor: String?)
        /// The changes a commit is about to make (the pre-commit hook): the whole route set is
        /// linted, and every finding in an app that a change touches is reported.
        case staged([StagedChange])
    }

    /// What the run reads.
    public var input: Input
    /// `--config`: the configuration file; nil finds the nearest `.routelint.yml`.
    public var configurationPath: String?
    /// The directory relative paths are taken from: the process's working directory.
    public var workingDirectory: String
    /// `--whole-set`: lint the whole route set, report only on the paths given.
    public var wholeSet = false
    /// `--strict`, `--max-warnings` and the baseline.
    public var gate = RunGate()
    /// `--platform-file`: platform link files to check besides the configuration's
    /// `platform-files`, for the route set's only app.
    public var platformFiles: [String] = []
    /// `--define NAME=VALUE`: values of the platform files' placeholders, string resources and
    /// build settings, over the manifests' own.
    public var defines: [String: String] = [:]
    /// Whether platform link files are checked at all: not when they are about to be written.
    public var checksPlatformFiles = true
    /// What the run is for: a verdict on the set (`lint`, the hook, the audit) or the set as
    /// another run's input.
    public var purpose = Purpose.verdict
    /// Where paths are read from: the disk, another revision (`routelint diff`), or what a
    /// commit will hold (`LintOptions.hook`). Standard input always reads the disk.
    public var fileSystem: any RouteSetFileSystem = DiskFileSystem()
    /// What the run says first, of what a git hook asked it to judge (`LintOptions.hook`).
    package var hookNote: RunMessage?
    /// Whether a route set without a manifest is a set of no apps rather than a failure: the
    /// earlier revision of a pull request that adds the first manifests (`routelint diff`).
    package var acceptsNoManifests = false
    /// Whether manifests read from the disk are left there, each read as it is decoded and its
    /// bytes never held beside the model (docs/performance.md, "the file streamed"); read again
    /// for a finding's excerpt or a fix's edits, which a file changed since the run read it does
    /// not get. For a run that reports; not for one that writes the files' texts (`lint --fix`).
    package var leavesFilesOnDisk = false

    /// Options for `input`, with relative paths taken from `workingDirectory`.
    public init(input: Input, workingDirectory: String) {
        self.input = input
        self.workingDirectory = workingDirectory
    }
}

extension LintOptions {
    /// What a lint run is for.
    public enum Purpose: Sendable {
        /// A verdict on the route set: the configuration's `baseline` applies when `gate` names
        /// none, and a run of the whole set says what it knowingly leaves out.
        case verdict
        /// The route set as another run's input — the sides of `diff`, the set `hosts` and
        /// `device-links` judge against, the set `generate` writes from — or only its answers
        /// (`resolve`, `graph`): no baseline, no survey of what is left out.
        case input
    }
}

/// One lint run, from the configuration to the verdict: the route set loaded, linted,
/// filtered by the baseline and by what was asked for, and judged. The command line, the
/// pre-commit hook and the GitHub Action only map their inputs to `LintOptions` and write
/// `report` with the reporters they were asked for.
public struct LintRun: Sendable {
    /// The configuration in force.
    package let configuration: LintConfiguration
    /// The findings and the verdict. Its files are every file read, indexed by `FileID`, the
    /// context included: the manifests, then the platform link files; its apps, every file's;
    /// what it could not read, paths whose contents the verdict cannot vouch for; its skipped
    /// checks, those of an app that may lack a file, and the files left out of the set.
    public let result: GatedResult
    /// The platform link files checked: the last of `files`, with the app each belongs to.
    package let platformFiles: [PlatformFileSource]
    /// How many of `files`, at their end, are platform link files.
    public var platformFileCount: Int { platformFiles.count }
    /// Files that are not well-formed YAML: what they declare is missing from `apps`.
    public let unparsedFiles: [FileID]
    /// The manifests' `# routelint:ignore` directives.
    package let suppressionDirectives: [SuppressionDirective]

    /// Runs the lint. Throws when the run cannot go on (see `RunFailure`).
    public static func perform(_ options: LintOptions) throws(RunFailure) -> LintRun {
        let clock = ContinuousClock()
        let started = clock.now
        var messages = options.hookNote.map { [$0] } ?? []
        let loaded = try LoadedSet.load(options, messages: &messages)
        if case .staged = options.input, loaded.files.isEmpty {
            messages.append(RunMessage(.note, "the commit changes no route manifest; nothing to check"))
        }
        let result = Linter.lint(
            loaded.files, someFilesUnread: !loaded.failures.isEmpty, configuration: loaded.configuration,
            platformFiles: loaded.platformFiles)
        // A platform file that belongs to no app of the set, or whose claims could not be
        // decided, was not checked: the run says so.
        var failures = loaded.failures + result.undecidedPlatformFiles
        for source in loaded.platformFiles {
            let names = result.apps.map(\.displayName)
            if let name = source.app, PlatformLinkCheck.app(named: name, in: result.apps) == nil {
                failures.append(
                    ReadFailure(
                        path: source.file.path,
                        reason:
                            "it names app '\(name)', which the route set does not have (its apps: \(names.joined(separator: ", ")))"
                    ))
            } else if source.app == nil && result.apps.count != 1 {
                failures.append(
                    ReadFailure(
                        path: source.file.path,
                        reason:
                            "the route set has \(result.apps.count) apps; name the file's app in 'platform-files' as {path: P, app: NAME}"))
            }
        }
        messages += result.undecidedPlatformFiles.map { failure in
            RunMessage(.error, "cannot check '\(failure.path)': \(failure.reason)")
        }
        messages += failures[(loaded.failures.count + result.undecidedPlatformFiles.count)...].map(RouteSetLoader.unreadable)
        // Checks skipped for an app that may lack a file are named, never silently dropped.
        let skipped = result.apps.filter { !$0.isComplete }.map { app -> TerminalSafe in
            "\(app.displayName) may lack a file that could not be read, so what these rules would find missing "
                + "there is not reported: \(RuleRegistry.wholeAppRuleIDs.joined(separator: ", "))"
        }
        messages += skipped.map { RunMessage(.note, $0) }
        if let note = loaded.leftOut?.note { messages.append(note) }
        let files = loaded.files + loaded.platformFiles.map(\.file)
        let gate =
            options.purpose == .verdict
            ? options.gate.withBaseline(of: loaded.configuration, workingDirectory: options.workingDirectory) : options.gate
        let root = ProjectRoot.find(configurationPath: loaded.configuration.path, workingDirectory: options.workingDirectory)
        // What the run judged in full: lint's rules, but those an incomplete app may lack findings
        // of, in the files it read and parsed — of the whole set, or of the paths given alone.
        let undecidedRules = skipped.isEmpty ? [] : Set(RuleRegistry.wholeAppRuleIDs)
        let names = files.map { root.name($0.path) }
        let unjudged = Set(result.unparsedFiles.map { names[Int($0.index)] } + failures.map { root.name($0.path) })
        let judgedFiles = loaded.coversWholeSet ? nil : Set(names)
        var gated = try gate.accept(
            result.findings, suppressed: result.suppressed, names: names, root: root,
            decides: { identity in
                RuleRegistry.isLintRule(identity.rule) && !undecidedRules.contains(identity.rule) && !unjudged.contains(identity.file)
                    && judgedFiles?.contains(identity.file) != false
            }, messages: messages,
            readingBaseline: { options.fileSystem.contents(of: FilePath.absolute($0, in: options.workingDirectory)) })
        if let scope = loaded.scope(of: result, in: options) {
            gated.active.removeAll { !scope($0.range.file) }
            gated.suppressed.removeAll { !scope($0.range.file) }
        }
        var gatedResult = GatedResult(
            files: files, manifestCount: loaded.files.count, apps: result.apps, gated: gated, gate: gate, root: root,
            unreadable: failures, skippedChecks: skipped.map(\.text) + (loaded.leftOut?.note.map { [$0.text] } ?? []),
            subject: .lint(platformFiles: loaded.platformFiles.count, leftOut: loaded.leftOut?.files.count ?? 0))
        gatedResult.seconds = (clock.now - started).inSeconds
        return LintRun(
            configuration: loaded.configuration, result: gatedResult, platformFiles: loaded.platformFiles,
            unparsedFiles: result.unparsedFiles, suppressionDirectives: result.directives)
    }

    /// Whether an answer drawn from the apps (a URL's route, a graph) can be trusted: every
    /// path of the set was read and every file parsed.
    public var answersFromAppsAreComplete: Bool { result.unreadable.isEmpty && unparsedFiles.isEmpty }

    /// For commands that answer from the apps (`resolve`, `graph`): one error for each file
    /// that is not well-formed YAML, whose declarations the answer lacks.
    public var unparsedFileMessages: [RunMessage] {
        unparsedFiles.map { file in
            let path = result.files[Int(file.index)].path
            let isProblem = { (finding: Finding) in finding.range.file == file && finding.rule == YAMLSyntaxRule.description.id }
            let problem = result.active.first(where: isProblem) ?? result.suppressed.first(where: isProblem)
            let detail: TerminalSafe = problem.map { " (\($0.range.start): \($0.message))" } ?? ""
            return RunMessage(
                .error,
                "cannot use '\(path)': it is not well-formed YAML\(detail); "
                    + "the answer leaves out what it declares (see 'routelint lint \(path)')")
        }
    }
}

/// The configuration and files of a run, and what it reports on.
private struct LoadedSet {
    var configuration: LintConfiguration
    var files: [SourceFile] = []
    var failures: [ReadFailure] = []
    /// The platform link files, numbered after `files`.
    var platformFiles: [PlatformFileSource] = []
    /// Absolute paths of the files and folders reported on, when not every file is.
    var reportedPaths: [String]?
    /// Whether the files are the whole route set, not only the paths given: then a baseline's
    /// entry for a file that is not there any more was fixed, not left out.
    var coversWholeSet = true
    /// What the run knowingly leaves out of the set: files that look like manifests.
    var leftOut: LeftOutManifests?
    /// With staged changes: the paths changed (absolute) and the apps of deleted files.
    var changedPaths: Set<String> = []
    var deletedApps: [FileApp] = []

    static func load(_ options: LintOptions, messages: inout [RunMessage]) throws(RunFailure) -> LoadedSet {
        let directory = options.workingDirectory
        let absolute = { (path: String) in FilePath.absolute(path, in: directory) }
        switch options.input {
        case .paths(let paths):
            let configuration = try RouteSetLoader.configuration(
                at: options.configurationPath, from: directory, in: options.fileSystem)
            var loader = RouteSetLoader(configuration: configuration, workingDirectory: directory, fileSystem: options.fileSystem)
            loader.leavesFilesOnDisk = options.leavesFilesOnDisk
            var set = LoadedSet(configuration: configuration)
            // Given paths that all lie inside a configured route set are linted with the whole
            // set, and only they are reported: then no finding is false by construction (a link
            // to a route declared in a file that was not given is not unknown).
            var wholeSet = options.wholeSet || paths.isEmpty
            var discovery: RouteSetLoader.Discovery?
            var configured: RouteSetLoader.Discovery?
            let base = absolute(configuration.baseDirectory)
            if !wholeSet && configuration.path != nil && !configuration.include.isEmpty {
                let found = loader.discover([])
                if paths.allSatisfy({ found.holdsFile(within: absolute($0)) }) {
                    wholeSet = true
                    discovery = found
                } else {
                    configured = found
                }
            }
            if wholeSet {
                let found = discovery ?? loader.discover([])
                let loaded = options.acceptsNoManifests ? loader.read(found) : try loader.load(found)
                (set.files, set.failures) = (loaded.files, loaded.unreadable)
                messages += loaded.messages
                if !paths.isEmpty { set.reportedPaths = paths.map(absolute) }
            } else {
                var loaded = options.acceptsNoManifests ? loader.read(loader.discover(paths)) : try loader.load(paths)
                messages += loaded.messages
                // A file no include glob matches is linted within its app's configured route set,
                // never alone with findings of what the app's other files declare. One an exclude
                // glob removes is not of the set, the configuration says: linted as named, alone.
                if let configured, paths.allSatisfy({ FilePath.isWithin(absolute($0), base) && !loader.isExcluded(absolute($0)) }) {
                    let joined = Self.withTheirApps(loaded, from: configured, loader: loader)
                    if joined.files.count > loaded.files.count {
                        loaded = joined
                        set.reportedPaths = paths.map(absolute)
                        messages.append(
                            RunMessage(
                                .note,
                                "\(paths.count == 1 ? "'\(paths[0])' is" : "the paths given are") not in the configured route set; linted with the configured files of \(paths.count == 1 ? "its" : "their") app"
                            ))
                    }
                }
                (set.files, set.failures) = (loaded.files, loaded.unreadable)
                set.coversWholeSet = false
            }
            // The configured platform files belong to the configured set — the include globs'
            // files, or without them every manifest below the configuration's folder — so they
            // are checked when the run covers that set; files given outside it form another set,
            // checked against the platform files given with them only.
            let coversConfiguredSet =
                wholeSet || configuration.include.isEmpty && paths.contains { FilePath.isWithin(base, absolute($0)) }
            try set.addPlatformFiles(loader, options, configured: coversConfiguredSet, messages: &messages)
            // What a run of the whole set knowingly leaves out is said, never skipped in silence:
            // below the configuration's folder, else below the folders linted.
            if options.purpose == .verdict && (wholeSet || configuration.path == nil) {
                let roots = configuration.path != nil ? [base] : (paths.isEmpty ? ["."] : paths).map(absolute)
                let linted = Set(set.files.map { absolute($0.path) })
                var survey: LeftOutManifests?
                for root in roots where (try? options.fileSystem.entry(at: root).get())?.kind == .directory {
                    let found = LeftOutManifests(below: root, linted: linted, loader: loader)
                    survey = survey.map { $0.adding(found) } ?? found
                }
                set.leftOut = survey
            }
            return set
        case .standardInput(let bytes, let standsFor):
            let configuration = try RouteSetLoader.configuration(
                at: options.configurationPath,
                from: standsFor.map { FilePath.parent(of: absolute($0)) } ?? directory)
            var set = LoadedSet(configuration: configuration)
            guard let standsFor else {
                set.files = [SourceFile(id: FileID(0), path: "<stdin>", bytes: bytes)]
                set.reportedPaths = [absolute("<stdin>")]
                try set.addPlatformFiles(
                    RouteSetLoader(configuration: configuration, workingDirectory: directory), options, configured: false,
                    messages: &messages)
                return set
            }
            // The text read stands in the place of its file, in the route set the file belongs to.
            let buffer = OverlayFileSystem([absolute(standsFor): bytes], over: DiskFileSystem())
            let loader = RouteSetLoader(configuration: configuration, workingDirectory: directory, fileSystem: buffer)
            // It is read even when the exclude globs leave its file out: the editor asked.
            let discovery = loader.discover([standsFor], withConfiguredSet: !configuration.include.isEmpty)
                .adding(standsFor, absolute: absolute(standsFor))
            let loaded = loader.read(discovery)
            (set.files, set.failures) = (loaded.files, loaded.unreadable)
            messages += loaded.messages
            set.reportedPaths = [absolute(standsFor)]
            try set.addPlatformFiles(loader, options, configured: true, messages: &messages)
            return set
        case .staged(let changes):
            let configuration = try RouteSetLoader.configuration(at: options.configurationPath, from: directory, in: options.fileSystem)
            let loader = RouteSetLoader(configuration: configuration, workingDirectory: directory, fileSystem: options.fileSystem)
            var set = LoadedSet(configuration: configuration)
            let manifests = changes.filter { loader.contains($0.path) }
            // A commit that changes no manifest and no platform file cannot break the route set
            // or its links: nothing is read. A route change is checked against every platform
            // file, the ones the commit does not touch included.
            // A file the commit changes that looks like a manifest but that the set leaves out.
            let strays = LeftOutManifests(among: changes.filter { !$0.isDeletion }.map { absolute($0.path) }, loader: loader)
            if !strays.files.isEmpty { set.leftOut = strays }
            let touchesPlatformFiles = changes.contains { PlatformFileKind(path: $0.path) != nil }
            guard !manifests.isEmpty || touchesPlatformFiles else { return set }
            set.changedPaths = Set(manifests.filter { !$0.isDeletion }.map { absolute($0.path) })
            for change in manifests {
                guard case .deleted(let previous) = change.kind else { continue }
                set.deletedApps.append(previous.map { FileApp.of($0, path: change.path) } ?? .unknown)
            }
            let loaded = try loader.load([])
            (set.files, set.failures) = (loaded.files, loaded.unreadable)
            messages += loaded.messages
            if set.deletedApps.contains(.unknown) {
                messages.append(RunMessage(.note, "the commit deletes a manifest whose app cannot be told, so every app is checked"))
            }
            // A commit of platform files only touches no app's manifests, yet what it breaks
            // shows on routes (unclaimed-route): every app is reported, as for a deletion whose
            // app cannot be told.
            if manifests.isEmpty { set.deletedApps.append(.unknown) }
            try set.addPlatformFiles(loader, options, configured: true, messages: &messages)
            return set
        }
    }

    /// `given` with the files of `configured` that declare one of its files' apps, numbered
    /// again in path order: the route sets of those apps, as the configuration makes them.
    static func withTheirApps(_ given: LoadedRouteSet, from configured: RouteSetLoader.Discovery, loader: RouteSetLoader) -> LoadedRouteSet
    {
        let apps = Set(given.files.map { FileApp.of($0.bytes, path: $0.path) })
        let paths = Set(given.files.map { loader.absolute($0.path) })
        let others = loader.read(configured).files.filter { file in
            !paths.contains(loader.absolute(file.path)) && apps.contains(FileApp.of(file.bytes, path: file.path))
        }
        guard !others.isEmpty else { return given }
        let files = (given.files + others).sorted { FilePath.precedes(loader.absolute($0.path), loader.absolute($1.path)) }
            .enumerated().map { $0.element.numbered(FileID($0.offset)) }
        return LoadedRouteSet(files: files, unreadable: given.unreadable, messages: given.messages)
    }

    /// Reads the run's platform link files with `loader`, numbered after the manifests: those
    /// given, and with `configured` the configuration's.
    mutating func addPlatformFiles(
        _ loader: RouteSetLoader, _ options: LintOptions, configured: Bool, messages: inout [RunMessage]
    ) throws(RunFailure) {
        guard options.checksPlatformFiles else { return }
        let found = try loader.platformFiles(
            extra: options.platformFiles, configured: configured, numberedFrom: files.count, defines: options.defines,
            manifestPaths: files.map(\.path))
        platformFiles = found.files
        failures += found.unreadable
        messages += found.unreadable.map(RouteSetLoader.unreadable)
    }

    /// Whether the file at `path` is reported; nil when every file is. Platform files are
    /// always reported: a route change is what breaks them.
    func scope(of result: LintResult, in options: LintOptions) -> ((FileID) -> Bool)? {
        let scope = manifestScope(of: result, in: options)
        let manifestCount = files.count
        return scope.map { scope in { $0.index >= manifestCount || scope($0) } }
    }

    private func manifestScope(of result: LintResult, in options: LintOptions) -> ((FileID) -> Bool)? {
        let directory = options.workingDirectory
        let paths = files.map { FilePath.absolute($0.path, in: directory) }
        if let reportedPaths {
            let reported = paths.map { path in reportedPaths.contains { FilePath.isWithin(path, $0) } }
            return { reported[Int($0.index)] }
        }
        guard case .staged = options.input else { return nil }
        // Every file of an app the commit touches: a changed file's app, a deleted file's app
        // (every app, when that cannot be told). A changed file whose app cannot be told is
        // reported on its own.
        var touched = Set(deletedApps)
        for (index, path) in paths.enumerated() where changedPaths.contains(path) && result.fileApps[index] != .unknown {
            touched.insert(result.fileApps[index])
        }
        let everyApp = touched.contains(.unknown)
        let reported = paths.indices.map { index in
            everyApp || changedPaths.contains(paths[index])
                || (result.fileApps[index] != .unknown && touched.contains(result.fileApps[index]))
        }
        return { reported[Int($0.index)] }
    }
}
