/// Everything a user reads about a rule, and the examples the tests run.
///
/// In example manifests `↓` marks where a finding must point: the test suite removes each
/// marker, lints the example and expects one finding of the rule at every marker and none
/// elsewhere. `routelint explain` prints the examples without their markers.
public struct RuleDescription: Sendable {
    public let id: String
    public let defaultSeverity: Severity
    /// One line, for `routelint rules` and SARIF's shortDescription.
    public let summary: String
    /// Why the rule exists and what to do about a finding.
    public let rationale: String
    public let triggeringExamples: [RuleExample]
    public let nonTriggeringExamples: [RuleExample]
    /// The options the configuration may set for the rule.
    public let options: [RuleOptionDescription]

    /// Where the rule's documentation is read: its section of `docs/rules.md`.
    public var documentationURI: String { RouteLintVersion.informationURI + "/blob/main/docs/rules.md#" + id }

    public init(
        id: String, defaultSeverity: Severity, summary: String, rationale: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
        options: [RuleOptionDescription] = []
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.options = options
    }
}

/// An integer option of a rule, such as `max` of `tab-limit`.
public struct RuleOptionDescription: Sendable {
    public let name: String
    public let summary: String
    public let defaultValue: Int
    public let minimum: Int

    public init(name: String, summary: String, defaultValue: Int, minimum: Int) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.minimum = minimum
    }
}

/// One example route set: usually one manifest, several where the rule is about files.
public struct RuleExample: Sendable {
    public struct File: Sendable {
        public let name: String
        public let contents: String
    }

    public static let marker: Character = "↓"

    public let files: [File]

    /// A one-file example.
    public init(_ contents: String) {
        files = [File(name: "example.routes.yaml", contents: contents)]
    }

    /// An example of several files, linted as one route set in the order given.
    public init(files: [(name: String, contents: String)]) {
        self.files = files.map { File(name: $0.name, contents: $0.contents) }
    }
}

/// A rule: its description, and a check of one of the kinds below.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
}

/// A rule about reading one file: it words the issues of its kind that the YAML reader and
/// the decoder found (`ManifestIssue`).
public protocol FileRule: Rule {
    static func check(_ issues: [ManifestIssue], into findings: inout FindingSink)
}

/// A rule about the merged model of an app.
public protocol AppRule: Rule {
    /// Whether the rule looks for what is absent (a declaration, a link, a tab), and so
    /// skips that part of its check while a file of the app cannot be read
    /// (`AppModel.isComplete`).
    static var needsEveryFile: Bool { get }

    static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink)
}

extension AppRule {
    public static var needsEveryFile: Bool { false }
}

/// A rule's options, as the configuration sets them (`tab-limit: {max: 4}`).
public struct RuleOptions: Sendable, Equatable {
    private var integers: [String: Int]

    public init(_ integers: [String: Int] = [:]) {
        self.integers = integers
    }

    public func integer(_ name: String, default defaultValue: Int) -> Int {
        integers[name] ?? defaultValue
    }
}
