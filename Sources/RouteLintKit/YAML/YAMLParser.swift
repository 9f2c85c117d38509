import CYAML

/// A problem found while reading YAML: the file is not well-formed, or a mapping repeats a key.
public struct YAMLIssue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case syntax
        /// `key` is the repeated key's text; `earlier` is the first occurrence.
        case duplicateKey(key: String, earlier: SourceRange)
    }

    public let kind: Kind
    public let message: String
    public let range: SourceRange
}

public struct YAMLParseResult: Sendable {
    /// The document, or nil when the file is empty or not well-formed.
    public let document: YAMLDocument?
    public let issues: [YAMLIssue]
}

/// Builds a `YAMLDocument` from libyaml's event stream. The only code that talks to libyaml.
public enum YAMLParser {
    /// Deeper nesting than this is refused. A manifest needs six levels; the limit keeps a
    /// hostile file from costing memory and time without bound.
    public static let maximumDepth = 1_000

    public static func parse(_ bytes: [UInt8], file: FileID) -> YAMLParseResult {
        if let encoding = unsupportedEncoding(bytes) {
            let issue = YAMLIssue(
                kind: .syntax,
                message: "the file is encoded in \(encoding); route manifests must be UTF-8",
                range: .fileStart(file))
            return YAMLParseResult(document: nil, issues: [issue])
        }
        var builder = Builder(file: file, bytes: bytes)
        // A node takes at least a few bytes of text. Reserving for that many costs no memory
        // until it is used (large blocks are mapped lazily) and saves growing the arrays.
        builder.reserve(estimatedNodes: bytes.count / 6)
        bytes.withUnsafeBufferPointer { buffer in builder.run(buffer) }
        return builder.result()
    }

    /// libyaml reads UTF-16 too, but every other part of routelint (source lines, columns,
    /// suppression comments) reads UTF-8, so a byte-order mark of another encoding is refused.
    private static func unsupportedEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "UTF-32"
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        return nil
    }
}

private struct Builder {
    struct OpenContainer {
        let node: Int32
        let anchor: String?
        let firstScratchSlot: Int
    }

    let file: FileID
    let bytes: [UInt8]
    var nodes: [YAMLDocument.Node] = []
    var children: [Int32] = []
    var scalarValues: [String] = []
    var repeatedKeySlots = Set<Int32>()
    var anchors: [String: Int32] = [:]
    var open: [OpenContainer] = []
    /// Children of the open containers, innermost last, moved to `children` when one closes
    /// so that each container's children are contiguous.
    var scratch: [Int32] = []
    var root: Int32?
    var documentCount = 0
    var issues: [YAMLIssue] = []
    var failed = false

    init(file: FileID, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    mutating func reserve(estimatedNodes: Int) {
        nodes.reserveCapacity(estimatedNodes)
        children.reserveCapacity(estimatedNodes)
        scalarValues.reserveCapacity(estimatedNodes)
    }

    func result() -> YAMLParseResult {
        let document = failed || root == nil ? nil : YAMLDocument(
            file: file,
            root: root.map(YAMLDocument.NodeID.init(index:)),
            nodes: nodes,
            children: children,
            scalarValues: scalarValues,
            repeatedKeySlots: repeatedKeySlots)
        return YAMLParseResult(document: document, issues: issues)
    }

    mutating func run(_ input: UnsafeBufferPointer<UInt8>) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            fail("libyaml could not allocate a parser", at: .fileStart(file))
            return
        }
        defer { yaml_parser_delete(parser) }
        // libyaml wants a non-null pointer even for empty input.
        let empty: [UInt8] = [0]
        empty.withUnsafeBufferPointer { placeholder in
            yaml_parser_set_input_string(parser, input.baseAddress ?? placeholder.baseAddress!, input.count)
            var event = yaml_event_t()
            while !failed {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    reportLibYAMLError(parser.pointee)
                    return
                }
                let finished = event.type == YAML_STREAM_END_EVENT
                handle(&event)
                yaml_event_delete(&event)
                if finished { return }
            }
        }
    }

    private mutating func handle(_ event: inout yaml_event_t) {
        let start = position(event.start_mark)
        let end = position(event.end_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                fail("a manifest holds one YAML document; a second one starts here",
                     at: SourceRange(file: file, start: start, end: end))
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = string(scalar.value, length: scalar.length)
            let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE || isStringTag(scalar.tag)
            let index = Int32(nodes.count)
            nodes.append(.init(kind: .scalar, style: quoted ? .string : .plain, start: start, end: end,
                               payload: Int32(scalarValues.count), count: 0))
            scalarValues.append(text)
            register(anchor: scalar.anchor, for: index)
            attach(index)
        case YAML_SEQUENCE_START_EVENT:
            openContainer(.sequence, anchor: event.data.sequence_start.anchor, start: start, end: end)
        case YAML_MAPPING_START_EVENT:
            openContainer(.mapping, anchor: event.data.mapping_start.anchor, start: start, end: end)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            closeContainer(end: end)
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor, length: nil)
            guard let target = anchors[name] else {
                let known = open.contains { $0.anchor == name }
                fail(known
                     ? "alias '*\(name)' refers to a node that contains it; recursive aliases are not supported"
                     : "alias '*\(name)' refers to no anchor defined before it",
                     at: SourceRange(file: file, start: start, end: end))
                return
            }
            attach(target)
        default:
            break
        }
    }

    private mutating func openContainer(_ kind: YAMLDocument.Kind, anchor: UnsafeMutablePointer<yaml_char_t>?,
                                        start: SourcePosition, end: SourcePosition) {
        guard open.count < YAMLParser.maximumDepth else {
            fail("nesting is deeper than \(YAMLParser.maximumDepth) levels; routelint stops reading the file here",
                 at: SourceRange(file: file, start: start, end: end))
            return
        }
        let index = Int32(nodes.count)
        nodes.append(.init(kind: kind, style: .plain, start: start, end: end, payload: 0, count: 0))
        attach(index)
        open.append(OpenContainer(node: index, anchor: anchor.map { string($0, length: nil) },
                                  firstScratchSlot: scratch.count))
    }

    private mutating func closeContainer(end: SourcePosition) {
        guard let container = open.popLast() else { return }
        let firstSlot = Int32(children.count)
        let itemCount = scratch.count - container.firstScratchSlot
        // No slice of `scratch` may outlive this line: one would make the removal below copy
        // all of `scratch`, which holds the items of every open container.
        children.append(contentsOf: scratch[container.firstScratchSlot...])
        scratch.removeLast(itemCount)
        var node = nodes[Int(container.node)]
        node.payload = firstSlot
        node.end = end
        if node.kind == .mapping {
            node.count = Int32(itemCount / 2)
            findRepeatedKeys(firstSlot: Int(firstSlot), pairCount: itemCount / 2)
        } else {
            node.count = Int32(itemCount)
        }
        nodes[Int(container.node)] = node
        if let anchor = container.anchor { anchors[anchor] = container.node }
    }

    /// Records each key that repeats an earlier scalar key of the same mapping, as
    /// `duplicate-key` wants it, in time linear in the number of pairs.
    private mutating func findRepeatedKeys(firstSlot: Int, pairCount: Int) {
        guard pairCount > 1 else { return }
        // The mappings of an entity's fields are small: compare their keys directly rather
        // than build a table for each.
        if pairCount <= 16 {
            for pair in 1..<pairCount {
                let slot = firstSlot + 2 * pair
                let keyNode = nodes[Int(children[slot])]
                guard keyNode.kind == .scalar else { continue }
                let key = scalarValues[Int(keyNode.payload)]
                for earlierPair in 0..<pair {
                    let earlierSlot = firstSlot + 2 * earlierPair
                    let earlierNode = nodes[Int(children[earlierSlot])]
                    guard earlierNode.kind == .scalar, !repeatedKeySlots.contains(Int32(earlierSlot)),
                          scalarValues[Int(earlierNode.payload)] == key else { continue }
                    recordRepeatedKey(key, slot: slot, keyNode: keyNode, earlierNode: earlierNode)
                    break
                }
            }
            return
        }
        var firstOccurrence: [String: Int32] = [:]
        firstOccurrence.reserveCapacity(pairCount)
        for pair in 0..<pairCount {
            let slot = firstSlot + 2 * pair
            let keyNode = nodes[Int(children[slot])]
            guard keyNode.kind == .scalar else { continue }
            let key = scalarValues[Int(keyNode.payload)]
            if let earlier = firstOccurrence[key] {
                recordRepeatedKey(key, slot: slot, keyNode: keyNode, earlierNode: nodes[Int(earlier)])
            } else {
                firstOccurrence[key] = children[slot]
            }
        }
    }

    private mutating func recordRepeatedKey(_ key: String, slot: Int, keyNode: YAMLDocument.Node, earlierNode: YAMLDocument.Node) {
        repeatedKeySlots.insert(Int32(slot))
        issues.append(YAMLIssue(
            kind: .duplicateKey(key: key, earlier: SourceRange(file: file, start: earlierNode.start, end: earlierNode.end)),
            message: "key '\(key)' is repeated; YAML keeps only one of them",
            range: SourceRange(file: file, start: keyNode.start, end: keyNode.end)))
    }

    private mutating func attach(_ node: Int32) {
        if open.isEmpty {
            if root == nil { root = node }
        } else {
            scratch.append(node)
        }
    }

    private mutating func register(anchor: UnsafeMutablePointer<yaml_char_t>?, for node: Int32) {
        if let anchor { anchors[string(anchor, length: nil)] = node }
    }

    private func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        guard let tag else { return false }
        let text = string(tag, length: nil)
        return text == "tag:yaml.org,2002:str" || text == "!"
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int?) -> String {
        guard let pointer else { return "" }
        let count = length ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private mutating func fail(_ message: String, at range: SourceRange) {
        failed = true
        issues.append(YAMLIssue(kind: .syntax, message: message, range: range))
    }

    private mutating func reportLibYAMLError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "libyaml could not parse the file"
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a mark.
            let detail = problem.contains("octet")
                ? " (byte 0x\(hex(parser.problem_value, digits: 2)))"
                : parser.problem_value >= 0 ? " (U+\(hex(parser.problem_value, digits: 4)))" : ""
            let at = LineIndex(bytes).position(ofByte: Int(parser.problem_offset))
            fail(problem + detail, at: SourceRange(file: file, start: at, end: at))
            return
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        let at = position(parser.problem_mark)
        fail(message, at: SourceRange(file: file, start: at, end: at))
    }

    private func hex(_ value: Int32, digits: Int) -> String {
        let text = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension YAMLParser {
    /// Pulls every event of `bytes` through libyaml and builds nothing: the floor that the
    /// benchmark measures routelint against. Returns the number of events.
    public static func countEvents(_ bytes: [UInt8]) -> Int {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { return 0 }
        defer { yaml_parser_delete(parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            yaml_parser_set_input_string(parser, base, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while yaml_parser_parse(parser, &event) == 1 {
                count += 1
                let finished = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if finished { break }
            }
            return count
        }
    }
}
