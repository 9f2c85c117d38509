import RouteLintRuns
import RouteLintCore
import LanguageServerProtocol

// Document symbols: the outline of a file — its activities, tabs, holders and routes, each
// under its section — from the file's own reading (nothing, while it does not parse).
extension LanguageServer {
    func documentSymbols(_ params: DocumentSymbolParams) -> [DocumentSymbol]? {
        guard let path = Self.path(ofURI: params.textDocument.uri), let file = workspace?.file(path),
            let manifest = file.loaded.manifest
        else { return nil }
        let symbols = file.loaded.symbols
        func text(_ name: LocatedName?) -> String? { name.map { symbols.text($0.value) } }
        func symbol<Entity: DeclaredEntity>(_ entity: Entity, kind: SymbolKind, detail: String?) -> DocumentSymbol {
            DocumentSymbol(
                name: symbols.text(entity.declaredName.value), detail: detail, kind: kind,
                range: file.text.range(entity.extent, encoding: encoding),
                selectionRange: file.text.range(entity.declaredName.range, encoding: encoding), children: nil)
        }
        func section(_ key: TopLevelKey, _ children: [DocumentSymbol]) -> DocumentSymbol? {
            guard let first = children.first, let last = children.last else { return nil }
            let range = Range(start: first.range.start, end: last.range.end)
            return DocumentSymbol(
                name: key.name, detail: "\(children.count)", kind: .module, range: range, selectionRange: range,
                children: children)
        }
        let activities = manifest.activities.map { symbol($0, kind: .namespace, detail: text($0.title)) }
        let tabs = manifest.tabs.map { tab in
            symbol(
                tab, kind: .enumMember,
                detail: [text(tab.activity), tab.index.map { "index \($0.value)" }].compactMap { $0 }.joined(separator: ", "))
        }
        let holders = manifest.holders.map { symbol($0, kind: .class, detail: "scope \($0.effectiveScope.rawValue)") }
        let routes = manifest.routes.map { symbol($0, kind: .function, detail: $0.path.map { symbols.text($0.value.text) }) }
        return [section(.activities, activities), section(.tabs, tabs), section(.holders, holders), section(.routes, routes)]
            .compactMap { $0 }
    }
}
