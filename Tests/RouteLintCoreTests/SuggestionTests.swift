import Testing
@testable import RouteLintCore
import RouteLintTestSupport

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

    @Test("one slip is decided in one pass exactly as the edit distance bounded by 1 decides it")
    func oneSlipAgreesWithTheDistance() {
        var random = SplitMix64(seed: 1)
        let letters: [Unicode.Scalar] = ["a", "b", "c"]
        for _ in 0..<5_000 {
            let a = (0..<Int(random.next() % 5)).map { _ in letters[Int(random.next() % 3)] }
            let b = (0..<Int(random.next() % 5)).map { _ in letters[Int(random.next() % 3)] }
            #expect(Suggestion.oneSlip(a, b) == Suggestion.editDistance(a, b, bound: 1), "\(a) \(b)")
        }
    }
}
