// routelint-bench: measures `routelint lint` against the floor set by libyaml, on generated
// route sets, and prints a Markdown table (docs/performance.md keeps the latest one).
//
//   swift run -c release routelint-bench [--sizes 1000,10000,100000,1000000] [--skip-hostile] [--keep] [--rounds N]
//   swift run -c release routelint-bench --instructions [--check FILE | --record FILE]
//
// --keep leaves the generated route sets in place and prints where, for a profiler to read.
//
// For each size it writes the route set to a temporary folder in several shapes of text (block
// mappings with short or long names, and flow mappings, each in one file; block mappings in files
// of 1,000 routes and of 100), then measures each in rounds (5, or --rounds N), each a pair of:
// - the raw libyaml scan: every event of the same bytes pulled through CYAML, nothing built;
// - `routelint lint` run as a user runs it (the release binary beside this one, text output),
//   wall time and peak resident memory.
// It ends with the language server's latency: a one-character edit in a workspace of 10,000
// routes in 100 files, to the diagnostics sent, and in workspaces of 1,000 and 5,000 routes with
// their generated platform files configured.
// `--app-links` measures only what checking the generated platform files adds to `lint` (at
// 1,000 and 10,000 routes, min-sdk 26 and 31), what `routelint import` of those files costs and
// whether its manifest lints with them, how many routes fit Apple's 128 KB, and the language
// server with the files configured.
// The table gives the fastest of each, and the median of the rounds' lint ÷ scan ratios, which
// a machine whose speed drifts affects least. Then the phases of one lint of 100,000 routes in
// this process (read, parse, model, each rule, report).

import CYAML
import RouteLintRuns
import RouteLintCore
import RouteLintRules
import RouteLintReporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints to standard error.
func fail(_ message: String) {
    writeAll(message, to: STDERR_FILENO)
}

struct Options {
    var sizes = [1_000, 10_000, 100_000, 1_000_000]
    var hostile = true
    var keep = false
    var rounds = 5
    /// `--typed`: only lint of route sets with a third of their routes typed, against the same
    /// sets untyped.
    var typed = false
    /// `--codegen`: only the compile times of generated code (needs swiftc and kotlinc).
    var codegen = false
    /// `--app-links`: only what the platform files cost `lint` and the language server.
    var appLinks = false
    /// `--instructions`: only the instruction counts of the fixed workloads, shown beside
    /// `--check FILE`'s figures (failing when one grew) or written to `--record FILE`.
    var instructions: InstructionCounts.Mode?

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--sizes":
                sizes = (iterator.next() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--skip-hostile":
                hostile = false
            case "--keep":
                keep = true
            case "--rounds":
                rounds = max(1, Int(iterator.next() ?? "") ?? 5)
            case "--typed":
                typed = true
            case "--codegen":
                codegen = true
            case "--app-links":
                appLinks = true
            case "--instructions":
                let committed = InstructionCounts.committedFile
                instructions = instructions ?? .show(recorded: access(committed, R_OK) == 0 ? committed : nil)
            case "--check":
                instructions = .check(iterator.next() ?? "")
            case "--record":
                instructions = .record(iterator.next() ?? "")
            default:
                fail(
                    "usage: routelint-bench [--sizes N,N,...] [--skip-hostile] [--keep] [--rounds N] [--codegen] [--app-links] [--typed]\n"
                        + "       routelint-bench --instructions [--check FILE | --record FILE]\n")
                exit(2)
            }
        }
    }
}

let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func best<T>(of runs: Int, _ body: () -> (Double, T)) -> (Double, T) {
    var result = body()
    for _ in 1..<runs {
        let next = body()
        if next.0 < result.0 { result = next }
    }
    return result
}

/// Runs a program with its output discarded, from the launcher.
func runCommand(_ binary: String, _ arguments: [String]) -> MeasuredRun {
    Launcher.shared.run(binary, arguments)
}

/// Runs `binary` in `directory`: a shell that changes to it and replaces itself with the binary,
/// so that the time and memory measured are the binary's.
func runCommandIn(_ directory: String, _ binary: String, _ arguments: [String]) -> MeasuredRun {
    runCommand("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", directory, binary] + arguments)
}

/// The route set at `path`, read as `routelint lint PATH` reads it.
func loadRouteSet(_ path: String) -> [SourceFile] {
    let directory = FilePath.parent(of: FilePath.absolute(path, in: "/"))
    do {
        return try RouteSetLoader(configuration: LintConfiguration(baseDirectory: directory), workingDirectory: directory).load([path])
            .files
    } catch {
        fail("routelint-bench: cannot read \(path): \(error.messages.map(\.description).joined(separator: "; "))\n")
        exit(1)
    }
}

func write(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0, writeAll(text, to: descriptor) else {
        fail("routelint-bench: cannot write \(path)\n")
        exit(1)
    }
    close(descriptor)
}

func makeDirectory(_ path: String) {
    mkdir(path, 0o755)
}

func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, digits: 1) }

func format(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
}

/// Pulls every event of `bytes` through libyaml and builds nothing: the floor that routelint
/// is measured against. Returns the number of events.
func countEvents(_ bytes: [UInt8]) -> Int {
    // libyaml keeps pointers into its parser: it needs a stable address.
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else { return 0 }
    defer { yaml_parser_delete(parser) }
    return bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        yaml_parser_set_input_string(parser, base, buffer.count)
        var event = yaml_event_t()
        var count = 0
        while yaml_parser_parse(parser, &event) == 1 {
            count += 1
            let finished = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if finished { break }
        }
        return count
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return text
}

if CommandLine.arguments.dropFirst().first == Launcher.flag { Launcher.serve() }
if CommandLine.arguments.dropFirst().first == InstructionCounts.workloadFlag {
    InstructionCounts.runWorkload(Array(CommandLine.arguments.dropFirst(2)))
}
let options = Options(Array(CommandLine.arguments.dropFirst()))
// Started while this process is small, so that what it measures is the programs' own memory.
_ = Launcher.shared
let here = String(cString: realpath(CommandLine.arguments[0], nil))
let binary = String(here[..<here.lastIndex(of: "/")!]) + "/routelint"
guard access(binary, X_OK) == 0 else {
    fail("routelint-bench: build routelint first (swift build -c release)\n")
    exit(1)
}
var template = Array("/tmp/routelint-bench-XXXXXX".utf8CString)
let workspace = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }

var system = utsname()
uname(&system)
let machine = withUnsafeBytes(of: system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
print("routelint-bench: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores, \(machine), release build\n")
/// The language server's latency with the generated platform files configured.
func printLanguageServerLatencyWithPlatformFiles() {
    for routeCount in [1_000, 5_000] {
        let times = languageServerLatencyWithPlatformFiles(routeCount: routeCount, rounds: 21).sorted()
        print(
            "Language server with the platform files configured: \(grouped(routeCount)) routes in files of 100, a one-character edit "
                + "to a route id: diagnostics in \(format(median(times) * 1000, digits: 1)) ms median, "
                + "\(format(times.last! * 1000, digits: 1)) ms at most.")
    }
}

if options.appLinks {
    appLinksCost(sizes: options.sizes.filter { $0 <= 10_000 }, rounds: options.rounds, workspace: workspace, binary: binary)
    print("")
    printLanguageServerLatencyWithPlatformFiles()
    if !options.keep { _ = runCommand("/bin/rm", ["-rf", workspace]) }
    exit(0)
}
if let mode = options.instructions {
    InstructionCounts.run(mode, workspace: workspace, binary: binary)
    if !options.keep { _ = runCommand("/bin/rm", ["-rf", workspace]) }
    exit(0)
}
if options.typed {
    // The same app in one file, untyped and with the routes of every third tab typed (an int
    // id, two query items): what types cost lint, the fastest of the rounds of each.
    // A typed route has more text (its `params` and `query`), which libyaml's scan of the same
    // bytes prices: lint ÷ scan is what routelint itself spends on types.
    print("| routes | typed | file MB | libyaml scan s | lint s | lint ÷ scan | peak MB |\n|---:|---:|---:|---:|---:|---:|---:|")
    for size in options.sizes.filter({ $0 >= 10_000 }) {
        var untyped = 0.0
        var untypedRatio = 0.0
        for typed in [false, true] {
            var generator = RouteSetGenerator(routeCount: size)
            generator.typedThird = typed
            let path = "\(workspace)/typed-\(size)-\(typed).routes.yaml"
            let text = generator.files(routesPerFile: nil).map(\.text).joined()
            write(text, to: path)
            let (time, peak) = best(of: options.rounds) { () -> (Double, Int) in
                let run = runCommand(binary, ["lint", path])
                if run.status != 0 { fail("routelint-bench: lint of \(path) exited \(run.status)\n") }
                return (run.seconds, run.peakBytes)
            }
            let bytes = Array(text.utf8)
            let (scan, _) = best(of: options.rounds) { () -> (Double, Int) in
                let start = clock.now
                let events = countEvents(bytes)
                return (seconds(clock.now - start), events)
            }
            let ratio = time / scan
            if !typed { (untyped, untypedRatio) = (time, ratio) }
            print(
                "| \(grouped(size)) | \(typed ? "a third" : "none") | \(megabytes(text.utf8.count)) | \(format(scan, digits: 3)) | "
                    + "\(format(time, digits: 3))\(typed ? " (\(format(time / untyped, digits: 2))×)" : "") | "
                    + "\(format(ratio, digits: 2))\(typed ? " (\(format(ratio / untypedRatio, digits: 2))×)" : "") | \(megabytes(peak)) |")
        }
    }
    if !options.keep { _ = runCommand("/bin/rm", ["-rf", workspace]) }
    exit(0)
}
if options.codegen {
    generatedCodeCompileTimes(sizes: options.sizes.filter { $0 <= 10_000 }, workspace: workspace)
    if !options.keep { _ = runCommand("/bin/rm", ["-rf", workspace]) }
    exit(0)
}
print("| routes | style | files | input MB | libyaml scan s | lint s | lint ÷ scan | peak RSS MB | RSS ÷ input |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")

/// The shapes of text each size is measured in: every style in one file, and the block style
/// in files of 1,000 routes and in many small files of 100.
let variants: [(style: RouteSetGenerator.Style, routesPerFile: Int?)] =
    RouteSetGenerator.Style.allCases.map { ($0, nil) } + [(.block, 1_000), (.block, 100)]

var singleFileLint: [RouteSetGenerator.Style: [Int: Double]] = [:]
var phaseReport = ""
for size in options.sizes {
    for (style, layout) in variants {
        let generator = RouteSetGenerator(routeCount: size, style: style)
        let folder = "\(workspace)/\(size)-\(style)-\(layout.map(String.init) ?? "single")"
        makeDirectory(folder)
        let files = generator.files(routesPerFile: layout)
        var inputBytes = 0
        var contents: [[UInt8]] = []
        for file in files {
            write(file.text, to: "\(folder)/\(file.name)")
            inputBytes += file.text.utf8.count
            contents.append(Array(file.text.utf8))
        }
        // The machine's speed drifts (other work on a shared host): each lint is timed right
        // after a scan, and the ratio reported is the median of the rounds' ratios.
        var scans: [Double] = []
        var lints: [Double] = []
        var peak = Int.max
        for _ in 0..<options.rounds {
            let started = clock.now
            _ = contents.reduce(0) { $0 + countEvents($1) }
            scans.append(seconds(clock.now - started))
            let run = runCommand(binary, ["lint", folder])
            if run.status != 0 {
                fail("routelint-bench: the generated set of \(size) routes has findings (exit \(run.status))\n")
                exit(1)
            }
            lints.append(run.seconds)
            peak = min(peak, run.peakBytes)
        }
        contents = []
        let ratio = median(zip(lints, scans).map { $0 / $1 })
        let scan = scans.min()!
        let lint = lints.min()!
        if layout == nil { singleFileLint[style, default: [:]][size] = lint }
        print(
            "| \(grouped(size)) | \(style) | \(grouped(files.count)) | \(megabytes(inputBytes)) | \(format(scan, digits: 3)) | \(format(lint, digits: 3)) | "
                + "\(format(ratio, digits: 2)) | \(megabytes(peak)) | \(format(Double(peak) / Double(inputBytes), digits: 1)) |")

        if size == 100_000 && style == .block && layout == nil {
            // The same lint, phase by phase, in this process.
            let started = clock.now
            let loaded = loadRouteSet(folder)
            let read = seconds(clock.now - started)
            let result = Linter.lint(loaded)
            let reportStarted = clock.now
            _ = TextReporter().render(
                LintReport(
                    active: result.findings, files: loaded,
                    totals: .init(files: loaded.count, routes: result.routeCount, seconds: nil)))
            let report = seconds(clock.now - reportStarted)
            let phases = [PhaseTiming(phase: "read", seconds: read)] + result.timings + [PhaseTiming(phase: "report", seconds: report)]
            phaseReport =
                "\nPhases of one in-process lint of 100,000 routes in one file:\n\n| phase | s |\n|---|---:|\n"
                + phases.map { "| \($0.phase) | \(format($0.seconds, digits: 4)) |" }.joined(separator: "\n") + "\n"
        }
    }
}
print(phaseReport)

for style in RouteSetGenerator.Style.allCases {
    guard let large = singleFileLint[style]?[1_000_000], let medium = singleFileLint[style]?[100_000] else { continue }
    print("Growth (\(style)): 1,000,000 routes take \(format(large / medium, digits: 1))× the time of 100,000 (one file each).\n")
}

// Start-up: a pre-commit run lints one small manifest.
let small = "\(workspace)/small.routes.yaml"
write(RouteSetGenerator(routeCount: 20).files(routesPerFile: nil)[0].text, to: small)
let startup = best(of: 10) { () -> (Double, Int) in
    let run = runCommand(binary, ["lint", small])
    return (run.seconds, run.peakBytes)
}
print("Start-up: linting one small manifest (20 routes) takes \(format(startup.0 * 1000, digits: 1)) ms wall.\n")

if options.sizes.contains(1_000_000) {
    // A run whose size is its findings: text output of 3,000,000 findings, to /dev/null.
    let failing = "\(workspace)/findings.routes.yaml"
    write(RouteSetGenerator.findingsOnly(routeCount: 1_000_000), to: failing)
    let run = runCommand(binary, ["lint", failing])
    print(
        "Findings: 1,000,000 routes that each lack two fields and are unreachable (3,000,000 findings, text output) "
            + "take \(format(run.seconds, digits: 1)) s and \(megabytes(run.peakBytes)) MB at peak.\n")
}

if options.hostile {
    let hostile = "\(workspace)/hostile.routes.yaml"
    write(RouteSetGenerator.hostile(routeCount: 20_000), to: hostile)
    let (elapsed, _) = best(of: 1) { () -> (Double, Int) in
        let run = runCommand(binary, ["lint", hostile])
        return (run.seconds, run.peakBytes)
    }
    let findings = Linter.lint(loadRouteSet(hostile)).findings.filter { $0.rule == "conflicting-patterns" }
    print(
        "Hostile: 20,000 routes whose halves conflict pairwise (10⁸ conflicting pairs) take \(format(elapsed, digits: 2)) s; "
            + "\(grouped(findings.count)) findings are reported, one per route that conflicts with more than "
            + "\(ConflictingPatternsRule.fanOutAbove) others.")
}

// App links: what checking the generated platform files adds to a lint, at 1,000 and 10,000 routes.
appLinksCost(sizes: [1_000, 10_000], rounds: 3, workspace: workspace, binary: binary)

// Route changes: 100,000 routes against the same set with 1 % of its paths changed.
if options.sizes.contains(100_000) {
    let folder = "\(workspace)/diff"
    makeDirectory(folder)
    makeDirectory("\(folder)/before")
    makeDirectory("\(folder)/after")
    let text = RouteSetGenerator(routeCount: 100_000).files(routesPerFile: nil)[0].text
    let (mutated, changed) = withChangedPaths(text, every: 100)
    write(text, to: "\(folder)/before/app.routes.yaml")
    write(mutated, to: "\(folder)/after/app.routes.yaml")
    let lintBefore = best(of: 3) { () -> (Double, Int) in
        let run = runCommand(binary, ["lint", "\(folder)/before"])
        return (run.seconds, Int(run.status))
    }
    let lintAfter = best(of: 3) { () -> (Double, Int) in
        let run = runCommand(binary, ["lint", "\(folder)/after"])
        return (run.seconds, Int(run.status))
    }
    var diffPeak = 0
    let diff = best(of: 3) { () -> (Double, Int) in
        let run = runCommandIn("\(folder)/after", binary, ["diff", "--against", "../before", "--format", "json", "--output", "/dev/null"])
        diffPeak = run.peakBytes
        return (run.seconds, Int(run.status))
    }
    if lintBefore.1 != 0 || diff.1 != 1 {
        fail("routelint-bench: the diff run failed (lint exit \(lintBefore.1), diff exit \(diff.1), expected 1)\n")
        exit(1)
    }
    let both = lintBefore.0 + lintAfter.0
    print(
        "Route changes: 100,000 routes against the same set with \(grouped(changed)) paths changed: lint of each side "
            + "\(format(lintBefore.0, digits: 3)) s and \(format(lintAfter.0, digits: 3)) s; diff \(format(diff.0, digits: 3)) s "
            + "(\(format(diff.0 / both, digits: 2))× the two lints), \(megabytes(diffPeak)) MB at peak.\n")
}

// The audit page of 100,000 routes: written, then opened in headless Chromium when there is one.
if options.sizes.contains(100_000) {
    let folder = "\(workspace)/audit"
    makeDirectory(folder)
    write(RouteSetGenerator(routeCount: 100_000).files(routesPerFile: nil)[0].text, to: "\(folder)/app.routes.yaml")
    let page = "\(folder)/audit.html"
    let written = best(of: 3) { () -> (Double, Int) in
        let run = runCommand(binary, ["audit", "\(folder)/app.routes.yaml", "--output", page])
        return (run.seconds, Int(run.status))
    }
    let pageBytes = (try? DiskFileSystem().contents(of: page).get().count) ?? 0
    var opened = "no chromium here to open it"
    let browsers: [String] = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
    if let browser = browsers.first(where: { access($0, X_OK) == 0 }) {
        let shown = best(of: 3) { () -> (Double, Int) in
            let run = runCommand(
                browser,
                ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder)/profile", "--dump-dom", "file://\(page)"])
            return (run.seconds, Int(run.status))
        }
        opened = "headless Chromium loads it and runs its script (`--dump-dom`) in \(format(shown.0, digits: 2)) s"
    }
    if written.1 != 0 {
        fail("routelint-bench: the audit run failed (exit \(written.1))\n")
        exit(1)
    }
    print(
        "Audit: the page of 100,000 routes (\(megabytes(pageBytes)) MB) is written in \(format(written.0, digits: 2)) s; \(opened).\n")
}

let latency = languageServerLatency(routeCount: 10_000, routesPerFile: 100, rounds: 41)
let sortedTimes = latency.times.sorted()
print(
    "\nLanguage server: 10,000 routes in \(latency.files) files, a one-character edit to a route id (\(latency.times.count) edits, "
        + "\(latency.messages) publishDiagnostics sent): diagnostics in \(format(median(latency.times) * 1000, digits: 1)) ms median, "
        + "\(format(sortedTimes[sortedTimes.count * 9 / 10] * 1000, digits: 1)) ms at the 90th percentile, "
        + "\(format(sortedTimes.last! * 1000, digits: 1)) ms at most.")
printLanguageServerLatencyWithPlatformFiles()

// The generated sets take a few hundred megabytes at a million routes.
if options.keep {
    print("\nThe generated route sets are in \(workspace).")
} else {
    _ = runCommand("/bin/rm", ["-rf", workspace])
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let found = firstRange(of: target) else { return self }
        return self[..<found.lowerBound] + replacement + self[found.upperBound...]
    }
}
