import RouteLintCore
import RouteLintReporting
import RouteLintRules

/// The route set as `lint` reads it, for a run that judges other files against its apps
/// (`routelint hosts`, `routelint device-links`): the lint's own findings are lint's to report;
/// what it could not read or parse, and the errors that may leave something out of the apps, are
/// what the judgement rests on, and the run says so.
struct ReferenceRouteSet {
    /// The lint of the route set, platform files left out.
    let lint: LintRun
    /// What to say on standard error before the run's own messages.
    let messages: [RunMessage]
    /// The manifests that could not be read or parsed: the run is incomplete.
    let failures: [ReadFailure]

    /// The route set of `paths` (none: the configuration's include, else `workingDirectory`),
    /// with the configuration at `configurationPath` or the nearest one.
    static func load(paths: [String], configurationPath: String?, workingDirectory: String) throws(RunFailure) -> ReferenceRouteSet {
        var options = LintOptions(input: .paths(paths), workingDirectory: workingDirectory)
        options.configurationPath = configurationPath
        options.checksPlatformFiles = false
        options.purpose = .input
        let lint = try LintRun.perform(options)
        // What an unparsed manifest declares is missing from the apps: the judgement of every
        // other file would rest on part of them.
        var messages = lint.messages + lint.unparsedFileMessages
        let unparsed = lint.unparsedFiles.map {
            ReadFailure(path: lint.files[Int($0.index)].path, reason: "it is not well-formed YAML")
        }
        // A manifest error may leave a host or a route out of the model, and so out of the check.
        let errors = lint.active.count { $0.severity == .error }
        if errors > 0 {
            messages.append(
                RunMessage(
                    .warning,
                    "the route set has \(errors) \(errors == 1 ? "error" : "errors") (see 'routelint lint'): what \(errors == 1 ? "it leaves" : "they leave") out of the apps is not checked"
                ))
        }
        return ReferenceRouteSet(lint: lint, messages: messages, failures: lint.unreadable + unparsed)
    }

    /// The end of a run that judged `besides`, files of its own, against the set: `sink`'s
    /// findings as the set's configuration and directives leave them, past `gate` (with the
    /// configuration's baseline), and the verdict — the set's files and failures first, then
    /// the run's. `decides` tells the baseline entries the run judged in full.
    func judge(
        _ sink: FindingSink, besides: [SourceFile], gate: RunGate, workingDirectory: String, decides: (FindingIdentity) -> Bool,
        unreadable: [ReadFailure], messages: [RunMessage], subject: LintReport.Subject
    ) throws(RunFailure) -> GatedResult {
        let configuration = lint.configuration
        let (active, suppressed) = RunGate.configured(sink, configuration: configuration, directives: lint.suppressionDirectives)
        let files = lint.files + besides
        let gate = gate.withBaseline(of: configuration, workingDirectory: workingDirectory)
        let root = ProjectRoot.find(configurationPath: configuration.path, workingDirectory: workingDirectory)
        let gated = try gate.accept(
            active, suppressed: suppressed, names: files.map { root.name($0.path) }, root: root, decides: decides,
            messages: self.messages + messages)
        return GatedResult(
            files: files, manifestCount: lint.files.count, apps: lint.apps, gated: gated, gate: gate, root: root,
            unreadable: failures + unreadable, subject: subject)
    }
}
