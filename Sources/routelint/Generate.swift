import ArgumentParser
import RouteLintRuns
import RouteLintCore
import RouteLintGeneration
import RouteLintReporting

/// `generate`'s first argument: what to write; `tests` takes the kind of tests after it.
enum GenerateArgument: String, ExpressibleByArgument, CaseIterable {
    case swift, kotlin
    case appLinks = "app-links"
    case tests
}
extension HolderTypes: ExpressibleByArgument {}
extension KotlinSerialization: ExpressibleByArgument {}
extension SwiftAccess: ExpressibleByArgument {}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the app's routing code (Swift or Kotlin) or its platform link files from its manifests, when they lint clean.",
        discussion: """
            Loads and lints the route set as 'lint' does; a failing finding is printed and nothing \
            is written (exit 1). --check writes nothing and exits 1, naming the files that differ, \
            when DIR does not hold what would be written.

            app-links writes apple-app-site-association and associated-domains.entitlements (when \
            the app declares 'ios'), AndroidManifest.xml and assetlinks.json (when it declares \
            'android'), then compares what each file claims with the routes over every URL path: \
            a claim a platform cannot express exactly for some API level is a warning with a URL \
            that shows it.

            tests swift and tests kotlin write RouteLinkTests.swift (Swift Testing) and \
            RouteLinkTests.kt (kotlin.test), which open every route's examples (and a URL made \
            from the pattern of a route without one) through the generated RouteLink and expect \
            the route, its values and its navigation plan. tests shell writes \
            open-link-examples.sh, which opens every route's examples on a connected Android \
            device or emulator (adb) or the booted iOS simulator (xcrun simctl) and exits 1 when \
            one does not open the app (docs/testing-links.md).
            """)

    @Argument(help: "swift, kotlin, app-links, or tests followed by the kind of tests: swift, kotlin or shell.")
    var language: GenerateArgument

    @Argument(
        help: "Files and directories (default: the configuration's include, else the current directory); for tests, the kind first.")
    var paths: [String] = []

    @Option(help: "The folder to write the files to.")
    var output: String

    @Option(help: "The Kotlin package (default: routes.APP); for tests kotlin, the package of the generated routing code.")
    var package: String?

    @Option(help: "tests swift: the module that holds the generated routing code (default: Routes).")
    var module: String?

    @Option(help: "app-links: the lowest Android API level to serve (default: the manifest's android.min-sdk, else 26).")
    var androidMinSdk: Int?

    @Option(
        help: """
            swift, kotlin: 'generic' (a type per holder chosen by the factory) or 'named' (each holder is the \
            app's own type of the holder's name); default: the configuration's holder-types, else generic.
            """)
    var holderTypes: HolderTypes?

    @Option(
        help: """
            swift, tests swift: the access level of the generated declarations, 'public' (a module the app \
            imports), 'package' or 'internal' (compiled into the target that uses it; tests import it \
            @testable); default: the configuration's swift-access, else public.
            """)
    var access: SwiftAccess?

    @Option(
        help: """
            kotlin: 'kotlinx' (routes and plans @Serializable: the app applies kotlinx.serialization's compiler plugin) \
            or 'none' (for apps without it; 'json' still writes their JSON); default: kotlinx.
            """)
    var serialization: KotlinSerialization?

    @Option(help: "kotlin: an interface every route implements, such as androidx.navigation3.runtime.NavKey.")
    var routeSupertype: String?

    @Option(help: "The app to generate, when the route set has several.")
    var app: String?

    @Option(help: "The configuration file (default: .routelint.yml in this folder or the nearest parent).")
    var config: String?

    @Flag(help: "Write nothing; exit 1 when the files in the output folder are not what would be written.")
    var check = false

    func validate() throws {
        if language == .tests {
            guard let kind = paths.first, TestKind(rawValue: kind) != nil else {
                let kinds = TestKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError(
                    "generate tests takes the kind of tests first (\(kinds)): routelint generate tests swift --output DIR")
            }
            if holderTypes != nil || serialization != nil || routeSupertype != nil {
                throw ValidationError("--holder-types, --serialization and --route-supertype apply to swift and kotlin only")
            }
            if package != nil && kind != TestKind.kotlin.rawValue {
                throw ValidationError("--package applies to kotlin and tests kotlin only")
            }
            if module != nil && kind != TestKind.swift.rawValue { throw ValidationError("--module applies to tests swift only") }
            if access != nil && kind != TestKind.swift.rawValue { throw ValidationError("--access applies to swift and tests swift only") }
        }
        if let androidMinSdk {
            guard language == .appLinks else { throw ValidationError("--android-min-sdk applies to app-links only") }
            guard androidMinSdk >= 1 else { throw ValidationError("--android-min-sdk must be an API level, 1 or more") }
        }
        if holderTypes != nil && language == .appLinks { throw ValidationError("--holder-types applies to swift and kotlin only") }
        if module != nil && language != .tests { throw ValidationError("--module applies to tests swift only") }
        if serialization != nil && language != .kotlin { throw ValidationError("--serialization applies to kotlin only") }
        if routeSupertype != nil && language != .kotlin { throw ValidationError("--route-supertype applies to kotlin only") }
        if access != nil && ![.swift, .tests].contains(language) {
            throw ValidationError("--access applies to swift and tests swift only")
        }
    }

    func run() throws {
        let workingDirectory = currentDirectory()
        // `generate tests KIND PATH...`: the kind comes first (validated above).
        let target: GenerationTarget
        var paths = paths
        switch language {
        case .swift: target = .swift
        case .kotlin: target = .kotlin
        case .appLinks: target = .appLinks
        case .tests: target = .tests(TestKind(rawValue: paths.removeFirst())!)
        }
        var lint = LintOptions(input: .paths(paths), workingDirectory: workingDirectory)
        lint.configurationPath = config
        let outcome = try stoppingOnFailure { () throws(RunFailure) in
            var options = CodeGeneration.Options(
                target: target, app: app, package: package, androidMinimumSDK: androidMinSdk, holderTypes: holderTypes,
                outputDirectory: output)
            options.kotlinSerialization = serialization ?? .kotlinx
            options.routeSupertype = routeSupertype
            options.module = module
            options.swiftAccess = access
            return try GenerationRun.perform(lint, options)
        }
        switch outcome {
        case .lintFailed(let run):
            for message in run.messages { printError(message) }
            var standardError = StandardError()
            TextReporter(options: .init(colored: false, summary: false, onlyFailing: true)).write(run.report, to: &standardError)
            printError(RunMessage(.error, "the route set does not lint clean, so nothing is generated"))
            throw ExitCode(run.verdict.exitStatus == 2 ? Exit.usageOrUnreadable : Exit.failingFindings)
        case .finished(.refused(let reason, let warnings), _):
            for warning in warnings { printError(warning) }
            printError(reason)
            throw ExitCode(Exit.failingFindings)
        case .finished(.generated(let files, let warnings), let checked):
            for warning in warnings { printError(warning) }
            // What lint finds in the platform files written, printed as lint prints it.
            if let checked, !checked.active.isEmpty {
                var standardError = StandardError()
                TextReporter(options: .init(colored: false, summary: false)).write(checked, to: &standardError)
            }
            if check {
                let differing = CodeGeneration.differences(files, in: output)
                guard differing.isEmpty else {
                    let names = differing.map { "'\($0)'" }.joined(separator: ", ")
                    printError(
                        RunMessage(
                            .error,
                            "generated files in '\(output)' are out of date: \(names); to write them, run: \(Self.commandWithoutCheck())"))
                    throw ExitCode(Exit.failingFindings)
                }
                return
            }
            do {
                try CodeGeneration.write(files, to: output)
            } catch {
                throw stop(RunMessage(.error, "\(error)"))
            }
            printLine("Wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(output): \(files.map(\.name).joined(separator: ", "))")
        }
    }

    /// This run's command line without `--check`: the command that writes what `--check` found
    /// out of date, each argument quoted for a POSIX shell where it needs to be.
    private static func commandWithoutCheck() -> String {
        let arguments = ["routelint"] + CommandLine.arguments.dropFirst().filter { $0 != "--check" }
        return arguments.map { argument in
            let plain =
                !argument.isEmpty
                && argument.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                        || Array("_-./:=@%+,".utf8).contains(byte)
                }
            return plain
                ? argument : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
