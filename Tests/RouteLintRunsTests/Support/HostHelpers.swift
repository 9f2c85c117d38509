import Foundation
import RouteLintServed
import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules

/// A fetcher that answers from texts instead of the network: each URL's answer is the
/// response written out (`HTTP/1.1 301 Moved Permanently`, the headers, an empty line, the
/// body), as the host rules' examples write them; a URL it has no answer for is unreachable.
struct ScriptedFetcher: ServedFileFetcher {
    let answers: [String: FetchOutcome]

    init(_ responses: [String: String]) {
        answers = responses.mapValues(Self.parse)
    }

    init(outcomes: [String: FetchOutcome]) {
        answers = outcomes
    }

    /// The answer for the URL; a host's fully-qualified spelling (`example.com.`) not answered
    /// apart is answered as the host, as a server that serves both alike does.
    func fetch(host: String, path: String) async -> FetchOutcome {
        answers["https://" + host + path] ?? (host.hasSuffix(".") ? answers["https://" + host.dropLast() + path] : nil)
            ?? .unreachable(reason: "no route to host")
    }

    /// A response written out: a byte-order mark and CRLF line ends are read as the plain text
    /// is; a body over `ServedFile.bodyLimit` is cut there.
    static func parse(_ text: String) -> FetchOutcome {
        var text = Substring(text)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        let separator = text.range(of: "\r\n\r\n") ?? text.range(of: "\n\n")
        let head = separator.map { text[..<$0.lowerBound] } ?? text
        let body = separator.map { Array(text[$0.upperBound...].utf8) } ?? []
        var lines = head.split(whereSeparator: \.isNewline).map(String.init)
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2).map(String.init)
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return .answered(
            HTTPAnswer(
                status: parts.count > 1 ? Int(parts[1]) ?? 0 : 0, reason: parts.count > 2 ? parts[2] : "", headers: headers,
                body: Array(body.prefix(ServedFile.bodyLimit)), bodyCut: body.count > ServedFile.bodyLimit))
    }
}

/// The manifests among `files` written to a folder, and `routelint hosts` run on it with the
/// others (named by their URLs) as what the hosts answer.
func checkHosts(
    _ files: [(name: String, contents: String)], configuration: String? = nil, namedHosts: [String] = [],
    outcomes: [String: FetchOutcome] = [:], options configure: (inout HostsOptions) -> Void = { _ in }
) async throws -> HostsRun {
    let root = NSTemporaryDirectory() + "routelint-hosts-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    var responses: [String: String] = [:]
    for file in files {
        if file.name.hasPrefix("https://") {
            responses[file.name] = file.contents
        } else {
            try file.contents.write(toFile: "\(root)/\(file.name)", atomically: true, encoding: .utf8)
        }
    }
    if let configuration { try configuration.write(toFile: "\(root)/.routelint.yml", atomically: true, encoding: .utf8) }
    var options = HostsOptions(paths: [], workingDirectory: root)
    options.survey.namedHosts = namedHosts
    // What devices read is asked for where the test answers it.
    options.survey.readsAppleCDN = files.contains { $0.name.hasPrefix("https://" + CDNCopy.cdnHost + "/") }
    options.survey.asksStatementList = files.contains { $0.name.hasPrefix("https://" + StatementListDifference.apiHost + "/") }
    configure(&options)
    let fetcher = ScriptedFetcher(outcomes: ScriptedFetcher(responses).answers.merging(outcomes) { $1 })
    return try await HostsRun.perform(options, fetcher: fetcher)
}

/// A folder of its own under the temporary directory, removed with the value.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "routelint-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to the file `name` in the folder.
    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
