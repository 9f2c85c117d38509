import RouteLintCore

/// Reads an assetlinks.json: its statements that delegate `handle_all_urls` to an Android app.
extension PlatformFileReader {
    mutating func assetLinks(_ root: JSONDocument.Value) -> PlatformFile.Content? {
        guard let statements = root.array else {
            issues.append(.unexpected(expected: "an array of statements", found: root.typeName, at: range(root.range)))
            return nil
        }
        var result: [PlatformFile.AssetLinksStatement] = []
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
            result.append(PlatformFile.AssetLinksStatement(package: package, fingerprints: fingerprints, range: range(statement.range)))
        }
        return .assetLinks(result)
    }
}
