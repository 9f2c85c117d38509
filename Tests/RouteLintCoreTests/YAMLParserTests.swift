import Testing

@testable import RouteLintCore

@Suite("YAML layer")
struct YAMLParserTests {
    @Test("nodes keep 1-based positions counted in code points")
    func positions() throws {
        let parsed = parseYAML("a: b\nkey: 'é€😀'\nnext: [x, y]\n")
        let document = try #require(parsed.document)
        let pairs = Array(document.pairs(try #require(document.root)))
        #expect(pairs.count == 3)
        #expect(document.range(pairs[1].value).start == SourcePosition(line: 2, column: 6))
        // Three code points between the quotes, five in all: the end is exclusive.
        #expect(document.range(pairs[1].value).end == SourcePosition(line: 2, column: 11))
        let items = document.items(pairs[2].value)
        #expect(items.map { document.range($0).start } == [SourcePosition(line: 3, column: 8), SourcePosition(line: 3, column: 11)])
    }

    @Test("scalars resolve by the YAML 1.2 core schema")
    func coreSchema() throws {
        let parsed = parseYAML("[~, null, '', true, False, yes, no, 12, -3, 0x1F, 0o17, 1.5, .inf, '12', \"true\", on, 1_000]")
        let document = try #require(parsed.document)
        let values = document.items(try #require(document.root)).map { document.scalar($0)!.resolved }
        #expect(
            values == [
                .null, .null, .string(""), .bool(true), .bool(false), .string("yes"), .string("no"),
                .int(12), .int(-3), .int(31), .int(15), .float(1.5), .float(.infinity), .string("12"),
                .string("true"), .string("on"), .string("1_000"),
            ])
    }

    @Test("keywords resolve in each spelling of the core schema, and only whole")
    func coreSchemaKeywords() throws {
        let parsed = parseYAML(
            "[NULL, Null, TRUE, True, FALSE, +.inf, +.INF, -.Inf, -.INF, .NaN, .nan, nulls, truex, ~~, -.infx, +.nan, tru, '~', -0, +7, 9223372036854775808]"
        )
        let document = try #require(parsed.document)
        let values = document.items(try #require(document.root)).map { document.scalar($0)!.resolved }
        let isNaN = values.map { if case .float(let number) = $0 { number.isNaN } else { false } }
        #expect(isNaN == (0..<values.count).map { $0 == 9 || $0 == 10 })
        #expect(
            values.enumerated().filter { !isNaN[$0.offset] }.map(\.element) == [
                .null, .null, .bool(true), .bool(true), .bool(false), .float(.infinity), .float(.infinity),
                .float(-.infinity), .float(-.infinity), .string("nulls"), .string("truex"), .string("~~"),
                .string("-.infx"), .string("+.nan"), .string("tru"), .string("~"), .int(0), .int(7), .int(.max),
            ])
    }

    @Test("a repeated key is reported once per repetition, against the first, which is the one kept")
    func repeatedKeys() throws {
        let parsed = parseYAML("a: 1\nb: 2\na: 3\na: 4\n")
        let document = try #require(parsed.document)
        let pairs = Array(document.pairs(try #require(document.root)))
        #expect(pairs.map { document.text($0.key)! } == ["a", "b"])
        #expect(document.text(pairs[0].value) == "1")
        let duplicates = parsed.issues.compactMap { issue -> String? in
            guard case .duplicateKey(let key, let earlier) = issue.kind else { return nil }
            return "\(key) \(issue.range.start) first \(earlier.start)"
        }
        #expect(duplicates == ["a 3:1 first 1:1", "a 4:1 first 1:1"])
    }

    @Test("in a mapping of many keys, each repeat is found, however the key is written")
    func repeatedKeysOfALargeMapping() throws {
        // Past sixteen keys a mapping's keys are indexed: plain and quoted keys where the file
        // holds them, escaped ones and aliases by their text; short keys and long ones.
        var lines = (0..<40).map { "key-number-\($0): \($0)" }
        lines[3] = "&short s: 3"
        lines[5] = "\"quoted-long-key\": 5"
        lines += [
            "key-number-7: again", "\"key-number-\\x39\": escaped", "'s': quoted", "*short : alias",
            "quoted-long-key: plain", "\"key-number-4\\u0030\\u0030\": new", "key-number-39: last",
        ]
        let parsed = parseYAML(lines.joined(separator: "\n") + "\n")
        let duplicates = parsed.issues.compactMap { issue -> String? in
            guard case .duplicateKey(let key, let earlier) = issue.kind else { return nil }
            return "\(key) \(issue.range.start) first \(earlier.start)"
        }
        #expect(
            duplicates == [
                "key-number-7 41:1 first 8:1", "key-number-9 42:1 first 10:1", "s 43:1 first 4:1", "s 44:1 first 4:1",
                "quoted-long-key 45:1 first 6:1", "key-number-39 47:1 first 40:1",
            ])
        let document = try #require(parsed.document)
        #expect(document.pairs(try #require(document.root)).count == 41)
    }

    @Test("an alias shares its anchor's content and stands where it is written")
    func aliasesShareContent() throws {
        let parsed = parseYAML("base: &b [x, y]\ncopy: *b\n")
        let document = try #require(parsed.document)
        let pairs = Array(document.pairs(try #require(document.root)))
        #expect(document.items(pairs[1].value) == document.items(pairs[0].value))
        #expect(document.range(pairs[0].value).start == SourcePosition(line: 1, column: 7))
        #expect(document.range(pairs[1].value).start == SourcePosition(line: 2, column: 7))
        // Keys, the sequence and its items, and one node for the alias.
        #expect(document.tree.nodes.count == 7)
    }

    @Test("a billion laughs builds a node per event, not per expansion")
    func aliasBomb() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...30 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let parsed = parseYAML(text)
        let document = try #require(parsed.document)
        #expect(parsed.issues.isEmpty)
        // 31 keys, 31 sequences, 10 scalars and 300 aliases: 373 events, 373 nodes.
        #expect(document.tree.nodes.count == 373)
        // And the manifest decoder reads what the format defines, one level: each of the
        // ten items written in `a30` is a list where a name belongs, and nothing deeper.
        let manifest = "manifest: 1\n" + text + "routes:\n  r: {links: *a30}\n"
        let decoded = ManifestDecoder.decode(SourceFile(id: FileID(0), path: "bomb.routes.yaml", bytes: Array(manifest.utf8)))
        #expect(decoded.issues.count { if case .invalidValue = $0 { true } else { false } } == 10)
    }

    @Test("nesting deeper than the limit is a finding, not a stack overflow", arguments: [200_000, 3_000])
    func deepFlowNesting(depth: Int) throws {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let parsed = parseYAML(text)
        #expect(parsed.document == nil)
        #expect(parsed.issues.map(\.kind.message) == ["nesting is deeper than 1000 levels; routelint stops reading the file here"])
        #expect(parsed.issues.first?.range.start == SourcePosition(line: 1, column: 1001))
    }

    @Test("a block mapping nested 3,000 deep is a finding")
    func deepBlockNesting() throws {
        var text = ""
        for level in 0..<3_000 { text += String(repeating: " ", count: level) + "k:\n" }
        let parsed = parseYAML(text)
        #expect(parsed.document == nil)
        #expect(parsed.issues.first?.range.start.line == 1001)
    }

    @Test("libyaml errors carry libyaml's problem, context and position; an unclosed '[', '{' or quote is placed at its opening")
    func syntaxErrors() {
        let parsed = parseYAML("a: [1, 2\nb: 3\n")
        #expect(parsed.document == nil)
        #expect(parsed.issues.map(\.kind.message) == ["'[' opened here is not closed: did not find expected ',' or ']'"])
        #expect(parsed.issues.first?.range.start == SourcePosition(line: 1, column: 4))
        #expect(parsed.issues.first?.stopped?.start == SourcePosition(line: 2, column: 2))
        let mapping = parseYAML("a: {b: 1\nc: 3\n")
        #expect(mapping.issues.map(\.kind.message) == ["'{' opened here is not closed: did not find expected ',' or '}'"])
        #expect(mapping.issues.first?.range.start == SourcePosition(line: 1, column: 4))
        let quoted = parseYAML("a: 'b\nc: 3\n")
        #expect(quoted.issues.map(\.kind.message) == ["the quoted string opened here is not closed: found unexpected end of stream"])
        #expect(quoted.issues.first?.range.start == SourcePosition(line: 1, column: 4))
        // Other contexts keep libyaml's position of the problem, and name the context.
        let block = parseYAML("a:\n  b: 1\n c: 2\n")
        #expect(block.issues.first?.stopped == nil)
        #expect(block.issues.first?.kind.message.contains("(while parsing a block mapping at line") == true)
    }

    @Test("reader errors are placed by byte offset, in code points")
    func readerErrors() {
        let parsed = YAMLParser.parse(Array("a: é\nb: x".utf8) + [0xFE] + Array("\n".utf8), file: FileID(0))
        #expect(parsed.issues.map(\.kind.message) == ["invalid leading UTF-8 octet (byte 0xFE)"])
        #expect(parsed.issues.first?.range.start == SourcePosition(line: 2, column: 5))
    }

    @Test("empty input and a lone comment give no document and no issue")
    func emptyInput() {
        for text in ["", "# only a comment\n", "---\n"] {
            let parsed = parseYAML(text)
            #expect(parsed.issues.isEmpty)
            #expect(parsed.document?.root.map { parsed.document!.isNull($0) } ?? true)
        }
    }

    @Test("line breaks are counted as libyaml counts them")
    func lineIndex() {
        let bytes = Array("a\r\nb\rc\u{85}d\u{2028}e\nf".utf8)
        let index = LineIndex(bytes)
        #expect(index.lineCount == 6)
        #expect((1...6).map { index.line($0) } == ["a", "b", "c", "d", "e", "f"])
        #expect(index.position(ofByte: bytes.count - 1) == SourcePosition(line: 6, column: 1))
    }

    @Test(
        "lines broken at LF alone are found as those of any text",
        arguments: ["", "\n", "a", "a\n", "a\n\nb", "a: 1\nb: 2\n", "\n\n\n"])
    func lineIndexOfLineFeeds(text: String) {
        // The first is read by `memchr` (no byte that may start another break); the second,
        // with a character whose UTF-8 starts with 0xE2 on its first line, byte by byte.
        let plain = LineIndex(Array(text.utf8))
        let mixed = LineIndex(Array(("\u{2019}" + text).utf8))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(plain.lineCount == lines.count)
        #expect((1...lines.count).map { plain.line($0) } == lines)
        #expect(mixed.lineCount == lines.count)
        #expect((1...lines.count).map { mixed.line($0) } == ["\u{2019}" + lines[0]] + lines.dropFirst())
        #expect(plain.line(lines.count + 1) == nil)
    }
}

/// `text` parsed as one YAML document of file 0.
private func parseYAML(_ text: String) -> YAMLParseResult {
    YAMLParser.parse(Array(text.utf8), file: FileID(0))
}
