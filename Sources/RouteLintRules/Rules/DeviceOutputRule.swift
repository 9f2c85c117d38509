import RouteLintCore
import RouteLintDevice

/// `device-output`: a file given to `routelint device-links` is not, or not wholly, what
/// `pm get-app-links` prints.
package enum DeviceOutputRule: DeviceRule {
    package static let description = RuleDescription(
        id: "device-output",
        defaultSeverity: .error,
        summary: "Output given to routelint device-links that is not what pm get-app-links prints.",
        rationale: """
            `routelint device-links` judges what `adb shell pm get-app-links PACKAGE` printed \
            (Android 12 and later). Another command's output, an error of `pm` (an unknown \
            package, an Android without the command), a block cut off, a binary file: none says \
            whether the hosts are verified, so each is a finding and the run is never clean. \
            Capture the output again: `adb shell pm get-app-links --user cur PACKAGE > FILE`.
            """,
        triggeringExamples: [
            DeviceExamples.example("↓Error: package com.example.shop unavailable\n"),
            DeviceExamples.example(DeviceExamples.verified + "    ↓shop.example.com verified\n"),
            DeviceExamples.example("  ↓com.example.shop:\n    ID: 0e3d1c9a-5b6f-4c1e-9a2b-7d8e9f0a1b2c\n"),
        ],
        nonTriggeringExamples: [DeviceExamples.example(DeviceExamples.verified)])

    /// The most of an unread line a message quotes.
    static let quotedLength = 80

    package static func check(_ facts: DeviceLinkFacts, into findings: inout FindingSink) {
        for unread in facts.unread {
            let message: String
            switch unread.reason {
            case .line(let text):
                message = "'\(quoted(text))' is not a line pm get-app-links prints: is this another command's output, or edited?"
            case .error(let text):
                message = "pm said '\(quoted(text))': the output holds no verification state (\(hint(for: text)))"
            case .binary:
                message = "the file holds NUL bytes: it is not the text pm get-app-links prints"
            case .noPackage:
                message =
                    "the output names no package: pm prints nothing for an app that declares no https intent filter "
                    + "with android:autoVerify, or the output was not captured"
            case .truncated(let package):
                message = "the block of '\(package)' ends before its domain verification state: the output is cut off"
            }
            findings.report(description, message, at: unread.range)
        }
    }

    /// `text`, cut to `quotedLength` characters.
    static func quoted(_ text: String) -> String {
        text.count <= quotedLength ? text : text.prefix(quotedLength) + "…"
    }

    /// What an error of `pm` means.
    static func hint(for error: String) -> String {
        if error.hasPrefix("Unknown command") {
            return "Android 11 and lower have no get-app-links; `adb shell dumpsys package d` shows their state"
        }
        return "is the app installed, and the package name right?"
    }
}
