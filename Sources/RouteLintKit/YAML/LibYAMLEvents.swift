internal import CYAML

/// One event of libyaml's stream, in routelint's own terms. A scalar's text is not part of
/// the event: `LibYAMLEvents.next` copies it into a buffer the caller reuses.
struct YAMLEvent {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd, alias
    }

    var kind: Kind
    var start: SourcePosition
    var end: SourcePosition
    /// The anchor a scalar or collection defines, or the anchor an alias names.
    var anchor: String?
    /// Whether a scalar is plain and untagged, so that the core schema resolves it; a quoted,
    /// block or `!!str` scalar is always a string.
    var isPlain: Bool
}

/// libyaml's parser over a buffer of bytes, pulled one event at a time. The only code that
/// talks to libyaml. Marks become 1-based positions here, once; every event is freed before
/// the next is read.
struct LibYAMLEvents: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let isReady: Bool

    /// Reads `input`, which must outlive this value and, even when empty, have a base
    /// address: libyaml wants a non-null pointer.
    init(_ input: UnsafeBufferPointer<UInt8>) {
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        isReady = yaml_parser_initialize(parser) == 1
        if isReady, let base = input.baseAddress {
            yaml_parser_set_input_string(parser, base, input.count)
        }
    }

    deinit {
        if isReady { yaml_parser_delete(parser) }
        parser.deallocate()
    }

    /// The next event, with a scalar's text in `text`; or the problem that stopped libyaml.
    mutating func next(text: inout [UInt8]) -> Result<YAMLEvent, LibYAMLError> {
        guard isReady else {
            return .failure(
                LibYAMLError(message: "libyaml could not allocate a parser", offset: nil, position: SourcePosition(line: 1, column: 1)))
        }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { return .failure(error()) }
        defer { yaml_event_delete(&event) }
        var result = YAMLEvent(
            kind: .streamEnd, start: Self.position(event.start_mark), end: Self.position(event.end_mark),
            anchor: nil, isPlain: false)
        switch event.type {
        case YAML_STREAM_START_EVENT: result.kind = .streamStart
        case YAML_STREAM_END_EVENT: result.kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: result.kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: result.kind = .documentEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            result.kind = .scalar
            result.anchor = Self.string(scalar.anchor)
            result.isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && !Self.isStringTag(scalar.tag)
            text.removeAll(keepingCapacity: true)
            if let value = scalar.value { text.append(contentsOf: UnsafeBufferPointer(start: value, count: scalar.length)) }
        case YAML_SEQUENCE_START_EVENT:
            result.kind = .sequenceStart
            result.anchor = Self.string(event.data.sequence_start.anchor)
        case YAML_SEQUENCE_END_EVENT: result.kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            result.kind = .mappingStart
            result.anchor = Self.string(event.data.mapping_start.anchor)
        case YAML_MAPPING_END_EVENT: result.kind = .mappingEnd
        case YAML_ALIAS_EVENT:
            result.kind = .alias
            result.anchor = Self.string(event.data.alias.anchor)
        default:
            // YAML_NO_EVENT: libyaml reports it only after an error, which is handled above.
            result.kind = .streamEnd
        }
        return .success(result)
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
        var message = problem
        if let context = state.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(state.context_mark.line + 1), column \(state.context_mark.column + 1))"
        }
        return LibYAMLError(message: message, offset: nil, position: Self.position(state.problem_mark))
    }

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

/// Why libyaml stopped: its own words, and where (a byte offset for an encoding problem,
/// which only the file's line index can turn into a position).
struct LibYAMLError: Error {
    let message: String
    let offset: Int?
    let position: SourcePosition
}
