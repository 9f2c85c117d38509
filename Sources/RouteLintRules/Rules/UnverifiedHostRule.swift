import RouteLintCore
import RouteLintDevice

/// `unverified-host`: a host of the app that the device has not verified for it, so its links
/// open the browser.
package enum UnverifiedHostRule: DeviceRule {
    package static let description = RuleDescription(
        id: "unverified-host",
        defaultSeverity: .error,
        summary: "A host of the app that the device has not verified: its links open the browser.",
        rationale: """
            Android opens an `https` link in the app without asking only when it has verified \
            the link's host for the app: its verifier fetched \
            `https://HOST/.well-known/assetlinks.json` and found a statement for the package \
            and its signing certificate. Every other state — `none` (no answer yet), \
            `legacy_failure`, `denied`, a verifier's code from 1024 — sends the links to the \
            browser or a chooser. A host of `hosts` the device does not list at all is not asked \
            for by the installed app: its intent filters lack the host or `android:autoVerify`. \
            The finding says what the state means and what to do: check the host's file with \
            `routelint hosts`, then `adb shell pm verify-app-links --re-verify PACKAGE`.
            """,
        triggeringExamples: [
            DeviceExamples.example(DeviceExamples.output(states: ["shop.example.com: verified", "www.example.com: ↓legacy_failure"])),
            DeviceExamples.example(DeviceExamples.output(states: ["shop.example.com: ↓1024", "www.example.com: ↓none"])),
            DeviceExamples.example(
                DeviceExamples.output(states: ["shop.example.com: verified"]),
                manifest: DeviceExamples.manifest.replacingFirst("www.example.com]", with: "↓www.example.com]")),
        ],
        nonTriggeringExamples: [DeviceExamples.example(DeviceExamples.verified)])

    package static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink) {
        for app in facts.apps {
            let invalid = Set(app.links.invalidDomains.map { $0.value.lowercased() })
            for host in app.hosts {
                let subjects = [FindingSubject(.value, host.name.text)]
                guard let state = app.state(of: host.name) else {
                    let why =
                        invalid.contains(host.name.text)
                        ? "Android lists it under 'Invalid autoVerify domains' and does not verify it"
                        : "the installed app does not ask for it: its intent filters lack the host or android:autoVerify"
                    findings.report(
                        description, "'\(host.name.text)' has no verification state on the device for '\(app.packageName)': \(why)",
                        at: host.entry, subjects: subjects)
                    continue
                }
                guard !state.state.value.opensApp else { continue }
                findings.report(
                    description,
                    "'\(state.host.value)' is '\(state.state.value.printed)' for '\(app.packageName)': " + meaning(of: state.state.value),
                    at: state.state.range, subjects: subjects)
            }
        }
    }

    /// What a state that does not open the app means, and what to do.
    static func meaning(of state: DomainVerificationState) -> String {
        let recheck = "check the host's assetlinks.json (routelint hosts), then run adb shell pm verify-app-links --re-verify PACKAGE"
        switch state {
        case .none:
            return "the verifier has not answered yet (it runs after the install, online); links open the browser until it does: "
                + "wait, or " + recheck
        case .denied:
            return
                "denied by hand with pm set-app-links on this device; links open the browser: undo it with adb shell pm reset-app-links PACKAGE"
        case .legacyFailure:
            return "the verification of Android 11 and lower failed and was carried over; links open the browser: " + recheck
        case .verifierCode:
            return "a code of the verifier app (1024 and up: the host's file was not found, not read, or names no statement for this "
                + "package and signing certificate); links open the browser: " + recheck
        case .unknown:
            return "no state Android prints; links open the app only for a verified host: " + recheck
        case .verified, .approved, .migrated, .restored, .systemConfigured, .preVerified:
            return "links open the app"
        }
    }
}
