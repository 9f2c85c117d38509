/// What one lint run found, and what the reporters need to show it.
public struct LintResult: Sendable {
    /// The files linted, indexed by `FileID`.
    public let files: [SourceFile]
    /// Findings in report order (file, position, rule).
    public let findings: [Finding]
    public let apps: [AppModel]

    public var routeCount: Int { apps.reduce(0) { $0 + $1.routes.count } }
}

/// Runs the pipeline: bytes → YAML nodes → manifests → apps → rules → findings.
public enum Linter {
    /// Lints `files` as one route set. `files[i].id` must be `FileID(i)`, in path order.
    /// `someFilesUnread` says that files of the set could not be read, so what looks absent
    /// may be declared there (see `AppModel.isComplete`).
    public static func lint(_ files: [SourceFile], someFilesUnread: Bool = false,
                            ruleOptions: [String: RuleOptions] = [:]) -> LintResult {
        var sink = FindingSink()
        var manifests: [Manifest] = []
        var isComplete = !someFilesUnread
        for file in files {
            let parsed = YAMLParser.parse(file.bytes, file: file.id)
            for issue in parsed.issues { sink.append(finding(for: issue)) }
            guard !parsed.issues.contains(where: { $0.kind == .syntax }) else {
                isComplete = false
                continue
            }
            let (manifest, findings) = ManifestDecoder.decode(parsed.document, file: file.id)
            findings.forEach { sink.append($0) }
            manifests.append(manifest)
        }
        let apps = AppModel.merge(manifests, isComplete: isComplete)
        for app in apps {
            for rule in RuleRegistry.appRules {
                rule.check(app, options: ruleOptions[rule.description.id] ?? RuleOptions(), into: &sink)
            }
        }
        return LintResult(files: files, findings: Finding.inReportOrder(sink.findings), apps: apps)
    }

    static func finding(for issue: YAMLIssue) -> Finding {
        switch issue.kind {
        case .syntax:
            return Finding(rule: YAMLSyntaxRule.description.id, severity: YAMLSyntaxRule.description.defaultSeverity,
                           message: issue.message, range: issue.range)
        case .duplicateKey(let key, let earlier):
            return Finding(rule: DuplicateKeyRule.description.id, severity: DuplicateKeyRule.description.defaultSeverity,
                           message: issue.message, range: issue.range,
                           related: [RelatedLocation(earlier, "'\(key)' first appears here")], subjects: [key])
        }
    }
}
