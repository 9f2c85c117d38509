/// The kinds of platform link file routelint checks, told apart by file name (docs/app-links.md).
public enum PlatformFileKind: String, Sendable, CaseIterable {
    /// `apple-app-site-association` (also with `.json`): the components iOS evaluates.
    case appleAppSiteAssociation = "apple-app-site-association"
    /// `*.entitlements`: the associated domains of the app.
    case entitlements
    /// `assetlinks.json`: the statement that lets Android verify the app's links.
    case assetLinks = "assetlinks.json"
    /// `AndroidManifest.xml`: the intent filters.
    case androidManifest = "AndroidManifest.xml"

    /// The kind of the file at `path`, from its name; nil for any other name.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "apple-app-site-association", "apple-app-site-association.json": self = .appleAppSiteAssociation
        case "assetlinks.json": self = .assetLinks
        case "AndroidManifest.xml": self = .androidManifest
        default:
            guard name.hasSuffix(".entitlements") else { return nil }
            self = .entitlements
        }
    }
}

/// A platform file to check and the app it belongs to (nil: the route set's only app).
public struct PlatformFileSource: Sendable {
    /// The file, numbered after the route set's manifests.
    public let file: SourceFile
    /// The app it belongs to, when the configuration names one.
    public let app: String?

    /// `file`, for the app named `app`.
    public init(file: SourceFile, app: String?) {
        self.file = file
        self.app = app
    }
}

/// What a platform file says about links, read with positions; and what could not be read.
struct PlatformFile: Sendable {
    let file: FileID
    let path: String
    let kind: PlatformFileKind
    let app: String?
    /// Where the file starts: the related location of findings about routes.
    let start: SourceRange
    var issues: [PlatformFileIssue] = []
    var content: Content?

    enum Content: Sendable {
        case association([AssociationDetail])
        case entitlements(domains: [Located<String>])
        case assetLinks([AssetLinksStatement])
        case androidManifest([LocatedFilter])
    }

    /// One entry of `applinks.details`.
    struct AssociationDetail: Sendable {
        var appIDs: [Located<String>]
        var components: [LocatedComponent]
        /// The entry itself.
        var range: SourceRange
    }

    struct LocatedComponent: Sendable {
        var component: AppleLinkComponent
        /// The component's path pattern as written (the whole component when it has none).
        var range: SourceRange
    }

    /// A `delegate_permission/common.handle_all_urls` statement for an Android app.
    struct AssetLinksStatement: Sendable {
        var package: Located<String>?
        var fingerprints: [Located<String>]
        var range: SourceRange
    }

    /// An intent filter of an activity, with where its parts are written.
    struct LocatedFilter: Sendable {
        var filter: AndroidIntentFilter
        var activity: String
        /// The `<intent-filter` start tag.
        var range: SourceRange
        /// Each path attribute's value, plain ones first, then the groups' in order — the
        /// numbering of `AndroidFilterLanguage`'s deciders.
        var attributeRanges: [SourceRange]
        var hostRanges: [SourceRange]
        /// Each group's `<uri-relative-filter-group` start tag.
        var groupRanges: [SourceRange]
    }
}

/// What reading a platform file found wrong, for the rules to word.
enum PlatformFileIssue: Sendable {
    /// Not well-formed JSON or XML.
    case malformed(message: String, at: SourceRange)
    /// A value of the wrong type, or a required part missing: `expected` says what the
    /// platform reads there.
    case unexpected(expected: String, found: String, at: SourceRange)
    /// An Android path attribute the platform's parser rejects.
    case rejectedPattern(attribute: String, pattern: String, reason: String, at: SourceRange)
    /// A pattern that reads otherwise than it looks: what it looks like and what it is.
    case misleadingPattern(pattern: String, explanation: String, at: SourceRange)
    /// An apple-app-site-association larger than iOS reads: `bytes` long.
    case oversizedAssociation(bytes: Int, at: SourceRange)
}

extension PlatformFile {
    /// The namespace of Android's manifest attributes.
    static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The entitlement that lists associated domains.
    static let associatedDomainsKey = "com.apple.developer.associated-domains"

    /// Reads `source` as its kind says.
    static func read(_ source: PlatformFileSource, kind: PlatformFileKind) -> PlatformFile {
        let lines = LineIndex(source.file.bytes)
        let origin = SourcePosition(line: 1, column: 1)
        var file = PlatformFile(
            file: source.file.id, path: source.file.path, kind: kind, app: source.app,
            start: SourceRange(file: source.file.id, start: origin, end: origin))
        var reader = Reader(file: source.file.id, lines: lines)
        if kind == .appleAppSiteAssociation && source.file.bytes.count > AppLinkFiles.maximumAssociationSize {
            reader.issues.append(.oversizedAssociation(bytes: source.file.bytes.count, at: file.start))
        }
        switch kind {
        case .appleAppSiteAssociation, .assetLinks:
            switch JSONDocument.read(source.file.bytes) {
            case .failure(let problem):
                reader.issues.append(.malformed(message: problem.message, at: reader.range(problem.offset, problem.offset)))
            case .success(let document):
                file.content = kind == .assetLinks ? reader.assetLinks(document.root) : reader.association(document.root)
            }
        case .entitlements, .androidManifest:
            switch XMLDocument.read(source.file.bytes) {
            case .failure(let problem):
                reader.issues.append(.malformed(message: problem.message, at: reader.range(problem.offset, problem.offset)))
            case .success(let document):
                file.content = kind == .entitlements ? reader.entitlements(document.root) : reader.androidManifest(document.root)
            }
        }
        file.issues = reader.issues
        return file
    }

    /// Turns parsed values into the model, collecting issues.
    private struct Reader {
        let file: FileID
        let lines: LineIndex
        var issues: [PlatformFileIssue] = []
        /// The line whose columns `checkpoints` holds.
        private var checkpointLine = -1
        /// The column at every `checkpointStride`-th byte of `checkpointLine`, as far as asked
        /// for: a column is counted from the checkpoint before it, so that positions on a file of
        /// one long line (minified JSON, XML) cost a bounded count each, in any order.
        private var checkpoints: [Int] = []
        private static let checkpointStride = 256

        init(file: FileID, lines: LineIndex) {
            self.file = file
            self.lines = lines
        }

        mutating func position(_ offset: Int) -> SourcePosition {
            let line = lines.line(holdingByte: offset)
            let stride = Self.checkpointStride
            if line.number != checkpointLine {
                checkpointLine = line.number
                checkpoints = [1]
            }
            let index = max(0, offset - line.start) / stride
            while checkpoints.count <= index {
                let from = line.start + (checkpoints.count - 1) * stride
                checkpoints.append(checkpoints[checkpoints.count - 1] + lines.codePoints(in: from..<(from + stride)))
            }
            let from = line.start + index * stride
            let column = checkpoints[index] + lines.codePoints(in: from..<max(from, offset))
            return SourcePosition(line: line.number, column: column)
        }

        mutating func range(_ start: Int, _ end: Int) -> SourceRange {
            let from = position(start)
            return SourceRange(file: file, start: from, end: position(end))
        }

        mutating func range(_ bytes: XMLDocument.ByteRange) -> SourceRange { range(bytes.start, bytes.end) }

        /// The value as `extract` reads it, with its range; an issue naming `what` was expected
        /// when it is absent (at its `parent`) or of another type.
        private mutating func typed<Value>(
            _ value: JSONDocument.Value?, _ what: String, in parent: JSONDocument.Value, _ extract: (JSONDocument.Value) -> Value?
        ) -> Located<Value>? {
            guard let value else {
                issues.append(.unexpected(expected: what, found: "nothing", at: range(parent.range.start, parent.range.start + 1)))
                return nil
            }
            guard let extracted = extract(value) else {
                issues.append(.unexpected(expected: what, found: value.typeName, at: range(value.range)))
                return nil
            }
            return Located(extracted, at: range(value.range))
        }

        /// The text of a JSON string value; an issue when it is something else.
        mutating func string(_ value: JSONDocument.Value?, _ what: String, in parent: JSONDocument.Value) -> Located<String>? {
            typed(value, what, in: parent) { $0.string }
        }

        /// The items of a JSON array; an issue when it is something else.
        mutating func array(_ value: JSONDocument.Value?, _ what: String, in parent: JSONDocument.Value) -> [JSONDocument.Value]? {
            typed(value, what, in: parent) { $0.array }?.value
        }

        // MARK: apple-app-site-association

        mutating func association(_ root: JSONDocument.Value) -> PlatformFile.Content? {
            guard case .object = root.kind else {
                issues.append(.unexpected(expected: "an object with 'applinks'", found: root.typeName, at: range(root.range)))
                return nil
            }
            guard let applinks = root["applinks"] else {
                issues.append(
                    .unexpected(expected: "an 'applinks' object", found: "nothing", at: range(root.range.start, root.range.start + 1)))
                return nil
            }
            guard let details = array(applinks["details"], "'details': an array", in: applinks) else { return nil }
            var result: [AssociationDetail] = []
            for detail in details {
                guard case .object = detail.kind else {
                    issues.append(.unexpected(expected: "a 'details' entry: an object", found: detail.typeName, at: range(detail.range)))
                    continue
                }
                var appIDs: [Located<String>] = []
                if let list = detail["appIDs"] {
                    for item in array(list, "'appIDs': an array of strings", in: detail) ?? [] {
                        if let id = string(item, "an app ID string", in: list) { appIDs.append(id) }
                    }
                } else if let single = string(detail["appID"], "'appIDs' (or 'appID')", in: detail) {
                    appIDs.append(single)
                }
                var components: [LocatedComponent] = []
                if let list = detail["components"] {
                    for item in array(list, "'components': an array", in: detail) ?? [] {
                        if let component = component(item) { components.append(component) }
                    }
                } else if let paths = detail["paths"] {
                    // The format before iOS 13: strings, `NOT ` before an exclusion.
                    for item in array(paths, "'paths': an array of strings", in: detail) ?? [] {
                        guard let text = string(item, "a path string", in: paths) else { continue }
                        let exclude = text.value.hasPrefix("NOT ")
                        let pattern = exclude ? String(text.value.dropFirst(4)) : text.value
                        checkApplePath(pattern, at: text.range)
                        components.append(
                            LocatedComponent(component: AppleLinkComponent(path: pattern, exclude: exclude), range: text.range))
                    }
                } else {
                    issues.append(
                        .unexpected(
                            expected: "'components' (or 'paths')", found: "nothing", at: range(detail.range.start, detail.range.start + 1)))
                }
                result.append(AssociationDetail(appIDs: appIDs, components: components, range: range(detail.range)))
            }
            return .association(result)
        }

        private mutating func component(_ value: JSONDocument.Value) -> LocatedComponent? {
            guard case .object(let members) = value.kind else {
                issues.append(.unexpected(expected: "a component: an object", found: value.typeName, at: range(value.range)))
                return nil
            }
            var component = AppleLinkComponent()
            var location = range(value.range.start, value.range.start + 1)
            for member in members {
                switch member.key {
                case "/":
                    guard let text = string(member.value, "'/': a string", in: value) else { continue }
                    component.path = text.value
                    location = text.range
                    checkApplePath(text.value, at: text.range)
                case "?":
                    if let text = member.value.string {
                        component.query = text
                    } else if case .object(let items) = member.value.kind {
                        for item in items {
                            if let pattern = string(item.value, "a query item pattern string", in: member.value) {
                                component.queryItems.append(.init(name: item.key, pattern: pattern.value))
                            }
                        }
                    } else {
                        issues.append(
                            .unexpected(expected: "'?': a string or an object", found: member.value.typeName, at: range(member.value.range))
                        )
                    }
                case "#":
                    component.fragment = string(member.value, "'#': a string", in: value)?.value
                case "exclude", "caseSensitive", "percentEncoded":
                    guard let flag = member.value.bool else {
                        issues.append(
                            .unexpected(
                                expected: "'\(member.key)': true or false", found: member.value.typeName, at: range(member.value.range)))
                        continue
                    }
                    if member.key == "exclude" { component.exclude = flag }
                    if member.key == "caseSensitive" { component.caseSensitive = flag }
                case "comment":
                    component.comment = member.value.string
                default:
                    continue
                }
            }
            return LocatedComponent(component: component, range: location)
        }

        private mutating func checkApplePath(_ pattern: String, at location: SourceRange) {
            guard let first = pattern.first, first != "/", first != "*", first != "?" else { return }
            issues.append(
                .misleadingPattern(
                    pattern: pattern, explanation: "a URL path starts with '/', so this pattern matches no URL", at: location))
        }

        // MARK: assetlinks.json

        mutating func assetLinks(_ root: JSONDocument.Value) -> PlatformFile.Content? {
            guard let statements = root.array else {
                issues.append(.unexpected(expected: "an array of statements", found: root.typeName, at: range(root.range)))
                return nil
            }
            var result: [AssetLinksStatement] = []
            for statement in statements {
                let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
                guard relations.contains("delegate_permission/common.handle_all_urls"),
                    let target = statement["target"], target["namespace"]?.string == "android_app"
                else { continue }
                let package = string(target["package_name"], "'package_name': a string", in: target)
                var fingerprints: [Located<String>] = []
                if let list = target["sha256_cert_fingerprints"] {
                    for item in array(list, "'sha256_cert_fingerprints': an array of strings", in: target) ?? [] {
                        if let fingerprint = string(item, "a fingerprint string", in: list) { fingerprints.append(fingerprint) }
                    }
                } else {
                    issues.append(
                        .unexpected(
                            expected: "'sha256_cert_fingerprints'", found: "nothing", at: range(target.range.start, target.range.start + 1))
                    )
                }
                result.append(AssetLinksStatement(package: package, fingerprints: fingerprints, range: range(statement.range)))
            }
            return .assetLinks(result)
        }

        // MARK: Property lists

        mutating func entitlements(_ root: XMLDocument.Element) -> PlatformFile.Content? {
            guard root.localName == "plist", let dictionary = root.children.first, dictionary.localName == "dict" else {
                issues.append(.unexpected(expected: "a property list holding a dictionary", found: "<\(root.name)>", at: range(root.range)))
                return nil
            }
            var domains: [Located<String>] = []
            let entries = dictionary.children
            for (index, key) in entries.enumerated() where key.localName == "key" && key.text == PlatformFile.associatedDomainsKey {
                guard index + 1 < entries.count, entries[index + 1].localName == "array" else {
                    issues.append(
                        .unexpected(
                            expected: "an <array> of strings after the associated-domains key", found: "something else",
                            at: range(key.range)))
                    continue
                }
                for item in entries[index + 1].children {
                    guard item.localName == "string" else {
                        issues.append(.unexpected(expected: "a <string>", found: "<\(item.name)>", at: range(item.range)))
                        continue
                    }
                    guard item.text.hasPrefix("applinks:") else { continue }
                    // `applinks:host?mode=developer` names the same host.
                    var host = String(item.text.dropFirst("applinks:".count))
                    if let query = host.firstIndex(of: "?") { host = String(host[..<query]) }
                    domains.append(Located(host, at: range(item.range)))
                }
            }
            return .entitlements(domains: domains)
        }

        // MARK: AndroidManifest.xml

        mutating func androidManifest(_ root: XMLDocument.Element) -> PlatformFile.Content? {
            guard root.localName == "manifest" else {
                issues.append(.unexpected(expected: "a <manifest> element", found: "<\(root.name)>", at: range(root.range)))
                return nil
            }
            var filters: [LocatedFilter] = []
            for application in root.children where application.localName == "application" {
                for activity in application.children where activity.localName == "activity" || activity.localName == "activity-alias" {
                    let name = activity.attribute("name", namespace: PlatformFile.androidNamespace)?.value ?? ""
                    for filter in activity.children where filter.localName == "intent-filter" {
                        filters.append(intentFilter(filter, activity: name))
                    }
                }
            }
            return .androidManifest(filters)
        }

        private func android(_ element: XMLDocument.Element, _ name: String) -> XMLDocument.Attribute? {
            element.attribute(name, namespace: PlatformFile.androidNamespace)
        }

        private mutating func intentFilter(_ element: XMLDocument.Element, activity: String) -> LocatedFilter {
            var filter = AndroidIntentFilter()
            var located = LocatedFilter(
                filter: filter, activity: activity, range: range(element.range), attributeRanges: [], hostRanges: [], groupRanges: [])
            filter.autoVerify = android(element, "autoVerify").map { resourceText($0.value) == "true" } ?? false
            var groupPaths: [(AndroidPathPattern, SourceRange)] = []
            for child in element.children {
                switch child.localName {
                case "action":
                    if let name = android(child, "name") { filter.actions.append(resourceText(name.value)) }
                case "category":
                    if let name = android(child, "name") { filter.categories.append(resourceText(name.value)) }
                case "data":
                    if let scheme = android(child, "scheme") {
                        let value = resourceText(scheme.value)
                        filter.schemes.append(value)
                        if value != value.lowercased() {
                            issues.append(
                                .misleadingPattern(
                                    pattern: value, explanation: "Android compares schemes in lower case only, so this one matches no URL",
                                    at: range(scheme.range)))
                        }
                    }
                    if let host = android(child, "host") {
                        let value = resourceText(host.value)
                        filter.hosts.append(value)
                        located.hostRanges.append(range(host.range))
                        checkHost(value, at: range(host.range))
                    }
                    for (pattern, location) in pathAttributes(child) {
                        filter.paths.append(pattern)
                        located.attributeRanges.append(location)
                    }
                case "uri-relative-filter-group":
                    var group = AndroidIntentFilter.Group()
                    group.allows = android(child, "allow").map { resourceText($0.value) != "false" } ?? true
                    for data in child.children where data.localName == "data" {
                        for (pattern, location) in pathAttributes(data) {
                            group.paths.append(pattern)
                            groupPaths.append((pattern, location))
                        }
                        if data.attributes.contains(where: { $0.localName.hasPrefix("query") || $0.localName.hasPrefix("fragment") }) {
                            group.filtersQueryOrFragment = true
                        }
                    }
                    filter.groups.append(group)
                    located.groupRanges.append(range(child.range))
                default:
                    continue
                }
            }
            located.attributeRanges += groupPaths.map(\.1)
            located.filter = filter
            return located
        }

        /// The path attributes of a `<data>` element the platform accepts, in attribute order.
        private mutating func pathAttributes(_ data: XMLDocument.Element) -> [(AndroidPathPattern, SourceRange)] {
            var result: [(AndroidPathPattern, SourceRange)] = []
            for attribute in data.attributes where attribute.namespace == PlatformFile.androidNamespace {
                guard let kind = AndroidPathPattern.Kind(rawValue: attribute.localName) else { continue }
                let text = resourceText(attribute.value)
                let location = range(attribute.range)
                do {
                    result.append((try AndroidPathPattern(kind, text), location))
                    checkAndroidPath(kind, text, at: location)
                } catch {
                    issues.append(.rejectedPattern(attribute: attribute.localName, pattern: text, reason: error.description, at: location))
                }
            }
            return result
        }

        private mutating func checkAndroidPath(_ kind: AndroidPathPattern.Kind, _ pattern: String, at location: SourceRange) {
            switch kind {
            case .literal, .prefix:
                if !pattern.hasPrefix("/") {
                    issues.append(
                        .misleadingPattern(
                            pattern: pattern, explanation: "a URL path starts with '/', so this matches no URL", at: location))
                }
            case .simpleGlob:
                if let first = pattern.first, first != "/", first != ".", first != "\\" {
                    issues.append(
                        .misleadingPattern(
                            pattern: pattern, explanation: "a URL path starts with '/', so this matches no URL", at: location))
                }
                if let regex = pattern.first(where: { "?()|+[]".contains($0) }) {
                    issues.append(
                        .misleadingPattern(
                            pattern: pattern,
                            explanation:
                                "'\(regex)' is no operator in pathPattern, whose only ones are '.', '*' and '\\': it matches itself",
                            at: location))
                }
            case .advancedGlob, .suffix:
                break
            }
        }

        private mutating func checkHost(_ host: String, at location: SourceRange) {
            if host != host.lowercased() {
                issues.append(
                    .misleadingPattern(
                        pattern: host, explanation: "Android compares hosts in lower case only, so this one matches no URL", at: location))
            }
            if let star = host.firstIndex(of: "*"), star != host.startIndex {
                issues.append(
                    .misleadingPattern(
                        pattern: host, explanation: "a '*' is a wildcard only as the host's first character; here it is a letter",
                        at: location))
            }
        }

        /// A manifest attribute's value as the Android resource compiler reads it: `\` escapes
        /// (an unknown one keeps its character), `"` quoting, white space collapsed outside quotes.
        func resourceText(_ value: String) -> String {
            AndroidResourceText.read(value)
        }
    }
}

/// The text of an attribute value after the Android resource compiler (aapt2's
/// `StringBuilder::AppendText`): `\t`, `\n`, `\uXXXX` and `\` before any other character,
/// which stays; a `"` toggles quoting and is dropped; outside quotes a run of white space is one
/// space. That is why a literal `*` in `pathPattern` is written `\\*` in the XML.
enum AndroidResourceText {
    static func read(_ value: String) -> String {
        var result = ""
        var quoted = false
        var lastWasSpace = false
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if !quoted && scalar.isASCII && (scalar == " " || ("\t"..."\r").contains(scalar)) {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            switch scalar {
            case "\\":
                guard let escaped = scalars.next() else { continue }
                switch escaped {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "u":
                    var code: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = scalars.next(), digit.isASCII, let value = UInt32(String(digit), radix: 16) else { break }
                        code = code << 4 | value
                    }
                    if let decoded = Unicode.Scalar(code) { result.unicodeScalars.append(decoded) }
                default: result.unicodeScalars.append(escaped)
                }
            case "\"":
                quoted.toggle()
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
