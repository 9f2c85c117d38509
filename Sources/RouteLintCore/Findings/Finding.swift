/// How much a finding matters. Ordered so that `error` is the most severe.
public enum Severity: String, CaseIterable, Comparable, Sendable {
    /// From the least to the most severe: `note`, `warning`, `error`.
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Another place that explains a finding: the earlier declaration of a pair, say.
public struct RelatedLocation: Hashable, Sendable {
    /// Where the other declaration is.
    public let range: SourceRange
    /// What it is, in words: "'cart' first appears here".
    public let message: String

    /// A related location at `range`, described by `message`.
    public init(_ range: SourceRange, _ message: String) {
        self.range = range
        self.message = message
    }
}

/// Why a finding is not reported: an inline directive, or the baseline.
public struct Suppression: Hashable, Sendable {
    /// Where the suppression was made: `inSource` by a directive, `external` by a baseline.
    public enum Kind: String, Sendable {
        /// A `# routelint:ignore` comment in the manifest.
        case inSource
        /// The baseline file.
        case external
    }

    /// Whether a directive or a baseline made it.
    public let kind: Kind
    /// The reason a directive gives after `--`, or the baseline that accepted the finding.
    public let justification: String?

    /// A suppression of `kind`, with its `justification`.
    public init(kind: Kind, justification: String?) {
        self.kind = kind
        self.justification = justification
    }
}

/// One problem found in a route set.
public struct Finding: Hashable, Sendable {
    /// The id of the rule that found it.
    public let rule: String
    /// Its severity: the rule's default, or the configuration's.
    public var severity: Severity
    /// What is wrong, naming the things involved.
    public let message: String
    /// The node at fault, as docs/usage.md ("Where findings point") says for each rule.
    public let range: SourceRange
    /// Other places involved: the earlier declaration, the other routes of a conflict.
    public let related: [RelatedLocation]
    /// How many more related places there are than `related` holds: a route that conflicts
    /// with more routes than a finding names (see `ConflictingPatternsRule`).
    public let relatedOmitted: Int
    /// What the finding is about, by kind and name (route ids, holder names, keys). With the
    /// rule and the file they identify the finding without its line, for baselines and
    /// fingerprints.
    public let subjects: [FindingSubject]
    /// The nearest valid name or key, when the message suggests one ("did you mean …?"):
    /// writing it in place of the text at `range` mends the finding. An editor offers it as
    /// a quick fix.
    public let suggestion: String?
    /// The edit that mends it, when its message names exactly one (a `suggestion` always does).
    public var fix: Fix?
    /// Set when the finding is suppressed: kept for SARIF, left out of every other output.
    public var suppression: Suppression?
    /// URLs that show the finding true (a change of `routelint diff`: each opened what the
    /// message says in both revisions); the message names them too.
    public var witnesses: [String] = []
    /// What the finding stands for, one by one, when it is several findings reported as one: a
    /// route whose path conflicts with many is one `conflicting-patterns` finding for all its
    /// conflicts, each a pair of routes that a baseline accepts, and a fingerprint names, on its
    /// own — so that a new conflict is never taken for an old one. Empty for a finding that is
    /// one thing: its file and `subjects`.
    public var parts: [Part] = []

    /// One of the findings a finding stands for: the file it would be reported in on its own,
    /// and what it is about.
    public struct Part: Hashable, Sendable {
        /// The file the part would be reported in on its own.
        public let file: FileID
        /// What the part is about, as a finding's `subjects`.
        public let subjects: [FindingSubject]

        /// A part in `file` about `subjects`.
        public init(file: FileID, subjects: [FindingSubject]) {
            self.file = file
            self.subjects = subjects
        }
    }

    /// A finding of `rule`; see the properties.
    public init(
        rule: String, severity: Severity, message: String, range: SourceRange,
        related: [RelatedLocation] = [], relatedOmitted: Int = 0, subjects: [FindingSubject] = [], suggestion: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.range = range
        self.related = related
        self.relatedOmitted = relatedOmitted
        self.subjects = subjects
        self.suggestion = suggestion
    }

    /// Sorts findings into report order: by file, position, then rule; findings of one rule
    /// at one place keep the order the rule reported them in. A finding reported twice (a
    /// node reached through several aliases, say) is kept once.
    ///
    /// In place, and stable (as the standard library's sort is): there may be millions of
    /// findings, and a sorted copy would double what they take.
    public static func sortIntoReportOrder(_ sorted: inout [Finding]) {
        sorted.sort { lhs, rhs in
            if lhs.range != rhs.range { return lhs.range < rhs.range }
            return lhs.rule < rhs.rule
        }
        // The findings kept at the current range and rule start at `groupStart`; a set of
        // them is built only once a group has several.
        var kept = 0
        var groupStart = 0
        var group: Set<Finding>?
        for position in sorted.indices {
            let finding = sorted[position]
            if kept > 0, sorted[kept - 1].range != finding.range || sorted[kept - 1].rule != finding.rule {
                groupStart = kept
                group = nil
            }
            if kept > groupStart {
                if group == nil { group = Set(sorted[groupStart..<kept]) }
                guard group!.insert(finding).inserted else { continue }
            }
            sorted.swapAt(kept, position)
            kept += 1
        }
        sorted.removeSubrange(kept...)
    }
}
