import RouteLintRuns
import RouteLintServer
import RouteLintCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The platform settings the app-links measures add to a generated route set: Apple's when
/// `ios`, Android's at `minimumSDK`.
func appLinkSettings(ios: Bool, minimumSDK: Int) -> String {
    (ios ? "ios: {app-ids: [ABCDE12345.dev.bench]}\n" : "")
        + "android: {package: dev.bench, cert-fingerprints: [\"\(String(repeating: "AB:", count: 31))AB\"], min-sdk: \(minimumSDK)}\n"
}

/// The route set of `routeCount` routes in one file, with `settings` at its top level.
func appLinkRouteSet(_ routeCount: Int, settings: String) -> String {
    RouteSetGenerator(routeCount: routeCount).files(routesPerFile: nil)[0].text
        .replacingFirst("hosts: [bench.example.com]\n", with: "hosts: [bench.example.com]\n" + settings)
}

/// What checking the generated platform files costs `lint`: for each size and `min-sdk`, the
/// lint without them and with them (the best of `rounds`), and peak memory. A set whose
/// apple-app-site-association cannot fit Apple's 128 KB is measured with Android's files only.
/// Then how many routes of the bench's shape fit the 128 KB.
func appLinksCost(sizes: [Int], rounds: Int, workspace: String, binary: String) {
    print("\n| routes | min-sdk | platform files | lint s | lint with the files s | with ÷ without | peak RSS MB |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    var imports: [String] = []
    for routeCount in sizes {
        for minimumSDK in [26, 31] {
            let folder = "\(workspace)/app-links-\(routeCount)-\(minimumSDK)"
            makeDirectory(folder)
            let output = "\(folder)/platform"
            // Apple's file where it fits, else Android's alone.
            var ios = true
            var generated = MeasuredRun(seconds: 0, peakBytes: 0, pageFaults: 0, status: 0)
            for withApple in [true, false] {
                ios = withApple
                write(
                    appLinkRouteSet(routeCount, settings: appLinkSettings(ios: ios, minimumSDK: minimumSDK)),
                    to: "\(folder)/app.routes.yaml")
                generated = runCommand(binary, ["generate", "app-links", "\(folder)/app.routes.yaml", "--output", output])
                if generated.status == 0 { break }
            }
            guard generated.status == 0 else {
                fail("routelint-bench: generate app-links failed at \(routeCount) routes\n")
                exit(1)
            }
            let names =
                (ios ? ["apple-app-site-association", "associated-domains.entitlements"] : []) + ["AndroidManifest.xml", "assetlinks.json"]
            let without = best(of: rounds) { () -> (Double, Int32) in
                let run = runCommand(binary, ["lint", "\(folder)/app.routes.yaml"])
                return (run.seconds, run.status)
            }
            let with = best(of: rounds) { () -> (Double, (Int32, Int)) in
                let run = runCommand(
                    binary, ["lint", "\(folder)/app.routes.yaml"] + names.flatMap { ["--platform-file", "\(output)/\($0)"] })
                return (run.seconds, (run.status, run.peakBytes))
            }
            if without.1 != 0 || with.1.0 != 0 {
                fail("routelint-bench: the lint of \(routeCount) routes with their platform files exited \(with.1.0)\n")
                exit(1)
            }
            print(
                "| \(grouped(routeCount)) | \(minimumSDK) | \(ios ? "all four" : "Android's two") | \(format(without.0, digits: 3)) | "
                    + "\(format(with.0, digits: 3)) | \(format(with.0 / without.0, digits: 1)) | \(megabytes(with.1.1)) |")
            imports.append(
                importCost(
                    routeCount: routeCount, minimumSDK: minimumSDK, files: names.map { "\(output)/\($0)" }, rounds: rounds, folder: folder,
                    binary: binary, lint: with.0))
        }
    }
    print("\n| routes | min-sdk | files imported | import s | ÷ lint with the files | peak RSS MB | lint of the import with the files |")
    print("|---:|---:|---|---:|---:|---:|---|")
    for row in imports { print(row) }
    // The largest set of the bench's shape whose apple-app-site-association fits 128 KB.
    let folder = "\(workspace)/app-links-fit"
    makeDirectory(folder)
    var fits = 0
    var routeCount = 500
    while routeCount <= 20_000 {
        write(appLinkRouteSet(routeCount, settings: "ios: {app-ids: [ABCDE12345.dev.bench]}\n"), to: "\(folder)/app.routes.yaml")
        guard runCommand(binary, ["generate", "app-links", "\(folder)/app.routes.yaml", "--output", "\(folder)/platform"]).status == 0
        else {
            break
        }
        fits = routeCount
        routeCount += 250
    }
    print(
        "\nApple's 128 KB: the apple-app-site-association of \(grouped(fits)) routes of this shape fits, of \(grouped(fits + 250)) does not."
    )
}

/// What `routelint import` of the generated `files` costs (the best of `rounds`), and whether the
/// manifest it writes lints with them (exit 0: the round trip holds), as a row of the table.
func importCost(routeCount: Int, minimumSDK: Int, files: [String], rounds: Int, folder: String, binary: String, lint: Double) -> String {
    let manifest = "\(folder)/imported.routes.yaml"
    let imported = best(of: rounds) { () -> (Double, (Int32, Int)) in
        unlink(manifest)
        let run = runCommand(binary, ["import"] + files + ["--output", manifest])
        return (run.seconds, (run.status, run.peakBytes))
    }
    guard imported.1.0 == 0 else {
        fail("routelint-bench: the import of \(routeCount) routes' generated files exited \(imported.1.0)\n")
        exit(1)
    }
    let checked = runCommand(binary, ["lint", manifest, "--quiet"] + files.flatMap { ["--platform-file", $0] })
    let kinds = files.count == 4 ? "all four" : "Android's two"
    return
        "| \(grouped(routeCount)) | \(minimumSDK) | \(kinds) | \(format(imported.0, digits: 3)) | \(format(imported.0 / lint, digits: 1)) | "
        + "\(megabytes(imported.1.1)) | exit \(checked.status) |"
}

/// The language server's latency from an edit to its diagnostics, as `languageServerLatency`
/// measures it, with the generated platform files of the set configured as `platform-files`:
/// Apple's where they fit, Android's at `min-sdk` 26.
func languageServerLatencyWithPlatformFiles(routeCount: Int, rounds: Int) -> [Double] {
    let root = "/bench"
    var texts = Dictionary(
        uniqueKeysWithValues: RouteSetGenerator(routeCount: routeCount).files(routesPerFile: 100).map { ("\(root)/\($0.name)", $0.text) })
    for ios in [true, false] {
        let shell = "\(root)/app.routes.yaml"
        var withSettings = texts
        withSettings[shell] = texts[shell]!.replacingFirst(
            "hosts: [bench.example.com]\n", with: "hosts: [bench.example.com]\n" + appLinkSettings(ios: ios, minimumSDK: 26))
        let fileSystem = InMemoryFileSystem(withSettings)
        var lint = LintOptions(input: .paths([root]), workingDirectory: root)
        lint.fileSystem = fileSystem
        guard case .finished(.generated(let files, _), _) = try? GenerationRun.perform(lint, .init(target: .appLinks)) else { continue }
        texts = withSettings
        for file in files { texts["\(root)/platform/\(file.name)"] = file.contents }
        texts["\(root)/.routelint.yml"] = "platform-files: [platform/*]\n"
        return languageServerLatency(texts: texts, root: root, rounds: rounds).times
    }
    fail("routelint-bench: generate app-links failed for the language server's set\n")
    exit(1)
}
