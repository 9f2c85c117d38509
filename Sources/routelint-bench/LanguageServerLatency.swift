#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import RouteLintRuns
import RouteLintServer
import RouteLintCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long the language server takes from a one-character edit to the diagnostics it sends:
/// a generated route set of `routeCount` routes in files of `routesPerFile`, held in memory,
/// an open file typed into `rounds` times (a character added to a route id, then taken away,
/// so that every other edit changes findings across the app). Each time is that of handling
/// the `didChange` message, which reloads the file, checks its app and encodes every
/// `publishDiagnostics` it sends.
func languageServerLatency(routeCount: Int, routesPerFile: Int, rounds: Int) -> (times: [Double], files: Int, messages: Int) {
    let root = "/bench"
    let files = RouteSetGenerator(routeCount: routeCount).files(routesPerFile: routesPerFile)
    return languageServerLatency(
        texts: Dictionary(uniqueKeysWithValues: files.map { ("\(root)/\($0.name)", $0.text) }), root: root, rounds: rounds)
}

/// `languageServerLatency` over the files `texts` (paths under `root`): the edited file is the
/// middle one of the route files in path order.
func languageServerLatency(texts: [String: String], root: String, rounds: Int) -> (times: [Double], files: Int, messages: Int) {
    var session = LanguageServerSession(texts: texts, root: root)
    var times: [Double] = []
    var messages = 0
    for round in 0..<rounds {
        let started = clock.now
        let sent = session.edit(round: round)
        times.append(seconds(clock.now - started))
        messages += sent.count
        if sent.isEmpty {
            fail("routelint-bench: the language server published nothing after an edit\n")
            exit(1)
        }
    }
    return (times, session.routeFileCount, messages)
}

/// A language server over the files `texts` (paths under `root`), held in memory, initialized
/// and with the middle one of the route files in path order open, ready to be typed into.
struct LanguageServerSession {
    private var server: LanguageServer
    private let uri: String
    /// Where the first route's id ends: before the colon on line 3 (0-based), `  a0-t1-root:`.
    private let end: Int
    /// The number of route files in the workspace.
    let routeFileCount: Int

    init(texts: [String: String], root: String) {
        server = LanguageServer(fileSystem: InMemoryFileSystem(texts))
        let routeFiles = texts.keys.filter { $0.hasSuffix(".routes.yaml") }.sorted()
        routeFileCount = routeFiles.count
        let editedPath = routeFiles[routeFiles.count / 2]
        let text = texts[editedPath]!
        uri = "file://\(editedPath)"
        end = text.split(separator: "\n")[3].utf16.count - 1
        let quoted = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(root)","capabilities":{}}}"#)
        _ = send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        _ = send(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":\#(quoted)}}}"#
        )
    }

    private mutating func send(_ json: String) -> [[UInt8]] { server.handle(Array(json.utf8)) }

    /// Edit `round`: a character added to the first route's id (even rounds) or taken away
    /// (odd ones), so that every other edit changes findings across the app; the messages the
    /// server sends for it.
    mutating func edit(round: Int) -> [[UInt8]] {
        let change =
            round % 2 == 0
            ? #"{"range":{"start":{"line":3,"character":\#(end)},"end":{"line":3,"character":\#(end)}},"text":"x"}"#
            : #"{"range":{"start":{"line":3,"character":\#(end)},"end":{"line":3,"character":\#(end + 1)}},"text":""}"#
        return send(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(round + 2)},"contentChanges":[\#(change)]}}"#
        )
    }
}
