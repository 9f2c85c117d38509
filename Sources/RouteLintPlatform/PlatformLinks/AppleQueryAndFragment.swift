import RouteLintCore

/// The queries and fragments that tell an apple-app-site-association's components apart, so
/// that what the components decide for every URL of a path is decided over finitely many URLs
/// (docs/app-links.md, "Groups that filter the query or fragment", and the iOS paragraph after
/// it): whatever a URL's query and fragment, they meet exactly the conditions one of these
/// candidates meets.
///
/// A condition is a glob: of the whole query (`"?": "…"`), of one named item's value (every
/// occurrence must match; an item the URL lacks is the empty string), or of the fragment. The
/// texts that meet a family of globs alike are found by walking the globs together over an
/// alphabet with one character for each way the globs read a character (breadth first, so each
/// is the shortest): one text per combination of globs met. An item that occurs several times
/// meets the conjunction of what its values meet, so an item's choices are those combinations
/// closed under conjunction, and absence. The candidates are the products of the families'
/// texts, the URL without query or fragment first.
///
/// The texts are spelled with characters a URL carries unescaped, so a candidate is a URL as
/// written; a condition that only an escape or a character outside that set meets is not met by
/// any candidate (docs/app-links.md, "Limits"). A component with both a whole-query glob and an
/// item glob, or two components that each have one, are decided over the union of both
/// families' candidates.
struct AppleQueryAndFragment {
    /// A query and a fragment (nil: the URL has none), as written in the URL.
    struct Candidate {
        let query: String?
        let fragment: String?
        /// For each component with conditions, whether the candidate meets them.
        var meets: [Bool]
    }

    /// The candidates, the URL without query or fragment first; nil past the budgets.
    let candidates: [Candidate]?

    /// At most this many combinations of glob positions are walked for one family, and at
    /// most this many candidates are made: past either, the file is not decided.
    static let stateBudget = 20_000
    static let candidateBudget = 4_096

    /// The characters a URL's query or fragment carries unescaped, beside letters and digits.
    private static let unescaped = Array("-._~!$'()*+,;:@/?=&".unicodeScalars.map(\.value))

    /// The candidates for `components`; each candidate's `meets` follows the components that
    /// have conditions, in order.
    init(_ components: [AppleLinkComponent]) {
        let conditional = components.filter(\.hasConditions)
        let conditions = conditional.map(AppleLinkComponent.Conditions.init)
        func texts(_ globs: [AppleGlob], excluding excluded: String) -> [String?]? {
            guard !globs.isEmpty else { return [nil] }
            guard let found = Self.witnesses(globs, excluding: excluded) else { return nil }
            return found.map { $0.text.isEmpty ? nil : $0.text }
        }
        let fragments = texts(conditions.compactMap(\.fragment), excluding: "")
        let wholeQueries = texts(conditions.compactMap(\.query), excluding: "")
        let itemQueries = Self.itemQueries(conditions)
        guard let fragments, let wholeQueries, let itemQueries else {
            candidates = nil
            return
        }
        var queries: [String?] = [nil]
        for query in itemQueries + wholeQueries where !queries.contains(query) { queries.append(query) }
        guard queries.count * fragments.count <= Self.candidateBudget else {
            candidates = nil
            return
        }
        var made: [Candidate] = []
        for query in queries {
            for fragment in fragments {
                made.append(
                    Candidate(
                        query: query, fragment: fragment, meets: conditions.map { $0.match(query: query, fragment: fragment) }))
            }
        }
        candidates = made
    }

    /// The queries that give each named item each of its choices: absent, or values whose
    /// conjunction meets a combination of its globs; nil past the budgets.
    private static func itemQueries(_ conditions: [AppleLinkComponent.Conditions]) -> [String?]? {
        var names: [String] = []
        for condition in conditions {
            for item in condition.items where !names.contains(item.name) { names.append(item.name) }
        }
        var queries: [[String]] = [[]]
        for name in names {
            let globs = conditions.flatMap { $0.items.filter { $0.name == name }.map(\.glob) }
            // A name the URL cannot carry unescaped is only ever absent.
            guard name.unicodeScalars.allSatisfy({ isUnescaped($0.value, excluding: "&=") }) else { continue }
            guard let values = witnesses(globs, excluding: "&") else { return nil }
            // Each combination met by several values is the conjunction of theirs; absence meets
            // what the empty value meets, and comes first.
            var choices: [(met: [Bool], values: [String])] = [(globs.map { $0.matches("") }, [])]
            for value in values where !choices.contains(where: { $0.met == value.met }) { choices.append((value.met, [value.text])) }
            var index = 1
            while index < choices.count {
                for value in values {
                    let met = zip(choices[index].met, value.met).map { $0 && $1 }
                    guard !choices.contains(where: { $0.met == met }) else { continue }
                    choices.append((met, choices[index].values + [value.text]))
                    guard choices.count * queries.count <= candidateBudget else { return nil }
                }
                index += 1
            }
            queries = queries.flatMap { query in choices.map { query + $0.values.map { name + "=" + $0 } } }
        }
        return queries.map { $0.isEmpty ? nil : $0.joined(separator: "&") }
    }

    /// One shortest text per combination of `globs` it meets, over the characters a URL
    /// carries unescaped less `excluded`; nil past the state budget.
    private static func witnesses(_ globs: [AppleGlob], excluding excluded: String) -> [(met: [Bool], text: String)]? {
        let alphabet = self.alphabet(globs, excluding: excluded)
        let start = globs.map { $0.closure([0]) }
        var seen: Set<[[Int32]]> = [start]
        var pending: [(positions: [[Int32]], text: String)] = [(start, "")]
        var found: [(met: [Bool], text: String)] = []
        var cursor = 0
        while cursor < pending.count {
            let (positions, text) = pending[cursor]
            cursor += 1
            let met = zip(globs, positions).map { $0.accepts($1) }
            if !found.contains(where: { $0.met == met }) { found.append((met, text)) }
            for scalar in alphabet {
                let next = zip(globs, positions).map { glob, current in
                    glob.closure(glob.successors(of: current, on: AppleGlob.fold(scalar, caseSensitive: glob.caseSensitive)))
                }
                guard seen.insert(next).inserted else { continue }
                guard seen.count <= stateBudget else { return nil }
                pending.append((next, text + String(Unicode.Scalar(scalar)!)))
            }
        }
        return found
    }

    /// A character for each way `globs` read one: each character they name (in either case),
    /// one of each character class's groups they do not name, and one they read as nothing
    /// in particular — all of them characters a URL carries unescaped, less `excluded`.
    private static func alphabet(_ globs: [AppleGlob], excluding excluded: String) -> [UInt32] {
        var named = Set<UInt32>()
        for glob in globs {
            for step in glob.steps {
                guard case .scalar(let scalar) = step else { continue }
                named.insert(scalar)
                if (0x61...0x7A).contains(scalar) { named.insert(scalar - 0x20) }
                if (0x41...0x5A).contains(scalar) { named.insert(scalar + 0x20) }
            }
        }
        var alphabet = named.filter { isUnescaped($0, excluding: excluded) }.sorted()
        // Characters the classes tell apart: a–f and A–F are hex digits, the other letters are
        // not, digits are; one of each group no glob names stands for the rest.
        let groups: [ClosedRange<UInt32>] = [0x61...0x66, 0x67...0x7A, 0x41...0x46, 0x47...0x5A, 0x30...0x39]
        for group in groups {
            if let unnamed = group.first(where: { !named.contains($0) }) { alphabet.append(unnamed) }
        }
        if let other = unescaped.first(where: { !named.contains($0) && isUnescaped($0, excluding: excluded) }) {
            alphabet.append(other)
        }
        return alphabet
    }

    /// Whether a URL carries `scalar` unescaped in a query or fragment, `excluded` aside.
    private static func isUnescaped(_ scalar: UInt32, excluding excluded: String) -> Bool {
        guard !excluded.unicodeScalars.contains(where: { $0.value == scalar }) else { return false }
        return (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            || unescaped.contains(scalar)
    }
}
