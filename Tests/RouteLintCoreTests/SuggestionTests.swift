import Testing
@testable import RouteLintCore

@Suite("Suggestions")
struct SuggestionTests {
    @Test(
        "likely typos get the nearest name; unrelated names get none",
        arguments: [
            ("prodcut", ["cart", "product"], "product"),
            ("requiresAuth", ["requires-auth", "entry"], "requires-auth"),
            ("warn", ["off", "error", "warning", "note"], "warning"),
            ("NoSuchHolder", ["ProductHolder", "CartHolder"], nil),
            ("x", ["y", "xy"], "y"),
            ("Title", ["title"], "title"),
        ] as [(String, [String], String?)])
    func nearest(_ name: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.nearest(to: name, among: candidates) == expected)
    }
}
