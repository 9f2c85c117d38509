import RouteLintCore

/// Where rules put their findings. Each finding takes its rule's default severity; the
/// configuration may change it afterwards.
package struct FindingSink: Sendable {
    /// The findings reported so far, in the order they were reported.
    package private(set) var findings: [Finding] = []

    /// An empty sink.
    package init() {}

    /// Reports a finding of the rule `description` at its default severity, or at `severity`
    /// for a rule whose findings differ in weight (the configuration's severity still wins).
    package mutating func report(
        _ rule: RuleDescription, _ message: String, at range: SourceRange,
        related: [RelatedLocation] = [], relatedOmitted: Int = 0, subjects: [FindingSubject] = [], suggestion: String? = nil,
        witnesses: [String] = [], severity: Severity? = nil, parts: [Finding.Part] = [], fix: Fix? = nil
    ) {
        var finding = Finding(
            rule: rule.id, severity: severity ?? rule.defaultSeverity, message: message,
            range: range, related: related, relatedOmitted: relatedOmitted, subjects: subjects, suggestion: suggestion)
        finding.witnesses = witnesses
        finding.parts = parts
        // A suggestion is the text that mends the finding, written where it points.
        finding.fix = fix ?? suggestion.map { Fix("change to '\($0)'", replacing: range, with: $0) }
        findings.append(finding)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        findings.reserveCapacity(capacity)
    }

    /// Adds the findings of another sink (a rule that ran on its own thread).
    package mutating func append(contentsOf other: FindingSink) {
        findings.append(contentsOf: other.findings)
    }

    /// Adds a finding made elsewhere.
    package mutating func append(_ finding: Finding) {
        findings.append(finding)
    }

    /// Applies the configuration: drops the findings of rules that are off and gives the
    /// others their configured severity, in place.
    package mutating func configure(_ configuration: LintConfiguration) {
        guard !configuration.rules.isEmpty else { return }
        findings.removeAll { configuration.rules[$0.rule]?.isEnabled == false }
        for position in findings.indices {
            if let severity = configuration.rules[findings[position].rule]?.severity { findings[position].severity = severity }
        }
    }
}
