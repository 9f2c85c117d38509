// What SwiftPM generates for RouteLintRuns's embedded resources (the runtime of generated code,
// the audit page's style sheet and script), for the fuzz harness, which compiles RouteLintRuns's
// sources without SwiftPM. No fuzz target generates code or writes the audit page, so their
// bytes are not needed here.
enum PackageResources {
    static let RouteRuntime_swift: [UInt8] = []
    static let RouteRuntime_kt: [UInt8] = []
    static let AuditPage_css: [UInt8] = []
    static let AuditPage_js: [UInt8] = []
}
