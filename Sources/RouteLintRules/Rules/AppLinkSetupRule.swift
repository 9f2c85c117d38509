import RouteLintCore
import RouteLintPlatform

/// `app-link-setup`: a platform file's setup disagrees with the manifest's hosts, app IDs,
/// package or fingerprints, or an https intent filter is not verified.
package enum AppLinkSetupRule: PlatformRule {
    package static let description = RuleDescription(
        id: "app-link-setup",
        defaultSeverity: .warning,
        summary: "A platform file's hosts, app IDs, package or fingerprints differ from the manifest, or an https filter lacks autoVerify.",
        rationale: """
            Links verify only when every part agrees: the hosts of the entitlement and of the \
            intent filters with the manifest's `hosts`, the apple-app-site-association's app IDs \
            with `ios.app-ids`, assetlinks.json's package and fingerprints with `android`. An \
            `https` intent filter without `android:autoVerify="true"` is never verified, so \
            Android asks the user which app to use, or opens the browser. Dynamic App Links \
            rules (Android 15+) that all exclude keep every link on the web, and a second \
            statement with rules for the same app leaves which one applies undefined.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "AndroidManifest.xml",
                PlatformExamples.androidManifest(PlatformExamples.webFilter(PlatformExamples.exactData, verified: false))
                    .replacingFirst("<intent-filter>", with: "↓<intent-filter>")),
            PlatformExamples.files(
                "app.entitlements",
                PlatformExamples.entitlements("\t\t<string>applinks:example.com</string>\n\t\t↓<string>applinks:old.example.com</string>")),
            PlatformExamples.files(
                "assetlinks.json", PlatformExamples.assetLinks(dynamicRules: #"↓[{"/": "/checkout", "exclude": true}]"#)),
        ],
        nonTriggeringExamples: [
            PlatformExamples.files("assetlinks.json", PlatformExamples.assetLinks()),
            PlatformExamples.files(
                "assetlinks.json", PlatformExamples.assetLinks(dynamicRules: #"[{"/": "/checkout", "exclude": true}, {"/": "*"}]"#)),
        ])

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        for mismatch in facts.setup {
            switch mismatch {
            case .notVerified(let range):
                findings.report(
                    description, "this https intent filter has no android:autoVerify=\"true\": Android never verifies its links",
                    at: range, subjects: [FindingSubject(.key, "autoVerify")])
            case .missingHost(let host, let file, let range):
                findings.report(
                    description, "host '\(host)' of 'hosts' is missing from \(file)", at: range,
                    subjects: [FindingSubject(.value, host)])
            case .extraHost(let host, let range):
                findings.report(
                    description, "host '\(host)' is not among the manifest's 'hosts'", at: range,
                    subjects: [FindingSubject(.value, host)])
            case .missingAppID(let id, let range):
                findings.report(
                    description, "app ID '\(id)' of 'ios.app-ids' is in no entry of the file", at: range,
                    subjects: [FindingSubject(.value, id)])
            case .extraAppID(let id, let range):
                findings.report(
                    description, "app ID '\(id)' is not among the manifest's 'ios.app-ids'", at: range,
                    subjects: [FindingSubject(.value, id)])
            case .missingPackage(let package, let range):
                findings.report(
                    description, "no handle_all_urls statement names package '\(package)' of 'android.package'",
                    at: range, subjects: [FindingSubject(.value, package)])
            case .missingFingerprint(let fingerprint, let range):
                findings.report(
                    description, "fingerprint '\(fingerprint)' of 'android.cert-fingerprints' is not in the statement",
                    at: range, subjects: [FindingSubject(.value, fingerprint)])
            case .extraFingerprint(let fingerprint, let range):
                findings.report(
                    description, "fingerprint '\(fingerprint)' is not among 'android.cert-fingerprints'", at: range,
                    subjects: [FindingSubject(.value, fingerprint)])
            case .duplicateDynamicRules(let package, let range):
                findings.report(
                    description,
                    "a second statement for '\(package)' has dynamic rules: which one Android 15 applies is "
                        + "undefined; keep one", at: range, subjects: [FindingSubject(.value, package)])
            case .excludingDynamicRules(let range):
                findings.report(
                    description,
                    "every dynamic rule excludes, so no URL opens the app on Android 15+ (a URL no rule matches stays on the web "
                        + "too); end the list with {\"/\": \"*\"}", at: range)
            }
        }
    }
}
