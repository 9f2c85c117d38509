/// An `AndroidPathPattern` as a deterministic automaton over the path's UTF-16 units: the same
/// decisions as `matches`, one unit at a time, so a filter's claim can be compared with the
/// claimed set over every path. `PatternMatcher` never backtracks, which is what makes each
/// attribute a finite scan.
final class AndroidPathScan: Sendable {
    /// A scan state; `dead` never matches again, `acceptsAll` matches whatever follows.
    typealias State = Int64
    static let dead: State = -1
    static let acceptsAll: State = -2

    let pattern: AndroidPathPattern
    /// For `pathSuffix`, every unit it holds: the units its scan tells apart.
    private let suffixUnits: [ClosedRange<UInt16>]
    /// For `pathSuffix`: the failure function of the suffix's units (KMP).
    private let failure: [Int32]
    /// For `pathAdvancedPattern`: its tokens, and its character sets. A file may hold hundreds
    /// of thousands of patterns, so a token takes 12 bytes and the arrays hold no spare capacity.
    private let tokens: [Token]
    private let sets: [UnitSet]

    /// One token of an advanced pattern: the units it accepts and how many it takes.
    struct Token: Sendable {
        let accepts: Accepts
        let minimum: Int32
        let maximum: Int32
    }

    /// What a token accepts, in four bytes: one unit, any unit, or the units of a set of the
    /// scan's `sets`.
    struct Accepts: Sendable {
        /// A unit (0...0xFFFF), -1 for any unit, or `-2 - n` for set `n`.
        let code: Int32

        static let any = Accepts(code: -1)
        static func unit(_ unit: UInt16) -> Accepts { Accepts(code: Int32(unit)) }
        static func set(_ index: Int) -> Accepts { Accepts(code: -2 - Int32(index)) }

        /// The one unit accepted, if that is what the token accepts.
        var unit: UInt16? { code >= 0 ? UInt16(code) : nil }
        /// The set whose units are accepted, if that is what the token accepts.
        var set: Int? { code <= -2 ? Int(-2 - code) : nil }
    }

    /// A character set: its members' ranges, or, `inverted`, every unit outside them.
    struct UnitSet: Sendable {
        let members: [ClosedRange<Int32>]
        let inverted: Bool

        func contains(_ unit: UInt16) -> Bool { members.contains { $0.contains(Int32(unit)) } != inverted }
    }

    /// Whether `token` takes `unit`.
    private func takes(_ token: Token, _ unit: UInt16) -> Bool {
        if let expected = token.accepts.unit { return unit == expected }
        if let set = token.accepts.set { return sets[set].contains(unit) }
        return true
    }

    init(_ pattern: AndroidPathPattern) {
        self.pattern = pattern
        let units = pattern.units
        (tokens, sets) = pattern.kind == .advancedGlob ? Self.tokens(pattern.parsed) : ([], [])
        suffixUnits = pattern.kind == .suffix ? Set(units).sorted().map { $0...$0 } : []
        failure = pattern.kind == .suffix ? Self.failureFunction(units) : []
    }

    // MARK: - Stepping

    /// Appends the units (as ranges) the step from `state` tells apart: what the scan compares
    /// before it takes the next unit or fails.
    func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        if state == Self.dead || state == Self.acceptsAll { return }
        let units = pattern.units
        switch pattern.kind {
        case .literal, .prefix:
            if Int(state) < units.count { ranges.append(units[Int(state)]...units[Int(state)]) }
        case .suffix:
            ranges += suffixUnits
        case .simpleGlob:
            let (mode, position, awaited) = Self.decode(state)
            switch mode {
            case Self.seeking: ranges.append(awaited...awaited)
            case Self.repeating:
                ranges.append(awaited...awaited)
                simpleGlobChain(from: position, into: &ranges)
            default: simpleGlobChain(from: position, into: &ranges)
            }
        case .advancedGlob:
            var token = Int(state >> 32)
            let matched = Int32(truncatingIfNeeded: state)
            // The current token reads the unit; while each one may be left with what it has, the
            // next one may read it too.
            var mayLeave = token < tokens.count && matched >= tokens[token].minimum
            while token < tokens.count {
                if let unit = tokens[token].accepts.unit {
                    ranges.append(unit...unit)
                } else if let set = tokens[token].accepts.set {
                    for member in sets[set].members where member.lowerBound <= 0xFFFF && member.upperBound >= 0 {
                        ranges.append(UInt16(max(0, member.lowerBound))...UInt16(min(0xFFFF, member.upperBound)))
                    }
                }
                guard mayLeave else { break }
                token += 1
                mayLeave = token < tokens.count && tokens[token].minimum == 0
            }
        }
    }

    /// The units `matchGlobPattern` compares from loop position `position`: through `X*`
    /// tokens, which may take nothing, to the first token that must take a unit.
    private func simpleGlobChain(from position: Int, into ranges: inout [ClosedRange<UInt16>]) {
        let units = pattern.units
        let count = units.count
        func at(_ index: Int) -> UInt16 { index < count ? units[index] : 0 }
        var ip = position
        while ip < count {
            var character = units[ip]
            var next = ip + 1
            let escaped = character == AndroidPathPattern.backslash
            if escaped {
                character = at(next)
                next += 1
            }
            guard at(next) == AndroidPathPattern.star else {
                if escaped || character != AndroidPathPattern.dot { ranges.append(character...character) }
                return
            }
            if !escaped && character == AndroidPathPattern.dot {
                var target = next + 1
                guard target < count else { return }
                if units[target] == AndroidPathPattern.backslash { target += 1 }
                let unit = at(target)
                ranges.append(unit...unit)
                return
            }
            ranges.append(character...character)
            ip = next + 1
        }
    }

    var start: State {
        switch pattern.kind {
        case .prefix: return pattern.units.isEmpty ? Self.acceptsAll : 0
        case .suffix: return pattern.units.isEmpty ? Self.acceptsAll : 0
        case .literal, .advancedGlob: return 0
        case .simpleGlob: return Self.normal(0)
        }
    }

    func step(_ state: State, _ unit: UInt16) -> State {
        if state == Self.dead || state == Self.acceptsAll { return state }
        let units = pattern.units
        switch pattern.kind {
        case .literal:
            return Int(state) < units.count && units[Int(state)] == unit ? state + 1 : Self.dead
        case .prefix:
            guard units[Int(state)] == unit else { return Self.dead }
            return Int(state) + 1 == units.count ? Self.acceptsAll : state + 1
        case .suffix:
            var matched = Int(state)
            if matched == units.count { matched = Int(failure[matched - 1]) }
            while matched > 0 && units[matched] != unit { matched = Int(failure[matched - 1]) }
            if units[matched] == unit { matched += 1 }
            return State(matched)
        case .simpleGlob:
            return simpleGlobStep(state, unit)
        case .advancedGlob:
            return advancedStep(state, unit)
        }
    }

    func accepts(_ state: State) -> Bool {
        if state == Self.acceptsAll { return true }
        if state == Self.dead { return false }
        let units = pattern.units
        switch pattern.kind {
        case .literal, .suffix: return Int(state) == units.count
        case .prefix: return false
        case .simpleGlob:
            let (mode, position, _) = Self.decode(state)
            switch mode {
            case Self.seeking: return false
            default:
                // The loop has ended with the path: the pattern must be used up, or end in `.*`.
                return position >= units.count
                    || position == units.count - 2 && units[position] == AndroidPathPattern.dot
                        && units[position + 1] == AndroidPathPattern.star
            }
        case .advancedGlob:
            let (token, matched) = (Int(state >> 32), Int32(truncatingIfNeeded: state))
            guard token < tokens.count else { return true }
            return matched >= tokens[token].minimum && tokens[(token + 1)...].allSatisfy { $0.minimum == 0 }
        }
    }

    // MARK: - pathSuffix

    private static func failureFunction(_ units: [UInt16]) -> [Int32] {
        var failure = [Int32](repeating: 0, count: units.count)
        var matched = 0
        for index in units.indices.dropFirst() {
            while matched > 0 && units[index] != units[matched] { matched = Int(failure[matched - 1]) }
            if units[index] == units[matched] { matched += 1 }
            failure[index] = Int32(matched)
        }
        return failure
    }

    // MARK: - pathPattern

    // A state of `matchGlobPattern`'s loop, between two units of the path: the mode, the
    // pattern position of the loop's next turn, and the unit a `X*` repeats or a `.*` seeks.
    private static let normal: Int64 = 0
    private static let repeating: Int64 = 1
    private static let seeking: Int64 = 2

    private static func normal(_ position: Int) -> State { encode(normal, position, 0) }

    private static func encode(_ mode: Int64, _ position: Int, _ unit: UInt16) -> State {
        mode << 40 | Int64(position) << 16 | Int64(unit)
    }

    private static func decode(_ state: State) -> (mode: Int64, position: Int, unit: UInt16) {
        (state >> 40, Int((state >> 16) & 0xFF_FFFF), UInt16(state & 0xFFFF))
    }

    /// One unit of `PatternMatcher.matchGlobPattern` (see `AndroidPathPattern.matchSimpleGlob`,
    /// whose loop this resumes).
    private func simpleGlobStep(_ state: State, _ unit: UInt16) -> State {
        let units = pattern.units
        let count = units.count
        func at(_ index: Int) -> UInt16 { index < count ? units[index] : 0 }
        var (mode, position, awaited) = Self.decode(state)
        while true {
            switch mode {
            case Self.repeating:
                if unit == awaited { return state }
                (mode, awaited) = (Self.normal, 0)
            case Self.seeking:
                return unit == awaited ? Self.normal(position) : state
            default:
                guard position < count else { return Self.dead }
                var character = units[position]
                var ip = position + 1
                var next = at(ip)
                let escaped = character == AndroidPathPattern.backslash
                if escaped {
                    character = next
                    ip += 1
                    next = at(ip)
                }
                guard next == AndroidPathPattern.star else {
                    return character == AndroidPathPattern.dot && !escaped || unit == character ? Self.normal(ip) : Self.dead
                }
                if !escaped && character == AndroidPathPattern.dot {
                    if ip >= count - 1 { return Self.acceptsAll }
                    ip += 1
                    var target = units[ip]
                    if target == AndroidPathPattern.backslash {
                        ip += 1
                        target = at(ip)
                    }
                    let resumeAt = ip + 1
                    return unit == target ? Self.normal(resumeAt) : Self.encode(Self.seeking, resumeAt, target)
                }
                // `X*`: repeats of X, then the pattern after the star reads this unit.
                let resumeAt = ip + 1
                if unit == character { return Self.encode(Self.repeating, resumeAt, character) }
                position = resumeAt
            }
        }
    }

    // MARK: - pathAdvancedPattern

    /// The tokens of a parsed advanced pattern, as `matchAdvancedPattern` reads them, and the
    /// members of its sets.
    private static func tokens(_ parsed: [Int32]) -> (tokens: [Token], sets: [UnitSet]) {
        var tokens: [Token] = []
        var sets: [UnitSet] = []
        var ip = 0
        let count = parsed.count
        while ip < count {
            let token = parsed[ip]
            let accepts: Accepts
            switch token {
            case AndroidPathPattern.anyCharacter:
                accepts = .any
                ip += 1
            case AndroidPathPattern.setStart, AndroidPathPattern.inverseSetStart:
                var ranges: [ClosedRange<Int32>] = []
                ip += 1
                let first = ip
                while ip < count && parsed[ip] != AndroidPathPattern.setStop { ip += 1 }
                var pair = first
                while pair + 1 < ip {
                    if parsed[pair] <= parsed[pair + 1] { ranges.append(parsed[pair]...parsed[pair + 1]) }
                    pair += 2
                }
                accepts = .set(sets.count)
                sets.append(UnitSet(members: exactly(ranges), inverted: token == AndroidPathPattern.inverseSetStart))
                ip += 1
            default:
                accepts = .unit(UInt16(truncatingIfNeeded: token))
                ip += 1
            }
            var minimum: Int32 = 1
            var maximum: Int32 = 1
            if ip < count {
                switch parsed[ip] {
                case AndroidPathPattern.zeroOrMore:
                    (minimum, maximum) = (0, Int32.max)
                    ip += 1
                case AndroidPathPattern.oneOrMore:
                    (minimum, maximum) = (1, Int32.max)
                    ip += 1
                case AndroidPathPattern.rangeStart:
                    (minimum, maximum) = (parsed[ip + 1], parsed[ip + 2])
                    ip += 4
                default:
                    break
                }
            }
            tokens.append(Token(accepts: accepts, minimum: minimum, maximum: maximum))
        }
        return (exactly(tokens), exactly(sets))
    }

    /// `elements` in an array of their own that holds no more than them: what an array grown by
    /// appending keeps of spare capacity would be most of a small pattern's memory.
    private static func exactly<Element>(_ elements: [Element]) -> [Element] {
        Array(unsafeUninitializedCapacity: elements.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: elements)
            count = elements.count
        }
    }

    /// One unit of `matchAdvancedPattern`: the current token takes the unit while it may;
    /// otherwise, once it has its minimum, the next token reads it. A count past an unbounded
    /// token's minimum no longer matters and is kept at the minimum.
    private func advancedStep(_ state: State, _ unit: UInt16) -> State {
        var token = Int(state >> 32)
        var matched = Int32(truncatingIfNeeded: state)
        while token < tokens.count {
            let current = tokens[token]
            if matched < current.maximum && takes(current, unit) {
                matched = current.maximum == Int32.max ? min(matched + 1, current.minimum) : matched + 1
                return Int64(token) << 32 | Int64(matched)
            }
            guard matched >= current.minimum else { return Self.dead }
            token += 1
            matched = 0
        }
        return Self.dead
    }
}
