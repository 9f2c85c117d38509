import Foundation

@testable import RouteLintRuns
@testable import RouteLintCore

/// Two revisions of a route set written to folders and compared as `routelint diff --against
/// DIR` compares them.
struct ComparedSets {
    let run: DiffRun

    /// The findings, as `rule: message`.
    var lines: [String] { run.active.map { "\($0.rule): \($0.message)" } }
    /// The rules of the findings, in report order.
    var rules: [String] { run.active.map(\.rule) }
    /// "line:column" of each finding of `rule`, in the current tree.
    func positions(_ rule: String) -> [String] {
        run.active.filter { $0.rule == rule }.map { "\(run.files[Int($0.range.file.index)].path):\($0.range.start)" }
    }
}

/// Writes `before` and `after` (file name → text) to two folders and compares them; the
/// current tree is `after`.
func compare(
    before: [String: String], after: [String: String], paths: [String] = [], configuration: String? = nil
) throws -> ComparedSets {
    let root = NSTemporaryDirectory() + "routelint-diff-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    for (folder, files) in [("base", before), ("now", after)] {
        for (name, text) in files {
            let path = "\(root)/\(folder)/\(name)"
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        if let configuration {
            try configuration.write(toFile: "\(root)/\(folder)/.routelint.yml", atomically: true, encoding: .utf8)
        }
    }
    return ComparedSets(
        run: try DiffRun.perform(DiffOptions(paths: paths, against: .directory("\(root)/base"), workingDirectory: "\(root)/now")))
}

/// What a URL opens in a revision, by the contract's own words rather than the walk: the route
/// `URLResolver` resolves it to, and from an `https` host only a claimed (`web`) one.
struct OpenedRoutes {
    let apps: [AppModel]
    /// Made once for the revision: a resolver indexes every route when it is made.
    let resolver: URLResolver

    init(_ apps: [AppModel]) {
        self.apps = apps
        resolver = URLResolver(apps: apps)
    }

    /// The route `url` opens, if any; `resolution` is the resolver's answer for it, where the
    /// caller has it already.
    func route(_ url: String, resolution: URLResolver.Resolution? = nil) -> String? {
        let resolution = resolution ?? resolver.resolve(url)
        guard resolution.status == .resolved, let id = resolution.route else { return nil }
        if url.hasPrefix("https://"), let route = apps.lazy.compactMap({ $0.route(named: id) }).first, !route.isWeb { return nil }
        return id
    }
}

/// Every witness of every link change opens, in each revision, what the finding says it does.
func witnessesHold(_ run: DiffRun) -> [String] {
    var problems: [String] = []
    let (earlier, later) = (OpenedRoutes(run.comparison!.earlierApps), OpenedRoutes(run.apps))
    for finding in run.active + run.suppressed where !finding.witnesses.isEmpty {
        let routes = finding.subjects.filter { $0.kind == .route }.map(\.name)
        if finding.rule == "changed-route-api" {
            // A route that takes fewer values: the URL opened it, and opens it no longer.
            for url in finding.witnesses {
                let actual = (earlier.route(url), later.route(url))
                if actual.0 != routes.first || actual.1 == routes.first {
                    problems.append("\(url): \(actual) does not show \(routes) narrowed (\(finding.message))")
                }
            }
            continue
        }
        let expected: (String?, String?)
        switch finding.rule {
        case "removed-link": expected = (routes.first, nil)
        case "added-link": expected = (nil, routes.first)
        default: expected = (routes.first, routes.count > 1 ? routes[1] : nil)
        }
        for url in finding.witnesses {
            let actual = (earlier.route(url), later.route(url))
            if actual != expected { problems.append("\(url): \(actual) is not \(expected) (\(finding.message))") }
        }
    }
    return problems
}
