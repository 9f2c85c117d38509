import RouteLintCore

/// A change to a file that a commit is about to make, as `git diff --cached --name-status -z
/// --no-renames` lists it. The pre-commit hook checks the apps these changes touch, deleted
/// files included, which pre-commit itself never passes to a hook.
public struct StagedChange: Equatable, Sendable {
    /// What the commit does to the file.
    public enum Kind: Equatable, Sendable {
        /// Added, copied, modified or changed in type: the file is in the working tree.
        case changed
        /// Deleted: the file's text before the commit, when it could be read, tells its app.
        case deleted(previous: [UInt8]?)
    }

    /// The path, relative to the directory git ran in.
    public let path: String
    /// What the commit does to it.
    public var kind: Kind

    /// A change of `kind` to the file at `path`.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// Whether the commit deletes the file.
    public var isDeletion: Bool {
        if case .deleted = kind { return true }
        return false
    }

    /// Reads `git diff --name-status -z` output: a status letter (with a score for renames
    /// and copies) and its path(s), each ended by NUL. Renames and copies, if listed, count as
    /// their new path changed and, for a rename, the old one deleted. Returns nil for output
    /// that is not of that form.
    public static func parse(nameStatus bytes: [UInt8]) -> [StagedChange]? {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var changes: [StagedChange] = []
        var position = 0
        // The output ends with a NUL, so the last field is empty.
        while position < fields.count - 1 {
            let status = fields[position]
            guard let letter = status.first else { return nil }
            switch letter {
            case "A", "M", "T", "U", "X", "B":
                guard position + 1 < fields.count - 1 else { return nil }
                changes.append(StagedChange(path: fields[position + 1], kind: .changed))
                position += 2
            case "D":
                guard position + 1 < fields.count - 1 else { return nil }
                changes.append(StagedChange(path: fields[position + 1], kind: .deleted(previous: nil)))
                position += 2
            case "R", "C":
                guard position + 2 < fields.count - 1 else { return nil }
                if letter == "R" { changes.append(StagedChange(path: fields[position + 1], kind: .deleted(previous: nil))) }
                changes.append(StagedChange(path: fields[position + 2], kind: .changed))
                position += 3
            default:
                return nil
            }
        }
        return changes
    }
}

extension StagedChange {
    /// The changes of the commit being made in the git work tree at `directory`, with paths
    /// relative to it. pre-commit passes a hook only the files that still exist, so the hook
    /// asks git itself, and deletions are checked too: a deleted file's text before the commit
    /// tells its app. Fails when git cannot be run or `directory` is not in a work tree.
    public static func staged(in directory: String) throws(RunFailure) -> [StagedChange] {
        try changes(in: directory, listedBy: ["diff", "--cached"], before: "HEAD", describedAs: "'git diff --cached'")
    }

    /// The changes from the revision `from` to `to` (as `git diff FROM...TO` lists them: since
    /// their merge base), with paths relative to `directory`: what a `pre-commit run
    /// --from-ref/--to-ref` or a pre-push hook asks about. A deleted file's app is told by its
    /// text at `from`.
    package static func changes(in directory: String, from: String, to: String) throws(RunFailure) -> [StagedChange] {
        guard !from.hasPrefix("-"), !to.hasPrefix("-") else {
            throw RunFailure([RunMessage(.error, "'\(from)...\(to)' is not a range of revisions")])
        }
        return try changes(in: directory, listedBy: ["diff", "\(from)...\(to)"], before: from, describedAs: "'git diff \(from)...\(to)'")
    }

    /// The changes `git LISTING --name-status` lists in `directory`, a deleted file's text read
    /// from the revision `before` (none when it does not hold it, as in a new repository).
    private static func changes(
        in directory: String, listedBy listing: [String], before: String, describedAs command: TerminalSafe
    ) throws(RunFailure) -> [StagedChange] {
        // Paths relative to the directory (pre-commit runs hooks at the top of the work tree),
        // renames as a deletion and an addition.
        let arguments = ["-C", directory] + listing + ["--name-status", "-z", "--no-renames", "--relative"]
        let listed: Subprocess.Outcome
        do {
            listed = try Subprocess.run("git", arguments)
        } catch {
            throw RunFailure([RunMessage(.error, "\(error.description)")])
        }
        guard listed.status == 0 else {
            let said = String(decoding: listed.standardError, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            throw RunFailure([RunMessage(.error, "\(command) failed: \(said.isEmpty ? "it needs a git work tree" : said)")])
        }
        guard var changes = parse(nameStatus: listed.standardOutput) else {
            throw RunFailure([RunMessage(.error, "cannot read the changes: \(command) gave output of an unknown form")])
        }
        for index in changes.indices where changes[index].isDeletion {
            let shown = try? Subprocess.run("git", ["-C", directory, "show", before + ":./" + changes[index].path])
            changes[index].kind = .deleted(previous: shown.flatMap { $0.status == 0 ? $0.standardOutput : nil })
        }
        return changes
    }
}

extension LintOptions {
    /// What `lint --staged` judges when a git hook runs it in `directory`, from the hook's
    /// `environment`: a commit judges what the commit will hold, read from the index (the
    /// changes staged, deletions and `git rm --cached` included, whatever the work tree holds);
    /// a pre-commit run over a range (`--from-ref/--to-ref`, a pre-push hook) judges the apps the
    /// range changes, as the work tree holds them; a pre-commit run with nothing staged
    /// (`--all-files`) judges the whole route set (docs/ci.md).
    package static func hook(in directory: String, environment: [String: String]) throws(RunFailure) -> LintOptions {
        if let from = environment["PRE_COMMIT_FROM_REF"], let to = environment["PRE_COMMIT_TO_REF"], !from.isEmpty, !to.isEmpty {
            var options = LintOptions(
                input: .staged(try StagedChange.changes(in: directory, from: from, to: to)), workingDirectory: directory)
            options.hookNote = RunMessage(.note, "judging the apps that \(from)...\(to) changes, as the work tree holds them")
            return options
        }
        let changes = try StagedChange.staged(in: directory)
        if changes.isEmpty && environment["PRE_COMMIT"] == "1" {
            var options = LintOptions(input: .paths([]), workingDirectory: directory)
            options.hookNote = RunMessage(
                .note, "nothing is staged, so this is no commit (pre-commit run --all-files): judging the whole route set")
            return options
        }
        var options = LintOptions(input: .staged(changes), workingDirectory: directory)
        do {
            options.fileSystem = StagedFileSystem(index: try GitRevisionFileSystem(indexIn: directory))
        } catch {
            throw RunFailure([RunMessage(.error, "cannot read what the commit holds: \(error.description)")])
        }
        return options
    }
}

/// What a commit will hold, as the route-set loader reads it: the index for every path of the
/// work tree, the disk above it (a configuration in a folder that holds the repository).
struct StagedFileSystem: RouteSetFileSystem {
    /// The index of the work tree.
    let index: GitRevisionFileSystem

    private func holds(_ path: String) -> Bool { FilePath.isWithin(path, index.topLevel) }

    func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
        holds(path) ? index.entry(at: path) : DiskFileSystem().entry(at: path)
    }

    func names(inDirectory path: String) -> Result<[String], ReadFailure> {
        holds(path) ? index.names(inDirectory: path) : DiskFileSystem().names(inDirectory: path)
    }

    func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        holds(path) ? index.contents(of: path) : DiskFileSystem().contents(of: path)
    }

    func contents(of paths: [String]) -> [Result<[UInt8], ReadFailure>] {
        guard paths.allSatisfy(holds) else { return paths.map(contents(of:)) }
        return index.contents(of: paths)
    }
}
