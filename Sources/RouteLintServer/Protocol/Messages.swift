// The Language Server Protocol 3.17 messages routelint's server reads and writes: only the
// members it uses. Decoding ignores the members not listed, so a client may send more.

/// A position in a document: a 0-based line, and a 0-based offset in it counted in the
/// units of the negotiated position encoding (UTF-16 code units unless agreed otherwise).
struct Position: Codable, Hashable, Sendable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

struct Range: Codable, Hashable, Sendable {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

struct Location: Codable, Hashable, Sendable {
    var uri: String
    var range: Range
}

struct TextDocumentIdentifier: Codable, Sendable {
    var uri: String
}

struct TextDocumentItem: Codable, Sendable {
    var uri: String
    var languageId: String?
    var version: Int
    var text: String
}

struct VersionedTextDocumentIdentifier: Codable, Sendable {
    var uri: String
    var version: Int?
}

struct TextDocumentPositionParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}

// MARK: - Lifecycle

struct InitializeParams: Codable, Sendable {
    struct WorkspaceFolder: Codable, Sendable {
        var uri: String
        var name: String?
    }

    struct ClientCapabilities: Codable, Sendable {
        struct General: Codable, Sendable {
            var positionEncodings: [String]?
        }

        struct Workspace: Codable, Sendable {
            struct DidChangeWatchedFiles: Codable, Sendable {
                var dynamicRegistration: Bool?
            }

            var didChangeWatchedFiles: DidChangeWatchedFiles?
        }

        var general: General?
        var workspace: Workspace?
    }

    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [WorkspaceFolder]?
    var capabilities: ClientCapabilities?
}

struct ServerCapabilities: Codable, Sendable {
    struct TextDocumentSyncOptions: Codable, Sendable {
        var openClose = true
        /// 2: incremental changes.
        var change = 2
    }

    struct CompletionOptions: Codable, Sendable {
        var triggerCharacters: [String]
        var resolveProvider = false
    }

    struct RenameOptions: Codable, Sendable {
        var prepareProvider = true
    }

    struct CodeActionOptions: Codable, Sendable {
        var codeActionKinds = ["quickfix"]
    }

    var positionEncoding: String
    var textDocumentSync = TextDocumentSyncOptions()
    var definitionProvider = true
    var referencesProvider = true
    var hoverProvider = true
    var completionProvider = CompletionOptions(triggerCharacters: [":", " ", "[", ",", "-"])
    var renameProvider = RenameOptions()
    var codeActionProvider = CodeActionOptions()
    var documentSymbolProvider = true
}

struct InitializeResult: Codable, Sendable {
    struct ServerInfo: Codable, Sendable {
        var name: String
        var version: String
    }

    var capabilities: ServerCapabilities
    var serverInfo: ServerInfo
}

struct Registration: Codable, Sendable {
    var id: String
    var method: String
    var registerOptions: DidChangeWatchedFilesRegistrationOptions
}

struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
    struct FileSystemWatcher: Codable, Sendable {
        var globPattern: String
    }

    var watchers: [FileSystemWatcher]
}

struct RegistrationParams: Codable, Sendable {
    var registrations: [Registration]
}

struct ShowMessageParams: Codable, Sendable {
    /// 1 error, 2 warning, 3 info, 4 log.
    var type: Int
    var message: String
}

// MARK: - Documents

struct DidOpenTextDocumentParams: Codable, Sendable {
    var textDocument: TextDocumentItem
}

struct TextDocumentContentChangeEvent: Codable, Sendable {
    /// Absent: `text` is the whole document.
    var range: Range?
    var text: String
}

struct DidChangeTextDocumentParams: Codable, Sendable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [TextDocumentContentChangeEvent]
}

struct DidCloseTextDocumentParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
}

struct FileEvent: Codable, Sendable {
    var uri: String
    /// 1 created, 2 changed, 3 deleted.
    var type: Int
}

struct DidChangeWatchedFilesParams: Codable, Sendable {
    var changes: [FileEvent]
}

// MARK: - Diagnostics

struct Diagnostic: Codable, Hashable, Sendable {
    struct CodeDescription: Codable, Hashable, Sendable {
        var href: String
    }

    struct RelatedInformation: Codable, Hashable, Sendable {
        var location: Location
        var message: String
    }

    var range: Range
    /// 1 error, 2 warning, 3 information, 4 hint.
    var severity: Int
    var code: String
    var codeDescription: CodeDescription
    var source = "routelint"
    var message: String
    var relatedInformation: [RelatedInformation]?
    /// 1: unnecessary (shown faded), for what is declared and never used.
    var tags: [Int]?
}

struct PublishDiagnosticsParams: Codable, Sendable {
    var uri: String
    var version: Int?
    var diagnostics: [Diagnostic]
}

// MARK: - Language features

struct ReferenceParams: Codable, Sendable {
    struct Context: Codable, Sendable {
        var includeDeclaration: Bool
    }

    var textDocument: TextDocumentIdentifier
    var position: Position
    var context: Context?
}

struct MarkupContent: Codable, Hashable, Sendable {
    var kind = "markdown"
    var value: String
}

struct Hover: Codable, Sendable {
    var contents: MarkupContent
    var range: Range?
}

struct TextEdit: Codable, Hashable, Sendable {
    var range: Range
    var newText: String
}

struct CompletionItem: Codable, Hashable, Sendable {
    var label: String
    /// LSP's CompletionItemKind: 10 property, 12 value, 18 reference, 20 enum member, 21 constant.
    var kind: Int
    var detail: String?
    var documentation: MarkupContent?
    var textEdit: TextEdit?
}

struct CompletionList: Codable, Sendable {
    var isIncomplete: Bool
    var items: [CompletionItem]
}

struct RenameParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: Position
    var newName: String
}

struct PrepareRenameResult: Codable, Sendable {
    var range: Range
    var placeholder: String
}

struct WorkspaceEdit: Codable, Sendable {
    var changes: [String: [TextEdit]]
}

struct CodeActionParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var range: Range
}

struct CodeAction: Codable, Sendable {
    var title: String
    var kind = "quickfix"
    var diagnostics: [Diagnostic]?
    var isPreferred: Bool?
    var edit: WorkspaceEdit
}

struct DocumentSymbolParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
}

struct DocumentSymbol: Codable, Sendable {
    var name: String
    var detail: String?
    /// LSP's SymbolKind: 2 module, 3 namespace, 5 class, 12 function, 20 key, 22 enum member.
    var kind: Int
    var range: Range
    var selectionRange: Range
    var children: [DocumentSymbol]?
}
