import Foundation
import Testing

/// `routelint generate tests shell`, end to end: the script it writes run against stand-ins for
/// `adb` and `xcrun` that do what the real ones do with their arguments, with examples that
/// hold every character a shell gives a meaning to.
@Suite("routelint generate tests shell, end to end")
struct LinkExampleScriptTests {
    /// Examples that open `search` and would run `touch` if any shell expanded them: quotes,
    /// command substitutions, backticks, a backslash and `;` (no white space: wrong-example
    /// refuses that).
    static let hostileExamples = [
        #"https://shop.example.com/search?q=$(touch${IFS}pwned1)"#,
        #"shop://search?q=';touch${IFS}pwned2;'"#,
        #"shop://search?q=`touch${IFS}pwned3`"#,
        #"shop://search?q="$(touch${IFS}pwned4)"\x"#,
    ]

    static let manifest = """
        manifest: 1
        schemes: [shop]
        hosts: [shop.example.com]
        android: {package: com.example.shop}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H, links: [search, product]}
          product: {path: /products/:id, activity: main, holder: H, params: {id: int}, examples: ['shop://products/42']}
          search:
            path: /search
            activity: main
            holder: H
            query: {q: string}
            examples:
        \(hostileExamples.map { "      - '" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: "\n"))

        """

    /// `adb`, as far as the script uses it: `adb shell ARGS` joins ARGS with spaces and hands the
    /// line to the device's shell, where `am` is a stand-in that records the `-d` URL and answers
    /// as `ANSWER` (a file) says, or as `am start -W` does when it opens the app.
    static let adb = #"""
        #!/bin/sh
        [ "$1" = shell ] || exit 64
        shift
        cd "$STANDIN_DEVICE" || exit 65
        exec sh -c "am() {
          while [ \$# -gt 0 ]; do
            if [ \"\$1\" = -d ]; then printf '%s\n' \"\$2\" >> urls; fi
            shift
          done
          if [ -f answer ]; then cat answer; else printf 'Status: ok\r\nActivity: com.example.shop/.MainActivity\r\nComplete\r\n'; fi
        }
        $*"
        """#

    /// `xcrun simctl openurl booted URL`: records the URL; fails when `STANDIN_DEVICE/answer` exists.
    static let xcrun = #"""
        #!/bin/sh
        [ "$1 $2 $3" = "simctl openurl booted" ] || exit 64
        printf '%s\n' "$4" >> "$STANDIN_DEVICE/urls"
        if [ -f "$STANDIN_DEVICE/answer" ]; then cat "$STANDIN_DEVICE/answer" >&2; exit 1; fi
        """#

    struct Scene {
        let script: URL
        let device: URL
        let environment: [String: String]

        func run(_ platform: String) throws -> CommandResult {
            try RouteLint.run([platform], in: device, environment: environment, binary: script)
        }

        func recordedURLs() throws -> [String] {
            let text = try String(contentsOf: device.appendingPathComponent("urls"), encoding: .utf8)
            try FileManager.default.removeItem(at: device.appendingPathComponent("urls"))
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        func answer(_ text: String?) throws {
            let url = device.appendingPathComponent("answer")
            if let text { try text.write(to: url, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(at: url) }
        }
    }

    static func withScene(_ body: (Scene) throws -> Void) throws {
        try GenerateCommandTests.withDirectory { directory in
            let manifest = directory.appendingPathComponent("app.routes.yaml")
            try Self.manifest.write(to: manifest, atomically: true, encoding: .utf8)
            let output = directory.appendingPathComponent("tests")
            let generated = try RouteLint.run(["generate", "tests", "shell", manifest.path, "--output", output.path])
            #expect(generated.status == 0, "\(generated.stdout)\(generated.stderr)")
            #expect(generated.stdout == "Wrote 1 file to \(output.path): open-link-examples.sh\n")
            let tools = directory.appendingPathComponent("bin")
            let device = directory.appendingPathComponent("device")
            for folder in [tools, device] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            for (name, text) in [("adb", adb), ("xcrun", xcrun)] {
                let path = tools.appendingPathComponent(name).path
                try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
            let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            try body(
                Scene(
                    script: output.appendingPathComponent("open-link-examples.sh"), device: device,
                    environment: ["PATH": path, "STANDIN_DEVICE": device.path]))
            // Nothing an example holds ran: not here, not on the "device".
            for folder in [directory, device, output] {
                let planted = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("pwned") }
                #expect(planted.isEmpty, "an example ran a command in \(folder.path)")
            }
        }
    }

    @Test("every example reaches adb's device shell and simctl as written, in order; each is reported, exit 0")
    func opensEveryExample() throws {
        try Self.withScene { scene in
            let attributes = try FileManager.default.attributesOfItem(atPath: scene.script.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o755)
            let expected = ["shop://products/42"] + Self.hostileExamples
            let android = try scene.run("android")
            #expect(android.status == 0, "\(android.stdout)\(android.stderr)")
            #expect(try scene.recordedURLs() == expected)
            let lines = android.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "ok   product shop://products/42  (com.example.shop/.MainActivity)")
            #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("ok   search ") })
            #expect(lines.last == "5 of 5 URLs opened the app")
            let ios = try scene.run("ios")
            #expect(ios.status == 0, "\(ios.stdout)\(ios.stderr)")
            #expect(try scene.recordedURLs() == expected)
            #expect(ios.stdout.split(separator: "\n").first == "ok   product shop://products/42")
        }
    }

    @Test("a URL the device does not open in the app fails the run, with what the device said")
    func reportsFailures() throws {
        try Self.withScene { scene in
            try scene.answer(
                "Starting: Intent { act=android.intent.action.VIEW }\r\nError: Activity not started, unable to resolve Intent\r\n")
            let unresolved = try scene.run("android")
            #expect(unresolved.status == 1)
            #expect(
                unresolved.stdout.split(separator: "\n").first
                    == "FAIL product shop://products/42  (Error: Activity not started, unable to resolve Intent)")
            #expect(unresolved.stdout.hasSuffix("0 of 5 URLs opened the app\n"))
            try scene.answer("Status: ok\r\nActivity: com.android.chrome/com.google.android.apps.chrome.IntentDispatcher\r\n")
            let browser = try scene.run("android")
            #expect(browser.status == 1)
            #expect(
                browser.stdout.split(separator: "\n").first
                    == "FAIL product shop://products/42  (opened com.android.chrome/com.google.android.apps.chrome.IntentDispatcher, not com.example.shop)"
            )
            try scene.answer("An error was encountered processing the command (domain=NSOSStatusErrorDomain, code=-10814)\n")
            let ios = try scene.run("ios")
            #expect(ios.status == 1)
            #expect(ios.stdout.contains("FAIL product shop://products/42  (An error was encountered processing the command"))
            try scene.answer(nil)
            let misuse = try scene.run("windows")
            #expect(misuse.status == 2 && misuse.stderr.hasPrefix("usage: "))
        }
    }

    @Test("the script is shellcheck-clean", .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || shellcheck != nil))
    func shellcheckClean() throws {
        try Self.withScene { scene in
            let checked = try RouteLint.run(
                [scene.script.path], binary: URL(fileURLWithPath: Self.shellcheck ?? "/usr/bin/shellcheck"))
            #expect(checked.status == 0, "\(checked.stdout)")
        }
    }

    /// Debian's `shellcheck`, when it is installed.
    static let shellcheck: String? = ["/usr/bin/shellcheck", "/usr/local/bin/shellcheck", "/opt/homebrew/bin/shellcheck"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("a route set without examples has no script to write; --check names a stale script")
    func refusalsAndCheck() throws {
        try GenerateCommandTests.withDirectory { directory in
            let bare = directory.appendingPathComponent("bare.routes.yaml")
            try """
            manifest: 1
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: home, icon: house}}
            holders: {H: {}}
            routes: {home: {path: /, holder: H}}

            """.write(to: bare, atomically: true, encoding: .utf8)
            let refused = try RouteLint.run([
                "generate", "tests", "shell", bare.path, "--output", directory.appendingPathComponent("out").path,
            ])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("no route has examples to open"))
            let noKind = try RouteLint.run(["generate", "tests", bare.path, "--output", directory.path])
            #expect(noKind.status == 2 && noKind.stderr.contains("generate tests takes the kind of tests first (swift, kotlin, shell)"))
            let misplaced = try RouteLint.run(["generate", "tests", "shell", bare.path, "--module", "Shop", "--output", directory.path])
            #expect(misplaced.status == 2 && misplaced.stderr.contains("--module applies to tests swift only"))
            let swiftPackage = try RouteLint.run(["generate", "tests", "swift", bare.path, "--package", "a.b", "--output", directory.path])
            #expect(swiftPackage.status == 2 && swiftPackage.stderr.contains("--package applies to kotlin and tests kotlin only"))
            let manifest = directory.appendingPathComponent("app.routes.yaml")
            try Self.manifest.write(to: manifest, atomically: true, encoding: .utf8)
            let output = directory.appendingPathComponent("tests").path
            #expect(try RouteLint.run(["generate", "tests", "shell", manifest.path, "--output", output]).status == 0)
            #expect(try RouteLint.run(["generate", "tests", "shell", manifest.path, "--output", output, "--check"]).status == 0)
            try Self.manifest.replacingOccurrences(of: "shop://products/42", with: "shop://products/7").write(
                to: manifest, atomically: true, encoding: .utf8)
            let stale = try RouteLint.run(["generate", "tests", "shell", manifest.path, "--output", output, "--check"])
            #expect(stale.status == 1 && stale.stderr.contains("'open-link-examples.sh'"))
        }
    }
}
