import RouteLintCore
import RouteLintDevice

/// `link-handling-off`: a user of the device turned off the app's handling of its verified links.
package enum LinkHandlingOffRule: DeviceRule {
    package static let description = RuleDescription(
        id: "link-handling-off",
        defaultSeverity: .warning,
        summary: "A user of the device turned off \"Open supported links\" for the app.",
        rationale: """
            With `Verification link handling allowed: false` (Settings → Apps → the app → Open \
            by default → Open supported links, off), Android opens none of the app's verified \
            links in it for that user, whatever their state: a test on that device fails for a \
            reason no file holds. Turn it back on there, or with `adb shell pm \
            set-app-links-allowed --user cur --package PACKAGE true`. The `Disabled:` list under \
            `Selection state:` is no such setting: it lists every web host the user did not \
            pick, verified ones included, and a verified host there still opens the app.
            """,
        triggeringExamples: [example(allowed: "↓false")],
        nonTriggeringExamples: [example(allowed: "true")])

    /// The app with both hosts verified, and user 0's section saying `allowed`.
    static func example(allowed: String) -> RuleExample {
        DeviceExamples.example(
            DeviceExamples.output(
                states: ["shop.example.com: verified", "www.example.com: verified"],
                more: [
                    "    User 0:", "      Verification link handling allowed: \(allowed)", "      Selection state:", "        Disabled:",
                    "          shop.example.com", "          www.example.com",
                ]))
    }

    package static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink) {
        for app in facts.apps {
            for user in app.links.users {
                guard let allowed = user.linkHandlingAllowed, !allowed.value else { continue }
                let whose = user.user.value == "all" ? "every user" : "user \(user.user.value)"
                findings.report(
                    description,
                    "'Open supported links' is off for '\(app.packageName)' for \(whose): no link opens the app there, verified or not",
                    at: allowed.range, subjects: [FindingSubject(.value, user.user.value)])
            }
        }
    }
}
