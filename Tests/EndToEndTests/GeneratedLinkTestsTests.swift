import Foundation
import Testing

/// `routelint generate tests swift`, as an app uses it: the generated Swift Testing file in the
/// test target of a package whose library holds the generated routing code. Its tests pass on
/// code generated from the same manifests, and fail, naming the link, once the code drifts.
/// (The Kotlin file is compiled and run with the example app's generated Kotlin, once, in
/// GeneratedCodeTests.)
@Suite("routelint generate tests swift, in a package", .serialized)
struct GeneratedLinkTestsTests {
    static let package = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Routes"),
                .testTarget(name: "RoutesTests", dependencies: ["Routes"]),
            ]
        )

        """

    static func swiftTest(in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test"]
        process.currentDirectoryURL = directory
        let log = directory.appendingPathComponent("test.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    @Test("the tests pass beside code from the same manifests, and fail on the link whose route moved")
    func passesThenFailsOnDrift() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-linktests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.package.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let sources = directory.appendingPathComponent("Sources/Routes").path
        let tests = directory.appendingPathComponent("Tests/RoutesTests").path
        #expect(try RouteLint.run(["generate", "swift", "Manifests", "--output", sources]).status == 0)
        let generated = try RouteLint.run(["generate", "tests", "swift", "Manifests", "--output", tests])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stdout.hasPrefix("Wrote 1 file to \(tests): RouteLinkTests.swift"))

        let passing = try Self.swiftTest(in: directory)
        #expect(passing.status == 0, "\(passing.output)")
        // Every route with a path, by its examples or a URL made from its pattern: 12 links of the example app.
        #expect(passing.output.contains("with 12 test cases passed"), "\(passing.output)")
        #expect(passing.output.contains("link → https://shop.example.com/products/42"))
        #expect(passing.output.contains("link → shop://items/42"))

        // The manifests move a route; the tests are regenerated, the routing code is not.
        let moved = directory.appendingPathComponent("Manifests")
        try FileManager.default.copyItem(at: RouteLint.packageRoot.appendingPathComponent("Manifests"), to: moved)
        let checkout = moved.appendingPathComponent("checkout/checkout.routes.yaml")
        let text = try String(contentsOf: checkout, encoding: .utf8)
        #expect(text.contains("path: /orders/:orderId"))
        try text.replacingOccurrences(of: "path: /orders/:orderId", with: "path: /order/:orderId").write(
            to: checkout, atomically: true, encoding: .utf8)
        #expect(try RouteLint.run(["generate", "tests", "swift", moved.path, "--output", tests]).status == 0)
        let failing = try Self.swiftTest(in: directory)
        #expect(failing.status != 0)
        let failures = failing.output.split(separator: "\n").filter { $0.hasPrefix("✘ Test") && $0.contains("recorded an issue") }
        #expect(failures.count == 1, "\(failing.output)")
        #expect(failures.first?.contains("link → https://shop.example.com/order/sample") == true, "\(failing.output)")
    }
}
