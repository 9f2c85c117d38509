import Dispatch

/// What one lint run found, and what the reporters need to show it.
public struct LintResult: Sendable {
    /// The files linted, indexed by `FileID`.
    public let files: [SourceFile]
    /// Findings in report order (file, position, rule).
    public let findings: [Finding]
    public let apps: [AppModel]
    /// How long each phase took, in order: "parse", "model", then one entry per rule.
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
            let elapsed = now - phaseStart
            timings.append(PhaseTiming(phase: name, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
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
        for rule in RuleRegistry.appRules {
            for app in apps {
                rule.check(app, options: ruleOptions[rule.description.id] ?? RuleOptions(), into: &sink)
            }
            endPhase(rule.description.id)
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
    private struct SendableBuffer: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<LoadedFile>

        init(_ buffer: UnsafeMutableBufferPointer<LoadedFile>) { self.buffer = buffer }
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
