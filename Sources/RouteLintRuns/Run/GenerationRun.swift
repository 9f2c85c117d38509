import RouteLintCore
import RouteLintGeneration

/// `routelint generate`: lints as `lint` does, then generates the chosen app. A route set with
/// failing findings has no well-defined router (two routes for one URL, a holder that does not
/// exist), so it gives no code.
package enum GenerationRun {
    /// What a generation run gives: the lint run that refused it, or what generation gave.
    package enum Outcome: Sendable {
        /// The lint failed or could not be made: the run, to report.
        case lintFailed(LintRun)
        /// The set lints clean: the files, or why they cannot be written.
        case finished(CodeGeneration.Outcome)
    }

    /// Lints as `lint` does with `lint`, then generates the app `options` choose. Throws for a
    /// run that cannot go on and for an app that cannot be generated (see `RoutingPlan.Problem`).
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
        do {
            return .finished(
                try CodeGeneration.generate(app, sources: sources, options, configuredHolderTypes: run.configuration.holderTypes))
        } catch {
            throw RunFailure(run.messages + [RunMessage(.error, "cannot generate: \(error.description)")])
        }
    }
}
