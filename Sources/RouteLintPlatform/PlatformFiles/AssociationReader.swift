import RouteLintCore

/// Reads an apple-app-site-association: its `applinks` details, components and legacy `paths`,
/// with `defaults` applied as iOS applies them (docs/app-links.md).
extension PlatformFileReader {
    mutating func association(_ root: JSONDocument.Value) -> PlatformFile.Content? {
        guard case .object = root.kind else {
            issues.append(.unexpected(expected: "an object with 'applinks'", found: root.typeName, at: range(root.range)))
            return nil
        }
        guard let applinks = root["applinks"] else {
            // A file of web credentials, App Clips or Handoff only claims no link: nothing to refuse.
            if root["webcredentials"] != nil || root["appclips"] != nil || root["activitycontinuation"] != nil {
                return .association([])
            }
            issues.append(
                .unexpected(expected: "an 'applinks' object", found: "nothing", at: range(root.range.start, root.range.start + 1)))
            return nil
        }
        if let apps = applinks["apps"], let list = apps.array, !list.isEmpty {
            issues.append(
                .unexpected(
                    expected: "'apps': an empty array, or none (iOS reads the apps from 'details')",
                    found: "\(list.count) \(list.count == 1 ? "entry" : "entries")", at: range(apps.range)))
        }
        let variables = substitutionVariables(applinks["substitutionVariables"])
        let fileDefaults = withDefaults(applinks["defaults"], over: AppleLinkComponent(variables: variables))
        // The oldest form keys the details by app ID.
        var entries: [(appIDs: [Located<String>]?, detail: JSONDocument.Value)] = []
        if let details = applinks["details"], case .object(let members) = details.kind {
            entries = members.map { member in ([Located(member.key, at: range(member.keyRange))], member.value) }
        } else {
            guard let details = array(applinks["details"], "'details': an array", in: applinks) else { return nil }
            entries = details.map { (nil, $0) }
        }
        var result: [PlatformFile.AssociationDetail] = []
        for (keyedAppIDs, detail) in entries {
            guard case .object = detail.kind else {
                issues.append(.unexpected(expected: "a 'details' entry: an object", found: detail.typeName, at: range(detail.range)))
                continue
            }
            let appIDs = keyedAppIDs ?? detailAppIDs(detail)
            let defaults = withDefaults(detail["defaults"], over: fileDefaults)
            var components: [PlatformFile.LocatedComponent] = []
            if let list = detail["components"] {
                if let paths = detail["paths"] {
                    issues.append(
                        .unexpected(
                            expected: "'components' or 'paths', not both (iOS 13 and later read 'components' only)",
                            found: "both", at: range(paths.range)))
                }
                for item in array(list, "'components': an array", in: detail) ?? [] {
                    if let component = component(item, startingFrom: defaults) { components.append(component) }
                }
            } else if let paths = detail["paths"] {
                // The format before iOS 13: strings, `NOT ` before an exclusion.
                for item in array(paths, "'paths': an array of strings", in: detail) ?? [] {
                    guard let text = string(item, "a path string", in: paths) else { continue }
                    let exclude = text.value.hasPrefix("NOT ")
                    let pattern = exclude ? String(text.value.dropFirst(4)) : text.value
                    components.append(
                        PlatformFile.LocatedComponent(component: AppleLinkComponent(path: pattern, exclude: exclude), range: text.range))
                }
            } else {
                issues.append(
                    .unexpected(
                        expected: "'components' (or 'paths')", found: "nothing", at: range(detail.range.start, detail.range.start + 1)))
            }
            result.append(PlatformFile.AssociationDetail(appIDs: appIDs, components: components, range: range(detail.range)))
        }
        return .association(result)
    }

    /// The app IDs of a `details` entry: `appIDs`, or the single `appID`.
    private mutating func detailAppIDs(_ detail: JSONDocument.Value) -> [Located<String>] {
        if let list = detail["appIDs"] {
            if let single = detail["appID"] {
                issues.append(
                    .unexpected(expected: "'appIDs' or 'appID', not both (iOS reads 'appIDs')", found: "both", at: range(single.range)))
            }
            return (array(list, "'appIDs': an array of strings", in: detail) ?? []).compactMap { string($0, "an app ID string", in: list) }
        }
        return string(detail["appID"], "'appIDs' (or 'appID')", in: detail).map { [$0] } ?? []
    }

    /// The file's `substitutionVariables`: the lists iOS can use. A value that names another
    /// variable is left out (iOS never expands one there, so it matches nothing), with an issue;
    /// so is a list that redefines a predefined variable, whose meaning iOS does not document.
    private mutating func substitutionVariables(_ value: JSONDocument.Value?) -> AppleSubstitutionVariables {
        guard let value else { return AppleSubstitutionVariables() }
        guard case .object(let members) = value.kind else {
            issues.append(.unexpected(expected: "'substitutionVariables': an object", found: value.typeName, at: range(value.range)))
            return AppleSubstitutionVariables()
        }
        var lists: [String: [String]] = [:]
        for member in members {
            if member.key.contains(where: { "$()".contains($0) }) {
                issues.append(
                    .unexpected(
                        expected: "a variable name without '$', '(' or ')'", found: "'\(member.key)'", at: range(member.keyRange)))
                continue
            }
            guard let items = array(member.value, "'\(member.key)': an array of strings", in: value) else { continue }
            var values: [String] = []
            for item in items {
                guard let text = string(item, "a string", in: member.value) else { continue }
                if let inner = AppleSubstitutionVariables.references(in: text.value).first {
                    issues.append(
                        .misleadingPattern(
                            pattern: text.value,
                            explanation:
                                "a value cannot use another variable: iOS does not expand '$(\(inner))' here, so this value matches nothing",
                            at: text.range))
                    continue
                }
                values.append(text.value)
            }
            if AppleSubstitutionVariables.predefinedNames.contains(member.key) {
                let codes = member.key == "region" ? AppleISOCodes.regions : member.key == "lang" ? AppleISOCodes.languages : nil
                let unknown = codes.map { codes in values.filter { !codes.contains($0) } } ?? []
                let kind = member.key == "region" ? "region" : "language"
                issues.append(
                    .misleadingPattern(
                        pattern: member.key,
                        explanation: "'$(\(member.key))' is predefined by iOS"
                            + (unknown.isEmpty ? "" : " and '\(unknown[0])' is no ISO \(kind) code it knows")
                            + "; which of the two lists iOS uses is not documented, so the predefined one is kept",
                        at: range(member.keyRange)))
                continue
            }
            lists[member.key] = values
        }
        return AppleSubstitutionVariables(lists)
    }

    /// `base` with what a `defaults` object says applied: what a component that leaves those keys
    /// out takes. A member that is not valid is reported here, once, not at each component.
    private mutating func withDefaults(_ value: JSONDocument.Value?, over base: AppleLinkComponent) -> AppleLinkComponent {
        guard let value else { return base }
        guard case .object(let members) = value.kind else {
            issues.append(.unexpected(expected: "'defaults': an object", found: value.typeName, at: range(value.range)))
            return base
        }
        var defaults = base
        for member in members { _ = apply(member, to: &defaults, in: value) }
        return defaults
    }

    /// The component `value`, its own keys applied over `defaults` (its entry's over the file's).
    private mutating func component(_ value: JSONDocument.Value, startingFrom defaults: AppleLinkComponent)
        -> PlatformFile.LocatedComponent?
    {
        guard case .object(let members) = value.kind else {
            issues.append(.unexpected(expected: "a component: an object", found: value.typeName, at: range(value.range)))
            return nil
        }
        var component = defaults
        var location = range(value.range.start, value.range.start + 1)
        for member in members {
            guard apply(member, to: &component, in: value) else { continue }
            if member.key == "/" { location = range(member.value.range) }
        }
        let patterns = [component.path, component.query, component.fragment].compactMap { $0 } + component.queryItems.map(\.pattern)
        if let undefined = patterns.lazy.flatMap(AppleSubstitutionVariables.references).first(where: {
            component.variables.meaning(of: $0) == nil
        }) {
            issues.append(
                .misleadingPattern(
                    pattern: "$(\(undefined))",
                    explanation: "no variable '\(undefined)' is defined in 'substitutionVariables' or by iOS, so it matches nothing "
                        + "(never the text '$(\(undefined))') and the component matches no URL",
                    at: location))
        }
        // With `percentEncoded: false` iOS decodes the URL and leaves the pattern as written.
        if !component.percentEncoded, let path = component.path, let escape = PathText.firstEscape(in: path) {
            issues.append(
                .misleadingPattern(
                    pattern: path,
                    explanation:
                        "with 'percentEncoded': false iOS decodes the URL before it compares, so '\(escape)' matches only "
                        + "those three characters, never the character it encodes",
                    at: location))
        }
        return PlatformFile.LocatedComponent(component: component, range: location)
    }

    /// Sets what `member` of a component (or of `defaults`) says; false, with an issue, when its
    /// value is not one iOS reads, and for keys iOS does not read.
    private mutating func apply(_ member: JSONDocument.Member, to component: inout AppleLinkComponent, in parent: JSONDocument.Value)
        -> Bool
    {
        switch member.key {
        case "/":
            guard let text = string(member.value, "'/': a string", in: parent) else { return false }
            component.path = text.value
        case "?":
            if let text = member.value.string {
                component.query = text
                component.queryItems = []
            } else if case .object(let items) = member.value.kind {
                // One value that is not a string makes iOS ignore the whole dictionary.
                if let other = items.first(where: { $0.value.string == nil }) {
                    issues.append(
                        .misleadingPattern(
                            pattern: other.key,
                            explanation:
                                "the value is \(other.value.typeName), not a string, so iOS ignores the whole '?' dictionary "
                                + "and the component matches any query",
                            at: range(other.value.range)))
                    return false
                }
                component.query = nil
                component.queryItems = items.map { .init(name: $0.key, pattern: $0.value.string ?? "") }
            } else {
                issues.append(
                    .unexpected(expected: "'?': a string or an object", found: member.value.typeName, at: range(member.value.range)))
                return false
            }
        case "#":
            guard let text = string(member.value, "'#': a string", in: parent) else { return false }
            component.fragment = text.value
        case "exclude", "caseSensitive", "percentEncoded":
            guard let flag = member.value.bool else {
                issues.append(
                    .unexpected(expected: "'\(member.key)': true or false", found: member.value.typeName, at: range(member.value.range)))
                return false
            }
            if member.key == "exclude" { component.exclude = flag }
            if member.key == "caseSensitive" { component.caseSensitive = flag }
            if member.key == "percentEncoded" { component.percentEncoded = flag }
        case "comment":
            component.comment = member.value.string
        default:
            return false
        }
        return true
    }
}
