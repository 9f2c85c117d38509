import RouteLintCore
import RouteLintDevice

/// `unchecked-host`: a host the device opens in the app without its verifier having checked
/// the host for this install.
package enum UncheckedHostRule: DeviceRule {
    package static let description = RuleDescription(
        id: "unchecked-host",
        defaultSeverity: .warning,
        summary: "A host the device opens in the app without having verified it on this install.",
        rationale: """
            Some states open the app although the verifier did not check the host's \
            assetlinks.json for this install: `approved` (set by hand with `pm set-app-links`), \
            `migrated` (carried over from Android 11 and lower), `restored` (from a backup), \
            `system_configured` (the device's own configuration), `pre_verified` (checked \
            before the install). The links work on this device and say nothing of the next: \
            a fresh install asks the host. Verify it for real with `adb shell pm \
            verify-app-links --re-verify PACKAGE`, after `routelint hosts`.
            """,
        triggeringExamples: [
            DeviceExamples.example(DeviceExamples.output(states: ["shop.example.com: verified", "www.example.com: ↓approved"]))
        ],
        nonTriggeringExamples: [DeviceExamples.example(DeviceExamples.verified)])

    package static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink) {
        for app in facts.apps {
            for host in app.hosts {
                guard let state = app.state(of: host.name), state.state.value.opensApp, state.state.value != .verified else { continue }
                findings.report(
                    description,
                    "'\(state.host.value)' is '\(state.state.value.printed)' for '\(app.packageName)': \(meaning(of: state.state.value)); "
                        + "links open the app here, but the verifier did not check the host on this install",
                    at: state.state.range, subjects: [FindingSubject(.value, host.name.text)])
            }
        }
    }

    /// How the state came to be.
    static func meaning(of state: DomainVerificationState) -> String {
        switch state {
        case .approved: return "approved by hand with pm set-app-links"
        case .migrated: return "carried over from the verification of Android 11 and lower"
        case .restored: return "restored from a backup"
        case .systemConfigured: return "approved by the device's configuration"
        case .preVerified: return "verified before the install"
        case .none, .verified, .denied, .legacyFailure, .verifierCode, .unknown: return state.printed
        }
    }
}
