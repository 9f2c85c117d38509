#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What reading one file gave: its manifest (nil when the file is not well-formed YAML), the
/// table its names are symbols of, and the problems found on the way.
package struct DecodedManifest: Sendable {
    /// The manifest, or nil when the file is not well-formed YAML.
    package var manifest: Manifest?
    /// The table the manifest's names are symbols of.
    package var symbols: SymbolTable
    /// What was found wrong on the way.
    package var issues: [ManifestIssue]
    /// Of the text positions given to `ManifestDecoder.decode`, those inside a scalar.
    package var positionsInsideScalars: Set<SourcePosition>
    /// The `app` the file declares, as far as it could be read: set for a file that is not
    /// well-formed too when its `app` came before the problem.
    package var appName: String?
}

/// Reads a manifest straight from libyaml's events, entity by entity, into the typed model:
/// no tree of the file is built, names are interned as they are read, and only anchored
/// nodes are kept (for their aliases and merge keys). Whatever does not fit the format
/// becomes a `ManifestIssue` and decoding goes on with the rest, so one run shows every
/// problem of a file.
///
/// The decoder descends only into the keys the format defines, and the format is five
/// levels deep; everything else is skipped. An alias is read again only where the format
/// reads it, one level at a time, so an alias bomb is never expanded.
package enum ManifestDecoder {
    /// Decodes `file` from libyaml's events; `textPositions` are comment candidates to tell apart from scalar text.
    package static func decode(_ file: SourceFile, textPositions: [SourcePosition] = []) -> DecodedManifest {
        decode(file, textPositions: textPositions, readsAhead: nil)
    }

    /// `decode`, with libyaml reading ahead on a thread of its own or not (nil: when the file is large).
    static func decode(_ file: SourceFile, textPositions: [SourcePosition], readsAhead: Bool?) -> DecodedManifest {
        if let onDisk = file.onDisk { return decode(file.id, onDisk, textPositions: textPositions, readsAhead: readsAhead) }
        let bytes = file.bytes
        return YAMLCursor.read(bytes, file: file.id, textPositions: textPositions, readsAhead: readsAhead) {
            (cursor: consuming YAMLCursor) in
            var decoder = Decoder(cursor: cursor, source: bytes)
            decoder.decodeManifest()
            return decoder.result()
        }
    }

    /// Decodes a file the run does not hold as libyaml reads it, so that its bytes are never
    /// held beside the model (docs/performance.md, "the file streamed"): the names are copied
    /// into the symbol table as they are met. A file that is no longer what was found, or is
    /// written to while it is read, is a stop at its start.
    private static func decode(
        _ id: FileID, _ file: DiskFile, textPositions: [SourcePosition], readsAhead: Bool?
    ) -> DecodedManifest {
        let descriptor: Int32
        switch file.open() {
        case .success(let opened): descriptor = opened
        case .failure(let failure):
            let issue = YAMLIssue(kind: .syntax(message: "the file cannot be read again: \(failure.reason)"), range: .fileStart(id))
            return DecodedManifest(manifest: nil, symbols: SymbolTable(), issues: [.yaml(issue)], positionsInsideScalars: [], appName: nil)
        }
        defer { close(descriptor) }
        return YAMLCursor.stream(
            descriptor: descriptor, size: file.size, file: id, textPositions: textPositions, readsAhead: readsAhead,
            readAgain: file.read
        ) { (cursor: consuming YAMLCursor) in
            var decoder = Decoder(cursor: cursor, copyingTextsOfFileOfSize: file.size)
            decoder.decodeManifest()
            if !file.isUnchanged(descriptor) { decoder.cursor.failChangedWhileRead() }
            return decoder.result()
        }
    }
}

private struct Decoder: ~Copyable {
    typealias Node = YAMLCursor.Node

    var cursor: YAMLCursor
    var manifest: Manifest
    var symbols: SymbolTable
    var issues: [ManifestIssue] = []
    /// Set when a type names none and nearly spells none: the route being read has an undecided type.
    private var readUndecidedType = false
    /// The valid path read last, whose first segments the next path likely shares.
    private var previousPath = PathPattern.Previous()
    /// The owners of the keys being read — of an entity, a route's `params`, its `query`, an
    /// item of it —, each reused from one to the next (`KeyOwner.reuse`).
    private var entityOwner = KeyOwner.topLevel
    private var parameterTypesOwner = KeyOwner.topLevel
    private var queryItemsOwner = KeyOwner.topLevel
    private var queryItemOwner = KeyOwner.topLevel

    init(cursor: consuming YAMLCursor, source: [UInt8]) {
        manifest = Manifest(file: cursor.file)
        symbols = SymbolTable(source: source)
        self.cursor = cursor
    }

    /// A decoder of a file of `size` bytes that is not held: its names are copied.
    init(cursor: consuming YAMLCursor, copyingTextsOfFileOfSize size: Int) {
        manifest = Manifest(file: cursor.file)
        symbols = SymbolTable(copyingTextsOfFileOfSize: size)
        self.cursor = cursor
    }

    func result() -> DecodedManifest {
        // What the decoder made of a file that is not well-formed is unreliable: the text
        // libyaml read before it stopped may not mean what it seems to (a value running into
        // the next line, say). Only the YAML issues count then.
        let failed = cursor.failed
        return DecodedManifest(
            manifest: failed ? nil : manifest, symbols: symbols,
            issues: cursor.issues.map(ManifestIssue.yaml) + (failed ? [] : issues),
            positionsInsideScalars: cursor.positionsInsideScalars,
            appName: manifest.app.map { symbols.text($0.value) })
    }

    // MARK: - Entities

    mutating func decodeManifest() {
        defer { cursor.finish() }
        guard let root = cursor.root() else {
            manifest.versionKey = .emptyDocument(at: .fileStart(manifest.file))
            return
        }
        if isNull(root) {
            manifest.versionKey = .emptyDocument(at: startOf(root.range))
            return
        }
        guard root.kind == .mapping else {
            report(.topLevelNotMapping(found: found(root)), at: root.range)
            manifest.versionKey = .notApplicable
            return
        }
        manifest.versionKey = .missing(at: startOf(root.range))
        while let keyNode = cursor.nextNode() {
            guard keyNode.kind == .scalar else {
                skipPair(key: keyNode, in: .topLevel)
                continue
            }
            guard let key = TopLevelKey.named(cursor.text) else {
                let text = String(decoding: cursor.text, as: UTF8.self)
                // `x-` keys are extensions, as in Compose and OpenAPI files: a place for anchors
                // of shared fields, which merge keys then use.
                if !text.hasPrefix("x-") {
                    reportUnknownKey(text, at: keyNode.range, in: .topLevel, validKeys: TopLevelKey.names)
                }
                if let value = cursor.nextNode() { cursor.skip(value) }
                continue
            }
            guard let value = cursor.nextNode() else { return }
            decodeTopLevel(key, value, keyRange: keyNode.range)
        }
    }

    private mutating func decodeTopLevel(_ key: TopLevelKey, _ value: Node, keyRange: SourceRange) {
        let field = FieldReference(key.name, of: .topLevel)
        switch key {
        case .manifest:
            manifest.versionKey = .present
            manifest.version = version(value)
        case .app:
            manifest.app = string(value, field)
        case .schemes:
            manifest.schemes = list(value, field) { decoder, item in decoder.scheme(item, field.item) }
        case .hosts:
            manifest.hosts = list(value, field) { decoder, item in decoder.host(item, field.item) }
        case .activities:
            manifest.activities = section(value, key, kind: .activity) { decoder, name, body in decoder.activity(name, body) }
        case .tabs:
            manifest.tabs = section(value, key, kind: .tab) { decoder, name, body in decoder.tab(name, body) }
        case .holders:
            manifest.holders = section(value, key, kind: .holder) { decoder, name, body in decoder.holder(name, body) }
        case .routes:
            manifest.routes = section(value, key, kind: .route) { decoder, name, body in decoder.route(name, body) }
        case .ios:
            var settings = IOSSettings(key: keyRange)
            settingsFields(value, key, keyRange) { (decoder, field: IOSKey, value) in
                let reference = FieldReference(field.name, of: .section(key))
                switch field {
                case .appIDs: settings.appIDs = decoder.list(value, reference) { decoder, item in decoder.appID(item, reference.item) }
                case .buildSettings: settings.buildSettings = decoder.buildValues(value, reference)
                }
            }
            manifest.ios = settings
        case .android:
            var settings = AndroidSettings(key: keyRange)
            settingsFields(value, key, keyRange) { (decoder, field: AndroidKey, value) in
                let reference = FieldReference(field.name, of: .section(key))
                switch field {
                case .package: settings.package = decoder.androidName(value, reference, allowsLeadingDot: false)
                case .activity: settings.activity = decoder.androidName(value, reference, allowsLeadingDot: true)
                case .certFingerprints:
                    settings.certFingerprints = decoder.list(value, reference) { decoder, item in
                        decoder.certificateFingerprint(item, reference.item)
                    }
                case .minSDK: settings.minSDK = decoder.apiLevel(value, reference)
                case .inexact: settings.inexact = decoder.choice(value, reference)
                case .dynamicRules: settings.dynamicRules = decoder.bool(value, reference)
                case .resources: settings.resources = decoder.list(value, reference) { decoder, item in decoder.text(item, reference.item) }
                case .placeholders: settings.placeholders = decoder.buildValues(value, reference)
                }
            }
            manifest.android = settings
        }
    }

    /// The fields of a top-level settings mapping (`ios`, `android`); a null one is empty.
    private mutating func settingsFields<Key: ManifestKey>(
        _ node: Node, _ key: TopLevelKey, _ keyRange: SourceRange, _ decodeField: (inout Decoder, Key, Node) -> Void
    ) {
        if isNull(node) { return }
        guard node.kind == .mapping else {
            reportWrongType(node, FieldReference(key.name, of: .topLevel), expected: .mapping)
            return
        }
        let declared = LocatedName(symbols.intern(Array(key.name.utf8)[...]), at: keyRange)
        _ = fields(of: node, declaredBy: declared, owner: .section(key), decodeField)
    }

    private mutating func activity(_ name: LocatedName, _ body: Node?) -> Activity {
        var activity = Activity(name: name)
        entityOwner.reuse(as: .entity(.activity), name: symbols.text(name.value))
        let owner = entityOwner
        let fieldsEnd = fields(of: body, declaredBy: name, owner: owner) { (decoder, key: ActivityKey, value) in
            let field = FieldReference(key.name, of: owner)
            switch key {
            case .title: activity.title = decoder.string(value, field)
            case .icon: activity.icon = decoder.string(value, field)
            case .defaultTab: activity.defaultTab = decoder.name(value, field)
            }
        }
        activity.extentEnd = fieldsEnd
        return consume activity
    }

    private mutating func tab(_ name: LocatedName, _ body: Node?) -> Tab {
        var tab = Tab(name: name)
        entityOwner.reuse(as: .entity(.tab), name: symbols.text(name.value))
        let owner = entityOwner
        let fieldsEnd = fields(of: body, declaredBy: name, owner: owner) { (decoder, key: TabKey, value) in
            let field = FieldReference(key.name, of: owner)
            tab.written.insert(key)
            switch key {
            case .activity: tab.activity = decoder.name(value, field)
            case .index: tab.index = decoder.index(value, field)
            case .root: tab.root = decoder.name(value, field)
            case .icon: tab.icon = decoder.string(value, field)
            case .title: tab.title = decoder.string(value, field)
            }
        }
        tab.extentEnd = fieldsEnd
        return consume tab
    }

    private mutating func holder(_ name: LocatedName, _ body: Node?) -> Holder {
        var holder = Holder(name: name)
        entityOwner.reuse(as: .entity(.holder), name: symbols.text(name.value))
        let owner = entityOwner
        let fieldsEnd = fields(of: body, declaredBy: name, owner: owner) { (decoder, key: HolderKey, value) in
            let field = FieldReference(key.name, of: owner)
            switch key {
            case .scope: holder.scope = decoder.choice(value, field)
            case .params: holder.params = decoder.nameList(value, field) { decoder, item in decoder.parameterName(item, field.item) }
            case .parent: holder.parent = decoder.name(value, field)
            }
        }
        holder.extentEnd = fieldsEnd
        return consume holder
    }

    private mutating func route(_ id: LocatedName, _ body: Node?) -> Route {
        var route = Route(id: id)
        entityOwner.reuse(as: .entity(.route), name: symbols.text(id.value))
        let owner = entityOwner
        let fieldsEnd = fields(of: body, declaredBy: id, owner: owner) { (decoder, key: RouteKey, value) in
            let field = FieldReference(key.name, of: owner)
            route.written.insert(key)
            switch key {
            case .path: route.path = decoder.path(value, field, of: id)
            case .aliases:
                route.aliases = decoder.paths(value, field, of: id)
                if !route.aliases.isEmpty { decoder.manifest.hasAliases = true }
            case .activity: route.activity = decoder.name(value, field)
            case .holder: route.holder = decoder.name(value, field)
            case .links: route.links = decoder.nameList(value, field) { decoder, item in decoder.name(item, field.item) }
            case .presentation: route.presentation = decoder.choice(value, field)
            case .stacked: route.stacked = decoder.bool(value, field)
            case .entry: route.entry = decoder.bool(value, field)
            case .requiresAuth: route.requiresAuth = decoder.bool(value, field)
            case .feature: route.feature = decoder.string(value, field)
            case .fallback: route.fallback = decoder.name(value, field)
            case .up: route.up = decoder.name(value, field)
            case .sends: route.sends = decoder.nameList(value, field) { decoder, item in decoder.name(item, field.item) }
            case .observes: route.observes = decoder.nameList(value, field) { decoder, item in decoder.name(item, field.item) }
            case .web: route.web = decoder.bool(value, field)
            case .inApp: route.inApp = decoder.bool(value, field)
            case .params:
                decoder.readUndecidedType = false
                route.params = decoder.parameterTypes(value, field, route: decoder.symbols.text(id.value))
                if decoder.readUndecidedType { route.hasUndecidedType = true }
            case .query:
                decoder.readUndecidedType = false
                route.query = decoder.queryItems(value, field, route: decoder.symbols.text(id.value))
                if decoder.readUndecidedType { route.hasUndecidedType = true }
            case .examples:
                route.examples = decoder.list(value, field) { decoder, item in decoder.text(item, field.item) }
                if !route.examples.isEmpty { decoder.manifest.hasExamples = true }
            }
        }
        route.extentEnd = fieldsEnd
        if route.isInApp, let web = route.web, web.value {
            report(.webBesideInApp(FieldReference(RouteKey.web.name, of: owner)), at: web.range)
        }
        // Consumed: a plain return copied the route out of the variable the field closure
        // captures, and destroyed the variable's.
        return consume route
    }

    // MARK: - Structure

    /// The entities of a section (`routes:` and the like): a mapping from name to a mapping of
    /// fields. A null section, or a null entity body, is empty.
    private mutating func section<Entity>(
        _ node: Node, _ key: TopLevelKey, kind: EntityKind,
        _ decodeEntity: (inout Decoder, LocatedName, Node?) -> Entity
    ) -> EntityList<Entity> {
        var entities = EntityList<Entity>()
        if isNull(node) { return entities }
        guard node.kind == .mapping else {
            reportWrongType(node, FieldReference(key.name, of: .topLevel), expected: .names(of: kind))
            return entities
        }
        while let keyNode = cursor.nextNode() {
            guard keyNode.kind == .scalar else {
                skipPair(key: keyNode, in: .section(key))
                continue
            }
            guard ManifestName.isValid(cursor.text) else {
                report(.invalidEntityName(kind, String(decoding: cursor.text, as: UTF8.self)), at: keyNode.range)
                if let value = cursor.nextNode() { cursor.skip(value) }
                continue
            }
            let name = LocatedName(symbols.intern(cursor.text, foundAt: cursor.textOffset), at: keyNode.range)
            guard let body = cursor.nextNode() else { break }
            if body.kind == .mapping || isNull(body) {
                entities.append(decodeEntity(&self, name, body.kind == .mapping ? body : nil))
            } else {
                report(.entityNotMapping(kind, symbols.text(name.value), found: found(body)), at: body.range)
            }
        }
        return entities
    }

    /// Reads an entity's fields, then the fields its merge keys add; returns where its
    /// extent ends: at the end of its fields, or of its name when it has none.
    private mutating func fields<Key: ManifestKey>(
        of body: Node?, declaredBy name: LocatedName, owner: KeyOwner, _ decodeField: (inout Decoder, Key, Node) -> Void
    ) -> SourcePosition {
        // The body's events come next from the cursor; only whether there is one matters here.
        guard body != nil else { return name.range.end }
        var merges: [Int32] = []
        // The keys the entity sets itself, which merged mappings do not override.
        var own = KeySet<Key>()
        var ownUnknown: [String] = []
        // Misspelt keys read as the key they miss, with their `unknownKey` issue's index.
        var standIns: [(key: Key, issue: Int)] = []
        while let keyNode = cursor.nextNode() {
            guard keyNode.kind == .scalar else {
                skipPair(key: keyNode, in: owner)
                continue
            }
            if keyNode.isPlain && Self.isMergeKey(cursor.text) {
                guard let value = cursor.nextNode() else { break }
                merges += mergeSources(value)
            } else if let key = Key.named(cursor.text) {
                own.insert(key)
                // Written after all: the misspelling read as it stood in for nothing.
                if let standIn = standIns.firstIndex(where: { $0.key == key }) {
                    withdrawStandIn(issue: standIns.remove(at: standIn).issue)
                }
                guard let value = cursor.nextNode() else { break }
                decodeField(&self, key, value)
            } else {
                let text = String(decoding: cursor.text, as: UTF8.self)
                ownUnknown.append(text)
                // A near miss of a key the entity does not set is read as that key, so that
                // `holdr:` is one finding, not also a missing holder.
                let meant = Suggestion.nearest(to: text, among: Key.names).flatMap { Key.named(Array($0.utf8)[...]) }.flatMap {
                    own.contains($0) ? nil : $0
                }
                reportUnknownKey(text, at: keyNode.range, in: owner, validKeys: Key.names, readAs: meant?.name)
                guard let value = cursor.nextNode() else { break }
                if let meant {
                    standIns.append((meant, issues.count - 1))
                    own.insert(meant)
                    decodeField(&self, meant, value)
                } else {
                    cursor.skip(value)
                }
            }
        }
        let end = max(cursor.collectionEnd, name.range.end)
        if !merges.isEmpty { mergeFields(merges, own: own, ownUnknown: ownUnknown, owner: owner, decodeField) }
        return end
    }

    /// Whether `text` is the merge key, `<<`: two bytes compared, where comparing the text
    /// with a stored array took every key of every entity a lazy global's check and a
    /// generic comparison.
    private static func isMergeKey(_ text: ArraySlice<UInt8>) -> Bool {
        text.count == 2 && text.first == UInt8(ascii: "<") && text.last == UInt8(ascii: "<")
    }

    /// YAML's merge key: `<<: *defaults` (or a list of aliases) adds the fields of the merged
    /// mappings that the entity does not set itself; of several, the first that sets a field
    /// wins. Merged mappings may merge others; each is read once, so aliases cannot loop.
    private mutating func mergeFields<Key: ManifestKey>(
        _ merges: [Int32], own: KeySet<Key>, ownUnknown: [String], owner: KeyOwner, _ decodeField: (inout Decoder, Key, Node) -> Void
    ) {
        var set = own
        var setUnknown = Set(ownUnknown)
        var pending = merges
        var visited = Set<Int32>()
        var next = 0
        while next < pending.count {
            let source = pending[next]
            next += 1
            guard visited.insert(source).inserted else { continue }
            cursor.replay(source)
            guard let mapping = cursor.nextNode() else { continue }
            guard mapping.kind == .mapping else {
                report(.mergeNotMapping(in: owner, found: found(mapping)), at: mapping.range)
                continue
            }
            while let keyNode = cursor.nextNode() {
                guard keyNode.kind == .scalar else {
                    // Reported where the mapping was read as an entity's own, if ever.
                    cursor.skip(keyNode)
                    if let value = cursor.nextNode() { cursor.skip(value) }
                    continue
                }
                if keyNode.isPlain && Self.isMergeKey(cursor.text) {
                    guard let value = cursor.nextNode() else { break }
                    pending += mergeSources(value)
                } else if let key = Key.named(cursor.text) {
                    guard let value = cursor.nextNode() else { break }
                    if set.contains(key) {
                        cursor.skip(value)
                    } else {
                        set.insert(key)
                        decodeField(&self, key, value)
                    }
                } else {
                    let text = String(decoding: cursor.text, as: UTF8.self)
                    if setUnknown.insert(text).inserted {
                        reportUnknownKey(text, at: keyNode.range, in: owner, validKeys: Key.names)
                    }
                    if let value = cursor.nextNode() { cursor.skip(value) }
                }
            }
        }
    }

    /// The mappings a merge key's value names: itself, or the items of a list.
    private mutating func mergeSources(_ value: Node) -> [Int32] {
        guard value.kind == .sequence else { return [cursor.capture(value)] }
        var sources: [Int32] = []
        while let item = cursor.nextNode() { sources.append(cursor.capture(item)) }
        return sources
    }

    /// Passes over a pair whose key is not a scalar, reporting the key.
    private mutating func skipPair(key: Node, in owner: KeyOwner) {
        report(.nonScalarKey(in: owner, found: found(key)), at: key.range)
        cursor.skip(key)
        if let value = cursor.nextNode() { cursor.skip(value) }
    }

    // MARK: - Values

    private mutating func string(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard node.kind == .scalar, scalarType(node) == .string else {
            reportWrongType(node, field, expected: .string)
            return nil
        }
        return LocatedName(symbols.intern(cursor.text, foundAt: cursor.textOffset), at: node.range)
    }

    /// A string kept as its text, out of the symbol table: a value no other one refers to.
    private mutating func text(_ node: Node, _ field: FieldReference) -> Located<String>? {
        guard node.kind == .scalar, scalarType(node) == .string else {
            reportWrongType(node, field, expected: .string)
            return nil
        }
        return Located(String(decoding: cursor.text, as: UTF8.self), at: node.range)
    }

    /// A reference to an activity, tab, holder or route. Not a valid name, it cannot name
    /// anything: reported here as a wrong value, and not again as an unknown reference.
    private mutating func name(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard node.kind == .scalar, scalarType(node) == .string else {
            reportWrongType(node, field, expected: .string)
            return nil
        }
        guard ManifestName.isValid(cursor.text) else {
            report(.invalidName(field, String(decoding: cursor.text, as: UTF8.self)), at: node.range)
            return nil
        }
        return LocatedName(symbols.intern(cursor.text, foundAt: cursor.textOffset), at: node.range)
    }

    /// A list of names, appended to the manifest's pool of names.
    private mutating func nameList(
        _ node: Node, _ field: FieldReference,
        _ decodeItem: (inout Decoder, Node) -> LocatedName?
    ) -> NameList {
        if isNull(node) { return .empty }
        guard node.kind == .sequence else {
            reportWrongType(node, field, expected: .list)
            return .empty
        }
        let start = UInt32(manifest.names.count)
        while let item = cursor.nextNode() {
            if let name = decodeItem(&self, item) { manifest.names.append(name) }
        }
        return NameList(start: start, end: UInt32(manifest.names.count))
    }

    private mutating func parameterName(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard node.kind == .scalar, scalarType(node) == .string else {
            reportWrongType(node, field, expected: .string)
            return nil
        }
        guard PathText.isParameterName(cursor.text) else {
            report(.invalidParameterName(field, String(decoding: cursor.text, as: UTF8.self)), at: node.range)
            return nil
        }
        return LocatedName(symbols.intern(cursor.text, foundAt: cursor.textOffset), at: node.range)
    }

    /// `android.placeholders` or `ios.build-settings`: name → value, any scalar read as its
    /// text (a port is written `8080`).
    private mutating func buildValues(_ node: Node, _ field: FieldReference) -> [BuildValue] {
        if isNull(node) { return [] }
        guard node.kind == .mapping else {
            reportWrongType(node, field, expected: .mapping)
            return []
        }
        var values: [BuildValue] = []
        while let keyNode = cursor.nextNode() {
            guard keyNode.kind == .scalar else {
                skipPair(key: keyNode, in: field.owner)
                continue
            }
            let name = Located(String(decoding: cursor.text, as: UTF8.self), at: keyNode.range)
            guard let value = cursor.nextNode() else { break }
            guard value.kind == .scalar, !isNull(value) else {
                reportWrongType(value, FieldReference(name.value, of: field.owner), expected: .string)
                cursor.skip(value)
                continue
            }
            values.append(BuildValue(name: name, value: Located(String(decoding: cursor.text, as: UTF8.self), at: value.range)))
        }
        return values
    }

    // MARK: - Types

    /// A route's `params`: parameter name → type.
    private mutating func parameterTypes(_ node: Node, _ field: FieldReference, route: String) -> [ParameterType] {
        if isNull(node) { return [] }
        guard node.kind == .mapping else {
            reportWrongType(node, field, expected: .parameterTypes)
            return []
        }
        parameterTypesOwner.reuse(as: .parameterTypes, name: route)
        let owner = parameterTypesOwner
        var parameters: [ParameterType] = []
        while let keyNode = cursor.nextNode() {
            guard keyNode.kind == .scalar else {
                skipPair(key: keyNode, in: owner)
                continue
            }
            let text = cursor.text
            guard let value = cursor.nextNode() else { break }
            guard PathText.isParameterName(text) else {
                report(.invalidParameterName(field.item, String(decoding: text, as: UTF8.self)), at: keyNode.range)
                cursor.skip(value)
                continue
            }
            let name = LocatedName(symbols.intern(text[...]), at: keyNode.range)
            if let type = typeDeclaration(value, FieldReference(String(decoding: text, as: UTF8.self), of: owner)) {
                parameters.append(ParameterType(name: name, type: type))
            }
        }
        return parameters
    }

    /// A route's `query`: item name → type, or `{type, required, default}`.
    private mutating func queryItems(_ node: Node, _ field: FieldReference, route: String) -> [QueryItem] {
        if isNull(node) { return [] }
        guard node.kind == .mapping else {
            reportWrongType(node, field, expected: .queryItems)
            return []
        }
        queryItemsOwner.reuse(as: .queryItems, name: route)
        let owner = queryItemsOwner
        var items: [QueryItem] = []
        while let keyNode = cursor.nextNode() {
            guard keyNode.kind == .scalar else {
                skipPair(key: keyNode, in: owner)
                continue
            }
            let text = cursor.text
            let itemName = String(decoding: text, as: UTF8.self)
            guard let value = cursor.nextNode() else { break }
            let isSeparator = { (byte: UInt8) in
                byte == UInt8(ascii: "&") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "#") || byte <= 0x20
            }
            guard !text.isEmpty, !text.contains(where: isSeparator) else {
                report(.invalidQueryItemName(route: route, itemName), at: keyNode.range)
                cursor.skip(value)
                continue
            }
            var item = QueryItem(name: LocatedName(symbols.intern(text[...]), at: keyNode.range))
            if value.kind == .mapping {
                queryItemOwner.reuse(as: .queryItem, name: route, item: itemName)
                let itemOwner = queryItemOwner
                _ = fields(of: value, declaredBy: item.name, owner: itemOwner) { (decoder, key: QueryItemKey, value) in
                    let field = FieldReference(key.name, of: itemOwner)
                    switch key {
                    case .type: item.type = decoder.typeDeclaration(value, field)
                    case .required: item.required = decoder.bool(value, field)
                    case .default: item.defaultValue = decoder.defaultValue(value, field)
                    }
                }
                checkDefault(of: item, owner: itemOwner)
            } else if !isNull(value) {
                item.type = typeDeclaration(value, FieldReference(itemName, of: owner))
                if item.type == nil { continue }
            }
            items.append(item)
        }
        return items
    }

    /// A type: a scalar naming one, or a list of values.
    /// The names of the parameter types, packed (`ShortText`).
    private static let typeNames: [(word: UInt64, type: DeclaredType)] = [
        (ShortText.word("int"), .int), (ShortText.word("uuid"), .uuid), (ShortText.word("string"), .string),
    ]

    private mutating func typeDeclaration(_ node: Node, _ field: FieldReference) -> TypeDeclaration? {
        switch node.kind {
        case .scalar:
            guard scalarType(node) == .string else {
                reportWrongType(node, field, expected: .type)
                return nil
            }
            // The type's name packed into a word and compared as a number: a string made of
            // every type and matched against three cost each typed parameter and query item
            // some 400 instructions.
            func named(_ name: ArraySlice<UInt8>) -> DeclaredType? {
                guard let word = ShortText.word(name) else { return nil }
                for (typeWord, type) in Self.typeNames where typeWord == word { return type }
                return nil
            }
            if let type = named(cursor.text) { return TypeDeclaration(type: type, range: node.range) }
            let text = String(decoding: cursor.text, as: UTF8.self)
            // Reported once, and read as the type it nearly names (`integer` as `int`), so that
            // no rule that compares types reports the same mistake again (docs/rules.md).
            report(.unknownType(field, text), at: node.range)
            guard let meant = DeclaredType.nameMeant(by: text).flatMap({ named(Array($0.utf8)[...]) }) else {
                readUndecidedType = true
                return nil
            }
            return TypeDeclaration(type: meant, range: node.range)
        case .sequence:
            var values: [DeclaredValue] = []
            while let item = cursor.nextNode() {
                guard item.kind == .scalar, scalarType(item) == .string else {
                    reportWrongType(item, field.item, expected: .string)
                    continue
                }
                let text = cursor.text
                guard !text.isEmpty else {
                    report(.emptyListedValue(field.item), at: item.range)
                    continue
                }
                let symbol = symbols.intern(text[...])
                guard !values.contains(where: { $0.text.value == symbol }) else {
                    report(.repeatedListedValue(field.item, String(decoding: text, as: UTF8.self)), at: item.range)
                    continue
                }
                // Values compare decoded: a value is the segment that spells it canonically.
                let segment = symbols.intern(PathText.encode(Array(text))[...])
                values.append(
                    DeclaredValue(text: LocatedName(symbol, at: item.range), value: ListedValue(segment: segment, shape: .of(text))))
            }
            let range = SourceRange(file: node.range.file, start: node.range.start, end: max(cursor.collectionEnd, node.range.end))
            guard !values.isEmpty else {
                report(.emptyValueList(field), at: range)
                return nil
            }
            return TypeDeclaration(type: .listed(values), range: range)
        case .mapping:
            reportWrongType(node, field, expected: .type)
            return nil
        }
    }

    /// A query item's `default`: a string, or an integer as written.
    private mutating func defaultValue(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard node.kind == .scalar else {
            reportWrongType(node, field, expected: .defaultValue)
            return nil
        }
        switch scalarType(node) {
        case .string, .int: return LocatedName(symbols.intern(cursor.text, foundAt: cursor.textOffset), at: node.range)
        default:
            reportWrongType(node, field, expected: .defaultValue)
            return nil
        }
    }

    /// A query item's `default` is of its type, and not beside `required: true`.
    private mutating func checkDefault(of item: QueryItem, owner: KeyOwner) {
        guard let value = item.defaultValue else { return }
        let field = FieldReference(QueryItemKey.default.name, of: owner)
        if item.isRequired {
            report(.defaultWithRequired(field), at: value.range)
            return
        }
        let bytes = symbols.bytes(value.value)
        let type = item.effectiveType
        let isOfType: Bool
        switch type {
        case .string: isOfType = !bytes.isEmpty
        case .int: isOfType = ValueShape.of(bytes) == .integer
        case .uuid: isOfType = ValueShape.of(bytes) == .uuid
        case .listed(let values): isOfType = values.contains { $0.text.value == value.value }
        }
        if !isOfType {
            report(.defaultNotOfType(field, value: symbols.text(value.value), type: type.description(symbols.text)), at: value.range)
        }
    }

    private mutating func list<Element>(
        _ node: Node, _ field: FieldReference,
        _ decodeItem: (inout Decoder, Node) -> Element?
    ) -> [Element] {
        if isNull(node) { return [] }
        guard node.kind == .sequence else {
            reportWrongType(node, field, expected: .list)
            return []
        }
        var elements: [Element] = []
        while let item = cursor.nextNode() {
            if let element = decodeItem(&self, item) { elements.append(element) }
        }
        return elements
    }

    private mutating func version(_ node: Node) -> Located<Int>? {
        guard node.kind == .scalar, case .int(let version) = scalarType(node) else {
            reportWrongType(node, FieldReference(TopLevelKey.manifest.name, of: .topLevel), expected: .formatVersion)
            return nil
        }
        if version != 1 { report(.unsupportedVersion(version), at: node.range) }
        return Located(version, at: node.range)
    }

    private mutating func index(_ node: Node, _ field: FieldReference) -> Located<Int>? {
        guard node.kind == .scalar, case .int(let value) = scalarType(node) else {
            reportWrongType(node, field, expected: .integer)
            return nil
        }
        guard value >= 0 else {
            report(.negativeIndex(field, value), at: node.range)
            return nil
        }
        return Located(value, at: node.range)
    }

    private mutating func bool(_ node: Node, _ field: FieldReference) -> Located<Bool>? {
        guard node.kind == .scalar, case .bool(let value) = scalarType(node) else {
            reportWrongType(node, field, expected: .boolean)
            return nil
        }
        return Located(value, at: node.range)
    }

    private mutating func choice<Value: RawRepresentable & CaseIterable>(_ node: Node, _ field: FieldReference) -> Located<Value>?
    where Value.RawValue == String {
        guard node.kind == .scalar, scalarType(node) == .string else {
            reportWrongType(node, field, expected: .string)
            return nil
        }
        let text = String(decoding: cursor.text, as: UTF8.self)
        guard let value = Value(rawValue: text) else {
            report(.unknownChoice(field, text, choices: Value.allCases.map(\.rawValue)), at: node.range)
            return nil
        }
        return Located(value, at: node.range)
    }

    /// A route's `aliases`: a list of path patterns; an invalid one is reported and left out.
    private mutating func paths(_ node: Node, _ field: FieldReference, of route: LocatedName) -> [Located<PathPattern>] {
        if isNull(node) { return [] }
        guard node.kind == .sequence else {
            reportWrongType(node, field, expected: .list)
            return []
        }
        var paths: [Located<PathPattern>] = []
        while let item = cursor.nextNode() {
            if let path = path(item, field.item, of: route, isAlias: true) { paths.append(path) }
        }
        return paths
    }

    private mutating func path(
        _ node: Node, _ field: FieldReference, of route: LocatedName, isAlias: Bool = false
    ) -> Located<PathPattern>? {
        guard node.kind == .scalar, scalarType(node) == .string else {
            reportWrongType(node, field, expected: .string)
            return nil
        }
        switch PathPattern.parse(cursor.text, foundAt: cursor.textOffset, symbols: &symbols, after: &previousPath) {
        case .success(let pattern):
            return Located(pattern, at: node.range)
        case .failure(let problem):
            issues.append(
                .invalidPath(
                    route: symbols.text(route.value), path: String(decoding: cursor.text, as: UTF8.self), isAlias: isAlias,
                    problem: problem, at: node.range))
            return nil
        }
    }

    private mutating func scheme(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard let value = string(node, field) else { return nil }
        let bytes = cursor.text
        let valid =
            bytes.first.map(ManifestName.isASCIILetter) == true
            && bytes.allSatisfy { ManifestName.isASCIILetter($0) || ManifestName.isASCIIDigit($0) || "+.-".utf8.contains($0) }
        guard valid else {
            report(.invalidScheme(symbols.text(value.value)), at: value.range)
            return nil
        }
        return value
    }

    private mutating func host(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard let value = string(node, field) else { return nil }
        guard HostName(String(decoding: cursor.text, as: UTF8.self), policy: .declared) != nil else {
            report(.invalidHost(symbols.text(value.value)), at: value.range)
            return nil
        }
        return value
    }

    /// An app ID of the apple-app-site-association: a team ID of 10 letters and digits, a
    /// dot, and a bundle ID (letters, digits, `-` and `.`).
    private mutating func appID(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard let value = string(node, field) else { return nil }
        // Read by position: from an array of its own, whose indices start at 0.
        let bytes = Array(cursor.text)
        let team = bytes.prefix(10)
        let valid =
            bytes.count > 11 && team.allSatisfy { ManifestName.isASCIILetter($0) || ManifestName.isASCIIDigit($0) }
            && bytes[10] == UInt8(ascii: ".")
            && bytes[11...].allSatisfy { ManifestName.isASCIILetter($0) || ManifestName.isASCIIDigit($0) || "-.".utf8.contains($0) }
            && bytes.last != UInt8(ascii: ".")
        guard valid else {
            report(.invalidAppID(symbols.text(value.value)), at: value.range)
            return nil
        }
        return value
    }

    /// A Java package or class name, as Android's `package` and `android:name` take them:
    /// identifiers joined by dots, a package with two at least; a class may start with a dot
    /// (relative to the package).
    private mutating func androidName(_ node: Node, _ field: FieldReference, allowsLeadingDot: Bool) -> LocatedName? {
        guard let value = string(node, field) else { return nil }
        var bytes = cursor.text[...]
        if allowsLeadingDot && bytes.first == UInt8(ascii: ".") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let isIdentifier = { (part: ArraySlice<UInt8>) in
            part.first.map { ManifestName.isASCIILetter($0) || $0 == UInt8(ascii: "_") } == true
                && part.allSatisfy { ManifestName.isASCIILetter($0) || ManifestName.isASCIIDigit($0) || $0 == UInt8(ascii: "_") }
        }
        guard parts.allSatisfy(isIdentifier), allowsLeadingDot || parts.count >= 2 else {
            report(.invalidAndroidName(field, symbols.text(value.value)), at: value.range)
            return nil
        }
        return value
    }

    /// A SHA-256 certificate fingerprint as assetlinks.json writes it: 32 bytes in hex, joined
    /// by colons.
    private mutating func certificateFingerprint(_ node: Node, _ field: FieldReference) -> LocatedName? {
        guard let value = string(node, field) else { return nil }
        let pairs = cursor.text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        let isHex = { (byte: UInt8) in ManifestName.isASCIIDigit(byte) || "abcdefABCDEF".utf8.contains(byte) }
        guard pairs.count == 32, pairs.allSatisfy({ $0.count == 2 && $0.allSatisfy(isHex) }) else {
            report(.invalidFingerprint(symbols.text(value.value)), at: value.range)
            return nil
        }
        return value
    }

    /// An Android API level: 1 and up (the highest released is in the thirties).
    private mutating func apiLevel(_ node: Node, _ field: FieldReference) -> Located<Int>? {
        guard node.kind == .scalar, case .int(let value) = scalarType(node) else {
            reportWrongType(node, field, expected: .integer)
            return nil
        }
        guard (1...1000).contains(value) else {
            report(.invalidAPILevel(value), at: node.range)
            return nil
        }
        return Located(value, at: node.range)
    }

    // MARK: - Reporting

    private func scalarType(_ node: Node) -> ScalarType {
        ScalarType(cursor.text, isPlain: node.isPlain)
    }

    private func isNull(_ node: Node) -> Bool {
        node.kind == .scalar && scalarType(node) == .null
    }

    /// What `node` is, for a message. A collection is skipped on the way: the caller is done
    /// with a node it describes.
    private mutating func found(_ node: Node) -> FoundValue {
        switch node.kind {
        case .mapping:
            cursor.skip()
            return .mapping
        case .sequence:
            cursor.skip()
            return .list
        case .scalar:
            let type = scalarType(node)
            return type == .null ? .null : .scalar(type: type.typeDescription, text: String(decoding: cursor.text, as: UTF8.self))
        }
    }

    private mutating func reportWrongType(_ node: Node, _ field: FieldReference, expected: ExpectedValue) {
        report(.wrongType(field, expected: expected, found: found(node)), at: node.range)
    }

    private mutating func reportUnknownKey(
        _ key: String, at range: SourceRange, in owner: KeyOwner, validKeys: [String], readAs: String? = nil
    ) {
        issues.append(.unknownKey(key: key, owner: owner, validKeys: validKeys, readAs: readAs, at: range))
    }

    /// The `unknownKey` issue at `index` read its key as no other after all.
    private mutating func withdrawStandIn(issue index: Int) {
        guard case .unknownKey(let key, let owner, let validKeys, _, let range) = issues[index] else { return }
        issues[index] = .unknownKey(key: key, owner: owner, validKeys: validKeys, readAs: nil, at: range)
    }

    private mutating func report(_ problem: InvalidValue, at range: SourceRange) {
        issues.append(.invalidValue(problem, at: range))
    }

    private func startOf(_ range: SourceRange) -> SourceRange {
        SourceRange(file: range.file, start: range.start, end: range.start)
    }

}
