// swift-tools-version:6.0
import PackageDescription

// An app's package that takes routelint from an artifact bundle instead of building it: the
// plugins run the bundle's binary, so `swift build` compiles only the app. .ci/run puts the
// bundle `scripts/package --bundle` made beside this file; an app names the release's bundle by
// URL and checksum instead (docs/install.md).
let package = Package(
    name: "BundleConsumer",
    targets: [
        .binaryTarget(name: "routelint", path: "routelint.artifactbundle.zip"),
        // The repository's own build-tool plugin, with the bundle's routelint as its tool.
        .plugin(name: "RouteLintGenerate", capability: .buildTool(), dependencies: ["routelint"]),
        // And its command plugin: swift package lint-routes.
        .plugin(
            name: "LintRoutes",
            capability: .command(intent: .custom(verb: "lint-routes", description: "Lint the package's route manifests with routelint")),
            dependencies: ["routelint"]
        ),
        // The repository's example app, routing URLs through the code the plugin generates.
        .executableTarget(name: "RoutingExample", plugins: ["RouteLintGenerate"]),
    ]
)
