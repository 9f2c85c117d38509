/// What a run has to say on standard error besides its report: an error (something could
/// not be read or used) or a note. The text is safe for a terminal: names from files and
/// paths in it are escaped.
public struct RunMessage: Equatable, Sendable, CustomStringConvertible {
    public enum Level: String, Sendable {
        case error, note
    }

    public let level: Level
    public let text: String

    public init(_ level: Level, _ text: String) {
        self.level = level
        self.text = text
    }

    /// `routelint: error: …`, as the message is printed.
    public var description: String { "routelint: \(level.rawValue): \(text)" }
}

/// A run that cannot go on — a configuration with a problem, a baseline that cannot be read,
/// no manifest at all: a usage error (exit status 2), with what was said before it.
public struct RunFailure: Error, Sendable {
    public let messages: [RunMessage]

    public init(_ messages: [RunMessage]) {
        self.messages = messages
    }
}
