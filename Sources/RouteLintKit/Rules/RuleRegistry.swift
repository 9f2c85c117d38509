/// Every rule routelint has, in catalogue order: the rules about reading files first, then
/// the rules about the merged app.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        YAMLSyntax.self,
        DuplicateKey.self,
        UnknownKey.self,
        InvalidValue.self,
        MissingField.self,
        InvalidPath.self,
        DuplicateName.self,
        UnknownReference.self,
        ConflictingPatterns.self,
        MissingHolder.self,
        DuplicateTabIndex.self,
        OrphanActivity.self,
        UnreachableRoute.self,
    ]

    public static let appRules: [any AppRule.Type] = rules.compactMap { $0 as? any AppRule.Type }

    public static let descriptions: [RuleDescription] = rules.map { $0.description }

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    public static var ids: [String] { descriptions.map(\.id) }
}
