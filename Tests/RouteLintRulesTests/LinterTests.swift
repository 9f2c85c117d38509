import RouteLintCore
import RouteLintRules
import Testing

/// The linter and its configuration through Rules' own API, in memory: texts loaded as files,
/// checked, the findings read as values. Every rule's examples run through a whole lint in the
/// run tests; these hold the linter's own contract.
@Suite("Linter")
struct LinterTests {
    /// One activity with `count` tabs.
    static func tabs(_ count: Int) -> String {
        """
        manifest: 1
        activities:
          shop: {}
        holders: {H: {}}
        tabs:

        """
            + (0..<count).map { "  t\($0): {activity: shop, index: \($0), root: r\($0), icon: i}\n" }.joined()
            + "routes:\n" + (0..<count).map { "  r\($0): {path: /r\($0), holder: H, activity: shop}\n" }.joined()
    }

    /// `texts` as files `m0.routes.yaml`, … checked with the configuration `configuration`.
    static func lint(_ texts: [String], configuration: String = "") throws -> LintResult {
        let files = texts.enumerated().map { index, text in
            SourceFile(id: FileID(index), path: "m\(index).routes.yaml", bytes: Array(text.utf8))
        }
        let parsed = try LintConfiguration.parse(Array(configuration.utf8), path: ".routelint.yml")
        return Linter.check(files.map(Linter.load), configuration: parsed)
    }

    @Test("a rule's option is read from the configuration, its default where none is given; a rule turned off reports nothing")
    func options() throws {
        let six = try Self.lint([Self.tabs(6)])
        #expect(six.findings.map(\.rule) == ["tab-limit"])
        #expect(six.findings.first?.range.start == SourcePosition(line: 3, column: 3))
        #expect(try Self.lint([Self.tabs(5)]).findings.isEmpty)
        #expect(try Self.lint([Self.tabs(6)], configuration: "tab-limit: {max: 6}\n").findings.isEmpty)
        #expect(try Self.lint([Self.tabs(5)], configuration: "tab-limit: {max: 4}\n").findings.map(\.rule) == ["tab-limit"])
        #expect(try Self.lint([Self.tabs(6)], configuration: "tab-limit: off\n").findings.isEmpty)
        let raised = try Self.lint([Self.tabs(6)], configuration: "tab-limit: error\n")
        #expect(raised.findings.map(\.severity) == [.error])
    }

    @Test("files join into one app; a file that does not parse is named")
    func files() throws {
        let split = try Self.lint([
            "manifest: 1\nactivities: {shop: {}}\nholders: {H: {}}\n",
            "manifest: 1\nroutes:\n  home: {path: /, holder: H, activity: shop, entry: true}\n",
        ])
        #expect(split.findings.isEmpty)
        #expect(split.apps.count == 1)
        #expect(split.apps.first?.routes.count == 1)
        let broken = try Self.lint(["manifest: 1\nactivities: {shop: {}}\nholders: {H: {}}\n", "routes: [\n"])
        #expect(broken.unparsedFiles == [FileID(1)])
    }

    @Test("a directive in the manifest moves the finding it names to the suppressed ones")
    func suppression() throws {
        let text = Self.tabs(6).replacing("  shop: {}\n", with: "  shop: {}  # routelint:ignore tab-limit\n", maxReplacements: 1)
        let result = try Self.lint([text])
        #expect(result.findings.isEmpty)
        #expect(result.suppressed.map(\.rule) == ["tab-limit"])
    }
}

/// The unobserved-context rule over as many contexts as a word of them holds and more: the
/// sets that flow along the link graph are one word a route up to 64 contexts, sets past it,
/// and both must find the same senders.
@Suite("Unobserved contexts")
struct UnobservedContextTests {
    /// A chain of `count` routes, each linking to the next: route `r<i>` sends context `C<i>`,
    /// which `r<i - 2>` observes when `i` is even, and `r<i + 1>` (below it, not above) when
    /// `i` is odd. The first route also sends `C1`, which nothing above it can observe.
    static func chain(_ count: Int) -> String {
        var text = "manifest: 1\nholders: {H: {}}\nroutes:\n"
        for index in 0..<count {
            var observes = index + 2 < count && (index + 2) % 2 == 0 ? ["C\(index + 2)"] : []
            if index > 0 && (index - 1) % 2 == 1 { observes.append("C\(index - 1)") }
            let sends = index == 0 ? ["C0", "C1"] : ["C\(index)"]
            let link = index + 1 < count ? "links: [r\(index + 1)], " : ""
            text += "  r\(index): {path: /r\(index), holder: H, \(link)sends: [\(sends.joined(separator: ", "))]"
            text += observes.isEmpty ? "}\n" : ", observes: [\(observes.joined(separator: ", "))]}\n"
        }
        return text
    }

    @Test("the senders whose contexts nothing above observes, with 10 contexts and with 70", arguments: [10, 70])
    func unobserved(count: Int) throws {
        let result = try LinterTests.lint([Self.chain(count)])
        let reported = result.findings.filter { $0.rule == "unobserved-context" }.map(\.message)
        // Even contexts are observed two routes up, except C0 (no route above r0); odd ones
        // only below their sender.
        var expected = ["route 'r0' sends 'C0', but no route that links to it, directly or through other routes, observes it"]
        expected.append("route 'r0' sends 'C1', but no route that links to it, directly or through other routes, observes it")
        for index in stride(from: 1, to: count, by: 2) {
            expected.append(
                "route 'r\(index)' sends 'C\(index)', but no route that links to it, directly or through other routes, observes it")
        }
        #expect(reported.sorted() == expected.sorted())
    }
}
