/// A YAML document, or the anchored parts of one, as a flat, immutable arena of nodes.
///
/// Containers refer to their children by index, and an alias is a node that shares the
/// children (or text) of the node its anchor names, with the alias's own position: an alias
/// bomb costs one node per alias event. Anchors are registered when their node is complete, so the graph is
/// acyclic, and nothing here recurses. A repeated mapping key is left out when the document
/// is built (the first occurrence is the one used), after `YAMLCursor` has reported it.
package struct YAMLDocument: Sendable {
    package struct NodeID: Hashable, Sendable {
        let index: Int32
    }

    package enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    enum ScalarStyle: UInt8, Sendable {
        /// Unquoted: resolved by the YAML 1.2 core schema (null, bool, int, float or string).
        case plain
        /// Quoted, literal or folded, or tagged `!!str`: always a string.
        case string
    }

    struct Node: Sendable {
        var kind: Kind
        var style: ScalarStyle
        var start: SourcePosition
        var end: SourcePosition
        /// Scalars: start of the text in `text`. Containers: first index into `children`.
        var payload: Int32
        /// Scalars: the length of the text. Containers: the number of items, or of
        /// key/value pairs.
        var count: Int32
    }

    package struct Pair: Sendable {
        package let key: NodeID
        package let value: NodeID
    }

    let file: FileID
    package let root: NodeID?
    let tree: YAMLTree

    init(file: FileID, root: NodeID?, tree: YAMLTree) {
        self.file = file
        self.root = root
        self.tree = tree
    }

    package func kind(_ node: NodeID) -> Kind { tree.nodes[Int(node.index)].kind }

    package func range(_ node: NodeID) -> SourceRange {
        let stored = tree.nodes[Int(node.index)]
        return SourceRange(file: file, start: stored.start, end: stored.end)
    }

    /// The text of a scalar node, or nil for a container.
    package func text(_ node: NodeID) -> String? {
        tree.scalarBytes(node.index).map { String(decoding: $0, as: UTF8.self) }
    }

    package func scalar(_ node: NodeID) -> YAMLScalar? {
        guard let text = text(node) else { return nil }
        return YAMLScalar(text: text, style: tree.nodes[Int(node.index)].style)
    }

    /// The items of a sequence (empty for any other node).
    package func items(_ node: NodeID) -> [NodeID] {
        let stored = tree.nodes[Int(node.index)]
        guard stored.kind == .sequence else { return [] }
        return tree.children(of: node.index).map(NodeID.init(index:))
    }

    /// The pairs of a mapping in source order (empty for any other node).
    package func pairs(_ node: NodeID) -> [Pair] {
        let stored = tree.nodes[Int(node.index)]
        guard stored.kind == .mapping else { return [] }
        let slots = tree.children(of: node.index)
        return stride(from: slots.startIndex, to: slots.endIndex, by: 2).map {
            Pair(key: NodeID(index: slots[$0]), value: NodeID(index: slots[$0 + 1]))
        }
    }

    /// Whether the node is a plain `null`, `~` or empty scalar, which the spec reads as an
    /// empty mapping or list where one is expected.
    package func isNull(_ node: NodeID) -> Bool {
        scalar(node)?.resolved == .null
    }
}

/// The storage of recorded nodes: `YAMLCursor` records anchored nodes here, so that aliases
/// can be read again, and whole documents for the configuration and the baseline.
struct YAMLTree: Sendable {
    var nodes: [YAMLDocument.Node] = []
    var children: [Int32] = []
    var text: [UInt8] = []

    func scalarBytes(_ node: Int32) -> ArraySlice<UInt8>? {
        let stored = nodes[Int(node)]
        guard stored.kind == .scalar else { return nil }
        return text[Int(stored.payload)..<Int(stored.payload) + Int(stored.count)]
    }

    /// A container's children (pairs flattened key, value, key, value…).
    func children(of node: Int32) -> ArraySlice<Int32> {
        let stored = nodes[Int(node)]
        guard stored.kind != .scalar else { return children[0..<0] }
        let first = Int(stored.payload)
        let count = stored.kind == .mapping ? 2 * Int(stored.count) : Int(stored.count)
        return children[first..<first + count]
    }
}

/// Builds a `YAMLTree` event by event, keeping each open container's children contiguous.
struct YAMLTreeBuilder {
    private struct OpenContainer {
        let node: Int32
        let anchor: String?
        let firstScratchSlot: Int
    }

    private(set) var tree = YAMLTree()
    private var open: [OpenContainer] = []
    /// Children of the open containers, innermost last, moved to `tree.children` when one
    /// closes so that each container's children are contiguous.
    private var scratch: [Int32] = []
    /// Anchors of complete nodes.
    private(set) var anchors: [String: Int32] = [:]

    var isRecording: Bool { !open.isEmpty }

    /// The innermost open container.
    var innermostOpen: Int32? { open.last?.node }

    /// Whether an anchor names a container that is still open: an alias to it would make
    /// the node contain itself.
    func isOpen(anchor: String) -> Bool { open.contains { $0.anchor == anchor } }

    @discardableResult
    mutating func scalar(_ bytes: ArraySlice<UInt8>, isPlain: Bool, start: SourcePosition, end: SourcePosition, anchor: String?) -> Int32 {
        let index = Int32(tree.nodes.count)
        tree.nodes.append(
            .init(
                kind: .scalar, style: isPlain ? .plain : .string, start: start, end: end,
                payload: Int32(tree.text.count), count: Int32(bytes.count)))
        tree.text.append(contentsOf: bytes)
        if let anchor { anchors[anchor] = index }
        attach(index)
        return index
    }

    /// An alias: a node that shares its target's text or children but stands where the
    /// alias is written, so that a problem found through it points at the use. One node per
    /// alias event, whatever the target holds.
    mutating func alias(_ target: Int32, start: SourcePosition, end: SourcePosition) {
        var node = tree.nodes[Int(target)]
        node.start = start
        node.end = end
        let index = Int32(tree.nodes.count)
        tree.nodes.append(node)
        attach(index)
    }

    @discardableResult
    mutating func openContainer(_ kind: YAMLDocument.Kind, start: SourcePosition, anchor: String?) -> Int32 {
        let index = Int32(tree.nodes.count)
        tree.nodes.append(.init(kind: kind, style: .plain, start: start, end: start, payload: 0, count: 0))
        attach(index)
        open.append(OpenContainer(node: index, anchor: anchor, firstScratchSlot: scratch.count))
        return index
    }

    @discardableResult
    mutating func closeContainer(end: SourcePosition) -> Int32? {
        guard let container = open.popLast() else { return nil }
        let firstSlot = Int32(tree.children.count)
        let itemCount = scratch.count - container.firstScratchSlot
        // No slice of `scratch` may outlive this line: one would make the removal below copy
        // all of `scratch`, which holds the items of every open container.
        tree.children.append(contentsOf: scratch[container.firstScratchSlot...])
        scratch.removeLast(itemCount)
        var node = tree.nodes[Int(container.node)]
        node.payload = firstSlot
        node.end = end
        node.count = Int32(node.kind == .mapping ? itemCount / 2 : itemCount)
        tree.nodes[Int(container.node)] = node
        if let anchor = container.anchor { anchors[anchor] = container.node }
        return container.node
    }

    private mutating func attach(_ node: Int32) {
        if !open.isEmpty { scratch.append(node) }
    }
}

/// Reads small YAML files whole: the configuration and the baseline. Manifests are decoded
/// straight from the event stream by `ManifestDecoder` instead.
package enum YAMLParser {
    /// Deeper nesting than this is refused. A manifest needs six levels; the limit keeps a
    /// hostile file from costing memory and time without bound.
    static let maximumDepth = 1_000

    package static func parse(_ bytes: [UInt8], file: FileID) -> YAMLParseResult {
        YAMLCursor.read(bytes, file: file) { (cursor: consuming YAMLCursor) in
            var root: Int32?
            if let node = cursor.root() { root = cursor.capture(node) }
            cursor.finish()
            let document =
                cursor.failed ? nil : root.map { YAMLDocument(file: file, root: YAMLDocument.NodeID(index: $0), tree: cursor.recorded) }
            return YAMLParseResult(document: document, issues: cursor.issues)
        }
    }
}

package struct YAMLParseResult: Sendable {
    /// The document, or nil when the file is empty or not well-formed.
    package let document: YAMLDocument?
    package let issues: [YAMLIssue]
}

/// A problem found while reading YAML: the file is not well-formed, or a mapping repeats a key.
package struct YAMLIssue: Sendable, Equatable {
    /// What is wrong.
    package enum Kind: Sendable, Equatable {
        /// libyaml's message, or one of routelint's limits (depth, aliases, one document).
        case syntax(message: String)
        /// `key` is the repeated key's text; `earlier` is the first occurrence.
        case duplicateKey(key: String, earlier: SourceRange)

        /// What is wrong, in words: the finding's message, or the configuration's error.
        package var message: String {
            switch self {
            case .syntax(let message): message
            case .duplicateKey(let key, _): "key '\(key)' is repeated; YAML keeps only one of them"
            }
        }
    }

    /// What is wrong.
    package let kind: Kind
    /// Where: libyaml's position of the problem (the opening of a `[`, `{` or quote it found
    /// unclosed), or the repeated key.
    package let range: SourceRange
    /// Where libyaml stopped, when `range` is the opening of what it could not finish.
    package var stopped: SourceRange?

    /// A problem of `kind` at `range`; `stopped` where libyaml stopped, when it is elsewhere.
    package init(kind: Kind, range: SourceRange, stopped: SourceRange? = nil) {
        self.kind = kind
        self.range = range
        self.stopped = stopped
    }

    /// Whether the file is not well-formed (rather than repeating a key).
    package var isSyntax: Bool {
        if case .syntax = kind { return true }
        return false
    }
}
