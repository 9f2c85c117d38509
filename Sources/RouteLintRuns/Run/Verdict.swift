import RouteLintCore

/// How a run's findings are gated: what fails it and what a baseline accepts. `lint`, `diff`
/// and `hosts` take the same four options, and `audit` the first and third.
public struct RunGate: Sendable {
    /// `--strict`: warnings fail the run too.
    public var strict = false
    /// `--max-warnings`: more warnings than this fail the run.
    public var maxWarnings: Int?
    /// `--baseline`: what this baseline records (findings; for `diff`, changes) is accepted.
    public var baselinePath: String?
    /// `--write-baseline`: record what is reported in a new baseline, and accept it.
    public var writesBaseline = false

    /// A gate that fails on errors, with no limit on warnings and no baseline.
    public init(strict: Bool = false, maxWarnings: Int? = nil, baselinePath: String? = nil, writesBaseline: Bool = false) {
        self.strict = strict
        self.maxWarnings = maxWarnings
        self.baselinePath = baselinePath
        self.writesBaseline = writesBaseline
    }
}

/// Whether a run passes, and why not. Exit status 2 when a path could not be read (the run
/// is incomplete, whatever it found), else 1 when a finding is at a failing severity or
/// there are more warnings than allowed, else 0.
public struct Verdict: Equatable, Sendable {
    /// Findings at a failing severity: errors, and warnings too with `strict`.
    public let failingFindings: Int
    /// Warnings reported.
    public let warnings: Int
    /// `--max-warnings`: the most warnings allowed.
    public let maxWarnings: Int?
    /// `--strict`: warnings fail the run too.
    public let strict: Bool
    /// Paths of the route set that could not be read.
    public let unreadablePaths: Int

    /// A verdict on these counts.
    public init(failingFindings: Int, warnings: Int, maxWarnings: Int?, strict: Bool, unreadablePaths: Int) {
        self.failingFindings = failingFindings
        self.warnings = warnings
        self.maxWarnings = maxWarnings
        self.strict = strict
        self.unreadablePaths = unreadablePaths
    }

    /// The verdict on the findings reported.
    public init(findings: [Finding], strict: Bool, maxWarnings: Int?, unreadablePaths: Int) {
        let failing: Severity = strict ? .warning : .error
        self.init(
            failingFindings: findings.count { $0.severity >= failing }, warnings: findings.count { $0.severity == .warning },
            maxWarnings: maxWarnings, strict: strict, unreadablePaths: unreadablePaths)
    }

    /// The least severity that fails the run.
    public var failingSeverity: Severity { strict ? .warning : .error }

    /// Whether there are more warnings than `--max-warnings` allows.
    public var exceedsMaxWarnings: Bool { maxWarnings.map { warnings > $0 } ?? false }

    /// The exit status: 2 when a path could not be read, else 1 when the run fails, else 0.
    public var exitStatus: Int32 {
        if unreadablePaths > 0 { return 2 }
        return failingFindings > 0 || exceedsMaxWarnings ? 1 : 0
    }

    /// Why the run fails, for standard error. `summaryShown` says that a text summary on
    /// standard output already states the failing findings and unreadable paths; the
    /// `--max-warnings` threshold is said in any case.
    public func reasons(summaryShown: Bool) -> [RunMessage] {
        var reasons: [RunMessage] = []
        if exceedsMaxWarnings, let maxWarnings {
            reasons.append(RunMessage(.error, "\(warnings) warnings, more than --max-warnings \(maxWarnings) allows"))
        }
        if failingFindings > 0 && !summaryShown {
            reasons.append(
                RunMessage(
                    .error,
                    "\(failingFindings) \(failingFindings == 1 ? "finding" : "findings") at a failing severity"
                        + (strict ? " (--strict: warnings fail too)" : "")))
        }
        return reasons
    }
}
