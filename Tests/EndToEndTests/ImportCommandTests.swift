import Foundation
import Testing

/// `routelint import`, end to end: each real-shaped project is imported, the manifest and what
/// the import says match their expected files exactly, and the round trip holds — `lint` of
/// the manifest with the original link files reports exactly the differences the import
/// reported, each with a URL that the platform's matcher and the routes treat as it says.
@Suite("routelint import, end to end")
struct ImportCommandTests {
    static let fixtures = "Tests/RouteLintRunsTests/Fixtures/import"

    /// One project: where it is, the import's arguments, the summary it prints.
    struct Project: CustomTestStringConvertible, Sendable {
        let name: String
        /// The folder the import runs in, from the package root.
        let folder: String
        let arguments: [String]
        let summary: String
        /// Whether every pattern is imported exactly: the round trip finds nothing.
        var isExact: Bool { summary.contains("every pattern imported exactly") }
        var testDescription: String { name }
    }

    static let projects: [Project] = [
        Project(
            name: "generated", folder: ".", arguments: ["Manifests/platform"],
            summary: "12 routes from 4 files; every pattern imported exactly; 1 finding left."),
        Project(
            name: "navigation", folder: fixtures + "/navigation", arguments: ["--app", "shop"],
            summary: "10 routes from 5 files; every pattern imported exactly; 3 placeholders kept."),
        Project(
            name: "ios", folder: fixtures + "/ios", arguments: [],
            summary: "8 routes from 2 files; 2 patterns imported inexactly; 2 findings left."),
        Project(
            name: "legacy-ios", folder: fixtures + "/legacy-ios", arguments: ["--host", "news.example.com"],
            summary: "3 routes from 1 file; every pattern imported exactly; 1 finding left."),
        Project(
            name: "one-line-ios", folder: fixtures + "/one-line-ios", arguments: ["--host", "meet.example.com"],
            summary: "5 routes from 1 file; 1 pattern imported inexactly."),
        Project(
            name: "android", folder: fixtures + "/android", arguments: [],
            summary: "5 routes from 2 files; 3 patterns imported inexactly."),
        // Both platforms, whose files have drifted apart: iOS claims /orders/…, Android does not.
        Project(
            name: "both", folder: fixtures + "/both", arguments: [],
            summary: "4 routes from 4 files; 2 patterns imported inexactly; 1 finding left."),
        // A new user's Android app: a destination opened by an https link and by the app's
        // scheme on one path is one route, a web route, since the link files' /r/* claims it.
        Project(
            name: "restaurants", folder: fixtures + "/restaurants", arguments: [],
            summary: "4 routes from 3 files; 1 pattern imported inexactly."),
        // Link files before the build fills them in: a string resource beside the manifest,
        // `${applicationId}` from Gradle, a placeholder and a build setting given by --define.
        Project(
            name: "placeholders", folder: fixtures + "/placeholders",
            arguments: ["--define", "appLinkHost=shop.example.com", "--define", "APP_LINK_HOST=shop.example.com"],
            summary: "1 route from 2 files; 1 pattern imported inexactly; 1 finding left."),
    ]

    @Test(
        "the manifest and the messages are the expected ones; lint with the original files finds exactly the inexact patterns reported",
        arguments: projects)
    func roundTrip(_ project: Project) throws {
        try GenerateCommandTests.withDirectory { directory in
            let output = directory.appendingPathComponent("\(project.name).routes.yaml").path
            let folder = RouteLint.packageRoot.appendingPathComponent(project.folder)
            let imported = try RouteLint.run(["import"] + project.arguments + ["--output", output], in: folder)
            #expect(imported.status == 0, "\(imported.stderr)")
            let lines = imported.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Wrote \(output): \(project.summary)")
            let manifest = try String(contentsOfFile: output, encoding: .utf8)
            let expected = RouteLint.packageRoot.appendingPathComponent("\(Self.fixtures)/\(project.name).expected")
            #expect(manifest == (try String(contentsOf: expected.appendingPathExtension("yaml"), encoding: .utf8)))
            #expect(
                imported.stderr.replacingOccurrences(of: output, with: "OUT")
                    == (try String(contentsOf: expected.appendingPathExtension("err"), encoding: .utf8)))

            // The round trip: lint as the import says to.
            let check = try #require(lines.last?.components(separatedBy: "routelint lint ").last)
            let arguments = check.split(separator: " ").map { String($0) }
            let linted = try RouteLint.run(["lint"] + arguments + ["--format", "json"], in: folder)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(linted.stdout.utf8)) as? [[String: Any]])
            let differences = findings.filter { ["unrouted-link", "unclaimed-route"].contains($0["rule"] as? String) }
            let reported = Self.inexactFindings(imported.stderr)
            #expect(Set(differences.compactMap { $0["message"] as? String }) == Set(reported))
            #expect(differences.count == reported.count)
            #expect(project.isExact == reported.isEmpty)
            // The summary's count is what that lint reports besides the inexact patterns.
            let left =
                project.summary.split(separator: ";").compactMap { part in
                    part.hasSuffix(" left.") || part.hasSuffix(" left") ? Int(part.split(separator: " ").first ?? "") : nil
                }.first ?? 0
            #expect(findings.count - differences.count == left, "\(linted.stdout)")

            // Each witness is what the message says under the platform's matcher and the routes.
            let platformFiles = arguments.indices.filter { arguments[$0] == "--platform-file" }.map { arguments[$0 + 1] }
            for message in reported {
                try Self.expectWitnessHolds(message, manifest: output, platformFiles: platformFiles, in: folder)
            }
        }
    }

    @Test("a placeholder or build setting found nowhere stops the import, naming the define that gives it; nothing is written")
    func placeholdersWithoutValues() throws {
        try GenerateCommandTests.withDirectory { directory in
            let output = directory.appendingPathComponent("placeholders.routes.yaml").path
            let folder = RouteLint.packageRoot.appendingPathComponent(Self.fixtures + "/placeholders")
            let imported = try RouteLint.run(["import", "--output", output, "--define", "appLinkHost=shop.example.com"], in: folder)
            #expect(imported.status == 2)
            #expect(
                imported.stderr.split(separator: "\n").filter { $0.contains("error") } == [
                    "routelint: error: cannot import 'App/App.entitlements': 7:3: '$(APP_LINK_HOST)' has no value: set it in "
                        + "'ios.build-settings' ({APP_LINK_HOST: VALUE}) or with --define APP_LINK_HOST=VALUE"
                ])
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    /// The messages under the import's `inexact:` lines.
    static func inexactFindings(_ stderr: String) -> [String] {
        var messages: [String] = []
        var underInexact = false
        for line in stderr.split(separator: "\n") {
            if line.hasPrefix("    ") {
                if underInexact { messages.append(String(line.dropFirst(4))) }
            } else {
                underInexact = line.contains(": inexact: ")
            }
        }
        return messages
    }

    /// Asks `resolve` whether the witness of `message` opens the app on its platform and
    /// which route opens it, and expects what the message says.
    static func expectWitnessHolds(_ message: String, manifest: String, platformFiles: [String], in folder: URL) throws {
        let word = try #require(message.split(separator: " ").first { $0.hasPrefix("https://") })
        let url = String(word.hasSuffix(",") ? word.dropLast() : word)
        let platform = message.contains("(iOS)") ? "ios" : "android"
        let files = platformFiles.filter { file in
            platform == "ios" ? !file.hasSuffix(".xml") && !file.hasSuffix("assetlinks.json") : file.hasSuffix("AndroidManifest.xml")
        }
        let onPlatform = try RouteLint.run(
            ["resolve", "--platform", platform, "--manifest", manifest, "--format", "json", url]
                + files.flatMap { ["--platform-file", $0] }, in: folder)
        let answers = try #require(
            ((try JSONSerialization.jsonObject(with: Data(onPlatform.stdout.utf8)) as? [[String: Any]])?.first?["answers"])
                as? [[String: Any]])
        let opensApp = answers.compactMap { $0["opensApp"] as? Bool }
        let byRoutes = try RouteLint.run(["resolve", "--manifest", manifest, "--format", "json", url], in: folder)
        let resolution = try #require((try JSONSerialization.jsonObject(with: Data(byRoutes.stdout.utf8)) as? [[String: Any]])?.first)
        let route = resolution["status"] as? String == "resolved" ? resolution["route"] as? String : nil
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let routeIsWeb = route.map { !Self.block(of: $0, in: text).contains("    web: false") } ?? false
        if message.contains("but no web route opens it") {
            #expect(opensApp.contains(true), "\(url) should open the app on \(platform): \(message)")
            #expect(!routeIsWeb, "\(url) should open no web route: \(message)")
        } else {
            #expect(opensApp.contains(false), "\(url) should stay on the web on \(platform) for some API level: \(message)")
            #expect(route.map { message.hasPrefix("route '\($0)' opens") } == true, "\(url) should open the route named: \(message)")
        }
    }

    /// The lines of route `id` in a manifest the import wrote.
    static func block(of id: String, in text: String) -> String {
        guard let start = text.range(of: "\n  \(id):\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n  [^ ]", options: .regularExpression)?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test(
        "a manifest that exists is never replaced; a name lint would not find, a folder with nothing to import and a malformed file are refused, exit 2, nothing written"
    )
    func refusals() throws {
        try GenerateCommandTests.withDirectory { directory in
            let existing = directory.appendingPathComponent("app.routes.yaml").path
            try "manifest: 1\n".write(toFile: existing, atomically: true, encoding: .utf8)
            let replaced = try RouteLint.run(["import", "Manifests/platform", "--output", existing])
            #expect(replaced.status == 2)
            #expect(replaced.stderr == "routelint: error: '\(existing)' exists; import writes a new manifest and never replaces one\n")
            #expect(try String(contentsOfFile: existing, encoding: .utf8) == "manifest: 1\n")

            // A folder gets APP.routes.yaml, which exists here too.
            let intoFolder = try RouteLint.run(["import", "Manifests/platform", "--output", directory.path])
            #expect(intoFolder.status == 2)
            #expect(intoFolder.stderr.contains("app.routes.yaml' exists"))

            let nowhere = directory.path + "/missing/app.routes.yaml"
            let unwritable = try RouteLint.run(["import", "Manifests/platform", "--output", nowhere])
            #expect(unwritable.status == 2)
            #expect(unwritable.stderr.hasSuffix("routelint: error: cannot write '\(nowhere)': No such file or directory\n"))

            let misnamed = try RouteLint.run(["import", "Manifests/platform", "--output", directory.path + "/routes.yaml"])
            #expect(misnamed.status == 2)
            #expect(misnamed.stderr.contains("is not named *.routes.yaml or *.routes.yml, so lint would not find it"))

            let empty = directory.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let nothing = try RouteLint.run(["import", "--output", directory.path + "/new.routes.yaml"], in: empty)
            #expect(nothing.status == 2)
            #expect(
                nothing.stderr
                    == "routelint: error: nothing to import: no link files or navigation graphs in the current directory (docs/adopting.md says what is read)\n"
            )

            let broken = directory.appendingPathComponent("broken")
            try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
            try "{\"applinks\": {\"details\": [\n".write(
                to: broken.appendingPathComponent("apple-app-site-association"), atomically: true, encoding: .utf8)
            let malformed = try RouteLint.run(["import", "--output", directory.path + "/new.routes.yaml"], in: broken)
            #expect(malformed.status == 2)
            #expect(malformed.stderr.hasPrefix("routelint: error: cannot import 'apple-app-site-association': 2:1: "))
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/new.routes.yaml"))
        }
    }

    @Test("init offers the import when it finds link files or navigation graphs, and not otherwise")
    func initOffersImport() throws {
        try GenerateCommandTests.withDirectory { directory in
            let project = RouteLint.packageRoot.appendingPathComponent(Self.fixtures + "/navigation")
            let copy = directory.appendingPathComponent("app")
            try FileManager.default.copyItem(at: project, to: copy)
            let offered = try RouteLint.run(["init"], in: copy)
            #expect(offered.status == 0)
            #expect(
                offered.stdout.contains(
                    "\nFound AndroidManifest.xml and 2 navigation graphs: run `routelint import --output app.routes.yaml` to write a manifest from them (docs/adopting.md).\n"
                ))
            let plain = directory.appendingPathComponent("plain")
            try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
            let silent = try RouteLint.run(["init"], in: plain)
            #expect(silent.status == 0)
            #expect(!silent.stdout.contains("routelint import"))
        }
    }
}
