/// Reads a YAML document into a `Manifest`. Whatever does not fit the format becomes a finding
/// (`unknown-key`, `invalid-value`, `missing-field`, `invalid-path`) and decoding goes on with
/// the rest, so one run shows every problem of a file.
///
/// The decoder descends only into the keys the format defines, and the format is six levels
/// deep, so an alias-heavy document costs at most one visit per (node, level).
public struct ManifestDecoder {
    static let topLevelKeys = ["manifest", "app", "schemes", "hosts", "activities", "tabs", "holders", "routes"]
    static let activityKeys = ["title", "icon", "default-tab"]
    static let tabKeys = ["activity", "index", "root", "icon", "title"]
    static let holderKeys = ["scope", "params", "parent"]
    static let routeKeys = ["path", "activity", "holder", "links", "presentation", "stacked", "entry",
                            "requires-auth", "feature", "fallback", "sends", "observes"]

    private let document: YAMLDocument?
    private let file: FileID
    private var sink = FindingSink()

    public static func decode(_ document: YAMLDocument?, file: FileID) -> (Manifest, [Finding]) {
        var decoder = ManifestDecoder(document: document, file: file)
        let manifest = decoder.decodeManifest()
        return (manifest, decoder.sink.findings)
    }

    private init(document: YAMLDocument?, file: FileID) {
        self.document = document
        self.file = file
    }

    // MARK: - Entities

    private mutating func decodeManifest() -> Manifest {
        var manifest = Manifest(file: file)
        guard let document, let root = document.root, !document.isNull(root) else {
            sink.report(MissingFieldRule.description, "the manifest has no 'manifest' key; start the file with 'manifest: 1'",
                        at: document?.root.map { startOf(document!.range($0)) } ?? .fileStart(file),
                        subjects: ["manifest"])
            return manifest
        }
        guard document.kind(root) == .mapping else {
            sink.report(InvalidValueRule.description,
                        "the top level of a manifest must be a mapping, found \(describe(root, in: document))",
                        at: document.range(root), subjects: ["manifest"])
            return manifest
        }
        var hasVersionKey = false
        for pair in document.pairs(root) {
            guard let key = keyText(pair.key, in: document, owner: "the top level") else { continue }
            let value = pair.value
            switch key {
            case "manifest":
                hasVersionKey = true
                manifest.version = decodeVersion(value, in: document)
            case "app":
                manifest.app = string(value, in: document, Field("app"))
            case "schemes":
                manifest.schemes = list(value, in: document, Field("schemes")) {
                    decoder, item in decoder.scheme(item, in: document)
                }
            case "hosts":
                manifest.hosts = list(value, in: document, Field("hosts")) {
                    decoder, item in decoder.host(item, in: document)
                }
            case "activities":
                manifest.activities = entities(value, in: document, section: key, kind: "activity") {
                    decoder, name, body in decoder.decodeActivity(name, body, in: document)
                }
            case "tabs":
                manifest.tabs = entities(value, in: document, section: key, kind: "tab") {
                    decoder, name, body in decoder.decodeTab(name, body, in: document)
                }
            case "holders":
                manifest.holders = entities(value, in: document, section: key, kind: "holder") {
                    decoder, name, body in decoder.decodeHolder(name, body, in: document)
                }
            case "routes":
                manifest.routes = entities(value, in: document, section: key, kind: "route") {
                    decoder, name, body in decoder.decodeRoute(name, body, in: document)
                }
            default:
                // `x-` keys are extensions, as in Compose and OpenAPI files: a place for anchors
                // of shared fields, which merge keys then use.
                guard !key.hasPrefix("x-") else { continue }
                reportUnknownKey(key, at: pair.key, in: document, owner: "the top level", validKeys: Self.topLevelKeys)
            }
        }
        if !hasVersionKey {
            sink.report(MissingFieldRule.description, "the manifest has no 'manifest' key; add 'manifest: 1'",
                        at: startOf(document.range(root)), subjects: ["manifest"])
        }
        return manifest
    }

    private mutating func decodeVersion(_ node: YAMLDocument.NodeID, in document: YAMLDocument) -> Located<Int>? {
        guard case .int(let version)? = document.scalar(node)?.resolved else {
            reportWrongType(node, in: document, Field("manifest"), expected: "the integer 1")
            return nil
        }
        if version != 1 {
            sink.report(InvalidValueRule.description,
                        "unsupported manifest version \(version); version 1 is the only one, and the file is checked as version 1",
                        at: document.range(node), subjects: ["manifest"])
        }
        return Located(version, at: document.range(node))
    }

    private mutating func decodeActivity(_ name: Located<String>, _ body: YAMLDocument.NodeID?,
                                         in document: YAMLDocument) -> Activity {
        var activity = Activity(name: name)
        let owner = "activity '\(name.value)'"
        forEachField(of: body, in: document, owner: owner, validKeys: Self.activityKeys) { decoder, key, value in
            switch key {
            case "title": activity.title = decoder.string(value, in: document, Field(key, of: owner))
            case "icon": activity.icon = decoder.string(value, in: document, Field(key, of: owner))
            default: activity.defaultTab = decoder.name(value, in: document, Field(key, of: owner))
            }
        }
        return activity
    }

    private mutating func decodeTab(_ name: Located<String>, _ body: YAMLDocument.NodeID?,
                                    in document: YAMLDocument) -> Tab {
        var tab = Tab(name: name)
        let owner = "tab '\(name.value)'"
        var present = Set<String>()
        forEachField(of: body, in: document, owner: owner, validKeys: Self.tabKeys) { decoder, key, value in
            present.insert(key)
            switch key {
            case "activity": tab.activity = decoder.name(value, in: document, Field(key, of: owner))
            case "index": tab.index = decoder.index(value, in: document, Field(key, of: owner))
            case "root": tab.root = decoder.name(value, in: document, Field(key, of: owner))
            case "icon": tab.icon = decoder.string(value, in: document, Field(key, of: owner))
            default: tab.title = decoder.string(value, in: document, Field(key, of: owner))
            }
        }
        let missing = ["activity", "index", "root", "icon"].filter { !present.contains($0) }
        if !missing.isEmpty {
            let fields = englishList(missing.map { "'\($0)'" })
            sink.report(MissingFieldRule.description,
                        "\(owner) lacks the required field\(missing.count == 1 ? "" : "s") \(fields)",
                        at: name.range, subjects: [name.value] + missing)
        }
        return tab
    }

    private mutating func decodeHolder(_ name: Located<String>, _ body: YAMLDocument.NodeID?,
                                       in document: YAMLDocument) -> Holder {
        var holder = Holder(name: name)
        let owner = "holder '\(name.value)'"
        forEachField(of: body, in: document, owner: owner, validKeys: Self.holderKeys) { decoder, key, value in
            switch key {
            case "scope": holder.scope = decoder.enumeration(value, in: document, Field(key, of: owner))
            case "params":
                holder.params = decoder.list(value, in: document, Field(key, of: owner)) { decoder, item in
                    decoder.parameterName(item, in: document, Field(key, of: owner).item)
                }
            default: holder.parent = decoder.name(value, in: document, Field(key, of: owner))
            }
        }
        return holder
    }

    private mutating func decodeRoute(_ id: Located<String>, _ body: YAMLDocument.NodeID?,
                                      in document: YAMLDocument) -> Route {
        var route = Route(id: id)
        let owner = "route '\(id.value)'"
        forEachField(of: body, in: document, owner: owner, validKeys: Self.routeKeys) { decoder, key, value in
            switch key {
            case "path":
                route.path = decoder.string(value, in: document, Field(key, of: owner))
                if let path = route.path { route.pattern = decoder.pattern(path, of: id) }
            case "activity": route.activity = decoder.name(value, in: document, Field(key, of: owner))
            case "holder": route.holder = decoder.name(value, in: document, Field(key, of: owner))
            case "links": route.links = decoder.nameList(value, in: document, Field(key, of: owner))
            case "presentation": route.presentation = decoder.enumeration(value, in: document, Field(key, of: owner))
            case "stacked": route.stacked = decoder.bool(value, in: document, Field(key, of: owner))
            case "entry": route.entry = decoder.bool(value, in: document, Field(key, of: owner))
            case "requires-auth": route.requiresAuth = decoder.bool(value, in: document, Field(key, of: owner))
            case "feature": route.feature = decoder.string(value, in: document, Field(key, of: owner))
            case "fallback": route.fallback = decoder.name(value, in: document, Field(key, of: owner))
            case "sends": route.sends = decoder.nameList(value, in: document, Field(key, of: owner))
            default: route.observes = decoder.nameList(value, in: document, Field(key, of: owner))
            }
        }
        return route
    }

    private mutating func pattern(_ path: Located<String>, of route: Located<String>) -> PathPattern? {
        switch PathPattern.parse(path.value) {
        case .success(let pattern):
            return pattern
        case .failure(let error):
            sink.report(InvalidPathRule.description, "path '\(path.value)' of route '\(route.value)' is invalid: \(error.message)",
                        at: path.range, subjects: [route.value])
            return nil
        }
    }

    // MARK: - Structure

    /// The entities of a section (`routes:` and the like): a mapping from name to a mapping of
    /// fields. A null section, or a null entity body, is empty.
    private mutating func entities<Entity: DeclaredEntity>(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, section: String, kind: String,
        _ decodeEntity: (inout ManifestDecoder, Located<String>, YAMLDocument.NodeID?) -> Entity
    ) -> [Entity] {
        if document.isNull(node) { return [] }
        guard document.kind(node) == .mapping else {
            reportWrongType(node, in: document, Field(section), expected: "a mapping of \(kind) names")
            return []
        }
        var result: [Entity] = []
        result.reserveCapacity(document.pairCount(node))
        for pair in document.pairs(node) {
            guard let key = keyText(pair.key, in: document, owner: "'\(section)'") else { continue }
            guard Self.isName(key) else {
                sink.report(InvalidValueRule.description,
                            "'\(key)' is not a valid \(kind) name; names match [A-Za-z_][A-Za-z0-9_.-]*",
                            at: document.range(pair.key), subjects: [key])
                continue
            }
            let name = Located(key, at: document.range(pair.key))
            let isNull = document.isNull(pair.value)
            if isNull || document.kind(pair.value) == .mapping {
                result.append(decodeEntity(&self, name, isNull ? nil : pair.value))
                let valueRange = document.range(pair.value)
                result[result.count - 1].extent = SourceRange(file: file, start: name.range.start, end: max(valueRange.end, name.range.end))
            } else {
                sink.report(InvalidValueRule.description,
                            "\(kind) '\(key)' must be a mapping of its fields, found \(describe(pair.value, in: document))",
                            at: document.range(pair.value), subjects: [key])
            }
        }
        return result
    }

    private mutating func forEachField(
        of body: YAMLDocument.NodeID?, in document: YAMLDocument, owner: String, validKeys: [String],
        _ decodeField: (inout ManifestDecoder, String, YAMLDocument.NodeID) -> Void
    ) {
        guard let body else { return }
        var merges: [YAMLDocument.NodeID] = []
        for pair in document.pairs(body) {
            guard let key = keyText(pair.key, in: document, owner: owner) else { continue }
            if key == "<<", document.scalar(pair.key)?.style == .plain {
                merges.append(pair.value)
            } else if validKeys.contains(key) {
                decodeField(&self, key, pair.value)
            } else {
                reportUnknownKey(key, at: pair.key, in: document, owner: owner, validKeys: validKeys)
            }
        }
        guard !merges.isEmpty else { return }
        mergeFields(merges, into: body, in: document, owner: owner, validKeys: validKeys, decodeField)
    }

    /// YAML's merge key: `<<: *defaults` (or a list of aliases) adds the fields of the merged
    /// mappings that the entity does not set itself; of several, the first that sets a field
    /// wins. Merged mappings may merge others; each is read once, so aliases cannot loop.
    private mutating func mergeFields(
        _ merges: [YAMLDocument.NodeID], into body: YAMLDocument.NodeID, in document: YAMLDocument, owner: String,
        validKeys: [String], _ decodeField: (inout ManifestDecoder, String, YAMLDocument.NodeID) -> Void
    ) {
        var set = Set(document.pairs(body).compactMap { document.text($0.key) })
        var pending: [YAMLDocument.NodeID] = []
        for merge in merges {
            if document.kind(merge) == .sequence { pending += document.items(merge) } else { pending.append(merge) }
        }
        var visited = Set<YAMLDocument.NodeID>()
        var next = 0
        while next < pending.count {
            let source = pending[next]
            next += 1
            guard visited.insert(source).inserted else { continue }
            guard document.kind(source) == .mapping else {
                sink.report(InvalidValueRule.description,
                            "'<<' in \(owner) must merge a mapping or a list of mappings, found \(describe(source, in: document))",
                            at: document.range(source), subjects: [owner, "<<"])
                continue
            }
            for pair in document.pairs(source) {
                guard let key = document.text(pair.key) else { continue }
                if key == "<<", document.scalar(pair.key)?.style == .plain {
                    if document.kind(pair.value) == .sequence { pending += document.items(pair.value) } else { pending.append(pair.value) }
                } else if set.insert(key).inserted {
                    if validKeys.contains(key) {
                        decodeField(&self, key, pair.value)
                    } else {
                        reportUnknownKey(key, at: pair.key, in: document, owner: owner, validKeys: validKeys)
                    }
                }
            }
        }
    }

    /// The text of a mapping key, or nil (with a finding) when the key is not a scalar.
    private mutating func keyText(_ key: YAMLDocument.NodeID, in document: YAMLDocument, owner: String) -> String? {
        if let text = document.text(key) { return text }
        sink.report(InvalidValueRule.description, "keys in \(owner) must be strings, found \(describe(key, in: document))",
                    at: document.range(key))
        return nil
    }

    private mutating func reportUnknownKey(_ key: String, at node: YAMLDocument.NodeID, in document: YAMLDocument,
                                           owner: String, validKeys: [String]) {
        sink.report(UnknownKeyRule.description,
                    "unknown key '\(key)' in \(owner)\(Suggestion.hint(for: key, among: validKeys))",
                    at: document.range(node), subjects: [owner, key])
    }

    // MARK: - Values

    /// How messages name a value: "'index' of tab 'home'", "an item of 'links' of route
    /// 'home'", or "'app'" at the top level.
    private struct Field {
        let key: String
        let owner: String?
        var isItem = false

        init(_ key: String, of owner: String? = nil) {
            self.key = key
            self.owner = owner
        }

        var item: Field {
            var item = self
            item.isItem = true
            return item
        }

        /// What identifies a finding about this value, without its line.
        var subjects: [String] { [owner ?? "the top level", key] }

        var phrase: String {
            let field = owner.map { "'\(key)' of \($0)" } ?? "'\(key)'"
            return isItem ? "an item of \(field)" : field
        }
    }

    private mutating func string(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field) -> Located<String>? {
        if case .string(let text)? = document.scalar(node)?.resolved {
            return Located(text, at: document.range(node))
        }
        reportWrongType(node, in: document, field, expected: "a string")
        return nil
    }

    /// A reference to an activity, tab, holder or route. Not a valid name, it cannot name
    /// anything: reported here as a wrong value, and not again as an unknown reference.
    private mutating func name(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field) -> Located<String>? {
        guard let value = string(node, in: document, field) else { return nil }
        guard Self.isName(value.value) else {
            sink.report(InvalidValueRule.description,
                        "\(field.phrase) is '\(value.value)', which is not a valid name; names match [A-Za-z_][A-Za-z0-9_.-]*",
                        at: value.range, subjects: field.subjects + [value.value])
            return nil
        }
        return value
    }

    private mutating func nameList(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field) -> [Located<String>] {
        list(node, in: document, field) { decoder, item in decoder.name(item, in: document, field.item) }
    }

    private mutating func parameterName(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field) -> Located<String>? {
        guard let value = string(node, in: document, field) else { return nil }
        guard PathText.isParameterName(value.value) else {
            sink.report(InvalidValueRule.description,
                        "\(field.phrase) is '\(value.value)', which is not a parameter name; parameter names match [A-Za-z_][A-Za-z0-9_]*",
                        at: value.range, subjects: field.subjects + [value.value])
            return nil
        }
        return value
    }

    private mutating func list<Element>(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field,
        _ decodeItem: (inout ManifestDecoder, YAMLDocument.NodeID) -> Element?
    ) -> [Element] {
        if document.isNull(node) { return [] }
        guard document.kind(node) == .sequence else {
            reportWrongType(node, in: document, field, expected: "a list")
            return []
        }
        return document.items(node).compactMap { decodeItem(&self, $0) }
    }

    private mutating func index(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field) -> Located<Int>? {
        guard case .int(let value)? = document.scalar(node)?.resolved else {
            reportWrongType(node, in: document, field, expected: "an integer")
            return nil
        }
        guard value >= 0 else {
            sink.report(InvalidValueRule.description, "\(field.phrase) must be 0 or more, found \(value)",
                        at: document.range(node), subjects: field.subjects)
            return nil
        }
        return Located(value, at: document.range(node))
    }

    private mutating func bool(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field) -> Located<Bool>? {
        if case .bool(let value)? = document.scalar(node)?.resolved {
            return Located(value, at: document.range(node))
        }
        reportWrongType(node, in: document, field, expected: "true or false")
        return nil
    }

    private mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field
    ) -> Located<Value>? where Value.RawValue == String {
        let choices = Value.allCases.map(\.rawValue)
        guard let text = string(node, in: document, field) else { return nil }
        guard let value = Value(rawValue: text.value) else {
            sink.report(InvalidValueRule.description,
                        "\(field.phrase) must be \(englishList(choices, conjunction: "or")), found '\(text.value)'"
                            + Suggestion.hint(for: text.value, among: choices),
                        at: text.range, subjects: field.subjects + [text.value])
            return nil
        }
        return Located(value, at: text.range)
    }

    private mutating func scheme(_ node: YAMLDocument.NodeID, in document: YAMLDocument) -> Located<String>? {
        guard let value = string(node, in: document, Field("schemes").item) else { return nil }
        let bytes = Array(value.value.utf8)
        let valid = bytes.first.map(Self.isASCIILetter) == true
            && bytes.allSatisfy { Self.isASCIILetter($0) || Self.isASCIIDigit($0) || "+.-".utf8.contains($0) }
        guard valid else {
            sink.report(InvalidValueRule.description,
                        "'\(value.value)' is not a URL scheme; write it without '://', as letters, digits, '+', '.' and '-'",
                        at: value.range, subjects: ["schemes", value.value])
            return nil
        }
        return value
    }

    private mutating func host(_ node: YAMLDocument.NodeID, in document: YAMLDocument) -> Located<String>? {
        guard let value = string(node, in: document, Field("hosts").item) else { return nil }
        let labels = value.value.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.enumerated().allSatisfy { position, label in
            (position == 0 && label == "*" && labels.count > 1)
                || (!label.isEmpty && label.utf8.allSatisfy { Self.isASCIILetter($0) || Self.isASCIIDigit($0) || $0 == UInt8(ascii: "-") })
        }
        guard valid else {
            sink.report(InvalidValueRule.description,
                        "'\(value.value)' is not a host name; write the host alone, like 'example.com', without scheme, port or path",
                        at: value.range, subjects: ["hosts", value.value])
            return nil
        }
        return value
    }

    // MARK: - Messages

    private mutating func reportWrongType(_ node: YAMLDocument.NodeID, in document: YAMLDocument, _ field: Field,
                                          expected: String) {
        sink.report(InvalidValueRule.description, "\(field.phrase) must be \(expected), found \(describe(node, in: document))",
                    at: document.range(node), subjects: field.subjects)
    }

    private func describe(_ node: YAMLDocument.NodeID, in document: YAMLDocument) -> String {
        switch document.kind(node) {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            let resolved = document.scalar(node)!.resolved
            return resolved == .null ? "null" : "\(resolved.typeDescription) '\(document.text(node)!)'"
        }
    }

    private func startOf(_ range: SourceRange) -> SourceRange {
        SourceRange(file: range.file, start: range.start, end: range.start)
    }

    /// Whether `text` matches `[A-Za-z_][A-Za-z0-9_.-]*`, the syntax of every name.
    static func isName(_ text: String) -> Bool {
        var isFirst = true
        for byte in text.utf8 {
            let allowed = isASCIILetter(byte) || byte == UInt8(ascii: "_")
                || (!isFirst && (isASCIIDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")))
            guard allowed else { return false }
            isFirst = false
        }
        return !isFirst
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

}
