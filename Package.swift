// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "routelint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "routelint", targets: ["routelint"]),
        .library(
            name: "RouteLintKit",
            targets: [
                "RouteLintRuns", "RouteLintCore", "RouteLintPlatform", "RouteLintChanges", "RouteLintServed", "RouteLintDevice",
                "RouteLintRules", "RouteLintGeneration", "RouteLintReporting", "RouteLintImport",
            ]
        ),
        .library(name: "RouteLintServer", targets: ["RouteLintServer"]),
    ],
    // `Hosts` builds `routelint hosts` with its HTTPS client: SwiftNIO and BoringSSL, most of a
    // clean build (a release build of the binary takes 169 s without it, about 315 s with it).
    // Release binaries, the container, the Action and Homebrew enable it; a build for linting (the
    // quick start, the source-built pre-commit hook, the plugins) leaves it out and does not even
    // fetch those packages: `swift build --traits Hosts` (docs/install.md).
    traits: [.trait(name: "Hosts", description: "routelint hosts: fetch and check what each host serves, over HTTPS")],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // The HTTPS client of `routelint hosts`: SwiftNIO's HTTP/1.1 with its vendored TLS
        // (BoringSSL), so the portable binary links no system TLS library (docs/app-links.md).
        // One GET a request is all it asks of them. Built only with the `Hosts` trait.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // libyaml, found through pkg-config. The YAML layer of RouteLintCore imports it, and the
        // benchmark, for the floor of a scan that builds nothing.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // libxml2, found through pkg-config: the XML of platform link files (AndroidManifest.xml,
        // property lists). Only RouteLintPlatform's XML reader imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // The layers of the flow, each a target so the compiler keeps references pointing down it
        // (docs/development.md): files, YAML, the model, patterns and findings; the platform link
        // files; the rules with configuration and diff; generation; reporting; the runs.
        .target(
            name: "RouteLintCore",
            dependencies: ["CYAML"]
        ),
        .target(
            name: "RouteLintPlatform",
            dependencies: ["RouteLintCore", "CLibXML2"]
        ),
        // The facts of a change between two revisions of a route set (`routelint diff`): which
        // URLs open what in each, and the generated code's surface. Beside Platform's facts of a
        // platform file, below the rules that word them.
        .target(
            name: "RouteLintChanges",
            dependencies: ["RouteLintCore", "RouteLintPlatform"]
        ),
        // The facts of what the hosts served (`routelint hosts`): each answer and what it was
        // asked for, for the host rules to word. The fetching is RouteLintHosts'.
        .target(
            name: "RouteLintServed",
            dependencies: ["RouteLintCore", "RouteLintPlatform"]
        ),
        // What a device says of the app's links (`routelint device-links`): the output of
        // `pm get-app-links` read with positions, and its facts for the device rules to word.
        .target(
            name: "RouteLintDevice",
            dependencies: ["RouteLintCore"]
        ),
        .target(
            name: "RouteLintRules",
            dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintChanges", "RouteLintServed", "RouteLintDevice"]
        ),
        // `routelint import`: link files and navigation graphs read into a draft manifest. A
        // feature above the platform files it reads; only the import run uses it.
        .target(
            name: "RouteLintImport",
            dependencies: ["RouteLintCore", "RouteLintPlatform"]
        ),
        .target(
            name: "RouteLintGeneration",
            dependencies: ["RouteLintCore", "RouteLintPlatform"],
            // The runtime of generated code: real Swift and Kotlin sources, compiled by their own
            // tests, embedded in the binary for `generate` to copy (no bundle to lose).
            resources: [.embedInCode("Runtime/RouteRuntime.swift"), .embedInCode("Runtime/RouteRuntime.kt")]
        ),
        .target(
            name: "RouteLintReporting",
            dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintImport"],
            // The audit page's style sheet and script: real files a browser test loads.
            resources: [.embedInCode("Reporting/AuditPage.css"), .embedInCode("Reporting/AuditPage.js")]
        ),
        // A run of lint, diff, generate, import or hosts: reads the paths and joins the layers above.
        .target(
            name: "RouteLintRuns",
            dependencies: [
                "RouteLintCore", "RouteLintPlatform", "RouteLintChanges", "RouteLintServed", "RouteLintDevice", "RouteLintRules",
                "RouteLintGeneration", "RouteLintReporting", "RouteLintImport",
            ]
        ),
        // Fetches the files each host serves, for `routelint hosts`: the one target that speaks to
        // the network, kept out of the library targets (and of the fuzz harness) it reads.
        // Without the `Hosts` trait it holds only what the command line parses, and links
        // nothing of SwiftNIO.
        .target(
            name: "RouteLintHosts",
            dependencies: [
                "RouteLintServed",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hosts"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Hosts"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Hosts"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["Hosts"])),
            ]
        ),
        // The Language Server Protocol's messages and JSON-RPC framing: nothing of routelint.
        .target(name: "LanguageServerProtocol"),
        // The language server (routelint lsp): LSP messages over the same model and rules.
        .target(
            name: "RouteLintServer",
            dependencies: [
                "LanguageServerProtocol", "RouteLintRuns", "RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintGeneration",
                "RouteLintReporting",
            ]
        ),
        // What the process sets up when it is loaded, before main: the C entry point's arguments
        // handed to the Swift runtime, which in a static Linux build would read them from /proc,
        // and how malloc serves it (one arena, large blocks mapped on their own).
        .target(name: "CProcessStart"),
        .executableTarget(
            name: "routelint",
            dependencies: [
                "CProcessStart", "RouteLintHosts",
                "RouteLintRuns", "RouteLintServer", "RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintGeneration",
                "RouteLintReporting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Measures routelint against libyaml's raw speed: swift run -c release routelint-bench.
        // It reads CYAML itself for that floor: a scan that builds nothing.
        .executableTarget(
            name: "routelint-bench",
            dependencies: ["RouteLintRuns", "RouteLintServer", "RouteLintCore", "RouteLintRules", "RouteLintReporting", "CYAML"]
        ),
        // A test target per library target that its tests reach through its own API; what is
        // tested through a whole run (a manifest linted, a revision compared) is the runs'.
        // What several test targets share and that needs nothing of routelint: seeded generators.
        .target(name: "RouteLintTestSupport", dependencies: ["RouteLintCore", "RouteLintPlatform"], path: "Tests/RouteLintTestSupport"),
        .testTarget(name: "RouteLintCoreTests", dependencies: ["RouteLintCore", "RouteLintTestSupport"]),
        .testTarget(name: "RouteLintPlatformTests", dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintTestSupport"]),
        .testTarget(
            name: "RouteLintServedTests", dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintServed", "RouteLintTestSupport"]),
        .testTarget(name: "RouteLintChangesTests", dependencies: ["RouteLintCore", "RouteLintChanges", "RouteLintTestSupport"]),
        .testTarget(
            name: "RouteLintGenerationTests", dependencies: ["RouteLintCore", "RouteLintGeneration", "RouteLintTestSupport"]),
        .testTarget(
            name: "RouteLintRulesTests",
            dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintTestSupport"]),
        .testTarget(name: "RouteLintImportTests", dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintImport"]),
        .testTarget(
            name: "RouteLintReportingTests",
            dependencies: ["RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintReporting", "RouteLintTestSupport"]),
        .testTarget(
            name: "RouteLintRunsTests",
            dependencies: [
                "RouteLintRuns", "RouteLintCore", "RouteLintPlatform", "RouteLintChanges", "RouteLintServed", "RouteLintDevice",
                "RouteLintRules", "RouteLintGeneration", "RouteLintReporting", "RouteLintImport", "RouteLintTestSupport",
            ],
            exclude: ["Fixtures", "Datasets"]
        ),
        .testTarget(
            name: "RouteLintServerTests",
            dependencies: ["RouteLintServer", "LanguageServerProtocol", "RouteLintRuns", "RouteLintRules", "RouteLintCore"]
        ),
        .testTarget(name: "RouteLintDeviceTests", dependencies: ["RouteLintCore", "RouteLintDevice"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol"]),
        .testTarget(name: "RouteLintHostsTests", dependencies: ["RouteLintHosts"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["routelint"]
        ),
    ]
)
