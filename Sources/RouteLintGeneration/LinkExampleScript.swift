import RouteLintCore

/// `generate tests shell`: a POSIX shell script that opens every route example on a connected
/// Android device or emulator, or on the booted iOS simulator, as a tap on the link would, and
/// says for each URL whether the app opened (docs/testing-links.md).
enum LinkExampleScript {
    /// The script's file name.
    static let fileName = "open-link-examples.sh"

    /// The script for `app`, whose manifests are `sources`; nil when no route has an example.
    static func file(_ app: AppModel, sources: [String]) -> GeneratedFile? {
        let examples = app.routes.flatMap { route in route.examples.map { (route: app.text(route.id.value), url: $0.value) } }
        guard !examples.isEmpty else { return nil }
        let package = app.android?.package.map { app.text($0.value) } ?? ""
        var text = "#!/bin/sh\n" + CodeGeneration.header(sources: sources, comment: "#")
        let usage = "#   \(fileName) android   "
        let continued = "#" + String(repeating: " ", count: usage.count - 1)
        text += """
            # Opens every link example of the manifests on a device, as a tap on the link would:
            \(usage)on the connected Android device or emulator (adb; ANDROID_SERIAL
            \(continued)chooses among several), naming no app: Android decides who opens it
            #   \(fileName) ios       on the booted iOS simulator (xcrun simctl openurl)
            # One line per URL: ok or FAIL, the route, the URL and what the device said. Exit status 1
            # when a URL did not open the app\(package.isEmpty ? "" : " (\(package))"), 2 on a wrong argument.
            #
            # The URLs are literal text: nothing in them is expanded here or on the device.
            # shellcheck disable=SC2016
            set -u

            package=\(singleQuoted(package))

            if [ $# -ne 1 ] || { [ "$1" != android ] && [ "$1" != ios ]; }; then
              echo "usage: $0 android|ios" >&2
              exit 2
            fi
            platform=$1
            opened=0
            failed=0

            # report OUTCOME ROUTE URL DETAIL
            report() {
              printf '%-4s %s %s' "$1" "$2" "$3"
              if [ -n "$4" ]; then printf '  (%s)' "$4"; fi
              printf '\\n'
              if [ "$1" = ok ]; then opened=$((opened + 1)); else failed=$((failed + 1)); fi
            }

            # open_link ROUTE URL URL_FOR_DEVICE: URL_FOR_DEVICE is the URL quoted once more, for the
            # device's shell, which reads the command line `adb shell` joins from its arguments.
            open_link() {
              if [ "$platform" = android ]; then
                output=$(adb shell am start -W -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d "$3" 2>&1)
                status=$?
                error=$(printf '%s\\n' "$output" | tr -d '\\r' | sed -n '/^Error/{p;q;}')
                activity=$(printf '%s\\n' "$output" | tr -d '\\r' | sed -n 's/^Activity: //p')
                if [ "$status" -ne 0 ] || [ -n "$error" ]; then
                  report FAIL "$1" "$2" "${error:-adb exited with $status}"
                elif [ -n "$package" ] && [ "${activity%%/*}" != "$package" ]; then
                  report FAIL "$1" "$2" "opened ${activity:-nothing}, not $package"
                else
                  report ok "$1" "$2" "$activity"
                fi
              elif output=$(xcrun simctl openurl booted "$2" 2>&1); then
                report ok "$1" "$2" ""
              else
                report FAIL "$1" "$2" "$(printf '%s' "$output" | tr '\\n' ' ')"
              fi
            }


            """
        for example in examples {
            text += "open_link \(singleQuoted(example.route)) \(singleQuoted(example.url)) \(doubleQuoted(singleQuoted(example.url)))\n"
        }
        text += """

            echo "$opened of $((opened + failed)) URLs opened the app"
            [ "$failed" -eq 0 ]

            """
        return GeneratedFile(name: fileName, contents: text, isExecutable: true)
    }

    /// `text` as one word of a POSIX shell: in single quotes, each `'` closed, escaped and reopened.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// `text` as one word of a POSIX shell in double quotes: `\`, `"`, `$` and `` ` `` escaped.
    static func doubleQuoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            if character == "\\" || character == "\"" || character == "$" || character == "`" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
