import RouteLintCore

/// The route set the device rules' examples share, and what `pm get-app-links` printed for it:
/// each example is the manifest and a file named `outputName` holding the output.
enum DeviceExamples {
    /// The name of an example's output file: `routelint device-links` reads it.
    static let outputName = "get-app-links.txt"

    /// An Android app at two hosts.
    static let manifest = """
        manifest: 1
        hosts: [shop.example.com, www.example.com]
        android: {package: com.example.shop, cert-fingerprints: ["\(PlatformExamples.fingerprint)"]}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}

        """

    /// What the device prints for the app when both hosts are verified.
    static let verified = output(states: ["shop.example.com: verified", "www.example.com: verified"])

    /// The app's block, signed as `signatures` says, with `states` as its domain verification state, and `more` lines after it.
    static func output(
        package: String = "com.example.shop", signatures: String = "[\(PlatformExamples.fingerprint)]", states: [String],
        more: [String] = []
    ) -> String {
        ([
            "  \(package):", "    ID: 0e3d1c9a-5b6f-4c1e-9a2b-7d8e9f0a1b2c", "    Signatures: \(signatures)",
            "    Domain verification state:",
        ] + states.map { "      " + $0 } + more).joined(separator: "\n") + "\n"
    }

    /// The example of `output` for `manifest`.
    static func example(_ output: String, manifest: String = manifest) -> RuleExample {
        RuleExample(files: [(name: "example.routes.yaml", contents: manifest), (name: outputName, contents: output)])
    }
}
