// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routelint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "routelint", targets: ["routelint"]),
        .library(name: "RouteLintKit", targets: ["RouteLintKit"]),
        .library(name: "RouteLintServer", targets: ["RouteLintServer"]),
        .plugin(name: "RouteLintGenerate", targets: ["RouteLintGenerate"]),
        .plugin(name: "LintRoutes", targets: ["LintRoutes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2")
    ],
    targets: [
        // libyaml, found through pkg-config. Only the YAML layer of RouteLintKit imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // libxml2, found through pkg-config: the XML of platform link files (AndroidManifest.xml,
        // property lists). Only RouteLintKit's XML reader imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "RouteLintKit",
            dependencies: ["CYAML", "CLibXML2"],
            // The runtime of generated code: real Swift and Kotlin sources, compiled by their own
            // tests, embedded in the binary for `generate` to copy (no bundle to lose); and the
            // audit page's style sheet and script, real files a browser test loads.
            resources: [
                .embedInCode("Generate/Runtime/RouteRuntime.swift"), .embedInCode("Generate/Runtime/RouteRuntime.kt"),
                .embedInCode("Reporting/AuditPage.css"), .embedInCode("Reporting/AuditPage.js"),
            ]
        ),
        // The language server (routelint lsp): LSP messages over the same model and rules.
        .target(
            name: "RouteLintServer",
            dependencies: ["RouteLintKit"]
        ),
        .executableTarget(
            name: "routelint",
            dependencies: [
                "RouteLintKit",
                "RouteLintServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Measures routelint against libyaml's raw speed: swift run -c release routelint-bench.
        // It reads CYAML itself for that floor: a scan that builds nothing.
        .executableTarget(
            name: "routelint-bench",
            dependencies: ["RouteLintKit", "RouteLintServer", "CYAML"]
        ),
        // Build-tool plugin: generates a target's routing code (routelint generate swift) from the
        // *.routes.yaml among its sources, at every build.
        .plugin(
            name: "RouteLintGenerate",
            capability: .buildTool(),
            dependencies: ["routelint"]
        ),
        // Command plugin: swift package lint-routes [routelint lint options].
        .plugin(
            name: "LintRoutes",
            capability: .command(intent: .custom(verb: "lint-routes", description: "Lint the package's route manifests with routelint")),
            dependencies: ["routelint"]
        ),
        // The build-tool plugin at work: a small program that routes URLs through the code the
        // plugin generates from its manifest (swift run routing-example URL...).
        .executableTarget(
            name: "routing-example",
            path: "Examples/RoutingExample",
            plugins: ["RouteLintGenerate"]
        ),
        .testTarget(
            name: "RouteLintKitTests",
            dependencies: ["RouteLintKit"],
            exclude: ["Fixtures", "Datasets"]
        ),
        .testTarget(
            name: "RouteLintServerTests",
            dependencies: ["RouteLintServer"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["routelint"]
        ),
    ]
)
