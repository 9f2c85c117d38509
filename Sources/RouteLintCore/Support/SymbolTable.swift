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
/// Texts live end to end in one byte array, found through an open-addressing table of
/// (hash, symbol) slots: interning a name costs one hash and, on a hit, one comparison, with
/// no allocation per name. A slot holds the hash, so a probe that does not match reads one
/// cache line, which is what keeps a table of millions of names fast. The hash is seeded per
/// process, so names crafted to collide cannot make a hostile manifest's interning quadratic.
package struct SymbolTable: Sendable {
    private var storage: [UInt8] = []
    /// Where each symbol's text ends in `storage`; it starts where the previous one ends.
    private var ends: [UInt32] = []
    /// Each slot: the symbol's hash and its number + 1, 0 marking an empty slot. A power of
    /// two in size, at most half full.
    private var slots: [Slot] = Array(repeating: Slot(hash: 0, symbolPlusOne: 0), count: 64)

    private struct Slot {
        var hash: UInt32
        var symbolPlusOne: UInt32
    }

    private static let seed = UInt64.random(in: .min ... .max)

    /// An empty table.
    package init() {}

    /// How many symbols there are; symbol numbers run from 0 to `count - 1`.
    package var count: Int { ends.count }

    /// The text of `symbol`.
    package func text(_ symbol: Symbol) -> String {
        let range = byteRange(symbol)
        return String(decoding: storage[range], as: UTF8.self)
    }

    /// The UTF-8 bytes of `symbol`.
    package func bytes(_ symbol: Symbol) -> ArraySlice<UInt8> { storage[byteRange(symbol)] }

    private func byteRange(_ symbol: Symbol) -> Range<Int> {
        let index = Int(symbol.index)
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return start..<Int(ends[index])
    }

    /// The symbol of `text`, adding it when it is new.
    @discardableResult
    package mutating func intern(_ text: String) -> Symbol {
        var text = text
        return text.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    /// The symbol of the text in `bytes`, adding it when it is new.
    @discardableResult
    package mutating func intern(_ bytes: ArraySlice<UInt8>) -> Symbol {
        bytes.withUnsafeBytes { intern($0) }
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

    mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Symbol {
        let hash = Self.hash(bytes)
        switch find(bytes, hash: hash) {
        case .found(let symbol):
            return symbol
        case .vacant(let slot):
            let symbol = Symbol(index: UInt32(ends.count))
            storage.append(contentsOf: bytes)
            ends.append(UInt32(storage.count))
            slots[slot] = Slot(hash: hash, symbolPlusOne: symbol.index + 1)
            if ends.count * 2 > slots.count { grow() }
            return symbol
        }
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

    /// Makes room for `count` bytes of texts (a file's texts take no more than its bytes, but
    /// for a rare escape), so that the texts are not copied each time their storage would
    /// double. What a large table reserves and does not fill is address space, not memory: the
    /// system maps its pages when they are first written. (Copying the texts to an exact-size
    /// storage once a file was read, as the table once did, held both at once: 10 MB more at the
    /// peak of a 100,000-route file.)
    package mutating func reserveTextCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// Adds every symbol of `other`, and returns the symbol each of its symbols has here:
    /// how the model of one file joins the run's table.
    package mutating func merge(_ other: SymbolTable) -> [Symbol] {
        var mapping: [Symbol] = []
        mapping.reserveCapacity(other.count)
        other.storage.withUnsafeBytes { raw in
            var start = 0
            for end in other.ends {
                mapping.append(intern(UnsafeRawBufferPointer(rebasing: raw[start..<Int(end)])))
                start = Int(end)
            }
        }
        return mapping
    }

    private func equals(_ symbol: Symbol, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let range = byteRange(symbol)
        guard range.count == bytes.count else { return false }
        guard let other = bytes.baseAddress, !range.isEmpty else { return true }
        return storage.withUnsafeBytes { stored in memcmp(stored.baseAddress! + range.lowerBound, other, range.count) == 0 }
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
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            state = mix(state ^ tail)
        }
        return UInt32(truncatingIfNeeded: mix(state) >> 32)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return mixed &* 0xBF58_476D_1CE4_E5B9
    }
}
