// libFuzzer targets for routelint, built by Fuzz/run against the library targets (each its own
// instrumented module, as in the package) into one binary. ROUTELINT_FUZZ_TARGET picks the target:
//
// - lint: the input is one to four manifests (split at lines of `---file---`), linted as a
//   route set and rendered in every format; the outputs must hold their invariants.
// - patterns: each line is a path pattern; the conflict trie must agree with comparing all
//   pairs, and every relation with matching sample paths.
// - resolve: a manifest, then a line `---urls---`, then URLs to resolve against it (and to read
//   by every URL policy, which must agree).
// - configuration: a .routelint.yml, whose globs are then matched against sample paths.
// - matchers: a pattern line, then paths: read and matched as every Android path attribute
//   and as an Apple component's path; the route paths the import writes for it are valid.
// - platform-files: a first line naming a platform file (apple-app-site-association,
//   assetlinks.json, AndroidManifest.xml, app.entitlements), then its text, checked against a
//   small app: positions lie in the file, and every witness URL is decided as its fact says.
//   An AndroidManifest.xml may be followed by a line `---assetlinks.json---` and an
//   assetlinks.json whose Dynamic App Links rules it is judged with.
//   An association's first two entries are compared as a host's file and Apple's CDN's copy
//   (`routelint hosts`), the witness decided apart by the matcher; an assetlinks.json is read as
//   Google's statement list too.
//   The file is also imported (`routelint import`), as is a first line naming a navigation
//   graph or menu (res/navigation/NAME.xml, res/menu/NAME.xml): the manifest written reads back
//   well-formed, every key known and once, every path valid.
// - diff: a manifest before a line `---after---` and one after it, compared as `routelint diff`
//   compares two revisions: positions lie in the files, and every witness URL opens in each
//   revision what its finding says, by URLResolver.
//
// A broken invariant is a trap, which libFuzzer reports as a crash with the input that made it.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif
import RouteLintChanges
import RouteLintCore
import RouteLintDevice
import RouteLintGeneration
import RouteLintImport
import RouteLintPlatform
import RouteLintReporting
import RouteLintRules
import RouteLintRuns
import RouteLintServed

enum FuzzTarget: String {
    case lint, patterns, resolve, configuration, matchers
    case platformFiles = "platform-files"
    case diff
    case deviceLinks = "device-links"
}

nonisolated(unsafe) private var target = FuzzTarget.lint

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    if let name = getenv("ROUTELINT_FUZZ_TARGET").map({ String(cString: $0) }) {
        guard let chosen = FuzzTarget(rawValue: name) else { fatalError("unknown ROUTELINT_FUZZ_TARGET '\(name)'") }
        target = chosen
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    switch target {
    case .lint: fuzzLint(bytes)
    case .patterns: fuzzPatterns(bytes)
    case .resolve: fuzzResolve(bytes)
    case .configuration: fuzzConfiguration(bytes)
    case .matchers: fuzzMatchers(bytes)
    case .platformFiles: fuzzPlatformFiles(bytes)
    case .diff: fuzzDiff(bytes)
    case .deviceLinks: fuzzDeviceLinks(bytes)
    }
    return 0
}

/// `bytes` split at lines that are exactly `separator`.
func parts(_ bytes: [UInt8], separator: String, limit: Int) -> [[UInt8]] {
    let marker = Array(("\n" + separator + "\n").utf8)
    var result: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + marker.count <= bytes.count && result.count < limit - 1 {
        if bytes[index..<index + marker.count].elementsEqual(marker) {
            result.append(Array(bytes[start..<index + 1]))
            index += marker.count
            start = index
        } else {
            index += 1
        }
    }
    result.append(Array(bytes[start...]))
    return result
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// A finding as the JSON report writes it: decoding the report into these proves it is JSON
/// with the documented fields.
struct ReportedFinding: Decodable {
    let file: String
    let line: Int
    let column: Int
    let endLine: Int
    let endColumn: Int
    let severity: String
    let rule: String
    let message: String
    let fingerprint: String
}

/// The parts of a SARIF log that code scanning reads.
struct SARIFLog: Decodable {
    struct Run: Decodable {
        struct Result: Decodable {
            struct Message: Decodable { let text: String }
            let ruleId: String
            let ruleIndex: Int
            let level: String
            let message: Message
            let partialFingerprints: [String: String]
        }

        let results: [Result]
    }

    let version: String
    let runs: [Run]
}

func fuzzLint(_ bytes: [UInt8]) {
    let files = parts(bytes, separator: "---file---", limit: 4).enumerated().map { index, contents in
        SourceFile(id: FileID(index), path: "fuzz\(index).routes.yaml", bytes: contents)
    }
    let result = Linter.lint(files)
    let findings = result.findings
    // Every format through the one Reporter path the command line uses.
    let report = LintReport(
        active: findings, suppressed: result.suppressed, files: files,
        totals: .init(files: files.count, routes: result.routeCount, seconds: nil))

    let text = TextReporter().render(report)
    check(
        !text.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && TerminalText.needsEscape($0) },
        "the text report holds a control character")

    let json = JSONReporter().render(report)
    guard let reported = try? JSONDecoder().decode([ReportedFinding].self, from: Data(json.utf8)) else {
        fatalError("invariant broken: the JSON report does not decode")
    }
    check(
        reported.map(\.rule) == findings.map(\.rule) && reported.map(\.message) == findings.map(\.message),
        "the JSON report does not list the findings")

    let sarif = SARIFReporter(options: .init(baseDirectory: "/fuzz", workingDirectory: "/fuzz")).render(report)
    guard let log = try? JSONDecoder().decode(SARIFLog.self, from: Data(sarif.utf8)), log.version == "2.1.0", log.runs.count == 1 else {
        fatalError("invariant broken: the SARIF log does not decode")
    }
    check(log.runs[0].results.count == findings.count + result.suppressed.count, "the SARIF log does not hold every result")

    let github = GitHubReporter().render(report)
    let commands = github.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("::") }
    check(
        commands.count == findings.count && github.filter({ $0 == "\n" }).count == findings.count,
        "the GitHub report has \(commands.count) commands for \(findings.count) findings")

    let names = files.map(\.path)
    let baselineText = Baseline(findings: findings, names: names).text
    guard let baseline = try? Baseline.decode(Array(baselineText.utf8), path: "baseline.json") else {
        fatalError("invariant broken: a written baseline does not read back")
    }
    let applied = baseline.apply(to: findings, names: names)
    check(applied.new.isEmpty && applied.stale.isEmpty, "a baseline written from the findings does not accept all of them")
}

func fuzzPatterns(_ bytes: [UInt8]) {
    var symbols = SymbolTable()
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(12)
    let patterns = lines.compactMap { try? PathPattern.parse(String($0), symbols: &symbols).get() }
    var expected: [Int: [Int]] = [:]
    for later in patterns.indices {
        for earlier in 0..<later where patterns[later].relation(to: patterns[earlier]).isConflict {
            expected[later, default: []].append(earlier)
        }
    }
    var actual: [Int: [Int]] = [:]
    for group in ConflictIndex.conflicts(among: patterns, limit: .max) { actual[group.pattern] = group.earlier }
    check(actual == expected, "the conflict trie disagrees with comparing all pairs")
    for first in patterns {
        for second in patterns where first.relation(to: second) != .disjoint {
            let common = first.commonPath(with: second, symbols: symbols)
            let segments = common.split(separator: "/").map { Array($0.utf8) }
            check(matches(first, segments, symbols) && matches(second, segments, symbols), "'\(common)' is not a path both match")
        }
    }
}

/// Whether `pattern` matches a path of canonical segments, by the spec's rules.
func matches(_ pattern: PathPattern, _ path: [[UInt8]], _ symbols: SymbolTable) -> Bool {
    for (index, segment) in pattern.segments.enumerated() {
        switch segment {
        case .rest: return path.count > index
        case .literal(let text): guard index < path.count, symbols.bytes(text).elementsEqual(path[index]) else { return false }
        case .parameter, .wildcard: guard index < path.count else { return false }
        }
    }
    return path.count == pattern.segments.count
}

func fuzzResolve(_ bytes: [UInt8]) {
    let sections = parts(bytes, separator: "---urls---", limit: 2)
    let manifest = SourceFile(id: FileID(0), path: "fuzz.routes.yaml", bytes: sections[0])
    let result = Linter.lint([manifest])
    let resolver = URLResolver(apps: result.apps)
    let urls = sections.count > 1 ? String(decoding: sections[1], as: UTF8.self).split(separator: "\n").prefix(16) : []
    for url in urls {
        let resolution = resolver.resolve(String(url))
        if resolution.status == .resolved {
            check(result.apps.contains { $0.route(named: resolution.route ?? "") != nil }, "'\(url)' resolved to an undeclared route")
        }
        check(resolution.status != .ambiguous || resolution.candidates.count > 1, "'\(url)' is ambiguous with one candidate")
        checkURLPolicies(String(url))
    }
}

/// The app `fuzzDeviceLinks` judges outputs against: the package and hosts its seeds name.
let deviceLinksApp: AppModel = {
    let manifest = """
        manifest: 1
        hosts: [shop.example.com, "*.example.com"]
        android: {package: com.example.shop, cert-fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}

        """
    return Linter.lint([SourceFile(id: FileID(0), path: "shop.routes.yaml", bytes: Array(manifest.utf8))]).apps[0]
}()

/// An output of `pm get-app-links`, read and judged: whatever it holds, every part is read or
/// kept as unread, each at a position inside the file, and every device rule words it.
func fuzzDeviceLinks(_ bytes: [UInt8]) {
    let output = AppLinksOutput(bytes, file: FileID(1))
    let lines = LineIndex(bytes)
    var ranges = output.unread.map(\.range)
    for block in output.packages {
        ranges.append(block.name.range)
        ranges += block.states.flatMap { [$0.host.range, $0.state.range] }
        ranges += block.invalidDomains.map(\.range)
        for user in block.users {
            ranges.append(user.user.range)
            ranges += (user.enabled + user.disabled).map(\.range)
        }
    }
    for range in ranges {
        check(
            range.file == FileID(1) && range.start.line >= 1 && Int(range.start.line) <= max(1, lines.lineCount),
            "a range outside the output")
        check(range.start.column >= 1 && range.start <= range.end, "a range that ends before it starts")
    }
    check(!output.packages.isEmpty || !output.unread.isEmpty, "an output with neither a package nor an unread part")
    let facts = DeviceLinkFacts(outputs: [output], apps: [deviceLinksApp])
    var sink = FindingSink()
    for rule in RuleRegistry.deviceRules { rule.check(facts, into: &sink) }
    check(sink.findings.allSatisfy { !$0.message.isEmpty }, "a finding without a message")
    check(output.unread.isEmpty || sink.findings.contains { $0.rule == DeviceOutputRule.description.id }, "unread output judged clean")
}

/// The one URL reading and its host policies agree: a link's parts spell it again; the host a
/// request goes to is the host the platforms match, and a fetched host without its final dot
/// is one a manifest may declare; the resolver and the import read the same parts.
func checkURLPolicies(_ text: String) {
    guard let url = LinkURL(text) else { return }
    let parts: [String] = [
        url.writtenScheme.map { String($0) + "://" } ?? "", String(url.authority ?? ""), String(url.path), url.query.map { "?" + $0 } ?? "",
        url.fragment.map { "#" + $0 } ?? "",
    ]
    let spelled = parts.joined()
    check(spelled == text, "'\(text)' is spelled '\(spelled)' from its parts")
    if let fetched = url.fetchedHost {
        check(url.matchedHost == fetched.text, "'\(text)': the fetched host is not the matched one")
        let body = fetched.text.hasSuffix(".") ? String(fetched.text.dropLast()) : fetched.text
        check(HostName(body, policy: .declared)?.covers(body) == true, "'\(text)': a fetched host a manifest cannot declare")
    }
    if let navigation = LinkURL(text, grammar: .navigationPattern), url.writtenScheme != nil {
        check(navigation == url, "'\(text)': a navigation pattern with a scheme reads otherwise than the link")
    }
}

func fuzzConfiguration(_ bytes: [UInt8]) {
    guard let configuration = try? LintConfiguration.parse(bytes, path: "/fuzz/.routelint.yml") else { return }
    let paths = ["a.routes.yaml", "Manifests/a/b/c.routes.yml", String(repeating: "d/", count: 64) + "e.routes.yaml", ""]
    for glob in configuration.include + configuration.exclude {
        for path in paths { _ = glob.matches(path) }
    }
}

/// The platforms' matchers on any pattern and path: reading ends (an advanced pattern is read
/// or rejected), matching ends, and where a pattern holds no character its syntax gives a
/// meaning to, it matches exactly the path it spells.
func fuzzMatchers(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(64).map(String.init)
    guard let pattern = lines.first else { return }
    let paths = Array(lines.dropFirst()) + [pattern, ""]
    for kind in AndroidPathPattern.Kind.allCases {
        guard let matcher = try? AndroidPathPattern(kind, pattern) else {
            check(kind == .advancedGlob, "only an advanced pattern can be rejected")
            continue
        }
        for path in paths {
            let matched = matcher.matches(path)
            let (units, spelled) = (Array(path.utf16), Array(pattern.utf16))
            switch kind {
            case .literal: check(matched == (units == spelled), "path does not compare literally")
            case .prefix: check(matched == units.starts(with: spelled), "pathPrefix does not compare as a prefix")
            case .suffix:
                check(
                    matched == (units.count >= spelled.count && Array(units.suffix(spelled.count)) == spelled),
                    "pathSuffix does not compare as a suffix")
            case .simpleGlob:
                if !hasAny(pattern, ".*\\") {
                    check(matched == (units == spelled), "a plain pathPattern does not match literally")
                }
            case .advancedGlob:
                if !hasAny(pattern, ".*+[]{}\\") {
                    check(matched == (units == spelled), "a plain pathAdvancedPattern does not match literally")
                }
            }
        }
    }
    // iOS compares a path without its trailing run of '/' with the pattern made to start with one
    // '/' and end with none (ApplePathPattern).
    let component = AppleLinkComponent(path: pattern)
    let applePattern = ApplePathPattern(pattern)
    for path in paths {
        let matched = component.matches(path: path)
        if !hasAny(pattern, "*?") && AppleSubstitutionVariables.references(in: pattern).isEmpty {
            check(
                matched == (Array(ApplePathPattern.folded(path).unicodeScalars) == Array(applePattern.glob.unicodeScalars)),
                "a plain Apple pattern does not match as iOS folds it")
        }
        // A URL's path is empty or starts with '/'.
        if path.isEmpty || path.hasPrefix("/") {
            check(AppleLinkComponent(path: "*").matches(path: path), "'*' does not match every path")
        }
        // A '*' after the folded pattern only widens it, unless it takes away a final '/*'.
        if !applePattern.matchesParent {
            check(AppleLinkComponent(path: applePattern.glob + "*").matches(path: path) || !matched, "adding '*' narrowed an Apple pattern")
        }
    }
    // The automaton that decides a file over every path answers as the matcher does, the path
    // compared as written or decoded (ASCII paths: the matcher reads scalars, the automaton units;
    // decoded, the paths as URLs spell them).
    let variables = AppleSubstitutionVariables(["v": Array(paths.prefix(3))])
    for percentEncoded in [true, false] {
        let component = AppleLinkComponent(path: pattern, percentEncoded: percentEncoded, variables: variables)
        let language = AppleComponentLanguage([component])
        for path in paths where path.utf8.allSatisfy({ $0 < 0x80 }) && (percentEncoded || ClaimedPathLanguage.isEncodedSpelling(path)) {
            let state = path.utf16.reduce(language.start) { language.step($0, $1) }
            check(language.accepts(state) == component.matches(path: path), "the Apple automaton and matcher disagree")
        }
    }
    // The import writes every pattern as route paths that are valid patterns.
    var conversions = [LinkPatternConversion.apple(pattern), LinkPatternConversion.apple(pattern, depthBound: 2)]
    for kind in AndroidPathPattern.Kind.allCases {
        if let matcher = try? AndroidPathPattern(kind, pattern) { conversions.append(.android(matcher)) }
    }
    for conversion in conversions {
        for path in conversion.paths {
            var symbols = SymbolTable()
            check((try? PathPattern.parse(path, symbols: &symbols).get()) != nil, "'\(pattern)' imported as '\(path)', no route pattern")
        }
    }
}

/// Whether `text` holds one of `characters`, scalar by scalar: a combining mark after `}`
/// makes one `Character` of the two, which the matchers still read as a `}`.
func hasAny(_ text: String, _ characters: String) -> Bool {
    text.unicodeScalars.contains { characters.unicodeScalars.contains($0) }
}

/// The app platform files are checked against: a root, a parameter, a `**` route and a
/// `web: false` carve-out, on one host, with an app on each platform.
let platformApp = """
    manifest: 1
    hosts: [example.com]
    ios: {app-ids: [T.a]}
    android: {package: a.b, min-sdk: 26}
    activities: {main: {}}
    tabs: {home: {activity: main, index: 0, root: home, icon: house}}
    holders: {H: {}}
    routes:
      home: {path: /, holder: H}
      item: {path: /p/:id, activity: main, holder: H, entry: true}
      new: {path: /p/new, activity: main, holder: H, entry: true, web: false}
      docs: {path: /d/**, activity: main, holder: H, entry: true}

    """

/// The first two entries of an association compared as a host's file and Apple's CDN's copy
/// are (`hosts`): a witness is a URL the matcher of single URLs decides apart, as it says.
func checkCopies(_ file: PlatformFile) {
    guard case .association(let details)? = file.content, details.count >= 2 else { return }
    let first = details[0].components.map(\.component)
    let second = details[1].components.map(\.component)
    guard case .differs(let witness, let openedByFirst) = AppleClaimsComparison.compare(first, second) else { return }
    let path = String(witness.prefix { $0 != "?" && $0 != "#" })
    let fragment = witness.firstIndex(of: "#").map { String(witness[witness.index(after: $0)...]) }
    let beforeFragment = witness.prefix { $0 != "#" }
    let query = beforeFragment.firstIndex(of: "?").map { String(beforeFragment[beforeFragment.index(after: $0)...]) }
    let opens = { (components: [AppleLinkComponent]) in
        AppleLinkComponent.decide(components, path: path, query: query, fragment: fragment)?.opensApp ?? false
    }
    check(opens(first) == openedByFirst && opens(second) != openedByFirst, "the copies' witness \(witness) is not decided apart")
}

/// An assetlinks.json read as Google's answer to `statements:list` (a JSON object, so mostly
/// refused): whatever it holds, the positions of what is read lie in the file.
func checkStatementList(_ file: SourceFile) {
    let list = GoogleStatementList.read(file)
    let lines = LineIndex(file.bytes)
    for range in list.targets.map(\.range) + list.dynamicRules.values.map(\.range) {
        check(Int(range.start.line) <= lines.lineCount && range.start <= range.end, "a statement of Google's answer lies outside it")
    }
}

func fuzzPlatformFiles(_ bytes: [UInt8]) {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return }
    let name = String(decoding: bytes[..<newline], as: UTF8.self)
    let text = Array(bytes[(newline + 1)...])
    if RouteSetLoader.isNavigationResource("/" + name) {
        var navigation = NavigationGraphImport()
        navigation.read(SourceFile(id: FileID(1), path: name, bytes: text))
        checkImported(ManifestImport.build(links: LinkFileImport(), navigation: navigation, app: nil), from: name)
        return
    }
    guard let kind = PlatformFileKind(path: name) else { return }
    let manifest = SourceFile(id: FileID(0), path: "app.routes.yaml", bytes: Array(platformApp.utf8))
    var sections = [text]
    if kind == .androidManifest { sections = parts(text, separator: "---assetlinks.json---", limit: 2) }
    let source = PlatformFileSource(file: SourceFile(id: FileID(1), path: name, bytes: sections[0]), app: nil)
    let companions = sections.dropFirst().map {
        PlatformFileSource(file: SourceFile(id: FileID(2), path: "assetlinks.json", bytes: $0), app: nil)
    }
    let platformFiles = [source] + companions
    // The check keeps what it found of each file, so that its witnesses are checked below
    // without deciding the file a second time.
    var cache = PlatformCheckCache()
    let result = Linter.check([Linter.load(manifest)], platformFiles: platformFiles, cache: &cache)
    guard let app = result.apps.first else { fatalError("the fuzzing app does not load") }
    for (index, section) in sections.enumerated() {
        let lines = LineIndex(section)
        for finding in result.findings where finding.range.file == FileID(index + 1) {
            check(Int(finding.range.start.line) <= lines.lineCount, "\(finding.rule) points past the file's last line")
            check(finding.range.start <= finding.range.end, "\(finding.rule) ends before it starts")
        }
    }
    // Every witness is claimed or not exactly as its fact says, by the platform's own matcher.
    let file = PlatformFile.read(source, kind: kind)
    checkCopies(file)
    if kind == .assetLinks { checkStatementList(source.file) }
    let decided = cache.filesDecided
    let facts = cache.facts(
        source, kind: kind, apps: result.apps, comparesClaims: true, dynamicRules: PlatformLinkCheck.DynamicRuleFile.read(platformFiles),
        judgesRulesAlone: !platformFiles.contains { $0.kind == .androidManifest })
    check(cache.filesDecided == decided, "the facts of the lint's check are not the ones it kept")
    let resolver = URLResolver(apps: [app])
    func claimed(_ path: String) -> Bool {
        var bare = path
        if bare.count > 1 && bare.hasSuffix("/") { bare.removeLast() }
        let resolution = resolver.resolve(bare)
        guard resolution.status == .resolved, let id = resolution.route else { return false }
        return app.route(named: id)?.isWeb ?? false
    }
    let prefix = "https://example.com"
    // On Android a witness may end in the query and fragment that decide it: the resolver
    // answers for the whole URL, at each API range the fact names. The facts are about claims:
    // a URL claimed for a host Android does not verify is claimed.
    func androidClaims(_ url: String, _ platform: PlatformFacts.Platform) -> [Bool] {
        guard case .androidManifest = file.content, case .android(let ranges) = platform else { return [] }
        let answers =
            PlatformResolver.resolve([url], platform: .android, platformFiles: platformFiles, apps: [app]).first?.answers ?? []
        return ranges.map { range in
            answers.first { $0.apiLevels?.contains(range.lowerBound) == true }.map { $0.opensApp || $0.claimsUnverified } ?? false
        }
    }
    // On iOS too: the components decide the whole URL.
    let iOSMatcher: AppleComponentMatcher? =
        if case .association(let details)? = file.content, let components = details.first?.components {
            AppleComponentMatcher(components.map(\.component))
        } else { nil }
    func iOSOpens(_ url: String) -> Bool? {
        guard let iOSMatcher else { return nil }
        let afterHost = url.dropFirst(prefix.count)
        let path = String(afterHost.prefix { $0 != "?" && $0 != "#" })
        let fragment = afterHost.firstIndex(of: "#").map { String(afterHost[afterHost.index(after: $0)...]) }
        let beforeFragment = afterHost.prefix { $0 != "#" }
        let query = beforeFragment.firstIndex(of: "?").map { String(beforeFragment[beforeFragment.index(after: $0)...]) }
        return iOSMatcher.decide(path: path, query: query, fragment: fragment)?.opensApp ?? false
    }
    for fact in facts.unrouted where fact.url.hasPrefix(prefix) {
        check(androidClaims(fact.url, fact.platform).allSatisfy { $0 }, "unrouted witness \(fact.url) is not claimed")
        let path = String(fact.url.dropFirst(prefix.count).prefix { $0 != "?" && $0 != "#" })
        check(!claimed(path), "unrouted witness \(fact.url) opens a web route")
        check(iOSOpens(fact.url) != false, "unrouted witness \(fact.url) is not opened by the components")
    }
    for fact in facts.unclaimed where fact.url.hasPrefix(prefix) {
        check(!androidClaims(fact.url, fact.platform).contains(true), "unclaimed witness \(fact.url) is claimed")
        let path = String(fact.url.dropFirst(prefix.count).prefix { $0 != "?" && $0 != "#" })
        check(claimed(path), "unclaimed witness \(fact.url) opens no web route")
        check(iOSOpens(fact.url) != true, "unclaimed witness \(fact.url) is opened by the components")
    }
    var links = LinkFileImport()
    links.read([source])
    checkImported(ManifestImport.build(links: links, navigation: NavigationGraphImport(), app: nil), from: name)
}

/// The manifest an import writes reads back as written: well-formed YAML, every key known and
/// written once, every path valid, whatever the files it came from held.
func checkImported(_ manifest: ImportedManifest, from name: String) {
    let text = manifest.yaml(sources: [name]).text
    let written = Linter.lint([SourceFile(id: FileID(0), path: "imported.routes.yaml", bytes: Array(text.utf8))])
    for finding in written.findings where ["yaml-syntax", "duplicate-key", "unknown-key", "invalid-path"].contains(finding.rule) {
        check(false, "the manifest imported from \(name) has \(finding.rule): \(finding.message)")
    }
}

func fuzzDiff(_ bytes: [UInt8]) {
    let sections = parts(bytes, separator: "---after---", limit: 2)
    guard sections.count == 2 else { return }
    let after = SourceFile(id: FileID(0), path: "fuzz.routes.yaml", bytes: sections[1])
    let before = SourceFile(id: FileID(0), path: "fuzz.routes.yaml", bytes: sections[0])
    let earlier = Linter.lint([before])
    let later = Linter.lint([after])
    // The report numbers the current file 0 and the earlier one 1; something gone is anchored
    // in the current file of the same path.
    let lineCounts = [LineIndex(after.bytes).lineCount, LineIndex(before.bytes).lineCount]
    let locations = DiffLocations(offset: 1, counterpart: [FileID(0)], lineCounts: lineCounts)
    let changes = RouteChanges(before: earlier.apps, after: later.apps, locations: locations)
    var sink = FindingSink()
    for rule in RuleRegistry.changeRules { rule.check(changes, into: &sink) }
    func opened(_ url: String, _ apps: [AppModel]) -> String? {
        let resolution = URLResolver(apps: apps).resolve(url)
        guard resolution.status == .resolved, let id = resolution.route else { return nil }
        if url.hasPrefix("https://"), let route = apps.lazy.compactMap({ $0.route(named: id) }).first, !route.isWeb { return nil }
        return id
    }
    for finding in sink.findings {
        for range in [finding.range] + finding.related.map(\.range) {
            check(range.file.index < 2, "a change points into no file")
            check(Int(range.start.line) <= max(1, lineCounts[Int(range.file.index)]), "a change points past its file's end")
        }
        guard !finding.witnesses.isEmpty else { continue }
        let routes = finding.subjects.filter { $0.kind == .route }.map(\.name)
        let expected: (String?, String?)
        switch finding.rule {
        case "removed-link": expected = (routes.first, nil)
        case "added-link": expected = (nil, routes.first)
        default: expected = (routes.first, routes.count > 1 ? routes[1] : nil)
        }
        for url in finding.witnesses {
            let actual = (opened(url, earlier.apps), opened(url, later.apps))
            check(actual == expected, "\(url) opens \(actual) and not \(expected): \(finding.message)")
        }
    }
}
