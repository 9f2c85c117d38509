import RouteLintCore

/// Reads an apple-app-site-association: its `applinks` details, components and legacy `paths`.
extension PlatformFileReader {
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
        var result: [PlatformFile.AssociationDetail] = []
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
            var components: [PlatformFile.LocatedComponent] = []
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

    private mutating func component(_ value: JSONDocument.Value) -> PlatformFile.LocatedComponent? {
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
            case "?":
                if let text = member.value.string {
                    component.query = text
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
                        continue
                    }
                    component.queryItems = items.map { .init(name: $0.key, pattern: $0.value.string ?? "") }
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
        return PlatformFile.LocatedComponent(component: component, range: location)
    }
}
