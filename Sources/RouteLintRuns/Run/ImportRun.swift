import RouteLintCore
import RouteLintImport
import RouteLintPlatform
import RouteLintRules

/// What a `routelint import` run is asked to do: the flags of the command, as values.
package struct ImportOptions: Sendable {
    /// Files and folders to read; none means the working directory.
    package var paths: [String]
    /// `--output`: the manifest to write, or a folder to write `APP.routes.yaml` in.
    package var output: String
    /// `--app`: the app's name in the manifest.
    package var app: String?
    /// `--host`: hosts the app serves links on, besides those the files name (an
    /// apple-app-site-association does not name its own host).
    package var hosts: [String] = []
    /// The directory relative paths are taken from.
    package var workingDirectory: String
    /// Where files are read from.
    package var fileSystem: any RouteSetFileSystem = DiskFileSystem()
    /// `--define NAME=VALUE`: values of the link files' placeholders, string resources and
    /// build settings; the manifest keeps those the files use.
    package var defines: [String: String] = [:]

    /// Options to import `paths` into `output`, relative paths taken from `workingDirectory`.
    package init(paths: [String], output: String, app: String?, workingDirectory: String) {
        self.paths = paths
        self.output = output
        self.app = app
        self.workingDirectory = workingDirectory
    }
}

/// `routelint import` (docs/adopting.md): reads an app's link files and navigation graphs,
/// builds the manifest that says what they say, and lints it with the link files as `lint`
/// would — the round trip — so that what routes cannot say is reported before anything is
/// written, each with a URL that shows it.
package struct ImportRun: Sendable {
    /// What the import wrote and found, for the import's reporter.
    package let report: ImportReport
    /// The manifest's text.
    package let text: String
    /// Placeholders kept and parts left out, to say on standard error.
    package let messages: [RunMessage]
    /// Whether the link files' claims could all be decided: otherwise the round trip says
    /// nothing about them.
    package let isComplete: Bool

    /// Reads, builds and checks; throws when nothing can be imported (no files, unreadable or
    /// malformed ones, an output that exists).
    package static func perform(_ options: ImportOptions) throws(RunFailure) -> ImportRun {
        let outputPath = try manifestPath(options)
        let input = try Input.read(options)
        let roundTrip = RoundTrip(
            outputPath: outputPath, sources: input.filesRead, checked: input.checked, workingDirectory: options.workingDirectory)
        func build(_ links: LinkFileImport) -> ImportedManifest {
            var manifest = ManifestImport.build(links: links, navigation: input.navigation, app: options.app)
            manifest.settings.hosts = options.hosts + manifest.settings.hosts.filter { !options.hosts.contains($0) }
            return manifest
        }
        var manifest = build(input.links)
        var first = roundTrip.check(manifest)
        // An exclusion that earlier components make unreachable excludes nothing: iOS opens
        // what it names, so the import makes no `web: false` route of it.
        let shadowed = Set(first.result.findings.filter { $0.rule == "shadowed-link-rule" }.map { roundTrip.origin(of: $0).location })
        if input.links.claims.contains(where: { !$0.opensApp && shadowed.contains($0.origin.location) }) {
            var reachable = input.links
            reachable.claims.removeAll { !$0.opensApp && shadowed.contains($0.origin.location) }
            manifest = build(reachable)
            first = roundTrip.check(manifest)
        }
        // One route for a subtree that the files write at several depths, when the check
        // finds that nothing a URL opens changes.
        let merged = manifest.mergingSubtrees()
        if merged.routes.count < manifest.routes.count {
            let candidate = roundTrip.check(merged)
            if candidate.differences <= first.differences {
                manifest = merged
                first = candidate
            }
        }
        // The first check's differences become the routes' comments; the check of the text
        // written gives the positions reported.
        let routeIndex = Dictionary(manifest.routes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        manifest.takeExamples(input.links.testURLs, resolver: URLResolver(apps: first.result.apps), routeIndex: routeIndex)
        var routesByOrigin: [String: [Int]] = [:]
        for (index, route) in manifest.routes.enumerated() {
            for origin in route.origins { routesByOrigin[origin.location, default: []].append(index) }
        }
        for finding in first.result.findings {
            let indices: [Int]
            switch finding.rule {
            case "unclaimed-route": indices = first.route(of: finding).flatMap { routeIndex[$0] }.map { [$0] } ?? []
            case "unrouted-link": indices = routesByOrigin[roundTrip.origin(of: finding).location] ?? []
            default: indices = []
            }
            for index in indices { manifest.routes[index].comments.append("inexact: \(finding.message)") }
        }
        let final = roundTrip.check(manifest)
        let judged = judge(final, manifest: manifest, routeIndex: routeIndex, links: input.links, roundTrip: roundTrip)
        let report = ImportReport(
            outputPath: outputPath, filesRead: input.filesRead, checkedLinkFiles: input.checked.map(\.file.path),
            routeCount: manifest.routes.count, inexact: judged.inexact,
            placeholderCount: Set(manifest.notes.filter { $0.kind == .placeholder }.map(\.message)).count,
            findings: judged.remaining, files: [final.file] + input.checked.map(\.file))
        return ImportRun(
            report: report, text: final.text, messages: messages(input, manifest: manifest, final: final),
            isComplete: final.result.undecidedPlatformFiles.isEmpty)
    }

    /// What an import reads, read.
    private struct Input {
        let links: LinkFileImport
        let navigation: NavigationGraphImport
        /// Every file read, link files first.
        let filesRead: [String]
        /// The link files that say something of https links: what the round trip checks.
        let checked: [PlatformFileSource]
        /// The link files that do not.
        let unchecked: [String]

        static func read(_ options: ImportOptions) throws(RunFailure) -> Input {
            let loader = RouteSetLoader(
                configuration: LintConfiguration(baseDirectory: options.workingDirectory), workingDirectory: options.workingDirectory,
                fileSystem: options.fileSystem)
            let found = loader.importFiles(options.paths, numberedFrom: 1)
            var problems = found.unreadable.map(RouteSetLoader.unreadable)
            var links = LinkFileImport()
            let sources = linkSources(found.linkFiles, buildFiles: found.buildFiles, loader: loader, options)
            links.read(sources)
            links.keepDefines(options.defines, usedBy: sources)
            // Gradle says what a manifest no longer does (the package, the minimum SDK), for an
            // app whose link files are Android's.
            if links.contributingFiles.contains(where: { PlatformFileKind(path: $0) == .androidManifest }) {
                for file in found.buildFiles { links.readBuildFile(file) }
            }
            var navigation = NavigationGraphImport()
            for file in found.navigationFiles { navigation.read(file) }
            for problem in links.problems + navigation.problems {
                problems.append(
                    RunMessage(.error, "cannot import '\(problem.path)': \(problem.message)"))
            }
            guard problems.isEmpty else { throw RunFailure(problems) }
            let read = (found.linkFiles + found.navigationFiles).map(\.path)
            guard !links.claims.isEmpty || !navigation.destinations.isEmpty else {
                let scope: TerminalSafe = options.paths.isEmpty ? "the current directory" : TerminalSafe.quoted(options.paths)
                let what =
                    read.isEmpty
                    ? "no link files or navigation graphs"
                    : "no link claimed and no navigation destination in \(read.count) file\(read.count == 1 ? "" : "s")"
                throw RunFailure(
                    links.notes.map(ImportRun.message) + [
                        RunMessage(.error, "nothing to import: \(what) in \(scope) (docs/adopting.md says what is read)")
                    ])
            }
            return Input(
                links: links, navigation: navigation, filesRead: read,
                checked: sources.filter { links.contributingFiles.contains($0.file.path) },
                unchecked: found.linkFiles.map(\.path).filter { !links.contributingFiles.contains($0) })
        }

        /// The link files, read as the build makes them: with `--define`, the resources beside
        /// each AndroidManifest.xml, and `${applicationId}` from Gradle when no define gives it
        /// (docs/adopting.md).
        private static func linkSources(
            _ files: [SourceFile], buildFiles: [SourceFile], loader: RouteSetLoader, _ options: ImportOptions
        ) -> [PlatformFileSource] {
            var defines = options.defines
            if defines["applicationId"] == nil {
                var gradle = LinkFileImport()
                for file in buildFiles { gradle.readBuildFile(file) }
                defines["applicationId"] = gradle.settings.androidPackage
            }
            let variant = BuildVariant(
                defines: defines,
                resources: ResourceFolders(fileSystem: loader.fileSystem, workingDirectory: loader.workingDirectory, manifestPaths: []))
            return files.map { file in
                var source = PlatformFileSource(file: file, app: nil)
                source.variant = variant
                return source
            }
        }
    }

    /// The manifest linted with the link files it came from, as `lint --platform-file` does.
    private struct RoundTrip {
        let outputPath: String
        let sources: [String]
        let checked: [PlatformFileSource]
        let workingDirectory: String

        /// One check of one manifest text.
        struct Check {
            let text: String
            /// The line of each route's `path`: findings about routes lead back to them.
            let pathLines: [Int: String]
            let result: LintResult
            let file: SourceFile

            /// How many differences the check finds between the routes and the files.
            var differences: Int { result.findings.filter { $0.rule == "unrouted-link" || $0.rule == "unclaimed-route" }.count }

            /// The route whose `path` a finding points at.
            func route(of finding: Finding) -> String? { pathLines[Int(finding.range.start.line)] }
        }

        func check(_ manifest: ImportedManifest) -> Check {
            let written = manifest.yaml(sources: sources)
            let file = SourceFile(id: FileID(0), path: outputPath, bytes: Array(written.text.utf8))
            let result = Linter.lint(
                [file], configuration: LintConfiguration(baseDirectory: workingDirectory),
                platformFiles: checked)
            return Check(text: written.text, pathLines: written.pathLines, result: result, file: file)
        }

        /// Where a finding in a link file points, as an import origin.
        func origin(of finding: Finding) -> ImportOrigin {
            let file = checked.first { $0.file.id == finding.range.file }?.file
            return ImportOrigin(
                path: file?.path ?? "", range: finding.range, text: file.map { ImportRun.text(of: finding.range, in: $0) } ?? "")
        }
    }

    /// The check's differences, by the pattern each comes from, and the other findings.
    private static func judge(
        _ final: RoundTrip.Check, manifest: ImportedManifest, routeIndex: [String: Int], links: LinkFileImport, roundTrip: RoundTrip
    ) -> (inexact: [ImportReport.InexactPattern], remaining: [Finding]) {
        var inexact: [String: (origin: ImportOrigin, pattern: String, reason: String?, findings: [String])] = [:]
        // Each pattern with the reason its text gives, named as the import read it.
        var reasons: [String: String] = [:]
        for note in manifest.notes where note.kind == .inexactPattern {
            if let origin = note.origin { reasons[origin.location] = reasons[origin.location] ?? note.message }
        }
        var patterns: [String: String] = [:]
        for claim in links.claims { patterns[claim.origin.location] = claim.origin.text }
        func report(_ origin: ImportOrigin, _ message: String) {
            if inexact[origin.location] == nil {
                inexact[origin.location] = (origin, patterns[origin.location] ?? origin.text, reasons[origin.location], [])
            }
            inexact[origin.location]!.findings.append(message)
        }
        var remaining: [Finding] = []
        for finding in final.result.findings {
            switch finding.rule {
            case "unrouted-link":
                report(roundTrip.origin(of: finding), finding.message)
            case "unclaimed-route":
                let route = final.route(of: finding).flatMap { routeIndex[$0] }.map { manifest.routes[$0] }
                let linkOrigins = route?.origins.filter { PlatformFileKind(path: $0.path) != nil } ?? []
                if linkOrigins.isEmpty {
                    remaining.append(finding)
                } else {
                    // A route that several patterns claim is reported once, at the first.
                    report(linkOrigins[0], finding.message)
                }
            default:
                remaining.append(finding)
            }
        }
        // A deep link of a graph that routes cannot say has no platform check to show it.
        for note in manifest.notes where note.kind == .inexactPattern {
            if let origin = note.origin, PlatformFileKind(path: origin.path) == nil { report(origin, note.message) }
        }
        let sorted = inexact.values.sorted {
            ($0.origin.path, $0.origin.line, $0.origin.column) < ($1.origin.path, $1.origin.line, $1.origin.column)
        }
        return (
            sorted.map {
                ImportReport.InexactPattern(location: $0.origin.location, pattern: $0.pattern, reason: $0.reason, findings: $0.findings)
            },
            remaining
        )
    }

    /// What to say on standard error besides the findings: notes and placeholders once each,
    /// a round trip that checks nothing, the files left out of it, claims not decided.
    private static func messages(_ input: Input, manifest: ImportedManifest, final: RoundTrip.Check) -> [RunMessage] {
        var messages: [RunMessage] = []
        var said = Set<String>()
        for note in manifest.notes where note.kind != .inexactPattern {
            let message = message(note)
            if said.insert(message.description).inserted { messages.append(message) }
        }
        if manifest.settings.hosts.isEmpty && !input.checked.isEmpty {
            messages.append(
                RunMessage(
                    .warning,
                    "the files name no host, so the routes claim no URL and the round trip checks nothing: name the hosts with --host"))
        }
        for path in input.unchecked {
            messages.append(RunMessage(.note, "'\(path)' claims no https link; it is not part of the round trip"))
        }
        messages += final.result.undecidedPlatformFiles.map { failure in
            RunMessage(.error, "cannot check '\(failure.path)': \(failure.reason)")
        }
        return messages
    }

    /// A note of the import, as standard error says it: a placeholder kept is a warning.
    fileprivate static func message(_ note: ImportedManifest.Note) -> RunMessage {
        let place = note.origin.map { "\($0.location): " } ?? ""
        return RunMessage(note.kind == .placeholder ? .warning : .note, "\(place)\(note.message)")
    }

    /// What `routelint init` says when `directory` holds files an import reads ("found
    /// apple-app-site-association and 2 navigation graphs: …"); nil when it holds none.
    package static func offer(in directory: String, fileSystem: any RouteSetFileSystem = DiskFileSystem()) -> String? {
        let loader = RouteSetLoader(
            configuration: LintConfiguration(baseDirectory: directory), workingDirectory: directory, fileSystem: fileSystem)
        let found = loader.importFiles([], numberedFrom: 1)
        var kinds: [String] = []
        for file in found.linkFiles {
            guard let kind = PlatformFileKind(path: file.path) else { continue }
            let name = kind == .entitlements ? "an entitlements file" : kind.rawValue
            if !kinds.contains(name) { kinds.append(name) }
        }
        let graphs = found.navigationFiles.filter { $0.path.split(separator: "/").dropLast().last?.hasPrefix("navigation") == true }
        if !graphs.isEmpty { kinds.append(graphs.count == 1 ? "a navigation graph" : "\(graphs.count) navigation graphs") }
        guard !kinds.isEmpty else { return nil }
        let listed = kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds[kinds.count - 1]
        return "Found \(listed): run `routelint import --output app.routes.yaml` to write a manifest from them (docs/adopting.md)."
    }

    /// The text of a range on one line, for naming a pattern.
    fileprivate static func text(of range: SourceRange, in file: SourceFile) -> String {
        guard range.start.line == range.end.line, let line = LineIndex(file.bytes).line(Int(range.start.line)) else { return "" }
        let characters = Array(line.unicodeScalars)
        let from = min(max(Int(range.start.column) - 1, 0), characters.count)
        let to = min(max(Int(range.end.column) - 1, from), characters.count)
        var text = ""
        text.unicodeScalars.append(contentsOf: characters[from..<to])
        return text
    }

    /// The file `options.output` names: a folder (existing, or written with a trailing `/`)
    /// gets `APP.routes.yaml`. The import never replaces a file.
    private static func manifestPath(_ options: ImportOptions) throws(RunFailure) -> String {
        var path = options.output
        let absolute = FilePath.absolute(path, in: options.workingDirectory)
        if path.hasSuffix("/") || (try? options.fileSystem.entry(at: absolute).get().kind) == .directory {
            let name = (options.app ?? "app").map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "-" }
            path = FilePath.join(path.hasSuffix("/") ? String(path.dropLast()) : path, String(name) + ".routes.yaml")
        }
        guard RouteSetLoader.isManifestName(path) else {
            throw RunFailure([
                RunMessage(.error, "'\(path)' is not named *.routes.yaml or *.routes.yml, so lint would not find it")
            ])
        }
        if case .success = options.fileSystem.entry(at: FilePath.absolute(path, in: options.workingDirectory)) {
            throw RunFailure([
                RunMessage(.error, "'\(path)' exists; import writes a new manifest and never replaces one")
            ])
        }
        return path
    }

    /// Writes the manifest: a new file, never over one.
    package func write(in workingDirectory: String) throws(RunFailure) {
        do {
            try OutputFile.writeNew(Array(text.utf8), to: FilePath.absolute(report.outputPath, in: workingDirectory))
        } catch {
            throw RunFailure([RunMessage(.error, "cannot write '\(report.outputPath)': \(error.reason)")])
        }
    }
}

extension ImportedManifest {
    /// Makes each of `testURLs` an example of the route it opens, as `resolver` (the checked
    /// import) resolves it; one that opens none, or opens the app from no link, is noted and
    /// left out, as `lint` would report it (`wrong-example`).
    mutating func takeExamples(
        _ testURLs: [(url: String, origin: ImportOrigin)], resolver: URLResolver, routeIndex: [String: Int]
    ) {
        for (url, origin) in testURLs {
            guard !LinkURL.holdsRawSpaceOrControl(url) else {
                notes.append(
                    Note(.skipped, "test URL \(url) holds white space or a control character, which a URL percent-encodes", at: origin))
                continue
            }
            guard LinkURL(url)?.scheme != nil else {
                notes.append(Note(.skipped, "test URL \(url) is not absolute: an example names its scheme", at: origin))
                continue
            }
            let resolution = resolver.resolve(url)
            guard resolution.status == .resolved, resolution.notHandedToApp == nil, let route = resolution.route,
                let index = routeIndex[route]
            else {
                let why = resolution.notHandedToApp ?? resolution.reason?.message ?? "it opens no one route"
                notes.append(Note(.skipped, "test URL \(url) is no example of an imported route: \(why)", at: origin))
                continue
            }
            if !routes[index].examples.contains(url) { routes[index].examples.append(url) }
        }
    }
}
