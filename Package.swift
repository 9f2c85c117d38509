// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routelint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "routelint", targets: ["routelint"]),
        .library(name: "RouteLintKit", targets: ["RouteLintKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // libyaml, found through pkg-config. Only the YAML layer of RouteLintKit imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "RouteLintKit",
            dependencies: ["CYAML"]
        ),
        .executableTarget(
            name: "routelint",
            dependencies: [
                "RouteLintKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Measures routelint against libyaml's raw speed: swift run -c release routelint-bench.
        // It reads CYAML itself for that floor: a scan that builds nothing.
        .executableTarget(
            name: "routelint-bench",
            dependencies: ["RouteLintKit", "CYAML"]
        ),
        .testTarget(
            name: "RouteLintKitTests",
            dependencies: ["RouteLintKit"],
            exclude: ["Fixtures", "Datasets"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["routelint"]
        ),
    ]
)
