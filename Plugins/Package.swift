// swift-tools-version:6.1
import PackageDescription

// routelint's SwiftPM plugins, in a package of their own so that routelint's package has no
// plugin: a plugin's tool is built a second time for the host, and in routelint's package that
// second build was every target's, for every release build, Homebrew and contributor alike
// (docs/development.md). Here the plugins take routelint from its source in the folder above,
// built once, for the host, when a plugin first runs; an app takes it from the release's
// artifact bundle instead and compiles no routelint at all (docs/install.md).
let package = Package(
    name: "routelint-plugins",
    platforms: [.macOS(.v13)],
    products: [
        .plugin(name: "RouteLintGenerate", targets: ["RouteLintGenerate"]),
        .plugin(name: "LintRoutes", targets: ["LintRoutes"]),
    ],
    dependencies: [.package(name: "routelint", path: "..")],
    targets: [
        // Build-tool plugin: generates a target's routing code (routelint generate swift) from the
        // *.routes.yaml among its sources, at every build.
        .plugin(
            name: "RouteLintGenerate",
            capability: .buildTool(),
            dependencies: [.product(name: "routelint", package: "routelint")],
            path: "RouteLintGenerate"
        ),
        // Command plugin: swift package lint-routes [routelint lint options].
        .plugin(
            name: "LintRoutes",
            capability: .command(intent: .custom(verb: "lint-routes", description: "Lint the package's route manifests with routelint")),
            dependencies: [.product(name: "routelint", package: "routelint")],
            path: "LintRoutes"
        ),
        // The build-tool plugin at work: a small program that routes URLs through the code the
        // plugin generates from its manifest (swift run routing-example URL...).
        .executableTarget(
            name: "routing-example",
            path: "RoutingExample",
            plugins: ["RouteLintGenerate"]
        ),
    ]
)
