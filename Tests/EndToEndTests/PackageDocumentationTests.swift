import Foundation
import Testing

/// docs/development.md describes the package: its targets and what each depends on, and how long
/// CI fuzzes. These tests read the package as SwiftPM does (`swift package dump-package`) and
/// `.ci/run`, so that the page cannot drift from them.
@Suite("docs/development.md and the package")
struct PackageDocumentationTests {
    /// The short names the table uses for the package's own targets.
    static func targetName(_ short: String) -> String {
        switch short {
        case "Core", "Platform", "Changes", "Served", "Device", "Rules", "Import", "Generation", "Reporting", "Runs", "Hosts", "Server":
            "RouteLint" + short
        default: short
        }
    }

    /// One row of the targets table: the targets it names, the package's own targets they depend
    /// on, and what the column says after `;` (products of other packages).
    struct Row {
        let targets: [String]
        let dependencies: Set<String>
        let products: String
    }

    static func rows() throws -> [Row] {
        let page = try String(contentsOf: RouteLint.packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let table = page.components(separatedBy: "| Target | Depends on | Holds, and why there |\n")[1]
        return table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let targets = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
            let column = cells[2].split(separator: ";", maxSplits: 1).map(String.init)
            let own = column[0] == "nothing" ? [] : column[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(
                targets: targets, dependencies: Set(own.map(targetName)),
                products: column.count > 1 ? column[1] : "")
        }
    }

    /// The package's targets as SwiftPM reads them: name, type, folder, the targets and the
    /// products each depends on.
    struct Target {
        let name: String
        let type: String
        let path: String
        let targets: Set<String>
        let products: [String]
    }

    static func targets() throws -> [Target] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the package's `.build` is locked by the `swift test` running this.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = [
            "swift", "package", "--package-path", RouteLint.packageRoot.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        return targets.map { target in
            var own = Set<String>()
            var products: [String] = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any], let name = byName.first as? String {
                    own.insert(name)
                } else if let product = dependency["product"] as? [Any], let name = product.first as? String {
                    products.append(name)
                }
            }
            let name = target["name"] as! String
            let type = target["type"] as! String
            let path = target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name
            return Target(name: name, type: type, path: path, targets: own, products: products)
        }
    }

    @Test("every target of the package has its row, with the targets and products it depends on")
    func targetTable() throws {
        let rows = try Self.rows()
        let targets = try Self.targets().filter { $0.type == "regular" || $0.type == "executable" }
        for target in targets {
            let row = try #require(rows.first { $0.targets.contains(target.name) }, "docs/development.md has no row for \(target.name)")
            #expect(
                row.dependencies == target.targets,
                "\(target.name): the page says \(row.dependencies.sorted()), the package \(target.targets.sorted())")
            for product in target.products {
                #expect(row.products.contains(product), "\(target.name) depends on \(product), which its row does not name")
            }
        }
        let named = Set(rows.flatMap(\.targets))
        #expect(named == Set(targets.map(\.name)), "rows for targets the package does not have: \(named.subtracting(targets.map(\.name)))")
    }

    @Test("a target imports only the targets and products it declares (SwiftPM's own check does not run on Linux)")
    func declaredImports() throws {
        let targets = try Self.targets()
        // The modules of other packages' products that targets depend on.
        let productModules: Set<String> = ["ArgumentParser", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL"]
        let modules = Set(targets.map(\.name)).union(productModules)
        let root = RouteLint.packageRoot
        for target in targets where target.type != "system-target" && target.type != "plugin" {
            let folder = root.appendingPathComponent(target.path)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" && !file.path.contains("/Fixtures/") {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let module = Self.importedModule(line), modules.contains(module) else { continue }
                    let declared = target.targets.contains(module) || target.products.contains(module) || module == target.name
                    #expect(
                        declared, "\(file.lastPathComponent) of \(target.name) imports \(module), which \(target.name) does not depend on")
                }
            }
        }
    }

    /// The module an import declaration names, in every form Swift has: with attributes
    /// (`@testable`, `@_implementationOnly`, `@preconcurrency`), an access level (`internal
    /// import CYAML`, the form the C modules use), a declaration kind (`import struct A.B`), a
    /// submodule (`import A.B`) or a comment after it; nil for any other line.
    static func importedModule(_ line: Substring) -> String? {
        let code = line.prefix { $0 != "/" }
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open"]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        var words = code.split(whereSeparator: \.isWhitespace)[...]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        guard words.count == 1, let path = words.first, let module = path.split(separator: ".").first else { return nil }
        return String(module)
    }

    @Test(
        "every form of an import names its module",
        arguments: [
            ("import Foundation", "Foundation"), ("internal import CYAML", "CYAML"), ("package import RouteLintCore", "RouteLintCore"),
            ("public import RouteLintRuns", "RouteLintRuns"), ("@_implementationOnly import CLibXML2", "CLibXML2"),
            ("@testable import RouteLintPlatform", "RouteLintPlatform"), ("@preconcurrency internal import NIOCore", "NIOCore"),
            ("    import Glibc", "Glibc"), ("import struct RouteLintCore.Finding", "RouteLintCore"),
            ("private import NIOSSL // TLS", "NIOSSL"), ("let text = \"import RouteLintCore\"", nil), ("// import RouteLintCore", nil),
            ("import", nil), ("imports RouteLintCore", nil),
        ] as [(String, String?)])
    func importForms(_ line: String, module: String?) {
        #expect(Self.importedModule(line[...]) == module)
    }

    @Test("the page says how long CI fuzzes each target, as .ci/run does")
    func fuzzingTime() throws {
        let run = try String(contentsOf: RouteLint.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let page = try String(contentsOf: RouteLint.packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let invocation = try #require(run.split(separator: "\n").first { $0.hasPrefix("bash Fuzz/run ") })
        let seconds = invocation.dropFirst("bash Fuzz/run ".count)
        let flowing = page.replacingOccurrences(of: "\n", with: " ")
        #expect(flowing.contains("`.ci/run` fuzzes each target for \(seconds) seconds"))
        #expect(flowing.contains("fuzzes each target for \(seconds) seconds, builds the portable tarball"))
        #expect(run.contains("step \"fuzzing (\(seconds) seconds per target"))
    }
}
