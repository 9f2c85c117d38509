"""Drives `routelint lsp` with pygls's language client, as an editor would, and checks every
answer: initialize, open, change, definition, references, completion, hover, prepare rename,
rename, code action, document symbols, shutdown and exit.

Usage: python3 drive_lsp.py ROUTELINT_BINARY
"""

import asyncio
import os
import shutil
import sys
import tempfile

from lsprotocol import types as lsp
from pygls.lsp.client import BaseLanguageClient

SHELL = """\
manifest: 1
app: shop
activities:
  main: {title: "Shop 🛍️", default-tab: home}
tabs:
  home: {activity: main, index: 0, root: catalog, icon: house}
  basket: {activity: main, index: 1, root: cart, icon: bag}
holders:
  AppHolder: {scope: app}
  CatalogHolder: {scope: tab, parent: AppHolder}
  CartHolder: {}
"""

CATALOG = """\
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
    holder: CatalogHoldr
  cart:
    path: /cart
    holder: CartHolder
"""


def position(text, needle, offset=0):
    """The LSP position (UTF-16) of the first occurrence of needle in text, plus offset."""
    for number, line in enumerate(text.split("\n")):
        column = line.find(needle)
        if column >= 0:
            return lsp.Position(line=number, character=len(line[:column].encode("utf-16-le")) // 2 + offset)
    raise AssertionError(f"{needle!r} is not in the text")


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok: {what}")


async def main(binary):
    workspace = tempfile.mkdtemp(prefix="routelint-lsp-")
    try:
        await drive(binary, workspace)
    finally:
        shutil.rmtree(workspace)


async def drive(binary, workspace):
    for name, text in (("shell.routes.yaml", SHELL), ("catalog.routes.yaml", CATALOG)):
        with open(os.path.join(workspace, name), "w", encoding="utf-8") as file:
            file.write(text)
    shell_uri = "file://" + os.path.join(workspace, "shell.routes.yaml")
    catalog_uri = "file://" + os.path.join(workspace, "catalog.routes.yaml")

    client = BaseLanguageClient("routelint-ci", "1")
    published = {}
    arrived = asyncio.Event()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        published[params.uri] = params.diagnostics
        arrived.set()

    async def next_diagnostics(uri):
        while True:
            arrived.clear()
            if uri in published:
                return published.pop(uri)
            await asyncio.wait_for(arrived.wait(), 10)

    await client.start_io(binary, "lsp")
    result = await client.initialize_async(lsp.InitializeParams(
        process_id=os.getpid(),
        root_uri="file://" + workspace,
        capabilities=lsp.ClientCapabilities(general=lsp.GeneralClientCapabilities(position_encodings=["utf-16"]))))
    capabilities = result.capabilities
    check(capabilities.position_encoding == "utf-16", "initialize: UTF-16 positions, as offered")
    check(capabilities.definition_provider and capabilities.references_provider and capabilities.hover_provider
          and capabilities.document_symbol_provider and capabilities.rename_provider.prepare_provider,
          "initialize: definition, references, hover, symbols and rename offered")
    client.initialized(lsp.InitializedParams())

    # Open: the misspelt holder is reported with its rule, documentation and a suggestion.
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=catalog_uri, language_id="yaml", version=1, text=CATALOG)))
    found = await next_diagnostics(catalog_uri)
    missing = [d for d in found if d.code == "missing-holder"]
    check(len(missing) == 1 and missing[0].source == "routelint"
          and missing[0].code_description.href.endswith("#missing-holder")
          and "did you mean 'CatalogHolder'?" in missing[0].message,
          "didOpen: missing-holder published with its documentation and suggestion")
    typo = position(CATALOG, "CatalogHoldr")
    check(missing[0].range.start == typo, "didOpen: the finding points at the misspelt name")

    # Code action: the suggested fix and the suppression.
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=catalog_uri), range=lsp.Range(start=typo, end=typo),
        context=lsp.CodeActionContext(diagnostics=missing)))
    titles = [action.title for action in actions]
    check("Change to 'CatalogHolder'" in titles and "Ignore 'missing-holder' on this line" in titles,
          f"codeAction: {titles}")
    fix = next(action for action in actions if action.title == "Change to 'CatalogHolder'")
    edit = fix.edit.changes[catalog_uri][0]
    check(edit.new_text == "CatalogHolder" and edit.range.start == typo, "codeAction: the fix replaces the name")

    # Change (incremental): apply the fix; the finding goes.
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=catalog_uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeEvent_Type1(range=edit.range, text=edit.new_text)]))
    fixed = CATALOG.replace("CatalogHoldr", "CatalogHolder")
    check(await next_diagnostics(catalog_uri) == [], "didChange: the fixed file has no findings")

    # Definition across files: the holder a route names is declared in the shell.
    definition = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=catalog_uri), position=position(fixed, "CartHolder", 2)))
    check(len(definition) == 1 and definition[0].uri == shell_uri
          and definition[0].range.start == position(SHELL, "CartHolder:"),
          "definition: holder 'CartHolder' is declared in shell.routes.yaml")

    # References: the route 'cart' is declared once, rooted by a tab, linked from 'catalog'.
    references = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri=catalog_uri), position=position(fixed, "cart:", 1),
        context=lsp.ReferenceContext(include_declaration=True)))
    check(sorted(r.uri for r in references) == sorted([catalog_uri, catalog_uri, shell_uri]),
          "references: route 'cart' in both files")

    # Completion: holders after `holder:`, in a new route being typed.
    typing = fixed + "  orders:\n    holder: Ca"
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=catalog_uri, version=3),
        content_changes=[lsp.TextDocumentContentChangeEvent_Type2(text=typing)]))
    await next_diagnostics(catalog_uri)
    completion = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=catalog_uri), position=position(typing, "holder: Ca", 10)))
    labels = {item.label for item in completion.items}
    check(labels == {"AppHolder", "CatalogHolder", "CartHolder"}, f"completion: holders {sorted(labels)}")
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=catalog_uri, version=4),
        content_changes=[lsp.TextDocumentContentChangeEvent_Type2(text=fixed)]))
    await next_diagnostics(catalog_uri)

    # Hover: a route's path, holder and how it is reached.
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=catalog_uri), position=position(fixed, "product:", 2)))
    text = hover.contents.value
    check("- path: `/products/:id`" in text and "linked from `catalog`" in text, "hover: route 'product'")

    # Rename across files, with a name outside the Basic Multilingual Plane before it on
    # its line in the shell: the edit's columns are UTF-16.
    prepared = await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
        text_document=lsp.TextDocumentIdentifier(uri=shell_uri), position=position(SHELL, "home}", 1)))
    check(prepared.placeholder == "home", "prepareRename: tab 'home'")
    rename = await client.text_document_rename_async(lsp.RenameParams(
        text_document=lsp.TextDocumentIdentifier(uri=shell_uri), position=position(SHELL, "home}", 1), new_name="start"))
    edits = rename.changes[shell_uri]
    check(sorted((e.range.start.line, e.range.start.character) for e in edits)
          == sorted([(3, position(SHELL, "home}").character), (5, 2)]) and all(e.new_text == "start" for e in edits),
          "rename: tab 'home' in its declaration and in default-tab, UTF-16 columns after an emoji")
    try:
        await client.text_document_rename_async(lsp.RenameParams(
            text_document=lsp.TextDocumentIdentifier(uri=shell_uri), position=position(SHELL, "home}", 1), new_name="basket"))
        check(False, "rename to a taken name is refused")
    except Exception as error:  # pygls raises the JSON-RPC error
        check("tab 'basket' is declared already" in str(error), "rename: a taken name is refused")

    # Document symbols: the outline of the shell.
    symbols = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        text_document=lsp.TextDocumentIdentifier(uri=shell_uri)))
    check([s.name for s in symbols] == ["activities", "tabs", "holders"]
          and [c.name for c in symbols[1].children] == ["home", "basket"], "documentSymbol: sections and tabs")

    # The server never wrote a file.
    with open(os.path.join(workspace, "catalog.routes.yaml"), encoding="utf-8") as file:
        check(file.read() == CATALOG, "the manifests on disk are untouched")

    await client.shutdown_async(None)
    client.exit(None)
    status = await asyncio.wait_for(client._server.wait(), 10)
    check(status == 0, "shutdown and exit: status 0")
    await client.stop()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
