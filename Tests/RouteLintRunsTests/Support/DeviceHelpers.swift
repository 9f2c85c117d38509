import Foundation
import Testing

@testable import RouteLintRuns
@testable import RouteLintRules

/// The manifests among `files` written to a folder, and `routelint device-links` run there on
/// the file named `DeviceExamples.outputName` (and any other `*.txt`), as outputs of `pm get-app-links`.
func checkDevice(
    _ files: [(name: String, contents: String)], configuration: String? = nil,
    options configure: (inout DeviceLinksOptions) -> Void = { _ in }
) throws -> DeviceLinksRun {
    let root = NSTemporaryDirectory() + "routelint-device-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    var outputs: [DeviceLinksOptions.Output] = []
    for file in files {
        try file.contents.write(toFile: "\(root)/\(file.name)", atomically: true, encoding: .utf8)
        if file.name.hasSuffix(".txt") { outputs.append(.path(file.name)) }
    }
    if let configuration { try configuration.write(toFile: "\(root)/.routelint.yml", atomically: true, encoding: .utf8) }
    var options = DeviceLinksOptions(outputs: outputs, workingDirectory: root)
    configure(&options)
    return try DeviceLinksRun.perform(options)
}
