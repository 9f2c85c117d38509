import RouteLintRuns
import RouteLintCore
import RouteLintRules
import RouteLintGeneration
import LanguageServerProtocol

// Completion: the keys valid at the place (with what each means), the names declared where
// a field refers to one, the values of the fields that take one of a few, and rule ids in a
// suppression comment.
extension LanguageServer {
    /// More candidates than this are narrowed to those that contain what was typed, in order.
    static let maximumCompletions = 1000

    mutating func completion(_ params: TextDocumentPositionParams) -> CompletionList? {
        guard let place = place(params.textDocument, params.position) else { return nil }
        let context = ManifestContext.at(place.offset, in: place.file.text)
        let model = workspace!.model(of: place.file.path)
        var items: [CompletionItem]
        switch context.place {
        case .key(let mapping, let written):
            items = mapping.keys.filter { !written.contains($0.name) }.map { key in
                CompletionItem(
                    label: key.name, kind: .property, detail: nil, documentation: MarkupContent(value: key.summary),
                    textEdit: nil)
            }
        case .value(let mapping, let key):
            items = values(of: key, in: mapping, model: model)
        case .suppressedRule:
            items = RuleRegistry.descriptions.map { rule in
                CompletionItem(
                    label: rule.id, kind: .constant, detail: rule.defaultSeverity.rawValue,
                    documentation: MarkupContent(value: rule.summary), textEdit: nil)
            }
        case .elsewhere:
            return nil
        }
        var isIncomplete = false
        if items.count > Self.maximumCompletions {
            let typed = context.typed.lowercased()
            items = Array(items.filter { typed.isEmpty || $0.label.lowercased().contains(typed) }.prefix(Self.maximumCompletions))
            isIncomplete = true
        }
        // Each item replaces the word typed so far, whatever the editor takes a word to be:
        // names hold '-' and '.'.
        let replaced = Range(start: place.file.text.position(ofByte: context.typedStart, encoding: encoding), end: params.position)
        for index in items.indices {
            let text = items[index].kind == .property ? items[index].label + ": " : items[index].label
            items[index].textEdit = TextEdit(range: replaced, newText: text)
        }
        return CompletionList(isIncomplete: isIncomplete, items: items)
    }

    /// The values a field takes: declared names for references, the choices of an enum.
    private func values(of key: String, in mapping: ManifestContext.Mapping, model: AppModel?) -> [CompletionItem] {
        func choices(_ values: [String], _ summary: String) -> [CompletionItem] {
            values.map { CompletionItem(label: $0, kind: .enumMember, detail: summary, documentation: nil, textEdit: nil) }
        }
        switch (mapping, key) {
        case (.topLevel, TopLevelKey.manifest.name):
            return choices(["1"], "format version")
        case (.topLevel, TopLevelKey.app.name):
            return choices(workspace!.appNames, "app")
        case (.route, RouteKey.presentation.name):
            return choices(Presentation.allCases.map(\.rawValue), "presentation")
        case (.holder, HolderKey.scope.name):
            return choices(HolderScope.allCases.map(\.rawValue), "holder scope")
        case (.route, RouteKey.stacked.name), (.route, RouteKey.entry.name), (.route, RouteKey.requiresAuth.name),
            (.route, RouteKey.web.name), (.android, AndroidKey.dynamicRules.name):
            return choices(["true", "false"], "bool")
        case (.android, AndroidKey.activity.name):
            return choices([AndroidSettings.defaultActivity], "the default activity")
        case (.android, AndroidKey.minSDK.name):
            return choices([String(AndroidSettings.defaultMinSDK)], "the default API level")
        case (.android, AndroidKey.inexact.name):
            return choices(InexactClaims.allCases.map(\.rawValue), "claims below API 31")
        case (.parameterTypes, _), (.queryItems, _), (.queryItem, QueryItemKey.type.name):
            return DeclaredType.names.map { name in
                CompletionItem(
                    label: name, kind: .enumMember, detail: "type",
                    documentation: DeclaredType.summary(of: name).map { MarkupContent(value: $0) },
                    textEdit: nil)
            }
        case (.queryItem, QueryItemKey.required.name):
            return choices(["true", "false"], "bool")
        default:
            break
        }
        guard let model else { return [] }
        func names(_ names: [(String, String?)]) -> [CompletionItem] {
            names.map { CompletionItem(label: $0.0, kind: .reference, detail: $0.1, documentation: nil, textEdit: nil) }
        }
        switch (mapping, key) {
        case (.route, RouteKey.holder.name), (.holder, HolderKey.parent.name):
            return names(model.holders.map { (model.text($0.name.value), "holder, scope \($0.effectiveScope.rawValue)") })
        case (.route, RouteKey.activity.name), (.tab, TabKey.activity.name):
            return names(model.activities.map { (model.text($0.name.value), "activity") })
        case (.route, RouteKey.links.name), (.route, RouteKey.fallback.name), (.tab, TabKey.root.name):
            return names(model.routes.map { (model.text($0.id.value), $0.path.map { model.text($0.value.text) } ?? "route") })
        case (.activity, ActivityKey.defaultTab.name):
            return names(model.tabs.map { (model.text($0.name.value), $0.activity.map { "tab of \(model.text($0.value))" } ?? "tab") })
        case (.route, RouteKey.sends.name), (.route, RouteKey.observes.name):
            // The context types the app sends or observes already.
            var seen = Set<String>()
            var contexts: [(String, String?)] = []
            for route in model.routes {
                for name in model.names(route.sends) + model.names(route.observes) {
                    let text = model.text(name.value)
                    if seen.insert(text).inserted { contexts.append((text, "context")) }
                }
            }
            return names(contexts)
        default:
            return []
        }
    }
}
