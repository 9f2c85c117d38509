import Foundation
import Testing

@testable import RouteLintRuns
@testable import RouteLintCore
@testable import RouteLintRules
@testable import RouteLintDevice
@testable import RouteLintReporting

/// `routelint device-links`: the output of `pm get-app-links` read as AOSP's
/// `DomainVerificationDebug` prints it (two-space indents from one level in, lines cut at 120
/// characters), judged against the manifest, and hostile output read without harm.
@Suite("Device links")
struct DeviceLinksTests {
    static let fingerprint = PlatformExamples.fingerprint

    /// An Android app at three hosts, one a wildcard.
    static let manifest = """
        manifest: 1
        app: shop
        hosts: [shop.example.com, www.example.com, "*.shop.example.com"]
        android: {package: com.example.shop, cert-fingerprints: ["\(fingerprint)"]}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}

        """

    /// The text report of `device-links` on `output`, without the summary's time.
    static func report(_ output: String, manifest: String = manifest) throws -> (text: String, run: DeviceLinksRun) {
        let run = try checkDevice([(name: "shop.routes.yaml", contents: manifest), (name: "links.txt", contents: output)])
        let text = TextReporter(options: .init(summary: false)).render(run.report)
        // The finding lines, without the excerpts under them.
        let findings = text.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        return (findings.joined(separator: "\n"), run)
    }

    // MARK: - Judging it

    @Test("each host of the app not verified is found at its state, with what the state means")
    func unverifiedHosts() throws {
        let (text, run) = try Self.report(
            """
              com.example.shop:
                ID: 01234567-89ab-cdef-0123-456789abcdef
                Signatures: [\(Self.fingerprint)]
                Domain verification state:
                  shop.example.com: none
                  www.example.com: legacy_failure
                  *.shop.example.com: 1024

            """)
        #expect(
            text == """
                links.txt:5:25: error: 'shop.example.com' is 'none' for 'com.example.shop': the verifier has not answered yet (it runs after the install, online); links open the browser until it does: wait, or check the host's assetlinks.json (routelint hosts), then run adb shell pm verify-app-links --re-verify PACKAGE [unverified-host]
                links.txt:6:24: error: 'www.example.com' is 'legacy_failure' for 'com.example.shop': the verification of Android 11 and lower failed and was carried over; links open the browser: check the host's assetlinks.json (routelint hosts), then run adb shell pm verify-app-links --re-verify PACKAGE [unverified-host]
                links.txt:7:27: error: '*.shop.example.com' is '1024' for 'com.example.shop': a code of the verifier app (1024 and up: the host's file was not found, not read, or names no statement for this package and signing certificate); links open the browser: check the host's assetlinks.json (routelint hosts), then run adb shell pm verify-app-links --re-verify PACKAGE [unverified-host]
                """)
        #expect(run.verdict.exitStatus == 1)
    }

    @Test("a host the device does not list, or lists as invalid, is found in the manifest")
    func absentHosts() throws {
        let (text, _) = try Self.report(
            """
              com.example.shop:
                Signatures: [\(Self.fingerprint)]
                Invalid autoVerify domains:
                  www.example.com
                Domain verification state:
                  shop.example.com: verified

            """)
        #expect(
            text == """
                ./shop.routes.yaml:3:27: error: 'www.example.com' has no verification state on the device for 'com.example.shop': Android lists it under 'Invalid autoVerify domains' and does not verify it [unverified-host]
                ./shop.routes.yaml:3:44: error: '*.shop.example.com' has no verification state on the device for 'com.example.shop': the installed app does not ask for it: its intent filters lack the host or android:autoVerify [unverified-host]
                """)
    }

    @Test("hosts opened otherwise, hosts the manifest lacks, another signer, link handling off")
    func everyOtherFinding() throws {
        let debugKey = String(repeating: "0A:", count: 31) + "0B"
        let (text, run) = try Self.report(
            """
              com.example.shop:
                ID: 01234567-89ab-cdef-0123-456789abcdef
                Signatures: [\(debugKey)]
                Domain verification state:
                  shop.example.com: approved
                  www.example.com: system_configured
                  *.shop.example.com: verified
                  eu.shop.example.com: verified
                  old.example.com: migrated
                  new.example.com: none
                User 0:
                  Verification link handling allowed: false
                  Selection state:
                    Disabled:
                      shop.example.com

            """)
        #expect(
            text == """
                links.txt:3:17: error: 'com.example.shop' is signed by \(debugKey), which cert-fingerprints do not list: the verifier finds no statement for it in assetlinks.json written from the manifest [device-identity]
                links.txt:5:25: warning: 'shop.example.com' is 'approved' for 'com.example.shop': approved by hand with pm set-app-links; links open the app here, but the verifier did not check the host on this install [unchecked-host]
                links.txt:6:24: warning: 'www.example.com' is 'system_configured' for 'com.example.shop': approved by the device's configuration; links open the app here, but the verifier did not check the host on this install [unchecked-host]
                links.txt:9:7: warning: 'old.example.com' opens 'com.example.shop' on the device ('migrated'), but the manifest's hosts do not have it [undeclared-device-host]
                links.txt:12:43: warning: 'Open supported links' is off for 'com.example.shop' for user 0: no link opens the app there, verified or not [link-handling-off]
                """)
        // `eu.shop.example.com` is covered by the wildcard; `new.example.com` opens the browser, which is no claim of the app.
        #expect(run.active.count == 5)
    }

    @Test("packages of other apps are left alone; an output of no app's package is found")
    func packages() throws {
        let other = "  com.example.blog:\n    Domain verification state:\n      blog.example.com: verified\n"
        let ours =
            "  com.example.shop:\n    Domain verification state:\n      shop.example.com: verified\n"
            + "      www.example.com: verified\n      *.shop.example.com: verified\n"
        #expect(try Self.report(other + ours + other).text == "")
        #expect(
            try Self.report(other).text
                == "links.txt:1:3: error: the output is of 'com.example.blog', not of 'com.example.shop' (android.package): run adb shell pm get-app-links com.example.shop [device-identity]"
        )
    }

    @Test("an output that cannot be opened makes the run incomplete; one that cannot be read is a finding, never clean")
    func verdicts() throws {
        let missing = try checkDevice([(name: "shop.routes.yaml", contents: Self.manifest)]) {
            $0.outputs = [.path("nowhere.txt")]
        }
        #expect(missing.unreadable.map(\.path) == ["nowhere.txt"])
        #expect(missing.verdict.exitStatus == 2)
        let (text, run) = try Self.report("Error: package com.example.shop unavailable\n")
        #expect(
            text
                == "links.txt:1:1: error: pm said 'Error: package com.example.shop unavailable': the output holds no verification state (is the app installed, and the package name right?) [device-output]"
        )
        #expect(run.verdict.exitStatus == 1)
    }

    @Test("control characters in a host are escaped in every message, and a UTF-16 output reads as its text")
    func hostileText() throws {
        let (text, _) = try Self.report(
            "  com.example.shop:\n    Domain verification state:\n      evil\u{1B}[31m.example.com: verified\n      shop.example.com: verified\n"
                + "      www.example.com: verified\n      *.shop.example.com: verified\n")
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("'evil\\u{1B}[31m.example.com' opens 'com.example.shop'"))

        let folder = try TemporaryFolder()
        try folder.write("shop.routes.yaml", Self.manifest)
        let utf16 =
            [UInt8]([0xFF, 0xFE])
            + "  com.example.shop:\r\n    Domain verification state:\r\n      shop.example.com: none\r\n"
            .utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(utf16).write(to: URL(fileURLWithPath: folder.path + "/links.txt"))
        let run = try DeviceLinksRun.perform(DeviceLinksOptions(outputs: [.path("links.txt")], workingDirectory: folder.path))
        #expect(
            run.active.map { "\($0.range.start) \($0.rule)" }.sorted() == [
                "3:25 unverified-host", "3:27 unverified-host", "3:44 unverified-host",
            ])
    }
}
