import RouteLintCore
import RouteLintGeneration
import RouteLintPlatform
import RouteLintReporting
import RouteLintRules

/// `routelint generate`: lints as `lint` does, then generates the chosen app. A route set with
/// failing findings has no well-defined router (two routes for one URL, a holder that does not
/// exist), so it gives no code.
package enum GenerationRun {
    /// What a generation run gives: the lint run that refused it, or what generation gave.
    package enum Outcome: Sendable {
        /// The lint failed or could not be made: the run, to report.
        case lintFailed(LintRun)
        /// The set lints clean: the files, or why they cannot be written; for platform link
        /// files, what `lint --platform-file` finds in them (`checked`), to report as lint does.
        case finished(CodeGeneration.Outcome, checked: LintReport?)
    }

    /// Lints as `lint` does with `lint`, then generates the app `options` choose. Throws for a
    /// run that cannot go on and for an app that cannot be generated (see `RouterBlueprint.Problem`).
    package static func perform(_ lint: LintOptions, _ options: CodeGeneration.Options) throws(RunFailure) -> Outcome {
        // The platform files are checked against the routes by lint; here they may be the very
        // files about to be written again, so their findings do not stop generation.
        var lint = lint
        lint.checksPlatformFiles = false
        // Code is written from manifests that lint clean themselves: a baseline's accepted
        // errors would be in it.
        lint.purpose = .input
        let run = try LintRun.perform(lint)
        guard run.verdict.exitStatus == 0, run.unparsedFiles.isEmpty else { return .lintFailed(run) }
        let app = try CodeGeneration.chooseApp(run.apps, named: options.app)
        let sources = app.files.map { file -> String in
            let path = run.files[Int(file.id.index)].path
            guard let output = options.outputDirectory else { return path }
            return FilePath.relative(path, seenFrom: output, in: lint.workingDirectory)
        }
        let generated: CodeGeneration.Outcome
        do {
            generated = try CodeGeneration.generate(
                app, sources: sources, options, configuredHolderTypes: run.configuration.holderTypes,
                configuredSwiftAccess: run.configuration.swiftAccess)
        } catch {
            throw RunFailure(run.messages + [RunMessage(.error, "cannot generate: \(error.description)")])
        }
        guard options.target == .appLinks, case .generated(let files, _) = generated else { return .finished(generated, checked: nil) }
        return .finished(generated, checked: check(files, of: app, lint: run, options))
    }

    /// What `lint --platform-file` finds in the platform link files just generated, judged
    /// against `app` at the API level they were written for: the claims a platform cannot make
    /// exactly (`api-level-limit`, `typed-link-limit`) with their fixes, as lint words them.
    private static func check(_ files: [GeneratedFile], of app: AppModel, lint run: LintRun, _ options: CodeGeneration.Options)
        -> LintReport
    {
        let folder = options.outputDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        let sources = files.enumerated().map { offset, file in
            PlatformFileSource(
                file: SourceFile(id: FileID(run.files.count + offset), path: folder + file.name, bytes: Array(file.contents.utf8)),
                app: app.name.map { app.text($0.value) })
        }
        let judged = options.androidMinimumSDK.map { app.withAndroidMinimumSDK($0) } ?? app
        var cache = PlatformCheckCache()
        let (sink, _) = Linter.checkPlatformFiles(sources, apps: [judged], configuration: run.configuration, cache: &cache)
        var findings = sink.findings
        Finding.sortIntoReportOrder(&findings)
        return LintReport(
            active: findings, files: run.files + sources.map { $0.file }, totals: .init(files: 0, routes: 0, seconds: nil),
            failingSeverity: run.report.failingSeverity, root: run.report.root)
    }
}
