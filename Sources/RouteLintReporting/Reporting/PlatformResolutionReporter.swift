import RouteLintCore
import RouteLintPlatform

/// The output of `routelint resolve --platform ios|android`: what the platform does with each
/// URL, as text or JSON.
package enum PlatformResolutionReporter {
    /// The decisions as text: per URL, an answer per line, what decides it with its position.
    package static func text(_ decisions: [PlatformResolver.Decision]) -> String {
        var output = ""
        for decision in decisions {
            let url = TerminalText.escape(decision.url)
            if let problem = decision.problem {
                output += "\(url) → \(TerminalText.escape(problem))\n"
                continue
            }
            output += url + "\n"
            for answer in decision.answers {
                let verdict = answer.opensApp ? "opens the app" : "stays on the web"
                let place = answer.place.map { " (\(TerminalText.escape($0.file)):\($0.position.line):\($0.position.column))" } ?? ""
                let reason =
                    answer.decidedBy.map { ": " + TerminalText.escape($0) + place } ?? (answer.opensApp ? "" : ": nothing claims it")
                output += "  " + answer.scope.padding(12) + verdict + reason + "\n"
                // An exclusion that decided is the whole answer: its line says so already.
                guard let miss = answer.nearMiss, miss.nearest == nil || miss.nearest != answer.decidedBy else { continue }
                let indent = String(repeating: " ", count: 14)
                if let nearest = miss.nearest {
                    let place = miss.place.map { " (\(TerminalText.escape($0.file)):\($0.position.line):\($0.position.column))" } ?? ""
                    output += indent + "nearest " + TerminalText.escape(nearest) + place + "\n"
                }
                for stop in miss.stoppedBy {
                    output += indent + "stopped by \(stop.kind.rawValue): " + TerminalText.escape(stop.message) + "\n"
                }
            }
        }
        return output
    }

    /// The decisions as JSON: one object per URL, in input order, with `url`, `problem` (null
    /// when answered) and `answers`: per scope `platform` (`ios`, `android`), `apiLevels`
    /// (`{"from": 26, "through": 30}`, `through` null for every later level; null on iOS),
    /// `opensApp`, `decidedBy` and its `file`, `line` and `column` (null when nothing matches),
    /// and on iOS, when a component decides, `match`: the component's position in its entry and
    /// what it says after the defaults (`path`, `query`, `fragment`, `exclude`, `caseSensitive`),
    /// the `comparedPath` and `comparedPattern` as iOS compares them, and
    /// `matchedWithoutFinalStar`; for a URL that stays on the web, `nearest` (the component or
    /// attribute that came nearest: `name`, `file`, `line`, `column`, `matchedLength`; null when
    /// none) and `stoppedBy` (`kind` and `message` of each part that stopped it; empty otherwise).
    package static func json(_ decisions: [PlatformResolver.Decision]) -> String {
        JSONValue.array(
            decisions.map { decision in
                .object([
                    ("url", .string(decision.url)),
                    ("problem", decision.problem.map(JSONValue.string) ?? .null),
                    ("answers", .array(decision.answers.map(json))),
                ])
            }
        ).serialized() + "\n"
    }

    private static func json(_ answer: PlatformResolver.Answer) -> JSONValue {
        let levels: JSONValue =
            answer.apiLevels.map { range in
                .object([
                    ("from", .integer(range.lowerBound)), ("through", range.upperBound == Int.max ? .null : .integer(range.upperBound)),
                ])
            } ?? .null
        let place = answer.place
        let fields: [(String, JSONValue)] = [
            (
                "platform",
                .string(answer.apiLevels == nil ? PlatformResolver.Platform.ios.rawValue : PlatformResolver.Platform.android.rawValue)
            ),
            ("apiLevels", levels),
            ("opensApp", .bool(answer.opensApp)),
            ("decidedBy", answer.decidedBy.map(JSONValue.string) ?? .null),
            ("file", place.map { JSONValue.string($0.file) } ?? .null),
            ("line", place.map { JSONValue.integer(Int($0.position.line)) } ?? .null),
            ("column", place.map { JSONValue.integer(Int($0.position.column)) } ?? .null),
            ("nearest", answer.nearMiss.flatMap(nearest) ?? .null),
            (
                "stoppedBy",
                .array(
                    (answer.nearMiss?.stoppedBy ?? []).map {
                        .object([("kind", .string($0.kind.rawValue)), ("message", .string($0.message))])
                    })
            ),
        ]
        return .object(fields + (answer.appleMatch.map { [("match", json($0))] } ?? []))
    }

    /// The component or attribute that came nearest, where it is, and how much of the path it follows.
    private static func nearest(_ miss: NearMiss) -> JSONValue? {
        guard let nearest = miss.nearest else { return nil }
        let place = miss.place
        return .object([
            ("name", .string(nearest)),
            ("file", place.map { JSONValue.string($0.file) } ?? .null),
            ("line", place.map { JSONValue.integer(Int($0.position.line)) } ?? .null),
            ("column", place.map { JSONValue.integer(Int($0.position.column)) } ?? .null),
            ("matchedLength", .integer(miss.matchedLength)),
        ])
    }

    /// The component as iOS applied it: what it says after the defaults, and what was compared.
    private static func json(_ match: PlatformResolver.AppleMatch) -> JSONValue {
        let component = match.component
        let query: JSONValue =
            component.query.map(JSONValue.string)
            ?? (component.queryItems.isEmpty ? .null : .object(component.queryItems.map { ($0.name, .string($0.pattern)) }))
        return .object([
            ("component", .integer(match.index)),
            ("path", component.path.map(JSONValue.string) ?? .null),
            ("query", query),
            ("fragment", component.fragment.map(JSONValue.string) ?? .null),
            ("exclude", .bool(component.exclude)),
            ("caseSensitive", .bool(component.caseSensitive)),
            ("percentEncoded", .bool(component.percentEncoded)),
            ("comparedPath", .string(match.path.comparedPath)),
            ("comparedPattern", component.path == nil ? .null : .string(match.path.comparedPattern)),
            ("matchedWithoutFinalStar", .bool(match.path.matchedWithoutFinalStar)),
            (
                "variables",
                .array(match.path.variables.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })
            ),
        ])
    }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
