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
            // `{"include": URL}` stands for the statements of another file (docs/app-links.md,
            // "What devices read"): whoever reads this file follows it.
            if let include = statement["include"] {
                if let url = string(include, "'include': a URL string", in: statement) { includes.append(url) }
                continue
            }
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
            var located = PlatformFile.AssetLinksStatement(package: package, fingerprints: fingerprints, range: range(statement.range))
            if let extensions = statement["relation_extensions"] {
                located.dynamicRules = dynamicRules(extensions)
            }
            result.append(located)
        }
        return .assetLinks(result)
    }

    /// The key of Dynamic App Links rules, and a spelling of it Android does not read.
    static let dynamicRulesKey = "dynamic_app_link_components"
    static let misspeltDynamicRulesKeys = ["dynamic_app_deep_link_components"]

    /// The statement's Dynamic App Links rules (`relation_extensions` of `handle_all_urls`);
    /// nil when it has none.
    mutating func dynamicRules(_ extensions: JSONDocument.Value) -> PlatformFile.DynamicRules? {
        guard case .object = extensions.kind else {
            issues.append(
                .unexpected(expected: "'relation_extensions': an object", found: extensions.typeName, at: range(extensions.range)))
            return nil
        }
        guard let handleAllURLs = extensions["delegate_permission/common.handle_all_urls"] else { return nil }
        return dynamicRules(handleAllURLs: handleAllURLs)
    }

    /// The Dynamic App Links rules of the extensions of `handle_all_urls`; nil when they have none.
    mutating func dynamicRules(handleAllURLs: JSONDocument.Value) -> PlatformFile.DynamicRules? {
        guard case .object(let members) = handleAllURLs.kind else { return nil }
        for member in members where Self.misspeltDynamicRulesKeys.contains(member.key) {
            issues.append(
                .unexpected(
                    expected: "'\(Self.dynamicRulesKey)'", found: "'\(member.key)', a key Android does not read",
                    at: range(member.keyRange)))
        }
        guard let list = handleAllURLs[Self.dynamicRulesKey] else { return nil }
        var rules = PlatformFile.DynamicRules(range: range(list.range))
        guard let items = list.array, !items.isEmpty else {
            ignore(&rules, "'\(Self.dynamicRulesKey)' must be a non-empty array of rules, not \(list.typeName)", at: list.range)
            return rules
        }
        for item in items {
            guard case .object(let fields) = item.kind, !fields.isEmpty else {
                ignore(&rules, "a rule must be an object with '/', '#' or '?', not \(item.typeName)", at: item.range)
                continue
            }
            var rule = AndroidDynamicRule()
            for field in fields {
                let value = field.value
                switch field.key {
                case "/", "#":
                    guard let pattern = value.string, !pattern.isEmpty else {
                        let found = value.string == nil ? value.typeName : "an empty string"
                        ignore(&rules, "'\(field.key)' must be a non-empty string, not \(found)", at: value.range)
                        continue
                    }
                    if field.key == "/" { rule.path = pattern } else { rule.fragment = pattern }
                case "?":
                    guard case .object(let parameters) = value.kind, !parameters.isEmpty else {
                        ignore(&rules, "'?' must be a non-empty object of parameters, not \(value.typeName)", at: value.range)
                        continue
                    }
                    for parameter in parameters {
                        guard !parameter.key.isEmpty, let pattern = parameter.value.string, !pattern.isEmpty else {
                            ignore(&rules, "a parameter of '?' must have a name and a non-empty string", at: parameter.value.range)
                            continue
                        }
                        rule.query.append(AndroidDynamicRule.QueryParameter(name: parameter.key, value: pattern))
                    }
                case "exclude":
                    guard let exclude = value.bool else {
                        ignore(&rules, "'exclude' must be true or false, not \(value.typeName)", at: value.range)
                        continue
                    }
                    rule.exclude = exclude
                default:
                    issues.append(
                        .unexpected(expected: "'/', '#', '?' or 'exclude'", found: "'\(field.key)'", at: range(field.keyRange)))
                }
            }
            rules.rules.append(rule)
            rules.ruleRanges.append(range(item.range))
        }
        return rules
    }

    /// Marks the rules ignored for a malformed or empty field at `bytes`.
    private mutating func ignore(_ rules: inout PlatformFile.DynamicRules, _ problem: String, at bytes: XMLDocument.ByteRange) {
        rules.isIgnored = true
        issues.append(.ignoredDynamicRules(problem: problem, at: range(bytes)))
    }
}
