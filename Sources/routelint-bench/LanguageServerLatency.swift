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
    let fileSystem = InMemoryFileSystem(texts)
    var server = LanguageServer(fileSystem: fileSystem)
    let routeFiles = texts.keys.filter { $0.hasSuffix(".routes.yaml") }.sorted()
    let editedPath = routeFiles[routeFiles.count / 2]
    let edited = (name: String(editedPath.dropFirst(root.count + 1)), text: texts[editedPath]!)
    let files = routeFiles
    let uri = "file://\(root)/\(edited.name)"
    func send(_ json: String) -> [[UInt8]] { server.handle(Array(json.utf8)) }
    func quoted(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }

    _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(root)","capabilities":{}}}"#)
    _ = send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    _ = send(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":\#(quoted(edited.text))}}}"#
    )
    // The first route's id ends before the colon on line 3 (0-based): `  a0-t1-root:`.
    let line = edited.text.split(separator: "\n")[3]
    let end = line.utf16.count - 1
    var times: [Double] = []
    var messages = 0
    for round in 0..<rounds {
        let change =
            round % 2 == 0
            ? #"{"range":{"start":{"line":3,"character":\#(end)},"end":{"line":3,"character":\#(end)}},"text":"x"}"#
            : #"{"range":{"start":{"line":3,"character":\#(end)},"end":{"line":3,"character":\#(end + 1)}},"text":""}"#
        let message =
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(round + 2)},"contentChanges":[\#(change)]}}"#
        let started = clock.now
        let sent = send(message)
        times.append(seconds(clock.now - started))
        messages += sent.count
        if sent.isEmpty {
            fail("routelint-bench: the language server published nothing after an edit\n")
            exit(1)
        }
    }
    return (times, files.count, messages)
}
