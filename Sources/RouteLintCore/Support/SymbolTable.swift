#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A name or text of a manifest, interned: every occurrence of one text has one symbol, so
/// rules compare and hash integers, and the text is materialised only for a message.
package struct Symbol: Hashable, Comparable, Sendable {
    /// The symbol's number in its table.
    package let index: UInt32

    init(index: UInt32) { self.index = index }

    package static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.index < rhs.index }
}

/// The texts of a lint run, each stored once, numbered in the order they were first seen.
///
/// A text is where the file the table was made for holds it, byte for byte (most names: a
/// route's id, a path as written), or else copied end to end in one byte array of the table's
/// own; texts are found through an open-addressing table of (hash, symbol) slots: interning a
/// name costs one hash and, on a hit, one comparison, with no allocation per name. A slot holds
/// the hash, so a probe that does not match reads one cache line, which is what keeps a table
/// of millions of names fast. The hash is seeded per process, so names crafted to collide
/// cannot make a hostile manifest's interning quadratic.
package struct SymbolTable: Sendable {
    /// The file's bytes, which the run holds anyway (for the findings' excerpts): the texts
    /// found there are not copied, which was a tenth of a large file's peak memory.
    private var source: [UInt8] = []
    /// The copied texts, end to end, in the first `storageCount` bytes; the rest is room for
    /// more, already initialized, so that a text is written with one copy: a file read as it
    /// is parsed has every name copied, and appended each cost some eighty instructions.
    private var storage: [UInt8] = []
    private var storageCount = 0
    /// Where each symbol's text is: a range of `source`, or of `storage`.
    private var spans: [Span] = []
    /// Each slot: the symbol's hash and its number + 1, 0 marking an empty slot. A power of
    /// two in size, at most three quarters full: a probe that passes a slot compares its hash,
    /// not its text, so a fuller table costs little time, and at 100,000 routes the slots
    /// were the largest part of the table.
    private var slots: [Slot] = Array(repeating: Slot(hash: 0, symbolPlusOne: 0), count: 64)

    private struct Slot {
        var hash: UInt32
        var symbolPlusOne: UInt32
    }

    /// A text's bytes: `start..<end` of `storage`, or of `source` when `start` has its top bit
    /// set (the bit cleared): both lie below 2 GB.
    private struct Span {
        var start: UInt32
        var end: UInt32

        static let inSource: UInt32 = 1 << 31
        var isInSource: Bool { start & Self.inSource != 0 }
        var range: Range<Int> { Int(start & ~Self.inSource)..<Int(end) }
    }

    private static let seed = UInt64.random(in: .min ... .max)

    /// An empty table.
    package init() {}

    /// How many symbols there are; symbol numbers run from 0 to `count - 1`.
    package var count: Int { spans.count }

    /// How many bytes of texts the table holds itself; the others are read in its file.
    package var copiedTextBytes: Int { storageCount }

    /// A table for the texts of the file whose bytes are `source`: `intern(_:foundAt:)` points
    /// to a text there instead of copying it.
    package init(source: [UInt8]) {
        self.source = source
    }

    /// A table for the texts of a file of `size` bytes that it copies as they are met (a file
    /// read as it is parsed): room for as many bytes of text is reserved, not written, so that
    /// the copies never move as the table grows — moved, a large file's names were written
    /// twice over into fresh pages, a third more page faults for the whole lint.
    package init(copyingTextsOfFileOfSize size: Int) {
        storage.reserveCapacity(size)
    }

    /// The text of `symbol`.
    package func text(_ symbol: Symbol) -> String {
        String(decoding: bytes(symbol), as: UTF8.self)
    }

    /// The UTF-8 bytes of `symbol`.
    package func bytes(_ symbol: Symbol) -> ArraySlice<UInt8> {
        let span = spans[Int(symbol.index)]
        return span.isInSource ? source[span.range] : storage[span.range]
    }

    /// The symbol of `text`, adding it when it is new.
    @discardableResult
    package mutating func intern(_ text: String) -> Symbol {
        var text = text
        return text.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    /// The symbol of the text in `bytes`, adding it when it is new. The table's file may hold
    /// the text at byte `offset` (a negative one: nowhere known): a new text that is there, byte
    /// for byte, is not copied.
    @discardableResult
    package mutating func intern(_ bytes: ArraySlice<UInt8>, foundAt offset: Int = -1) -> Symbol {
        bytes.withUnsafeBytes { intern($0, foundAt: offset) }
    }

    /// The symbol of `text` if it has one, without adding it.
    package func lookup(_ text: String) -> Symbol? {
        var text = text
        return text.withUTF8 { lookup(UnsafeRawBufferPointer($0)) }
    }

    /// The symbol of `bytes`, when the table holds it.
    package func lookup(_ bytes: ArraySlice<UInt8>) -> Symbol? {
        bytes.withUnsafeBytes { lookup($0) }
    }

    mutating func intern(_ bytes: UnsafeRawBufferPointer, foundAt offset: Int = -1) -> Symbol {
        let hash = Self.hash(bytes)
        switch find(bytes, hash: hash) {
        case .found(let symbol):
            return symbol
        case .vacant(let slot):
            let symbol = Symbol(index: UInt32(spans.count))
            if sourceHolds(bytes, at: offset) {
                spans.append(Span(start: UInt32(offset) | Span.inSource, end: UInt32(offset + bytes.count)))
            } else {
                // Files are read up to 1 GB each: 2 GB of distinct names copied is past any
                // run's memory, and a wrong text is worse than a stop.
                precondition(storageCount + bytes.count < Int(Span.inSource), "over 2 GB of distinct names")
                let start = storageCount
                storageCount += bytes.count
                // Room made in steps of 4 KB: what is made is written, and so resident.
                if storageCount > storage.count {
                    storage.append(contentsOf: repeatElement(0, count: Swift.max(storageCount - storage.count, 4096)))
                }
                if let text = bytes.baseAddress {
                    storage.withUnsafeMutableBytes { ($0.baseAddress! + start).copyMemory(from: text, byteCount: bytes.count) }
                }
                spans.append(Span(start: UInt32(start), end: UInt32(storageCount)))
            }
            slots[slot] = Slot(hash: hash, symbolPlusOne: symbol.index + 1)
            if spans.count * 4 > slots.count * 3 { grow() }
            return symbol
        }
    }

    /// Whether the file holds `bytes` at `offset`: checked here, byte for byte, so that no
    /// caller's reckoning of an offset can make a symbol's text other than its own.
    private func sourceHolds(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard offset >= 0, offset + bytes.count <= source.count, offset + bytes.count < Int(Span.inSource) else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return source.withUnsafeBytes { memcmp($0.baseAddress! + offset, base, bytes.count) == 0 }
    }

    func lookup(_ bytes: UnsafeRawBufferPointer) -> Symbol? {
        if case .found(let symbol) = find(bytes, hash: Self.hash(bytes)) { return symbol }
        return nil
    }

    private enum Probe {
        case found(Symbol)
        case vacant(slot: Int)
    }

    private func find(_ bytes: UnsafeRawBufferPointer, hash: UInt32) -> Probe {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].symbolPlusOne != 0 {
            if slots[slot].hash == hash {
                let candidate = Symbol(index: slots[slot].symbolPlusOne - 1)
                if equals(candidate, bytes) { return .found(candidate) }
            }
            slot = (slot + 1) & mask
        }
        return .vacant(slot: slot)
    }

    /// Adds every symbol of `other`, and returns the symbol each of its symbols has here:
    /// how the model of one file joins the run's table.
    package mutating func merge(_ other: SymbolTable) -> [Symbol] {
        var mapping: [Symbol] = []
        mapping.reserveCapacity(other.count)
        other.source.withUnsafeBytes { source in
            other.storage.withUnsafeBytes { storage in
                for span in other.spans {
                    let texts = span.isInSource ? source : storage
                    mapping.append(intern(UnsafeRawBufferPointer(rebasing: texts[span.range])))
                }
            }
        }
        return mapping
    }

    private func equals(_ symbol: Symbol, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let span = spans[Int(symbol.index)]
        let range = span.range
        guard range.count == bytes.count else { return false }
        guard let other = bytes.baseAddress, !range.isEmpty else { return true }
        let compare = { (texts: UnsafeRawBufferPointer) in memcmp(texts.baseAddress! + range.lowerBound, other, range.count) == 0 }
        return span.isInSource ? source.withUnsafeBytes(compare) : storage.withUnsafeBytes(compare)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, symbolPlusOne: 0), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.symbolPlusOne != 0 {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot].symbolPlusOne != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// A seeded multiply-xorshift hash over eight bytes at a time.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var state = seed ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = WordHash.mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The bytes after the last whole word, read in at most two loads: the last eight bytes
        // of a text that has eight (overlapping the word before), else its first and last four
        // (overlapping each other); the length mixed in first tells the readings apart.
        let rest = bytes.count - offset
        if rest > 0 {
            let tail: UInt64
            if bytes.count >= 8 {
                tail = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
            } else if rest >= 4 {
                let first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                let last = bytes.loadUnaligned(fromByteOffset: rest - 4, as: UInt32.self)
                tail = UInt64(first) << 32 | UInt64(last)
            } else {
                var value: UInt64 = 0
                for index in 0..<rest { value = value << 8 | UInt64(bytes[index]) }
                tail = value
            }
            state = WordHash.mix(state ^ tail)
        }
        return UInt32(truncatingIfNeeded: WordHash.mix(state) >> 32)
    }
}

/// The multiply-xorshift step the project's own hashes mix each word with: the symbol table's,
/// and the platform check's keys of item sets and states.
package enum WordHash {
    /// `value` mixed: every bit of it moves the high bits of the result.
    @inline(__always)
    package static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return mixed &* 0xBF58_476D_1CE4_E5B9
    }
}
