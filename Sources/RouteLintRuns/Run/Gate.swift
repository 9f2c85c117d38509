import RouteLintCore
import RouteLintReporting
import RouteLintRules

/// The gate every run that judges passes its findings through — `lint`, `diff`, `hosts` and the
/// audit: the configuration's severities and disabled rules, the manifests' directives, the
/// baseline (applied with its stale entries named, or written), and the verdict. One place, so
/// that the commands judge alike (docs/ci.md).
extension RunGate {
    /// A run's findings as the gate leaves them.
    package struct Outcome: Sendable {
        /// What is reported, in report order.
        package var active: [Finding]
        /// What a directive or the baseline silenced, for SARIF, in report order.
        package var suppressed: [Finding]
        /// With `writesBaseline`: the baseline to save.
        package var newBaseline: Baseline?
        /// The run's messages, then the gate's: the baseline entries that match no finding.
        package var messages: [RunMessage]
    }

    /// The findings of a family of rules in `sink`, as `configuration` (severities, rules turned
    /// off) and the manifests' `directives` leave them, each list in report order. A directive
    /// that silences nothing here is not reported unused: only `lint`, which runs every rule,
    /// can tell that.
    package static func configured(
        _ sink: FindingSink, configuration: LintConfiguration, directives: [SuppressionDirective]
    ) -> (active: [Finding], suppressed: [Finding]) {
        var sink = sink
        sink.configure(configuration)
        var (active, suppressed) = Linter.applySuppressions(
            directives, to: sink.findings, configuration: configuration, reportsUnused: false)
        Finding.sortIntoReportOrder(&active)
        Finding.sortIntoReportOrder(&suppressed)
        return (active, suppressed)
    }

    /// `active` and `suppressed` past the baseline: with `baselinePath`, what it records is
    /// accepted and its entries that match no finding are named in a note; with
    /// `writesBaseline`, everything the baseline accepted and everything new is recorded in a
    /// new baseline (never dropping what it accepted) and accepted. `names` names the files the
    /// findings point into as the baseline does, from the project's root (`ProjectRoot.name`),
    /// by `FileID`, and `root` names the baseline. `decides` tells the baseline's
    /// entries the run judged in full — of its own rules, in what it read and parsed: only those
    /// can be found stale, and a baseline written keeps the others as they were, so that one
    /// baseline serves `lint`, `diff`, `hosts` and `device-links` alike, and an incomplete run
    /// never drops what it could not see. `messages` are the run's so far, after which a
    /// baseline that cannot be read fails the run; `read` reads it.
    package func accept(
        _ active: [Finding], suppressed: [Finding], names: [String], root: ProjectRoot, decides: (FindingIdentity) -> Bool,
        messages: [RunMessage], readingBaseline read: (String) -> Result<[UInt8], ReadFailure> = DiskFileSystem.read
    ) throws(RunFailure) -> Outcome {
        var outcome = Outcome(active: active, suppressed: suppressed, newBaseline: nil, messages: messages)
        var loaded: Baseline?
        // A baseline about to be written for the first time is not there to read yet.
        let firstWrite = writesBaseline && baselinePath.map { (try? DiskFileSystem().entry(at: $0).get()) == nil } == true
        if let path = baselinePath, !firstWrite {
            let baseline: Baseline
            do {
                baseline = try Baseline.load(path, read: read)
            } catch {
                throw RunFailure(messages + [RunMessage(.error, "\(error.description)")])
            }
            loaded = baseline
            let (new, accepted, stale) = baseline.apply(to: outcome.active, names: names)
            outcome.active = new
            // Named from the root, as SARIF keeps it: the same log from every folder.
            outcome.suppressed += Self.accepted(accepted, by: "the baseline \(root.name(path))")
            Finding.sortIntoReportOrder(&outcome.suppressed)
            if baseline.hasEntriesThatAcceptEveryConflict {
                outcome.messages.append(
                    RunMessage(
                        .note,
                        "'\(path)' is a version \(baseline.version) baseline: it records a route that conflicts with many as the "
                            + "route alone, which accepts every new conflict of that route too; write it again with "
                            + "--write-baseline \(path) to record each conflict as its pair of routes"))
            }
            let judged = stale.filter { decides($0.identity) }
            if !judged.isEmpty && !writesBaseline { outcome.messages.append(Self.staleEntriesNote(judged, path: path)) }
        }
        if writesBaseline {
            // What the run judges, found again; the entries of what it does not judge, kept.
            let found = Baseline(findings: active, names: names)
            outcome.newBaseline = found.keeping(loaded?.entries.filter { !decides($0.identity) } ?? [])
            outcome.suppressed += Self.accepted(outcome.active, by: "the baseline written")
            Finding.sortIntoReportOrder(&outcome.suppressed)
            outcome.active = []
        }
        return outcome
    }

    /// This gate with the configuration's `baseline` when `--baseline` named none, its path
    /// seen from `workingDirectory`.
    package func withBaseline(of configuration: LintConfiguration, workingDirectory: String) -> RunGate {
        guard baselinePath == nil, let path = configuration.baselinePath(workingDirectory: workingDirectory) else { return self }
        var gate = self
        gate.baselinePath = FilePath.relative(path, seenFrom: workingDirectory, in: workingDirectory)
        return gate
    }

    /// The verdict on `active`, what is reported, for a run that could not read
    /// `unreadablePaths` paths.
    package func verdict(on active: [Finding], unreadablePaths: Int) -> Verdict {
        Verdict(findings: active, strict: strict, maxWarnings: maxWarnings, unreadablePaths: unreadablePaths)
    }

    /// The note naming the baseline's entries that match no finding any more.
    private static func staleEntriesNote(_ stale: [Baseline.Entry], path: String) -> RunMessage {
        let count = stale.reduce(0) { $0 + $1.count }
        var text: TerminalSafe =
            "\(count) baseline \(count == 1 ? "entry matches" : "entries match") no finding any more; "
            + "rewrite the baseline with --write-baseline \(path) to drop \(count == 1 ? "it" : "them"):"
        for entry in stale {
            let names = entry.identity.subjects.map { "\($0.kind.rawValue) '\($0.name)'" }.joined(separator: ", ")
            text += "\n  \(entry.identity.file): \(entry.identity.rule) \(names)\(entry.count > 1 ? " (×\(entry.count))" : "")"
        }
        return RunMessage(.note, text)
    }

    /// Findings a baseline accepts: kept, for SARIF, as suppressed outside the source.
    private static func accepted(_ findings: [Finding], by baseline: String) -> [Finding] {
        findings.map { finding in
            var accepted = finding
            accepted.suppression = Suppression(kind: .external, justification: "in \(baseline)")
            return accepted
        }
    }
}

/// What every run that ends in a verdict — `lint`, `diff`, `hosts`, `device-links` — hands the
/// command line and the reporters, one shape for every command: the findings as the gate left
/// them, the files they point into, what could not be read, what to say, and the verdict. What a
/// run knows besides (a lint's configuration, a diff's other revision) is the run's own.
public struct GatedResult: Sendable {
    /// Every file findings point into, indexed by `FileID`: the route set's manifests first.
    public let files: [SourceFile]
    /// How many of `files`, from the first, are the manifests judged.
    let manifestCount: Int
    /// The apps of the route set.
    package let apps: [AppModel]
    /// The findings reported, in report order.
    public let active: [Finding]
    /// Findings silenced by a directive or accepted by the baseline, for SARIF.
    public let suppressed: [Finding]
    /// With `writesBaseline`: the baseline to save.
    package let newBaseline: Baseline?
    /// What the run's files are named from in what outlives it: the baseline, SARIF, GitHub's annotations.
    package let root: ProjectRoot
    /// What could not be read, fetched or compared whole, with the reason: the run is incomplete.
    public let unreadable: [ReadFailure]
    /// Checks that were not made, and why, and files left out of the set: for SARIF's
    /// notifications and standard error.
    public let skippedChecks: [String]
    /// What to say on standard error, in order.
    public let messages: [RunMessage]
    /// Whether the run passes, and why not.
    public let verdict: Verdict
    /// What the run judged besides the manifests, by command, for the summary.
    package let subject: LintReport.Subject
    /// For `diff`: what a report of changes knows of the other revision.
    package let comparison: LintReport.Comparison?
    /// How long the run took, in seconds, until the verdict.
    public internal(set) var seconds: Double = 0

    /// The result of a run whose findings `gate` left as `gated`; see the properties.
    init(
        files: [SourceFile], manifestCount: Int, apps: [AppModel], gated: RunGate.Outcome, gate: RunGate, root: ProjectRoot,
        unreadable: [ReadFailure], skippedChecks: [String] = [], subject: LintReport.Subject,
        comparison: LintReport.Comparison? = nil
    ) {
        self.files = files
        self.manifestCount = manifestCount
        self.apps = apps
        active = gated.active
        suppressed = gated.suppressed
        newBaseline = gated.newBaseline
        messages = gated.messages
        self.root = root
        self.unreadable = unreadable
        self.skippedChecks = skippedChecks
        self.subject = subject
        self.comparison = comparison
        verdict = gate.verdict(on: gated.active, unreadablePaths: unreadable.count)
    }

    /// What every reporter reads.
    public var report: LintReport {
        LintReport(
            active: active, suppressed: suppressed, files: files,
            totals: LintReport.Totals(
                files: manifestCount, routes: apps.reduce(0) { $0 + $1.routes.count }, seconds: seconds,
                unreadablePaths: unreadable.count, subject: subject),
            skippedChecks: skippedChecks, unreadable: unreadable, failingSeverity: verdict.failingSeverity, apps: apps,
            comparison: comparison, root: root)
    }
}

/// A run that ends in a verdict: its `result`, and what the run knows besides. Every field of
/// the result reads as the run's own (`run.active`, `run.verdict`), and the command line
/// finishes each one way.
@dynamicMemberLookup
package protocol GatedRun {
    /// The findings, the verdict and what to say.
    var result: GatedResult { get }
}

extension GatedRun {
    /// A field of the run's result, as the run's own.
    package subscript<Value>(dynamicMember field: KeyPath<GatedResult, Value>) -> Value { result[keyPath: field] }
}

extension LintRun: GatedRun {}
extension DiffRun: GatedRun {}
extension HostsRun: GatedRun {}
extension DeviceLinksRun: GatedRun {}
