#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import RouteLintRuns
@testable import RouteLintServer
import Testing
@testable import RouteLintCore
@testable import LanguageServerProtocol

/// An app in two files: the shell (`shopShell`) declares the activity, the tabs and the holders; the
/// catalog declares the routes, which the shell's tabs root at.
private let catalog = """
    manifest: 1
    app: shop
    routes:
      catalog:
        path: /catalog
        holder: CatalogHolder
        links: [product, cart]
      product:
        path: /products/:id
        activity: main
        holder: CatalogHolder
      cart:
        path: /cart
        holder: CartHolder
    """

private func shop() -> TestSession {
    var session = TestSession(["shell.routes.yaml": shopShell, "catalog.routes.yaml": catalog])
    session.open("catalog.routes.yaml")
    return session
}

@Suite struct ProtocolTests {
    @Test func malformedMessagesAreAnsweredWithErrors() throws {
        var session = shop()
        let notJSON = session.exchange(raw: Array("{not json".utf8))
        #expect(String(decoding: notJSON[0], as: UTF8.self).contains(#""code":-32700"#))
        let notObject = session.exchange(raw: Array("[1, 2]".utf8))
        #expect(String(decoding: notObject[0], as: UTF8.self).contains(#""code":-32600"#))
        let unknown: Result<Bool?, ResponseError> = session.request("textDocument/unknown", [String: String]())
        #expect(unknown.failure?.code == -32601)
        let badParams: Result<[Location]?, ResponseError> = session.request("textDocument/definition", ["textDocument": 3])
        #expect(badParams.failure?.code == -32602)
    }

    @Test func requestsBeforeInitializeAreRefused() {
        var server = LanguageServer(fileSystem: InMemoryFileSystem([:]))
        let reply = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#.utf8))
        #expect(String(decoding: reply[0], as: UTF8.self).contains(#""code":-32002"#))
    }

    @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() {
        var session = shop()
        let shutdown: Result<Bool?, ResponseError> = session.request("shutdown", Optional<Int>.none)
        #expect(shutdown.failure == nil)
        session.notify("exit", Optional<Int>.none)
        #expect(session.server.exitStatus == 0)

        var abrupt = shop()
        abrupt.notify("exit", Optional<Int>.none)
        #expect(abrupt.server.exitStatus == 1)
    }

    @Test func utf32IsChosenWhenOffered() {
        var session = TestSession([:], encodings: ["utf-8", "utf-32"])
        #expect(session.server.encoding == .utf32)
        session = TestSession([:], encodings: nil)
        #expect(session.server.encoding == .utf16)
    }
}

@Suite struct DiagnosticsTests {
    @Test func findingsOfTheWholeAppArePublishedWithRuleAndDocumentation() throws {
        let misspelt = catalog.replacing("holder: CartHolder", with: "holder: CartHoldr")
        var session = TestSession(["shell.routes.yaml": shopShell, "catalog.routes.yaml": misspelt])
        session.open("catalog.routes.yaml")
        let diagnostics = try #require(session.diagnostics("catalog.routes.yaml"))
        let missing = try #require(diagnostics.first { $0.code == "missing-holder" })
        #expect(missing.severity == .error)
        #expect(missing.source == "routelint")
        #expect(missing.codeDescription.href.hasSuffix("docs/rules.md#missing-holder"))
        #expect(missing.message.contains("did you mean 'CartHolder'?"))
        #expect(missing.range.start == position(of: "CartHoldr", in: misspelt))
        #expect(missing.range.end == position(of: "CartHoldr", in: misspelt, offset: 9))
        // The misspelt name is read as the holder it nearly spells, which is still in use.
        #expect(session.diagnostics("shell.routes.yaml")?.contains { $0.code == "unused-holder" } == false)
        // A name far from every holder leaves it bound by no route: the other file of the app hears of it too.
        session.change(
            "catalog.routes.yaml", version: 2,
            [TextDocumentContentChangeEvent(range: nil, text: catalog.replacing("holder: CartHolder", with: "holder: Basket"))])
        let shellDiagnostics = try #require(session.diagnostics("shell.routes.yaml"))
        let unused = try #require(shellDiagnostics.first { $0.code == "unused-holder" })
        #expect(unused.severity == .warning)
        #expect(unused.tags == [.unnecessary])
    }

    @Test func anEditRechecksAndClearsAcrossFiles() throws {
        var session = shop()
        #expect(session.diagnostics("catalog.routes.yaml") == [])
        // Rename the route 'cart' in its own file: the shell's tab root now names nothing.
        let text = catalog
        let start = position(of: "cart:", in: text)
        session.change(
            "catalog.routes.yaml", version: 2,
            [
                TextDocumentContentChangeEvent(
                    range: Range(start: start, end: Position(line: start.line, character: start.character + 4)), text: "basket")
            ])
        let shellDiagnostics = try #require(session.diagnostics("shell.routes.yaml"))
        #expect(shellDiagnostics.map(\.code).contains("unknown-reference"))
        let root = try #require(shellDiagnostics.first { $0.code == "unknown-reference" })
        #expect(root.range.start == position(of: "cart", in: shopShell))
        // Links in the same file name it too.
        #expect(session.diagnostics("catalog.routes.yaml")?.contains { $0.code == "unknown-reference" } == true)
        // And back: everything clears.
        session.change("catalog.routes.yaml", version: 3, [TextDocumentContentChangeEvent(range: nil, text: catalog)])
        #expect(session.diagnostics("shell.routes.yaml") == [])
        #expect(session.diagnostics("catalog.routes.yaml") == [])
    }

    @Test func aFileThatStopsParsingKeepsItsDeclarationsForTheRestOfTheApp() throws {
        var session = shop()
        session.change(
            "catalog.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: catalog + "\n  broken: [unclosed\n")])
        let own = try #require(session.diagnostics("catalog.routes.yaml"))
        #expect(own.map(\.code) == ["yaml-syntax"])
        // The shell's tab roots still find 'catalog' and 'cart'.
        #expect(session.diagnostics("shell.routes.yaml") ?? [] == [])
    }

    @Test func relatedLocationsPointIntoTheOtherFile() throws {
        var session = TestSession([
            "shell.routes.yaml": shopShell, "catalog.routes.yaml": catalog,
            "extra.routes.yaml": "manifest: 1\napp: shop\nroutes:\n  cart: {path: /basket, holder: CartHolder}\n",
        ])
        session.open("extra.routes.yaml")
        let duplicate = try #require(session.diagnostics("extra.routes.yaml")?.first { $0.code == "duplicate-name" })
        let related = try #require(duplicate.relatedInformation?.first)
        #expect(related.location.uri == TestSession.uri("catalog.routes.yaml"))
        #expect(related.location.range.start == position(of: "cart:", in: catalog))
    }

    @Test func aRouteThatConflictsWithManyListsThemAllAsRelatedInformation() throws {
        var routes = "manifest: 1\nroutes:\n"
        for index in 0..<12 { routes += "  r\(index): {path: /r\(index)/:id}\n" }
        routes += "  catch-all: {path: /:section/new}\n"
        var session = TestSession(["many.routes.yaml": routes])
        session.open("many.routes.yaml")
        let conflict = try #require(session.diagnostics("many.routes.yaml")?.first { $0.code == "conflicting-patterns" })
        // The message names three; the editor gets every one of the twelve to jump to.
        let related = try #require(conflict.relatedInformation)
        #expect(related.map(\.location.range.start.line) == Array(2..<14))
    }

    @Test func theConfigurationAndInlineSuppressionsApply() throws {
        let unused = shopShell.replacing("CartHolder: {}", with: "CartHolder: {}\n  Spare: {}")
        var session = TestSession([
            "shell.routes.yaml": unused, "catalog.routes.yaml": catalog,
            ".routelint.yml": "unused-holder: error\n",
        ])
        session.open("shell.routes.yaml")
        #expect(session.diagnostics("shell.routes.yaml")?.first { $0.code == "unused-holder" }?.severity == .error)
        session.change(
            "shell.routes.yaml", version: 2,
            [
                TextDocumentContentChangeEvent(
                    range: nil, text: unused.replacing("Spare: {}", with: "Spare: {}  # routelint:ignore unused-holder -- kept for 2.0"))
            ])
        #expect(session.diagnostics("shell.routes.yaml") == [])
    }

    @Test func theConfigurationsBaselineHidesWhatItAccepts() throws {
        let unused = shopShell.replacing("CartHolder: {}", with: "CartHolder: {}\n  Spare: {}\n  Extra: {}")
        let accepting =
            #"{"version": 3, "findings": [{"rule": "unused-holder", "file": "shell.routes.yaml", "subjects": ["holder:Spare"], "count": 1}]}"#
        var session = TestSession([
            "shell.routes.yaml": unused, "catalog.routes.yaml": catalog,
            ".routelint.yml": "baseline: routelint-baseline.json\n", "routelint-baseline.json": accepting,
        ])
        session.open("shell.routes.yaml")
        // The baseline's finding is not shown; the one it does not record is.
        #expect(
            session.diagnostics("shell.routes.yaml")?.filter { $0.code == "unused-holder" }.map(\.message) == [
                "holder 'Extra' is bound by no route and is no holder's parent"
            ])
        // The baseline written again on disk is read again.
        session.fileSystem.files["/ws/routelint-baseline.json"] = Array(#"{"version": 3, "findings": []}"#.utf8)
        session.notify(
            "workspace/didChangeWatchedFiles",
            DidChangeWatchedFilesParams(changes: [FileEvent(uri: TestSession.uri("routelint-baseline.json"), type: 2)]))
        #expect(session.diagnostics("shell.routes.yaml")?.filter { $0.code == "unused-holder" }.count == 2)
    }

    @Test func anotherAppIsNotChecked() {
        var workspace = Workspace(
            root: "/ws",
            fileSystem: InMemoryFileSystem([
                "/ws/shell.routes.yaml": shopShell, "/ws/catalog.routes.yaml": catalog,
                "/ws/legacy.routes.yaml": "manifest: 1\napp: legacy\n",
            ]))
        let checked = workspace.change("/ws/catalog.routes.yaml", text: DocumentText(catalog + "\n"), version: 2)
        #expect(Set(checked) == ["/ws/shell.routes.yaml", "/ws/catalog.routes.yaml"])
    }

    @Test func filesCreatedAndDeletedOnDiskJoinAndLeaveTheSet() throws {
        var session = shop()
        session.fileSystem.files["/ws/extra.routes.yaml"] = Array(
            "manifest: 1\napp: shop\nroutes:\n  cart: {path: /b, holder: CartHolder}\n".utf8)
        session.notify(
            "workspace/didChangeWatchedFiles",
            DidChangeWatchedFilesParams(changes: [FileEvent(uri: TestSession.uri("extra.routes.yaml"), type: 1)]))
        #expect(session.diagnostics("extra.routes.yaml")?.map(\.code) == ["duplicate-name"])
        session.fileSystem.files["/ws/extra.routes.yaml"] = nil
        session.notify(
            "workspace/didChangeWatchedFiles",
            DidChangeWatchedFilesParams(changes: [FileEvent(uri: TestSession.uri("extra.routes.yaml"), type: 3)]))
        #expect(session.diagnostics("extra.routes.yaml") == [])
    }
}

@Suite struct PositionTests {
    /// A title of two characters outside the Basic Multilingual Plane, then a misspelt name
    /// on the same line: 2 code points, 4 UTF-16 code units, 8 bytes.
    private let emoji = """
        manifest: 1
        activities:
          main: {title: "😀😀", default-tab: hme}
        tabs:
          home: {activity: main, index: 0, root: start, icon: house}
        holders: {H: {}}
        routes:
          start: {path: /, holder: H}
        """

    @Test func utf16CountsSurrogatePairs() throws {
        var session = TestSession(["a.routes.yaml": emoji])
        session.open("a.routes.yaml")
        let finding = try #require(session.diagnostics("a.routes.yaml")?.first { $0.code == "unknown-reference" })
        // `  main: {title: "😀😀", default-tab: ` is 37 UTF-16 code units: 35 code points.
        #expect(finding.range.start == Position(line: 2, character: 37))
        #expect(finding.range.end == Position(line: 2, character: 40))
    }

    @Test func utf32CountsCodePoints() throws {
        var session = TestSession(["a.routes.yaml": emoji], encodings: ["utf-32"])
        session.open("a.routes.yaml")
        let finding = try #require(session.diagnostics("a.routes.yaml")?.first { $0.code == "unknown-reference" })
        #expect(finding.range.start == Position(line: 2, character: 35))
        #expect(finding.range.end == Position(line: 2, character: 38))
    }

    @Test func incrementalEditsAfterNonBMPCharactersLandWhereTheEditorMeant() throws {
        var session = TestSession(["a.routes.yaml": emoji])
        session.open("a.routes.yaml")
        // Replace `hme` (UTF-16 37..<40) by `home`.
        session.change(
            "a.routes.yaml", version: 2,
            [
                TextDocumentContentChangeEvent(
                    range: Range(start: Position(line: 2, character: 37), end: Position(line: 2, character: 40)), text: "home")
            ])
        #expect(session.diagnostics("a.routes.yaml") == [])
    }

    @Test func documentTextConvertsBothWays() {
        let text = DocumentText("a: \"😀é\"\r\nb: x\u{2028}y\n")
        // libyaml breaks lines at LS too; LSP does not.
        let afterSeparator = text.offset(of: SourcePosition(line: 3, column: 1))
        #expect(text.position(ofByte: afterSeparator, encoding: .utf16) == Position(line: 1, character: 5))
        #expect(
            text.position(ofByte: text.offset(of: SourcePosition(line: 1, column: 6)), encoding: .utf16) == Position(line: 0, character: 6))
        #expect(
            text.position(ofByte: text.offset(of: SourcePosition(line: 1, column: 6)), encoding: .utf8) == Position(line: 0, character: 8))
        #expect(
            text.offset(of: Position(line: 0, character: 5), encoding: .utf16) == text.offset(
                of: Position(line: 0, character: 4), encoding: .utf16) + 4)
        // A character inside a surrogate pair is the end of the pair; one past the line, its end.
        #expect(text.offset(of: Position(line: 0, character: 9), encoding: .utf16) == 11)
        #expect(text.offset(of: Position(line: 0, character: 99), encoding: .utf16) == 11)
    }
}
