import RouteLintCore
import RouteLintDevice

/// `undeclared-device-host`: the device opens a host in the app that the manifest's `hosts`
/// do not have.
package enum UndeclaredDeviceHostRule: DeviceRule {
    package static let description = RuleDescription(
        id: "undeclared-device-host",
        defaultSeverity: .warning,
        summary: "A host the device opens in the app that the manifest's hosts lack.",
        rationale: """
            The installed app claims a host the manifest does not declare, and the device opens \
            its links in the app: the app's intent filters were written by hand or from another \
            manifest, and its links reach routes no check has seen. Add the host to `hosts` (or \
            drop it from the app's filters: `routelint generate` writes them from the manifest).
            """,
        triggeringExamples: [
            DeviceExamples.example(
                DeviceExamples.output(states: ["shop.example.com: verified", "www.example.com: verified", "↓old.example.com: verified"]))
        ],
        nonTriggeringExamples: [
            DeviceExamples.example(
                DeviceExamples.output(states: ["shop.example.com: verified", "www.example.com: verified", "old.example.com: none"]))
        ])

    package static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink) {
        for app in facts.apps {
            for state in app.links.states where state.state.value.opensApp && !app.declares(state.host.value) {
                findings.report(
                    description,
                    "'\(state.host.value)' opens '\(app.packageName)' on the device ('\(state.state.value.printed)'), "
                        + "but the manifest's hosts do not have it",
                    at: state.host.range, subjects: [FindingSubject(.value, state.host.value)])
            }
        }
    }
}
