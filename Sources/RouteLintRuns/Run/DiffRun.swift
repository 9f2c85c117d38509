import RouteLintChanges
import RouteLintCore
import RouteLintReporting
import RouteLintRules

/// What a `routelint diff` run is asked to do: the flags of the command, as values.
package struct DiffOptions: Sendable {
    /// The other revision of the route set.
    package enum Revision: Sendable {
        /// A git revision (`main`, `HEAD~1`, a commit id), read through git without a checkout.
        case git(String)
        /// A folder holding another copy of the working directory.
        case directory(String)
    }

    /// Files and folders, as for `lint`; none means the configuration's include, else the
    /// working directory. The same paths select the set in both revisions.
    package var paths: [String]
    /// The revision the route set is compared with.
    package var against: Revision
    /// The directory relative paths are taken from: the process's working directory.
    package var workingDirectory: String
    /// `--config`: the configuration file; nil finds the nearest `.routelint.yml` (in each
    /// revision its own).
    package var configurationPath: String?
    /// `--strict`, `--max-warnings` and the baseline (of changes).
    package var gate = RunGate()

    /// Options comparing the route set of `paths` with `against`.
    package init(paths: [String], against: Revision, workingDirectory: String) {
        self.paths = paths
        self.against = against
        self.workingDirectory = workingDirectory
    }
}

/// One `routelint diff` run (docs/diff.md): the route set now and at another revision, each
/// loaded and linted as `lint` does, compared, and judged. A revision that cannot be read or
/// parsed whole stops the run: it is never compared as if it were empty.
package struct DiffRun: Sendable {
    /// The configuration of the current tree, whose severities apply.
    package let configuration: LintConfiguration
    /// The changes and the verdict. Its files are those the changes point into: the current
    /// tree's manifests (`FileID` 0…), then the other revision's, then stand-ins for files the
    /// current tree no longer has; its apps are the current tree's; what it could not do are the
    /// comparisons that stopped at their bound.
    package let result: GatedResult

    /// Runs the comparison. Throws when it cannot go on: the revision cannot be read, or a
    /// side cannot be read or parsed whole.
    package static func perform(_ options: DiffOptions) throws(RunFailure) -> DiffRun {
        let clock = ContinuousClock()
        let started = clock.now
        let directory = options.workingDirectory
        var current = LintOptions(input: .paths(options.paths), workingDirectory: directory)
        current.configurationPath = options.configurationPath
        current.checksPlatformFiles = false
        current.purpose = .input
        var earlier = current
        // A configuration named on the command line is read in each revision at its place.
        earlier.configurationPath = options.configurationPath.map { FilePath.absolute($0, in: directory) }
        // The revision a pull request is compared with may hold no manifest yet: its first ones
        // are all added.
        earlier.acceptsNoManifests = true
        var notes: [RunMessage] = []
        let label: TerminalSafe
        let showEarlier: (String) -> String
        switch options.against {
        case .git(let revision):
            do {
                let revisionFiles = try GitRevisionFileSystem(revision: revision, in: directory)
                if let remote = revisionFiles.remoteBranch {
                    notes.append(
                        RunMessage(
                            .note,
                            "this clone has no branch '\(revision)', so it is compared with '\(remote)'"))
                }
                earlier.fileSystem = revisionFiles
                label = "'\(revisionFiles.remoteBranch ?? revision)' (\((revisionFiles.commit ?? "").prefix(12)))"
                showEarlier = { "\(revision):" + ($0.hasPrefix("./") ? String($0.dropFirst(2)) : $0) }
            } catch {
                throw RunFailure([RunMessage(.error, "cannot compare: \(error.description)")])
            }
        case .directory(let path):
            let folder = FilePath.absolute(path, in: directory)
            guard case .success(let entry) = DiskFileSystem().entry(at: folder), entry.kind == .directory else {
                throw RunFailure([RunMessage(.error, "cannot compare with '\(path)': it is not a folder")])
            }
            earlier.fileSystem = DirectoryRevisionFileSystem(root: directory, copy: folder)
            // The other revision's folder inside the working directory is no part of it.
            if FilePath.isWithin(folder, directory) && folder != directory {
                current.fileSystem = HidingFileSystem(DiskFileSystem(), hiding: folder)
            }
            label = "the folder '\(path)'"
            showEarlier = { shown in
                let relative = shown.hasPrefix("/") ? FilePath.relative(shown, to: directory) ?? shown : shown
                return FilePath.join(path, relative.hasPrefix("./") ? String(relative.dropFirst(2)) : relative)
            }
        }
        // The two sides are loaded and linted side by side: each mostly waits on one core.
        let sides = [(current, "the working tree" as TerminalSafe), (earlier, label)].concurrentMap { options, name in
            do throws(RunFailure) {
                return Result<LintRun, RunFailure>.success(try side(options, named: name))
            } catch {
                return .failure(error)
            }
        }
        let now = try sides[0].get()
        let before = try sides[1].get()

        // The files: the current tree's, the other revision's under their names there, and a
        // stand-in (the old text under the current name) for each file the tree no longer has.
        var files = Array(now.files.prefix(now.files.count - now.platformFileCount))
        let currentCount = files.count
        var byPath: [String: FileID] = [:]
        for file in files where byPath[file.path] == nil { byPath[file.path] = file.id }
        let earlierFiles = before.files.prefix(before.files.count - before.platformFileCount)
        var counterpart: [FileID] = []
        var standIns: [SourceFile] = []
        for file in earlierFiles {
            if let id = byPath[file.path] {
                counterpart.append(id)
            } else {
                let id = FileID(currentCount + earlierFiles.count + standIns.count)
                standIns.append(SourceFile(id: id, path: file.path, bytes: file.bytes))
                counterpart.append(id)
            }
        }
        files += earlierFiles.map { SourceFile(id: FileID(currentCount + Int($0.id.index)), path: showEarlier($0.path), bytes: $0.bytes) }
        files += standIns
        var lineCounts = [Int](repeating: 0, count: files.count)
        for id in Set(counterpart) { lineCounts[Int(id.index)] = LineIndex(files[Int(id.index)].bytes).lineCount }
        let locations = DiffLocations(offset: currentCount, counterpart: counterpart, lineCounts: lineCounts)
            .placing(before: before.apps, now: now.apps)

        let changes = RouteChanges(before: before.apps, after: now.apps, locations: locations)
        var sink = FindingSink()
        for rule in RuleRegistry.changeRules where now.configuration.enables(rule.description) {
            rule.check(changes, into: &sink)
        }
        let (active, suppressed) = RunGate.configured(sink, configuration: now.configuration, directives: now.suppressionDirectives)
        let incomplete = changes.incomplete.map { app in
            ReadFailure(
                path: app,
                reason: "the comparison with \(label) stopped at its bound of path classes; more changes may exist than are reported")
        }
        var appOfFile = [String](repeating: "the app", count: files.count)
        for app in now.apps { for file in app.files { appOfFile[Int(file.id.index)] = app.displayName } }
        for app in before.apps {
            for file in app.files {
                appOfFile[currentCount + Int(file.id.index)] = app.displayName
                let standIn = Int(counterpart[Int(file.id.index)].index)
                if standIn >= currentCount { appOfFile[standIn] = app.displayName }
            }
        }
        // Changes are recorded by the files' names in either revision, from the project's root:
        // a baseline of changes matches whichever revision a pull request is compared with.
        let gate = options.gate.withBaseline(of: now.configuration, workingDirectory: directory)
        let root = ProjectRoot.find(configurationPath: now.configuration.path, workingDirectory: directory)
        let names =
            Array(files.prefix(currentCount)).map { root.name($0.path) }
            + earlierFiles.map { before.root.name($0.path) } + standIns.map { root.name($0.path) }
        let changeRules = Set(RuleRegistry.changeRuleIDs)
        let gated = try gate.accept(
            active, suppressed: suppressed, names: names, root: root, decides: { changeRules.contains($0.rule) },
            messages: notes + now.messages + before.messages + incomplete.map(RouteSetLoader.unreadable))
        var result = GatedResult(
            files: files, manifestCount: currentCount, apps: now.apps, gated: gated, gate: gate, root: root, unreadable: incomplete,
            subject: .diff(against: label.text), comparison: LintReport.Comparison(earlierApps: before.apps, appOfFile: appOfFile))
        result.seconds = (clock.now - started).inSeconds
        return DiffRun(configuration: now.configuration, result: result)
    }

    /// One side, linted; one that cannot be read or parsed whole stops the run.
    private static func side(_ options: LintOptions, named name: TerminalSafe) throws(RunFailure) -> LintRun {
        let run: LintRun
        do {
            run = try LintRun.perform(options)
        } catch {
            throw RunFailure(error.messages + [RunMessage(.error, "cannot compare: the route set of \(name) cannot be read")])
        }
        guard run.answersFromAppsAreComplete else {
            throw RunFailure(
                run.messages + run.unparsedFileMessages
                    + [
                        RunMessage(
                            .error,
                            "cannot compare: the route set of \(name) was not read whole, and a side read in part "
                                + "would show its missing routes as changes")
                    ])
        }
        return run
    }
}
