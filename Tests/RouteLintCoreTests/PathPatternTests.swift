import RouteLintTestSupport
import Testing
@testable import RouteLintCore

@Suite("Path patterns")
struct PathPatternTests {
    /// Patterns parsed into one table, so that they compare as the linter compares them.
    struct Patterns {
        var symbols = SymbolTable()

        mutating func callAsFunction(_ text: String) -> PathPattern {
            try! PathPattern.parse(text, symbols: &symbols).get()
        }
    }

    @Test(
        "the relations of the spec's examples",
        arguments: [
            ("/products/:id", "/products/:sku", PatternRelation.equivalent),
            ("/a/:x", "/a/*", .equivalent),
            ("/products/new", "/products/:id", .moreSpecific),
            ("/products/:id", "/products/new", .lessSpecific),
            ("/:section/new", "/products/:id", .overlapping),
            ("/a/**", "/:x/b", .overlapping),
            ("/docs/**", "/docs", .disjoint),
            ("/docs/a", "/docs/**", .moreSpecific),
            ("/docs/a/b", "/docs/**", .moreSpecific),
            ("/docs/*/**", "/docs/**", .moreSpecific),
            ("/**", "/", .disjoint),
            ("/", "/", .equivalent),
            ("/a/b", "/a/c", .disjoint),
            ("/a/:x/c", "/a/b/:y", .overlapping),
            ("/caf%C3%A9", "/caf%c3%a9", .equivalent),
            ("/%41", "/A", .equivalent),
            ("/a/**", "/a/:x/**", .lessSpecific),
            ("/:a/:b", "/:c", .disjoint),
        ])
    func relations(_ first: String, _ second: String, _ expected: PatternRelation) {
        var pattern = Patterns()
        #expect(pattern(first).relation(to: pattern(second)) == expected)
    }

    @Test("a common path is matched by both patterns")
    func commonPath() {
        var pattern = Patterns()
        func common(_ first: String, _ second: String) -> String {
            pattern(first).commonPath(with: pattern(second), symbols: pattern.symbols)
        }
        #expect(common("/:section/new", "/products/:id") == "/products/new")
        #expect(common("/a/**", "/:x/b") == "/a/b")
        #expect(common("/a/**", "/a/**") == "/a/x")
        #expect(common("/", "/") == "/")
    }

    @Test("static segments are compared in canonical form")
    func canonicalSegments() {
        func canonical(_ segment: String) -> String? {
            try? PathText.canonical(Array(segment.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }.get()
        }
        #expect(canonical("caf%c3%a9") == "caf%C3%A9")
        #expect(canonical("%7E%41") == "~A")
        #expect(canonical("a%2Fb") == "a%2Fb")
        #expect(canonical("%3a") == "%3A")
        #expect(canonical("%4") == nil)
    }

    @Test("a path parsed after another takes the segments they share and is the pattern it is alone")
    func previousPath() {
        // Sibling paths, a path that is a prefix of the one before and the other way round,
        // a shared segment that ends elsewhere (`/a/bc` after `/a/b`), escapes that decode
        // alike, wildcards, a repeated parameter in a shared prefix, and invalid paths between
        // valid ones (an invalid path is not what the next is compared with).
        let paths = [
            "/a/b/c", "/a/b/d", "/a/b", "/a/b/c/e", "/a/bc", "/a/b/%63", "/a/b/c", "/x/:id", "/x/:id/:id", "/x/:id/y",
            "/x/:id/*", "/x/:id/*/**", "/x/:id/*/z", "/x/:id/:", "/x/:id/y", "/x/:1d", "/x/:id/y/", "/a/b/c/d/e/f",
            "/a/b/c/d/e/g", "/**", "/**/a", "/", "/caf%C3%A9/:d", "/caf%c3%a9/:d", "/caf%c3%a9/:d/x",
        ]
        // What a pattern is, independent of its table's numbering.
        func described(_ result: Result<PathPattern, PathPattern.SyntaxError>, _ symbols: SymbolTable) -> String {
            switch result {
            case .success(let pattern):
                return pattern.segments.map { segment -> String in
                    switch segment {
                    case .literal(let symbol): return "literal " + symbols.text(symbol)
                    case .parameter(let symbol): return "parameter " + symbols.text(symbol)
                    case .wildcard: return "wildcard"
                    case .rest: return "rest"
                    }
                }.joined(separator: ", ") + " text " + symbols.text(pattern.text)
            case .failure(let error): return "\(error)"
            }
        }
        var shared = SymbolTable()
        var previous = PathPattern.Previous()
        for path in paths {
            var alone = SymbolTable()
            let expected = described(PathPattern.parse(path, symbols: &alone), alone)
            let parsed = PathPattern.parse(Array(path.utf8), symbols: &shared, after: &previous)
            #expect(described(parsed, shared) == expected, "\(path)")
        }
    }

    @Test("patterns one parser reads keep their segments and text while later ones fill its buffers, one longer than a buffer among them")
    func sharedBuffers() {
        var symbols = SymbolTable()
        var previous = PathPattern.Previous()
        let long = "/" + (0..<20_000).map { "s\($0)" }.joined(separator: "/")
        let paths = (0..<12_000).map { "/a\($0 % 7)/t\($0 % 3)/item\($0)/:itemId" } + [long, "/", "/x/**", "/y/*/z"]
        let patterns = paths.map { try? PathPattern.parse(Array($0.utf8), symbols: &symbols, after: &previous).get() }
        for (path, pattern) in zip(paths, patterns) {
            // Each parsed again alone, into a buffer of its own, against the same table.
            let alone = try? PathPattern.parse(path, symbols: &symbols).get()
            #expect(pattern != nil && pattern == alone, "\(path.prefix(40))")
            // Equality reads the text alone: the segments are what the buffers must keep.
            if let pattern, let alone { #expect(pattern.segments.elementsEqual(alone.segments), "\(path.prefix(40))") }
            #expect(pattern.map { symbols.text($0.text) } == path)
            #expect(pattern?.segments.count == (path == "/" ? 0 : path.split(separator: "/").count))
            if let pattern, let alone { #expect(pattern.hashValue == alone.hashValue) }
        }
        #expect(patterns[5]?.parameterNames.map(symbols.text) == ["itemId"])
        #expect(patterns[paths.count - 2]?.endsWithRest == true)
        #expect(patterns[paths.count - 1]?.segments.last == .literal(symbols.lookup("z")!))
    }

    @Test("a path of 100,000 parameters is checked for repeats in linear time")
    func manyParameters() {
        var symbols = SymbolTable()
        let unique = "/" + (0..<100_000).map { ":p\($0)" }.joined(separator: "/")
        #expect((try? PathPattern.parse(unique, symbols: &symbols).get())?.segments.count == 100_000)
        #expect(PathPattern.parse(unique + "/:p99999", symbols: &symbols) == .failure(.repeatedParameter("p99999")))
    }

    /// Patterns over a tiny alphabet, so that random sets overlap a lot.
    static func randomPattern(_ generator: inout some RandomNumberGenerator, _ pattern: inout Patterns) -> PathPattern {
        let length = Int.random(in: 0...4, using: &generator)
        var segments: [String] = []
        for position in 0..<length {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4: segments.append(["a", "b"].randomElement(using: &generator)!)
            case 4..<6: segments.append(":p\(position)")
            case 6..<8: segments.append("*")
            default: segments.append(position == length - 1 ? "**" : "*")
            }
        }
        return pattern("/" + segments.joined(separator: "/"))
    }

    @Test("the trie finds exactly the conflicts a comparison of all pairs finds")
    func conflictIndexMatchesAllPairs() {
        var generator = SplitMix64(seed: 2026)
        var pattern = Patterns()
        for _ in 0..<50 {
            let patterns = (0..<60).map { _ in Self.randomPattern(&generator, &pattern) }
            var expected: [Int: [Int]] = [:]
            for later in patterns.indices {
                for earlier in 0..<later where patterns[later].relation(to: patterns[earlier]).isConflict {
                    expected[later, default: []].append(earlier)
                }
            }
            let groups = ConflictIndex.conflicts(among: patterns, limit: .max)
            var actual: [Int: [Int]] = [:]
            for group in groups { actual[group.pattern] = group.earlier }
            #expect(actual == expected, "\(patterns.map { pattern.symbols.text($0.text) })")
        }
    }

    @Test("relations are consistent with matching random paths")
    func relationAgreesWithMatching() {
        var generator = SplitMix64(seed: 7)
        var pattern = Patterns()
        let paths: [[String]] =
            [[]]
            + (1...4).flatMap { length in
                (0..<(1 << length)).map { bits in (0..<length).map { (bits >> $0) & 1 == 0 ? "a" : "b" } }
            } + [["c"], ["a", "c"], ["c", "c", "c"]]
        for _ in 0..<400 {
            let first = Self.randomPattern(&generator, &pattern)
            let second = Self.randomPattern(&generator, &pattern)
            let symbols = pattern.symbols
            let described = "\(symbols.text(first.text)) \(symbols.text(second.text))"
            let firstMatches = Set(paths.indices.filter { Self.matches(first, paths[$0], symbols) })
            let secondMatches = Set(paths.indices.filter { Self.matches(second, paths[$0], symbols) })
            let relation = first.relation(to: second)
            #expect(firstMatches.isDisjoint(with: secondMatches) == (relation == .disjoint), "\(described)")
            if relation == .moreSpecific || relation == .equivalent {
                #expect(firstMatches.isSubset(of: secondMatches), "\(described)")
            }
            if relation != .disjoint {
                let common = first.commonPath(with: second, symbols: symbols).split(separator: "/").map(String.init)
                #expect(Self.matches(first, common, symbols) && Self.matches(second, common, symbols), "\(described)")
            }
        }
    }

    static func matches(_ pattern: PathPattern, _ path: [String], _ symbols: SymbolTable) -> Bool {
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .rest: return path.count > index
            case .literal(let text): guard index < path.count, path[index] == symbols.text(text) else { return false }
            case .parameter, .wildcard: guard index < path.count else { return false }
            }
        }
        return path.count == pattern.segments.count
    }

    @Test("each route reports at most the limit, and counts the rest")
    func hostileSetIsCapped() {
        var pattern = Patterns()
        let patterns = (0..<200).map { pattern("/:a/s\($0)") } + (0..<200).map { pattern("/s\($0)/:b") }
        let groups = ConflictIndex.conflicts(among: patterns, limit: 10)
        #expect(groups.count == 200)
        #expect(groups.allSatisfy { $0.earlier == Array(0..<10) && $0.omitted == 190 })
    }
}
