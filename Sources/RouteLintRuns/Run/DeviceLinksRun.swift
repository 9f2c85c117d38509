import RouteLintCore
import RouteLintDevice
import RouteLintReporting
import RouteLintRules

/// What a `routelint device-links` run is asked to do: the outputs to judge and the route set,
/// as values.
package struct DeviceLinksOptions: Sendable {
    /// One output of `pm get-app-links` to judge.
    package enum Output: Sendable {
        /// A file, as named on the command line.
        case path(String)
        /// Bytes read from standard input.
        case standardInput([UInt8])
    }

    /// The outputs, in the order given.
    package var outputs: [Output]
    /// `--routes`: files and folders of the route set; none means the configuration's include,
    /// else the working directory.
    package var routePaths: [String] = []
    /// `--config`: the configuration file; nil finds the nearest `.routelint.yml`.
    package var configurationPath: String?
    /// The directory relative paths are taken from.
    package var workingDirectory: String
    /// `--strict`, `--max-warnings` and the baseline.
    package var gate = RunGate()

    /// Options judging `outputs` against the route set found from `workingDirectory`.
    package init(outputs: [Output], workingDirectory: String) {
        self.outputs = outputs
        self.workingDirectory = workingDirectory
    }
}

/// One `routelint device-links` run: the route set loaded as `lint` loads it, each output of
/// `pm get-app-links` read and matched to the app whose package it is, the device rules, and
/// the verdict through the one gate (docs/testing-links.md, "The device's verdict"). An output
/// that cannot be read makes the run incomplete, never clean.
package struct DeviceLinksRun: Sendable {
    /// The findings and the verdict; its files are the manifests, then each output read, named
    /// as given (`-` for standard input), and what it could not read are manifests and outputs.
    package let result: GatedResult

    /// Runs the check. Throws when the route set cannot be read at all (see `RunFailure`).
    package static func perform(_ options: DeviceLinksOptions) throws(RunFailure) -> DeviceLinksRun {
        let clock = ContinuousClock()
        let started = clock.now
        let loaded = try ReferenceRouteSet.load(
            paths: options.routePaths, configurationPath: options.configurationPath, workingDirectory: options.workingDirectory)
        let lint = loaded.lint
        var messages: [RunMessage] = []
        var failures: [ReadFailure] = []
        if !lint.apps.contains(where: { $0.android?.package != nil }) {
            messages.append(RunMessage(.warning, "no app of the route set has android.package: no output is judged against an app"))
        }

        var outputs: [SourceFile] = []
        for output in options.outputs {
            let name: String
            let read: Result<[UInt8], ReadFailure>
            switch output {
            case .path(let path):
                name = path
                read = DiskFileSystem.read(FilePath.absolute(path, in: options.workingDirectory))
            case .standardInput(let bytes):
                name = "-"
                read = .success(bytes)
            }
            switch read {
            case .success(let bytes):
                outputs.append(SourceFile(id: FileID(lint.files.count + outputs.count), path: name, bytes: Self.utf8(bytes)))
            case .failure(let failure):
                failures.append(ReadFailure(path: name, reason: failure.safeReason))
            }
        }

        let read = outputs.map { AppLinksOutput($0.bytes, file: $0.id) }
        let facts = DeviceLinkFacts(outputs: read, apps: lint.apps)
        var sink = FindingSink()
        for rule in RuleRegistry.deviceRules where lint.configuration.enables(rule.description) {
            rule.check(facts, into: &sink)
        }
        let deviceRules = Set(RuleRegistry.deviceRuleIDs)
        var result = try loaded.judge(
            sink, besides: outputs, gate: options.gate, workingDirectory: options.workingDirectory,
            decides: { deviceRules.contains($0.rule) }, unreadable: failures, messages: messages,
            subject: .deviceLinks(outputs: outputs.count))
        result.seconds = (clock.now - started).inSeconds
        return DeviceLinksRun(result: result)
    }

    /// `bytes` as UTF-8: an output saved by Windows PowerShell 5 (`adb shell … > FILE`) is
    /// UTF-16 with a byte-order mark, read here as the text it holds; anything else is kept.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        guard littleEndian || bytes.starts(with: [0xFE, 0xFF]) else { return bytes }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
