import Foundation
import Testing

/// Debian's `chromium`, which `.ci/run` installs; on macOS, Homebrew's Chromium cask.
let headlessChromium: String? = [
    "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// `routelint audit`, end to end and in a real browser: the page of `Manifests/` and of a set
/// with planted defects is rendered by headless Chromium (scripts run), its DOM read back and
/// checked; a set with hostile names shows them as inert text. They run wherever Chromium is
/// installed, and always in CI (`CI` set), where a missing browser fails them.
@Suite(
    "routelint audit, in headless Chromium",
    .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || headlessChromium != nil))
struct AuditCommandTests {
    /// The page's DOM after its scripts ran.
    static func renderedDOM(_ page: URL, query: String = "") throws -> String {
        let browser = try #require(headlessChromium, "headless Chromium is needed: apt-get install chromium")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--dump-dom", page.absoluteString + query,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    static func audit(_ arguments: [String], in directory: URL = RouteLint.packageRoot) throws -> (CommandResult, URL) {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-audit-\(UUID().uuidString).html")
        let result = try RouteLint.run(["audit"] + arguments + ["--output", page.path], in: directory)
        return (result, page)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the page of Manifests/: counts, no findings, the surface, a diagram per activity, the filters ran")
    func manifests() throws {
        let (result, page) = try Self.audit(["Manifests"])
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(result.status == 0, "\(result.stderr)")
        let dom = try Self.renderedDOM(page)
        #expect(dom.contains("<h2>app 'shop'</h2>") || dom.contains("<h2>app &#39;shop&#39;</h2>") || dom.contains("<h2>app 'shop'"))
        #expect(dom.contains("data-count=\"routes\">12</dd>"))
        #expect(dom.contains("data-count=\"activities\">2</dd>"))
        #expect(dom.contains("data-count=\"errors\" class=\"error\">0</dd>"))
        #expect(dom.contains("<code>shop://</code> opens 12 patterns"))
        #expect(Self.count("<svg class=\"navigation\"", in: dom) == 2)
        #expect(dom.contains("data-name=\"product-list\""))
        // The filter script ran: it wrote the count.
        #expect(dom.contains("<output id=\"filter-count\" aria-live=\"polite\">0 of 0 shown</output>"))
        // Self-contained: nothing is fetched.
        #expect(!dom.contains("src=\"http") && !dom.contains("href=\"http") && !dom.contains("@import"))
    }

    @Test("every finding is counted where it is: the apps' counts and the files of no app add up to the findings listed")
    func countsAddUp() throws {
        let fixtures = "Tests/RouteLintRunsTests/Fixtures/err"
        let (result, page) = try Self.audit([
            "\(fixtures)/duplicate-key.routes.yaml", "\(fixtures)/yaml-syntax-tab-indentation.routes.yaml",
        ])
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let listed = Self.count("<li id=\"finding-", in: html)
        #expect(html.contains("<a href=\"#findings\">Findings (\(listed))</a>"))
        // The file that did not parse belongs to no app: its finding is counted in a section of its own.
        #expect(html.contains("<a href=\"#elsewhere\">Files of no app</a>"))
        #expect(html.contains("could not be read into an app: 1 finding.</p>"))
        #expect(html.contains("<td>\(fixtures)/yaml-syntax-tab-indentation.routes.yaml</td><td>1</td>"))
        let counted = ["errors", "warnings", "notes"].reduce(0) { total, kind in
            total
                + html.components(separatedBy: "data-count=\"\(kind)\" class=\"\(kind.dropLast())\">").dropFirst()
                .compactMap { Int($0.prefix { $0.isNumber }) }.reduce(0, +)
        }
        #expect(counted + 1 == listed)
    }

    @Test("planted defects: counts by rule in the chart, marked nodes linked to their route, filters that filter")
    func plantedDefects() throws {
        let (result, page) = try Self.audit(["Tests/RouteLintRunsTests/Fixtures/err/missing-holder.routes.yaml"])
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(result.status == 1, "\(result.stderr)")
        let dom = try Self.renderedDOM(page)
        let findings = Self.count("<li id=\"finding-", in: dom)
        #expect(findings > 0)
        #expect(dom.contains("<g class=\"bar\" data-rule=\"missing-holder\""))
        #expect(dom.contains("of \(findings) shown</output>"))
        #expect(dom.contains("class=\"route\" href=\"#route-0-"))
        #expect(dom.contains("<tr id=\"route-0-"))
        // A query presets the filters, and the script applies them: only the rule asked for shows.
        let filtered = try Self.renderedDOM(page, query: "?rule=missing-field")
        let shown = Self.count("data-rule=\"missing-field\" data-severity", in: filtered)
        #expect(shown > 0 && shown < findings)
        #expect(filtered.contains(">\(shown) of \(findings) shown</output>"))
        #expect(Self.count("<li id=\"finding-", in: filtered) - Self.count("\" hidden=\"\"", in: filtered) == shown)
    }

    @Test("hostile names are inert: markup as text, no script but the page's own, bidirectional overrides shown")
    func hostileNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routelint-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = """
            manifest: 1
            app: "<img src=x onerror=\\"document.title='pwned'\\">\\u202Eevil"
            schemes: ["<script>document.title='pwned'</script>"]
            activities: {main: {}}
            tabs:
              home: {activity: main, index: 0, root: home, icon: house}
            holders: {H: {}}
            routes:
              home: {path: "/</textarea><script>document.title='pwned'</script>", holder: H}
              "<svg onload=alert(1)>": {path: /x, holder: H}
            "<script>document.title='pwned'</script>": 1
            """
        try manifest.write(to: directory.appendingPathComponent("<b>x.routes.yaml"), atomically: true, encoding: .utf8)
        let (_, page) = try Self.audit(["."], in: directory)
        defer { try? FileManager.default.removeItem(at: page) }
        let dom = try Self.renderedDOM(page)
        #expect(dom.contains("<title>routelint audit</title>"))
        #expect(Self.count("<script", in: dom) == 1)
        #expect(!dom.contains("<img") && !dom.contains("<svg onload") && !dom.contains("<b>x"))
        #expect(dom.contains("\\u{202E}evil"))
        #expect(dom.contains("&lt;script&gt;document.title="))
    }
}
