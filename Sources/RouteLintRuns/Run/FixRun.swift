import RouteLintCore

/// `routelint lint --fix` (docs/usage.md, "Fixing findings"): the edits the findings name,
/// applied to the manifests — per file in one pass, never two overlapping edits, the rest of the
/// text byte for byte — then the set linted again. A file whose fixed text would lint with a
/// finding it did not have keeps its text. The files are written together through the safe
/// writer (`OutputFile.replace`), or not at all.
package struct FixRun: Sendable {
    /// One manifest the run changed (or, with `--dry-run`, would change).
    package struct Change: Sendable {
        /// The path as the run names it.
        package let path: String
        /// The text before the fixes.
        package let before: [UInt8]
        /// The text with them.
        package let after: [UInt8]
        /// How many findings' fixes it makes.
        package let fixed: Int
        /// How many lines each line of `before` that fixes add lines to gains, by its number.
        package let addedLines: [Int: Int]
    }

    /// The files changed, in path order.
    package let changes: [Change]
    /// What the run has to say of the fixing: a file kept as it was, and why.
    package let messages: [RunMessage]
    /// The lint of the result: what is left, and the verdict.
    package let result: LintRun

    /// Fixes what the lint of `options` finds; with `dryRun` (and for standard input, whose
    /// fixed text the caller prints) nothing is written. Throws when the run cannot go on, or a
    /// file cannot be written — then, short of a failed rename, no file is changed.
    package static func perform(_ options: LintOptions, dryRun: Bool) throws(RunFailure) -> FixRun {
        // The edits are made in the texts the lint read, which the run must hold.
        var options = options
        options.leavesFilesOnDisk = false
        let first = try LintRun.perform(options)
        var planned = plan(first)
        var messages: [RunMessage] = []
        var checked = try relint(options, with: planned)
        // A file whose edits bring a finding it did not have keeps its text.
        let refused = planned.filter { change in introducesFindings(change, before: first, after: checked) }
        if !refused.isEmpty {
            for change in refused {
                messages.append(
                    RunMessage(.warning, "'\(change.path)' is left as it was: its fixed text would have findings it does not have"))
            }
            let refusedPaths = Set(refused.map(\.path))
            planned.removeAll { refusedPaths.contains($0.path) }
            checked = try relint(options, with: planned)
        }
        if !dryRun, case .paths = options.input, !planned.isEmpty {
            do {
                try OutputFile.replace(planned.map { (FilePath.absolute($0.path, in: options.workingDirectory), $0.after) })
            } catch {
                throw RunFailure([RunMessage(.error, "\(error.description)")])
            }
        }
        return FixRun(changes: planned, messages: messages, result: checked)
    }

    /// The change of each manifest whose active findings carry fixes: their edits in text
    /// order, a fix with an edit that overlaps an earlier one left out (its finding stays).
    private static func plan(_ run: LintRun) -> [Change] {
        let manifestCount = run.files.count - run.platformFileCount
        let fixed = Fix.apply(run.active.lazy.filter { Int($0.range.file.index) < manifestCount }, to: run.files)
        return fixed.keys.sorted { $0.index < $1.index }.compactMap { id in
            let file = run.files[Int(id.index)]
            let made = fixed[id]!
            return made.bytes == file.bytes
                ? nil : Change(path: file.path, before: file.bytes, after: made.bytes, fixed: made.applied, addedLines: made.addedLines)
        }
    }

    /// The lint of `options` with the changes' texts in place of their files.
    private static func relint(_ options: LintOptions, with changes: [Change]) throws(RunFailure) -> LintRun {
        var fixed = options
        switch options.input {
        case .standardInput(_, let standsFor):
            if let change = changes.first { fixed.input = .standardInput(change.after, standsFor: standsFor) }
        case .paths, .staged:
            let texts = Dictionary(
                changes.map { (FilePath.absolute($0.path, in: options.workingDirectory), $0.after) },
                uniquingKeysWith: { first, _ in first })
            fixed.fileSystem = OverlayFileSystem(texts, over: options.fileSystem)
        }
        return try LintRun.perform(fixed)
    }

    /// Whether the fixed text of `change` lints with a finding its file did not have: one whose
    /// rule and subjects no finding of the file had before.
    private static func introducesFindings(_ change: Change, before: LintRun, after: LintRun) -> Bool {
        // A finding's rule, then its subjects.
        func identities(_ run: LintRun) -> Set<[String]> {
            guard let file = run.files.firstIndex(where: { $0.path == change.path }) else { return [] }
            return Set(run.active.filter { Int($0.range.file.index) == file }.map { [$0.rule] + $0.subjects.map(\.description) })
        }
        return !identities(after).isSubset(of: identities(before))
    }
}
