import RouteLintCore

/// Reads an entitlements property list: the associated domains it lists.
extension PlatformFileReader {
    mutating func entitlements(_ root: XMLDocument.Element) -> PlatformFile.Content? {
        guard root.localName == "plist", let dictionary = root.children.first, dictionary.localName == "dict" else {
            issues.append(.unexpected(expected: "a property list holding a dictionary", found: "<\(root.name)>", at: range(root.range)))
            return nil
        }
        var domains: [Located<String>] = []
        var developerModeEntries = Set<String>()
        var plainEntries = Set<String>()
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
                guard let text = built(values.entitlementString(item.text), at: item.range), text.hasPrefix("applinks:") else { continue }
                // `applinks:host?mode=developer` names the same host, for devices in developer
                // mode only (`mode=developer+managed` too).
                var host = String(text.dropFirst("applinks:".count))
                var developerMode = false
                if let query = host.firstIndex(of: "?") {
                    let modes = host[host.index(after: query)...].split(separator: "&").filter { $0.hasPrefix("mode=") }
                    developerMode = modes.contains { $0.dropFirst("mode=".count).split(separator: "+").contains("developer") }
                    host = String(host[..<query])
                }
                domains.append(Located(host, at: range(item.range)))
                if developerMode { developerModeEntries.insert(host.lowercased()) } else { plainEntries.insert(host.lowercased()) }
            }
        }
        developerOnlyHosts = developerModeEntries.subtracting(plainEntries)
        return .entitlements(domains: domains)
    }
}
