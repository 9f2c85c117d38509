/// The files of a git revision, read through git without a checkout: the tree from one
/// `git ls-tree`, the blobs from one `git cat-file --batch`. Paths are those the files have in
/// the work tree (absolute, below its top folder), so that a configuration and paths given for
/// the work tree select the same files in the revision.
package struct GitRevisionFileSystem: RouteSetFileSystem {
    /// Why a revision cannot be read.
    package struct OpenError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// The revision as given (`main`, `HEAD~1`, a commit id).
    package let revision: String
    /// The commit it names.
    package let commit: String
    /// The work tree's top folder, absolute.
    package let topLevel: String

    private struct Blob: Sendable {
        let object: String
        let size: Int
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

    /// The revision `revision` of the repository whose work tree holds `directory`.
    package init(revision: String, in directory: String) throws(OpenError) {
        let top = try Self.git(
            ["-C", directory, "rev-parse", "--show-toplevel"],
            failure: { _ in
                "'\(TerminalText.escape(directory))' is not in a git work tree"
            })
        topLevel = String(decoding: top.prefix { $0 != 0x0A }, as: UTF8.self)
        // A revision never starts with '-': such an argument would be read as an option.
        let verified =
            revision.isEmpty || revision.hasPrefix("-")
            ? nil
            : try? Self.git(["-C", topLevel, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], failure: { _ in "" })
        guard let verified else {
            let shallow =
                (try? Self.git(["-C", topLevel, "rev-parse", "--is-shallow-repository"], failure: { _ in "" }))
                .map { String(decoding: $0, as: UTF8.self).hasPrefix("true") } ?? false
            throw OpenError(
                description: "unknown revision '\(TerminalText.escape(revision))'"
                    + (shallow
                        ? " (this is a shallow clone, which may lack it: fetch it, or clone with more history,"
                            + " e.g. actions/checkout's 'fetch-depth: 0')" : ""))
        }
        commit = String(decoding: verified.prefix { $0 != 0x0A }, as: UTF8.self)
        self.revision = revision
        let listing = try Self.git(
            ["-C", topLevel, "ls-tree", "-r", "-l", "-z", "--full-tree", commit],
            failure: { message in
                "cannot list the files of revision '\(TerminalText.escape(revision))': \(message)"
            })
        guard let (entries, folders) = Self.parseTree(listing) else {
            throw OpenError(
                description: "cannot list the files of revision '\(TerminalText.escape(revision))': "
                    + "'git ls-tree' gave output of an unknown form")
        }
        self.entries = entries
        self.folders = folders
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
        for (index, path) in paths.enumerated() {
            guard let relative = relative(path) else {
                results[index] = .failure(outside(path))
                continue
            }
            switch entries[relative] {
            case .blob(let blob)?:
                if blob.size > DiskFileSystem.maximumFileSize {
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
            let total = wanted.reduce(0) { $0 + $1.blob.size + 100 }
            var problem = "'git cat-file' gave output of an unknown form"
            do {
                let output = try Self.git(
                    ["-C", topLevel, "cat-file", "--batch"], input: Array(request.utf8), limit: total,
                    failure: { $0 })
                if let blobs = Self.parseBatch(output), blobs.count == wanted.count {
                    for (entry, bytes) in zip(wanted, blobs) { results[entry.index] = .success(bytes) }
                }
            } catch {
                problem = error.description
            }
            for entry in wanted where results[entry.index] == nil {
                results[entry.index] = .failure(ReadFailure(path: paths[entry.index], reason: TerminalSafe(escaping: problem)))
            }
        }
        return results.map { $0! }
    }

    // MARK: - Reading git's output

    private func relative(_ path: String) -> String? {
        path == topLevel ? "" : FilePath.relative(path, to: topLevel)
    }

    private func outside(_ path: String) -> ReadFailure {
        ReadFailure(path: path, reason: "outside the git work tree '\(topLevel)'")
    }

    private func missing(_ path: String) -> ReadFailure {
        ReadFailure(path: path, reason: "No such file or directory in revision '\(TerminalText.escape(revision))'")
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
            switch mode {
            case "100644", "100755":
                guard let size = Int(String(decoding: fields[3], as: UTF8.self)) else { return nil }
                entries[path] = .blob(Blob(object: object, size: size))
            case "120000": entries[path] = .other("a symbolic link in the revision")
            case "160000": entries[path] = .other("a submodule")
            default: entries[path] = .other("an entry of mode \(mode)")
            }
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
        return (entries, folders)
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
        failure: (String) -> String
    ) throws(OpenError) -> [UInt8] {
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run("git", arguments, input: input, output: .captured(limit: limit))
        } catch {
            throw OpenError(description: failure(error.description))
        }
        guard outcome.status == 0 else {
            let message =
                String(decoding: outcome.standardError, as: UTF8.self)
                .split(separator: "\n").first.map { TerminalText.escape(String($0)) } ?? "git exited with status \(outcome.status)"
            throw OpenError(description: failure(message))
        }
        return outcome.standardOutput
    }
}
