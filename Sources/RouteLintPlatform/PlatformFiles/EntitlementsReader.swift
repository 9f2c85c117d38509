import RouteLintCore

/// Reads an entitlements property list: the associated domains it lists.
extension PlatformFileReader {
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
}
