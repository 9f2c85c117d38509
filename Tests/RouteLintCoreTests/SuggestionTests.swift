import Testing
@testable import RouteLintCore

@Suite("Suggestions")
struct SuggestionTests {
    @Test(
        "likely typos get the nearest name; unrelated names get none, and so do names two candidates are as near to",
        arguments: [
            ("prodcut", ["cart", "product"], "product"),
            ("requiresAuth", ["requires-auth", "entry"], "requires-auth"),
            ("warn", ["off", "error", "warning", "note"], "warning"),
            ("NoSuchHolder", ["ProductHolder", "CartHolder"], nil),
            ("x", ["y", "xy"], nil),
            ("x", ["y", "abc"], "y"),
            ("prod", ["product", "production"], nil),
            ("shet", ["push", "sheet", "fullscreen"], "sheet"),
            ("Title", ["title"], "title"),
        ] as [(String, [String], String?)])
    func nearest(_ name: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.nearest(to: name, among: candidates) == expected)
    }
}
