/// Every rule routelint has, in catalogue order: the rules about reading files first, then
/// the rules about the merged app.
package enum RuleRegistry {
    /// Every rule, in the order their findings are reported within a position.
    package static let rules: [any Rule.Type] = [
        YAMLSyntaxRule.self,
        DuplicateKeyRule.self,
        UnknownKeyRule.self,
        InvalidValueRule.self,
        MissingFieldRule.self,
        InvalidPathRule.self,
        DuplicateNameRule.self,
        UnknownReferenceRule.self,
        ConflictingPatternsRule.self,
        InvalidAliasRule.self,
        MissingHolderRule.self,
        DuplicateTabIndexRule.self,
        OrphanActivityRule.self,
        UnreachableRouteRule.self,
        UnusedHolderRule.self,
        HolderParamsRule.self,
        HolderScopeRule.self,
        TabRootRule.self,
        DefaultTabRule.self,
        TabIndexGapRule.self,
        TabLimitRule.self,
        SheetPushRule.self,
        UnlinkedUpRule.self,
        UnusableUpRule.self,
        UnbuildableStackRule.self,
        MissingFallbackRule.self,
        UnusableFallbackRule.self,
        UnobservedContextRule.self,
        WrongExampleRule.self,
        PlatformFileSyntaxRule.self,
        PlatformPatternRule.self,
        UnresolvedBuildValueRule.self,
        UnroutedLinkRule.self,
        UnclaimedRouteRule.self,
        ShadowedLinkRule.self,
        APILevelLimitRule.self,
        TypedLinkLimitRule.self,
        AssociationSizeRule.self,
        AppLinkSetupRule.self,
        ServedStatusRule.self,
        ServedContentTypeRule.self,
        ServedSizeRule.self,
        CDNCopyRule.self,
        StatementIncludeRule.self,
        StatementListRule.self,
        WildcardHostRule.self,
        DeviceOutputRule.self,
        UnverifiedHostRule.self,
        UncheckedHostRule.self,
        UndeclaredDeviceHostRule.self,
        DeviceIdentityRule.self,
        LinkHandlingOffRule.self,
        UnusedSuppressionRule.self,
        RemovedLinkRule.self,
        RedirectedLinkRule.self,
        RelaxedAuthRule.self,
        ChangedRouteAPIRule.self,
        AddedLinkRule.self,
    ]

    /// The rules about reading one file.
    package static let fileRules: [any FileRule.Type] = rules.compactMap { if case .file(let rule) = $0.kind { rule } else { nil } }
    /// The rules about an app's merged model.
    package static let appRules: [any AppRule.Type] = rules.compactMap { if case .app(let rule) = $0.kind { rule } else { nil } }

    /// The rules about platform link files.
    static let platformRules: [any PlatformRule.Type] = rules.compactMap { if case .platform(let rule) = $0.kind { rule } else { nil } }

    /// The rules about the change between two revisions, which only `routelint diff` runs.
    package static let changeRules: [any ChangeRule.Type] = rules.compactMap { if case .change(let rule) = $0.kind { rule } else { nil } }

    /// The rules about how hosts serve platform files, which only `routelint hosts` runs.
    package static let hostRules: [any HostRule.Type] = rules.compactMap { if case .host(let rule) = $0.kind { rule } else { nil } }

    /// The rules about what a device says (`pm get-app-links`), which only `routelint device-links` runs.
    package static let deviceRules: [any DeviceRule.Type] = rules.compactMap { if case .device(let rule) = $0.kind { rule } else { nil } }

    /// The ids of the rules only `routelint device-links` runs.
    package static var deviceRuleIDs: [String] { deviceRules.map { $0.description.id } }

    /// The ids of the rules only `routelint hosts` runs.
    package static var hostRuleIDs: [String] { hostRules.map { $0.description.id } }

    /// The ids of the rules only `routelint diff` runs.
    package static var changeRuleIDs: [String] { changeRules.map { $0.description.id } }

    /// The rules that skip (part of) their check for an app one of whose files could not be read.
    package static var wholeAppRuleIDs: [String] { appRules.filter { $0.needsEveryFile }.map { $0.description.id } }

    /// Every rule's description, in registry order.
    package static let descriptions: [RuleDescription] = rules.map { $0.description }

    /// The description of the rule `id`.
    package static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// Every rule's id, in registry order.
    package static var ids: [String] { descriptions.map(\.id) }

    /// Whether `lint` runs the rule `id`: every rule but those of a change, a served file and a
    /// device's output, which `diff`, `hosts` and `device-links` run.
    package static func isLintRule(_ id: String) -> Bool { lintRuleIDs.contains(id) }

    private static let lintRuleIDs = Set(ids.filter { !["route-changes", "device-links", "served-files"].contains(category(of: $0)) })

    /// The categories of `category(of:)`, in the order the documentation lists them.
    package static let categories = [
        "format", "navigation", "platform-links", "served-files", "device-links", "route-changes", "suppression",
    ]

    /// A tag for SARIF: `format` for the rules about reading a file, `navigation` for those
    /// about the merged app, `platform-links` for those about platform files, `served-files` for
    /// those of `routelint hosts`, `device-links` for those of `routelint device-links`,
    /// `route-changes` for those of `routelint diff`, `suppression` for unused directives.
    package static func category(of id: String) -> String {
        if changeRules.contains(where: { $0.description.id == id }) { return "route-changes" }
        if deviceRules.contains(where: { $0.description.id == id }) { return "device-links" }
        if hostRules.contains(where: { $0.description.id == id }) { return "served-files" }
        if platformRules.contains(where: { $0.description.id == id }) { return "platform-links" }
        if id == MissingFieldRule.description.id || fileRules.contains(where: { $0.description.id == id }) { return "format" }
        return id == UnusedSuppressionRule.description.id ? "suppression" : "navigation"
    }
}
