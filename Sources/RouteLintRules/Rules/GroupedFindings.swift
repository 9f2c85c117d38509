import RouteLintCore

/// The findings of one platform rule, grouped per file past a limit: a hand-written or hostile
/// file can hold hundreds of thousands of faulty patterns, and a report of each would run to
/// many megabytes. The first `individually` of each file are findings of their own; the rest
/// become one finding at the first of them that lists them as related locations, at most
/// `relatedAtMost`, and counts the others (`Finding.relatedOmitted`), as `conflicting-patterns`
/// groups a pattern's many conflicts.
struct GroupedFindings {
    /// The findings of one file reported one by one.
    static let individually = 100
    /// The related locations a group lists; JSON and SARIF carry them all.
    static let relatedAtMost = 1_000

    private let rule: RuleDescription
    /// What the grouped findings are, in the plural: "components that claim URLs no web route opens".
    private let what: String
    private var byFile: [FileID: [(message: String, range: SourceRange, subjects: [FindingSubject])]] = [:]
    private var files: [FileID] = []

    /// Findings of `rule`, which are `what` when grouped.
    init(_ rule: RuleDescription, what: String) {
        self.rule = rule
        self.what = what
    }

    /// Adds a finding, reported by `flush`.
    mutating func report(_ message: String, at range: SourceRange, subjects: [FindingSubject] = []) {
        if byFile[range.file] == nil { files.append(range.file) }
        byFile[range.file, default: []].append((message, range, subjects))
    }

    /// Reports what was added: each file's first findings one by one, the rest as a group.
    func flush(into findings: inout FindingSink) {
        for file in files {
            let all = byFile[file]!
            for item in all.prefix(Self.individually) {
                findings.report(rule, item.message, at: item.range, subjects: item.subjects)
            }
            let rest = all.dropFirst(Self.individually)
            guard let first = rest.first else { continue }
            let related = rest.prefix(Self.relatedAtMost).map { RelatedLocation($0.range, $0.message) }
            findings.report(
                rule,
                "\(rest.count) more \(what) in this file, beyond the \(Self.individually) reported one by one: "
                    + "each is a related location (\(related.count) listed)",
                at: first.range, related: Array(related), relatedOmitted: rest.count - related.count,
                subjects: [FindingSubject(.value, "\(rest.count) more")])
        }
    }
}
