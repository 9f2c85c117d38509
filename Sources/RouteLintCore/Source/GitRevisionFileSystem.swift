/// The files of a git revision, or of the index (what the next commit will hold), read through
/// git without a checkout: the tree from one `git ls-tree` (the index from one `git ls-files
/// --stage`), the blobs from one `git cat-file --batch`. Paths are those the files have in the
/// work tree (absolute, below its top folder), so that a configuration and paths given for the
/// work tree select the same files in the revision.
package struct GitRevisionFileSystem: RouteSetFileSystem {
    /// Why a revision cannot be read.
    package struct OpenError: Error, CustomStringConvertible, Sendable {
        /// What went wrong, escaped for a terminal.
        package let description: String

        /// The failure `text` says; what it interpolates (a revision, a folder, git's words) is
        /// escaped as it is made.
        init(_ text: TerminalSafe) {
            description = text.text
        }
    }

    /// The revision as given (`main`, `HEAD~1`, a commit id); "the index" for the index.
    package let revision: String
    /// The commit it names; nil for the index.
    package let commit: String?
    /// The work tree's top folder, absolute.
    package let topLevel: String
    /// When the revision was named by a branch this clone has only as a remote's (`main`, when
    /// only `origin/main` exists): the remote branch read instead.
    package private(set) var remoteBranch: String?

    private struct Blob: Sendable {
        let object: String
        /// The blob's size; nil until asked of git (the index lists no sizes).
        var size: Int?
    }

    private enum Entry: Sendable {
        case blob(Blob)
        /// A symbolic link or a submodule: not followed, not read.
        case other(String)
    }

    /// Every entry of the tree by its path relative to the top folder.
    private let entries: [String: Entry]
    /// Each folder (relative; "" is the top) with the names directly in it.
    private let folders: [String: Set<String>]

    /// The revision `revision` of the repository whose work tree holds `directory`. A branch
    /// this clone has only as one remote's (a CI checkout of a pull request has `origin/main`,
    /// not `main`) is read there, and `remoteBranch` says so.
    package init(revision: String, in directory: String) throws(OpenError) {
        topLevel = try Self.topLevel(of: directory)
        // A revision never starts with '-': such an argument would be read as an option.
        var verified =
            revision.isEmpty || revision.hasPrefix("-")
            ? nil
            : try? Self.git(["-C", topLevel, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], failure: { _ in "" })
        if verified == nil, !revision.isEmpty, !revision.hasPrefix("-"), let remote = Self.onlyRemoteBranch(named: revision, in: topLevel) {
            verified = try? Self.git(["-C", topLevel, "rev-parse", "--verify", "--quiet", remote + "^{commit}"], failure: { _ in "" })
            if verified != nil { remoteBranch = remote }
        }
        guard let verified else {
            let shallow =
                (try? Self.git(["-C", topLevel, "rev-parse", "--is-shallow-repository"], failure: { _ in "" }))
                .map { String(decoding: $0, as: UTF8.self).hasPrefix("true") } ?? false
            throw OpenError(
                "unknown revision '\(revision)'"
                    + (shallow
                        ? " (this is a shallow clone, which may lack it: fetch it, or clone with more history,"
                            + " e.g. actions/checkout's 'fetch-depth: 0')" : ""))
        }
        let commit = String(decoding: verified.prefix { $0 != 0x0A }, as: UTF8.self)
        self.commit = commit
        self.revision = revision
        let listing = try Self.git(
            ["-C", topLevel, "ls-tree", "-r", "-l", "-z", "--full-tree", commit],
            failure: { message in
                "cannot list the files of revision '\(revision)': \(message)"
            })
        guard let (entries, folders) = Self.parseTree(listing) else {
            throw OpenError(
                "cannot list the files of revision '\(revision)': "
                    + "'git ls-tree' gave output of an unknown form")
        }
        self.entries = entries
        self.folders = folders
    }

    /// The index of the repository whose work tree holds `directory`: what the next commit
    /// will hold, staged deletions and `git rm --cached` included, whatever the work tree holds.
    /// A path with a merge conflict, which cannot be committed, has no file here.
    package init(indexIn directory: String) throws(OpenError) {
        topLevel = try Self.topLevel(of: directory)
        revision = "the index"
        commit = nil
        let listing = try Self.git(
            ["-C", topLevel, "ls-files", "--stage", "-z", "--full-name"],
            failure: { message in "cannot list the files of the index: \(message)" })
        guard let (entries, folders) = Self.parseIndex(listing) else {
            throw OpenError("cannot list the files of the index: 'git ls-files' gave output of an unknown form")
        }
        self.entries = entries
        self.folders = folders
    }

    /// The top folder of the work tree that holds `directory`; git's own words when there is
    /// none it will read (not a repository, or one it distrusts: dubious ownership).
    private static func topLevel(of directory: String) throws(OpenError) -> String {
        let top = try git(
            ["-C", directory, "rev-parse", "--show-toplevel"],
            failure: { message in
                message.text.contains("not a git repository")
                    ? "'\(directory)' is not in a git work tree"
                    : "git will not read the repository: \(message)"
            }, wholeMessage: true)
        return String(decoding: top.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// The one remote branch named `name` (`origin/main` for `main`), when the clone has no
    /// local one of that name; nil when it has one, or none, or several remotes have it.
    private static func onlyRemoteBranch(named name: String, in topLevel: String) -> String? {
        guard
            let local = try? git(["-C", topLevel, "for-each-ref", "--format=%(refname)", "refs/heads/" + name], failure: { _ in "" }),
            local.isEmpty,
            let remotes = try? git(
                ["-C", topLevel, "for-each-ref", "--format=%(refname:short)", "refs/remotes/*/" + name], failure: { _ in "" })
        else { return nil }
        let found = String(decoding: remotes, as: UTF8.self).split(separator: "\n").map(String.init)
        return found.count == 1 ? found[0] : nil
    }

    package func entry(at path: String) -> Result<FileSystemEntry, ReadFailure> {
        guard let relative = relative(path) else { return .failure(outside(path)) }
        if folders[relative] != nil { return .success(FileSystemEntry(kind: .directory, identity: .path(path))) }
        switch entries[relative] {
        case .blob?: return .success(FileSystemEntry(kind: .file, identity: .path(path)))
        case .other(let kind)?: return .success(FileSystemEntry(kind: .other(kind), identity: .path(path)))
        case nil: return .failure(missing(path))
        }
    }

    package func names(inDirectory path: String) -> Result<[String], ReadFailure> {
        guard let relative = relative(path) else { return .failure(outside(path)) }
        guard let names = folders[relative] else { return .failure(missing(path)) }
        return .success(Array(names))
    }

    package func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        contents(of: [path])[0]
    }

    /// Reads every blob asked for through one `git cat-file --batch`.
    package func contents(of paths: [String]) -> [Result<[UInt8], ReadFailure>] {
        var results: [Result<[UInt8], ReadFailure>?] = Array(repeating: nil, count: paths.count)
        var wanted: [(index: Int, blob: Blob)] = []
        let sizes = sizesOfUnsizedBlobs(among: paths)
        for (index, path) in paths.enumerated() {
            guard let relative = relative(path) else {
                results[index] = .failure(outside(path))
                continue
            }
            switch entries[relative] {
            case .blob(var blob)?:
                if blob.size == nil { blob.size = sizes[blob.object] }
                guard let size = blob.size else {
                    results[index] = .failure(ReadFailure(path: path, reason: "git does not give the file's size"))
                    continue
                }
                if size > DiskFileSystem.maximumFileSize {
                    results[index] = .failure(
                        ReadFailure(path: path, reason: "the file is larger than \(DiskFileSystem.maximumFileSize >> 20) MiB"))
                } else {
                    wanted.append((index, blob))
                }
            case .other(let kind)?: results[index] = .failure(ReadFailure(path: path, reason: "not a regular file (\(kind))"))
            case nil: results[index] = .failure(missing(path))
            }
        }
        if !wanted.isEmpty {
            let request = wanted.map { $0.blob.object + "\n" }.joined()
            let total = wanted.reduce(0) { $0 + ($1.blob.size ?? sizes[$1.blob.object] ?? 0) + 100 }
            var problem: TerminalSafe = "'git cat-file' gave output of an unknown form"
            do {
                let output = try Self.git(
                    ["-C", topLevel, "cat-file", "--batch"], input: Array(request.utf8), limit: total,
                    failure: { $0 })
                if let blobs = Self.parseBatch(output), blobs.count == wanted.count {
                    for (entry, bytes) in zip(wanted, blobs) { results[entry.index] = .success(bytes) }
                }
            } catch {
                problem = "\(error)"
            }
            for entry in wanted where results[entry.index] == nil {
                results[entry.index] = .failure(ReadFailure(path: paths[entry.index], reason: problem))
            }
        }
        return results.map { $0! }
    }

    /// The sizes of the blobs at `paths` that the listing did not give (the index's), through
    /// one `git cat-file --batch-check`, by object id.
    private func sizesOfUnsizedBlobs(among paths: [String]) -> [String: Int] {
        var objects: [String] = []
        for path in paths {
            guard let relative = relative(path), case .blob(let blob)? = entries[relative], blob.size == nil else { continue }
            objects.append(blob.object)
        }
        guard !objects.isEmpty,
            let output = try? Self.git(
                ["-C", topLevel, "cat-file", "--batch-check=%(objectname) %(objectsize)"],
                input: Array(objects.map { $0 + "\n" }.joined().utf8), failure: { $0 })
        else { return [:] }
        var sizes: [String: Int] = [:]
        for line in output.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20)
            guard fields.count == 2, let size = Int(String(decoding: fields[1], as: UTF8.self)) else { continue }
            sizes[String(decoding: fields[0], as: UTF8.self)] = size
        }
        return sizes
    }

    // MARK: - Reading git's output

    private func relative(_ path: String) -> String? {
        path == topLevel ? "" : FilePath.relative(path, to: topLevel)
    }

    private func outside(_ path: String) -> ReadFailure {
        ReadFailure(path: path, reason: "outside the git work tree '\(topLevel)'")
    }

    private func missing(_ path: String) -> ReadFailure {
        ReadFailure(
            path: path,
            reason: commit == nil
                ? "No such file or directory in the index (the commit leaves it out)"
                : "No such file or directory in revision '\(revision)'")
    }

    /// `git ls-tree -r -l -z`: `MODE TYPE OBJECT SIZE<TAB>PATH<NUL>` per entry, the size padded
    /// with spaces (`-` for a submodule).
    private static func parseTree(_ bytes: [UInt8]) -> (entries: [String: Entry], folders: [String: Set<String>])? {
        var entries: [String: Entry] = [:]
        var folders: [String: Set<String>] = ["": []]
        for record in bytes.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { return nil }
            let fields = record[..<tab].split(separator: 0x20)
            guard fields.count == 4 else { return nil }
            let mode = String(decoding: fields[0], as: UTF8.self)
            let object = String(decoding: fields[2], as: UTF8.self)
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let size = Int(String(decoding: fields[3], as: UTF8.self))
            if mode.hasPrefix("100") && size == nil { return nil }
            entries[path] = entry(mode: mode, object: object, size: size)
            addFolders(of: path, to: &folders)
        }
        return (entries, folders)
    }

    /// `git ls-files --stage -z`: `MODE OBJECT STAGE<TAB>PATH<NUL>` per entry. An entry of a
    /// stage other than 0 is one side of a merge conflict, which no commit holds.
    private static func parseIndex(_ bytes: [UInt8]) -> (entries: [String: Entry], folders: [String: Set<String>])? {
        var entries: [String: Entry] = [:]
        var folders: [String: Set<String>] = ["": []]
        for record in bytes.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { return nil }
            let fields = record[..<tab].split(separator: 0x20)
            guard fields.count == 3 else { return nil }
            guard fields[2].elementsEqual("0".utf8) else { continue }
            let mode = String(decoding: fields[0], as: UTF8.self)
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            entries[path] = entry(mode: mode, object: String(decoding: fields[1], as: UTF8.self), size: nil)
            addFolders(of: path, to: &folders)
        }
        return (entries, folders)
    }

    /// The entry of a file of `mode`: a blob, or what is not read.
    private static func entry(mode: String, object: String, size: Int?) -> Entry {
        switch mode {
        case "100644", "100755": return .blob(Blob(object: object, size: size))
        case "120000": return .other("a symbolic link in the revision")
        case "160000": return .other("a submodule")
        default: return .other("an entry of mode \(mode)")
        }
    }

    /// Records `path`'s folders, each in its parent, up to the first already recorded.
    private static func addFolders(of path: String, to folders: inout [String: Set<String>]) {
        var child = path
        while !child.isEmpty {
            let slash = child.lastIndex(of: "/")
            let parent = slash.map { String(child[..<$0]) } ?? ""
            let name = slash.map { String(child[child.index(after: $0)...]) } ?? child
            let (inserted, _) = folders[parent, default: []].insert(name)
            if !inserted { break }
            child = parent
        }
    }

    /// `git cat-file --batch`: `OBJECT TYPE SIZE<LF>` then SIZE bytes and a LF, per object.
    private static func parseBatch(_ bytes: [UInt8]) -> [[UInt8]]? {
        var blobs: [[UInt8]] = []
        var position = 0
        while position < bytes.count {
            guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
            let header = bytes[position..<end].split(separator: 0x20)
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
                end + 1 + size < bytes.count, bytes[end + 1 + size] == 0x0A
            else { return nil }
            blobs.append(Array(bytes[(end + 1)..<(end + 1 + size)]))
            position = end + 2 + size
        }
        return blobs
    }

    /// Runs git; a failure becomes an error whose text `failure` makes from git's message.
    private static func git(
        _ arguments: [String], input: [UInt8] = [], limit: Int = 1 << 30,
        failure: (TerminalSafe) -> TerminalSafe, wholeMessage: Bool = false
    ) throws(OpenError) -> [UInt8] {
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run("git", arguments, input: input, output: .captured(limit: limit))
        } catch {
            throw OpenError(failure("\(error.description)"))
        }
        guard outcome.status == 0 else {
            // git's first line, or all it says (`fatal: detected dubious ownership …` is followed by
            // the command that trusts the repository), its lines joined.
            let lines = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n")
                .map { String($0.drop { $0 == " " || $0 == "\t" }) }.filter { !$0.isEmpty }
            let said = wholeMessage ? lines.prefix(8) : lines.prefix(1)
            // git's lines as one message: "fatal: " dropped, each line a clause, a line that ends
            // in a colon followed by what it announces.
            var message = said.isEmpty ? "git exited with status \(outcome.status)" : ""
            for line in said {
                if !message.isEmpty { message += message.hasSuffix(":") ? " " : "; " }
                message += line.hasPrefix("fatal: ") ? String(line.dropFirst(7)) : line
            }
            throw OpenError(failure(TerminalSafe(escaping: message)))
        }
        return outcome.standardOutput
    }
}
