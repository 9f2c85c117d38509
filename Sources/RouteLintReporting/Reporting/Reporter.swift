import RouteLintCore

/// What a run gives its reporters: the findings to show, the files they point into, and
/// what the run could not do.
public struct LintReport: Sendable {
    /// The findings reported, in report order.
    public let active: [Finding]
    /// Findings silenced by a directive or accepted by a baseline (SARIF keeps them).
    public let suppressed: [Finding]
    /// The files the findings point into, indexed by `FileID`.
    public let files: [SourceFile]
    /// What the summary says: files, routes, time, unreadable paths.
    public let totals: Totals
    /// Checks the run skipped, and why.
    public let skippedChecks: [String]
    /// Paths that could not be read: the run is incomplete.
    public let unreadable: [ReadFailure]
    /// The least severity that fails the run.
    public let failingSeverity: Severity
    /// The apps the findings concern, for the outputs that draw them (the audit page, the
    /// Markdown flowchart).
    package let apps: [AppModel]
    /// For `routelint diff`: the other revision; nil for a lint.
    package let comparison: Comparison?
    /// What SARIF's artifact locations and fingerprints and GitHub's annotations name the
    /// files from: the project's root, whatever folder the run started in.
    package let root: ProjectRoot

    /// What a report of changes knows of the other revision.
    package struct Comparison: Sendable {
        /// The apps in the other revision.
        package let earlierApps: [AppModel]
        /// For each of the report's files, the app it declares, in words ("app 'shop'").
        let appOfFile: [String]

        /// What a report of changes knows; see the properties.
        package init(earlierApps: [AppModel], appOfFile: [String]) {
            self.earlierApps = earlierApps
            self.appOfFile = appOfFile
        }

        /// The app that `file` declares, in words: where a change belongs.
        package func app(of file: FileID) -> String { appOfFile[Int(file.index)] }
    }

    /// What the summary line says beyond the findings.
    public struct Totals: Sendable {
        /// The number of manifests read.
        public let files: Int
        /// The number of routes.
        public let routes: Int
        /// The run's time, when it is shown.
        public let seconds: Double?
        /// Paths that could not be read: the run is incomplete.
        public let unreadablePaths: Int
        /// What the run judged besides the manifests, by command.
        public let subject: Subject

        /// Totals; see the properties.
        public init(files: Int, routes: Int, seconds: Double?, unreadablePaths: Int = 0, subject: Subject = .lint()) {
            self.files = files
            self.routes = routes
            self.seconds = seconds
            self.unreadablePaths = unreadablePaths
            self.subject = subject
        }
    }

    /// What a run judged, each command's own counts: what its summary names besides the
    /// manifests and their routes.
    public enum Subject: Sendable {
        /// `lint`: the platform link files checked beside the manifests, and the files that look
        /// like manifests and that the run knowingly left out (a note names them).
        case lint(platformFiles: Int = 0, leftOut: Int = 0)
        /// `diff`: the revision compared with, in words; the findings are changes.
        case diff(against: String)
        /// `hosts`: the files served (status 200) and judged, and how many of the unreadable
        /// paths are URLs that could not be fetched.
        case hosts(servedFiles: Int, unfetchedURLs: Int)
        /// `device-links`: the outputs of `pm get-app-links` judged.
        case deviceLinks(outputs: Int)
    }

    /// A report; see the properties.
    package init(
        active: [Finding], suppressed: [Finding] = [], files: [SourceFile], totals: Totals,
        skippedChecks: [String] = [], unreadable: [ReadFailure] = [], failingSeverity: Severity = .error, apps: [AppModel] = [],
        comparison: Comparison? = nil, root: ProjectRoot = .asGiven
    ) {
        self.apps = apps
        self.root = root
        self.comparison = comparison
        self.active = active
        self.suppressed = suppressed
        self.files = files
        self.totals = totals
        self.skippedChecks = skippedChecks
        self.unreadable = unreadable
        self.failingSeverity = failingSeverity
    }
}

/// An output format. A reporter is a pure function of the report: it writes, piece by
/// piece, to any text stream, and reads nothing else.
public protocol Reporter {
    /// Writes `report` to `output`, piece by piece.
    func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output)
}

extension LintReport {
    /// Each file's name from the project's root, by `FileID`: what the baseline, SARIF and
    /// GitHub's annotations call it.
    package var rootNames: [String] { files.map { root.name($0.path) } }
}

extension Reporter {
    /// The report as one string: for tests and small outputs.
    public func render(_ report: LintReport) -> String {
        var output = ""
        write(report, to: &output)
        return output
    }
}
