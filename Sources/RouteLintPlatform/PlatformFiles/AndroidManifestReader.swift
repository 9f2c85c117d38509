import RouteLintCore

/// Reads an AndroidManifest.xml: the intent filters of its activities, as Android reads them.
extension PlatformFileReader {
    mutating func androidManifest(_ root: XMLDocument.Element) -> PlatformFile.Content? {
        guard root.localName == "manifest" else {
            issues.append(.unexpected(expected: "a <manifest> element", found: "<\(root.name)>", at: range(root.range)))
            return nil
        }
        var filters: [PlatformFile.LocatedFilter] = []
        for application in root.children where application.localName == "application" {
            for activity in application.children where activity.localName == "activity" || activity.localName == "activity-alias" {
                let name = activity.attribute("name", namespace: PlatformFile.androidNamespace).flatMap { attributeText($0) } ?? ""
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

    private mutating func intentFilter(_ element: XMLDocument.Element, activity: String) -> PlatformFile.LocatedFilter {
        var filter = AndroidIntentFilter()
        var located = PlatformFile.LocatedFilter(
            filter: filter, activity: activity, range: range(element.range), attributeRanges: [], hostRanges: [], groupRanges: [])
        filter.autoVerify = android(element, "autoVerify").map { attributeText($0) == "true" } ?? false
        var groupFilterRanges: [SourceRange] = []
        for child in element.children {
            switch child.localName {
            case "action":
                if let name = android(child, "name").flatMap({ attributeText($0) }) { filter.actions.append(name) }
            case "category":
                if let name = android(child, "name").flatMap({ attributeText($0) }) { filter.categories.append(name) }
            case "data":
                if let scheme = android(child, "scheme"), let value = attributeText(scheme) {
                    filter.schemes.append(value)
                    if value != value.lowercased() {
                        issues.append(
                            .misleadingPattern(
                                pattern: value, explanation: "Android compares schemes in lower case only, so this one matches no URL",
                                at: range(scheme.range)))
                    }
                }
                if let host = android(child, "host"), let value = attributeText(host) {
                    filter.hosts.append(value)
                    located.hostRanges.append(range(host.range))
                    checkHost(value, at: range(host.range))
                }
                for (pattern, location) in pathAttributes(child) {
                    filter.paths.append(pattern)
                    located.attributeRanges.append(location)
                }
            case "uri-relative-filter-group":
                // Android drops a group without any filter attribute (only a scheme or host, or
                // nothing) when it reads the manifest: it neither matches nor blocks.
                guard let group = relativeFilterGroup(child, ranges: &groupFilterRanges) else { continue }
                filter.groups.append(group)
                located.groupRanges.append(range(child.range))
            default:
                continue
            }
        }
        located.attributeRanges += groupFilterRanges
        located.filter = filter
        return located
    }

    /// A `<uri-relative-filter-group>`: its filters in attribute order, their ranges appended to
    /// `ranges`; nil for a group with no filter attribute, which Android drops.
    private mutating func relativeFilterGroup(_ element: XMLDocument.Element, ranges: inout [SourceRange]) -> AndroidIntentFilter.Group? {
        var group = AndroidIntentFilter.Group()
        group.allows = android(element, "allow").map { attributeText($0) != "false" } ?? true
        var hasFilterAttribute = false
        for data in element.children where data.localName == "data" {
            for attribute in data.attributes where attribute.namespace == PlatformFile.androidNamespace {
                guard let (part, kind) = AndroidIntentFilter.URLPart.filter(named: attribute.localName) else { continue }
                hasFilterAttribute = true
                guard let text = attributeText(attribute) else { continue }
                let location = range(attribute.range)
                do {
                    group.filters.append(AndroidIntentFilter.RelativeFilter(part: part, pattern: try AndroidPathPattern(kind, text)))
                    ranges.append(location)
                    if part == .path { checkAndroidPath(kind, text, at: location) }
                } catch {
                    group.hasRejectedFilter = true
                    issues.append(.rejectedPattern(attribute: attribute.localName, pattern: text, reason: error.description, at: location))
                }
            }
        }
        return hasFilterAttribute ? group : nil
    }

    /// The path attributes of a `<data>` element the platform accepts, in attribute order.
    private mutating func pathAttributes(_ data: XMLDocument.Element) -> [(AndroidPathPattern, SourceRange)] {
        var result: [(AndroidPathPattern, SourceRange)] = []
        result.reserveCapacity(data.attributes.count)
        for attribute in data.attributes where attribute.namespace == PlatformFile.androidNamespace {
            guard let kind = AndroidPathPattern.Kind(attributeName: attribute.localName), let text = attributeText(attribute) else {
                continue
            }
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

    /// What a regular expression reads as operators and `pathPattern` matches as themselves.
    private static let regexOperators = Array("?()|+[]".utf8)

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
            // Read as bytes in place: a look at each character was a sixth of the check of a
            // file of 20,000 attributes.
            var text = pattern
            if let regex = text.withUTF8({ $0.first(where: Self.regexOperators.contains) }) {
                issues.append(
                    .misleadingPattern(
                        pattern: pattern,
                        explanation:
                            "'\(Character(Unicode.Scalar(regex)))' is no operator in pathPattern, whose only ones are '.', '*' and '\\': it matches itself",
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

    /// A manifest attribute's value as the built manifest holds it (`BuildValues.androidAttribute`);
    /// nil for a reference without a value, which is an issue.
    private mutating func attributeText(_ attribute: XMLDocument.Attribute) -> String? {
        built(values.androidAttribute(attribute.value), at: attribute.range)
    }
}

/// The text of an attribute value after the Android resource compiler (aapt2's
/// `StringBuilder::AppendText`): `\t`, `\n`, `\uXXXX` and `\` before any other character,
/// which stays; a `"` toggles quoting and is dropped; outside quotes a run of white space is one
/// space. That is why a literal `*` in `pathPattern` is written `\\*` in the XML.
enum AndroidResourceText {
    static func read(_ value: String) -> String {
        // A value without escapes, quotes or white space reads as written: most do, and building
        // it again a scalar at a time cost a tenth of checking a generated manifest.
        if !value.containsUTF8Byte(where: {
            $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == 0x20 || (0x09...0x0D).contains($0)
        }) {
            return value
        }
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
