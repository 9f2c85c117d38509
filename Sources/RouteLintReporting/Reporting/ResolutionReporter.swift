import RouteLintCore

/// The output of `routelint resolve`.
package enum ResolutionReporter {
    /// A resolution's navigation plan, or why none could be made; nil when not asked for.
    package typealias PlanOutcome = Result<NavigationPlan, NavigationPlanner.Refusal>

    /// `routelint resolve`'s text: one block per URL, in input order, with its plan when
    /// `plans` holds one (`--plan`).
    package static func text(_ resolutions: [URLResolver.Resolution], plans: [PlanOutcome?] = []) -> String {
        var output = ""
        for (index, resolution) in resolutions.enumerated() {
            let url = TerminalText.escape(resolution.url)
            switch resolution.status {
            case .resolved:
                output += "\(url) → route '\(TerminalText.escape(resolution.route ?? ""))'\n"
                let fields: [(String, String?)] = [
                    ("alias", resolution.alias),
                    ("activity", resolution.activity),
                    ("tab", resolution.tab),
                    ("holder", resolution.holder),
                    ("params", pairs(resolution.parameters)),
                    ("query", pairs(resolution.query)),
                    ("app", resolution.notHandedToApp.map { "not opened: " + $0 }),
                ]
                for case let (label, value?) in fields {
                    output += "  " + label + String(repeating: " ", count: 10 - label.count) + TerminalText.escape(value) + "\n"
                }
                if index < plans.count, let plan = plans[index] { output += planText(plan, of: resolution) }
            case .ambiguous:
                output += "\(url) → ambiguous: \(TerminalText.escape(resolution.reason?.message ?? ""))\n"
            case .unmatched:
                output += "\(url) → no route: \(TerminalText.escape(resolution.reason?.message ?? ""))\n"
            }
        }
        return output
    }

    /// The plan's lines: the route it opens when a flag replaced the link's, its tab, the
    /// stack, each presented route with what is pushed inside it, and sign-in.
    private static func planText(_ outcome: PlanOutcome, of resolution: URLResolver.Resolution) -> String {
        func line(_ label: String, _ value: String) -> String {
            "  " + label + String(repeating: " ", count: max(1, 10 - label.count)) + TerminalText.escape(value) + "\n"
        }
        func entries(_ entries: [NavigationPlan.Entry]) -> String {
            entries.map { entry in
                entry.route
                    + (entry.params.isEmpty ? "" : "(" + entry.params.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")")
            }.joined(separator: " › ")
        }
        switch outcome {
        case .failure(let refusal):
            return line("plan", "none: " + problem(refusal))
        case .success(let plan):
            var text = ""
            if plan.route != resolution.route { text += line("fallback", "\(plan.route) (a feature on the way is off)") }
            text += line("plan", "activity \(plan.activity ?? "none"), tab \(plan.tab ?? "none")")
            text += line("stack", entries(plan.stack))
            for presented in plan.presented {
                let inside = presented.stack.isEmpty ? "" : " › " + entries(presented.stack)
                text += line(
                    presented.presentation.rawValue,
                    entries([presented.entry]) + (presented.stacked ? " (stacked)" : "") + inside)
            }
            if plan.requiresAuth { text += line("sign-in", "required first") }
            return text
        }
    }

    /// A plan in one line: `tab cart: cart › checkout (sheet, stacked) › order-status(orderId=7);
    /// sign-in first`, or why there is none.
    package static func planLine(_ outcome: PlanOutcome) -> String {
        switch outcome {
        case .failure(let refusal): return "none: " + problem(refusal)
        case .success(let plan):
            let entry = { (entry: NavigationPlan.Entry) in
                entry.route
                    + (entry.params.isEmpty ? "" : "(" + entry.params.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")")
            }
            var steps = plan.stack.map(entry)
            for presented in plan.presented {
                steps.append(entry(presented.entry) + " (\(presented.presentation.rawValue)\(presented.stacked ? ", stacked" : ""))")
                steps += presented.stack.map(entry)
            }
            let place = plan.tab.map { "tab \($0)" } ?? plan.activity.map { "activity \($0)" } ?? "no activity"
            return place + ": " + steps.joined(separator: " › ") + (plan.requiresAuth ? "; sign-in first" : "")
        }
    }

    /// Why a link has no plan, in one sentence.
    private static func problem(_ refusal: NavigationPlanner.Refusal) -> String {
        switch refusal {
        case .featureOff(let route, let feature):
            return "feature '\(feature)' of route '\(route)' is off, and it has no fallback that is on"
        case .missingValue(let route, let value):
            return "route '\(route)' needs '\(value)', which the link does not carry"
        }
    }

    /// The plan as docs/code-generation.md writes it ("Navigation plans"): values as strings of
    /// their decoded text, presented routes outermost first.
    package static func planJSON(_ plan: NavigationPlan) -> JSONValue {
        func entry(_ entry: NavigationPlan.Entry) -> [(String, JSONValue)] {
            [("route", .string(entry.route)), ("params", .object(entry.params.map { ($0.name, JSONValue.string($0.value)) }))]
        }
        return .object([
            ("activity", plan.activity.map(JSONValue.string) ?? .null),
            ("tab", plan.tab.map(JSONValue.string) ?? .null),
            ("stack", .array(plan.stack.map { .object(entry($0)) })),
            (
                "presented",
                .array(
                    plan.presented.map { presented in
                        .object(
                            entry(presented.entry) + [
                                ("presentation", .string(presented.presentation.rawValue)), ("stacked", .bool(presented.stacked)),
                                ("stack", .array(presented.stack.map { .object(entry($0)) })),
                            ])
                    })
            ),
            ("requiresAuth", .bool(plan.requiresAuth)),
        ])
    }

    /// `id=42 (int), page=1 (int, default)`: a typed value says its type.
    private static func pairs(_ pairs: [URLResolver.Pair]) -> String? {
        pairs.isEmpty
            ? nil
            : pairs.map { pair in
                let notes = [pair.type?.description, pair.isDefault ? "default" : nil].compactMap { $0 }
                return "\(pair.name)=\(pair.value)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
            }.joined(separator: ", ")
    }

    /// `reason`: its kind and sentence, and the route, parameter (or query item), type and
    /// value it names, null where it names none.
    private static func reasonJSON(_ reason: URLResolver.Reason) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("kind", .string(reason.kind.rawValue)), ("message", .string(reason.message)), ("route", optional(reason.route)),
            ("parameter", optional(reason.parameter)), ("type", optional(reason.type?.description)), ("value", optional(reason.value)),
        ])
    }

    /// The array docs/usage.md defines ("Which route does a URL open?"): one object per URL, in input order. Every key is
    /// always present; what does not apply is null (or empty).
    package static func json(_ resolutions: [URLResolver.Resolution], plans: [PlanOutcome?] = []) -> String {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        // An `int` value is a number; every other value, its decoded text.
        func object(_ pairs: [URLResolver.Pair]) -> JSONValue {
            .object(
                pairs.map {
                    ($0.name, $0.type == .int ? Int64($0.value).map { .integer(Int($0)) } ?? .string($0.value) : .string($0.value))
                })
        }
        return JSONValue.array(
            resolutions.enumerated().map { index, resolution in
                var fields: [(String, JSONValue)] = [
                    ("url", .string(resolution.url)),
                    ("status", .string(resolution.status.rawValue)),
                    ("route", optional(resolution.route)),
                    ("alias", optional(resolution.alias)),
                    ("candidates", .array(resolution.candidates.map(JSONValue.string))),
                    ("activity", optional(resolution.activity)),
                    ("tab", optional(resolution.tab)),
                    ("holder", optional(resolution.holder)),
                    ("params", object(resolution.parameters)),
                    ("query", object(resolution.query)),
                    ("reason", resolution.reason.map(reasonJSON) ?? .null),
                    ("notHandedToApp", optional(resolution.notHandedToApp)),
                ]
                if !plans.isEmpty {
                    // With `--plan`: the plan, or null and why there is none.
                    switch index < plans.count ? plans[index] : nil {
                    case .success(let plan)?: fields += [("plan", planJSON(plan)), ("planProblem", .null)]
                    case .failure(let refusal)?: fields += [("plan", .null), ("planProblem", .string(problem(refusal)))]
                    case nil: fields += [("plan", .null), ("planProblem", .null)]
                    }
                }
                return .object(fields)
            }
        ).serialized() + "\n"
    }
}
