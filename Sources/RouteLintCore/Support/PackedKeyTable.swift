/// A map from non-negative 64-bit keys to 32-bit values: the numbers the platforms' walks give
/// pairs of states and the steps they have taken (`PathLanguageComparison`). Open addressing
/// with a multiplicative hash and linear probing, at most half full. A walk looks a key up for
/// every unit it tries, millions of times for a large route set, and `Dictionary` hashes each
/// key with a seeded SipHash: that hashing was the largest single cost of the comparison.
package struct PackedKeyTable: Sendable {
    /// The slots' keys; `empty` where a slot is free.
    private var keys: [Int64]
    private var values: [Int32]
    /// The table's size is `1 << bits`.
    private var bits: Int
    /// The number of keys held.
    package private(set) var count = 0

    private static let empty: Int64 = -1

    /// An empty table.
    package init() {
        bits = 6
        keys = [Int64](repeating: Self.empty, count: 1 << bits)
        values = [Int32](repeating: 0, count: 1 << bits)
    }

    /// The slot where `key` starts its probe in a table of `1 << bits` slots: Fibonacci
    /// hashing, whose top bits mix every bit of the key.
    private static func home(of key: Int64, bits: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The value of `key`, or nil.
    package subscript(key: Int64) -> Int32? {
        precondition(key >= 0, "keys are not negative")
        let mask = (1 << bits) - 1
        var slot = Self.home(of: key, bits: bits)
        while true {
            let held = keys[slot]
            if held == key { return values[slot] }
            if held == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Sets `key` to `value`, replacing what it held.
    package mutating func set(_ key: Int64, to value: Int32) {
        let slot = self.slot(for: key)
        values[slot] = value
    }

    /// Sets `key` to `value` unless it holds a value already, as `Set.insert` does: whether it
    /// was inserted, and the value it holds now. One probe serves the lookup and the insertion
    /// that a walk's visit of a new key makes.
    package mutating func insert(_ key: Int64, _ value: Int32) -> (inserted: Bool, value: Int32) {
        let held = count
        let slot = self.slot(for: key)
        guard count > held else { return (false, values[slot]) }
        values[slot] = value
        return (true, value)
    }

    /// The slot that holds `key`, claimed for it (and counted) when it held none.
    private mutating func slot(for key: Int64) -> Int {
        precondition(key >= 0, "keys are not negative")
        if (count + 1) * 2 > keys.count { grow() }
        let mask = (1 << bits) - 1
        var slot = Self.home(of: key, bits: bits)
        while keys[slot] != Self.empty && keys[slot] != key { slot = (slot + 1) & mask }
        if keys[slot] == Self.empty {
            count += 1
            keys[slot] = key
        }
        return slot
    }

    /// Doubles the table and places every key again. The keys are distinct and the new table
    /// has room for them all, so each goes to the first free slot of its probe: no comparison,
    /// no growth check, no copy-on-write check per key (the tables of a large walk grow a
    /// dozen times, and placing the keys through `set` cost as much as the walk's lookups).
    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        bits += 1
        let bits = bits
        let mask = (1 << bits) - 1
        var newKeys = [Int64](repeating: Self.empty, count: 1 << bits)
        var newValues = [Int32](repeating: 0, count: 1 << bits)
        newKeys.withUnsafeMutableBufferPointer { newKeys in
            newValues.withUnsafeMutableBufferPointer { newValues in
                for position in oldKeys.indices where oldKeys[position] != Self.empty {
                    let key = oldKeys[position]
                    var slot = Self.home(of: key, bits: bits)
                    while newKeys[slot] != Self.empty { slot = (slot + 1) & mask }
                    newKeys[slot] = key
                    newValues[slot] = oldValues[position]
                }
            }
        }
        (keys, values) = (newKeys, newValues)
    }
}
