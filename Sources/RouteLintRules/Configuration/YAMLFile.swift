import RouteLintCore

/// Reads the gate's own small YAML files — the configuration and the baseline — whole.
package enum YAMLFile {
    /// Where the bytes are not well-formed YAML, or repeat a key, and what is wrong.
    package struct Invalid: Error {
        let range: SourceRange
        let message: String
    }

    /// The document in `bytes`, or nil when they hold none.
    package static func parse(_ bytes: [UInt8]) throws(Invalid) -> YAMLDocument? {
        let parsed = YAMLParser.parse(bytes, file: FileID(0))
        if let issue = parsed.issues.first {
            // One line says it all: where libyaml stopped, when the problem is placed at an opening.
            let stopped = issue.stopped.map { " (libyaml stopped at line \($0.start.line), column \($0.start.column))" } ?? ""
            throw Invalid(range: issue.range, message: issue.kind.message + stopped)
        }
        return parsed.document
    }
}
