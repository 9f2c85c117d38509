// What SwiftPM generates for RouteLintKit's embedded resources (the runtime of generated code),
// for the fuzz harness, which compiles RouteLintKit's sources without SwiftPM. No fuzz target
// generates code, so the runtime's bytes are not needed here.
enum PackageResources {
    static let RouteRuntime_swift: [UInt8] = []
    static let RouteRuntime_kt: [UInt8] = []
}
