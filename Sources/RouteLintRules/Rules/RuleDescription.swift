import RouteLintChanges
import RouteLintCore
import RouteLintDevice
import RouteLintPlatform
import RouteLintServed

/// Everything a user reads about a rule, and the examples the tests run.
///
/// In example manifests `↓` marks where a finding must point: the test suite removes each
/// marker, lints the example and expects one finding of the rule at every marker and none
/// elsewhere. `routelint explain` prints the examples without their markers.
package struct RuleDescription: Sendable {
    /// The stable kebab-case id (`conflicting-patterns`).
    package let id: String
    /// The severity of its findings unless the configuration says otherwise.
    package let defaultSeverity: Severity
    /// One line, for `routelint rules` and SARIF's shortDescription.
    package let summary: String
    /// Why the rule exists and what to do about a finding.
    package let rationale: String
    /// Example route sets that trigger the rule, with `↓` where each finding points.
    package var triggeringExamples: [RuleExample] { makeTriggeringExamples() }
    /// Example route sets that lint clean: no finding of any rule.
    package var nonTriggeringExamples: [RuleExample] { makeNonTriggeringExamples() }
    // Made when read, not with the description: a lint reads every rule's id and severity
    // (a configuration names rules by id), and the examples of the size limits are megabytes
    // of text — 48 M instructions in every lint run beside a configuration file, when they
    // were made with the descriptions.
    private let makeTriggeringExamples: @Sendable () -> [RuleExample]
    private let makeNonTriggeringExamples: @Sendable () -> [RuleExample]
    /// The options the configuration may set for the rule.
    package let options: [RuleOptionDescription]
    /// What the fix its findings carry does, for a rule whose findings can name one
    /// (`lint --fix`, docs/usage.md "Fixing findings"); nil when they never do.
    package let fix: String?

    /// Where the rule's documentation is read: its section of `docs/rules.md`.
    package var documentationURI: String { RouteLintVersion.informationURI + "/blob/main/docs/rules.md#" + id }

    /// A rule's description; see the properties.
    package init(
        id: String, defaultSeverity: Severity, summary: String, rationale: String,
        triggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample],
        nonTriggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample],
        options: [RuleOptionDescription] = [], fix: String? = nil
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        makeTriggeringExamples = triggeringExamples
        makeNonTriggeringExamples = nonTriggeringExamples
        self.options = options
        self.fix = fix
    }
}

/// An integer option of a rule, such as `max` of `tab-limit`.
package struct RuleOptionDescription: Sendable {
    /// The option's key (`max`).
    package let name: String
    /// What it sets.
    package let summary: String
    /// Its value when the configuration does not set it.
    package let defaultValue: Int
    /// The least value it takes.
    package let minimum: Int

    /// An option; see the properties.
    package init(name: String, summary: String, defaultValue: Int, minimum: Int) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.minimum = minimum
    }
}

/// One example route set: usually one manifest, several where the rule is about files.
package struct RuleExample: Sendable {
    /// One file of an example.
    package struct File: Sendable {
        /// Its name, for positions and for rules about files.
        package let name: String
        /// Its text, with `↓` before each spot a finding points at.
        package let contents: String

        /// The text without markers, as documentation shows it: a line longer than 200
        /// characters is cut, with a count of the rest (an example of a size limit is large).
        package var shown: String {
            let limit = 200
            return contents.filter { $0 != RuleExample.marker }.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.count <= limit ? String(line) : line.prefix(limit) + "… (\(line.count - limit) more characters)" }
                .joined(separator: "\n")
        }
    }

    /// The mark of a finding's position in an example, removed before the example is linted.
    package static let marker: Character = "↓"

    /// `count` letters `x`, made in one allocation: the examples of size limits are a megabyte
    /// long, and `String(repeating:count:)` appends one string at a time — 0.4 G instructions in
    /// every process that reads the rules' descriptions (the language server, SARIF, `explain`).
    package static func filler(_ count: Int) -> String {
        String(decoding: [UInt8](repeating: UInt8(ascii: "x"), count: count), as: UTF8.self)
    }

    /// The files, linted as one route set in this order.
    package let files: [File]
    /// For a rule about changes (`routelint diff`): the route set before the change, which
    /// `files` changes. Empty for every other rule.
    package let before: [File]

    /// A one-file example.
    package init(_ contents: String) {
        files = [File(name: "example.routes.yaml", contents: contents)]
        before = []
    }

    /// A change of one manifest, from `before` to `after` (where the markers are).
    package init(before: String, after: String) {
        files = [File(name: "example.routes.yaml", contents: after)]
        self.before = [File(name: "example.routes.yaml", contents: before)]
    }

    /// A change of several files, each route set read in the order given.
    package init(before: [(name: String, contents: String)], after: [(name: String, contents: String)]) {
        files = after.map { File(name: $0.name, contents: $0.contents) }
        self.before = before.map { File(name: $0.name, contents: $0.contents) }
    }

    /// An example of several files, linted as one route set in the order given.
    package init(files: [(name: String, contents: String)]) {
        self.files = files.map { File(name: $0.name, contents: $0.contents) }
        before = []
    }
}

/// A rule: its description, and a check of one of the kinds below.
package protocol Rule: Sendable {
    /// The rule's id, severity, documentation and examples.
    static var description: RuleDescription { get }
    /// What the rule checks, and the rule as that kind: given by the protocol it conforms to.
    static var kind: RuleKind { get }
}

/// What a rule checks, with the rule as a rule of that kind: how the registry sorts the rules
/// without casting each one (a cast looks the conformance up in the binary's tables, and the
/// registry's casts cost a lint 24 million instructions at start).
package enum RuleKind: Sendable {
    case file(any FileRule.Type)
    case app(any AppRule.Type)
    case platform(any PlatformRule.Type)
    case change(any ChangeRule.Type)
    case host(any HostRule.Type)
    case device(any DeviceRule.Type)
    /// A rule the run applies itself (`unused-suppression`).
    case run
}

extension Rule {
    package static var kind: RuleKind { .run }
}

extension FileRule {
    package static var kind: RuleKind { .file(self) }
}

extension AppRule {
    package static var kind: RuleKind { .app(self) }
}

extension PlatformRule {
    package static var kind: RuleKind { .platform(self) }
}

extension ChangeRule {
    package static var kind: RuleKind { .change(self) }
}

extension HostRule {
    package static var kind: RuleKind { .host(self) }
}

extension DeviceRule {
    package static var kind: RuleKind { .device(self) }
}

/// A rule about reading one file: it words the issues of its kind that the YAML reader and
/// the decoder found (`ManifestIssue`).
package protocol FileRule: Rule {
    /// Reports a finding for each issue of the rule's kind among one file's `issues`.
    static func check(_ issues: [ManifestIssue], into findings: inout FindingSink)
}

/// A rule about the merged model of an app.
package protocol AppRule: Rule {
    /// Whether the rule looks for what is absent (a declaration, a link, a tab), and so
    /// skips that part of its check while a file of the app cannot be read
    /// (`AppModel.isComplete`).
    static var needsEveryFile: Bool { get }

    /// Whether the rule builds, while it checks, a structure as large as the app's routes (a
    /// trie of their paths, a search's tables of their values, the link graph's components).
    /// Such rules run one after another, beside the others: two of them at once were a large
    /// route set's peak memory.
    static var buildsRouteSizedIndex: Bool { get }

    /// Reports the rule's findings in `app`, with the rule's `options` from the configuration.
    static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink)
}

/// A rule about platform link files checked against their app: it words the facts of its kind
/// that `PlatformLinkCheck` found.
package protocol PlatformRule: Rule {
    /// Whether its facts come from comparing claims over every path, which costs more.
    static var comparesClaims: Bool { get }
    /// Reports a finding for each fact of the rule's kind.
    static func check(_ facts: PlatformFacts, into findings: inout FindingSink)
}

/// A rule about the change between two revisions of a route set (`routelint diff`): it words
/// the changes of its kind that `RouteChanges` found. `lint` never runs it.
package protocol ChangeRule: Rule {
    /// Reports a finding for each change of the rule's kind.
    static func check(_ changes: RouteChanges, into findings: inout FindingSink)
}

/// A rule about how a host serves a platform file (`routelint hosts`): it words the facts of
/// its kind that the fetches found. `lint` never runs it.
package protocol HostRule: Rule {
    /// Reports a finding for each fact of the rule's kind.
    static func check(_ facts: ServedFacts, into findings: inout FindingSink)
}

/// A rule about what a device says of the app's links (`routelint device-links`): it words the
/// facts of its kind that the outputs of `pm get-app-links` hold. `lint` never runs it.
package protocol DeviceRule: Rule {
    /// Reports a finding for each fact of the rule's kind.
    static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink)
}

extension PlatformRule {
    package static var comparesClaims: Bool { false }
}

extension AppRule {
    package static var needsEveryFile: Bool { false }
    package static var buildsRouteSizedIndex: Bool { false }
}

/// A rule's options, as the configuration sets them (`tab-limit: {max: 4}`).
package struct RuleOptions: Sendable, Equatable {
    private var integers: [String: Int]

    /// Options with these integer values, by name.
    package init(_ integers: [String: Int] = [:]) {
        self.integers = integers
    }

    /// The value of `option`, one a rule declares: as the configuration sets it, else its
    /// default. A rule reads its options through their declarations, so that an option's name
    /// and default are written once, in the description `explain` and the configuration read.
    package func value(of option: RuleOptionDescription) -> Int {
        integers[option.name] ?? option.defaultValue
    }
}
