import Dispatch

/// What one lint run found, and what the reporters need to show it.
public struct LintResult: Sendable {
    /// The files linted, indexed by `FileID`.
    public let files: [SourceFile]
    /// Findings in report order (file, position, rule).
    public let findings: [Finding]
    public let apps: [AppModel]
    /// How long each phase took, in order: "parse", "model", then one entry per rule (rules
    /// run side by side, so theirs add up to more than the time they took together).
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
    /// may be declared there (see `AppModel.isComplete`).
    public static func lint(_ files: [SourceFile], someFilesUnread: Bool = false,
                            ruleOptions: [String: RuleOptions] = [:]) -> LintResult {
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
        for position in loaded.indices {
            loaded[position].findings.forEach { sink.append($0) }
            // Moved, not copied: the apps take the entities out of the manifests.
            if let manifest = loaded[position].manifest.take() { manifests.append(manifest) } else { isComplete = false }
        }
        let apps = AppModel.merge(consume manifests, isComplete: isComplete)
        endPhase("model")
        // Rules only read the apps, so they run side by side; their findings and timings are
        // gathered in registry order.
        let rules = RuleRegistry.appRules
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
        for (position, rule) in rules.enumerated() {
            sink.append(contentsOf: outcomes[position].0)
            timings.append(PhaseTiming(phase: rule.description.id, seconds: outcomes[position].1))
        }
        return LintResult(files: files, findings: Finding.inReportOrder(sink.findings), apps: apps, timings: timings)
    }

    /// One file read into its manifest, or nil when the file is not well-formed YAML.
    private struct LoadedFile: Sendable {
        var manifest: Manifest?
        var findings: [Finding] = []
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
        var loaded = LoadedFile(manifest: nil, findings: parsed.issues.map(finding(for:)))
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
