import RouteLintCore

/// `holder-scope`: a `parent` chain that loops, or a parent that lives shorter than its child.
package enum HolderScopeRule: AppRule {
    package static let description = RuleDescription(
        id: "holder-scope",
        defaultSeverity: .error,
        summary: "A holder's parent chain loops, or a parent has a narrower scope than its child.",
        rationale: """
            A holder's `parent` is the holder whose DI scope encloses its own, so the parent \
            must live at least as long as the child: scopes widen from `route` to `tab`, \
            `activity` and `app` (a holder without `scope` is `route`). A child that outlives \
            its parent keeps references into a dead scope. A chain of parents that comes back \
            to where it started has no outermost scope at all; every holder on the loop is \
            reported, and only for the loop, which each finding names from its holder on (the \
            first ten holders of a longer loop, and how many more lead back).
            """,
        triggeringExamples: [
            RuleExample(
                """
                manifest: 1
                holders:
                  SessionHolder: {scope: activity, parent: ↓CartHolder}
                  CartHolder: {scope: tab}
                """),
            RuleExample(
                """
                manifest: 1
                holders:
                  A: {scope: app, parent: ↓B}
                  B: {scope: app, parent: ↓A}
                  C: {parent: A}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                manifest: 1
                activities: {shop: {}}
                tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
                holders:
                  AppHolder: {scope: app}
                  SessionHolder: {scope: activity, parent: AppHolder}
                  CartHolder: {scope: tab, parent: SessionHolder}
                  CheckoutHolder: {parent: CartHolder}
                  SiblingHolder: {scope: tab, parent: CartHolder}
                routes:
                  home: {path: /, holder: CheckoutHolder}
                  sibling: {path: /sibling, activity: shop, holder: SiblingHolder, entry: true}
                """)
        ])

    package static func check(_ app: AppModel, options: RuleOptions, into findings: inout FindingSink) {
        let onLoop = holdersOnParentLoops(app)
        for holder in app.holders {
            guard let parentName = holder.parent, let parent = app.holder(parentName.value) else { continue }
            let name = app.text(holder.name.value)
            if let loop = onLoop[holder.name.value] {
                findings.report(
                    description, "holder '\(name)' is on a loop of parents: \(loop.text(app.text))",
                    at: parentName.range, subjects: [.holder(name)] + loop.shown.map(app.text).sorted().map(FindingSubject.holder))
            } else if parent.effectiveScope < holder.effectiveScope {
                let parentText = app.text(parent.name.value)
                findings.report(
                    description,
                    "holder '\(name)' has scope '\(holder.effectiveScope.rawValue)' but its parent '\(parentText)' has the narrower scope '\(parent.effectiveScope.rawValue)'; a parent must live at least as long as its child",
                    at: parentName.range,
                    related: [
                        RelatedLocation(
                            parent.scope?.range ?? parent.name.range,
                            "holder '\(parentText)' has scope '\(parent.effectiveScope.rawValue)' here")
                    ],
                    subjects: [.holder(name), .holder(parentText)])
            }
        }
    }

    /// For each holder on a loop of `parent` links, the loop as seen from it.
    static func holdersOnParentLoops(_ app: AppModel) -> [Symbol: SuccessorLoop<Symbol>] {
        // Each holder's parent by position, read in one pass; a parent that is not declared
        // ends the chain. A name declared twice is its first declaration, as `app.holder` says.
        var names: [Symbol] = []
        var parents: [Int?] = []
        names.reserveCapacity(app.holders.count)
        parents.reserveCapacity(app.holders.count)
        for holder in app.holders {
            names.append(holder.name.value)
            parents.append(holder.parent.flatMap { app.holderPosition($0.value) })
        }
        return successorLoops(of: names) { position in
            app.holderPosition(names[position]).flatMap { parents[$0] }
        }
    }
}
