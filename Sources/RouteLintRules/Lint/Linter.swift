import RouteLintCore
import RouteLintPlatform

/// What the rules found in a route set: the apps its files form, and the findings.
package struct LintResult: Sendable {
    /// Findings in report order (file, position, rule), suppressed ones left out.
    package let findings: [Finding]
    /// Findings that `# routelint:ignore` directives silence, in report order.
    package let suppressed: [Finding]
    /// The apps the files form, in the order their first files come.
    package let apps: [AppModel]
    /// Files that are not well-formed YAML: what they declare is missing from `apps`, so an
    /// answer drawn from the apps (a URL's route, a graph) may be wrong.
    package let unparsedFiles: [FileID]
    /// The app of each file, in the order the files were given.
    package let fileApps: [FileApp]
    /// How long each phase took, in order: "parse" (when `Linter.lint` read the files),
    /// "model", "rules (side by side)", then "rule ID" for the time of each rule on its own
    /// thread, and "suppressions".
    package let timings: [PhaseTiming]
    /// The files' `# routelint:ignore` directives: `routelint diff` applies them to its findings.
    package let directives: [SuppressionDirective]
    /// Platform files whose claims could not be decided within the comparison's bound: the run
    /// checked them only in part, so it is incomplete.
    package var undecidedPlatformFiles: [ReadFailure] = []

    /// The number of routes of all apps.
    package var routeCount: Int { apps.reduce(0) { $0 + $1.routes.count } }

    fileprivate func withTiming(first timing: PhaseTiming) -> LintResult {
        LintResult(
            findings: findings, suppressed: suppressed, apps: apps, unparsedFiles: unparsedFiles, fileApps: fileApps,
            timings: [timing] + timings, directives: directives, undecidedPlatformFiles: undecidedPlatformFiles)
    }
}

/// How long one phase of the linter took.
package struct PhaseTiming: Sendable {
    /// The phase: "parse", "model", "rule ID", ….
    package let phase: String
    /// Its wall time.
    package let seconds: Double

    /// `phase` took `seconds`.
    package init(phase: String, seconds: Double) {
        self.phase = phase
        self.seconds = seconds
    }
}

/// The app a file belongs to, as far as it can be told.
package enum FileApp: Hashable, Sendable {
    /// The app the file names with `app`, or the unnamed app (nil) when it names none.
    case named(String?)
    /// A file that is not well-formed YAML and names no `app` before its problem: it may
    /// belong to any app.
    case unknown

    /// The app of a manifest's text, as it was read: for a file as it was before a commit
    /// deleted it, say.
    package static func of(_ bytes: [UInt8], path: String) -> FileApp {
        Linter.load(SourceFile(id: FileID(0), path: path, bytes: bytes)).app
    }
}

/// Runs the pipeline: bytes → libyaml events → manifests → apps → rules → findings.
package enum Linter {
    /// Lints `files` as one route set. `files[i].id` must be `FileID(i)`, in path order.
    /// `someFilesUnread` says that paths of the set could not be read, so what looks absent
    /// from any app may be declared there (see `AppModel.isComplete`). The configuration turns rules off,
    /// changes their severities and sets their options. `platformFiles` (numbered after
    /// `files`) are checked against their apps (docs/app-links.md).
    package static func lint(
        _ files: [SourceFile], someFilesUnread: Bool = false,
        configuration: LintConfiguration = LintConfiguration(), platformFiles: [PlatformFileSource] = []
    ) -> LintResult {
        let clock = ContinuousClock()
        let started = clock.now
        // Files do not depend on each other until they are merged into apps.
        let loaded = files.concurrentMap { load($0) }
        let parsing = PhaseTiming(phase: "parse", seconds: (clock.now - started).inSeconds)
        // Consumed: the apps take the entities out of the loaded files, which are released as
        // they are merged rather than held until the end.
        return check(consume loaded, someFilesUnread: someFilesUnread, configuration: configuration, platformFiles: platformFiles)
            .withTiming(first: parsing)
    }

    /// Reads one file: its manifest, the issues found on the way and its suppression
    /// directives. Files are read independently of each other; `check` joins them.
    package static func load(_ file: SourceFile) -> LoadedManifest {
        // A directive is a comment: the decoder tells which candidates lie inside a scalar
        // (a quoted value, say), and so are text.
        let candidates = SuppressionDirective.directives(in: file)
        let decoded = ManifestDecoder.decode(file, textPositions: candidates.map(\.range.start))
        let directives = candidates.filter { !decoded.positionsInsideScalars.contains($0.range.start) }
        return LoadedManifest(
            file: file.id, manifest: decoded.manifest, symbols: decoded.symbols, issues: decoded.issues,
            directives: directives, appName: decoded.appName)
    }

    /// Merges loaded files into apps and runs the rules on them. The files' ids must be
    /// distinct and number them in path order (they need not be consecutive: a language
    /// server checks one app's files of a larger set). `someFilesUnread`, the
    /// configuration and `platformFiles` are as for `lint`.
    package static func check(
        _ loaded: consuming [LoadedManifest], someFilesUnread: Bool = false,
        configuration: LintConfiguration = LintConfiguration(), platformFiles: [PlatformFileSource] = []
    ) -> LintResult {
        var cache = PlatformCheckCache.none
        return check(loaded, someFilesUnread: someFilesUnread, configuration: configuration, platformFiles: platformFiles, cache: &cache)
    }

    /// `check`, with the platform files decided again only where `cache` does not hold what
    /// they found for the same texts and claims (see `PlatformCheckCache`).
    package static func check(
        _ loaded: consuming [LoadedManifest], someFilesUnread: Bool = false,
        configuration: LintConfiguration = LintConfiguration(), platformFiles: [PlatformFileSource],
        cache: inout PlatformCheckCache
    ) -> LintResult {
        var timings: [PhaseTiming] = []
        let clock = ContinuousClock()
        var phaseStart = clock.now
        func endPhase(_ name: String) {
            let now = clock.now
            timings.append(PhaseTiming(phase: name, seconds: (now - phaseStart).inSeconds))
            phaseStart = now
        }

        var sink = FindingSink()
        var decoded: [(manifest: Manifest, symbols: SymbolTable)] = []
        decoded.reserveCapacity(loaded.count)
        // A file that could not be parsed leaves its app incomplete: the app it names before
        // its problem, or every app when that is unknown, as it is for a path not read at all.
        var everyAppIncomplete = someFilesUnread
        var incompleteApps = Set<String>()
        var unparsedFiles: [FileID] = []
        var fileApps: [FileApp] = []
        fileApps.reserveCapacity(loaded.count)
        var directives: [SuppressionDirective] = []
        var appOfFile: [FileID: String?] = [:]
        for position in loaded.indices {
            for rule in RuleRegistry.fileRules { rule.check(loaded[position].issues, into: &sink) }
            directives += loaded[position].directives
            fileApps.append(loaded[position].app)
            if case .named(let name) = loaded[position].app { appOfFile[loaded[position].file] = name }
            // Moved, not copied: the apps take the entities out of the manifests.
            if let manifest = loaded[position].manifest.take() {
                decoded.append((manifest, loaded[position].symbols))
                loaded[position].symbols = SymbolTable()
            } else {
                if let app = loaded[position].appName { incompleteApps.insert(app) } else { everyAppIncomplete = true }
                unparsedFiles.append(loaded[position].file)
            }
        }
        loaded = []
        let (apps, _) = AppModel.merge(consume decoded) { name in
            !everyAppIncomplete && !(name.map(incompleteApps.contains) ?? false)
        }
        endPhase("model")
        // The platform files' check only reads the apps too, and is the longest check of all:
        // it begins on a thread of its own, and the rules run beside it.
        let platformCheck =
            platformFiles.isEmpty
            ? nil
            : BackgroundWork { [cache] in
                var cache = cache
                let checked = checkPlatformFiles(platformFiles, apps: apps, configuration: configuration, cache: &cache)
                return (checked, cache)
            }
        // Rules only read the apps, so they run side by side, except those that build a
        // structure as large as the routes: those run one after another, as one piece of the
        // work, so that no two of them hold one at once. Their findings and timings are
        // gathered in registry order.
        let rules = RuleRegistry.appRules.filter { configuration.enables($0.description) }
        let ruleOptions = configuration.ruleOptions
        let large = rules.indices.filter { rules[$0].buildsRouteSizedIndex }
        let pieces = (large.isEmpty ? [] : [large]) + rules.indices.filter { !rules[$0].buildsRouteSizedIndex }.map { [$0] }
        let outcomesByPiece = pieces.concurrentMap { piece in
            piece.map { position -> (FindingSink, Double) in
                let rule = rules[position]
                let started = clock.now
                var ruleSink = FindingSink()
                for app in apps {
                    rule.check(app, options: ruleOptions[rule.description.id] ?? RuleOptions(), into: &ruleSink)
                }
                return (ruleSink, (clock.now - started).inSeconds)
            }
        }
        // Consumed, so that each rule's findings are held by `outcomes` alone (see below).
        var outcomes = [(FindingSink, Double)?](repeating: nil, count: rules.count)
        for (piece, pieceOutcomes) in zip(pieces, consume outcomesByPiece) {
            for (position, outcome) in zip(piece, pieceOutcomes) { outcomes[position] = outcome }
        }
        endPhase("rules (side by side)")
        var undecided: [ReadFailure] = []
        if let platformCheck {
            let checked: (findings: FindingSink, undecided: [ReadFailure])
            (checked, cache) = platformCheck.result()
            sink.append(contentsOf: checked.findings)
            undecided = checked.undecided
            endPhase("platform files (after the rules)")
        }
        // Each rule's findings are released as they are merged: with millions of findings, two
        // copies of them all would be the run's peak.
        sink.reserveCapacity(sink.findings.count + outcomes.reduce(0) { $0 + $1!.0.findings.count })
        for (position, rule) in rules.enumerated() {
            let (ruleSink, seconds) = outcomes[position]!
            outcomes[position] = nil
            sink.append(contentsOf: ruleSink)
            timings.append(PhaseTiming(phase: "rule " + rule.description.id, seconds: seconds))
        }
        sink.configure(configuration)
        // A directive is judged unused only for a rule the run decided in full: in a file that
        // did not parse nothing is decided, and in an app that may lack a file the rules that
        // need every file are not (docs/configuration.md).
        let unparsed = Set(unparsedFiles)
        let wholeAppRules = Set(RuleRegistry.wholeAppRuleIDs)
        var (active, suppressed) = applySuppressions(
            directives, to: sink.findings, configuration: configuration,
            undecided: { directive, rule in
                guard !unparsed.contains(directive.file) else { return true }
                guard wholeAppRules.contains(rule) else { return false }
                guard !everyAppIncomplete, let name = appOfFile[directive.file] else { return true }
                return name.map(incompleteApps.contains) ?? false
            })
        sink = FindingSink()
        Finding.sortIntoReportOrder(&active)
        Finding.sortIntoReportOrder(&suppressed)
        endPhase("suppressions")
        return LintResult(
            findings: active, suppressed: suppressed, apps: apps, unparsedFiles: unparsedFiles,
            fileApps: fileApps, timings: timings, directives: directives, undecidedPlatformFiles: undecided)
    }

    /// The findings of the enabled platform rules about `platformFiles` checked against `apps`
    /// (their severities as the rules give them), and the files whose claims could not be
    /// decided within the check's bound: those were not checked whole.
    package static func checkPlatformFiles(
        _ platformFiles: [PlatformFileSource], apps: [AppModel], configuration: LintConfiguration, cache: inout PlatformCheckCache
    ) -> (findings: FindingSink, undecided: [ReadFailure]) {
        let enabled = RuleRegistry.platformRules.filter { configuration.enables($0.description) }
        let comparing = enabled.contains { $0.comparesClaims }
        var facts = PlatformFacts()
        // A manifest is judged on Android 15+ with the Dynamic App Links rules of assetlinks.json.
        // Without one (a served assetlinks.json), the rules are judged against the routes alone.
        let dynamicRules = comparing ? PlatformLinkCheck.DynamicRuleFile.read(platformFiles) : []
        let judgesRulesAlone = !platformFiles.contains { $0.kind == .androidManifest }
        for source in platformFiles {
            guard let kind = source.kind else { continue }
            facts.add(
                cache.facts(
                    source, kind: kind, apps: apps, comparesClaims: comparing, dynamicRules: dynamicRules,
                    judgesRulesAlone: judgesRulesAlone))
        }
        facts.preferExampleWitnesses(platformFiles, apps: apps)
        var sink = FindingSink()
        for rule in enabled { rule.check(facts, into: &sink) }
        let undecided = facts.undecided.map { file in
            ReadFailure(
                path: file.file,
                reason:
                    "its claims could not be compared with the routes (\(file.bound)), so it was not checked whole"
            )
        }
        return (sink, undecided)
    }

    /// Marks the findings that `# routelint:ignore` directives silence, and reports each
    /// directive that names an unknown rule or silences nothing (`unused-suppression`) — but
    /// for the rules `undecided` says the run did not decide in full where the directive is:
    /// a run never advises removing a directive it cannot judge.
    package static func applySuppressions(
        _ directives: [SuppressionDirective], to findings: [Finding],
        configuration: LintConfiguration, reportsUnused: Bool = true,
        undecided: (SuppressionDirective, String) -> Bool = { _, _ in false }
    ) -> (active: [Finding], suppressed: [Finding]) {
        guard !directives.isEmpty else { return (findings, []) }
        let unusedRule = UnusedSuppressionRule.description
        // For each directive, the positions in its rule list of the rules that silenced something.
        var used = [Set<Int>](repeating: [], count: directives.count)
        var byFileRule: [FileID: [String: [Int]]] = [:]
        for (index, directive) in directives.enumerated() {
            for rule in directive.rules { byFileRule[directive.file, default: [:]][rule.value, default: []].append(index) }
        }
        var active: [Finding] = []
        var suppressed: [Finding] = []
        for finding in findings {
            let candidates = byFileRule[finding.range.file]?[finding.rule] ?? []
            let match = candidates.first { index in
                switch directives[index].scope {
                case .file: return true
                case .line(let line): return Int(finding.range.start.line) == line
                }
            }
            guard let index = match, finding.rule != unusedRule.id else {
                active.append(finding)
                continue
            }
            let directive = directives[index]
            used[index].insert(directive.rules.firstIndex { $0.value == finding.rule }!)
            var silenced = finding
            silenced.suppression = Suppression(kind: .inSource, justification: directive.reason)
            suppressed.append(silenced)
        }
        guard reportsUnused, configuration.enables(unusedRule) else { return (active, suppressed) }
        for (index, directive) in directives.enumerated() {
            for (position, rule) in directive.rules.enumerated() where undecided(directive, rule.value) { used[index].insert(position) }
        }
        var unused = FindingSink()
        UnusedSuppressionRule.check(directives, used: used, configuration: configuration, into: &unused)
        let severity = configuration.rules[unusedRule.id]?.severity
        active += unused.findings.map { finding in
            var configured = finding
            configured.severity = severity ?? finding.severity
            return configured
        }
        return (active, suppressed)
    }
}

/// One file as the linter reads it, before it joins its app: what a language server keeps of
/// each file between edits, so that an edit reads only the file edited.
package struct LoadedManifest: Sendable {
    /// The file read.
    package let file: FileID
    /// Nil when the file is not well-formed YAML.
    package internal(set) var manifest: Manifest?
    /// The table the manifest's names are symbols of.
    package internal(set) var symbols: SymbolTable
    /// What the YAML reader and the decoder found wrong, for the file rules.
    package internal(set) var issues: [ManifestIssue]
    /// The file's `# routelint:ignore` directives.
    package internal(set) var directives: [SuppressionDirective]
    /// The `app` the file declares, as far as it could be read.
    package internal(set) var appName: String?

    /// The app the file belongs to, as far as it can be told.
    package var app: FileApp { manifest == nil ? appName.map(FileApp.named) ?? .unknown : .named(appName) }

    /// This file's problems and directives as they are now, with the declarations of an
    /// earlier reading that parsed (`lastParsed`): what a language server checks while a file
    /// is being edited into shape, so that the rest of its app keeps its names.
    package func declaring(_ lastParsed: LoadedManifest) -> LoadedManifest {
        var combined = self
        combined.manifest = lastParsed.manifest
        combined.symbols = lastParsed.symbols
        combined.appName = lastParsed.appName
        return combined
    }
}
