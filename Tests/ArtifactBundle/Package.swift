// swift-tools-version:6.0
import PackageDescription

// An app's package that takes routelint from an artifact bundle instead of building it: the
// build-tool plugin runs the bundle's binary, so `swift build` compiles only the app. .ci/run
// puts the bundle `scripts/package --bundle` made beside this file; an app names the release's
// bundle by URL and checksum instead (docs/install.md).
let package = Package(
    name: "BundleConsumer",
    targets: [
        .binaryTarget(name: "routelint", path: "routelint.artifactbundle.zip"),
        // The repository's own build-tool plugin, with the bundle's routelint as its tool.
        .plugin(name: "RouteLintGenerate", capability: .buildTool(), dependencies: ["routelint"]),
        // The repository's example app, routing URLs through the code the plugin generates.
        .executableTarget(name: "RoutingExample", plugins: ["RouteLintGenerate"]),
    ]
)
