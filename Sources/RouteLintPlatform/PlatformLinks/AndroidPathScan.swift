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
    /// For `pathAdvancedPattern`: the pattern as AOSP's parser stores it, whose tokens the
    /// scan reads where it stands (`AndroidPathPattern.advancedToken`). A state is the position
    /// of its token there and the units the token has taken.
    private let parsed: [Int32]

    init(_ pattern: AndroidPathPattern) {
        self.pattern = pattern
        let units = pattern.units
        parsed = pattern.parsed
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
            var start = Int(state >> 32)
            let matched = Int32(truncatingIfNeeded: state)
            // The current token reads the unit; while each one may be left with what it has, the
            // next one may read it too.
            guard start < parsed.count else { return }
            var token = AndroidPathPattern.advancedToken(in: parsed, at: start)
            var mayLeave = matched >= token.minimum
            while true {
                if let unit = token.unit {
                    ranges.append(unit...unit)
                } else if token.marker != AndroidPathPattern.anyCharacter {
                    var pair = token.members.lowerBound
                    while pair + 1 < token.members.upperBound {
                        let (lower, upper) = (parsed[pair], parsed[pair + 1])
                        if lower <= upper && lower <= 0xFFFF && upper >= 0 {
                            ranges.append(UInt16(max(0, lower))...UInt16(min(0xFFFF, upper)))
                        }
                        pair += 2
                    }
                }
                start = token.end
                guard mayLeave, start < parsed.count else { break }
                token = AndroidPathPattern.advancedToken(in: parsed, at: start)
                mayLeave = token.minimum == 0
            }
        }
    }

    /// The units `matchGlobPattern` compares from loop position `position`: through `X*`
    /// tokens, which may take nothing, to the first token that must take a unit.
    private func simpleGlobChain(from position: Int, into ranges: inout [ClosedRange<UInt16>]) {
        let units = pattern.units
        let count = units.count
        var ip = position
        while ip < count {
            let (character, escaped, next) = simpleGlobToken(at: ip)
            guard patternUnit(at: next) == AndroidPathPattern.star else {
                if escaped || character != AndroidPathPattern.dot { ranges.append(character...character) }
                return
            }
            if !escaped && character == AndroidPathPattern.dot {
                var target = next + 1
                guard target < count else { return }
                if units[target] == AndroidPathPattern.backslash { target += 1 }
                let awaited = patternUnit(at: target)
                ranges.append(awaited...awaited)
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

    /// The unit the scan must take next from `state`, when every other unit ends it: a literal's
    /// next unit, a simple glob's character without `*` after it, or an advanced pattern's
    /// one-character token short of its minimum. nil where several units may follow, or none.
    func requiredUnit(_ state: State) -> UInt16? {
        if state == Self.dead || state == Self.acceptsAll { return nil }
        switch pattern.kind {
        case .literal, .prefix:
            return Int(state) < pattern.units.count ? pattern.units[Int(state)] : nil
        case .simpleGlob:
            let (mode, position, _) = Self.decode(state)
            guard mode == Self.normal, position < pattern.units.count else { return nil }
            let (character, escaped, next) = simpleGlobToken(at: position)
            guard patternUnit(at: next) != AndroidPathPattern.star, escaped || character != AndroidPathPattern.dot else { return nil }
            return character
        case .advancedGlob:
            // A token that has all it may take hands the unit to the next one (`advancedStep`).
            var start = Int(state >> 32)
            var matched = Int32(truncatingIfNeeded: state)
            while start < parsed.count {
                let token = AndroidPathPattern.advancedToken(in: parsed, at: start)
                if matched < token.minimum { return token.unit }
                guard matched >= token.maximum else { return nil }
                start = token.end
                matched = 0
            }
            return nil
        case .suffix:
            return nil
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
            var start = Int(state >> 32)
            guard start < parsed.count else { return true }
            var token = AndroidPathPattern.advancedToken(in: parsed, at: start)
            guard Int32(truncatingIfNeeded: state) >= token.minimum else { return false }
            // What follows must be able to take nothing.
            start = token.end
            while start < parsed.count {
                token = AndroidPathPattern.advancedToken(in: parsed, at: start)
                if token.minimum != 0 { return false }
                start = token.end
            }
            return true
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

    /// The token of a simple glob at `position`, short of the pattern's end, as
    /// `PatternMatcher.matchGlobPattern` reads it: its character (`\` takes the next unit as
    /// itself), whether it was escaped, and where the unit after it stands — a `*` there
    /// repeats it.
    private func simpleGlobToken(at position: Int) -> (character: UInt16, escaped: Bool, after: Int) {
        let escaped = pattern.units[position] == AndroidPathPattern.backslash
        return escaped ? (patternUnit(at: position + 1), true, position + 2) : (pattern.units[position], false, position + 1)
    }

    /// The pattern's unit at `index`; past its end 0, as `matchGlobPattern` reads it.
    private func patternUnit(at index: Int) -> UInt16 { index < pattern.units.count ? pattern.units[index] : 0 }

    /// One unit of `PatternMatcher.matchGlobPattern` (see `AndroidPathPattern.matchSimpleGlob`,
    /// whose loop this resumes).
    private func simpleGlobStep(_ state: State, _ unit: UInt16) -> State {
        let units = pattern.units
        let count = units.count
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
                let (character, escaped, after) = simpleGlobToken(at: position)
                var ip = after
                guard patternUnit(at: ip) == AndroidPathPattern.star else {
                    return character == AndroidPathPattern.dot && !escaped || unit == character ? Self.normal(ip) : Self.dead
                }
                if !escaped && character == AndroidPathPattern.dot {
                    if ip >= count - 1 { return Self.acceptsAll }
                    ip += 1
                    var target = units[ip]
                    if target == AndroidPathPattern.backslash {
                        ip += 1
                        target = patternUnit(at: ip)
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

    /// One unit of `matchAdvancedPattern`: the current token takes the unit while it may;
    /// otherwise, once it has its minimum, the next token reads it. A count past an unbounded
    /// token's minimum no longer matters and is kept at the minimum.
    private func advancedStep(_ state: State, _ unit: UInt16) -> State {
        var start = Int(state >> 32)
        var matched = Int32(truncatingIfNeeded: state)
        while start < parsed.count {
            let token = AndroidPathPattern.advancedToken(in: parsed, at: start)
            if matched < token.maximum && token.takes(unit, in: parsed) {
                matched = token.maximum == Int32.max ? min(matched + 1, token.minimum) : matched + 1
                return Int64(start) << 32 | Int64(matched)
            }
            guard matched >= token.minimum else { return Self.dead }
            start = token.end
            matched = 0
        }
        return Self.dead
    }
}
