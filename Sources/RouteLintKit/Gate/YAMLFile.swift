/// Reads the gate's own small YAML files — the configuration and the baseline — whole.
enum YAMLFile {
    enum Failure: Error {
        /// The file cannot be read: the reason.
        case unreadable(String)
        /// The file is not well-formed YAML, or repeats a key: where, and what.
        case invalid(SourceRange, String)
    }

    /// The document at `path`, or nil when the file holds none.
    static func read(_ path: String) throws(Failure) -> YAMLDocument? {
        let bytes: [UInt8]
        switch ManifestDiscovery.contents(of: path) {
        case .success(let contents): bytes = contents
        case .failure(let failure): throw .unreadable(failure.reason)
        }
        let parsed = YAMLParser.parse(bytes, file: FileID(0))
        if let issue = parsed.issues.first {
            switch issue.kind {
            case .syntax(let message): throw .invalid(issue.range, message)
            case .duplicateKey(let key, _): throw .invalid(issue.range, DuplicateKeyRule.message(forKey: key))
            }
        }
        return parsed.document
    }
}
