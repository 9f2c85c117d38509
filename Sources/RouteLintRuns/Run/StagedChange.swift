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
        // Paths relative to the directory (pre-commit runs hooks at the top of the work tree),
        // renames as a deletion and an addition.
        let arguments = ["-C", directory, "diff", "--cached", "--name-status", "-z", "--no-renames", "--relative"]
        let listing: Subprocess.Outcome
        do {
            listing = try Subprocess.run("git", arguments)
        } catch {
            throw RunFailure([RunMessage(.error, "\(error.description)")])
        }
        guard listing.status == 0 else {
            throw RunFailure([RunMessage(.error, "'git diff --cached' failed; --staged needs a git work tree")])
        }
        guard var changes = parse(nameStatus: listing.standardOutput) else {
            throw RunFailure([RunMessage(.error, "cannot read the staged changes: 'git diff --cached' gave output of an unknown form")])
        }
        // A new repository has no HEAD: a file it deletes has no earlier text to tell its app.
        for index in changes.indices where changes[index].isDeletion {
            let shown = try? Subprocess.run("git", ["-C", directory, "show", "HEAD:./" + changes[index].path])
            changes[index].kind = .deleted(previous: shown.flatMap { $0.status == 0 ? $0.standardOutput : nil })
        }
        return changes
    }
}
