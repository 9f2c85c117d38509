#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a YAML stream node by node, as a recursive-descent decoder wants it, without
/// building a tree of the file.
///
/// - `nextNode()` returns the next node of the collection being read — its first event — or
///   nil at the collection's end. The reader either reads a collection's children the same
///   way, or `skip()`s the rest of it.
/// - Only an anchored node is recorded (in `recorded`), so that its aliases can be read
///   again; an alias is replayed from the record lazily, one level at a time, so skipping a
///   replayed node costs nothing and an alias bomb is never expanded.
/// - A mapping key that repeats an earlier key of its mapping is reported
///   (`duplicate-key`), and its pair is passed over: the first occurrence is the one used.
/// - Anything libyaml cannot read, nesting deeper than `YAMLParser.maximumDepth`, a bad
///   alias or a second document stops the cursor with a `syntax` issue: from then on every
///   collection reads as ended.
struct YAMLCursor: ~Copyable {
    enum Kind: Equatable {
        case scalar, mapping, sequence
    }

    /// A node's first event. A scalar's text is in `text` until the next call.
    struct Node {
        let kind: Kind
        /// A scalar's whole range; a collection's start (its end is `collectionEnd` once read).
        let range: SourceRange
        let isPlain: Bool
        /// Set for a node replayed from the record; `capture` returns it.
        fileprivate let recordedNode: Int32?
    }

    let file: FileID
    private var events: YAMLEventStream
    private let input: UnsafeBufferPointer<UInt8>
    /// For a file read as it is parsed, how to read its bytes whole for a stop's position
    /// (`input` is then empty); nil for an input held in memory.
    private let readAgain: (() -> [UInt8]?)?
    /// The text of the last scalar returned: a slice of storage the cursor reads from, whose
    /// indices start where the scalar lies in that storage, not at 0.
    private(set) var text: ArraySlice<UInt8> = []
    /// Where in the file `text` may be written as it reads (see `YAMLEventStream.next`); -1
    /// for nowhere known.
    private(set) var textOffset = -1
    /// Where the last collection read to its end ended.
    private(set) var collectionEnd = SourcePosition(line: 1, column: 1)
    private(set) var issues: [YAMLIssue] = []
    private(set) var failed = false

    private let textPositions: [SourcePosition]
    /// Those of the `textPositions` that lie inside a scalar.
    private(set) var positionsInsideScalars: Set<SourcePosition> = []

    private var builder = YAMLTreeBuilder()
    private var live: [LiveCollection] = []
    /// Recorded collections being replayed, innermost last; while there are any, nodes come
    /// from the record instead of from libyaml.
    private var replays: [Replay] = []
    private var pendingReplay: Int32?
    /// The last scalar read, when it was recorded.
    private var lastRecordedScalar: Int32?
    /// How many open live collections are recorded because `capture` asked for them.
    private var forcedRecording = 0

    private struct LiveCollection {
        /// Whether the collection is being recorded.
        var isRecorded: Bool
    }

    private struct Replay {
        let node: Int32
        var nextChild: Int
    }

    /// The anchored nodes met so far (and whatever `capture` recorded).
    var recorded: YAMLTree { builder.tree }

    /// Reads `bytes` with a cursor that `body` uses and that cannot outlive it.
    ///
    /// `textPositions` are places in the text that may lie inside a scalar (a `#` that looks
    /// like a suppression comment): `positionsInsideScalars` tells which do. `readsAhead`
    /// says whether libyaml reads on a thread of its own; by default, when the input is large.
    static func read<Result>(
        _ bytes: [UInt8], file: FileID, textPositions: [SourcePosition] = [], readsAhead: Bool? = nil,
        _ body: (consuming YAMLCursor) -> Result
    ) -> Result {
        // libyaml wants a non-null pointer, even for no input.
        let storage = bytes.isEmpty ? [0] : bytes
        return storage.withUnsafeBufferPointer { buffer in
            let input = UnsafeBufferPointer(rebasing: buffer[0..<bytes.count])
            let events = YAMLEventStream(input, source: storage, file: file, readsAhead: readsAhead)
            return body(
                YAMLCursor(
                    input, events: events, file: file, textPositions: textPositions.sorted(), readAgain: nil,
                    encoding: unsupportedEncoding(input)))
        }
    }

    /// Reads the open file `descriptor`, of `size` bytes, as libyaml asks for its bytes, with a
    /// cursor that `body` uses and that cannot outlive it; `readAgain` gives the file's bytes
    /// whole for a stop's position. Otherwise as `read`.
    static func stream<Result>(
        descriptor: Int32, size: Int, file: FileID, textPositions: [SourcePosition] = [], readsAhead: Bool? = nil,
        readAgain: @escaping () -> [UInt8]?, _ body: (consuming YAMLCursor) -> Result
    ) -> Result {
        // What the encoding is told by: the first bytes, read before libyaml reads any.
        var first = [UInt8](repeating: 0, count: 4)
        let count = first.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 4, 0) }
        first.removeSubrange(max(count, 0)...)
        let encoding = first.withUnsafeBufferPointer(unsupportedEncoding)
        let events = YAMLEventStream(descriptor: descriptor, size: size, file: file, readsAhead: readsAhead, readAgain: readAgain)
        return body(
            YAMLCursor(
                UnsafeBufferPointer(start: nil, count: 0), events: events, file: file, textPositions: textPositions.sorted(),
                readAgain: readAgain, encoding: encoding))
    }

    private init(
        _ input: UnsafeBufferPointer<UInt8>, events: consuming YAMLEventStream, file: FileID, textPositions: [SourcePosition],
        readAgain: (() -> [UInt8]?)?, encoding: String?
    ) {
        self.file = file
        self.textPositions = textPositions
        self.input = input
        self.readAgain = readAgain
        self.events = events
        if let encoding {
            fail("the file is encoded in \(encoding); route manifests must be UTF-8", at: .fileStart(file))
        }
    }

    /// Records that the file read was not one text from start to end: written to while it was
    /// read. What was read is then no file's text, and nothing of it is reported.
    mutating func failChangedWhileRead() {
        failed = false
        issues.removeAll()
        fail("the file changed while it was read: lint it again", at: .fileStart(file))
    }

    // MARK: - Reading

    /// The document's root node, or nil when the stream holds no document (an empty or
    /// comment-only file) or cannot be read.
    mutating func root() -> Node? {
        while let event = pull() {
            switch event.kind {
            case .streamStart, .documentStart: continue
            case .streamEnd: return nil
            default: return node(from: event)
            }
        }
        return nil
    }

    /// Reads what follows the root: the document's end, and anything after it, which is an
    /// error. Call once the root has been read.
    mutating func finish() {
        while let event = pull() {
            switch event.kind {
            case .streamEnd:
                return
            case .documentStart:
                fail(
                    "a manifest holds one YAML document; a second one starts here",
                    at: SourceRange(file: file, start: event.start, end: event.end))
                return
            default:
                continue
            }
        }
    }

    /// The next node of the collection being read, or nil at its end.
    mutating func nextNode() -> Node? {
        if let pending = pendingReplay {
            pendingReplay = nil
            return enterRecorded(pending)
        }
        if !replays.isEmpty { return nextReplayedNode() }
        while let event = pull() {
            switch event.kind {
            case .sequenceEnd, .mappingEnd:
                collectionEnd = event.end
                return nil
            case .scalar, .sequenceStart, .mappingStart, .alias:
                return node(from: event)
            case .streamStart, .streamEnd, .documentStart, .documentEnd:
                return nil
            }
        }
        return nil
    }

    /// Passes over the rest of the collection being read, up to and including its end.
    mutating func skip() {
        if let replay = replays.popLast() {
            collectionEnd = builder.tree.nodes[Int(replay.node)].end
            return
        }
        let depth = live.count
        while let event = pull() {
            if (event.kind == .sequenceEnd || event.kind == .mappingEnd) && live.count < depth {
                collectionEnd = event.end
                return
            }
        }
    }

    /// Passes over `node`: nothing for a scalar, the rest of a collection.
    mutating func skip(_ node: Node) {
        if node.kind != .scalar { skip() }
    }

    /// Records `node`, which `nextNode` or `root` just returned, reading the rest of it, and
    /// returns it as a recorded node that `replay` can read again.
    mutating func capture(_ node: Node) -> Int32 {
        if let recordedNode = node.recordedNode {
            skip(node)
            return recordedNode
        }
        if node.kind == .scalar {
            // An anchored scalar, or one inside a recorded collection, was recorded when read.
            if let recordedNode = lastRecordedScalar { return recordedNode }
            return builder.scalar(text, isPlain: node.isPlain, start: node.range.start, end: node.range.end, anchor: nil)
        }
        // `nextNode` has just read the collection's start; it is the innermost live one.
        if live[live.count - 1].isRecorded, let container = builder.innermostOpen {
            skip()
            return container
        }
        let container = builder.openContainer(node.kind == .mapping ? .mapping : .sequence, start: node.range.start, anchor: nil)
        live[live.count - 1].isRecorded = true
        forcedRecording += 1
        skip()
        forcedRecording -= 1
        return container
    }

    /// Makes the next `nextNode()` return the recorded node, and read its children from the
    /// record.
    mutating func replay(_ node: Int32) {
        pendingReplay = node
    }

    // MARK: - Replaying recorded nodes

    private mutating func nextReplayedNode() -> Node? {
        let top = replays.count - 1
        let node = replays[top].node
        let children = builder.tree.children(of: node)
        guard replays[top].nextChild < children.count else {
            replays.removeLast()
            collectionEnd = builder.tree.nodes[Int(node)].end
            return nil
        }
        let child = children[children.startIndex + replays[top].nextChild]
        replays[top].nextChild += 1
        return enterRecorded(child)
    }

    /// The recorded node as a `Node`; a collection's children are read from the record next.
    private mutating func enterRecorded(_ index: Int32) -> Node {
        let stored = builder.tree.nodes[Int(index)]
        let kind: Kind
        switch stored.kind {
        case .scalar:
            kind = .scalar
            text = builder.tree.scalarBytes(index) ?? []
            textOffset = -1
        case .mapping:
            kind = .mapping
            replays.append(Replay(node: index, nextChild: 0))
        case .sequence:
            kind = .sequence
            replays.append(Replay(node: index, nextChild: 0))
        }
        let range = SourceRange(file: file, start: stored.start, end: stored.end)
        return Node(kind: kind, range: range, isPlain: stored.style == .plain, recordedNode: index)
    }

    // MARK: - Live events

    /// Turns a node's first event into a `Node`, entering an alias's recorded node.
    private mutating func node(from event: YAMLEvent) -> Node? {
        let range = SourceRange(file: file, start: event.start, end: event.end)
        switch event.kind {
        case .scalar:
            return Node(kind: .scalar, range: range, isPlain: event.isPlain, recordedNode: nil)
        case .mappingStart:
            return Node(kind: .mapping, range: range, isPlain: false, recordedNode: nil)
        case .sequenceStart:
            return Node(kind: .sequence, range: range, isPlain: false, recordedNode: nil)
        case .alias:
            guard let name = events.anchorName(event.anchor), let target = builder.anchors[name] else { return nil }
            var entered = enterRecorded(target)
            // The alias stands where it is written: findings about it point there.
            if entered.kind == .scalar {
                entered = Node(kind: .scalar, range: range, isPlain: entered.isPlain, recordedNode: target)
            }
            return entered
        default:
            return nil
        }
    }

    /// The next live event, after the bookkeeping every event needs: depth, recording,
    /// aliases, repeated keys. Nil once the stream has ended or failed.
    private mutating func pull() -> YAMLEvent? {
        while let event = nextEvent() {
            switch event.kind {
            case .scalar, .sequenceStart, .mappingStart, .alias:
                if let earlier = event.earlierKey {
                    reportRepeatedKey(event, earlier: earlier)
                    continue
                }
                // Most events are scalars with no anchor, read while nothing is recorded:
                // there is nothing to record or count, and no call to make.
                if event.kind == .scalar && event.anchor < 0 && forcedRecording == 0 && !builder.isRecording {
                    lastRecordedScalar = nil
                    return event
                }
                return accept(event) ? event : nil
            case .sequenceEnd, .mappingEnd:
                if let closed = live.popLast(), closed.isRecorded { builder.closeContainer(end: event.end) }
                return event
            case .documentStart, .documentEnd, .streamStart, .streamEnd:
                return event
            }
        }
        return nil
    }

    /// Records and counts a node's first event; false when it stops the cursor.
    private mutating func accept(_ event: YAMLEvent) -> Bool {
        let isRecorded = builder.isRecording || event.hasAnchor && event.kind != .alias || forcedRecording > 0
        lastRecordedScalar = nil
        switch event.kind {
        case .scalar:
            if isRecorded {
                lastRecordedScalar = builder.scalar(
                    text, isPlain: event.isPlain, start: event.start, end: event.end, anchor: events.anchorName(event.anchor))
            }
        case .alias:
            let name = events.anchorName(event.anchor) ?? ""
            guard let target = builder.anchors[name] else {
                fail(
                    builder.isOpen(anchor: name)
                        ? "alias '*\(name)' refers to a node that contains it; recursive aliases are not supported"
                        : "alias '*\(name)' refers to no anchor defined before it",
                    at: SourceRange(file: file, start: event.start, end: event.end))
                return false
            }
            if builder.isRecording { builder.alias(target, start: event.start, end: event.end) }
        case .sequenceStart, .mappingStart:
            guard live.count < YAMLParser.maximumDepth else {
                fail(
                    "nesting is deeper than \(YAMLParser.maximumDepth) levels; routelint stops reading the file here",
                    at: SourceRange(file: file, start: event.start, end: event.end))
                return false
            }
            if isRecorded {
                builder.openContainer(
                    event.kind == .mappingStart ? .mapping : .sequence, start: event.start, anchor: events.anchorName(event.anchor))
            }
            live.append(LiveCollection(isRecorded: isRecorded))
        default:
            break
        }
        return true
    }

    /// Reports a key that repeats an earlier key of its mapping (found by `RepeatedKeyScan`
    /// as the events were read), and reads its value past unrecorded, so that nothing
    /// downstream sees the pair.
    private mutating func reportRepeatedKey(_ event: YAMLEvent, earlier: SourceRange) {
        let key: ArraySlice<UInt8>
        if event.kind == .alias, let name = events.anchorName(event.anchor) {
            key = builder.anchors[name].flatMap { builder.tree.scalarBytes($0) } ?? Array(name.utf8)[...]
        } else {
            key = text
        }
        let range = SourceRange(file: file, start: event.start, end: event.end)
        issues.append(YAMLIssue(kind: .duplicateKey(key: String(decoding: key, as: UTF8.self), earlier: earlier), range: range))
        skipUnrecordedValue()
    }

    private mutating func skipUnrecordedValue() {
        var depth = 0
        repeat {
            guard let event = nextEvent() else { return }
            switch event.kind {
            case .sequenceStart, .mappingStart:
                depth += 1
                guard live.count + depth <= YAMLParser.maximumDepth else {
                    fail(
                        "nesting is deeper than \(YAMLParser.maximumDepth) levels; routelint stops reading the file here",
                        at: SourceRange(file: file, start: event.start, end: event.end))
                    return
                }
            case .sequenceEnd, .mappingEnd: depth -= 1
            case .streamEnd, .documentEnd: return
            default: break
            }
        } while depth > 0
    }

    /// libyaml's next event, or nil (with the problem recorded) once it cannot go on.
    private mutating func nextEvent() -> YAMLEvent? {
        guard !failed else { return nil }
        guard let event = events.next(text: &text, textOffset: &textOffset) else {
            if let error = events.failure { stop(at: error) }
            return nil
        }
        if event.kind == .scalar && !textPositions.isEmpty { noteScalar(event) }
        return event
    }

    /// Records what libyaml could not read as the problem the cursor stopped at. Out of line:
    /// inlined, it made the read of every event too large to be inlined where events are pulled.
    @inline(never)
    private mutating func stop(at error: LibYAMLError) {
        let position =
            error.offset.map { offset in
                let bytes = readAgain.map { $0() ?? [] } ?? Array(input)
                return LineIndex(bytes).position(ofByte: offset)
            } ?? error.position
        fail(
            error.message, at: SourceRange(file: file, start: position, end: position),
            stopped: error.stopped.map { SourceRange(file: file, start: $0, end: $0) })
    }

    /// Records which `textPositions` the scalar covers: a binary search for the first one
    /// at or after its start.
    private mutating func noteScalar(_ event: YAMLEvent) {
        var low = 0
        var high = textPositions.count
        while low < high {
            let middle = (low + high) / 2
            if textPositions[middle] < event.start { low = middle + 1 } else { high = middle }
        }
        while low < textPositions.count && textPositions[low] < event.end {
            positionsInsideScalars.insert(textPositions[low])
            low += 1
        }
    }

    private mutating func fail(_ message: String, at range: SourceRange, stopped: SourceRange? = nil) {
        guard !failed else { return }
        failed = true
        issues.append(YAMLIssue(kind: .syntax(message: message), range: range, stopped: stopped))
    }

    /// libyaml reads UTF-16 too, but every other part of routelint (source lines, columns,
    /// suppression comments) reads UTF-8, so a byte-order mark of another encoding is refused.
    private static func unsupportedEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        return nil
    }
}
