import RouteLintCore
import RouteLintServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--instructions`: fixed, seeded workloads counted in instructions under valgrind's callgrind,
/// a count that does not depend on the machine's load, so that CI can hold each to the figure
/// committed in `Benchmarks/instruction-counts.tsv` (docs/performance.md, "Instruction counts").
///
/// Each workload runs in a process of its own under `valgrind --tool=callgrind`, two at a time,
/// with Swift's hashing made deterministic; a copy of each binary without debug information is
/// counted, since valgrind cannot read the Swift compiler's. Beside the counts, the peak memory
/// and the page faults of `lint` at 100,000 routes (native runs, from the launcher).
enum InstructionCounts {
    /// What the command does with the counts.
    enum Mode {
        /// Prints them, beside those of the file when there is one.
        case show(recorded: String?)
        /// Writes them to the file.
        case record(String)
        /// Fails when one grew more than `tolerance` over the file's.
        case check(String)
    }

    /// The figures CI holds the workloads to, from the package's root.
    static let committedFile = "Benchmarks/instruction-counts.tsv"

    /// How much a figure may grow over its recorded value before `--check` fails.
    static let tolerance = 0.03

    /// A workload counted: its name in the file, what it does, and what it runs.
    struct Workload: Sendable {
        let name: String
        let summary: String
        let program: String
        let arguments: [String]
        /// Where the program runs.
        var directory: String? = nil
        /// The exit status the run must end with.
        var expectedStatus: Int32 = 0
    }

    /// The name of the peak-memory figure in the file, in KiB.
    static let peakMemoryName = "lint-100000-peak-kib"
    /// The same for the second shape: block style, a holder of its own for every route.
    static let holdersPeakMemoryName = "lint-100000-holders-peak-kib"
    /// The minor page faults of the first shape's lint: memory touched for the first time. The
    /// instructions do not see a buffer mapped, faulted in and unmapped over and over, which
    /// cost a large file's lint a tenth of its wall time unseen; this figure does, and is as
    /// steady (within half a percent from run to run).
    static let pageFaultsName = "lint-100000-page-faults"

    /// The argument that runs one of the workloads this binary holds itself (under valgrind).
    static let workloadFlag = "--instruction-workload"

    /// Runs the workloads and does what `mode` says; exits 1 when a check fails.
    static func run(_ mode: Mode, workspace: String, binary: String) {
        let candidates = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"]
        guard let valgrind = candidates.first(where: { (path: String) in access(path, X_OK) == 0 }) else {
            fail("routelint-bench: --instructions needs valgrind (apt-get install valgrind)\n")
            exit(1)
        }
        let bench = String(cString: realpath(CommandLine.arguments[0], nil))
        // valgrind stops at the DWARF the Swift compiler writes: it counts copies without it,
        // which keep their symbols for --toggle-collect.
        let countedBinary = strippedCopy(of: binary, into: workspace)
        let countedBench = strippedCopy(of: bench, into: workspace)
        let folder = prepare(in: workspace, binary: binary)

        let linted = "\(folder)/app.routes.yaml"
        let platformFiles = { (folder: String) in
            ["AndroidManifest.xml", "assetlinks.json"].flatMap { ["--platform-file", "\(folder)/platform/\($0)"] }
        }
        let workloads: [Workload] = [
            Workload(
                name: "lint-10000-with-platform-files",
                summary: "lint of 10,000 routes with the AndroidManifest.xml and assetlinks.json generate writes (min-sdk 31)",
                program: countedBinary, arguments: ["lint", linted] + platformFiles(folder)),
            Workload(
                name: "lint-10000-with-platform-files-26",
                summary: "the same at the default min-sdk, 26, where API 26–30 cannot claim every route's URLs",
                program: countedBinary, arguments: ["lint", "\(folder)/sdk-26/app.routes.yaml"] + platformFiles("\(folder)/sdk-26")),
            Workload(
                name: "diff-10000", summary: "diff of 10,000 routes against the same set with 1 % of its paths changed",
                program: countedBinary, arguments: ["diff", "--against", "../before", "--format", "json", "--output", "/dev/null"],
                directory: "\(folder)/diff/after", expectedStatus: 1),
            Workload(
                name: "lint-10000", summary: "lint of the same 10,000 routes alone", program: countedBinary, arguments: ["lint", linted]),
            Workload(
                name: "lint-10000-configured", summary: "lint of the same routes beside a .routelint.yml, as a project runs it",
                program: countedBinary, arguments: ["lint"], directory: "\(folder)/configured"),
            Workload(
                name: "resolve-10000", summary: "resolve of 10,000 URLs of those routes", program: countedBinary,
                arguments: ["resolve", "--manifest", linted, "--urls", "\(folder)/urls.txt", "--format", "json"]),
            Workload(
                name: "scan-10000", summary: "libyaml's scan of the same file: every event pulled, nothing built",
                program: countedBench, arguments: [workloadFlag, "scan", linted]),
        ]
        // The language server's edit: the difference of a session with three edits and one with
        // two, each counted whole — callgrind counts a function only on the threads that enter
        // it, and the server checks an edit's app on several.
        let sessions = [2, 3].map { edits in
            Workload(
                name: "lsp-5000-\(edits)-edits", summary: "", program: countedBench,
                arguments: [workloadFlag, "lsp-edits", String(edits)])
        }
        // Each runs in the workspace, so that no configuration of the folder the benchmark was
        // started from (this package's own .routelint.yml) applies.
        let counts = (workloads + sessions).concurrentMap { workload in
            var workload = workload
            workload.directory = workload.directory ?? folder
            return count(workload, valgrind: valgrind, workspace: workspace)
        }
        var figures = Dictionary(uniqueKeysWithValues: zip(workloads.map(\.name), counts))
        let languageServerEdit = (
            name: "lsp-edit-5000", summary: "the language server's handling of one edit in 5,000 routes in files of 100, to its diagnostics"
        )
        figures[languageServerEdit.name] = counts[workloads.count + 1] - counts[workloads.count]

        // Peak memory, natively, of lint of 100,000 routes in one file, in two shapes: the long
        // names of a large app's screens, and short names in block style with a holder of its
        // own for every route (as many holders as routes). The least of five runs: how the run's
        // threads interleave moves it by a percent or two, and as the least of three one check
        // read 96,112 KiB where five others read 91,992–93,484 (the gate's margin is 3 %).
        var withHolders = RouteSetGenerator(routeCount: 100_000, style: .block)
        withHolders.holderPerRoute = true
        let shapes = [
            (
                name: peakMemoryName, file: "instructions-100000.routes.yaml",
                generator: RouteSetGenerator(routeCount: 100_000, style: .long)
            ),
            (name: holdersPeakMemoryName, file: "instructions-100000-holders.routes.yaml", generator: withHolders),
        ]
        var inputBytes: [String: Int] = [:]
        for shape in shapes {
            let large = "\(workspace)/\(shape.file)"
            let largeText = shape.generator.files(routesPerFile: nil)[0].text
            write(largeText, to: large)
            inputBytes[shape.name] = largeText.utf8.count
            let peaks = (0..<5).map { _ in runCommandIn(workspace, binary, ["lint", large]) }
            if let failed = peaks.first(where: { $0.status != 0 })?.status {
                fail("routelint-bench: lint of 100,000 routes (\(shape.file)) ended with exit \(failed)\n")
                exit(1)
            }
            figures[shape.name] = peaks.map(\.peakBytes).min()! / 1024
            if shape.name == peakMemoryName { figures[pageFaultsName] = peaks.map(\.pageFaults).min()! }
        }
        report(mode, workloads: workloads, languageServerEdit: languageServerEdit, figures: figures, inputBytes: inputBytes)
    }

    /// Prints the figures, and records or checks them as `mode` says.
    private static func report(
        _ mode: Mode, workloads: [Workload], languageServerEdit: (name: String, summary: String), figures: [String: Int],
        inputBytes: [String: Int]
    ) {

        let recordedPath: String? =
            switch mode {
            case .show(let path): path
            case .record: nil
            case .check(let path): path
            }
        let recorded = recordedPath.map(readFigures) ?? [:]
        let names = workloads.map(\.name) + [languageServerEdit.name, peakMemoryName, holdersPeakMemoryName, pageFaultsName]
        print("| figure | now | recorded | change |")
        print("|---|---:|---:|---:|")
        var grown: [String] = []
        for name in names {
            let now = figures[name]!
            let before = recorded[name]
            let change = before.map { Double(now) / Double($0) - 1 }
            if let change, change > tolerance { grown.append(name) }
            let recordedText = before.map(grouped) ?? "–"
            var changeText = "–"
            if let change { changeText = (change >= 0 ? "+" : "") + format(change * 100, digits: 1) + " %" }
            print("| \(name) | \(grouped(now)) | \(recordedText) | \(changeText) |")
        }
        print("")
        for workload in workloads { print("- `\(workload.name)`: \(workload.summary)") }
        print("- `\(languageServerEdit.name)`: \(languageServerEdit.summary)")
        print(
            "- `\(peakMemoryName)`: peak resident memory of lint of 100,000 routes with long names in one file "
                + "(\(megabytes(inputBytes[peakMemoryName]!)) MB), KiB")
        print(
            "- `\(holdersPeakMemoryName)`: the same for 100,000 routes in block style with a holder each "
                + "(\(megabytes(inputBytes[holdersPeakMemoryName]!)) MB), KiB")
        print("- `\(pageFaultsName)`: minor page faults of the first of them, the least of five runs")
        let memoryRatio = { (name: String) in format(Double(figures[name]! * 1024) / Double(inputBytes[name]!), digits: 2) }
        let ratio = { (numerator: String, denominator: String) in
            format(Double(figures[numerator]!) / Double(figures[denominator]!), digits: 2)
        }
        print(
            "\nWith the platform files ÷ lint alone: \(ratio("lint-10000-with-platform-files", "lint-10000"))× "
                + "(\(ratio("lint-10000-with-platform-files-26", "lint-10000"))× at min-sdk 26); "
                + "lint ÷ libyaml's scan: \(ratio("lint-10000", "scan-10000"))×; peak memory ÷ input at 100,000 routes: "
                + "\(memoryRatio(peakMemoryName))× (long names), \(memoryRatio(holdersPeakMemoryName))× (a holder a route).")

        switch mode {
        case .show:
            break
        case .record(let path):
            recordFigures(names.map { ($0, figures[$0]!) }, to: path)
            print("\nRecorded in \(path).")
        case .check(let path):
            // A figure with no record would pass unchecked for good: a new workload is recorded
            // when it is added.
            let unrecorded = names.filter { recorded[$0] == nil }
            guard unrecorded.isEmpty else {
                fail("\nroutelint-bench: \(unrecorded.joined(separator: ", ")) has no figure in \(path): record the figures again.\n")
                exit(1)
            }
            guard grown.isEmpty else {
                fail(
                    "\nroutelint-bench: \(grown.joined(separator: ", ")) grew more than \(Int(tolerance * 100)) % over \(path).\n"
                        + "Find what costs more with callgrind's per-function counts (docs/performance.md). If the cost is meant, "
                        + "record the figures again, in the build .ci/run counts (scripts/release-build), with\n"
                        + "  .build/release/routelint-bench --instructions --record \(path)\n"
                        + "and say in the commit why they moved.\n")
                exit(1)
            }
            print("\nEvery figure is within \(Int(tolerance * 100)) % of \(path).")
        }
    }

    /// The route sets the workloads read, written once under `workspace`: 10,000 routes of the
    /// benchmark's shape with Android's settings (`min-sdk` 31, and 26 in `sdk-26`), the platform
    /// files generated for them, the set again with 1 % of its paths changed, and 10,000 URLs
    /// that open its routes.
    private static func prepare(in workspace: String, binary: String) -> String {
        let folder = "\(workspace)/instructions"
        for directory in [folder, "\(folder)/diff", "\(folder)/diff/before", "\(folder)/diff/after", "\(folder)/sdk-26"] {
            makeDirectory(directory)
        }
        let text = appLinkRouteSet(10_000, settings: appLinkSettings(ios: false, minimumSDK: 31))
        write(text, to: "\(folder)/app.routes.yaml")
        write(appLinkRouteSet(10_000, settings: appLinkSettings(ios: false, minimumSDK: 26)), to: "\(folder)/sdk-26/app.routes.yaml")
        for set in [folder, "\(folder)/sdk-26"] {
            let generated = runCommandIn(set, binary, ["generate", "app-links", "app.routes.yaml", "--output", "platform"])
            guard generated.status == 0 else {
                fail("routelint-bench: generate app-links of the 10,000 routes in \(set) ended with exit \(generated.status)\n")
                exit(1)
            }
        }
        // A project's configuration: it names its route set and sets a rule, so that the run
        // reads the rules' ids and options as a project's every lint does.
        makeDirectory("\(folder)/configured")
        write(text, to: "\(folder)/configured/app.routes.yaml")
        write(
            "include: [\"*.routes.yaml\"]\nunreachable-route: warning\ntab-limit: {severity: error, max: 5}\n",
            to: "\(folder)/configured/.routelint.yml")
        write(text, to: "\(folder)/diff/before/app.routes.yaml")
        write(withChangedPaths(text, every: 100).text, to: "\(folder)/diff/after/app.routes.yaml")
        write(urls(openingRoutesOf: text).joined(separator: "\n") + "\n", to: "\(folder)/urls.txt")
        return folder
    }

    /// A URL for each route with a path of a set the generator wrote: each parameter a number.
    static func urls(openingRoutesOf text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("    path: ") else { return nil }
            let path = line.dropFirst("    path: ".count)
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix(":") ? "42" : $0 }
            return "https://bench.example.com" + segments.joined(separator: "/")
        }
    }

    /// `program` copied into `workspace` without its debug information.
    private static func strippedCopy(of program: String, into workspace: String) -> String {
        let copy = "\(workspace)/counted-\(program.split(separator: "/").last!)"
        let stripped = runCommand("/usr/bin/env", ["strip", "--strip-debug", "-o", copy, program])
        guard stripped.status == 0 else {
            fail("routelint-bench: cannot strip a copy of \(program) (binutils' strip)\n")
            exit(1)
        }
        return copy
    }

    /// The instructions `workload` executes, counted by callgrind.
    private static func count(_ workload: Workload, valgrind: String, workspace: String) -> Int {
        let log = "\(workspace)/callgrind-\(workload.name).log"
        let arguments =
            ["SWIFT_DETERMINISTIC_HASHING=1", valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=\(log)"]
            + [workload.program] + workload.arguments
        let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", workload.directory ?? workspace, "/usr/bin/env"]
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(command[0], Array(command.dropFirst()) + arguments, output: .discarded)
        } catch {
            fail("routelint-bench: \(error.description)\n")
            exit(1)
        }
        let text = (try? DiskFileSystem().contents(of: log).get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard outcome.status == workload.expectedStatus,
            let line = text.split(separator: "\n").first(where: { $0.contains("I   refs:") }),
            let figure = Int(line.split(separator: ":").last!.filter(\.isNumber))
        else {
            fail("routelint-bench: \(workload.name) ended with exit \(outcome.status) (expected \(workload.expectedStatus)):\n\(text)\n")
            exit(1)
        }
        return figure
    }

    /// The figures of a file written by `recordFigures`; a line that is empty or a comment is
    /// skipped.
    private static func readFigures(_ path: String) -> [String: Int] {
        guard let bytes = try? DiskFileSystem().contents(of: path).get() else {
            fail("routelint-bench: cannot read \(path)\n")
            exit(1)
        }
        var figures: [String: Int] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count == 2, let value = Int(fields[1]) { figures[String(fields[0])] = value }
        }
        return figures
    }

    private static func recordFigures(_ figures: [(String, Int)], to path: String) {
        let header = """
            # Instruction counts of routelint's fixed workloads under valgrind's callgrind, and the peak
            # memory (KiB) and the page faults of lint at 100,000 routes: `routelint-bench --instructions`.
            # CI fails when one grows more than 3 % over this file; record it again in the build .ci/run
            # counts (the static libraries are those scripts/package prepares)
            #   PKG_CONFIG_PATH=.build/static-libraries/pkgconfig scripts/release-build --product routelint-bench --static-swift-stdlib
            #   .build/release/routelint-bench --instructions --record Benchmarks/instruction-counts.tsv
            # and say why in the commit.

            """
        write(header + figures.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n") + "\n", to: path)
    }

    /// Runs the workload named by `arguments` (after `workloadFlag`) in this process: what
    /// valgrind counts of the benchmark binary itself.
    static func runWorkload(_ arguments: [String]) -> Never {
        switch arguments.first {
        case "scan":
            guard arguments.count == 2, let bytes = try? DiskFileSystem().contents(of: arguments[1]).get() else {
                fail("routelint-bench: \(workloadFlag) scan FILE\n")
                exit(2)
            }
            exit(countEvents(bytes) > 0 ? 0 : 1)
        case "lsp-edits":
            guard arguments.count == 2, let edits = Int(arguments[1]) else {
                fail("routelint-bench: \(workloadFlag) lsp-edits N\n")
                exit(2)
            }
            exit(languageServerSession(edits: edits) ? 0 : 1)
        default:
            fail("routelint-bench: \(workloadFlag) scan FILE | lsp-edits N\n")
            exit(2)
        }
    }

    /// A workspace of 5,000 routes in files of 100 opened in the language server, and `edits`
    /// edits of a route id (a character typed, taken away, typed again, …).
    private static func languageServerSession(edits: Int) -> Bool {
        let root = "/bench"
        let files = RouteSetGenerator(routeCount: 5_000).files(routesPerFile: 100)
        let texts = Dictionary(uniqueKeysWithValues: files.map { ("\(root)/\($0.name)", $0.text) })
        var session = LanguageServerSession(texts: texts, root: root)
        return (0..<edits).allSatisfy { !session.edit(round: $0).isEmpty }
    }
}

/// The set `text` (as the generator writes it) with every `every`-th path given a last segment
/// `v2`: a route set's next revision in the diff workloads.
func withChangedPaths(_ text: String, every: Int) -> (text: String, changed: Int) {
    var changed = 0
    var pathLines = 0
    let mutated = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
        guard line.hasPrefix("    path: ") else { return line }
        pathLines += 1
        guard pathLines % every == 0 else { return line }
        changed += 1
        return line + "/v2"
    }.joined(separator: "\n")
    return (mutated, changed)
}
