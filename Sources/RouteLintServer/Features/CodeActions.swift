import RouteLintRuns
import RouteLintCore
import RouteLintRules
import LanguageServerProtocol

// Code actions: the fix a finding carries ("did you mean …?" for unknown keys, references,
// holders, enum values, types and rule ids), and silencing a finding on its line with a
// `# routelint:ignore RULE -- reason` comment.
extension LanguageServer {
    func codeActions(_ params: CodeActionParams) -> [CodeAction]? {
        guard let path = Self.path(ofURI: params.textDocument.uri), let file = workspace?.file(path) else { return nil }
        var actions: [CodeAction] = []
        for finding in workspace!.findings(in: path) {
            let diagnostic = diagnostic(finding, in: file.text)
            guard diagnostic.range.start.line <= params.range.end.line, diagnostic.range.end.line >= params.range.start.line else {
                continue
            }
            // The finding's fix, the same edit `lint --fix` makes.
            var edits = Fix.Edits(files: [SourceFile(id: finding.range.file, path: path, bytes: file.text.bytes)])
            if let fix = finding.fix, let made = edits.edits(fix) {
                let changes = made.map { TextEdit(range: file.text.range($0.range, encoding: encoding), newText: $0.text) }
                actions.append(
                    CodeAction(
                        title: fix.description.prefix(1).uppercased() + fix.description.dropFirst(), diagnostics: [diagnostic],
                        isPreferred: true, edit: WorkspaceEdit(changes: [uri(of: path): changes])))
            }
            if let silence = suppression(of: finding, in: file) {
                actions.append(
                    CodeAction(
                        title: "Ignore '\(finding.rule)' on this line", diagnostics: [diagnostic], isPreferred: false,
                        edit: WorkspaceEdit(changes: [uri(of: path): [silence]])))
            }
        }
        return actions
    }

    /// The edit that silences a finding on its line: the rule added to the line's directive,
    /// or a directive added at the end of the line. None for a YAML error (the file must be
    /// mended), for a finding about a directive, or on a line with another comment (a
    /// directive cannot follow it).
    private func suppression(of finding: Finding, in file: Workspace.File) -> TextEdit? {
        guard finding.rule != YAMLSyntaxRule.description.id, finding.rule != UnusedSuppressionRule.description.id else { return nil }
        let line = Int(finding.range.start.line)
        if let directive = file.loaded.directives.first(where: { $0.scope == .line(line) }), let last = directive.rules.last {
            let end = file.text.position(ofByte: file.text.offset(of: last.range.end), encoding: encoding)
            return TextEdit(range: Range(start: end, end: end), newText: "," + finding.rule)
        }
        let lspLine = file.text.position(ofByte: file.text.offset(of: finding.range.start), encoding: encoding).line
        guard let text = file.text.line(lspLine), ManifestContext.commentStart(Array(text.text.utf8)) == nil else { return nil }
        let end = file.text.position(ofByte: text.start + text.text.utf8.count, encoding: encoding)
        return TextEdit(range: Range(start: end, end: end), newText: "  # routelint:ignore \(finding.rule) -- reason")
    }
}
