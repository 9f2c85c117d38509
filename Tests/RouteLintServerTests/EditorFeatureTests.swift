import RouteLintRuns
@testable import RouteLintServer
import Testing
@testable import RouteLintCore
@testable import RouteLintRules
@testable import LanguageServerProtocol

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
        holder: CatalogHolder
      new-product:
        path: /:section/new
        holder: CatalogHolder
        entry: true
      cart:
        path: /cart
        holder: 'CartHolder'
    """

private func shop() -> TestSession {
    var session = TestSession(["shell.routes.yaml": shopShell, "catalog.routes.yaml": catalog])
    session.open("catalog.routes.yaml")
    session.open("shell.routes.yaml")
    return session
}

@Suite struct NavigationTests {
    @Test func definitionOfEveryKindOfReferenceAcrossFiles() throws {
        var session = shop()
        func definition(_ file: String, _ text: String, _ needle: String, occurrence: Int = 1) -> Location? {
            let result: Result<[Location]?, ResponseError> = session.request(
                "textDocument/definition",
                TextDocumentPositionParams(
                    textDocument: TestSession.document(file), position: position(of: needle, in: text, offset: 1, occurrence: occurrence)))
            return (try? result.get())??.first
        }
        // A route in `root`, a route in `links`, a holder in `holder`, a parent holder, a tab
        // in `default-tab`, an activity in `activity`.
        let root = try #require(definition("shell.routes.yaml", shopShell, "catalog, icon"))
        #expect(root.uri == TestSession.uri("catalog.routes.yaml"))
        #expect(root.range.start == position(of: "catalog:", in: catalog))
        let link = try #require(definition("catalog.routes.yaml", catalog, "cart]"))
        #expect(link.uri == TestSession.uri("catalog.routes.yaml"))
        #expect(link.range.start == position(of: "cart:", in: catalog))
        let holder = try #require(definition("catalog.routes.yaml", catalog, "CatalogHolder"))
        #expect(holder.uri == TestSession.uri("shell.routes.yaml"))
        #expect(holder.range.start == position(of: "CatalogHolder:", in: shopShell))
        #expect(definition("shell.routes.yaml", shopShell, "AppHolder}")?.range.start == position(of: "AppHolder:", in: shopShell))
        #expect(definition("shell.routes.yaml", shopShell, "home}")?.range.start == position(of: "home:", in: shopShell))
        #expect(definition("shell.routes.yaml", shopShell, "main, index")?.range.start == position(of: "main:", in: shopShell))
    }

    @Test func referencesWithAndWithoutTheDeclaration() throws {
        var session = shop()
        let at = position(of: "CatalogHolder:", in: shopShell, offset: 2)
        let all: Result<[Location]?, ResponseError> = session.request(
            "textDocument/references",
            ReferenceParams(
                textDocument: TestSession.document("shell.routes.yaml"), position: at, context: .init(includeDeclaration: true)))
        let locations = try #require(try all.get())
        #expect(locations.count == 4)
        #expect(locations.filter { $0.uri == TestSession.uri("catalog.routes.yaml") }.count == 3)
        let uses: Result<[Location]?, ResponseError> = session.request(
            "textDocument/references",
            ReferenceParams(
                textDocument: TestSession.document("shell.routes.yaml"), position: at, context: .init(includeDeclaration: false)))
        #expect(try uses.get()?.count == 3)
    }

    @Test func renameEditsEveryFileOfTheAppAndKeepsQuotes() throws {
        var session = shop()
        let at = position(of: "CartHolder: {}", in: shopShell, offset: 1)
        let prepared: Result<PrepareRenameResult?, ResponseError> = session.request(
            "textDocument/prepareRename",
            TextDocumentPositionParams(
                textDocument: TestSession.document("shell.routes.yaml"), position: at))
        #expect(try prepared.get()?.placeholder == "CartHolder")
        let result: Result<WorkspaceEdit?, ResponseError> = session.request(
            "textDocument/rename",
            RenameParams(
                textDocument: TestSession.document("shell.routes.yaml"), position: at, newName: "BasketHolder"))
        let edit = try #require(try result.get())
        #expect(edit.changes[TestSession.uri("shell.routes.yaml")]?.map(\.newText) == ["BasketHolder"])
        let quoted = try #require(edit.changes[TestSession.uri("catalog.routes.yaml")]?.first)
        #expect(quoted.newText == "'BasketHolder'")
        #expect(quoted.range.start == position(of: "'CartHolder'", in: catalog))
    }

    @Test func renameRefusesInvalidAndTakenNames() {
        var session = shop()
        let at = position(of: "cart:", in: catalog, offset: 1)
        func rename(_ name: String) -> ResponseError? {
            let result: Result<WorkspaceEdit?, ResponseError> = session.request(
                "textDocument/rename",
                RenameParams(
                    textDocument: TestSession.document("catalog.routes.yaml"), position: at, newName: name))
            return result.failure
        }
        #expect(rename("9lives")?.message.contains("not a valid route name") == true)
        #expect(rename("product")?.message == "route 'product' is declared already, at /ws/catalog.routes.yaml:8:3")
        #expect(rename("basket") == nil)
        // A YAML keyword is written quoted, so that it stays a name.
        let keyword: Result<WorkspaceEdit?, ResponseError> = session.request(
            "textDocument/rename",
            RenameParams(
                textDocument: TestSession.document("catalog.routes.yaml"), position: at, newName: "null"))
        #expect((try? keyword.get())??.changes[TestSession.uri("shell.routes.yaml")]?.first?.newText == "'null'")
    }

    @Test func renameWaitsForAFileThatDoesNotParse() {
        var session = shop()
        session.change("shell.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: shopShell + "\nbroken: [\n")])
        let result: Result<WorkspaceEdit?, ResponseError> = session.request(
            "textDocument/rename",
            RenameParams(
                textDocument: TestSession.document("catalog.routes.yaml"), position: position(of: "cart:", in: catalog), newName: "basket"))
        #expect(result.failure?.message.contains("shell.routes.yaml' is not well-formed YAML") == true)
    }
}

@Suite struct CompletionTests {
    /// Opens `file` with `text` and completes at the `|` in it.
    private func complete(_ text: String, file: String = "catalog.routes.yaml") -> (labels: [String], items: [CompletionItem]) {
        var session = shop()
        let cursor = position(of: "|", in: text)
        let content = text.replacing("|", with: "")
        session.change(file, version: 2, [TextDocumentContentChangeEvent(range: nil, text: content)])
        let result: Result<CompletionList?, ResponseError> = session.request(
            "textDocument/completion",
            TextDocumentPositionParams(
                textDocument: TestSession.document(file), position: cursor))
        let items = ((try? result.get()) ?? nil)?.items ?? []
        return (items.map(\.label), items)
    }

    @Test func keysOfARouteLessThoseWritten() throws {
        let (labels, items) = complete(catalog + "\n    pre|")
        #expect(labels.contains("presentation"))
        #expect(!labels.contains("path"))
        #expect(!labels.contains("holder"))
        let presentation = try #require(items.first { $0.label == "presentation" })
        #expect(presentation.documentation?.value.contains("push") == true)
        #expect(presentation.textEdit?.newText == "presentation: ")
    }

    @Test func keysInAFlowMapping() {
        let labels = complete(catalog + "\n  basket: {path: /basket, h|").labels
        #expect(labels.contains("holder"))
        #expect(!labels.contains("path"))
    }

    @Test func declaredNamesWhereAReferenceIsExpected() {
        #expect(Set(complete(catalog + "\n  basket:\n    holder: Ca|").labels) == ["AppHolder", "CatalogHolder", "CartHolder"])
        #expect(complete(catalog + "\n  basket: {links: [catalog, |").labels.contains("new-product"))
        #expect(complete(catalog + "\n  basket:\n    links:\n      - |").labels.contains("cart"))
        #expect(
            complete(shopShell.replacing("default-tab: home", with: "default-tab: |"), file: "shell.routes.yaml").labels == [
                "home", "basket",
            ])
    }

    @Test func valuesOfEnums() {
        #expect(complete(catalog + "\n  basket:\n    presentation: |").labels == ["push", "sheet", "fullscreen"])
        #expect(
            complete(shopShell.replacing("AppHolder: {scope: app}", with: "AppHolder: {scope: |}"), file: "shell.routes.yaml").labels
                == ["route", "tab", "activity", "app"])
    }

    @Test func ruleIdsInASuppressionComment() {
        let labels = complete(catalog + "  # routelint:ignore unused-holder, con|").labels
        #expect(labels.contains("conflicting-patterns"))
        #expect(labels.count == RuleRegistry.ids.count)
        #expect(complete(catalog + "  # routelint:ignore x -- because |").labels.isEmpty)
        #expect(complete(catalog + "  # a plain comment |").labels.isEmpty)
    }

    @Test func topLevelKeys() {
        let labels = complete("manifest: 1\n|\n").labels
        #expect(labels.contains("routes"))
        #expect(labels.contains("ios") && labels.contains("android"))
        #expect(!labels.contains("manifest"))
    }

    @Test func keysAndValuesOfThePlatformSettings() throws {
        let (labels, items) = complete("manifest: 1\nandroid:\n  package: com.example.shop\n  |\n")
        #expect(Set(labels) == ["activity", "cert-fingerprints", "min-sdk", "inexact", "dynamic-rules", "resources", "placeholders"])
        let minSDK = try #require(items.first { $0.label == "min-sdk" })
        #expect(minSDK.documentation?.value.contains("default 26") == true)
        #expect(complete("manifest: 1\nios:\n  a|\n").labels == ["app-ids", "build-settings"])
        #expect(complete("manifest: 1\nandroid:\n  activity: |\n").labels == [".MainActivity"])
        #expect(complete("manifest: 1\nandroid:\n  inexact: |\n").labels == ["claim-less", "claim-more"])
        #expect(complete("manifest: 1\nandroid:\n  dynamic-rules: |\n").labels == ["true", "false"])
        #expect(complete(catalog + "\n  basket:\n    web: |").labels == ["true", "false"])
        #expect(complete(catalog + "\n  basket: {path: /basket, w|").labels.contains("web"))
    }

    @Test func typesOfParametersAndQueryItems() throws {
        let (labels, items) = complete(catalog + "\n  basket:\n    path: /baskets/:id\n    params:\n      id: |")
        #expect(labels == ["string", "int", "uuid"])
        #expect(try #require(items.first { $0.label == "int" }).documentation?.value.contains("Long") == true)
        #expect(complete(catalog + "\n  basket: {path: /baskets/:id, params: {id: u|").labels == ["string", "int", "uuid"])
        #expect(complete(catalog + "\n  basket:\n    query:\n      ref: |").labels == ["string", "int", "uuid"])
        #expect(complete(catalog + "\n  basket:\n    query:\n      page:\n        |").labels == ["type", "required", "default"])
        #expect(complete(catalog + "\n  basket:\n    query:\n      page: {type: int, |").labels == ["required", "default"])
        #expect(complete(catalog + "\n  basket:\n    query:\n      page: {type: |").labels == ["string", "int", "uuid"])
        #expect(complete(catalog + "\n  basket:\n    query:\n      page: {required: |").labels == ["true", "false"])
        #expect(complete(catalog + "\n  basket: {q|").labels.contains("query"))
    }
}

@Suite struct HoverTests {
    private func hover(_ file: String, _ position: Position) -> String? {
        var session = shop()
        let result: Result<Hover?, ResponseError> = session.request(
            "textDocument/hover",
            TextDocumentPositionParams(
                textDocument: TestSession.document(file), position: position))
        return ((try? result.get()) ?? nil)?.contents.value
    }

    @Test func aRouteShowsItsPathHolderReachAndConflicts() throws {
        let text = try #require(hover("catalog.routes.yaml", position(of: "product:", in: catalog, offset: 2)))
        #expect(text.contains("**route** `product`"))
        #expect(text.contains("- path: `/products/:id`"))
        #expect(text.contains("- activity: none"))
        #expect(text.contains("- holder: `CatalogHolder` (scope tab)"))
        #expect(text.contains("- reached: linked from `catalog`"))
        #expect(text.contains("- conflicts with `new-product` (`/:section/new`)"))
        let root = try #require(hover("shell.routes.yaml", position(of: "root: cart", in: shopShell, offset: 7)))
        #expect(root.contains("- reached: root of tab `basket`; linked from `catalog`"))
        #expect(root.contains("- activity: `main`"))
    }

    @Test func aHolderShowsItsScopeParamsAndParentChain() throws {
        let text = try #require(hover("catalog.routes.yaml", position(of: "CatalogHolder", in: catalog, offset: 3)))
        #expect(text.contains("- scope: tab"))
        #expect(text.contains("- params: none"))
        #expect(text.contains("- parents: `AppHolder` (app)"))
        #expect(text.contains("- bound to `catalog`, `product` and `new-product`"))
    }

    @Test func aRuleIdAndAKey() throws {
        var session = shop()
        let suppressed = catalog.replacing("path: /catalog", with: "path: /catalog  # routelint:ignore conflicting-patterns")
        session.change("catalog.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: suppressed)])
        let rule: Result<Hover?, ResponseError> = session.request(
            "textDocument/hover",
            TextDocumentPositionParams(
                textDocument: TestSession.document("catalog.routes.yaml"),
                position: position(of: "conflicting-patterns", in: suppressed, offset: 4)))
        #expect(try rule.get()?.contents.value.contains(RuleRegistry.description(of: "conflicting-patterns")!.summary) == true)
        let key = try #require(hover("catalog.routes.yaml", position(of: "links", in: catalog, offset: 2)))
        #expect(key == "**links**\n\n" + RouteKey.links.summary)
    }

    @Test func aTypedRouteShowsItsParametersAndQueryItemsAndATypeWhatItAccepts() throws {
        var session = shop()
        let typed = catalog.replacing(
            "path: /products/:id",
            with: "path: /products/:id\n    params: {id: int}\n    query: {ref: string, page: {type: int, default: 1}}")
        session.change("catalog.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: typed)])
        func hover(_ text: String, offset: Int) -> String? {
            let result: Result<Hover?, ResponseError> = session.request(
                "textDocument/hover",
                TextDocumentPositionParams(
                    textDocument: TestSession.document("catalog.routes.yaml"), position: position(of: text, in: typed, offset: offset)))
            return ((try? result.get()) ?? nil)?.contents.value
        }
        let route = try #require(hover("product:", offset: 2))
        #expect(route.contains("- parameters: `id`: int"))
        #expect(route.contains("- query: `ref`: string; `page`: int, default `1`"))
        let type = try #require(hover("id: int", offset: 5))
        #expect(type.hasPrefix("**int** (type)"))
        #expect(type.contains("1 to 18"))
    }
}

@Suite struct CodeActionTests {
    @Test func didYouMeanAndIgnoreOnTheLine() throws {
        let misspelt = catalog.replacing("holder: CatalogHolder\n    links", with: "holder: CatalogHoldr\n    links")
        var session = TestSession(["shell.routes.yaml": shopShell, "catalog.routes.yaml": misspelt])
        session.open("catalog.routes.yaml")
        let line = position(of: "CatalogHoldr", in: misspelt).line
        let result: Result<[CodeAction]?, ResponseError> = session.request(
            "textDocument/codeAction",
            CodeActionParams(
                textDocument: TestSession.document("catalog.routes.yaml"),
                range: Range(start: Position(line: line, character: 0), end: Position(line: line, character: 0))))
        let actions = try #require(try result.get())
        let fix = try #require(actions.first { $0.isPreferred == true })
        #expect(fix.title == "Change to 'CatalogHolder'")
        #expect(fix.edit.changes[TestSession.uri("catalog.routes.yaml")]?.first?.newText == "CatalogHolder")
        #expect(fix.diagnostics?.first?.code == "missing-holder")
        let ignore = try #require(actions.first { $0.title == "Ignore 'missing-holder' on this line" })
        let insertion = try #require(ignore.edit.changes[TestSession.uri("catalog.routes.yaml")]?.first)
        #expect(insertion.newText == "  # routelint:ignore missing-holder -- reason")
        #expect(insertion.range.start == Position(line: line, character: "    holder: CatalogHoldr".count))

        // Applied, the directive silences the finding: the fix and the linter agree.
        var lines = misspelt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[line] += insertion.newText
        session.change("catalog.routes.yaml", version: 2, [TextDocumentContentChangeEvent(range: nil, text: lines.joined(separator: "\n"))])
        #expect(session.diagnostics("catalog.routes.yaml")?.filter { $0.code == "missing-holder" } == [])
    }

    @Test func anUnknownKeyIsMendedToTheNearestKey() throws {
        let misspelt = catalog.replacing("    links:", with: "    lnks:")
        var session = TestSession(["shell.routes.yaml": shopShell, "catalog.routes.yaml": misspelt])
        session.open("catalog.routes.yaml")
        let line = position(of: "lnks", in: misspelt).line
        let result: Result<[CodeAction]?, ResponseError> = session.request(
            "textDocument/codeAction",
            CodeActionParams(
                textDocument: TestSession.document("catalog.routes.yaml"),
                range: Range(start: Position(line: line, character: 5), end: Position(line: line, character: 5))))
        let fix = try #require(try result.get()?.first { $0.isPreferred == true })
        #expect(fix.title == "Change to 'links'")
    }
}

@Suite struct DocumentSymbolTests {
    @Test func theOutlineHasSectionsAndEntities() throws {
        var session = shop()
        let result: Result<[DocumentSymbol]?, ResponseError> = session.request(
            "textDocument/documentSymbol",
            DocumentSymbolParams(
                textDocument: TestSession.document("shell.routes.yaml")))
        let symbols = try #require(try result.get())
        #expect(symbols.map(\.name) == ["activities", "tabs", "holders"])
        let tabs = try #require(symbols[1].children)
        #expect(tabs.map(\.name) == ["home", "basket"])
        #expect(tabs[0].detail == "main, index 0")
        #expect(tabs[0].selectionRange.start == position(of: "home:", in: shopShell))
        let routes: Result<[DocumentSymbol]?, ResponseError> = session.request(
            "textDocument/documentSymbol",
            DocumentSymbolParams(
                textDocument: TestSession.document("catalog.routes.yaml")))
        #expect(try routes.get()?.first?.children?.map(\.detail) == ["/catalog", "/products/:id", "/:section/new", "/cart"])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@Suite struct EveryPositionTests {
    /// Texts with what breaks index arithmetic: a byte-order mark, CR LF and lone CR breaks,
    /// a line separator (a break to libyaml, not to LSP), characters outside the Basic
    /// Multilingual Plane, tabs, unclosed flow collections and quotes, comments.
    private static let texts = [
        catalog,
        shopShell,
        "\u{FEFF}manifest: 1\r\nroutes:\r\n  a: {path: /a, holder: H, links: [b, c\r\n  'q: \"x\rholder: 😀\u{2028}# routelint:ignore a, b -- r\n",
        "- [ {\n\t:: ,,, }} ]] # \n  - links:\n      - \n",
        "",
    ]

    @Test func everyRequestAtEveryPositionAnswersWithoutFailing() {
        for text in Self.texts {
            var session = TestSession(["shell.routes.yaml": shopShell, "x.routes.yaml": text])
            session.open("x.routes.yaml")
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            for (line, content) in lines.enumerated() {
                for character in 0...(content.utf16.count + 2) {
                    let params = positionParams("x.routes.yaml", line, character)
                    let completion: Result<CompletionList?, ResponseError> = session.request("textDocument/completion", params)
                    let hover: Result<Hover?, ResponseError> = session.request("textDocument/hover", params)
                    let definition: Result<[Location]?, ResponseError> = session.request("textDocument/definition", params)
                    #expect(completion.failure == nil && hover.failure == nil && definition.failure == nil)
                }
            }
            let symbols: Result<[DocumentSymbol]?, ResponseError> = session.request(
                "textDocument/documentSymbol",
                DocumentSymbolParams(
                    textDocument: TestSession.document("x.routes.yaml")))
            #expect(symbols.failure == nil)
        }
    }

    @Test func everyContextAtEveryByte() {
        for text in Self.texts {
            let document = DocumentText(text)
            for offset in 0...document.bytes.count {
                let context = ManifestContext.at(offset, in: document)
                // The word typed ends at the cursor (a cursor inside a byte-order mark is at the text's start).
                let start = document.position(ofByte: context.typedStart, encoding: .utf16)
                let cursor = document.position(ofByte: offset, encoding: .utf16)
                #expect((start.line, start.character) <= (cursor.line, cursor.character))
            }
        }
    }
}
