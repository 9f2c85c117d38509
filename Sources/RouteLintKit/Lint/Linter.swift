import Dispatch

/// What one lint run found, and what the reporters need to show it.
public struct LintResult: Sendable {
    /// The files linted, indexed by `FileID`.
    public let files: [SourceFile]
    /// Findings in report order (file, position, rule), suppressed ones left out.
    public let findings: [Finding]
    /// Findings that `# routelint:ignore` directives silence, in report order.
    public let suppressed: [Finding]
    public let apps: [AppModel]
    /// How long each phase took, in order: "parse", "model", "rules (side by side)", then
    /// "rule ID" for the time of each rule on its own thread, and "suppressions".
    public let timings: [PhaseTiming]

    public var routeCount: Int { apps.reduce(0) { $0 + $1.routes.count } }
}

public struct PhaseTiming: Sendable {
    public let phase: String
    public let seconds: Double

    public init(phase: String, seconds: Double) {
        self.phase = phase
        self.seconds = seconds
    }
}

/// Runs the pipeline: bytes → YAML nodes → manifests → apps → rules → findings.
public enum Linter {
    /// Lints `files` as one route set. `files[i].id` must be `FileID(i)`, in path order.
    /// `someFilesUnread` says that files of the set could not be read, so what looks absent
    /// may be declared there (see `AppModel.isComplete`). The configuration turns rules off,
    /// changes their severities and sets their options.
    public static func lint(_ files: [SourceFile], someFilesUnread: Bool = false,
                            configuration: LintConfiguration = LintConfiguration()) -> LintResult {
        var timings: [PhaseTiming] = []
        let clock = ContinuousClock()
        var phaseStart = clock.now
        func endPhase(_ name: String) {
            let now = clock.now
            timings.append(PhaseTiming(phase: name, seconds: seconds(now - phaseStart)))
            phaseStart = now
        }

        var loaded = loadManifests(files)
        endPhase("parse")
        var sink = FindingSink()
        var manifests: [Manifest] = []
        manifests.reserveCapacity(files.count)
        var isComplete = !someFilesUnread
        var directives: [SuppressionDirective] = []
        for position in loaded.indices {
            loaded[position].findings.forEach { sink.append($0) }
            directives += loaded[position].directives
            // Moved, not copied: the apps take the entities out of the manifests.
            if let manifest = loaded[position].manifest.take() { manifests.append(manifest) } else { isComplete = false }
        }
        let apps = AppModel.merge(consume manifests, isComplete: isComplete)
        endPhase("model")
        // Rules only read the apps, so they run side by side; their findings and timings are
        // gathered in registry order.
        let rules = RuleRegistry.appRules.filter { configuration.rules[$0.description.id]?.isEnabled ?? true }
        let ruleOptions = configuration.ruleOptions
        let outcomes = UnsafeMutableBufferPointer<(FindingSink, Double)>.allocate(capacity: rules.count)
        outcomes.initialize(repeating: (FindingSink(), 0))
        defer { outcomes.deallocate() }
        let ruleSlots = SendableBuffer(outcomes)
        DispatchQueue.concurrentPerform(iterations: rules.count) { position in
            let rule = rules[position]
            let started = clock.now
            var ruleSink = FindingSink()
            for app in apps {
                rule.check(app, options: ruleOptions[rule.description.id] ?? RuleOptions(), into: &ruleSink)
            }
            ruleSlots.buffer[position] = (ruleSink, seconds(clock.now - started))
        }
        endPhase("rules (side by side)")
        for (position, rule) in rules.enumerated() {
            sink.append(contentsOf: outcomes[position].0)
            timings.append(PhaseTiming(phase: "rule " + rule.description.id, seconds: outcomes[position].1))
        }
        let configured = sink.findings.compactMap { finding -> Finding? in
            guard let setting = configuration.rules[finding.rule] else { return finding }
            guard setting.isEnabled else { return nil }
            var configured = finding
            configured.severity = setting.severity ?? finding.severity
            return configured
        }
        let (active, suppressed) = applySuppressions(directives, to: configured, configuration: configuration)
        endPhase("suppressions")
        return LintResult(files: files, findings: Finding.inReportOrder(active), suppressed: Finding.inReportOrder(suppressed),
                          apps: apps, timings: timings)
    }

    /// Marks the findings that `# routelint:ignore` directives silence, and reports each
    /// directive that names an unknown rule or silences nothing.
    static func applySuppressions(_ directives: [SuppressionDirective], to findings: [Finding],
                                  configuration: LintConfiguration) -> (active: [Finding], suppressed: [Finding]) {
        guard !directives.isEmpty else { return (findings, []) }
        let unusedRule = UnusedSuppressionRule.description
        let knownRules = Set(RuleRegistry.ids)
        // The (directive, rule position) pairs that silenced something.
        struct DirectiveRule: Hashable {
            let directive: Int
            let rule: Int
        }
        var used = Set<DirectiveRule>()
        var byFileRule: [FileID: [String: [(index: Int, directive: SuppressionDirective)]]] = [:]
        for (index, directive) in directives.enumerated() {
            for rule in directive.rules { byFileRule[directive.file, default: [:]][rule.value, default: []].append((index, directive)) }
        }
        var active: [Finding] = []
        var suppressed: [Finding] = []
        for finding in findings {
            let candidates = byFileRule[finding.range.file]?[finding.rule] ?? []
            let match = candidates.first { _, directive in
                switch directive.scope {
                case .file: return true
                case .line(let line): return Int(finding.range.start.line) == line
                }
            }
            guard let (index, directive) = match, finding.rule != unusedRule.id else {
                active.append(finding)
                continue
            }
            used.insert(DirectiveRule(directive: index, rule: directive.rules.firstIndex { $0.value == finding.rule }!))
            var silenced = finding
            silenced.suppression = Suppression(kind: .inSource, justification: directive.reason)
            suppressed.append(silenced)
        }
        let setting = configuration.rules[unusedRule.id]
        guard setting?.isEnabled ?? true else { return (active, suppressed) }
        for (index, directive) in directives.enumerated() {
            for (position, rule) in directive.rules.enumerated() where !used.contains(DirectiveRule(directive: index, rule: position)) {
                let message: String
                if !knownRules.contains(rule.value) {
                    message = "suppression names '\(rule.value)', which is no rule" + Suggestion.hint(for: rule.value, among: RuleRegistry.ids)
                } else if configuration.rules[rule.value]?.isEnabled == false {
                    // The rule is off: the directive has nothing to do, and that is expected.
                    continue
                } else {
                    let scope = directive.scope == .file ? "in this file" : "on this line"
                    message = "suppression of '\(rule.value)' silences nothing \(scope); remove it"
                }
                active.append(Finding(rule: unusedRule.id, severity: setting?.severity ?? unusedRule.defaultSeverity, message: message,
                                      range: rule.range, subjects: [rule.value, directive.scope == .file ? "file" : "line"]))
            }
        }
        return (active, suppressed)
    }

    /// One file read into its manifest (nil when the file is not well-formed YAML), and its
    /// suppression directives, found while its YAML nodes can still tell comments from text.
    private struct LoadedFile: Sendable {
        var manifest: Manifest?
        var findings: [Finding] = []
        var directives: [SuppressionDirective] = []
    }

    /// Parses and decodes the files, several at a time: files do not depend on each other
    /// until they are merged into apps.
    private static func loadManifests(_ files: [SourceFile]) -> [LoadedFile] {
        let results = UnsafeMutableBufferPointer<LoadedFile>.allocate(capacity: files.count)
        results.initialize(repeating: LoadedFile())
        defer { results.deallocate() }
        let slots = SendableBuffer(results)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            slots.buffer[index] = load(files[index])
        }
        return Array(results)
    }

    /// Each iteration of `concurrentPerform` writes its own element, so sharing the buffer is safe.
    private struct SendableBuffer<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>

        init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func load(_ file: SourceFile) -> LoadedFile {
        let parsed = YAMLParser.parse(file.bytes, file: file.id)
        var loaded = LoadedFile(manifest: nil, findings: parsed.issues.map(finding(for:)),
                                directives: SuppressionDirective.directives(in: file, document: parsed.document))
        guard !parsed.issues.contains(where: { $0.kind == .syntax }) else { return loaded }
        let (manifest, findings) = ManifestDecoder.decode(parsed.document, file: file.id)
        loaded.manifest = manifest
        loaded.findings += findings
        return loaded
    }

    static func finding(for issue: YAMLIssue) -> Finding {
        switch issue.kind {
        case .syntax:
            return Finding(rule: YAMLSyntaxRule.description.id, severity: YAMLSyntaxRule.description.defaultSeverity,
                           message: issue.message, range: issue.range)
        case .duplicateKey(let key, let earlier):
            return Finding(rule: DuplicateKeyRule.description.id, severity: DuplicateKeyRule.description.defaultSeverity,
                           message: issue.message, range: issue.range,
                           related: [RelatedLocation(earlier, "'\(key)' first appears here")], subjects: [key])
        }
    }
}
