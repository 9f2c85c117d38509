import Testing

@testable import RouteLintCore
@testable import RouteLintDevice

/// The output of `pm get-app-links` read as AOSP's `DomainVerificationDebug` prints it (two-space
/// indents from one level in, lines cut at 120 characters), through the reader's own API: what
/// the device rules are given, and what cannot be read kept as it is.
@Suite("What a device prints of its app links")
struct AppLinksOutputTests {
    /// A signing certificate's SHA-256 fingerprint, as Android prints it.
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func read(_ text: String) -> AppLinksOutput { AppLinksOutput(Array(text.utf8), file: FileID(0)) }

    @Test("every state stateToDebugString prints reads as its state, and only the verifying ones open the app")
    func states() {
        let printed = [
            ("none", false), ("verified", true), ("approved", true), ("denied", false), ("migrated", true), ("restored", true),
            ("legacy_failure", false), ("system_configured", true), ("pre_verified", true), ("1024", false), ("1026", false),
            ("4096", false),
        ]
        for (text, opens) in printed {
            let state = DomainVerificationState(printed: text)
            #expect(state.printed == text)
            #expect(state.opensApp == opens, "\(text)")
            if case .unknown = state { Issue.record("\(text) read as unknown") }
        }
        // Android's own codes end at 8; 9 to 1023 are printed as numbers but are none of its states.
        #expect(DomainVerificationState(printed: "9") == .unknown("9"))
        #expect(DomainVerificationState(printed: "1023") == .unknown("1023"))
        #expect(DomainVerificationState(printed: "Verified") == .unknown("Verified"))
        #expect(DomainVerificationState(printed: "99999999999999999999") == .unknown("99999999999999999999"))
    }

    @Test("a block with every part, user sections of a user and of all, and a second package")
    func wholeBlocks() throws {
        let output = Self.read(
            """
              com.example.shop:
                ID: 01234567-89ab-cdef-0123-456789abcdef
                Signatures: [\(Self.fingerprint)]
                Invalid autoVerify domains:
                  bad_host.example.com
                Domain verification state:
                  shop.example.com: verified
                  www.example.com: 1026
                User 0:
                  Verification link handling allowed: true
                  Selection state:
                    Enabled:
                      www.example.com
                    Disabled:
                      shop.example.com
                User all:
                  Verification link handling allowed: false
                  Selection state:
                    Disabled:
                      shop.example.com
              com.example.blog 89abcdef-0123-4567-89ab-cdef01234567:
                User 10:
                  Verification link handling allowed: true
                  Selection state:
                    Enabled:
                      blog.example.com

            """)
        #expect(output.unread == [])
        #expect(output.packages.map(\.name.value) == ["com.example.shop", "com.example.blog"])
        let shop = output.packages[0]
        #expect(shop.signatures?.value == [Self.fingerprint])
        #expect(shop.invalidDomains.map(\.value) == ["bad_host.example.com"])
        #expect(
            shop.states.map { "\($0.host.value)=\($0.state.value.printed)@\($0.state.range.start)" } == [
                "shop.example.com=verified@7:25", "www.example.com=1026@8:24",
            ])
        #expect(shop.users.map(\.user.value) == ["0", "all"])
        #expect(shop.users.map { $0.linkHandlingAllowed?.value } == [true, false])
        #expect(shop.users[0].enabled.map(\.value) == ["www.example.com"])
        #expect(shop.users[0].disabled.map(\.value) == ["shop.example.com"])
        #expect(output.packages[1].users.map(\.user.value) == ["10"])
        #expect(output.packages[1].states.isEmpty && output.packages[1].signatures == nil)
    }

    @Test("Signatures cut at 120 characters by IndentingPrintWriter are joined again, wherever the cut falls")
    func wrappedSignatures() {
        let second = String(repeating: "AB:", count: 31) + "AB"
        let line = "    Signatures: [\(Self.fingerprint), \(second)]"
        // Cut at every place from the bracket to the end, the rest indented as the writer does.
        for cut in 18..<(line.count - 1) {
            let text =
                "  com.example.shop:\n" + line.prefix(cut) + "\n    " + line.dropFirst(cut)
                + "\n    Domain verification state:\n      shop.example.com: verified\n"
            let output = Self.read(text)
            #expect(output.unread == [], "cut at \(cut)")
            #expect(output.packages.first?.signatures?.value == [Self.fingerprint, second], "cut at \(cut)")
        }
        #expect(
            Self.read("  com.example.shop:\n    Signatures: null\n    Domain verification state:\n      a.example.com: none\n")
                .packages.first?.signatures?.value == [])
    }

    @Test("what is not the format is kept, never guessed at: errors, other output, cut-off blocks, binary, nothing")
    func unread() {
        func reasons(_ text: String) -> [String] { Self.read(text).unread.map { "\($0.range.start) \($0.reason)" } }
        #expect(reasons("Error: package com.example.shop unavailable\n") == ["1:1 error(\"Error: package com.example.shop unavailable\")"])
        #expect(reasons("Unknown command: get-app-links\n") == ["1:1 error(\"Unknown command: get-app-links\")"])
        #expect(reasons("") == ["1:1 noPackage"])
        #expect(reasons("\n\n") == ["1:1 noPackage"])
        #expect(
            reasons("  com.example.shop:\n    ID: x\n  com.example.blog:\n") == [
                "1:3 truncated(package: \"com.example.shop\")", "3:3 truncated(package: \"com.example.blog\")",
            ])
        #expect(reasons("{\"relation\": []}\n") == ["1:1 line(\"{\\\"relation\\\": []}\")"])
        #expect(
            reasons("  com.example.shop:\n    Domain verification state:\n      a.example.com verified\n") == [
                "3:7 line(\"a.example.com verified\")"
            ])
        #expect(
            reasons("  com.example.shop:\n    User 0:\n      Verification link handling allowed: maybe\n") == [
                "3:7 line(\"Verification link handling allowed: maybe\")"
            ])
        #expect(
            reasons("  com.example.shop:\n    Signatures: [AB:CD\n    Domain verification state:\n      a.example.com: none\n") == [
                "2:17 line(\"Signatures: [AB:CD\")"
            ])
        #expect(
            reasons("  com.example.shop:\n    Signatures: [AB:CD\n") == [
                "2:17 line(\"Signatures: [AB:CD\")", "1:3 truncated(package: \"com.example.shop\")",
            ])
        #expect(reasons("  com.example.shop:\n\u{0}\n") == ["1:1 binary"])
        // A pasted terminal: the prompt and command before the output, and dumpsys's heading.
        let pasted =
            "$ adb shell pm get-app-links com.example.shop\nDomain verification status:\n"
            + "com.example.shop:\nID: 01234567-89ab-cdef-0123-456789abcdef\nSignatures: [***]\nDomain verification state:\nexample.org: 1026\n"
        #expect(reasons(pasted) == [])
        #expect(Self.read(pasted).packages.first?.states.map(\.state.value) == [.verifierCode(1026)])
    }

    @Test("a line of 10 MB, and 200,000 hosts, are read whole")
    func largeInput() {
        let long = String(repeating: "a", count: 10_000_000)
        let output = Self.read("  com.example.shop:\n    Domain verification state:\n      \(long): verified\n" + long + "\n")
        #expect(output.packages.first?.states.first?.host.value.utf8.count == 10_000_000)
        #expect(output.unread.map(\.range.start) == [SourcePosition(line: 4, column: 1)])
        var many = "  com.example.shop:\n    Domain verification state:\n"
        for index in 0..<200_000 { many += "      h\(index).example.com: none\n" }
        #expect(Self.read(many).packages.first?.states.count == 200_000)
    }
}
