import Foundation
import Testing

/// `routelint device-links` as a user runs it: the output of `pm get-app-links` from a file or
/// standard input, judged against the example app in Manifests/, in each format.
@Suite("routelint device-links, end to end")
struct DeviceLinksCommandTests {
    /// What a device prints for the example app with its one host failed and a user who
    /// turned link handling off.
    static let output = """
          com.example.shop:
            ID: 01234567-89ab-cdef-0123-456789abcdef
            Signatures: [14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5]
            Domain verification state:
              shop.example.com: 1024
            User 0:
              Verification link handling allowed: false
              Selection state:
                Disabled:
                  shop.example.com

        """

    @Test("standard input, judged against the example app: each finding, the summary, exit 1")
    func text() throws {
        let result = try RouteLint.run(["device-links", "-", "--routes", "Manifests"], input: Self.output)
        let findings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("-:") }
        #expect(
            findings == [
                "-:5:25: error: 'shop.example.com' is '1024' for 'com.example.shop': a code of the verifier app (1024 and up: the host's file was not found, not read, or names no statement for this package and signing certificate); links open the browser: check the host's assetlinks.json (routelint hosts), then run adb shell pm verify-app-links --re-verify PACKAGE [unverified-host]",
                "-:7:43: warning: 'Open supported links' is off for 'com.example.shop' for user 0: no link opens the app there, verified or not [link-handling-off]",
            ])
        #expect(result.stdout.hasSuffix("and 1 device output.\n") || result.stdout.contains(" and 1 device output in "))
        #expect(result.status == 1)
    }

    @Test("JSON and SARIF carry the findings with their rules; SARIF tags them device-links")
    func machineReadable() throws {
        let json = try RouteLint.run(["device-links", "-", "--routes", "Manifests", "--format", "json"], input: Self.output)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(findings.compactMap { $0["rule"] as? String } == ["unverified-host", "link-handling-off"])
        let sarif = try RouteLint.run(["device-links", "-", "--routes", "Manifests", "--format", "sarif"], input: Self.output)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["unverified-host", "link-handling-off"])
        #expect(sarif.stdout.contains("\"device-links\""))
        #expect(json.status == 1 && sarif.status == 1)
    }

    @Test("a missing output is incomplete (exit 2); no output named is a usage error (exit 2)")
    func failures() throws {
        let missing = try RouteLint.run(["device-links", "nowhere.txt", "--routes", "Manifests"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("Incomplete: 1 path could not be read"))
        let none = try RouteLint.run(["device-links", "--routes", "Manifests"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("Missing expected argument") || none.stderr.contains("name the output"))
    }

    @Test("binary and hostile text: a finding, escaped, never a crash")
    func hostile() throws {
        let binary = try RouteLint.run(["device-links", "-", "--routes", "Manifests"], input: "\u{0}\u{1}\u{2}ELF")
        #expect(binary.status == 1)
        #expect(binary.stdout.contains("the file holds NUL bytes"))
        let escape = try RouteLint.run(
            ["device-links", "-", "--routes", "Manifests"],
            input:
                "  com.example.shop:\n    Domain verification state:\n      shop.example.com: verified\n      x\u{1B}]0;pwned\u{7}.example.com: verified\n"
        )
        #expect(!escape.stdout.contains("\u{1B}") && !escape.stdout.contains("\u{7}"))
        #expect(escape.stdout.contains("undeclared-device-host"))
        #expect(escape.status == 0)
    }
}
