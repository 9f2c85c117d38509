import RouteLintCore
import RouteLintRules

/// SARIF 2.1.0, as GitHub code scanning reads it: every rule's metadata, one result per
/// finding with a single location, related locations linked from the message, fingerprints
/// that survive lines moving, and suppressed findings kept with their suppression.
public struct SARIFReporter {
    /// GitHub code scanning keeps at most this many results of a run.
    public static let resultLimit = 25_000
    /// Version 2: identities by kind and name of their subjects (version 1 used message words).
    public static let fingerprintKey = "routelintIdentity/v2"

    /// Where the log's paths are relative to, and the version it names.
    public struct Options: Sendable {
        /// The absolute folder artifact URIs are relative to (`%SRCROOT%`): nil for the
        /// project's root (the configuration's folder, else the git work tree's top), so that a
        /// run from any folder of the project writes the same log.
        public var baseDirectory: String?
        /// The absolute folder relative paths of the files are relative to.
        public var workingDirectory: String
        /// The version of routelint the log names.
        public var version: String = RouteLintVersion.current

        /// Options with artifacts relative to `baseDirectory` (nil: the project's root) and
        /// files relative to `workingDirectory`.
        public init(baseDirectory: String? = nil, workingDirectory: String) {
            self.baseDirectory = baseDirectory
            self.workingDirectory = workingDirectory
        }
    }

    /// Where the log's paths are relative to.
    public let options: Options

    /// A reporter with `options`.
    public init(options: Options) {
        self.options = options
    }

    /// `unreadable` lists the paths of the route set that could not be read, with why: the
    /// log then says the run did not succeed, with a notification for each.
    private static func log(
        active: [Finding], suppressed: [Finding], files: [SourceFile], names: [String],
        notifications: [String] = [], unreadable: [(path: String, reason: String)] = [],
        baseDirectory: String, options: Options
    ) -> String {
        let artifacts = files.map { artifactLocation($0.path, baseDirectory: baseDirectory, options: options) }
        let rules = RuleRegistry.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let total = active.count + suppressed.count
        func finding(_ position: Int) -> Finding {
            position < active.count ? active[position] : suppressed[position - active.count]
        }
        var messages = notifications
        let all: [Finding]
        if total > resultLimit {
            // Keep the most severe, in report order, as GitHub drops whatever comes past the
            // limit: chosen by position, so that millions of findings are not copied to choose.
            let kept = (0..<total).sorted { lhs, rhs in
                let (left, right) = (finding(lhs).severity, finding(rhs).severity)
                return left != right ? left > right : lhs < rhs
            }.prefix(resultLimit).sorted()
            messages.append(
                "\(total - resultLimit) of \(total) results were left out, the least severe first: GitHub code scanning accepts at most \(resultLimit) per run."
            )
            all = kept.map(finding)
        } else {
            all = active + suppressed
        }
        let fingerprints = FindingIdentity.fingerprints(of: all, names: names)
        var edits = Fix.Edits(files: files)
        let results: [JSONValue] = all.enumerated().map { offset, finding in
            var fields: [(String, JSONValue)] = [
                ("ruleId", .string(finding.rule)),
                ("ruleIndex", .integer(ruleIndex[finding.rule] ?? 0)),
                ("level", .string(level(finding.severity))),
                ("message", .object([("text", .string(messageText(finding)))])),
                ("locations", .array([.object([("physicalLocation", physicalLocation(finding.range, artifacts: artifacts))])])),
            ]
            if !finding.related.isEmpty {
                fields.append(
                    (
                        "relatedLocations",
                        .array(
                            finding.related.enumerated().map { index, related in
                                .object([
                                    ("id", .integer(index + 1)),
                                    ("physicalLocation", physicalLocation(related.range, artifacts: artifacts)),
                                    ("message", .object([("text", .string(escaped(related.message)))])),
                                ])
                            })
                    ))
            }
            fields.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprints[offset]))])))
            // The edit that mends it (SARIF 2.1.0 §3.55): the same `lint --fix` makes.
            if let fix = finding.fix, let made = edits.edits(fix), let first = made.first {
                let replacements = made.map { edit -> JSONValue in
                    let region = JSONValue.object([
                        ("startLine", .integer(Int(edit.range.start.line))), ("startColumn", .integer(Int(edit.range.start.column))),
                        ("endLine", .integer(Int(edit.range.end.line))), ("endColumn", .integer(Int(edit.range.end.column))),
                    ])
                    return .object([("deletedRegion", region), ("insertedContent", .object([("text", .string(edit.text))]))])
                }
                let change = JSONValue.object([
                    ("artifactLocation", artifacts[Int(first.range.file.index)]), ("replacements", .array(replacements)),
                ])
                fields.append(
                    (
                        "fixes",
                        .array([
                            .object([
                                ("description", .object([("text", .string(escaped(fix.description)))])),
                                ("artifactChanges", .array([change])),
                            ])
                        ])
                    ))
            }
            // Related locations beyond those listed are counted, not dropped in silence.
            var properties: [(String, JSONValue)] = []
            if finding.relatedOmitted > 0 { properties.append(("relatedLocationsOmitted", .integer(finding.relatedOmitted))) }
            if !finding.witnesses.isEmpty { properties.append(("witnessURLs", .array(finding.witnesses.map(JSONValue.string)))) }
            if !properties.isEmpty { fields.append(("properties", .object(properties))) }
            if let suppression = finding.suppression {
                var entry: [(String, JSONValue)] = [("kind", .string(suppression.kind.rawValue))]
                if let justification = suppression.justification, !justification.isEmpty {
                    entry.append(("justification", .string(justification)))
                }
                fields.append(("suppressions", .array([.object(entry)])))
            }
            return .object(fields)
        }
        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(unreadable.isEmpty))]
        let notices = unreadable.map { ("error", "cannot read '\($0.path)': \($0.reason)") } + messages.map { ("warning", $0) }
        if !notices.isEmpty {
            invocation.append(
                (
                    "toolExecutionNotifications",
                    .array(
                        notices.map { level, message in
                            .object([("level", .string(level)), ("message", .object([("text", .string(message))]))])
                        })
                ))
        }
        let log = JSONValue.object([
            ("$schema", .string("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("routelint")),
                                        ("semanticVersion", .string(options.version)),
                                        ("version", .string(options.version)),
                                        ("informationUri", .string(RouteLintVersion.informationURI)),
                                        ("rules", .array(rules.map(ruleMetadata))),
                                    ])
                                )
                            ])
                        ),
                        ("invocations", .array([.object(invocation)])),
                        (
                            "originalUriBaseIds",
                            .object([("%SRCROOT%", .object([("uri", .string(fileURI(directory: baseDirectory)))]))])
                        ),
                        ("columnKind", .string("unicodeCodePoints")),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
        return log.serialized() + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// The message as a sentence, whose start GitHub shows as the alert's title, with a link
    /// to each related location: `[text](id)`.
    static func messageText(_ finding: Finding) -> String {
        // A sentence ends once: a message that ends in a question ("did you mean 'x'?") keeps it.
        let ending = finding.message.hasSuffix("?") || finding.message.hasSuffix(".") ? "" : "."
        var text = escaped(finding.message.prefix(1).uppercased() + finding.message.dropFirst()) + ending
        // The first related locations are linked from the text; `relatedLocations` holds them all.
        for (index, related) in finding.related.prefix(TextReporter.relatedLocationsShown).enumerated() {
            text += " See [\(escaped(related.message))](\(index + 1))."
        }
        return text
    }

    /// Square brackets and backslashes are escaped in SARIF messages, where `[text](id)` is a link.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "[" || character == "]" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The artifact location of the file the run names `name`.
    private static func artifactLocation(_ name: String, baseDirectory: String, options: Options) -> JSONValue {
        let path = FilePath.absolute(name, in: options.workingDirectory)
        if name.hasPrefix("https://") {
            // A file a host served (`routelint hosts`) is named by its URL, which is its URI.
            return .object([("uri", .string(name))])
        } else if let relative = relativePath(path, under: baseDirectory) {
            return .object([("uri", .string(relativeReference(relative))), ("uriBaseId", .string("%SRCROOT%"))])
        } else {
            return .object([("uri", .string("file://" + percentEncoded(path)))])
        }
    }

    private static func physicalLocation(_ range: SourceRange, artifacts: [JSONValue]) -> JSONValue {
        var region: [(String, JSONValue)] = [
            ("startLine", .integer(Int(range.start.line))),
            ("startColumn", .integer(Int(range.start.column))),
        ]
        // SARIF regions are not empty: a point (the end of a file, say) covers one character.
        let end = range.end > range.start ? range.end : SourcePosition(line: Int(range.start.line), column: Int(range.start.column) + 1)
        region += [("endLine", .integer(Int(end.line))), ("endColumn", .integer(Int(end.column)))]
        return .object([("artifactLocation", artifacts[Int(range.file.index)]), ("region", .object(region))])
    }

    private static func ruleMetadata(_ rule: RuleDescription) -> JSONValue {
        let helpURI = rule.documentationURI
        let fullDescription = rule.rationale.count <= 1024 ? rule.rationale : String(rule.rationale.prefix(1021)) + "..."
        let markdown =
            "**\(rule.id)** (default severity: \(rule.defaultSeverity.rawValue))\n\n\(rule.rationale)\n\n"
            + "Run `routelint explain \(rule.id)` for examples, or see [the rule's documentation](\(helpURI))."
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(fullDescription))])),
            ("help", .object([("text", .string(rule.rationale + "\n\nSee " + helpURI)), ("markdown", .string(markdown))])),
            ("helpUri", .string(helpURI)),
            ("defaultConfiguration", .object([("level", .string(level(rule.defaultSeverity)))])),
            ("properties", .object([("tags", .array([.string("routelint"), .string(RuleRegistry.category(of: rule.id))]))])),
        ])
    }

    // MARK: - Paths and URIs

    static func relativePath(_ path: String, under directory: String) -> String? {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : nil
    }

    static func fileURI(directory: String) -> String {
        "file://" + percentEncoded(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// A relative path as a URI reference: percent-encoded, and with `:` escaped in its first
    /// segment, where it would read as a scheme (`main:app.routes.yaml`, a file of a revision).
    static func relativeReference(_ path: String) -> String {
        let encoded = percentEncoded(path)
        let firstSegmentEnd = encoded.firstIndex(of: "/") ?? encoded.endIndex
        return encoded[..<firstSegmentEnd].map { $0 == ":" ? "%3A" : String($0) }.joined() + encoded[firstSegmentEnd...]
    }

    /// Percent-encodes what may not stand in a URI path: anything but unreserved characters,
    /// sub-delimiters, `:`, `@` and `/`.
    static func percentEncoded(_ path: String) -> String {
        URLText.percentEncoded(path) { URLText.isSegmentCharacter($0) && $0 != "'" || $0 == "/" || $0 == ":" }
    }
}

extension SARIFReporter: Reporter {
    public func write<Output: TextOutputStream>(_ report: LintReport, to output: inout Output) {
        output.write(
            Self.log(
                active: report.active, suppressed: report.suppressed, files: report.files, names: report.rootNames,
                notifications: report.skippedChecks, unreadable: report.unreadable.map { ($0.path, $0.reason) },
                baseDirectory: options.baseDirectory ?? (report.root.directory.isEmpty ? options.workingDirectory : report.root.directory),
                options: options))
    }
}
