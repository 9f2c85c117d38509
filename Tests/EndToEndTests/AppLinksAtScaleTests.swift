import Foundation
import Testing

/// The app's doors on apps of real size, as the built binary serves them: the files
/// `generate app-links` writes lint clean at every `min-sdk`, and Apple's 128 KB limit holds
/// both ways — a file that would not fit is written compactly or refused, and one that is too
/// large is an error of `lint`.
@Suite("routelint app links at app scale, end to end")
struct AppLinksAtScaleTests {
    /// A route set of `count` routes shaped as a large app's: two activities of four tabs, a
    /// tree of item routes under each tab root, most with a parameter last; `platform` is the
    /// `ios`/`android` text to add at the top level.
    static func manifest(routes count: Int, platform: String) -> String {
        var text = "manifest: 1\napp: shop\nhosts: [shop.example.com]\n" + platform + "activities: {a0: {}, a1: {}}\ntabs:\n"
        let tabs = (0..<2).flatMap { activity in (0..<4).map { (activity, $0) } }
        for (activity, tab) in tabs {
            text += "  a\(activity)-t\(tab): {activity: a\(activity), index: \(tab), root: a\(activity)-t\(tab)-root, icon: i}\n"
        }
        text += "holders: {H: {}, ItemHolder: {params: [itemId]}}\nroutes:\n"
        for (index, (activity, tab)) in tabs.enumerated() {
            // The routes after the roots, spread evenly: the first tabs take the remainder.
            let perTab = (count - tabs.count) / tabs.count + (index < (count - tabs.count) % tabs.count ? 1 : 0)
            let prefix = "a\(activity)-t\(tab)"
            // The root links the tab's first item and its pages too: a page without a parameter
            // is reached without one, so a link to it can build its back stack.
            let pages = (0..<perTab).filter { $0 % 10 == 9 }.map { "\(prefix)-\($0)" }
            text +=
                "  \(prefix)-root: {path: /a\(activity)/t\(tab), holder: H, links: [\(([prefix + "-0"] + pages).joined(separator: ", "))]}\n"
            for item in 0..<perTab {
                let children = [2 * item + 1, 2 * item + 2].filter { $0 < perTab }.map { "\(prefix)-\($0)" }
                let links = children.isEmpty ? "" : ", links: [\(children.joined(separator: ", "))]"
                // Every tenth route is a literal page without a parameter.
                let path =
                    item % 10 == 9
                    ? "/a\(activity)/t\(tab)/s\(item / 100)/page\(item)" : "/a\(activity)/t\(tab)/s\(item / 100)/item\(item)/:itemId"
                let holder = item % 10 == 9 ? "H" : "ItemHolder"
                text += "  \(prefix)-\(item): {path: \(path), activity: a\(activity), holder: \(holder)\(links)}\n"
            }
        }
        return text
    }

    static let ios = "ios: {app-ids: [ABCDE12345.com.example.shop]}\n"
    static func android(minimumSDK: Int, inexact: String) -> String {
        "android: {package: com.example.shop, cert-fingerprints: [\"\(String(repeating: "AB:", count: 31))AB\"], "
            + "min-sdk: \(minimumSDK), inexact: \(inexact)}\n"
    }

    /// Generates the files of `manifest` and lints the manifest with them.
    static func generateThenLint(_ manifest: String) throws -> (generate: CommandResult, lint: CommandResult, files: [String: String]) {
        var outcome: (CommandResult, CommandResult, [String: String])?
        try GenerateCommandTests.withDirectory { directory in
            let routes = directory.appendingPathComponent("app.routes.yaml").path
            try manifest.write(toFile: routes, atomically: true, encoding: .utf8)
            let output = directory.appendingPathComponent("platform")
            let generate = try RouteLint.run(["generate", "app-links", routes, "--output", output.path])
            let files = (try? GenerateCommandTests.contents(output)) ?? [:]
            let platformFiles = files.keys.sorted().flatMap { ["--platform-file", output.appendingPathComponent($0).path] }
            let lint = try RouteLint.run(["lint", routes] + platformFiles)
            outcome = (generate, lint, files)
        }
        return try #require(outcome)
    }

    @Test(
        "generate → lint exits 0 at min-sdk 21, 26 and 31 on sets of 100 and 1,000 routes; below 31 one note says what the range cannot claim",
        arguments: [100, 1_000], [21, 26, 31])
    func generatedFilesLintClean(routes: Int, minimumSDK: Int) throws {
        let manifest = Self.manifest(routes: routes, platform: Self.ios + Self.android(minimumSDK: minimumSDK, inexact: "claim-less"))
        let (generate, lint, files) = try Self.generateThenLint(manifest)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(files.count == 4)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let notes = lint.stdout.split(separator: "\n").filter { $0.hasSuffix("[api-level-limit]") }
        if minimumSDK < 31 {
            #expect(notes.count == 1, "\(lint.stdout)")
            #expect(notes.first?.contains(": note: Android API \(minimumSDK)–30 cannot hold a parameter to one segment: ") == true)
            #expect(
                lint.stdout.hasSuffix(
                    "Found 1 note in 1 file (\(routes) routes) and 4 platform files in " + Self.seconds(lint.stdout) + " s.\n"))
        } else {
            #expect(notes.isEmpty)
            #expect(lint.stdout.hasPrefix("No problems found in 1 file (\(routes) routes) and 4 platform files"), "\(lint.stdout)")
        }
    }

    @Test("with inexact: claim-more the files claim wider patterns below 31, and still lint with exit 0")
    func claimMoreLintsClean() throws {
        let manifest = Self.manifest(routes: 1_000, platform: Self.android(minimumSDK: 26, inexact: "claim-more"))
        let (generate, lint, files) = try Self.generateThenLint(manifest)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(try #require(files["AndroidManifest.xml"]).contains(#"android:pathPattern="/a0/t0/s0/item0/..*""#))
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("claims wider patterns than the paths of 896 routes such as 'a0-t0-0'"), "\(lint.stdout)")
    }

    @Test("an apple-app-site-association that would pass 128 KB indented is written one component a line, and lints clean")
    func compactAssociation() throws {
        let (generate, lint, files) = try Self.generateThenLint(Self.manifest(routes: 2_500, platform: Self.ios))
        #expect(generate.status == 0, "\(generate.stderr)")
        let association = try #require(files["apple-app-site-association"])
        #expect(association.utf8.count <= 131_072)
        #expect(association.hasPrefix(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.shop"],"components":["# + "\n"))
        #expect(!association.contains("comment"))
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    @Test("a claimed set whose apple-app-site-association cannot fit 128 KB is refused: exit 1, the size, nothing written")
    func refusedAssociation() throws {
        let (generate, _, files) = try Self.generateThenLint(Self.manifest(routes: 6_000, platform: Self.ios))
        #expect(generate.status == 1)
        #expect(files.isEmpty)
        #expect(
            generate.stderr.hasPrefix("routelint: error: the apple-app-site-association of these routes would be "), "\(generate.stderr)")
        #expect(generate.stderr.contains(" bytes iOS reads, so iOS would ignore it and open no link; nothing is written: "))
    }

    @Test(
        "lint reports an apple-app-site-association over 131,072 bytes as an error with its size, and nothing of claims iOS does not read")
    func oversizedAssociationIsAnError() throws {
        let components = (0..<6_000).map { #"{"/": "/a0/t0/page\#($0)"}"# }.joined(separator: ",\n")
        let association =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": ["# + "\n" + components + "]}]}}\n"
        #expect(association.utf8.count > 131_072)
        try GateCommandTests.withFiles([
            "app.routes.yaml": Self.manifest(routes: 100, platform: Self.ios),
            "apple-app-site-association": association,
        ]) { directory in
            let result = try RouteLint.run(["lint", "app.routes.yaml", "--platform-file", "apple-app-site-association"], in: directory)
            #expect(result.status == 1)
            #expect(
                result.stdout.hasPrefix(
                    "apple-app-site-association:1:1: error: the file is \(association.utf8.count) bytes, over the 131072 bytes iOS "
                        + "reads: iOS ignores it and opens no universal link [association-size]\n"), "\(result.stdout)")
            // Its 6,000 components claim pages no route opens, but iOS reads none of them.
            #expect(!result.stdout.contains("[unrouted-link]") && !result.stdout.contains("[unclaimed-route]"))
            #expect(result.stdout.contains("\nFound 1 error in 1 file (100 routes) and 1 platform file in "), "\(result.stdout)")
        }
    }

    /// The seconds a summary line reports.
    static func seconds(_ output: String) -> String {
        String(output.split(separator: " ").dropLast().last ?? "")
    }
}
