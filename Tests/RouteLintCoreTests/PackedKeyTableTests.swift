import RouteLintTestSupport
import Testing

@testable import RouteLintCore

@Suite("Packed key table")
struct PackedKeyTableTests {
    @Test("holds what a dictionary holds, through growth, replacement, insertion and keys that share their low or high bits")
    func agreesWithDictionary() {
        var random = SeededRandom(state: 41)
        var table = PackedKeyTable()
        var reference: [Int64: Int32] = [:]
        for round in 0..<50_000 {
            // Keys as the walks pack them (two numbers, or a number and a unit), and arbitrary ones.
            let key: Int64 =
                switch round % 3 {
                case 0: Int64.random(in: 0..<300, using: &random) << 32 | Int64.random(in: 0..<300, using: &random)
                case 1: Int64.random(in: 0..<5_000, using: &random) << 16 | Int64.random(in: 0..<128, using: &random)
                default: Int64.random(in: 0...Int64.max, using: &random)
                }
            #expect(table[key] == reference[key])
            let value = Int32.random(in: 0...Int32.max, using: &random)
            if round % 2 == 0 {
                table.set(key, to: value)
                reference[key] = value
            } else {
                // `insert` keeps a value already held, as `Set.insert` keeps a member.
                let inserted = table.insert(key, value)
                let held = reference[key]
                #expect(inserted.inserted == (held == nil) && inserted.value == held ?? value)
                reference[key] = held ?? value
            }
        }
        #expect(table.count == reference.count)
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table[Int64.max - 1] == reference[Int64.max - 1])
    }
}
