import RouteLintCore
import RouteLintRules

/// A record of accepted findings, so that a CI gate fails only on new ones. Findings are
/// recorded by identity (rule, file relative to the project's root, and the kind and name of
/// each thing involved, as `route:home`), never by line or message, with a count for
/// identities that occur more than once. A finding that stands for several — a route that
/// conflicts with many — is recorded as each of them, so that a new one is never absorbed by
/// the old. The file is JSON, one entry per line, sorted, so that its diffs read well and it
/// can only shrink as findings are fixed.
package struct Baseline: Sendable, Equatable {
    /// The findings of one identity the baseline accepts, and how many.
    package struct Entry: Sendable, Equatable {
        /// What the findings are: rule, file, subjects.
        package let identity: FindingIdentity
        /// How many findings of that identity are accepted.
        package var count: Int
    }

    /// The entries, sorted.
    package private(set) var entries: [Entry]

    /// The format version the entries were read in: `formatVersion`, or the version 2 a file
    /// written before holds.
    package private(set) var version = Self.formatVersion

    /// The format this routelint writes. Version 3 records each conflict of a route that
    /// conflicts with many as its pair of routes, in order; version 2, still read, recorded
    /// such a route alone (`acceptsEveryConflict`) and a pair later route first; version 1
    /// identified findings by words of their messages, and its entries cannot be matched to
    /// structured identities.
    package static let formatVersion = 3

    /// The largest count an entry may have: far more findings than any run gives, and small
    /// enough that the counts of any baseline that fits in memory add up without overflow.
    package static let maximumCount = 1_000_000_000

    /// A baseline that accepts `findings`, in the files `names` names (`ProjectRoot.name`).
    package init(findings: [Finding], names: [String]) {
        var counts: [FindingIdentity: Int] = [:]
        for finding in findings {
            for identity in FindingIdentity.identities(of: finding, names: names) { counts[identity, default: 0] += 1 }
        }
        entries = counts.map { Entry(identity: $0.key, count: $0.value) }.sorted { $0.identity < $1.identity }
    }

    /// This baseline with `kept` besides its entries: for an identity in both, the larger count.
    package func keeping(_ kept: [Entry]) -> Baseline {
        guard !kept.isEmpty else { return self }
        var counts = Dictionary(entries.map { ($0.identity, $0.count) }, uniquingKeysWith: +)
        for entry in kept { counts[entry.identity] = max(counts[entry.identity] ?? 0, entry.count) }
        let merged = counts.map { Entry(identity: $0.key, count: min($0.value, Self.maximumCount)) }.sorted { $0.identity < $1.identity }
        return Baseline(entries: merged, version: Self.formatVersion)
    }

    /// The baseline as written to its file (`formatVersion`).
    package var text: String {
        var lines: [String] = []
        for entry in entries {
            let subjects = entry.identity.subjects.map { JSONValue.quoted($0.description) }.joined(separator: ", ")
            lines.append(
                "    {\"rule\": \(JSONValue.quoted(entry.identity.rule)), \"file\": \(JSONValue.quoted(entry.identity.file)), "
                    + "\"subjects\": [\(subjects)], \"count\": \(entry.count)}")
        }
        return "{\n  \"version\": \(Self.formatVersion),\n  \"findings\": [\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Whether `entry`, read from a version 2 file, is the record of a route that conflicted
    /// with many: `conflicting-patterns` with the route alone. It accepts every conflict of the
    /// route, as version 2 did, until the file is written again.
    package func acceptsEveryConflict(_ entry: Entry) -> Bool {
        version < 3 && entry.identity.rule == ConflictingPatternsRule.description.id && entry.identity.subjects.count == 1
            && entry.identity.subjects[0].kind == .route
    }

    /// Whether any entry is a version 2 record of a route that conflicted with many.
    package var hasEntriesThatAcceptEveryConflict: Bool { entries.contains(where: acceptsEveryConflict) }

    /// A baseline that cannot be read or used: the message says why and how to renew it.
    package struct LoadError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Reads a baseline written by `text` from `read` (the disk's, unless a run reads elsewhere:
    /// a commit's from the index). JSON is YAML, so libyaml reads it.
    package static func load(
        _ path: String, read: (String) -> Result<[UInt8], ReadFailure> = DiskFileSystem.read
    ) throws(LoadError) -> Baseline {
        switch read(path) {
        case .success(let bytes): return try decode(bytes, path: path)
        case .failure(let failure): throw LoadError(description: "cannot read baseline '\(path)': \(failure.reason)")
        }
    }

    /// Reads a baseline from its bytes; `path` names it in errors.
    package static func decode(_ bytes: [UInt8], path: String) throws(LoadError) -> Baseline {
        let invalid = LoadError(description: "'\(path)' is not a routelint baseline (write one with --write-baseline)")
        let document: YAMLDocument?
        do {
            document = try YAMLFile.parse(bytes)
        } catch {
            throw invalid
        }
        guard let document, let root = document.root else { throw invalid }
        let topLevel = document.pairs(root)
        let version = topLevel.first(where: { document.text($0.key) == "version" }).flatMap { document.scalar($0.value)?.resolved }
        guard case .int(let number)? = version else { throw invalid }
        guard number == formatVersion || number == 2 else {
            throw LoadError(
                description: number < formatVersion
                    ? "'\(path)' is a version \(number) baseline, from an older routelint, whose entries cannot be matched to "
                        + "findings any more; write it again with --write-baseline \(path) (this accepts the findings there are now)"
                    : "'\(path)' is a version \(number) baseline, from a newer routelint; this one reads version \(formatVersion)")
        }
        guard let findings = topLevel.first(where: { document.text($0.key) == "findings" })?.value,
            document.kind(findings) == .sequence
        else { throw invalid }
        var entries: [Entry] = []
        for item in document.items(findings) {
            var fields: [String: YAMLDocument.NodeID] = [:]
            for pair in document.pairs(item) { if let key = document.text(pair.key) { fields[key] = pair.value } }
            guard let rule = fields["rule"].flatMap(document.text), let file = fields["file"].flatMap(document.text),
                let subjects = fields["subjects"], document.kind(subjects) == .sequence,
                case .int(let count)? = fields["count"].flatMap(document.scalar)?.resolved
            else { throw invalid }
            // A count is how many findings share the identity: bounded, so that no sum of counts
            // can overflow, whatever a hand-edited or hostile baseline says.
            guard (1...maximumCount).contains(count) else {
                throw LoadError(
                    description: "'\(path)': a baseline count must be a whole number from 1 to \(maximumCount), found \(count)"
                        + " at line \(document.range(fields["count"]!).start.line)")
            }
            var names: [FindingSubject] = []
            for item in document.items(subjects) {
                guard let subject = document.text(item).flatMap(FindingSubject.init) else { throw invalid }
                names.append(subject)
            }
            // Version 2 wrote a conflict's routes later first; version 3 writes them in order.
            if number == 2 && rule == ConflictingPatternsRule.description.id && names.count == 2 { names.sort() }
            entries.append(Entry(identity: FindingIdentity(rule: rule, file: file, subjects: names), count: count))
        }
        return Baseline(entries: entries, version: number)
    }

    private init(entries: [Entry], version: Int) {
        self.entries = entries
        self.version = version
    }

    /// Splits findings into those the baseline accepts and the new ones, and returns the
    /// entries (or parts of their counts) that matched nothing: findings since fixed. A finding
    /// that stands for several is accepted when every one of them is; those the baseline holds
    /// count as matched either way, since they are still there.
    package func apply(to findings: [Finding], names: [String]) -> (new: [Finding], accepted: [Finding], stale: [Entry]) {
        var remaining: [FindingIdentity: Int] = [:]
        var everyConflictOf: [String: FindingIdentity] = [:]
        for entry in entries {
            remaining[entry.identity, default: 0] += entry.count
            if acceptsEveryConflict(entry) { everyConflictOf[entry.identity.subjects[0].name] = entry.identity }
        }
        var acceptingEveryConflict: Set<FindingIdentity> = []
        var new: [Finding] = []
        var accepted: [Finding] = []
        for finding in findings {
            var isAccepted = true
            for identity in FindingIdentity.identities(of: finding, names: names) {
                if let count = remaining[identity], count > 0 {
                    remaining[identity] = count - 1
                } else if !everyConflictOf.isEmpty, identity.rule == ConflictingPatternsRule.description.id,
                    let legacy = identity.subjects.lazy.filter({ $0.kind == .route }).compactMap({ everyConflictOf[$0.name] }).first
                {
                    acceptingEveryConflict.insert(legacy)
                } else {
                    isAccepted = false
                }
            }
            if isAccepted { accepted.append(finding) } else { new.append(finding) }
        }
        let stale = entries.compactMap { entry -> Entry? in
            guard !acceptingEveryConflict.contains(entry.identity), let count = remaining[entry.identity], count > 0 else { return nil }
            remaining[entry.identity] = 0
            return Entry(identity: entry.identity, count: min(count, entry.count))
        }
        return (new, accepted, stale)
    }
}
