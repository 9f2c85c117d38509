/// A deterministic generator, so that a failure names a seed that reproduces it: the
/// path-language tests' inputs, whose seeds the tests fix.
public struct SeededRandom: RandomNumberGenerator {
    /// The generator's state; its first value is the seed.
    public var state: UInt64

    /// A generator starting at `state`.
    public init(state: UInt64) { self.state = state }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

/// A text of at most `maximumLength` characters of `alphabet`, drawn from `random`.
public func randomText(_ alphabet: [Character], maximumLength: Int, _ random: inout SeededRandom) -> String {
    String((0..<Int.random(in: 0...maximumLength, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
}
