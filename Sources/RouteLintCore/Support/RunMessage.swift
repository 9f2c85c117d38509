/// What a run has to say on standard error besides its report: an error (something could
/// not be read or used), a warning (something was done, but not exactly) or a note. Its text is
/// `TerminalSafe`: what a message interpolates — names from files, paths, errors — is escaped.
public struct RunMessage: Equatable, Sendable, CustomStringConvertible {
    /// How the message is printed: `routelint: error:`, `routelint: warning:` or `routelint: note:`.
    public enum Level: String, Sendable {
        /// Something could not be read or used (error), was done but not exactly (warning), or
        /// is worth knowing (note).
        case error, warning, note
    }

    /// Whether it is an error or a note.
    public let level: Level
    /// What is said, escaped for a terminal.
    public let text: String

    /// A message at `level` saying `text`.
    public init(_ level: Level, _ text: TerminalSafe) {
        self.level = level
        self.text = text.text
    }

    /// `routelint: error: …`, as the message is printed.
    public var description: String { "routelint: \(level.rawValue): \(text)" }
}

/// A run that cannot go on — a configuration with a problem, a baseline that cannot be read,
/// no manifest at all: a usage error (exit status 2), with what was said before it.
public struct RunFailure: Error, Sendable {
    /// What was said before the run stopped, and why it stopped, last.
    public let messages: [RunMessage]

    /// A failure that says `messages`.
    public init(_ messages: [RunMessage]) {
        self.messages = messages
    }
}
