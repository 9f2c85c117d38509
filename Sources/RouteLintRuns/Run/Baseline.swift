import RouteLintCore
import RouteLintRules

/// A record of accepted findings, so that a CI gate fails only on new ones. Findings are
/// recorded by identity (rule, file and the kind and name of each thing involved, as
/// `route:home`), never by line or message, with a count for identities that occur more than
/// once. The file is JSON, one entry per line, sorted, so that its diffs read well and it can
/// only shrink as findings are fixed.
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

    /// The format this routelint writes and reads. Version 1 identified findings by words of
    /// their messages; its entries cannot be matched to structured identities.
    package static let formatVersion = 2

    /// The largest count an entry may have: far more findings than any run gives, and small
    /// enough that the counts of any baseline that fits in memory add up without overflow.
    package static let maximumCount = 1_000_000_000

    /// A baseline that accepts `findings`, in `files`.
    package init(findings: [Finding], files: [SourceFile]) {
        var counts: [FindingIdentity: Int] = [:]
        for finding in findings { counts[FindingIdentity(finding, files: files), default: 0] += 1 }
        entries = counts.map { Entry(identity: $0.key, count: $0.value) }.sorted { $0.identity < $1.identity }
    }

    /// The baseline as written to its file (format 2).
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

    /// A baseline that cannot be read or used: the message says why and how to renew it.
    package struct LoadError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Reads a baseline written by `text`. JSON is YAML, so libyaml reads it.
    package static func load(_ path: String) throws(LoadError) -> Baseline {
        switch DiskFileSystem.read(path) {
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
        guard number == formatVersion else {
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
            entries.append(Entry(identity: FindingIdentity(rule: rule, file: file, subjects: names), count: count))
        }
        return Baseline(entries: entries)
    }

    private init(entries: [Entry]) {
        self.entries = entries
    }

    /// Splits findings into those the baseline accepts and the new ones, and returns the
    /// entries (or parts of their counts) that matched nothing: findings since fixed.
    package func apply(to findings: [Finding], files: [SourceFile]) -> (new: [Finding], accepted: [Finding], stale: [Entry]) {
        var remaining: [FindingIdentity: Int] = [:]
        for entry in entries { remaining[entry.identity, default: 0] += entry.count }
        var new: [Finding] = []
        var accepted: [Finding] = []
        for finding in findings {
            let identity = FindingIdentity(finding, files: files)
            if let count = remaining[identity], count > 0 {
                remaining[identity] = count - 1
                accepted.append(finding)
            } else {
                new.append(finding)
            }
        }
        let stale = entries.compactMap { entry -> Entry? in
            guard let count = remaining[entry.identity], count > 0 else { return nil }
            remaining[entry.identity] = 0
            return Entry(identity: entry.identity, count: min(count, entry.count))
        }
        return (new, accepted, stale)
    }
}
