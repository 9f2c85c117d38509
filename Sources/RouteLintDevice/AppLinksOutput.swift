import RouteLintCore

/// What `adb shell pm get-app-links [--user USER] [PACKAGE]` printed, read (Android 12 and
/// later; docs/testing-links.md, "The device's verdict"). The format is AOSP's
/// `DomainVerificationDebug`: an `IndentingPrintWriter` with two spaces an indent, lines cut at
/// 120 characters, a block per package:
///
///     com.example.shop:
///       ID: 01234567-89ab-cdef-0123-456789abcdef
///       Signatures: [AA:BB:…]
///       Invalid autoVerify domains:
///         bad_host.example.com
///       Domain verification state:
///         shop.example.com: verified
///       User 0:
///         Verification link handling allowed: true
///         Selection state:
///           Enabled:
///             shop.example.com
///           Disabled:
///             www.example.com
///
/// A package with no verification state but a user section starts `com.example.shop UUID:`.
/// Anything else — another command's output, an error, a cut-off block — is kept as an
/// `Unread` line for the `device-output` rule to word; nothing is guessed.
package struct AppLinksOutput: Sendable {
    /// Each package's block, in the order printed.
    package var packages: [PackageLinks] = []
    /// What could not be read as that format.
    package var unread: [Unread] = []

    /// A part of the output that is not what `pm get-app-links` prints.
    package struct Unread: Sendable, Equatable {
        /// Why it is not read.
        package enum Reason: Sendable, Equatable {
            /// A line no block of the format has: the text, as printed.
            case line(String)
            /// An error `pm` printed (`Error: package … unavailable`, `Unknown command: …`).
            case error(String)
            /// The bytes hold NUL: not text.
            case binary
            /// No package block at all.
            case noPackage
            /// A package block that ends before its verification state or user sections.
            case truncated(package: String)
        }

        /// Where.
        package let range: SourceRange
        /// Why.
        package let reason: Reason
    }

    /// The output in `bytes` (UTF-8, with or without a byte-order mark), read as file `file`.
    package init(_ bytes: [UInt8], file: FileID) {
        let lines = LineIndex(bytes)
        guard !bytes.contains(0) else {
            unread.append(Unread(range: Self.lineRange(1, text: "", in: file), reason: .binary))
            return
        }
        var reader = Reader(file: file)
        for number in 1...lines.lineCount {
            guard var range = lines.byteRange(ofLine: number) else { break }
            // Spaces and tabs around the text are counted on the bytes: a line may be megabytes.
            let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            let indent = bytes[range].prefix(while: isSpace).count
            range = range.lowerBound + indent..<range.upperBound
            while !range.isEmpty, isSpace(bytes[range.upperBound - 1]) { range = range.lowerBound..<range.upperBound - 1 }
            reader.read(line: number, indent: indent, String(decoding: bytes[range], as: UTF8.self))
        }
        reader.finish()
        packages = reader.packages
        unread = reader.unread
        if packages.isEmpty && unread.isEmpty {
            unread.append(Unread(range: Self.lineRange(1, text: "", in: file), reason: .noPackage))
        }
    }

    /// The range of `text` on line `number`, after `indent` code points.
    static func lineRange(_ number: Int, indent: Int = 0, text: Substring, in file: FileID) -> SourceRange {
        SourceRange(
            file: file, start: SourcePosition(line: number, column: 1 + indent),
            end: SourcePosition(line: number, column: 1 + indent + text.unicodeScalars.count))
    }

    static func lineRange(_ number: Int, text: String, in file: FileID) -> SourceRange {
        lineRange(number, text: Substring(text), in: file)
    }
}

/// One package's block of `pm get-app-links`.
package struct PackageLinks: Sendable {
    /// The package name, on its header line.
    package let name: Located<String>
    /// `Signatures:`: the SHA-256 digests of the package's signing certificates, colon-separated
    /// hex as printed (empty for `null`), where the line is; nil when not printed.
    package var signatures: Located<[String]>?
    /// `Invalid autoVerify domains:`: hosts of the app's `autoVerify` filters Android will not verify.
    package var invalidDomains: [Located<String>] = []
    /// `Domain verification state:`: each host and its state.
    package var states: [DomainState] = []
    /// The `User N:` sections.
    package var users: [UserLinks] = []

    /// Whether the block holds nothing to judge: no state, no user section, no invalid host (it
    /// was cut off, or its lines are unread).
    package var holdsNothing: Bool { states.isEmpty && users.isEmpty && invalidDomains.isEmpty }
}

/// One host of `Domain verification state:`.
package struct DomainState: Sendable {
    /// The host as printed (lower case; `*.example.com` for a wildcard filter).
    package let host: Located<String>
    /// Its state, where it is printed.
    package let state: Located<DomainVerificationState>
}

/// One `User N:` (or `User all:`) section.
package struct UserLinks: Sendable {
    /// `0`, `10`, … or `all`, on its header line.
    package let user: Located<String>
    /// `Verification link handling allowed:`, where it is printed.
    package var linkHandlingAllowed: Located<Bool>?
    /// `Selection state:` `Enabled:`: hosts the user chose for the app.
    package var enabled: [Located<String>] = []
    /// `Selection state:` `Disabled:`: the app's other web hosts (verified ones included: the
    /// list is every web host less the enabled ones, so a verified host here still opens the app).
    package var disabled: [Located<String>] = []
}

/// A host's state, as AOSP's `DomainVerificationState.stateToDebugString` prints it.
package enum DomainVerificationState: Sendable, Equatable {
    /// `none` (0): no answer recorded yet.
    case none
    /// `verified` (1): the verifier found the host's statement for this package and signature.
    case verified
    /// `approved` (2): set by `pm set-app-links … 2`, on this device only.
    case approved
    /// `denied` (3): set by `pm set-app-links … 3`, on this device only.
    case denied
    /// `migrated` (4): carried over from the verification of Android 11 and lower.
    case migrated
    /// `restored` (5): restored from a backup.
    case restored
    /// `legacy_failure` (6): Android 11 and lower's verification failed, carried over.
    case legacyFailure
    /// `system_configured` (7): the device's configuration approves it.
    case systemConfigured
    /// `pre_verified` (8): verified before the install (Android 16 and later).
    case preVerified
    /// A number from 1024: a code of the verifier app, not of Android.
    case verifierCode(Int)
    /// Text no version of Android prints as a state.
    case unknown(String)

    /// The state printed as `text`.
    package init(printed text: String) {
        switch text {
        case "none": self = .none
        case "verified": self = .verified
        case "approved": self = .approved
        case "denied": self = .denied
        case "migrated": self = .migrated
        case "restored": self = .restored
        case "legacy_failure": self = .legacyFailure
        case "system_configured": self = .systemConfigured
        case "pre_verified": self = .preVerified
        default:
            // `stateToDebugString` prints any other code as its number; Android's own end at 8
            // and the verifier's start at 1024 (`STATE_FIRST_VERIFIER_DEFINED`).
            if text.count <= 9, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let code = Int(text),
                code >= 1024
            {
                self = .verifierCode(code)
            } else {
                self = .unknown(text)
            }
        }
    }

    /// Whether links of the host open the app without asking, as `DomainVerificationState.isVerified` decides.
    package var opensApp: Bool {
        switch self {
        case .verified, .approved, .migrated, .restored, .systemConfigured, .preVerified: return true
        case .none, .denied, .legacyFailure, .verifierCode, .unknown: return false
        }
    }

    /// The state as printed.
    package var printed: String {
        switch self {
        case .none: return "none"
        case .verified: return "verified"
        case .approved: return "approved"
        case .denied: return "denied"
        case .migrated: return "migrated"
        case .restored: return "restored"
        case .legacyFailure: return "legacy_failure"
        case .systemConfigured: return "system_configured"
        case .preVerified: return "pre_verified"
        case .verifierCode(let code): return String(code)
        case .unknown(let text): return text
        }
    }
}

extension AppLinksOutput {
    /// Reads the output line by line: which block a line belongs to is told by its words, as
    /// the format's headers are fixed English, and the indentation only confirms it.
    fileprivate struct Reader {
        enum Section { case header, invalid, states, user, enabled, disabled }

        let file: FileID
        var packages: [PackageLinks] = []
        var unread: [Unread] = []
        var section = Section.header
        /// A `Signatures: [` line cut at 120 characters: its text so far and where it starts.
        var openSignatures: (text: String, range: SourceRange)?
        /// Whether the current package has a section header yet: one without was cut off.
        var packageHasSection = false

        init(file: FileID) { self.file = file }

        /// Reads line `number`, whose `text` follows `indent` spaces and tabs.
        mutating func read(line number: Int, indent: Int, _ text: String) {
            guard !text.isEmpty else { return }
            let range = AppLinksOutput.lineRange(number, indent: indent, text: Substring(text), in: file)
            if var signatures = openSignatures {
                // `IndentingPrintWriter` slices a long line hard, indenting the rest: the text
                // goes on where it stopped. A line of the format's own (a header, `host: state`)
                // means the list was cut off, and is read as itself.
                if text.hasSuffix(":") || text.firstOccurrence(of: ": ") != nil {
                    unread.append(Unread(range: signatures.range, reason: .line("Signatures: " + signatures.text)))
                    openSignatures = nil
                } else {
                    signatures.text += text
                    openSignatures = signatures
                    if text.hasSuffix("]") { closeSignatures() }
                    return
                }
            }
            if let header = Self.packageHeader(text) {
                closePackage()
                packageHasSection = false
                packages.append(PackageLinks(name: Located(header, at: Self.prefix(header, of: range))))
                section = .header
                return
            }
            guard !packages.isEmpty else {
                // Before the first block: the command itself, as pasted from a terminal, and the
                // heading `dumpsys package d` puts over the same blocks, are no part of the verdict.
                if text.firstOccurrence(of: "pm get-app-links") != nil || text == "Domain verification status:" { return }
                unread.append(Unread(range: range, reason: Self.isError(text) ? .error(text) : .line(text)))
                return
            }
            let current = packages.count - 1
            let sections = ["Invalid autoVerify domains:", "Domain verification state:"]
            if sections.contains(text) || (text.hasPrefix("User ") && text.hasSuffix(":")) { packageHasSection = true }
            switch text {
            case "Invalid autoVerify domains:": section = .invalid; return
            case "Domain verification state:": section = .states; return
            case "Selection state:" where section == .user || section == .enabled || section == .disabled: return
            case "Enabled:" where section != .header && section != .states && section != .invalid:
                section = .enabled
                return
            case "Disabled:" where section != .header && section != .states && section != .invalid:
                section = .disabled
                return
            default: break
            }
            if text.hasPrefix("User "), text.hasSuffix(":") {
                let user = String(text.dropFirst(5).dropLast())
                if user == "all" || (!user.isEmpty && user.count <= 9 && user.allSatisfy(\.isASCIIDigit)) {
                    packages[current].users.append(UserLinks(user: Located(user, at: range)))
                    section = .user
                    return
                }
            }
            if section == .header, text.hasPrefix("ID: ") { return }
            if section == .header, text.hasPrefix("Signatures: ") {
                let value = String(text.dropFirst("Signatures: ".count))
                let valueRange = Self.suffix(value, of: range)
                if value == "null" {
                    packages[current].signatures = Located([], at: valueRange)
                } else if value.hasPrefix("[") {
                    openSignatures = (value, valueRange)
                    if value.hasSuffix("]") { closeSignatures() }
                } else {
                    unread.append(Unread(range: range, reason: .line(text)))
                }
                return
            }
            if section == .user, text.hasPrefix("Verification link handling allowed: "), !packages[current].users.isEmpty {
                let value = text.dropFirst("Verification link handling allowed: ".count)
                if value == "true" || value == "false" {
                    packages[current].users[packages[current].users.count - 1].linkHandlingAllowed = Located(
                        value == "true", at: Self.suffix(String(value), of: range))
                    return
                }
            }
            let isHost = !text.utf8.contains(UInt8(ascii: " ")) && !text.utf8.contains(UInt8(ascii: ":"))
            switch section {
            case .states:
                let utf8 = Array(text.utf8)
                if let colon = utf8.indices.first(where: {
                    utf8[$0] == UInt8(ascii: ":") && $0 + 1 < utf8.count && utf8[$0 + 1] == UInt8(ascii: " ")
                }) {
                    let host = String(decoding: utf8[..<colon], as: UTF8.self)
                    let state = String(decoding: utf8[(colon + 2)...], as: UTF8.self)
                    if !host.utf8.contains(UInt8(ascii: " ")), !state.isEmpty {
                        packages[current].states.append(
                            DomainState(
                                host: Located(host, at: Self.prefix(host, of: range)),
                                state: Located(DomainVerificationState(printed: state), at: Self.suffix(state, of: range))))
                        return
                    }
                }
            case .invalid where isHost:
                packages[current].invalidDomains.append(Located(text, at: range))
                return
            case .enabled where isHost && !packages[current].users.isEmpty:
                packages[current].users[packages[current].users.count - 1].enabled.append(Located(text, at: range))
                return
            case .disabled where isHost && !packages[current].users.isEmpty:
                packages[current].users[packages[current].users.count - 1].disabled.append(Located(text, at: range))
                return
            case .header, .invalid, .user, .enabled, .disabled:
                break
            }
            unread.append(Unread(range: range, reason: Self.isError(text) ? .error(text) : .line(text)))
        }

        mutating func finish() {
            if let signatures = openSignatures {
                unread.append(Unread(range: signatures.range, reason: .line("Signatures: " + signatures.text)))
                openSignatures = nil
            }
            closePackage()
        }

        /// Ends the current package: one with neither a verification state nor a user section
        /// was cut off (`pm` prints a package only when it has one of them).
        mutating func closePackage() {
            guard let last = packages.last, !packageHasSection else { return }
            unread.append(Unread(range: last.name.range, reason: .truncated(package: last.name.value)))
        }

        mutating func closeSignatures() {
            guard let (text, range) = openSignatures else { return }
            openSignatures = nil
            // `Arrays.toString` of the digests: `[AA:…, BB:…]`; a cut may fall anywhere, even
            // in the separator, so the parts are split at commas and trimmed.
            let digests = text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            packages[packages.count - 1].signatures = Located(digests, at: range)
        }

        /// The package name of a header line: `NAME:` or `NAME UUID:`, NAME a Java package name.
        static func packageHeader(_ text: String) -> String? {
            guard text.hasSuffix(":") else { return nil }
            let words = text.dropLast().split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 1 || (words.count == 2 && isUUID(words[1])) else { return nil }
            let name = words[0]
            let segments = name.split(separator: ".", omittingEmptySubsequences: false)
            guard segments.count >= 2,
                segments.allSatisfy({ segment in
                    guard let first = segment.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else {
                        return false
                    }
                    return segment.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
                    }
                })
            else { return nil }
            return String(name)
        }

        static func isUUID(_ text: Substring) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.count == 36
                && bytes.indices.allSatisfy { [8, 13, 18, 23].contains($0) ? bytes[$0] == UInt8(ascii: "-") : bytes[$0].isHexDigit }
        }

        /// Whether a line is `pm`'s own complaint: an error, or a command it does not know.
        static func isError(_ text: String) -> Bool {
            text.hasPrefix("Error") || text.hasPrefix("Unknown command") || text.hasPrefix("Failure") || text.hasPrefix("Exception")
        }

        /// The range of `text`'s first `prefix.count` characters.
        static func prefix(_ prefix: String, of range: SourceRange) -> SourceRange {
            SourceRange(
                file: range.file, start: range.start,
                end: SourcePosition(line: Int(range.start.line), column: Int(range.start.column) + prefix.unicodeScalars.count))
        }

        /// The range of the last `suffix.count` characters of `range`.
        static func suffix(_ suffix: String, of range: SourceRange) -> SourceRange {
            SourceRange(
                file: range.file,
                start: SourcePosition(line: Int(range.end.line), column: Int(range.end.column) - suffix.unicodeScalars.count),
                end: range.end)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
