import RouteLintCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file `routelint generate` writes.
package struct GeneratedFile: Equatable, Sendable {
    /// The file's name inside the output folder.
    package let name: String
    /// The file's text.
    package let contents: String
    /// Whether the file is a program, written with execute permission.
    package var isExecutable = false

    /// A file named `name` holding `contents`; `isExecutable` for a program.
    package init(name: String, contents: String, isExecutable: Bool = false) {
        self.name = name
        self.contents = contents
        self.isExecutable = isExecutable
    }
}

/// What `routelint generate` writes.
package enum GenerationTarget: Sendable, Equatable {
    /// Swift (an enum of routes) or Kotlin (a sealed class of routes).
    case swift, kotlin
    /// The platform link files: apple-app-site-association, the associated-domains
    /// entitlement, AndroidManifest.xml's intent filters and assetlinks.json (docs/app-links.md).
    case appLinks
    /// Tests of the app's links, of a kind (docs/testing-links.md).
    case tests(TestKind)
}

/// What `generate tests` writes.
package enum TestKind: String, CaseIterable, Sendable {
    /// Swift Testing and kotlin.test files that open every link through the generated
    /// `RouteLink` and expect its route, values and navigation plan.
    case swift, kotlin
    /// A shell script that opens every route example on a device or simulator.
    case shell
}

/// How generated Kotlin encodes routes and navigation plans.
package enum KotlinSerialization: String, CaseIterable, Sendable {
    /// `@Serializable` types with kotlinx.serialization: the app applies its compiler plugin and
    /// depends on its runtime (`kotlinx-serialization-core`).
    case kotlinx
    /// No kotlinx.serialization, for apps without it: `json` still writes a route's and a
    /// plan's JSON text.
    case none
}

/// `routelint generate`: the app's routing code, or its platform link files, from an app that
/// lints clean.
package enum CodeGeneration {
    /// What `generate` gives for an app that lints clean.
    package enum Outcome: Sendable {
        /// The files, in the order they are written, and warnings about them (a holder type
        /// unknown, a platform file not written for want of a setting).
        case generated([GeneratedFile], warnings: [RunMessage])
        /// The files cannot be written as the platform reads them (an apple-app-site-association
        /// over Apple's size limit): why, and the warnings before.
        case refused(RunMessage, warnings: [RunMessage])
    }

    /// What to generate.
    package struct Options: Sendable {
        /// What to write.
        package var target: GenerationTarget
        /// The app to generate, among several.
        package var app: String?
        /// The Kotlin package.
        package var package: String?
        /// The lowest Android API level the app links must serve (default: `android.min-sdk`).
        package var androidMinimumSDK: Int?
        /// How the holder factory types its holders; nil takes the configuration's
        /// `holder-types`, else `generic`.
        package var holderTypes: HolderTypes?
        /// Swift and `tests swift`: the access level of the generated declarations; nil takes
        /// the configuration's `swift-access`, else `public`.
        package var swiftAccess: SwiftAccess?
        /// Kotlin: how routes and plans are serialized.
        package var kotlinSerialization: KotlinSerialization = .kotlinx
        /// Kotlin: an interface every route implements (`androidx.navigation3.runtime.NavKey`).
        package var routeSupertype: String?
        /// `tests swift`: the module the generated routing code is in (default `Routes`).
        package var module: String?
        /// The folder the files go to. Their headers name the manifests relative to it, so
        /// that the files are the same from whatever folder and with whatever spelling of the
        /// paths the command runs (`generate --check` in CI and on a developer's machine).
        package var outputDirectory: String?

        /// Options for `target`, the app named `app` among several, the Kotlin `package`, the
        /// lowest Android API level of the app links, how holders are typed, and the folder the
        /// files are written to.
        package init(
            target: GenerationTarget, app: String? = nil, package: String? = nil, androidMinimumSDK: Int? = nil,
            holderTypes: HolderTypes? = nil, outputDirectory: String? = nil
        ) {
            self.target = target
            self.app = app
            self.package = package
            self.androidMinimumSDK = androidMinimumSDK
            self.holderTypes = holderTypes
            self.outputDirectory = outputDirectory
        }
    }

    /// Generates `app`, read from the manifests at `sources`, as `options` say; `configuredHolderTypes`
    /// and `configuredSwiftAccess` are the configuration's `holder-types` and `swift-access`, taken
    /// when the options give none. The app must lint clean: a set with failing findings has no
    /// well-defined router.
    package static func generate(
        _ app: AppModel, sources: [String], _ options: Options, configuredHolderTypes: HolderTypes?,
        configuredSwiftAccess: SwiftAccess?
    ) throws(RouterBlueprint.Problem) -> Outcome {
        let swiftAccess = options.swiftAccess ?? configuredSwiftAccess ?? .public
        switch options.target {
        case .swift, .kotlin:
            break
        case .appLinks:
            let output = try AppLinkFiles.generate(app, minimumSDK: options.androidMinimumSDK, sources: sources)
            if let refusal = output.refusal { return .refused(refusal, warnings: output.warnings) }
            return .generated(output.files, warnings: output.warnings)
        case .tests(let kind):
            switch kind {
            case .swift:
                let module = options.module ?? "Routes"
                guard !module.contains("."), isQualifiedKotlinName(module) else {
                    throw RouterBlueprint.Problem(description: "'\(module)' is not a Swift module name")
                }
                return .generated(
                    [LinkTestWriter.swiftFile(app, sources: sources, module: module, access: swiftAccess)], warnings: [])
            case .kotlin:
                let package = try kotlinPackage(options, appName: app.name.map { app.text($0.value) })
                return .generated([LinkTestWriter.kotlinFile(app, sources: sources, package: package)], warnings: [])
            case .shell:
                guard let script = LinkExampleScript.file(app, sources: sources) else {
                    return .refused(
                        RunMessage(.error, "no route has examples to open: list URLs under a route's 'examples' (docs/usage.md)"),
                        warnings: [])
                }
                return .generated([script], warnings: [])
            }
        }
        var blueprint = try RouterBlueprint.make(app, sources: sources)
        blueprint.holderTypes = options.holderTypes ?? configuredHolderTypes ?? .generic
        blueprint.swiftAccess = swiftAccess
        return .generated(try files(blueprint, options), warnings: holderWarnings(blueprint))
    }

    /// The code files for a blueprint.
    static func files(_ blueprint: RouterBlueprint, _ options: Options) throws(RouterBlueprint.Problem) -> [GeneratedFile] {
        switch options.target {
        case .appLinks, .tests:
            throw RouterBlueprint.Problem(description: "app links and tests are generated from the app, not from a router blueprint")
        case .swift:
            return SwiftGenerator.files(blueprint, header: header(sources: blueprint.sources, comment: "//"))
        case .kotlin:
            let package = try kotlinPackage(options, appName: blueprint.appName)
            if let supertype = options.routeSupertype, !isQualifiedKotlinName(supertype) {
                throw RouterBlueprint.Problem(description: "'\(supertype)' is not a Kotlin type name (identifiers joined by '.')")
            }
            let spelling = KotlinGenerator.Spelling(
                package: package, serialization: options.kotlinSerialization, routeSupertype: options.routeSupertype)
            return KotlinGenerator.files(blueprint, spelling, header: header(sources: blueprint.sources, comment: "//"))
        }
    }

    /// The Kotlin package: `--package`, else `routes.APP`; the generated code's and its tests'.
    static func kotlinPackage(_ options: Options, appName: String?) throws(RouterBlueprint.Problem) -> String {
        guard let package = options.package ?? appName.map({ "routes." + Identifier.lowerCamel($0).lowercased() }) else {
            throw RouterBlueprint.Problem(description: "Kotlin needs a package: give --package NAME")
        }
        guard isQualifiedKotlinName(package) else {
            throw RouterBlueprint.Problem(description: "'\(package)' is not a Kotlin package name (identifiers joined by '.')")
        }
        return package
    }

    /// The most holders a generic factory is generated for without a warning: Swift 6.3 cannot
    /// build a protocol of a thousand associated types ("rule count limit exceeded"; 750 still
    /// build), and a Kotlin registry of a thousand type parameters exhausted kotlinc's heap.
    static let genericHolderLimit = 500

    private static func holderWarnings(_ blueprint: RouterBlueprint) -> [RunMessage] {
        guard blueprint.holderTypes == .generic, blueprint.holders.count > genericHolderLimit else { return [] }
        return [
            RunMessage(
                .warning,
                "the app has \(blueprint.holders.count) holders: a factory generic over so many types may not compile; "
                    + "set 'holder-types: named' in .routelint.yml (or give --holder-types named) and declare each holder's "
                    + "type beside the generated code")
        ]
    }

    /// The app named `name` among `apps`, or the only one when no name is given.
    package static func chooseApp(_ apps: [AppModel], named name: String?) throws(RunFailure) -> AppModel {
        let names = apps.map { app in app.name.map { app.text($0.value) } ?? "(unnamed)" }
        if let name {
            guard let index = names.firstIndex(of: name) else {
                throw RunFailure([
                    RunMessage(
                        .error,
                        "no app '\(name)' in the route set; its apps: \(quoted(names))\(Suggestion.hint(for: name, among: names))")
                ])
            }
            return apps[index]
        }
        guard apps.count == 1 else {
            throw RunFailure([
                RunMessage(
                    .error,
                    "the route set has \(apps.count) apps; choose one with --app: \(quoted(names))")
            ])
        }
        return apps[0]
    }

    /// `names`, each in quotes, joined by commas.
    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// What every generated file starts with: that it is generated, from what, and not to edit it.
    static func header(sources: [String], comment: String) -> String {
        var lines = [
            "Generated by routelint from the route manifests below. Do not edit: change the manifests and run",
            "`routelint generate` again.",
        ]
        lines += sources.map { "  " + $0 }
        return lines.map { "\(comment) \($0)".replacingTrailingSpace() }.joined(separator: "\n") + "\n\n"
    }

    private static func isQualifiedKotlinName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else {
                    return false
                }
                return part.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }
                    && !KotlinGenerator.keywords.contains(String(part))
            }
    }

    /// The files in `directory` that differ from `files` (missing ones included), by name.
    package static func differences(_ files: [GeneratedFile], in directory: String) -> [String] {
        files.filter { file in
            guard case .success(let bytes) = DiskFileSystem.read(directory + "/" + file.name) else { return true }
            return bytes != Array(file.contents.utf8)
        }.map(\.name)
    }

    /// Writes each file whole or not at all (a temporary file renamed into place), creating
    /// the directory and its parents when they do not exist.
    package static func write(_ files: [GeneratedFile], to directory: String) throws(OutputFile.WriteError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw OutputFile.WriteError(path: path, reason: String(cString: strerror(errno)))
            }
        }
        for file in files {
            let path = directory + "/" + file.name
            let output = try OutputFile(file: path)
            output.write(file.contents)
            try output.finish()
            if file.isExecutable && chmod(path, 0o755) != 0 {
                throw OutputFile.WriteError(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }
}

extension String {
    /// Without the spaces at its end: no generated line ends in white space.
    fileprivate func replacingTrailingSpace() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
