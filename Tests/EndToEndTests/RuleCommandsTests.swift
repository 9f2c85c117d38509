import Testing

@Suite("routelint rules and explain, end to end")
struct RuleCommandsTests {
    @Test("rules lists every rule with its default severity")
    func rules() throws {
        let result = try RouteLint.run(["rules"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 58)
        #expect(lines.contains { $0.hasPrefix("unusable-up") && $0.contains(" warning ") })
        #expect(lines.contains { $0.hasPrefix("conflicting-patterns") && $0.contains(" error ") })
        #expect(lines.contains { $0.hasPrefix("wrong-example") && $0.contains(" error ") })
        #expect(lines.contains { $0.hasPrefix("unresolved-build-value") && $0.contains(" error ") })
        #expect(lines.contains { $0.hasPrefix("unreachable-route") && $0.contains(" warning ") })
    }

    @Test("explain says whether a rule's findings carry a fix, and shows its examples fixed")
    func explainFix() throws {
        let fixable = try RouteLint.run(["explain", "invalid-path"])
        #expect(fixable.stdout.contains("Fixable: `routelint lint --fix` writes the path without its trailing `/`"))
        #expect(fixable.stdout.contains("Fixed by routelint lint --fix:"))
        #expect(fixable.stdout.contains("restaurant: {path: '/r/:restaurantId'}"))
        #expect(fixable.stdout.contains("lists: {path: /lists}"))
        let notFixable = try RouteLint.run(["explain", "duplicate-tab-index"])
        #expect(!notFixable.stdout.contains("Fixable"))
    }

    @Test("explain prints the rationale and the examples")
    func explain() throws {
        let result = try RouteLint.run(["explain", "duplicate-tab-index"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("duplicate-tab-index (default severity: error)\n\nTwo tabs of one activity share an index.\n"))
        #expect(result.stdout.contains("Triggering examples:"))
        #expect(result.stdout.contains("      cart: {activity: shop, index: 0, root: cart, icon: cart}"))
        #expect(!result.stdout.contains("↓"))
    }

    @Test("an unknown rule suggests the nearest, exit 2")
    func unknownRule() throws {
        let result = try RouteLint.run(["explain", "conflicting-pattern"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("unknown rule 'conflicting-pattern'; did you mean 'conflicting-patterns'?"))
    }

    @Test("schema prints the format as a JSON Schema of draft 2020-12, exit 0")
    func schema() throws {
        let result = try RouteLint.run(["schema"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
        #expect(result.stdout.contains("\"route\": {"))
        #expect(result.stdout.hasSuffix("}\n"))
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try RouteLint.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }
}
