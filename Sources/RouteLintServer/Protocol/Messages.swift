// The Language Server Protocol 3.17 messages routelint's server reads and writes: only the
// members it uses. Decoding ignores the members not listed, so a client may send more.

/// A position in a document: a 0-based line, and a 0-based offset in it counted in the
/// units of the negotiated position encoding (UTF-16 code units unless agreed otherwise).
public struct Position: Codable, Hashable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

public struct TextDocumentIdentifier: Codable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int
    public var text: String
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable {
    public var uri: String
    public var version: Int?
}

public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

// MARK: - Lifecycle

public struct InitializeParams: Codable, Sendable {
    public struct WorkspaceFolder: Codable, Sendable {
        public var uri: String
        public var name: String?
    }

    public struct ClientCapabilities: Codable, Sendable {
        public struct General: Codable, Sendable {
            public var positionEncodings: [String]?
        }

        public struct Workspace: Codable, Sendable {
            public struct DidChangeWatchedFiles: Codable, Sendable {
                public var dynamicRegistration: Bool?
            }

            public var didChangeWatchedFiles: DidChangeWatchedFiles?
        }

        public var general: General?
        public var workspace: Workspace?
    }

    public var rootUri: String?
    public var rootPath: String?
    public var workspaceFolders: [WorkspaceFolder]?
    public var capabilities: ClientCapabilities?
}

public struct ServerCapabilities: Codable, Sendable {
    public struct TextDocumentSyncOptions: Codable, Sendable {
        public var openClose = true
        /// 2: incremental changes.
        public var change = 2
    }

    public struct CompletionOptions: Codable, Sendable {
        public var triggerCharacters: [String]
        public var resolveProvider = false
    }

    public struct RenameOptions: Codable, Sendable {
        public var prepareProvider = true
    }

    public struct CodeActionOptions: Codable, Sendable {
        public var codeActionKinds = ["quickfix"]
    }

    public var positionEncoding: String
    public var textDocumentSync = TextDocumentSyncOptions()
    public var definitionProvider = true
    public var referencesProvider = true
    public var hoverProvider = true
    public var completionProvider = CompletionOptions(triggerCharacters: [":", " ", "[", ",", "-"])
    public var renameProvider = RenameOptions()
    public var codeActionProvider = CodeActionOptions()
    public var documentSymbolProvider = true
}

public struct InitializeResult: Codable, Sendable {
    public struct ServerInfo: Codable, Sendable {
        public var name: String
        public var version: String
    }

    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo
}

public struct Registration: Codable, Sendable {
    public var id: String
    public var method: String
    public var registerOptions: DidChangeWatchedFilesRegistrationOptions
}

public struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
    public struct FileSystemWatcher: Codable, Sendable {
        public var globPattern: String
    }

    public var watchers: [FileSystemWatcher]
}

public struct RegistrationParams: Codable, Sendable {
    public var registrations: [Registration]
}

public struct ShowMessageParams: Codable, Sendable {
    /// 1 error, 2 warning, 3 info, 4 log.
    public var type: Int
    public var message: String
}

// MARK: - Documents

public struct DidOpenTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct TextDocumentContentChangeEvent: Codable, Sendable {
    /// Absent: `text` is the whole document.
    public var range: Range?
    public var text: String
}

public struct DidChangeTextDocumentParams: Codable, Sendable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
}

public struct DidCloseTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct FileEvent: Codable, Sendable {
    public var uri: String
    /// 1 created, 2 changed, 3 deleted.
    public var type: Int
}

public struct DidChangeWatchedFilesParams: Codable, Sendable {
    public var changes: [FileEvent]
}

// MARK: - Diagnostics

public struct Diagnostic: Codable, Hashable, Sendable {
    public struct CodeDescription: Codable, Hashable, Sendable {
        public var href: String
    }

    public struct RelatedInformation: Codable, Hashable, Sendable {
        public var location: Location
        public var message: String
    }

    public var range: Range
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    public var code: String
    public var codeDescription: CodeDescription
    public var source = "routelint"
    public var message: String
    public var relatedInformation: [RelatedInformation]?
    /// 1: unnecessary (shown faded), for what is declared and never used.
    public var tags: [Int]?
}

public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [Diagnostic]
}

// MARK: - Language features

public struct ReferenceParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        public var includeDeclaration: Bool
    }

    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: Context?
}

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind = "markdown"
    public var value: String
}

public struct Hover: Codable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

public struct CompletionItem: Codable, Hashable, Sendable {
    public var label: String
    /// LSP's CompletionItemKind: 10 property, 12 value, 18 reference, 20 enum member, 21 constant.
    public var kind: Int
    public var detail: String?
    public var documentation: MarkupContent?
    public var textEdit: TextEdit?
}

public struct CompletionList: Codable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

public struct RenameParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
}

public struct PrepareRenameResult: Codable, Sendable {
    public var range: Range
    public var placeholder: String
}

public struct WorkspaceEdit: Codable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct CodeActionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: Range
}

public struct CodeAction: Codable, Sendable {
    public var title: String
    public var kind = "quickfix"
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit
}

public struct DocumentSymbolParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct DocumentSymbol: Codable, Sendable {
    public var name: String
    public var detail: String?
    /// LSP's SymbolKind: 2 module, 3 namespace, 5 class, 12 function, 20 key, 22 enum member.
    public var kind: Int
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}
