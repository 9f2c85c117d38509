import RouteLintCore

/// The apps of manifests given as text, decoded and merged as a lint reads them, for the tests
/// of a layer through its own API, without a run: the `i`-th text is file `i`, named
/// `manifest-i.routes.yaml`. A text that does not parse is left out: its tests see no app.
package func apps(fromManifests texts: [String]) -> [AppModel] {
    let decoded = texts.enumerated().compactMap { index, text -> (manifest: Manifest, symbols: SymbolTable)? in
        let file = SourceFile(id: FileID(index), path: "manifest-\(index).routes.yaml", bytes: Array(text.utf8))
        let decoded = ManifestDecoder.decode(file)
        return decoded.manifest.map { ($0, decoded.symbols) }
    }
    return AppModel.merge(decoded) { _ in true }.apps
}
