import RouteLintCore

/// `.routelint.yml`: which files make the route set, and how each rule is set.
///
/// ```yaml
/// include: ["Manifests/**/*.routes.yaml"]   # globs, relative to this file
/// exclude: ["Manifests/legacy/**"]
/// platform-files:                           # platform link files checked against the routes
///   - web/.well-known/apple-app-site-association
///   - {path: android/app/src/main/AndroidManifest.xml, app: shop}
/// unreachable-route: off                    # a rule: off, or a severity,
/// tab-index-gap: warning
/// tab-limit: {severity: error, max: 4}      # or a severity with options
/// holder-types: named                       # how `generate` types holders
/// swift-access: internal                    # the generated Swift's access level
/// baseline: routelint-baseline.json         # findings accepted, relative to this file
/// ```
package struct LintConfiguration: Sendable {
    /// How one rule is set: on or off, at which severity, with which options.
    package struct RuleSetting: Sendable, Equatable {
        /// False when the rule is `off`.
        package var isEnabled = true
        /// The severity findings of the rule take, when not the rule's default.
        package var severity: Severity?
        /// The rule's options (`tab-limit: {max: 4}`).
        package var options = RuleOptions()
    }

    /// The folder the globs are relative to: the configuration file's.
    package var baseDirectory: String
    /// The globs that select the files of the route set; none selects every `*.routes.yaml`/`*.routes.yml`.
    package var include: [Glob] = []
    /// The globs that remove files from the route set.
    package var exclude: [Glob] = []
    /// `platform-files`: the platform link files to check, each a path or glob relative to
    /// this file's folder, and the app it belongs to when the set has several.
    package var platformFiles: [PlatformFileEntry] = []

    /// One item of `platform-files`.
    package struct PlatformFileEntry: Sendable, Equatable {
        /// The path or glob.
        package var glob: Glob
        /// The app the files belong to; nil for the route set's only app.
        package var app: String?

        /// The files `glob` selects, for the app `app`.
        package init(glob: Glob, app: String? = nil) {
            self.glob = glob
            self.app = app
        }
    }
    /// `holder-types`: how `routelint generate` types the holders; nil when not set.
    package var holderTypes: HolderTypes?
    /// `swift-access`: the access level of the Swift `routelint generate` writes; nil when not set.
    package var swiftAccess: SwiftAccess?
    /// `served-hosts`: the subdomains `routelint hosts` checks for the wildcard hosts that
    /// cover them (a wildcard itself cannot be fetched).
    package var servedHosts: [String] = []
    /// `baseline`: the baseline every gated run applies when no `--baseline` is given, as
    /// written (relative to the configuration's folder); nil when not set.
    package var baseline: String?
    /// Each rule's setting, by rule id; a rule not named keeps its defaults.
    package var rules: [String: RuleSetting] = [:]

    /// Whether the rule `description` describes runs: every rule does unless set `off`.
    package func enables(_ description: RuleDescription) -> Bool {
        rules[description.id]?.isEnabled ?? true
    }
    /// The configuration file, when there is one.
    package var path: String?

    /// The defaults (every rule on at its default severity), with globs relative to `baseDirectory`.
    package init(baseDirectory: String = ".") {
        self.baseDirectory = baseDirectory
    }

    /// The name routelint looks for in the working directory and its parents.
    package static let fileName = ".routelint.yml"

    /// A configuration that cannot be used: the message names the file, line and column.
    package struct LoadError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Reads a configuration from its bytes, as if read from `path`: globs are relative to
    /// its folder, and errors name it.
    package static func parse(_ bytes: [UInt8], path: String) throws(LoadError) -> LintConfiguration {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var configuration = LintConfiguration(baseDirectory: directory.isEmpty ? "/" : directory)
        configuration.path = path
        func fail(_ range: SourceRange, _ message: String) -> LoadError {
            LoadError(description: "\(path):\(range.start.line):\(range.start.column): \(message)")
        }
        let document: YAMLDocument?
        do {
            document = try YAMLFile.parse(bytes)
        } catch {
            throw fail(error.range, error.message)
        }
        guard let document, let root = document.root, !document.isNull(root) else { return configuration }
        guard document.kind(root) == .mapping else { throw fail(document.range(root), "the configuration must be a mapping") }

        let ruleIDs = RuleRegistry.ids
        for pair in document.pairs(root) {
            guard let key = document.text(pair.key) else { throw fail(document.range(pair.key), "keys must be strings") }
            switch key {
            case "include", "exclude":
                let globs = try globList(pair.value, in: document, key: key, fail: fail)
                if key == "include" { configuration.include = globs } else { configuration.exclude = globs }
            case "platform-files":
                configuration.platformFiles = try platformFileList(pair.value, in: document, fail: fail)
            case "served-hosts":
                configuration.servedHosts = try hostList(pair.value, in: document, fail: fail)
            case "baseline":
                guard case .string(let text)? = document.scalar(pair.value)?.resolved, !text.isEmpty else {
                    throw fail(document.range(pair.value), "'baseline' must be the path of a baseline file, relative to this file")
                }
                configuration.baseline = text
            case "holder-types":
                configuration.holderTypes = try choice(pair.value, in: document, key: key, fail: fail)
            case "swift-access":
                configuration.swiftAccess = try choice(pair.value, in: document, key: key, fail: fail)
            default:
                guard let rule = RuleRegistry.description(of: key) else {
                    throw fail(
                        document.range(pair.key),
                        "unknown key or rule '\(key)'"
                            + Suggestion.hint(
                                for: key,
                                among: ["include", "exclude", "platform-files", "holder-types", "swift-access", "served-hosts", "baseline"]
                                    + ruleIDs))
                }
                configuration.rules[key] = try ruleSetting(pair.value, in: document, rule: rule, fail: fail)
            }
        }
        return configuration
    }

    private static func globList(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, key: String,
        fail: (SourceRange, String) -> LoadError
    ) throws(LoadError) -> [Glob] {
        if let text = document.scalar(node).flatMap({ if case .string(let text) = $0.resolved { return text } else { return nil } }) {
            guard !text.isEmpty else {
                throw fail(document.range(node), "'\(key)' must be a glob or a list of globs, found an empty string")
            }
            return [Glob(text)]
        }
        guard document.kind(node) == .sequence else { throw fail(document.range(node), "'\(key)' must be a glob or a list of globs") }
        var globs: [Glob] = []
        for item in document.items(node) {
            guard case .string(let text)? = document.scalar(item)?.resolved, !text.isEmpty else {
                throw fail(document.range(item), "each item of '\(key)' must be a glob")
            }
            globs.append(Glob(text))
        }
        return globs
    }

    /// A setting that names one of `Value`'s cases (`holder-types`, `swift-access`); any other
    /// value is an error that names them all and the nearest.
    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, key: String, fail: (SourceRange, String) -> LoadError
    ) throws(LoadError) -> Value where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        guard case .string(let text)? = document.scalar(node)?.resolved, let value = Value(rawValue: text) else {
            let quoted = names.map { "'\($0)'" }
            throw fail(
                document.range(node),
                "'\(key)' must be " + quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
                    + Suggestion.hint(for: document.text(node) ?? "", among: names))
        }
        return value
    }

    /// `served-hosts`: a list of host names, none a wildcard.
    private static func hostList(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, fail: (SourceRange, String) -> LoadError
    ) throws(LoadError) -> [String] {
        guard document.kind(node) == .sequence else { throw fail(document.range(node), "'served-hosts' must be a list of host names") }
        var hosts: [String] = []
        for item in document.items(node) {
            guard case .string(let text)? = document.scalar(item)?.resolved, !text.isEmpty, !text.contains("*"),
                !text.contains("/"), !text.contains(":")
            else {
                throw fail(document.range(item), "each item of 'served-hosts' must be a host name such as shop.example.com, not a wildcard")
            }
            hosts.append(text.lowercased())
        }
        return hosts
    }

    /// `platform-files`: a list whose items are a path or glob, or `{path: P, app: NAME}`.
    private static func platformFileList(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, fail: (SourceRange, String) -> LoadError
    ) throws(LoadError) -> [PlatformFileEntry] {
        guard document.kind(node) == .sequence else {
            throw fail(document.range(node), "'platform-files' must be a list of paths, or of {path: P, app: NAME}")
        }
        var entries: [PlatformFileEntry] = []
        for item in document.items(node) {
            if case .string(let text)? = document.scalar(item)?.resolved, !text.isEmpty {
                entries.append(PlatformFileEntry(glob: Glob(text)))
                continue
            }
            guard document.kind(item) == .mapping else {
                throw fail(document.range(item), "each item of 'platform-files' must be a path or {path: P, app: NAME}")
            }
            var path: String?
            var app: String?
            for pair in document.pairs(item) {
                guard case .string(let value)? = document.scalar(pair.value)?.resolved, !value.isEmpty else {
                    throw fail(document.range(pair.value), "'\(document.text(pair.key) ?? "")' must be a string")
                }
                switch document.text(pair.key) {
                case "path": path = value
                case "app": app = value
                default:
                    throw fail(document.range(pair.key), "an item of 'platform-files' has the keys 'path' and 'app'")
                }
            }
            guard let path else { throw fail(document.range(item), "an item of 'platform-files' needs a 'path'") }
            entries.append(PlatformFileEntry(glob: Glob(path), app: app))
        }
        return entries
    }

    private static func ruleSetting(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, rule: RuleDescription,
        fail: (SourceRange, String) -> LoadError
    ) throws(LoadError) -> RuleSetting {
        var setting = RuleSetting()
        let levels = ["off"] + Severity.allCases.reversed().map(\.rawValue)
        func level(_ node: YAMLDocument.NodeID) throws(LoadError) {
            // `off` is a string in YAML 1.2, which this reads; `false` means the same.
            let scalar = document.scalar(node)
            if scalar?.resolved == .bool(false) || scalar?.text == "off" {
                setting.isEnabled = false
            } else if let text = scalar?.text, let severity = Severity(rawValue: text), scalar?.resolved == .string(text) {
                setting.severity = severity
            } else {
                let found = scalar?.text ?? "a \(document.kind(node) == .sequence ? "list" : "mapping")"
                throw fail(
                    document.range(node),
                    "'\(rule.id)' must be \(englishList(levels, conjunction: "or")), found '\(found)'"
                        + Suggestion.hint(for: found, among: levels))
            }
        }
        guard document.kind(node) == .mapping else {
            try level(node)
            return setting
        }
        var values: [String: Int] = [:]
        for pair in document.pairs(node) {
            guard let key = document.text(pair.key) else { throw fail(document.range(pair.key), "keys must be strings") }
            if key == "severity" {
                try level(pair.value)
                continue
            }
            guard let option = rule.options.first(where: { $0.name == key }) else {
                let known = ["severity"] + rule.options.map(\.name)
                throw fail(
                    document.range(pair.key),
                    "'\(rule.id)' has no option '\(key)'"
                        + (Suggestion.nearest(to: key, among: known).map { "; did you mean '\($0)'?" }
                            ?? "; it takes \(englishList(known.map { "'\($0)'" }, conjunction: "or"))"))
            }
            guard case .int(let value)? = document.scalar(pair.value)?.resolved, value >= option.minimum else {
                throw fail(document.range(pair.value), "option '\(key)' of '\(rule.id)' must be an integer of at least \(option.minimum)")
            }
            values[key] = value
        }
        setting.options = RuleOptions(values)
        return setting
    }

    /// The configured baseline's path, made absolute against `workingDirectory` (from the
    /// configuration's folder); nil when none is set.
    package func baselinePath(workingDirectory: String) -> String? {
        baseline.map { FilePath.absolute($0, in: FilePath.absolute(baseDirectory, in: workingDirectory)) }
    }

    /// The rule options to lint with.
    package var ruleOptions: [String: RuleOptions] { rules.mapValues(\.options) }
}
