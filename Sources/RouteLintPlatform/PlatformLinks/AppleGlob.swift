import RouteLintCore

/// The `substitutionVariables` of an apple-app-site-association (iOS 13.5+): named lists of
/// values that a pattern's `$(name)` stands for, beside the variables iOS predefines
/// (docs/app-links.md, "Substitution variables").
package struct AppleSubstitutionVariables: Sendable, Equatable {
    /// The file's own lists, by name. A value may hold `*` and `?`; one that names another
    /// variable is dropped when the file is read, since iOS never expands a variable there.
    package var lists: [String: [String]]

    /// The variables `lists` defines, beside the predefined ones.
    package init(_ lists: [String: [String]] = [:]) {
        self.lists = lists
    }

    /// The names iOS predefines: one ASCII character of a class, or an ISO code.
    package static let predefinedNames: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    /// What `$(name)` stands for: the file's list when it has one, else a predefined variable;
    /// nil when neither defines it, so that it matches nothing.
    func meaning(of name: String) -> Meaning? {
        if let list = lists[name] { return .values(list) }
        switch name {
        case "alpha": return .character(.alpha)
        case "upper": return .character(.upper)
        case "lower": return .character(.lower)
        case "alnum": return .character(.alnum)
        case "digit": return .character(.digit)
        case "xdigit": return .character(.hexDigit)
        case "region": return .values(AppleISOCodes.regions)
        case "lang": return .values(AppleISOCodes.languages)
        default: return nil
        }
    }

    /// What a variable stands for.
    enum Meaning {
        /// One of these values, each a glob.
        case values([String])
        /// One character of the class.
        case character(AppleCharacterClass)
    }

    /// The names of the variables `pattern` refers to (`$(name)`), in order, as written.
    package static func references(in pattern: String) -> [String] {
        AppleGlob.tokens(of: pattern).compactMap { token in
            if case .variable(let name) = token { return name }
            return nil
        }
    }
}

extension AppleSubstitutionVariables {
    /// `pattern` with each variable written out as globs without variables, for a reader that
    /// knows no variables (the import): a list's values one by one, at most `limit` patterns in
    /// all; a predefined class as `?`; the ISO codes, and lists beyond the limit, as `?*`. None
    /// when a variable is undefined (the pattern matches nothing). `widened` says whether a glob
    /// stands for more than the variable does.
    package func expansions(of pattern: String, limit: Int = 64) -> (patterns: [String], widened: Bool) {
        var patterns = [""]
        var widened = false
        for token in AppleGlob.tokens(of: pattern) {
            switch token {
            case .scalar(let scalar): patterns = patterns.map { $0 + String(scalar) }
            case .any: patterns = patterns.map { $0 + "?" }
            case .star: patterns = patterns.map { $0 + "*" }
            case .variable(let name):
                switch meaning(of: name) {
                case nil:
                    return ([], false)
                case .character:
                    widened = true
                    patterns = patterns.map { $0 + "?" }
                case .values(let values) where lists[name] != nil && patterns.count * values.count <= limit:
                    patterns = patterns.flatMap { prefix in values.map { prefix + $0 } }
                case .values:
                    widened = true
                    patterns = patterns.map { $0 + "?*" }
                }
            }
        }
        return (patterns, widened)
    }
}

/// The ASCII classes of the predefined one-character variables.
enum AppleCharacterClass: String, Sendable {
    case alpha, upper, lower, alnum, digit
    case hexDigit = "xdigit"

    /// Whether the class holds `scalar`, already folded to lower case when the component is not
    /// case-sensitive (so `$(upper)` then holds every letter, as its values fold too).
    func contains(_ scalar: UInt32, caseSensitive: Bool) -> Bool {
        let isDigit = (0x30...0x39).contains(scalar)
        let isLower = (0x61...0x7A).contains(scalar)
        let isUpper = (0x41...0x5A).contains(scalar)
        switch self {
        case .alpha: return isLower || isUpper
        case .upper: return caseSensitive ? isUpper : isLower
        case .lower: return isLower
        case .alnum: return isLower || isUpper || isDigit
        case .digit: return isDigit
        case .hexDigit: return isDigit || (0x61...0x66).contains(scalar) || (caseSensitive && (0x41...0x46).contains(scalar))
        }
    }

    /// The scalars the class holds, as `contains` sees them.
    func members(caseSensitive: Bool) -> [UInt32] {
        (0x30...0x7A).filter { contains($0, caseSensitive: caseSensitive) }
    }
}

/// One pattern of a component (`/`, `?`, a query item's value, `#`) compiled as iOS reads it:
/// `*` any run of characters, `?` one, `$(name)` one of the variable's values (a value may hold
/// `*` and `?` too), every other character itself — ASCII letters folded when the component is
/// not case-sensitive. A small nondeterministic automaton over Unicode scalars: `matches` runs
/// it over a text, `GlobAutomaton` determinizes it over every path.
struct AppleGlob {
    /// One step of the automaton. A position is the index of a step; the steps that read a
    /// character move to the next position.
    enum Step {
        /// This scalar (folded when not case-sensitive).
        case scalar(UInt32)
        /// Any one scalar: `?`.
        case any
        /// Any run of scalars: stays here on any scalar, or goes on to the next position on none.
        case star
        /// One scalar of a predefined class.
        case character(AppleCharacterClass)
        /// Goes on, reading nothing, to each of these positions: the values of a variable,
        /// named for the trace.
        case fork([Int32], variable: String, values: [String])
        /// Goes on to this position, reading nothing: the end of one value.
        case jump(Int32)
        /// The whole pattern has matched.
        case accept
    }

    let steps: [Step]
    let caseSensitive: Bool
    /// A second position at which a path matches: before a final `/*` that iOS lets the path
    /// leave out (`ApplePathPattern`); nil for other patterns.
    let parentAccept: Int32?

    var acceptPosition: Int32 { Int32(steps.count - 1) }

    /// The glob `pattern` with `variables` expanded. With `matchesParent`, the pattern ends in a
    /// literal `/*` that the path may leave out.
    init(_ pattern: String, variables: AppleSubstitutionVariables, caseSensitive: Bool, matchesParent: Bool = false) {
        self.caseSensitive = caseSensitive
        var steps: [Step] = []
        Self.compile(Self.tokens(of: pattern), variables: variables, caseSensitive: caseSensitive, into: &steps)
        parentAccept = matchesParent && steps.count >= 2 ? Int32(steps.count - 2) : nil
        steps.append(.accept)
        self.steps = steps
    }

    /// A piece of a pattern as written.
    enum Token: Equatable {
        case scalar(Unicode.Scalar)
        case any
        case star
        case variable(String)
    }

    /// The pieces of `pattern`: `$(` up to the next `)` is a variable when the name between holds
    /// no `$` or `(`; every other character stands for itself.
    static func tokens(of pattern: String) -> [Token] {
        let scalars = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")"),
                !scalars[(index + 2)..<close].contains(where: { $0 == "$" || $0 == "(" })
            {
                tokens.append(.variable(String(String.UnicodeScalarView(scalars[(index + 2)..<close]))))
                index = close + 1
                continue
            }
            tokens.append(scalar == "*" ? .star : scalar == "?" ? .any : .scalar(scalar))
            index += 1
        }
        return tokens
    }

    private static func compile(
        _ pieces: [Token], variables: AppleSubstitutionVariables?, caseSensitive: Bool, into steps: inout [Step]
    ) {
        for token in pieces {
            switch token {
            case .scalar(let scalar): steps.append(.scalar(fold(scalar.value, caseSensitive: caseSensitive)))
            case .any: steps.append(.any)
            case .star: steps.append(.star)
            case .variable(let name):
                // Within a value (`variables` nil) a variable is never expanded: it matches nothing.
                switch variables?.meaning(of: name) {
                case .character(let characterClass):
                    steps.append(.character(characterClass))
                case .values(let values):
                    let fork = steps.count
                    steps.append(.fork([], variable: name, values: values))
                    var starts: [Int32] = []
                    var ends: [Int] = []
                    for value in values {
                        starts.append(Int32(steps.count))
                        compile(tokens(of: value), variables: nil, caseSensitive: caseSensitive, into: &steps)
                        ends.append(steps.count)
                        steps.append(.jump(0))
                    }
                    for end in ends { steps[end] = .jump(Int32(steps.count)) }
                    steps[fork] = .fork(starts, variable: name, values: values)
                case nil:
                    // No value: a fork to nowhere.
                    steps.append(.fork([], variable: name, values: []))
                }
            }
        }
    }

    /// `scalar` with an ASCII capital made small when not case-sensitive.
    static func fold(_ scalar: UInt32, caseSensitive: Bool) -> UInt32 {
        !caseSensitive && (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar
    }

    /// Whether the step at `position` reads a scalar (rather than moving on without one).
    func reads(_ position: Int32) -> Bool {
        switch steps[Int(position)] {
        case .scalar, .any, .star, .character: return true
        case .fork, .jump, .accept: return false
        }
    }

    /// The positions reachable from `start` reading nothing, the reading ones and the accept.
    func closure(_ start: [Int32]) -> [Int32] {
        var seen = Set<Int32>()
        var pending = start
        var result: [Int32] = []
        while let position = pending.popLast() {
            guard seen.insert(position).inserted else { continue }
            switch steps[Int(position)] {
            case .scalar, .any, .character, .accept:
                result.append(position)
            case .star:
                result.append(position)
                pending.append(position + 1)
            case .fork(let targets, _, _):
                pending += targets
            case .jump(let target):
                pending.append(target)
            }
        }
        return result.sorted()
    }

    /// The positions `positions` move to on `scalar` (folded), before their closure.
    func successors(of positions: [Int32], on scalar: UInt32) -> [Int32] {
        var next: [Int32] = []
        for position in positions {
            switch steps[Int(position)] {
            case .star: next.append(position)
            case .any: next.append(position + 1)
            case .scalar(let expected) where expected == scalar: next.append(position + 1)
            case .character(let characterClass) where characterClass.contains(scalar, caseSensitive: caseSensitive):
                next.append(position + 1)
            default: break
            }
        }
        return next
    }

    /// Whether a set of positions matches a text that ends here.
    func accepts(_ positions: [Int32]) -> Bool {
        positions.contains(acceptPosition) || parentAccept.map(positions.contains) == true
    }

    /// How many characters of `text` the pattern reads before no way of matching is left: all of
    /// them when `text` is the start of some text it matches.
    func leadingMatch(_ text: String) -> Int {
        var positions = closure([0])
        var read = 0
        for scalar in text.unicodeScalars {
            positions = closure(successors(of: positions, on: Self.fold(scalar.value, caseSensitive: caseSensitive)))
            guard !positions.isEmpty else { return read }
            read += 1
        }
        return read
    }

    /// Whether the pattern matches all of `text`.
    func matches(_ text: String) -> Bool {
        var positions = closure([0])
        for scalar in text.unicodeScalars {
            guard !positions.isEmpty else { return false }
            positions = closure(successors(of: positions, on: Self.fold(scalar.value, caseSensitive: caseSensitive)))
        }
        return accepts(positions)
    }

    /// The value each variable took where the pattern matches `text` (the first way found, as
    /// the variables are written): the value of a list, the character of a predefined class;
    /// nil when it does not match.
    func bindings(_ text: String) -> [(variable: String, value: String)]? {
        // Per position reached, the values chosen on the way there.
        typealias Choices = [(variable: String, value: String)]
        func close(_ start: [(Int32, Choices)]) -> [Int32: Choices] {
            var reached: [Int32: Choices] = [:]
            var pending = Array(start.reversed())
            while let (position, choices) = pending.popLast() {
                guard reached[position] == nil else { continue }
                reached[position] = choices
                switch steps[Int(position)] {
                case .star: pending.append((position + 1, choices))
                case .fork(let targets, let variable, let values):
                    for (target, value) in zip(targets, values).reversed() { pending.append((target, choices + [(variable, value)])) }
                case .jump(let target): pending.append((target, choices))
                case .scalar, .any, .character, .accept: break
                }
            }
            return reached
        }
        var reached = close([(0, [])])
        for scalar in text.unicodeScalars {
            let folded = Self.fold(scalar.value, caseSensitive: caseSensitive)
            var next: [(Int32, Choices)] = []
            for position in reached.keys.sorted() where reads(position) {
                var choices = reached[position]!
                if case .character(let characterClass) = steps[Int(position)] { choices.append((characterClass.rawValue, String(scalar))) }
                for successor in successors(of: [position], on: folded) { next.append((successor, choices)) }
            }
            reached = close(next)
            if reached.isEmpty { return nil }
        }
        if let choices = reached[acceptPosition] ?? parentAccept.flatMap({ reached[$0] }) { return choices }
        return nil
    }

    /// `text` with its `%XX` escapes decoded, as iOS compares a component with
    /// `percentEncoded: false`; nil when an escape is malformed or the bytes are not UTF-8
    /// (such a URL matches no such component).
    static func decoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return PathText.percentDecoded(Substring(text)).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
