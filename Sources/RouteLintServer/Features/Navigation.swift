import RouteLintRuns
import RouteLintCore
import LanguageServerProtocol

// Go to definition, find references and rename: every kind of name — activity, tab, holder,
// route — from the place it is declared and from every field that names it, across the
// files of an app.
extension LanguageServer {
    /// The name written at a position, and the index of its app. Nil in a file whose text
    /// does not parse: the app's positions there are those of an earlier text.
    mutating func name(at document: TextDocumentIdentifier, _ position: Position)
        -> (file: Workspace.File, occurrence: NameIndex.Occurrence, names: NameIndex)?
    {
        guard let place = place(document, position), !place.file.usesEarlierDeclarations,
            let names = workspace!.names(of: place.file.path),
            let occurrence = names.occurrence(at: place.at, in: place.file.loaded.file)
        else { return nil }
        return (place.file, occurrence, names)
    }

    mutating func definition(_ params: TextDocumentPositionParams) -> [Location]? {
        guard let found = name(at: params.textDocument, params.position),
            let declaration = found.names.declaration(of: found.occurrence.kind, found.occurrence.name)
        else { return nil }
        return [location(declaration.range)]
    }

    mutating func references(_ params: ReferenceParams) -> [Location]? {
        guard let found = name(at: params.textDocument, params.position) else { return nil }
        let includeDeclaration = params.context?.includeDeclaration ?? true
        return found.names.occurrences(of: found.occurrence.kind, found.occurrence.name)
            .filter { includeDeclaration || $0.role != .declaration && $0.role != .redeclaration }
            .map { location($0.range) }
    }

    mutating func prepareRename(_ params: TextDocumentPositionParams) throws -> PrepareRenameResult? {
        guard let found = name(at: params.textDocument, params.position) else {
            throw ResponseError.requestFailed("only the name of an activity, tab, holder or route can be renamed")
        }
        let (file, occurrence, names) = found
        guard names.declaration(of: occurrence.kind, occurrence.name) != nil else {
            throw ResponseError.requestFailed(
                "\(occurrence.kind.rawValue) '\(text(occurrence.name, of: file))' is not declared, so it cannot be renamed")
        }
        var start = file.text.offset(of: occurrence.range.start)
        var end = file.text.offset(of: occurrence.range.end)
        if quote(at: start, in: file.text) != nil, end - start >= 2 {
            start += 1
            end -= 1
        }
        return PrepareRenameResult(
            range: Range(
                start: file.text.position(ofByte: start, encoding: encoding),
                end: file.text.position(ofByte: end, encoding: encoding)),
            placeholder: text(occurrence.name, of: file))
    }

    /// Renames an activity, tab, holder or route everywhere its app writes it, as one edit.
    /// Refused when the new name is not a name, when the app declares one of that kind
    /// already, or when a file of the app does not parse (its names could not be found).
    mutating func rename(_ params: RenameParams) throws -> WorkspaceEdit? {
        guard let found = name(at: params.textDocument, params.position), let model = workspace!.model(of: found.file.path) else {
            throw ResponseError.requestFailed("only the name of an activity, tab, holder or route can be renamed")
        }
        let (file, occurrence, names) = found
        let kind = occurrence.kind.rawValue
        let newName = params.newName
        guard ManifestName.isValid(newName.utf8) else {
            throw ResponseError.requestFailed("'\(newName)' is not a valid \(kind) name: names match [A-Za-z_][A-Za-z0-9_.-]*")
        }
        guard newName != model.text(occurrence.name) else { return WorkspaceEdit(changes: [:]) }
        if let symbol = model.symbols.lookup(newName), let existing = names.declaration(of: occurrence.kind, symbol) {
            let declaredIn = workspace!.file(existing.range.file).path
            throw ResponseError.requestFailed("\(kind) '\(newName)' is declared already, at \(declaredIn):\(existing.range.start)")
        }
        if let broken = workspace!.filesWithEarlierDeclarations(inAppOf: file.path).first {
            throw ResponseError.requestFailed(
                "'\(broken.path)' is not well-formed YAML: mend it first, so that the names it writes are renamed too")
        }
        var changes: [String: [TextEdit]] = [:]
        for place in names.occurrences(of: occurrence.kind, occurrence.name) {
            let target = workspace!.file(place.range.file)
            let start = target.text.offset(of: place.range.start)
            let replacement = quote(at: start, in: target.text).map { $0 + newName + $0 } ?? ManifestName.scalar(newName)
            changes[uri(of: target.path), default: []].append(
                TextEdit(
                    range: target.text.range(place.range, encoding: encoding),
                    newText: replacement))
        }
        return WorkspaceEdit(changes: changes)
    }

    /// The quote that opens a scalar at `offset`, if it is quoted.
    func quote(at offset: Int, in text: DocumentText) -> String? {
        guard offset < text.bytes.count else { return nil }
        switch text.bytes[offset] {
        case UInt8(ascii: "'"): return "'"
        case UInt8(ascii: "\""): return "\""
        default: return nil
        }
    }

    /// The text of a symbol of the app of `file`.
    func text(_ symbol: Symbol, of file: Workspace.File) -> String {
        workspace!.model(of: file.path)?.text(symbol) ?? ""
    }
}
