import Foundation
import PackagePlugin

/// Runs `routelint generate swift` on the `*.routes.yaml` and `*.routes.yml` files among a
/// target's sources, so the target's routing code is made from its manifests at every build
/// and never edited by hand. The files go to the plugin's work folder and are compiled with
/// the target. A `.routelint.yml` beside the first manifest configures the run (`holder-types`,
/// `swift-access: internal` for code that only this target uses).
@main
struct RouteLintGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let manifests = module.sourceFiles.map(\.url).filter { url in
            url.lastPathComponent.hasSuffix(".routes.yaml") || url.lastPathComponent.hasSuffix(".routes.yml")
        }.sorted { $0.path < $1.path }
        guard !manifests.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let configuration = manifests[0].deletingLastPathComponent().appending(path: ".routelint.yml")
        let configured = FileManager.default.fileExists(atPath: configuration.path)
        return [
            .buildCommand(
                displayName: "routelint generate swift for \(target.name)",
                executable: try context.tool(named: "routelint").url,
                arguments: ["generate", "swift"] + manifests.map(\.path) + ["--output", output.path]
                    + (configured ? ["--config", configuration.path] : []),
                inputFiles: manifests + (configured ? [configuration] : []),
                outputFiles: ["Routes.swift", "Holders.swift", "RouteRuntime.swift"].map { output.appending(path: $0) }
            )
        ]
    }
}
