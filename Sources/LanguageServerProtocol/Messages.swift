// The Language Server Protocol 3.17 messages routelint's server reads and writes: only the
// members it uses. Decoding ignores the members not listed, so a client may send more.

/// A position in a document: a 0-based line, and a 0-based offset in it counted in the
/// units of the negotiated position encoding (UTF-16 code units unless agreed otherwise).
package struct Position: Codable, Hashable, Sendable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

package struct Range: Codable, Hashable, Sendable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

package struct Location: Codable, Hashable, Sendable {
    package var uri: String
    package var range: Range

    package init(uri: String, range: Range) {
        self.uri = uri
        self.range = range
    }
}

package struct TextDocumentIdentifier: Codable, Sendable {
    package var uri: String

    package init(uri: String) {
        self.uri = uri
    }
}

package struct TextDocumentItem: Codable, Sendable {
    package var uri: String
    package var languageId: String?
    package var version: Int
    package var text: String

    package init(uri: String, languageId: String? = nil, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

package struct VersionedTextDocumentIdentifier: Codable, Sendable {
    package var uri: String
    package var version: Int?

    package init(uri: String, version: Int? = nil) {
        self.uri = uri
        self.version = version
    }
}

package struct TextDocumentPositionParams: Codable, Sendable {
    package var textDocument: TextDocumentIdentifier
    package var position: Position

    package init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

// MARK: - Lifecycle

package struct InitializeParams: Codable, Sendable {
    package struct WorkspaceFolder: Codable, Sendable {
        package var uri: String
        package var name: String?

        package init(uri: String, name: String? = nil) {
            self.uri = uri
            self.name = name
        }
    }

    package struct ClientCapabilities: Codable, Sendable {
        package struct General: Codable, Sendable {
            package var positionEncodings: [String]?

            package init(positionEncodings: [String]? = nil) {
                self.positionEncodings = positionEncodings
            }
        }

        package struct Workspace: Codable, Sendable {
            package struct DidChangeWatchedFiles: Codable, Sendable {
                package var dynamicRegistration: Bool?

                package init(dynamicRegistration: Bool? = nil) {
                    self.dynamicRegistration = dynamicRegistration
                }
            }

            package var didChangeWatchedFiles: DidChangeWatchedFiles?

            package init(didChangeWatchedFiles: DidChangeWatchedFiles? = nil) {
                self.didChangeWatchedFiles = didChangeWatchedFiles
            }
        }

        package var general: General?
        package var workspace: Workspace?

        package init(general: General? = nil, workspace: Workspace? = nil) {
            self.general = general
            self.workspace = workspace
        }
    }

    package var rootUri: String?
    package var rootPath: String?
    package var workspaceFolders: [WorkspaceFolder]?
    package var capabilities: ClientCapabilities?

    package init(
        rootUri: String? = nil, rootPath: String? = nil, workspaceFolders: [WorkspaceFolder]? = nil, capabilities: ClientCapabilities? = nil
    ) {
        self.rootUri = rootUri
        self.rootPath = rootPath
        self.workspaceFolders = workspaceFolders
        self.capabilities = capabilities
    }
}

package struct ServerCapabilities: Codable, Sendable {
    package struct TextDocumentSyncOptions: Codable, Sendable {
        package var openClose = true
        /// 2: incremental changes.
        package var change = 2
    }

    package struct CompletionOptions: Codable, Sendable {
        package var triggerCharacters: [String]
        package var resolveProvider = false

        package init(triggerCharacters: [String]) {
            self.triggerCharacters = triggerCharacters
        }
    }

    package struct RenameOptions: Codable, Sendable {
        package var prepareProvider = true
    }

    package struct CodeActionOptions: Codable, Sendable {
        package var codeActionKinds = ["quickfix"]
    }

    package var positionEncoding: String
    package var textDocumentSync = TextDocumentSyncOptions()
    package var definitionProvider = true
    package var referencesProvider = true
    package var hoverProvider = true
    package var completionProvider = CompletionOptions(triggerCharacters: [":", " ", "[", ",", "-"])
    package var renameProvider = RenameOptions()
    package var codeActionProvider = CodeActionOptions()
    package var documentSymbolProvider = true

    package init(positionEncoding: String) {
        self.positionEncoding = positionEncoding
    }
}

package struct InitializeResult: Codable, Sendable {
    package struct ServerInfo: Codable, Sendable {
        package var name: String
        package var version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    package var capabilities: ServerCapabilities
    package var serverInfo: ServerInfo

    package init(capabilities: ServerCapabilities, serverInfo: ServerInfo) {
        self.capabilities = capabilities
        self.serverInfo = serverInfo
    }
}

package struct Registration: Codable, Sendable {
    package var id: String
    package var method: String
    package var registerOptions: DidChangeWatchedFilesRegistrationOptions

    package init(id: String, method: String, registerOptions: DidChangeWatchedFilesRegistrationOptions) {
        self.id = id
        self.method = method
        self.registerOptions = registerOptions
    }
}

package struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
    package struct FileSystemWatcher: Codable, Sendable {
        package var globPattern: String

        package init(globPattern: String) {
            self.globPattern = globPattern
        }
    }

    package var watchers: [FileSystemWatcher]

    package init(watchers: [FileSystemWatcher]) {
        self.watchers = watchers
    }
}

package struct RegistrationParams: Codable, Sendable {
    package var registrations: [Registration]

    package init(registrations: [Registration]) {
        self.registrations = registrations
    }
}

package struct ShowMessageParams: Codable, Sendable {
    /// 1 error, 2 warning, 3 info, 4 log.
    package var type: Int
    package var message: String

    package init(type: Int, message: String) {
        self.type = type
        self.message = message
    }
}

// MARK: - Documents

package struct DidOpenTextDocumentParams: Codable, Sendable {
    package var textDocument: TextDocumentItem

    package init(textDocument: TextDocumentItem) {
        self.textDocument = textDocument
    }
}

package struct TextDocumentContentChangeEvent: Codable, Sendable {
    /// Absent: `text` is the whole document.
    package var range: Range?
    package var text: String

    package init(range: Range? = nil, text: String) {
        self.range = range
        self.text = text
    }
}

package struct DidChangeTextDocumentParams: Codable, Sendable {
    package var textDocument: VersionedTextDocumentIdentifier
    package var contentChanges: [TextDocumentContentChangeEvent]

    package init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }
}

package struct DidCloseTextDocumentParams: Codable, Sendable {
    package var textDocument: TextDocumentIdentifier

    package init(textDocument: TextDocumentIdentifier) {
        self.textDocument = textDocument
    }
}

package struct FileEvent: Codable, Sendable {
    package var uri: String
    /// 1 created, 2 changed, 3 deleted.
    package var type: Int

    package init(uri: String, type: Int) {
        self.uri = uri
        self.type = type
    }
}

package struct DidChangeWatchedFilesParams: Codable, Sendable {
    package var changes: [FileEvent]

    package init(changes: [FileEvent]) {
        self.changes = changes
    }
}

// MARK: - Diagnostics

package struct Diagnostic: Codable, Hashable, Sendable {
    package struct CodeDescription: Codable, Hashable, Sendable {
        package var href: String

        package init(href: String) {
            self.href = href
        }
    }

    package struct RelatedInformation: Codable, Hashable, Sendable {
        package var location: Location
        package var message: String

        package init(location: Location, message: String) {
            self.location = location
            self.message = message
        }
    }

    package var range: Range
    package var severity: DiagnosticSeverity
    package var code: String
    package var codeDescription: CodeDescription
    package var source = "routelint"
    package var message: String
    package var relatedInformation: [RelatedInformation]?
    package var tags: [DiagnosticTag]?

    package init(
        range: Range, severity: DiagnosticSeverity, code: String, codeDescription: CodeDescription, message: String,
        relatedInformation: [RelatedInformation]? = nil, tags: [DiagnosticTag]? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.message = message
        self.relatedInformation = relatedInformation
        self.tags = tags
    }
}

package struct PublishDiagnosticsParams: Codable, Sendable {
    package var uri: String
    package var version: Int?
    package var diagnostics: [Diagnostic]

    package init(uri: String, version: Int? = nil, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}

// MARK: - Language features

package struct ReferenceParams: Codable, Sendable {
    package struct Context: Codable, Sendable {
        package var includeDeclaration: Bool

        package init(includeDeclaration: Bool) {
            self.includeDeclaration = includeDeclaration
        }
    }

    package var textDocument: TextDocumentIdentifier
    package var position: Position
    package var context: Context?

    package init(textDocument: TextDocumentIdentifier, position: Position, context: Context? = nil) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

package struct MarkupContent: Codable, Hashable, Sendable {
    package var kind = "markdown"
    package var value: String

    package init(value: String) {
        self.value = value
    }
}

package struct Hover: Codable, Sendable {
    package var contents: MarkupContent
    package var range: Range?

    package init(contents: MarkupContent, range: Range? = nil) {
        self.contents = contents
        self.range = range
    }
}

package struct TextEdit: Codable, Hashable, Sendable {
    package var range: Range
    package var newText: String

    package init(range: Range, newText: String) {
        self.range = range
        self.newText = newText
    }
}

package struct CompletionItem: Codable, Hashable, Sendable {
    package var label: String
    package var kind: CompletionItemKind
    package var detail: String?
    package var documentation: MarkupContent?
    package var textEdit: TextEdit?

    package init(
        label: String, kind: CompletionItemKind, detail: String? = nil, documentation: MarkupContent? = nil, textEdit: TextEdit? = nil
    ) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.textEdit = textEdit
    }
}

package struct CompletionList: Codable, Sendable {
    package var isIncomplete: Bool
    package var items: [CompletionItem]

    package init(isIncomplete: Bool, items: [CompletionItem]) {
        self.isIncomplete = isIncomplete
        self.items = items
    }
}

package struct RenameParams: Codable, Sendable {
    package var textDocument: TextDocumentIdentifier
    package var position: Position
    package var newName: String

    package init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
        self.textDocument = textDocument
        self.position = position
        self.newName = newName
    }
}

package struct PrepareRenameResult: Codable, Sendable {
    package var range: Range
    package var placeholder: String

    package init(range: Range, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}

package struct WorkspaceEdit: Codable, Sendable {
    package var changes: [String: [TextEdit]]

    package init(changes: [String: [TextEdit]]) {
        self.changes = changes
    }
}

package struct CodeActionParams: Codable, Sendable {
    package var textDocument: TextDocumentIdentifier
    package var range: Range

    package init(textDocument: TextDocumentIdentifier, range: Range) {
        self.textDocument = textDocument
        self.range = range
    }
}

package struct CodeAction: Codable, Sendable {
    package var title: String
    package var kind = "quickfix"
    package var diagnostics: [Diagnostic]?
    package var isPreferred: Bool?
    package var edit: WorkspaceEdit

    package init(title: String, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil, edit: WorkspaceEdit) {
        self.title = title
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}

package struct DocumentSymbolParams: Codable, Sendable {
    package var textDocument: TextDocumentIdentifier

    package init(textDocument: TextDocumentIdentifier) {
        self.textDocument = textDocument
    }
}

package struct DocumentSymbol: Codable, Sendable {
    package var name: String
    package var detail: String?
    package var kind: SymbolKind
    package var range: Range
    package var selectionRange: Range
    package var children: [DocumentSymbol]?

    package init(
        name: String, detail: String? = nil, kind: SymbolKind, range: Range, selectionRange: Range, children: [DocumentSymbol]? = nil
    ) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

/// LSP's `DiagnosticSeverity`, sent as its number.
package enum DiagnosticSeverity: Int, Codable, Hashable, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4
}

/// LSP's `DiagnosticTag`, sent as its number.
package enum DiagnosticTag: Int, Codable, Hashable, Sendable {
    /// Unused or unnecessary code: the editor shows it faded.
    case unnecessary = 1
    /// Deprecated or obsolete code: the editor strikes it through.
    case deprecated = 2
}

/// LSP's `CompletionItemKind`, sent as its number: it picks the icon beside a completion.
package enum CompletionItemKind: Int, Codable, Hashable, Sendable {
    case text = 1, method, function, constructor, field, variable, `class`, interface, module, property, unit, value, `enum`,
        keyword, snippet, color, file, reference, folder, enumMember, constant, `struct`, event, `operator`, typeParameter
}

/// LSP's `SymbolKind`, sent as its number: it picks the icon of an outline entry.
package enum SymbolKind: Int, Codable, Hashable, Sendable {
    case file = 1, module, namespace, package, `class`, method, property, field, constructor, `enum`, interface, function,
        variable, constant, string, number, boolean, array, object, key, null, enumMember, `struct`, event, `operator`,
        typeParameter
}
