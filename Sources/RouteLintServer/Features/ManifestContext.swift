import RouteLintRuns
import RouteLintCore

/// Where a place in a manifest's text is in the format's structure — a key of a route, the
/// value of a tab's `root`, a rule of a `# routelint:ignore` — told from the text around it
/// rather than from a parse: the text being typed seldom parses. It reads block mappings by
/// their indentation, block lists, and flow mappings and lists on one line, as manifests
/// are written.
struct ManifestContext: Equatable {
    /// A mapping whose keys the format defines.
    enum Mapping: Equatable {
        case topLevel, activity, tab, holder, route, ios, android
        /// A route's `params`, its `query`, and one item of its query written in full.
        case parameterTypes, queryItems, queryItem

        /// The keys the format defines for the mapping, with what each means.
        var keys: [(name: String, summary: String)] {
            switch self {
            case .topLevel: return TopLevelKey.keys.map { ($0.name, $0.summary) }
            case .activity: return ActivityKey.keys.map { ($0.name, $0.summary) }
            case .tab: return TabKey.keys.map { ($0.name, $0.summary) }
            case .holder: return HolderKey.keys.map { ($0.name, $0.summary) }
            case .route: return RouteKey.keys.map { ($0.name, $0.summary) }
            case .ios: return IOSKey.keys.map { ($0.name, $0.summary) }
            case .android: return AndroidKey.keys.map { ($0.name, $0.summary) }
            // Their keys are the manifest's own names: parameters and query items.
            case .parameterTypes, .queryItems: return []
            case .queryItem: return QueryItemKey.keys.map { ($0.name, $0.summary) }
            }
        }
    }

    enum Place: Equatable {
        /// Typing a key of `mapping`; `written` are its keys written already.
        case key(Mapping, written: Set<String>)
        /// Typing the value of `key` of `mapping`, or an item of it when it is a list.
        case value(Mapping, key: String)
        /// Typing a rule id in a suppression comment.
        case suppressedRule
        case elsewhere
    }

    let place: Place
    /// The part of the word at the place typed before the cursor.
    let typed: String
    /// The byte offset where the word starts.
    let typedStart: Int

    /// The context at byte `offset` of `text`.
    static func at(_ offset: Int, in text: DocumentText) -> ManifestContext {
        let bytes = text.bytes
        let lineNumber = text.position(ofByte: offset, encoding: .utf8).line
        guard let line = text.line(lineNumber) else { return ManifestContext(place: .elsewhere, typed: "", typedStart: offset) }
        // A byte-order mark is not part of the first line's text: an offset inside it is the line's start.
        let offset = max(line.start, min(offset, bytes.count))
        let prefix = Array(bytes[line.start..<offset])
        if let comment = commentStart(prefix) {
            return suppression(Array(prefix[(comment + 1)...]), offset: offset)
        }
        let wordStart = prefix.lastIndex { !isNameByte($0) }.map { $0 + 1 } ?? 0
        let typed = String(decoding: prefix[wordStart...], as: UTF8.self)
        let typedStart = line.start + wordStart
        let place = Self.place(prefix: prefix, lineNumber: lineNumber, text: text)
        return ManifestContext(place: place, typed: typed, typedStart: typedStart)
    }

    // MARK: Suppression comments

    private static func suppression(_ comment: [UInt8], offset: Int) -> ManifestContext {
        let text = String(decoding: comment, as: UTF8.self)
        let trimmed = text.drop { $0 == " " }
        let elsewhere = ManifestContext(place: .elsewhere, typed: "", typedStart: offset)
        var rest: Substring
        if trimmed.hasPrefix("routelint:ignore-file") {
            rest = trimmed.dropFirst("routelint:ignore-file".count)
        } else if trimmed.hasPrefix("routelint:ignore") {
            rest = trimmed.dropFirst("routelint:ignore".count)
        } else {
            return elsewhere
        }
        // The rules follow white space, and end where the reason starts.
        guard rest.first == " " || rest.first == "\t", !rest.contains("--") else { return elsewhere }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let typed = String(rest.split(separator: ",", omittingEmptySubsequences: false).last ?? "").trimmingSpaces()
        guard typed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return elsewhere }
        return ManifestContext(place: .suppressedRule, typed: typed, typedStart: offset - typed.utf8.count)
    }

    /// Where a comment starts in a line's text: a `#` at the start or after white space,
    /// outside quotes.
    static func commentStart(_ line: [UInt8]) -> Int? {
        var quote: UInt8?
        for (index, byte) in line.enumerated() {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "#"), index == 0 || line[index - 1] == 32 || line[index - 1] == 9 {
                return index
            }
        }
        return nil
    }

    // MARK: Structure

    private static func place(prefix: [UInt8], lineNumber: Int, text: DocumentText) -> Place {
        let indent = prefix.prefix { $0 == 32 }.count
        var content = Array(prefix[indent...])
        var isListItem = false
        var itemIndent = indent
        if content.first == UInt8(ascii: "-"), content.count == 1 || content[1] == 32 {
            isListItem = true
            let dropped = content.dropFirst().prefix { $0 == 32 }.count + 1
            content = Array(content.dropFirst(dropped))
            itemIndent = indent + dropped
        }
        // Flow collections opened on this line and not closed before the cursor.
        if let flow = flowPlace(content) {
            guard var path = parents(above: lineNumber, indent: indent, listItem: isListItem, text: text) else { return .elsewhere }
            path += flow.ownerKeys
            switch flow.kind {
            case .mappingKey(let written):
                return mapping(at: path).map { .key($0, written: written) } ?? .elsewhere
            case .mappingValue(let key):
                return mapping(at: path).map { .value($0, key: key) } ?? .elsewhere
            case .listItem:
                guard let key = path.popLast() else { return .elsewhere }
                return mapping(at: path).map { .value($0, key: key) } ?? .elsewhere
            }
        }
        if isListItem && !content.contains(UInt8(ascii: ":")) {
            guard var path = parents(above: lineNumber, indent: indent, listItem: true, text: text),
                let key = path.popLast()
            else { return .elsewhere }
            return mapping(at: path).map { .value($0, key: key) } ?? .elsewhere
        }
        guard let path = parents(above: lineNumber, indent: itemIndent, listItem: false, text: text) else { return .elsewhere }
        if let colon = content.firstIndex(of: UInt8(ascii: ":")) {
            let key = String(decoding: content[..<colon], as: UTF8.self).trimmingSpaces()
            return mapping(at: path).map { .value($0, key: key) } ?? .elsewhere
        }
        guard content.allSatisfy(isNameByte) else { return .elsewhere }
        guard let mapping = mapping(at: path) else { return .elsewhere }
        return .key(mapping, written: siblingKeys(of: lineNumber, indent: itemIndent, text: text))
    }

    /// The mapping whose keys the format defines at a path of keys.
    private static func mapping(at path: [String]) -> Mapping? {
        switch path.count {
        case 0: return .topLevel
        case 1:
            switch path[0] {
            case TopLevelKey.ios.name: return .ios
            case TopLevelKey.android.name: return .android
            default: return nil
            }
        case 2:
            switch path[0] {
            case TopLevelKey.activities.name: return .activity
            case TopLevelKey.tabs.name: return .tab
            case TopLevelKey.holders.name: return .holder
            case TopLevelKey.routes.name: return .route
            default: return nil
            }
        case 3 where path[0] == TopLevelKey.routes.name:
            switch path[2] {
            case RouteKey.params.name: return .parameterTypes
            case RouteKey.query.name: return .queryItems
            default: return nil
            }
        case 4 where path[0] == TopLevelKey.routes.name && path[2] == RouteKey.query.name:
            return .queryItem
        default: return nil
        }
    }

    /// The keys of the block mappings that enclose line `lineNumber`, outermost first: each
    /// the nearest line above with less indentation (for a list item, the key line the
    /// list may share its indentation with). Nil when an enclosing line is not a key.
    private static func parents(above lineNumber: Int, indent: Int, listItem: Bool, text: DocumentText) -> [String]? {
        var path: [String] = []
        var threshold = indent
        var allowEqual = listItem
        var number = lineNumber - 1
        while number >= 0, threshold > 0 || allowEqual {
            defer { number -= 1 }
            guard let line = text.line(number).map({ Array($0.text.utf8) }) else { break }
            let lineIndent = line.prefix { $0 == 32 }.count
            let content = line[lineIndent...]
            guard let first = content.first, first != UInt8(ascii: "#") else { continue }
            guard lineIndent < threshold || (allowEqual && lineIndent == threshold && first != UInt8(ascii: "-")) else { continue }
            var keyPart = Array(content)
            if first == UInt8(ascii: "-") { keyPart = Array(keyPart.dropFirst().drop { $0 == 32 }) }
            guard let key = blockKey(keyPart) else {
                if lineIndent < threshold { return nil }
                continue
            }
            path.insert(key, at: 0)
            threshold = lineIndent
            allowEqual = false
        }
        return path
    }

    /// The key of a line `key:` whose value is on the lines below, or a flow collection.
    private static func blockKey(_ content: [UInt8]) -> String? {
        guard let colon = content.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let key = content[..<colon]
        guard !key.isEmpty, key.allSatisfy(isNameByte) else { return nil }
        return String(decoding: key, as: UTF8.self)
    }

    /// The keys written on the lines of the same block mapping as line `lineNumber`.
    private static func siblingKeys(of lineNumber: Int, indent: Int, text: DocumentText) -> Set<String> {
        var keys = Set<String>()
        for step in [-1, 1] {
            var number = lineNumber + step
            while number >= 0, number < text.lineCount, let line = text.line(number).map({ Array($0.text.utf8) }) {
                number += step
                let lineIndent = line.prefix { $0 == 32 }.count
                guard lineIndent < line.count, line[lineIndent] != UInt8(ascii: "#") else { continue }
                if lineIndent < indent { break }
                if lineIndent == indent, let key = blockKey(Array(line[lineIndent...])) { keys.insert(key) }
            }
        }
        return keys
    }

    // MARK: Flow collections

    private struct FlowPlace {
        enum Kind {
            case mappingKey(written: Set<String>)
            case mappingValue(key: String)
            case listItem
        }

        /// The keys that own the collections from the line's key inwards.
        var ownerKeys: [String]
        var kind: Kind
    }

    /// The place inside the innermost flow collection open at the end of `content`, or nil
    /// when none is.
    private static func flowPlace(_ content: [UInt8]) -> FlowPlace? {
        // Each open collection: whether it is a mapping, where its current entry starts, the
        // keys of its finished entries.
        var open: [(isMapping: Bool, entryStart: Int, written: Set<String>, owner: String?)] = []
        var quote: UInt8?
        var entryStart = 0
        for (index, byte) in content.enumerated() {
            if let current = quote {
                if byte == current { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = byte
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let owner = entryKey(Array(content[entryStart..<index]))
                open.append((byte == UInt8(ascii: "{"), index + 1, [], owner))
                entryStart = index + 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
                entryStart = index + 1
            case UInt8(ascii: ","):
                if var innermost = open.popLast() {
                    if innermost.isMapping, let key = entryKey(Array(content[innermost.entryStart..<index])) {
                        innermost.written.insert(key)
                    }
                    innermost.entryStart = index + 1
                    open.append(innermost)
                }
                entryStart = index + 1
            default:
                break
            }
        }
        guard let innermost = open.last else { return nil }
        let owners = open.map(\.owner)
        // Every collection but an item of a list is owned by a key.
        guard owners.allSatisfy({ $0 != nil }) else { return nil }
        let entry = Array(content[innermost.entryStart...])
        guard innermost.isMapping else { return FlowPlace(ownerKeys: owners.compactMap { $0 }, kind: .listItem) }
        if let key = entryKey(entry), entry.contains(UInt8(ascii: ":")) {
            return FlowPlace(ownerKeys: owners.compactMap { $0 }, kind: .mappingValue(key: key))
        }
        return FlowPlace(ownerKeys: owners.compactMap { $0 }, kind: .mappingKey(written: innermost.written))
    }

    /// The key of a mapping entry `key: …`.
    private static func entryKey(_ entry: [UInt8]) -> String? {
        guard let colon = entry.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let key = String(decoding: entry[..<colon], as: UTF8.self).trimmingSpaces()
        guard !key.isEmpty, key.utf8.allSatisfy(isNameByte) else { return nil }
        return key
    }

    /// A byte of a name or key: `[A-Za-z0-9_.-]`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
