/// What identifies a finding across edits: its rule, its file and the kinds and names of the
/// things involved, never its line or its words. Baselines store identities, and SARIF
/// fingerprints are hashes of them, so both survive lines moving and messages being reworded.
package struct FindingIdentity: Hashable, Comparable, Sendable {
    /// The rule's id.
    package let rule: String
    /// The file, as named in the report.
    package let file: String
    /// The kinds and names of what the finding is about.
    package let subjects: [FindingSubject]

    /// The identity of a finding of `rule` in `file` about `subjects`.
    package init(rule: String, file: String, subjects: [FindingSubject]) {
        self.rule = rule
        self.file = file
        self.subjects = subjects
    }

    /// The identity of `finding`, whose file is one of `files`.
    package init(_ finding: Finding, files: [SourceFile]) {
        self.init(rule: finding.rule, file: files[Int(finding.range.file.index)].path, subjects: finding.subjects)
    }

    package static func < (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
        if (lhs.file, lhs.rule) != (rhs.file, rhs.rule) { return (lhs.file, lhs.rule) < (rhs.file, rhs.rule) }
        return lhs.subjects.lexicographicallyPrecedes(rhs.subjects)
    }

    /// A stable fingerprint: 64-bit FNV-1a of the identity, and of its occurrence number
    /// among findings with the same identity (two unknown keys of the same name in one
    /// mapping, say), as 16 hex digits.
    package func fingerprint(occurrence: Int) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for part in [rule, file] + subjects.flatMap({ [$0.kind.rawValue, $0.name] }) + [String(occurrence)] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            // A separator byte that no text contains, so ["ab", "c"] and ["a", "bc"] differ.
            hash ^= 0xFF
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The fingerprint of each finding, numbering repeated identities in report order.
    package static func fingerprints(of findings: [Finding], files: [SourceFile]) -> [String] {
        var fingerprints = Fingerprints(files: files)
        return findings.map { fingerprints.next($0) }
    }

    /// Fingerprints of findings taken one at a time, in report order.
    package struct Fingerprints {
        let files: [SourceFile]
        /// How often each identity that occurred more than never has occurred: kept as hashes
        /// of the identities, so that millions of findings do not keep their names twice.
        private var seen: [String: Int] = [:]

        /// Fingerprints for findings in `files`.
        package init(files: [SourceFile]) {
            self.files = files
        }

        /// The fingerprint of `finding`: its identity hashed, with a counter for repeats of one identity.
        package mutating func next(_ finding: Finding) -> String {
            let identity = FindingIdentity(finding, files: files)
            let first = identity.fingerprint(occurrence: 0)
            let occurrence = seen[first, default: 0]
            seen[first] = occurrence + 1
            return occurrence == 0 ? first : identity.fingerprint(occurrence: occurrence)
        }
    }
}
