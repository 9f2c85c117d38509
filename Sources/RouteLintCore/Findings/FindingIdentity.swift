/// What identifies a finding across edits: its rule, its file (named from the project's root)
/// and the kinds and names of the things involved, never its line or its words. Baselines store
/// identities, and SARIF fingerprints are hashes of them, so both survive lines moving and
/// messages being reworded. A finding that stands for several (`Finding.parts`) has one
/// identity for each.
package struct FindingIdentity: Hashable, Comparable, Sendable {
    /// The rule's id.
    package let rule: String
    /// The file, relative to the project's root (`ProjectRoot.name`).
    package let file: String
    /// The kinds and names of what the finding is about.
    package let subjects: [FindingSubject]

    /// The identity of a finding of `rule` in `file` about `subjects`.
    package init(rule: String, file: String, subjects: [FindingSubject]) {
        self.rule = rule
        self.file = file
        self.subjects = subjects
    }

    /// The identities of `finding`, whose files `names` names as baselines and fingerprints
    /// name them (`ProjectRoot.name`): one, or one for each of its parts (`Finding.parts`).
    package static func identities(of finding: Finding, names: [String]) -> [FindingIdentity] {
        guard !finding.parts.isEmpty else {
            return [FindingIdentity(rule: finding.rule, file: names[Int(finding.range.file.index)], subjects: finding.subjects)]
        }
        return finding.parts.map { FindingIdentity(rule: finding.rule, file: names[Int($0.file.index)], subjects: $0.subjects) }
    }

    package static func < (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
        if (lhs.file, lhs.rule) != (rhs.file, rhs.rule) { return (lhs.file, lhs.rule) < (rhs.file, rhs.rule) }
        return lhs.subjects.lexicographicallyPrecedes(rhs.subjects)
    }

    /// A stable fingerprint: 64-bit FNV-1a of the identity, and of its occurrence number
    /// among findings with the same identity (two unknown keys of the same name in one
    /// mapping, say), as 16 hex digits.
    package func fingerprint(occurrence: Int) -> String {
        Self.fingerprint(of: [self], occurrence: occurrence)
    }

    /// The fingerprint of a finding that is `identities` (in order), its `occurrence`th.
    static func fingerprint(of identities: [FindingIdentity], occurrence: Int) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var parts: [String] = []
        for identity in identities {
            parts += [identity.rule, identity.file] + identity.subjects.flatMap({ [$0.kind.rawValue, $0.name] })
        }
        for part in parts + [String(occurrence)] {
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
    package static func fingerprints(of findings: [Finding], names: [String]) -> [String] {
        var fingerprints = Fingerprints(names: names)
        return findings.map { fingerprints.next($0) }
    }

    /// Fingerprints of findings taken one at a time, in report order: the hash of everything
    /// that makes the finding that finding — every part of one that stands for several, so that
    /// a conflict added to a route that conflicts with many changes its fingerprint.
    package struct Fingerprints {
        /// The files' names, by `FileID`, as `ProjectRoot.name` gives them.
        let names: [String]
        /// How often each identity that occurred more than never has occurred: kept as hashes
        /// of the identities, so that millions of findings do not keep their names twice.
        private var seen: [String: Int] = [:]

        /// Fingerprints for findings in the files `names` names.
        package init(names: [String]) {
            self.names = names
        }

        /// The fingerprint of `finding`: its identity hashed, with a counter for repeats of one identity.
        package mutating func next(_ finding: Finding) -> String {
            var identities = FindingIdentity.identities(of: finding, names: names)
            identities.sort()
            let first = FindingIdentity.fingerprint(of: identities, occurrence: 0)
            let occurrence = seen[first, default: 0]
            seen[first] = occurrence + 1
            return occurrence == 0 ? first : FindingIdentity.fingerprint(of: identities, occurrence: occurrence)
        }
    }
}
