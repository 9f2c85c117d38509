#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@testable import RouteLintServer
import RouteLintRuns
@testable import RouteLintCore
@testable import LanguageServerProtocol

/// A language server over an in-memory workspace at `/ws`, driven as a client drives it:
/// requests and notifications go in as JSON, and what comes out is decoded.
struct TestSession {
    static let root = "/ws"

    var server: LanguageServer
    let fileSystem: InMemoryFileSystem
    /// Every `publishDiagnostics` received, in order, by path.
    private(set) var published: [(path: String, diagnostics: [Diagnostic])] = []
    private var nextID = 1

    /// Files by path relative to the root.
    init(_ files: [String: String], encodings: [String]? = nil) {
        fileSystem = InMemoryFileSystem(Dictionary(uniqueKeysWithValues: files.map { (Self.root + "/" + $0.key, $0.value) }))
        server = LanguageServer(fileSystem: fileSystem)
        let params = InitializeParams(
            rootUri: Self.uri(""), rootPath: nil, workspaceFolders: nil,
            capabilities: .init(general: .init(positionEncodings: encodings), workspace: nil))
        let result: InitializeResult? = try? request("initialize", params).get()
        precondition(result != nil, "initialize failed")
        notify("initialized", [String: String]())
    }

    static func uri(_ relative: String) -> String { "file://" + root + (relative.isEmpty ? "" : "/" + relative) }

    static func document(_ relative: String) -> TextDocumentIdentifier { TextDocumentIdentifier(uri: uri(relative)) }

    /// Sends a request and decodes its answer.
    mutating func request<Result: Decodable>(_ method: String, _ params: some Encodable) -> Swift.Result<Result?, ResponseError> {
        let id = nextID
        nextID += 1
        let replies = exchange(Message(id: .number(id), method: method, params: params))
        for reply in replies {
            guard let envelope = try? JSONDecoder().decode(Reply<Result>.self, from: Data(reply)), envelope.id == .number(id) else {
                continue
            }
            if let error = envelope.error { return .failure(error) }
            return .success(envelope.result)
        }
        return .failure(ResponseError(code: 0, message: "no reply"))
    }

    /// Sends a notification; returns what the server sent back.
    @discardableResult
    mutating func notify(_ method: String, _ params: some Encodable) -> [[UInt8]] {
        exchange(Message(id: nil, method: method, params: params))
    }

    mutating func open(_ relative: String) {
        let text = String(decoding: fileSystem.files[Self.root + "/" + relative] ?? [], as: UTF8.self)
        notify(
            "textDocument/didOpen",
            DidOpenTextDocumentParams(
                textDocument: TextDocumentItem(
                    uri: Self.uri(relative), languageId: "yaml", version: 1, text: text)))
    }

    mutating func change(_ relative: String, version: Int, _ changes: [TextDocumentContentChangeEvent]) {
        notify(
            "textDocument/didChange",
            DidChangeTextDocumentParams(
                textDocument: VersionedTextDocumentIdentifier(uri: Self.uri(relative), version: version), contentChanges: changes))
    }

    /// The diagnostics last published for a file.
    func diagnostics(_ relative: String) -> [Diagnostic]? {
        published.last { $0.path == Self.root + "/" + relative }?.diagnostics
    }

    mutating func clearPublished() { published = [] }

    /// Sends raw bytes as one message's content.
    mutating func exchange(raw content: [UInt8]) -> [[UInt8]] {
        let replies = server.handle(content)
        record(replies)
        return replies
    }

    private mutating func exchange(_ message: some Encodable) -> [[UInt8]] {
        let data = try! JSONEncoder().encode(message)
        return exchange(raw: [UInt8](data))
    }

    private mutating func record(_ replies: [[UInt8]]) {
        for reply in replies {
            guard let notification = try? JSONDecoder().decode(Notification<PublishDiagnosticsParams>.self, from: Data(reply)),
                notification.method == "textDocument/publishDiagnostics"
            else { continue }
            published.append((LanguageServer.path(ofURI: notification.params.uri)!, notification.params.diagnostics))
        }
    }

    private struct Message<Params: Encodable>: Encodable {
        let jsonrpc = "2.0"
        let id: RequestID?
        let method: String
        let params: Params
    }

    private struct Reply<Result: Decodable>: Decodable {
        let id: RequestID?
        let result: Result?
        let error: ResponseError?
    }

    private struct Notification<Params: Decodable>: Decodable {
        let method: String
        let params: Params
    }
}

/// A position from 1-based line and column as the test reads them in the text.
func at(_ line: Int, _ character: Int) -> Position { Position(line: line, character: character) }

func positionParams(_ relative: String, _ line: Int, _ character: Int) -> TextDocumentPositionParams {
    TextDocumentPositionParams(textDocument: TestSession.document(relative), position: Position(line: line, character: character))
}

/// The position (0-based line, UTF-16 character) of the first occurrence of `needle` in
/// `text`, plus `offset` characters: so tests point at names, not at numbers.
func position(of needle: String, in text: String, offset: Int = 0, occurrence: Int = 1) -> Position {
    var found = 0
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index...].hasPrefix(needle) {
                found += 1
                if found == occurrence { return Position(line: number, character: line[..<index].utf16.count + offset) }
            }
            index = line.index(after: index)
        }
    }
    preconditionFailure("'\(needle)' is not in the text")
}

/// The shell of the app the tests edit: the activity, its two tabs (rooted at routes
/// `catalog` and `cart`, which the tests' other file declares) and three holders.
let shopShell = """
    manifest: 1
    app: shop
    activities:
      main: {default-tab: home}
    tabs:
      home: {activity: main, index: 0, root: catalog, icon: house}
      basket: {activity: main, index: 1, root: cart, icon: bag}
    holders:
      AppHolder: {scope: app}
      CatalogHolder: {scope: tab, parent: AppHolder}
      CartHolder: {}
    """
