#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

internal import CYAML

/// One event of libyaml's stream, in routelint's own terms. A scalar's text is not part of
/// the event: the stream copies it into a buffer the caller reuses.
struct YAMLEvent {
    enum Kind: UInt8 {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd, alias
    }

    var kind: Kind
    var start: SourcePosition
    var end: SourcePosition
    /// The anchor a scalar or collection defines, or the anchor an alias names: an index of the
    /// current batch's anchors (`YAMLEventStream.anchorName`), -1 for none. A number, not the
    /// name, so that an event is a plain value, copied and dropped at no cost.
    var anchor: Int32
    /// Whether the event has an anchor.
    var hasAnchor: Bool { anchor >= 0 }
    /// Whether a scalar is plain and untagged, so that the core schema resolves it; a quoted,
    /// block or `!!str` scalar is always a string.
    var isPlain: Bool
    /// For a mapping key that repeats an earlier key of its mapping, that key.
    var earlierKey: SourceRange? = nil
}

/// A run of libyaml's events, as `LibYAMLEvents.fill` reads them: plain values with no
/// reference to count, the scalars' texts end to end in one arena, and the few anchors apart.
/// A batch is what crosses from the thread that reads ahead to the decoder.
struct YAMLEventBatch: Sendable {
    /// One event, its text a range of `text` (or of the input), its anchor an index of
    /// `anchors` and the key it repeats an index of `earlierKeys` (each -1 for none).
    struct Event {
        var kind: YAMLEvent.Kind
        var isPlain: Bool
        /// Whether `textStart..<textEnd` are bytes of the input rather than of the batch's
        /// `text`: a scalar written in the input as it reads, checked byte for byte, is not
        /// copied (most are — copying every scalar was a tenth of the reading thread's work).
        var isTextInInput = false
        var anchor: Int32
        var repeatedKey: Int32
        var start: SourcePosition
        var end: SourcePosition
        var textStart: Int
        var textEnd: Int
        /// For a plain or quoted scalar, the byte of the input where its text starts if it is
        /// written there as it reads (no escape, no folded line): a guess the symbol table
        /// checks byte for byte. -1 for none.
        var textOffset = -1
    }

    var events: [Event] = []
    /// The scalars' texts end to end, in its first `textCount` bytes; the rest is room for
    /// more, already initialized, so that a text is written with one copy (appended, each cost
    /// some seventy instructions beside the copy).
    var text: [UInt8] = []
    private(set) var textCount = 0
    var anchors: [String] = []
    /// The earlier keys that keys of this batch repeat (see `RepeatedKeyScan`).
    var earlierKeys: [SourceRange] = []
    /// Why libyaml stopped after the last event, when it did.
    var failure: LibYAMLError?
    /// Whether the stream ends with this batch: its end was read, or libyaml failed.
    var isLast = false

    /// An empty batch.
    init() {}

    /// An empty batch with room for `eventCount` events and their texts (eight bytes an event,
    /// more than names and paths take on average): a batch the reading thread fills to its
    /// limit, which grew its arrays a dozen times each, copying what they held every time.
    init(reservingEvents eventCount: Int) {
        events.reserveCapacity(eventCount)
        text = Array(repeating: 0, count: eventCount * 8)
    }

    /// Writes `value` after the texts, making room in steps of 64 KB.
    mutating func appendText(_ value: UnsafeBufferPointer<UInt8>) {
        let start = textCount
        let end = start + value.count
        if end > text.count { text.append(contentsOf: repeatElement(0, count: Swift.max(end - text.count, 1 << 16))) }
        if let source = value.baseAddress {
            text.withUnsafeMutableBytes { ($0.baseAddress! + start).copyMemory(from: source, byteCount: value.count) }
        }
        textCount = end
    }

    /// Empties the batch for reuse, keeping its storage.
    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        textCount = 0
        anchors.removeAll(keepingCapacity: true)
        earlierKeys.removeAll(keepingCapacity: true)
        failure = nil
        isLast = false
    }
}

/// libyaml's parser over a buffer of bytes, pulled one event at a time. The only code that
/// talks to libyaml. Marks become 1-based positions here, once; every event is freed before
/// the next is read.
struct LibYAMLEvents: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// Where libyaml writes each event. `yaml_parser_parse` clears it itself, so it is
    /// allocated once rather than a zeroed value made for every event.
    private let event: UnsafeMutablePointer<yaml_event_t>
    private let isReady: Bool
    /// The bytes read, to say what libyaml stopped at.
    private let input: UnsafeBufferPointer<UInt8>
    /// The last mark turned into a byte offset: libyaml's index (code points after a
    /// byte-order mark), and the byte it is at.
    private var markedIndex = 0
    private var markedByte = 0
    /// Whether every byte of the input is ASCII (most manifests): a mark's index is then its
    /// byte offset, after a byte-order mark. Found at the first mark asked for, on the thread
    /// that reads ahead, not before reading starts.
    private var isASCII: Bool?
    /// For a file read as it is parsed (`init(descriptor:readAgain:)`), how to read its bytes
    /// whole, for a stop's message; nil for an input held in memory.
    private let readAgain: (() -> [UInt8]?)?

    /// Reads `input`, which must outlive this value and, even when empty, have a base
    /// address: libyaml wants a non-null pointer.
    init(_ input: UnsafeBufferPointer<UInt8>) {
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        self.input = input
        readAgain = nil
        isReady = yaml_parser_initialize(parser) == 1
        if isReady, let base = input.baseAddress {
            yaml_parser_set_input_string(parser, base, input.count)
        }
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { markedByte = 3 }
    }

    /// Reads the open file `descriptor` from where it is, as libyaml asks for more, holding
    /// none of it beyond libyaml's own buffer; no scalar's text is then read in place.
    /// `readAgain` gives the file's bytes whole, for the message of a stop that needs them.
    init(descriptor: Int32, readAgain: @escaping () -> [UInt8]?) {
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        input = UnsafeBufferPointer(start: nil, count: 0)
        self.readAgain = readAgain
        isReady = yaml_parser_initialize(parser) == 1
        if isReady {
            yaml_parser_set_input(parser, readFromDescriptor, UnsafeMutableRawPointer(bitPattern: Int(descriptor)))
        }
    }

    /// Whether no byte of `bytes` has its top bit set, read thirty-two at a time, then eight.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        var seen: UInt64 = 0
        while offset + 32 <= bytes.count {
            seen |=
                bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                | bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
                | bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
                | bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
            offset += 32
        }
        while offset + 8 <= bytes.count {
            seen |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            seen |= UInt64(bytes[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    deinit {
        if isReady { yaml_parser_delete(parser) }
        parser.deallocate()
        event.deallocate()
    }

    /// Appends events to `batch` until it holds `eventLimit` of them or `textLimit` bytes of
    /// text, or the stream ends, or libyaml fails (`batch.failure`); the last two make it the
    /// stream's last batch.
    mutating func fill(_ batch: inout YAMLEventBatch, eventLimit: Int, textLimit: Int) {
        guard isReady else {
            batch.failure = LibYAMLError(
                message: "libyaml could not allocate a parser", offset: nil, position: SourcePosition(line: 1, column: 1))
            batch.isLast = true
            return
        }
        while batch.events.count < eventLimit && batch.textCount < textLimit {
            guard yaml_parser_parse(parser, event) == 1 else {
                batch.failure = error()
                batch.isLast = true
                return
            }
            defer { yaml_event_delete(event) }
            let event = event.pointee
            var stored = YAMLEventBatch.Event(
                kind: .streamEnd, isPlain: false, anchor: -1, repeatedKey: -1, start: Self.position(event.start_mark),
                end: Self.position(event.end_mark),
                textStart: 0, textEnd: 0)
            var anchor: UnsafeMutablePointer<yaml_char_t>?
            switch event.type {
            case YAML_STREAM_START_EVENT: stored.kind = .streamStart
            case YAML_STREAM_END_EVENT: stored.kind = .streamEnd
            case YAML_DOCUMENT_START_EVENT: stored.kind = .documentStart
            case YAML_DOCUMENT_END_EVENT: stored.kind = .documentEnd
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                stored.kind = .scalar
                anchor = scalar.anchor
                stored.isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && !Self.isStringTag(scalar.tag)
                let value = UnsafeBufferPointer(start: scalar.value, count: scalar.value == nil ? 0 : scalar.length)
                let isQuoted = scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE || scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                if readAgain == nil, scalar.style == YAML_PLAIN_SCALAR_STYLE || isQuoted,
                    let start = byteOffset(ofIndex: Int(event.start_mark.index))
                {
                    stored.textOffset = start + (isQuoted ? 1 : 0)
                }
                if stored.textOffset >= 0 && Self.holds(input, value, at: stored.textOffset) {
                    stored.isTextInInput = true
                    stored.textStart = stored.textOffset
                    stored.textEnd = stored.textOffset + value.count
                } else {
                    stored.textStart = batch.textCount
                    batch.appendText(value)
                    stored.textEnd = batch.textCount
                }
            case YAML_SEQUENCE_START_EVENT:
                stored.kind = .sequenceStart
                anchor = event.data.sequence_start.anchor
            case YAML_SEQUENCE_END_EVENT: stored.kind = .sequenceEnd
            case YAML_MAPPING_START_EVENT:
                stored.kind = .mappingStart
                anchor = event.data.mapping_start.anchor
            case YAML_MAPPING_END_EVENT: stored.kind = .mappingEnd
            case YAML_ALIAS_EVENT:
                stored.kind = .alias
                anchor = event.data.alias.anchor
            default:
                // YAML_NO_EVENT: libyaml reports it only after the stream's end or an error,
                // which is handled above.
                stored.kind = .streamEnd
            }
            if let name = Self.string(anchor) {
                stored.anchor = Int32(batch.anchors.count)
                batch.anchors.append(name)
            }
            batch.events.append(stored)
            if stored.kind == .streamEnd {
                batch.isLast = true
                return
            }
        }
    }

    /// Whether `input` holds `value` at byte `offset`.
    private static func holds(_ input: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + value.count <= input.count else { return false }
        return value.isEmpty || memcmp(input.baseAddress! + offset, value.baseAddress!, value.count) == 0
    }

    /// The byte at which libyaml's mark index `index` is: in an ASCII input the index itself
    /// (after a byte-order mark); else stepped to from the last one found — scalars come in the
    /// order of the text, so the input is stepped over once in all, eight ASCII bytes at a time.
    /// Nil behind the last one found, or past the input.
    ///
    /// The ASCII case is the one inlined into `fill`: called, it cost every scalar some fifty
    /// instructions.
    @inline(__always)
    private mutating func byteOffset(ofIndex index: Int) -> Int? {
        if isASCII == true { return markedByte + index }
        return steppedByteOffset(ofIndex: index)
    }

    @inline(never)
    private mutating func steppedByteOffset(ofIndex index: Int) -> Int? {
        if isASCII == nil {
            isASCII = Self.isASCII(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[markedByte...])))
            if isASCII == true { return markedByte + index }
        }
        guard index >= markedIndex, let base = input.baseAddress else { return nil }
        var (at, byte) = (markedIndex, markedByte)
        while at < index && byte < input.count {
            if index - at >= 8 && byte + 8 <= input.count {
                let word = UnsafeRawPointer(base + byte).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    (at, byte) = (at + 8, byte + 8)
                    continue
                }
            }
            // One code point: its first byte and the continuation bytes after it.
            byte += 1
            while byte < input.count && input[byte] & 0xC0 == 0x80 { byte += 1 }
            at += 1
        }
        guard at == index, byte <= input.count else { return nil }
        (markedIndex, markedByte) = (at, byte)
        return byte
    }

    private func error() -> LibYAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "libyaml could not parse the file"
        if state.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a mark.
            let detail =
                problem.contains("octet")
                ? " (byte 0x\(Self.hex(state.problem_value, digits: 2)))"
                : state.problem_value >= 0 ? " (U+\(Self.hex(state.problem_value, digits: 4)))" : ""
            return LibYAMLError(message: problem + detail, offset: Int(state.problem_offset), position: SourcePosition(line: 1, column: 1))
        }
        guard let context = state.context.map({ String(cString: $0) }) else {
            return LibYAMLError(message: problem, offset: nil, position: Self.position(state.problem_mark))
        }
        // libyaml notices an unclosed `[`, `{` or quote only where the file goes on without its
        // end, often lines later: the finding points at the opening, and says where it stopped.
        if let opened = Self.unclosed[context] {
            return LibYAMLError(
                message: "\(opened) opened here is not closed: \(problem)", offset: nil, position: Self.position(state.context_mark),
                stopped: Self.position(state.problem_mark))
        }
        // A tab where a token should start is nearly always indentation, which libyaml names
        // only as a character that cannot start a token.
        let index = Int(state.problem_mark.index)
        let byte =
            if let readAgain { readAgain()?.withUnsafeBufferPointer { Self.byte(atIndex: index, in: $0) } } else {
                Self.byte(atIndex: index, in: input)
            }
        let isTab = byte == UInt8(ascii: "\t")
        let what = isTab ? problem + ": a tab, and YAML indents with spaces only" : problem
        let message = what + " (\(context) at line \(state.context_mark.line + 1), column \(state.context_mark.column + 1))"
        return LibYAMLError(message: message, offset: nil, position: Self.position(state.problem_mark))
    }

    /// The byte at libyaml's mark index `index` — code points, not bytes, after a byte-order
    /// mark —, stepped to from the input's start: only a stop's message asks, once a file.
    private static func byte(atIndex index: Int, in input: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var (at, byte) = (0, input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        while at < index && byte < input.count {
            byte += 1
            while byte < input.count && input[byte] & 0xC0 == 0x80 { byte += 1 }
            at += 1
        }
        return at == index && byte < input.count ? input[byte] : nil
    }

    /// The constructs libyaml names in an error's context whose opening is its context's mark.
    private static let unclosed = [
        "while parsing a flow sequence": "'['", "while parsing a flow mapping": "'{'",
        "while scanning a quoted scalar": "the quoted string",
    ]

    private static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        guard let text = string(tag) else { return false }
        return text == "tag:yaml.org,2002:str" || text == "!"
    }

    private static func hex(_ value: Int32, digits: Int) -> String {
        String(UInt32(bitPattern: value), radix: 16, uppercase: true).leftPadded(to: digits)
    }
}

/// libyaml's read handler over a file descriptor, passed as the handler's data: 1 with the
/// count `read` gave (0 at the file's end), or 0 when `read` fails, which libyaml reports as
/// an input error.
private func readFromDescriptor(
    _ data: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int, _ sizeRead: UnsafeMutablePointer<Int>?
) -> Int32 {
    let descriptor = Int32(truncatingIfNeeded: Int(bitPattern: data))
    while true {
        let count = read(descriptor, buffer, size)
        if count < 0 && errno == EINTR { continue }
        guard count >= 0, let sizeRead else { return 0 }
        sizeRead.pointee = count
        return 1
    }
}

/// Why libyaml stopped: its own words, and where (a byte offset for an encoding problem,
/// which only the file's line index can turn into a position).
struct LibYAMLError: Error {
    let message: String
    let offset: Int?
    let position: SourcePosition
    /// Where libyaml stopped, when `position` is the opening of what it could not finish.
    var stopped: SourcePosition?
}
