import RouteLintCore

/// What the outputs of `pm get-app-links` say about the apps of a route set
/// (`routelint device-links`), for the device rules to word: each package block matched to
/// the app whose `android.package` it is, and what could not be read.
package struct DeviceLinkFacts: Sendable {
    /// A package block of an app of the route set.
    package struct AppOnDevice: Sendable {
        /// The block, as printed.
        package let links: PackageLinks
        /// The app whose `android.package` it is.
        package let app: AppModel
        /// The app's hosts as declared, each once (by name), with where each is written.
        package let hosts: [(name: HostName, entry: SourceRange)]
        /// The app's `cert-fingerprints`, upper-cased as `pm` prints digests.
        package let fingerprints: Set<String>
        /// The block's state of each host it prints (the first, should one be printed twice), by
        /// the host lower-cased.
        package let stateOfHost: [String: DomainState]
    }

    /// An output none of whose packages is an app's.
    package struct ForeignOutput: Sendable {
        /// Its first package's name, where it is printed.
        package let first: Located<String>
        /// Every package it names, in order.
        package let packages: [String]
        /// The `android.package` of every app, in order.
        package let expected: [String]
    }

    /// The package blocks of the route set's apps, in output order.
    package var apps: [AppOnDevice] = []
    /// What could not be read, in output order.
    package var unread: [AppLinksOutput.Unread] = []
    /// The outputs that name no app of the route set.
    package var foreign: [ForeignOutput] = []

    /// No facts.
    package init() {}

    /// The facts of `outputs` about `apps`. A block of a package no app has is another app's
    /// (`pm get-app-links` without a package prints every app): it is left alone, unless no
    /// block of its output is an app's.
    package init(outputs: [AppLinksOutput], apps: [AppModel]) {
        var appOfPackage: [String: AppModel] = [:]
        var expected: [String] = []
        for app in apps {
            guard let package = app.android?.package else { continue }
            let name = app.symbols.text(package.value)
            expected.append(name)
            if appOfPackage[name] == nil { appOfPackage[name] = app }
        }
        for output in outputs {
            unread += output.unread
            let matched = output.packages.compactMap { links in appOfPackage[links.name.value].map { (links, $0) } }
            if matched.isEmpty, let first = output.packages.first, !expected.isEmpty {
                foreign.append(ForeignOutput(first: first.name, packages: output.packages.map(\.name.value), expected: expected))
            }
            // A block that holds nothing (cut off, or unread: `device-output`) is not judged.
            for (links, app) in matched where !links.holdsNothing {
                var seen = Set<String>()
                let hosts = zip(app.hostNames, app.hosts).filter { seen.insert($0.0.text).inserted }.map { (name: $0.0, entry: $0.1.range) }
                let fingerprints = Set((app.android?.certFingerprints ?? []).map { app.symbols.text($0.value).uppercased() })
                var stateOfHost: [String: DomainState] = [:]
                for state in links.states where stateOfHost[state.host.value.lowercased()] == nil {
                    stateOfHost[state.host.value.lowercased()] = state
                }
                self.apps.append(
                    AppOnDevice(links: links, app: app, hosts: hosts, fingerprints: fingerprints, stateOfHost: stateOfHost))
            }
        }
    }
}

extension DeviceLinkFacts.AppOnDevice {
    /// The state the device has for `host`, when it prints one.
    package func state(of host: HostName) -> DomainState? { stateOfHost[host.text] }

    /// Whether the app declares `host` (a wildcard covering it counts).
    package func declares(_ host: String) -> Bool {
        guard let name = HostName(host, policy: .declared) else { return false }
        return hosts.contains { $0.name.covers(name) }
    }

    /// The package name, for messages.
    package var packageName: String { links.name.value }
}
