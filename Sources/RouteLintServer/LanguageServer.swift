#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import RouteLintRuns
import RouteLintCore
import RouteLintRules
import LanguageServerProtocol

/// routelint's language server: LSP 3.17 messages in, messages out, over a `Workspace`.
///
/// It does no input or output of its own: `handle` takes one message's content and returns
/// the contents of the messages to send, in order, so that the editor-facing logic is tested
/// on in-memory workspaces and the executable only moves bytes (`StandardIOTransport`). It
/// never writes a file: renames and fixes go back to the editor as `WorkspaceEdit`s.
public struct LanguageServer {
    /// The status the process exits with, once the client sent `exit`: 0 after `shutdown`,
    /// 1 without it, as LSP asks.
    private(set) var exitStatus: Int32?

    /// Whether the client asked the server to shut down.
    private(set) var isShutDown = false

    var workspace: Workspace?
    var encoding = PositionEncoding.utf16
    private let fileSystem: any RouteSetFileSystem
    private var canWatchFiles = false
    /// The URI the client spells each path with, so that answers name files its way.
    private var uris: [String: String] = [:]
    /// What was last published for each path, so that a file is sent diagnostics only when
    /// they change.
    private var published: [String: [Diagnostic]] = [:]
    private var outgoing: [[UInt8]] = []

    private let decoder = JSONDecoder()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A server that reads the files the editor has not opened from `fileSystem`.
    public init(fileSystem: any RouteSetFileSystem = DiskFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Handles what the transport read, and returns the contents of the messages to send.
    mutating func handle(_ frame: MessageFramer.Frame) -> [[UInt8]] {
        switch frame {
        case .message(let content): return handle(content)
        case .malformedHeader(let problem):
            return [encode(OutgoingResponse<Bool>(id: nil, result: nil, error: .parseError("unreadable message: \(problem)")))]
        }
    }

    /// Handles one message's content, and returns the contents of the messages to send.
    public mutating func handle(_ content: [UInt8]) -> [[UInt8]] {
        outgoing = []
        let data = Data(content)
        let envelope: IncomingEnvelope
        do {
            envelope = try decoder.decode(IncomingEnvelope.self, from: data)
        } catch DecodingError.dataCorrupted {
            send(OutgoingResponse<Bool>(id: nil, result: nil, error: .parseError("the message is not JSON")))
            return outgoing
        } catch {
            send(OutgoingResponse<Bool>(id: nil, result: nil, error: .invalidRequest("the message is not a JSON-RPC object")))
            return outgoing
        }
        guard let method = envelope.method else {
            // A response to a request of the server's (a registration): nothing waits for it.
            return outgoing
        }
        guard envelope.jsonrpc == "2.0" else {
            if let id = envelope.id {
                send(OutgoingResponse<Bool>(id: id, result: nil, error: .invalidRequest("'jsonrpc' must be \"2.0\"")))
            }
            return outgoing
        }
        if let id = envelope.id {
            do {
                try respond(to: method, id: id, data)
            } catch let error as ResponseError {
                send(OutgoingResponse<Bool>(id: id, result: nil, error: error))
            } catch {
                send(OutgoingResponse<Bool>(id: id, result: nil, error: .invalidParams(Self.describe(error))))
            }
        } else {
            // Notifications have no answer, errors included: a bad one is logged.
            do {
                try notice(method, data)
            } catch {
                log("routelint: ignored '\(method)': \(Self.describe(error))")
            }
        }
        return outgoing
    }

    // MARK: - Requests

    private mutating func respond(to method: String, id: RequestID, _ data: Data) throws {
        if method == "initialize" {
            let params = try parameters(InitializeParams.self, data)
            send(OutgoingResponse(id: id, result: initialize(params), error: nil))
            return
        }
        guard workspace != nil else { throw ResponseError.serverNotInitialized(method) }
        guard !isShutDown else { throw ResponseError.invalidRequest("'\(method)' after 'shutdown'") }
        switch method {
        case "shutdown":
            isShutDown = true
            send(OutgoingResponse<Bool>(id: id, result: nil, error: nil))
        case "textDocument/definition":
            reply(id, definition(try parameters(TextDocumentPositionParams.self, data)))
        case "textDocument/references":
            reply(id, references(try parameters(ReferenceParams.self, data)))
        case "textDocument/hover":
            reply(id, hover(try parameters(TextDocumentPositionParams.self, data)))
        case "textDocument/completion":
            reply(id, completion(try parameters(TextDocumentPositionParams.self, data)))
        case "textDocument/prepareRename":
            reply(id, try prepareRename(try parameters(TextDocumentPositionParams.self, data)))
        case "textDocument/rename":
            reply(id, try rename(try parameters(RenameParams.self, data)))
        case "textDocument/codeAction":
            reply(id, codeActions(try parameters(CodeActionParams.self, data)))
        case "textDocument/documentSymbol":
            reply(id, documentSymbols(try parameters(DocumentSymbolParams.self, data)))
        default:
            throw ResponseError.methodNotFound(method)
        }
    }

    private mutating func initialize(_ params: InitializeParams) -> InitializeResult {
        encoding = PositionEncoding.negotiate(params.capabilities?.general?.positionEncodings)
        canWatchFiles = params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false
        let folder = params.workspaceFolders?.first?.uri ?? params.rootUri
        let root = folder.flatMap(Self.path(ofURI:)) ?? params.rootPath
        workspace = Workspace(root: root.map { FilePath.absolute($0, in: "/") }, fileSystem: fileSystem)
        return InitializeResult(
            capabilities: ServerCapabilities(positionEncoding: encoding.rawValue),
            serverInfo: .init(name: "routelint", version: RouteLintVersion.current))
    }

    // MARK: - Notifications

    private mutating func notice(_ method: String, _ data: Data) throws {
        if method == "exit" {
            exitStatus = isShutDown ? 0 : 1
            return
        }
        guard workspace != nil, !isShutDown else { return }
        switch method {
        case "initialized":
            registerFileWatchers()
            for problem in workspace!.problems { showMessage(problem) }
        case "textDocument/didOpen":
            let params = try parameters(DidOpenTextDocumentParams.self, data)
            let path = try path(of: params.textDocument.uri)
            uris[path] = params.textDocument.uri
            let checked = workspace!.open(path, text: Array(params.textDocument.text.utf8), version: params.textDocument.version)
            if checked.isEmpty { log("routelint: '\(path)' is not part of the route set of the workspace folder; it is not checked") }
            publishDiagnostics(first: path, checked)
        case "textDocument/didChange":
            let params = try parameters(DidChangeTextDocumentParams.self, data)
            let path = try path(of: params.textDocument.uri)
            guard var text = workspace!.file(path)?.text ?? workspace!.platformDocument(path)?.text else { return }
            for change in params.contentChanges {
                text = change.range.map { text.replacing($0, with: change.text, encoding: encoding) } ?? DocumentText(change.text)
            }
            publishDiagnostics(first: path, workspace!.change(path, text: text, version: params.textDocument.version))
        case "textDocument/didClose":
            let params = try parameters(DidCloseTextDocumentParams.self, data)
            let path = try path(of: params.textDocument.uri)
            publishDiagnostics(first: path, workspace!.close(path))
        case "workspace/didChangeWatchedFiles":
            let params = try parameters(DidChangeWatchedFilesParams.self, data)
            let paths = params.changes.compactMap { Self.path(ofURI: $0.uri) }
            for (change, path) in zip(params.changes, paths) where uris[path] == nil { uris[path] = change.uri }
            let checked = workspace!.filesChangedOnDisk(paths)
            if paths.contains(where: { $0.hasSuffix("/" + LintConfiguration.fileName) }) {
                for problem in workspace!.problems { showMessage(problem) }
            }
            publishDiagnostics(first: nil, checked)
        default:
            // `$/cancelRequest`, `$/setTrace`, `textDocument/didSave`, …: requests are answered
            // as they come, and nothing else changes what the server knows.
            break
        }
    }

    /// Asks the client to report changes to manifests, configurations, platform files and
    /// string resources on the disk.
    private mutating func registerFileWatchers() {
        guard canWatchFiles else { return }
        let watchers =
            ([
                "**/*.routes.yaml", "**/*.routes.yml", "**/" + LintConfiguration.fileName, "**/apple-app-site-association",
                "**/apple-app-site-association.json", "**/assetlinks.json", "**/AndroidManifest.xml", "**/*.entitlements",
                // The string resources AndroidManifest.xml's `@string/` references read.
                "**/values/*.xml",
            ] as [String]).map(DidChangeWatchedFilesRegistrationOptions.FileSystemWatcher.init)
        let registration = Registration(
            id: "routelint-watched-files", method: "workspace/didChangeWatchedFiles",
            registerOptions: .init(watchers: watchers))
        send(
            OutgoingMessage(
                id: .string("routelint-register-watchers"), method: "client/registerCapability",
                params: RegistrationParams(registrations: [registration])))
    }

    // MARK: - Diagnostics

    /// Publishes the findings of the paths checked again whose findings changed, `first`
    /// (the file edited) before the others and always, so that its editor's view is current.
    private mutating func publishDiagnostics(first: String?, _ checked: [String]) {
        var seen = Set<String>()
        let ordered = (first.map { [$0] } ?? []) + checked
        for path in ordered where seen.insert(path).inserted {
            // A manifest of the set or a platform file: its text and version.
            let document =
                workspace!.file(path).map { (text: $0.text, version: $0.version) }
                ?? workspace!.platformDocument(path).map { (text: $0.text, version: $0.version) }
            guard let document else {
                // A file that left the set: clear what it showed.
                if published.removeValue(forKey: path).map({ !$0.isEmpty }) ?? false {
                    send(
                        OutgoingMessage(
                            id: nil, method: "textDocument/publishDiagnostics",
                            params: PublishDiagnosticsParams(uri: uri(of: path), version: nil, diagnostics: [])))
                }
                continue
            }
            let diagnostics = workspace!.findings(in: path).map { diagnostic($0, in: document.text) }
            guard path == first || published[path] != diagnostics else { continue }
            published[path] = diagnostics
            send(
                OutgoingMessage(
                    id: nil, method: "textDocument/publishDiagnostics",
                    params: PublishDiagnosticsParams(uri: uri(of: path), version: document.version, diagnostics: diagnostics)))
        }
    }

    /// A finding as the editor shows it.
    func diagnostic(_ finding: Finding, in text: DocumentText) -> Diagnostic {
        let severity: DiagnosticSeverity
        switch finding.severity {
        case .error: severity = .error
        case .warning: severity = .warning
        case .note: severity = .information
        }
        let documentation = RuleRegistry.description(of: finding.rule)?.documentationURI ?? RouteLintVersion.informationURI
        let related = finding.related.map { Diagnostic.RelatedInformation(location: location($0.range), message: $0.message) }
        return Diagnostic(
            range: text.range(finding.range, encoding: encoding), severity: severity, code: finding.rule,
            codeDescription: .init(href: documentation), message: finding.message,
            relatedInformation: related.isEmpty ? nil : related,
            tags: Self.unnecessaryRules.contains(finding.rule) ? [.unnecessary] : nil)
    }

    /// The rules whose findings are about something that does nothing, which editors fade.
    private static let unnecessaryRules: Set<String> = [
        UnusedHolderRule.description.id, UnreachableRouteRule.description.id, UnusedSuppressionRule.description.id,
    ]

    // MARK: - Positions and files

    /// The LSP location of a range of a file of the workspace.
    func location(_ range: SourceRange) -> Location {
        if let document = workspace!.platformDocument(range.file) {
            return Location(uri: uri(of: document.path), range: document.text.range(range, encoding: encoding))
        }
        let file = workspace!.file(range.file)
        return Location(uri: uri(of: file.path), range: file.text.range(range, encoding: encoding))
    }

    /// The file a request is about, and the routelint position and byte offset of its position.
    func place(_ document: TextDocumentIdentifier, _ position: Position) -> (file: Workspace.File, at: SourcePosition, offset: Int)? {
        guard let path = Self.path(ofURI: document.uri), let file = workspace?.file(path) else { return nil }
        let offset = file.text.offset(of: position, encoding: encoding)
        return (file, file.text.sourcePosition(ofByte: offset), offset)
    }

    func uri(of path: String) -> String {
        uris[path] ?? URL(fileURLWithPath: path).absoluteString
    }

    private func path(of uri: String) throws -> String {
        guard let path = Self.path(ofURI: uri) else { throw ResponseError.invalidParams("'\(uri)' is not a file URI") }
        return path
    }

    /// The absolute path of a `file:` URI, percent-decoded.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : FilePath.absolute(path, in: "/")
    }

    // MARK: - Messages

    private func parameters<Parameters: Decodable>(_ type: Parameters.Type, _ data: Data) throws -> Parameters {
        try decoder.decode(IncomingParameters<Parameters>.self, from: data).params
    }

    private mutating func reply<Result: Encodable>(_ id: RequestID, _ result: Result?) {
        send(OutgoingResponse(id: id, result: result, error: nil))
    }

    private mutating func send<Message: Encodable>(_ message: Message) {
        outgoing.append(encode(message))
    }

    private func encode<Message: Encodable>(_ message: Message) -> [UInt8] {
        // Every message type here encodes: a failure would be a bug, answered as one.
        (try? [UInt8](encoder.encode(message)))
            ?? Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"routelint could not encode its answer"}}"#.utf8)
    }

    private mutating func showMessage(_ message: RunMessage) {
        send(
            OutgoingMessage(
                id: nil, method: "window/showMessage",
                params: ShowMessageParams(
                    type: message.level == .error ? 1 : message.level == .warning ? 2 : 3, message: message.description)))
    }

    private mutating func log(_ text: String) {
        send(OutgoingMessage(id: nil, method: "window/logMessage", params: ShowMessageParams(type: 4, message: text)))
    }

    /// A decoding error in words, without the coder's internals.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "the parameters lack '\(at.isEmpty ? "" : at + ".")\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "'\(path(context))' has the wrong type"
        case .dataCorrupted(let context):
            return "unreadable parameters at '\(path(context))'"
        @unknown default:
            return "unreadable parameters"
        }
    }
}
