#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the mapping keys that repeat an earlier key of their mapping, as the events are read,
/// so that the thread reading ahead does it beside libyaml rather than the decoder.
///
/// It sees every event in the order the cursor does, keeping its own account of the open
/// collections and of the anchored scalars an alias key may name. A repeated key is marked
/// with its mapping's earlier key, and its value is passed over unchecked: the cursor reports
/// the pair and skips it, so nothing in it is recorded or checked. Anchors on the pair are not
/// kept either, as the cursor does not record them.
struct RepeatedKeyScan {
    /// An open collection: whether it is a mapping, and how many nodes it holds so far (a
    /// mapping's keys and values alike, so that an even count means a key comes next).
    private struct OpenCollection {
        let isMapping: Bool
        var childCount = 0
    }

    private let file: FileID
    /// The input the events are read from, which holds the texts read in place.
    private let input: UnsafeBufferPointer<UInt8>
    /// The innermost open collection — outside any, the document, counted as a sequence —,
    /// kept apart from the ones around it: every event reads or counts in it, and a stored
    /// value does so without an array's uniqueness check.
    private var innermost = OpenCollection(isMapping: false)
    /// The collections around the innermost, outermost first.
    private var enclosing: [OpenCollection] = []
    private var keys: OpenMappingKeys
    /// The text of each anchored scalar by anchor; a collection's anchor has none.
    private var scalarAnchors: [String: [UInt8]] = [:]
    /// Whether the next node is the value of a repeated key.
    private var skipsNextNode = false
    /// How deep in the value of a repeated key the events are; 0 outside one.
    private var skippedDepth = 0

    /// The scan of the events of `input`, the text of `file`, which must outlive it; `source`
    /// is the array that holds it.
    init(file: FileID, input: UnsafeBufferPointer<UInt8>, source: [UInt8]) {
        self.file = file
        self.input = input
        keys = OpenMappingKeys(source: source)
    }

    /// Marks the repeated keys among the events of `batch` from `first` on.
    mutating func scan(_ batch: inout YAMLEventBatch, from first: Int) {
        // The texts are read in place: a slice of the batch's text per key retained and
        // released its storage, which cost the scan a third of its time.
        let text = batch.text
        text.withUnsafeBufferPointer { text in
            for index in first..<batch.events.count {
                if let earlier = check(batch.events[index], text: text, anchors: batch.anchors) {
                    batch.events[index].repeatedKey = Int32(batch.earlierKeys.count)
                    batch.earlierKeys.append(earlier)
                }
            }
        }
    }

    /// The earlier key `event` repeats, if it is a key that repeats one.
    private mutating func check(_ event: YAMLEventBatch.Event, text: UnsafeBufferPointer<UInt8>, anchors: [String]) -> SourceRange? {
        if skipsNextNode || skippedDepth > 0 {
            skipsNextNode = false
            switch event.kind {
            case .sequenceStart, .mappingStart: skippedDepth += 1
            case .sequenceEnd, .mappingEnd: skippedDepth -= 1
            default: break
            }
            return nil
        }
        switch event.kind {
        case .scalar, .alias, .sequenceStart, .mappingStart:
            if innermost.isMapping && innermost.childCount % 2 == 0 {
                if let earlier = addKey(event, text: text, anchors: anchors) {
                    innermost.childCount += 2
                    skipsNextNode = true
                    return earlier
                }
            }
            innermost.childCount += 1
            if event.anchor >= 0 && event.kind != .alias {
                scalarAnchors[anchors[Int(event.anchor)]] =
                    event.kind == .scalar ? Array((event.isTextInInput ? input : text)[event.textStart..<event.textEnd]) : nil
            }
            if event.kind == .sequenceStart || event.kind == .mappingStart {
                enclosing.append(innermost)
                innermost = OpenCollection(isMapping: event.kind == .mappingStart)
                if event.kind == .mappingStart { keys.open() }
            }
        case .sequenceEnd, .mappingEnd:
            if innermost.isMapping { keys.close() }
            innermost = enclosing.popLast() ?? OpenCollection(isMapping: false)
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            break
        }
        return nil
    }

    /// Adds the key `event` is to the innermost mapping — a scalar's text, or that of the
    /// anchored scalar an alias names — and returns the earlier key it repeats, if it does.
    private mutating func addKey(_ event: YAMLEventBatch.Event, text: UnsafeBufferPointer<UInt8>, anchors: [String])
        -> SourceRange?
    {
        let range = SourceRange(file: file, start: event.start, end: event.end)
        switch event.kind {
        case .scalar:
            let source = event.isTextInInput ? input : text
            return keys.insert(
                UnsafeBufferPointer(rebasing: source[event.textStart..<event.textEnd]), foundAt: event.isTextInInput ? event.textStart : -1,
                at: range)
        case .alias:
            guard event.anchor >= 0, let bytes = scalarAnchors[anchors[Int(event.anchor)]] else { return nil }
            return bytes.withUnsafeBufferPointer { keys.insert($0, foundAt: -1, at: range) }
        default: return nil
        }
    }
}

/// The scalar keys of the open mappings, to find one that repeats, innermost mapping last.
/// A key of up to eight bytes — nearly every key of a manifest — is packed into a word and
/// compared as a number; longer keys live end to end in one byte array, so a key costs no
/// allocation. A mapping with many keys (a section of a large route set) is indexed by a
/// symbol table instead of searched.
private struct OpenMappingKeys {
    private struct Key {
        /// Where a key of more than eight bytes is in `bytes`; for a shorter one, where it
        /// would be.
        let start: Int
        let count: Int
        /// A key of up to eight bytes, packed (the rest zero); 0 for a longer one.
        let word: UInt64
        /// Where the input holds the key, or -1.
        let foundAt: Int
        let range: SourceRange
    }

    private struct Mapping {
        let firstKey: Int
        let firstByte: Int
        /// Where in `indexes` the mapping's index is, once it has one.
        var index: Int?
    }

    /// A mapping's keys once there are too many to search: their table, and where each was.
    /// The table points to the keys where the input holds them: copied, the keys of a large
    /// set's `routes` took megabytes that the reading held until its end, its peak.
    private struct Index {
        var keys: SymbolTable
        var ranges: [SourceRange] = []
    }

    /// The input's bytes, which the index's tables read their keys in.
    private let source: [UInt8]

    private static let searchLimit = 16
    private var bytes: [UInt8] = []
    private var keys: [Key] = []
    private var mappings: [Mapping] = []
    private var indexes: [Index] = []

    init(source: [UInt8]) {
        self.source = source
    }

    mutating func open() {
        mappings.append(Mapping(firstKey: keys.count, firstByte: bytes.count))
    }

    mutating func close() {
        guard let mapping = mappings.popLast() else { return }
        if mapping.index != nil { indexes.removeLast() }
        // `removeLast(_:)` rather than `removeSubrange`, whose general replacement cost a
        // mapping's close 200 instructions.
        keys.removeLast(keys.count - mapping.firstKey)
        bytes.removeLast(bytes.count - mapping.firstByte)
    }

    /// Adds `key` to the innermost mapping; returns where it occurred before, if it did.
    /// `foundAt` is where the input holds the key (-1: nowhere known).
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, foundAt: Int, at range: SourceRange) -> SourceRange? {
        let mapping = mappings[mappings.count - 1]
        if let index = mapping.index {
            let before = indexes[index].keys.count
            let symbol = indexes[index].keys.intern(UnsafeRawBufferPointer(key), foundAt: foundAt)
            if indexes[index].keys.count == before { return indexes[index].ranges[Int(symbol.index)] }
            indexes[index].ranges.append(range)
            return nil
        }
        // Packed, a key is compared as a number, and not stored: copying every key into `bytes`
        // cost the reading thread a tenth of its work beside libyaml.
        var word: UInt64 = 0
        if key.count <= 8 { withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(key)) } }
        let repeated = bytes.withUnsafeBufferPointer { bytes -> SourceRange? in
            for position in mapping.firstKey..<keys.count where keys[position].count == key.count {
                let earlier = keys[position]
                let isSame =
                    key.count <= 8
                    ? earlier.word == word : memcmp(bytes.baseAddress! + earlier.start, key.baseAddress!, key.count) == 0
                if isSame { return earlier.range }
            }
            return nil
        }
        if let repeated { return repeated }
        let start = bytes.count
        if key.count > 8 { bytes.append(contentsOf: key) }
        keys.append(Key(start: start, count: key.count, word: word, foundAt: foundAt, range: range))
        if keys.count - mapping.firstKey > Self.searchLimit { index(mappings.count - 1) }
        return nil
    }

    private mutating func index(_ current: Int) {
        var index = Index(keys: SymbolTable(source: source))
        for key in keys[mappings[current].firstKey...] {
            if key.count > 8 {
                index.keys.intern(bytes[key.start..<key.start + key.count], foundAt: key.foundAt)
            } else {
                _ = withUnsafeBytes(of: key.word) {
                    index.keys.intern(UnsafeRawBufferPointer(rebasing: $0.prefix(key.count)), foundAt: key.foundAt)
                }
            }
            index.ranges.append(key.range)
        }
        mappings[current].index = indexes.count
        indexes.append(index)
        keys.removeSubrange(mappings[current].firstKey...)
        bytes.removeSubrange(mappings[current].firstByte...)
    }
}
