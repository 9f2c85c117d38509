/// What a run has to say on standard error besides its report: an error (something could
/// not be read or used) or a note. The text is safe for a terminal: names from files and
/// paths in it are escaped.
public struct RunMessage: Equatable, Sendable, CustomStringConvertible {
    public enum Level: String, Sendable {
        case error, note
    }

    public let level: Level
    public let text: String

    public init(_ level: Level, _ text: String) {
        self.level = level
        self.text = text
    }

    /// `routelint: error: …`, as the message is printed.
    public var description: String { "routelint: \(level.rawValue): \(text)" }
}

/// A run that cannot go on — a configuration with a problem, a baseline that cannot be read,
/// no manifest at all: a usage error (exit status 2), with what was said before it.
public struct RunFailure: Error, Sendable {
    public let messages: [RunMessage]

    public init(_ messages: [RunMessage]) {
        self.messages = messages
    }
}

/// Loads the configuration and the files of a route set, saying what cannot be read.
public enum RouteSet {
    /// The configuration at `path`, else the nearest `.routelint.yml` from `directory` up,
    /// else the defaults. A configuration with a problem fails the run.
    public static func configuration(at path: String?, from directory: String) throws(RunFailure) -> LintConfiguration {
        guard let path = path ?? LintConfiguration.find(from: directory) else {
            return LintConfiguration(baseDirectory: directory)
        }
        do {
            return try LintConfiguration.load(path)
        } catch {
            throw RunFailure([RunMessage(.error, "\(error)")])
        }
    }

    /// Whether the configuration's `exclude` removes `path` from the route set.
    public static func isExcluded(_ path: String, by configuration: LintConfiguration, workingDirectory: String) -> Bool {
        guard !configuration.exclude.isEmpty, let relative = relativeToBase(path, configuration, workingDirectory) else { return false }
        return configuration.exclude.contains { $0.matches(relative) }
    }

    /// A note for each of `paths` that the configuration's `exclude` removes from the set.
    static func exclusionNotes(_ paths: [String], configuration: LintConfiguration, workingDirectory: String) -> [RunMessage] {
        paths.filter { isExcluded($0, by: configuration, workingDirectory: workingDirectory) }.map { path in
            RunMessage(.note, "'\(TerminalText.escape(path))' is left out by the configuration's exclude")
        }
    }

    /// Whether `path` is, or was (for a deleted file), a manifest of the route set: matched by
    /// the include globs, or when there are none named like a manifest; and not excluded.
    public static func contains(_ path: String, configuration: LintConfiguration, workingDirectory: String) -> Bool {
        if isExcluded(path, by: configuration, workingDirectory: workingDirectory) { return false }
        if configuration.include.isEmpty {
            return ManifestDiscovery.isManifestName(String(path.split(separator: "/").last ?? ""))
        }
        guard let relative = relativeToBase(path, configuration, workingDirectory) else { return false }
        return configuration.include.contains { $0.matches(relative) }
    }

    private static func relativeToBase(_ path: String, _ configuration: LintConfiguration, _ workingDirectory: String) -> String? {
        let base = ManifestDiscovery.absolutePath(configuration.baseDirectory, in: workingDirectory)
        let absolute = ManifestDiscovery.absolutePath(path, in: workingDirectory)
        let prefix = base == "/" ? "/" : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    /// The manifests a walk of the include globs found, and what it could not read.
    public typealias Found = (files: [String], failures: [ManifestDiscovery.Failure])

    /// The files of the route set: `paths`, or when there are none the configuration's
    /// include globs (`included`, when the caller has walked them already), else the working
    /// directory; less its exclude globs. What cannot be read is said in `messages` and
    /// returned as failures; finding no manifest at all fails the run.
    public static func load(_ paths: [String], configuration: LintConfiguration, workingDirectory: String,
                            included walked: Found? = nil, messages: inout [RunMessage]) throws(RunFailure)
        -> (files: [SourceFile], failures: [ManifestDiscovery.Failure]) {
        var searched = paths
        var included: [String] = []  // absolute paths
        var includeFailures: [ManifestDiscovery.Failure] = []
        if paths.isEmpty {
            if configuration.include.isEmpty {
                searched = ["."]
            } else {
                (included, includeFailures) = walked ?? ManifestDiscovery.find(matching: configuration.include, under: configuration.baseDirectory)
            }
        }
        let excluded = { (path: String) in isExcluded(path, by: configuration, workingDirectory: workingDirectory) }
        messages += exclusionNotes(paths, configuration: configuration, workingDirectory: workingDirectory)
        var (files, failures) = ManifestDiscovery.load(searched + included, excluded: excluded)
        failures = includeFailures + failures
        if !included.isEmpty {
            // Show the files the include globs found as the user would name them: relative to
            // the working directory when they lie below it.
            let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
            let shown = { (path: String) in path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
            files = files.map { SourceFile(id: $0.id, path: shown($0.path), bytes: $0.bytes) }
            failures = failures.map { ManifestDiscovery.Failure(path: shown($0.path), reason: $0.reason) }
        }
        messages += failures.map(unreadable)
        if files.isEmpty && failures.isEmpty {
            let scope = !paths.isEmpty ? paths.map { "'\(TerminalText.escape($0))'" }.joined(separator: ", ")
                : configuration.include.isEmpty ? "the current directory"
                : "the configuration's include (\(configuration.include.map(\.pattern).joined(separator: ", ")))"
            throw RunFailure(messages + [RunMessage(.error, "no route manifests (*.routes.yaml, *.routes.yml) found in \(scope)")])
        }
        return (files, failures)
    }

    /// "cannot read 'path': reason".
    public static func unreadable(_ failure: ManifestDiscovery.Failure) -> RunMessage {
        RunMessage(.error, "cannot read '\(TerminalText.escape(failure.path))': \(failure.reason)")
    }

    /// For commands that answer from the apps (`resolve`, `graph`): one error for each file
    /// that is not well-formed YAML, whose declarations the answer lacks.
    public static func unparsedFileMessages(_ result: LintResult) -> [RunMessage] {
        result.unparsedFiles.map { file in
            let path = TerminalText.escape(result.files[Int(file.index)].path)
            let problem = result.findings.first { $0.range.file == file && $0.rule == YAMLSyntaxRule.description.id }
            let detail = problem.map { " (\($0.range.start): \(TerminalText.escape($0.message)))" } ?? ""
            return RunMessage(.error, "cannot use '\(path)': it is not well-formed YAML\(detail); "
                              + "the answer leaves out what it declares (see 'routelint lint \(path)')")
        }
    }
}
