import Foundation
import PackagePlugin

/// `swift package lint-routes [OPTION...]`: lints the package's route manifests with routelint,
/// as `routelint lint` in the package's folder would (its `.routelint.yml` applies), with any
/// options given passed on. A failing lint fails the command.
@main
struct LintRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "routelint").url
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("routelint lint exited with status \(process.terminationStatus)")
        }
    }
}
