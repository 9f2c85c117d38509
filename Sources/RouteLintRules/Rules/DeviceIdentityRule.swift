import RouteLintCore
import RouteLintDevice

/// `device-identity`: the output is of another package, or the installed app is signed by a
/// certificate the manifest's `cert-fingerprints` do not list.
package enum DeviceIdentityRule: DeviceRule {
    package static let description = RuleDescription(
        id: "device-identity",
        defaultSeverity: .error,
        summary: "The device's package is not the manifest's, or is signed by a certificate it does not list.",
        rationale: """
            Android's verifier looks for a statement naming the installed package and the \
            SHA-256 digest of its signing certificate. An output of another package says \
            nothing of this app (`android.package` names the one to ask for); an app signed by \
            a certificate `cert-fingerprints` lacks — a debug build, an upload key where Play \
            re-signs — fails verification on every host whose assetlinks.json is generated \
            from the manifest. Add the certificate to `cert-fingerprints` (and to the hosts' \
            files), or install a build signed as the manifest says.
            """,
        triggeringExamples: [
            DeviceExamples.example(DeviceExamples.output(package: "↓com.example.other", states: ["shop.example.com: verified"])),
            DeviceExamples.example(
                DeviceExamples.output(
                    signatures: "↓[" + String(repeating: "AB:", count: 31) + "AB]",
                    states: ["shop.example.com: verified", "www.example.com: verified"])),
        ],
        nonTriggeringExamples: [DeviceExamples.example(DeviceExamples.verified)])

    package static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink) {
        for output in facts.foreign {
            let named = output.packages.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (output.packages.count > 3 ? ", …" : "")
            findings.report(
                description,
                "the output is of \(named), not of \(output.expected.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "(android.package): run adb shell pm get-app-links \(output.expected[0])",
                at: output.first.range, subjects: [FindingSubject(.value, output.first.value)])
        }
        for app in facts.apps where !app.fingerprints.isEmpty {
            guard let signatures = app.links.signatures else { continue }
            // A digest that is no fingerprint (`[***]`, as published outputs hide it) cannot be judged.
            for digest in signatures.value where isFingerprint(digest) && !app.fingerprints.contains(digest.uppercased()) {
                findings.report(
                    description,
                    "'\(app.packageName)' is signed by \(digest), which cert-fingerprints do not list: the verifier finds no "
                        + "statement for it in assetlinks.json written from the manifest",
                    at: signatures.range, subjects: [FindingSubject(.value, digest)])
            }
        }
    }

    /// Whether `digest` is a SHA-256 digest as `pm` prints it: 32 hex bytes joined by colons.
    static func isFingerprint(_ digest: String) -> Bool {
        let bytes = digest.split(separator: ":", omittingEmptySubsequences: false)
        return bytes.count == 32 && bytes.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }
}
