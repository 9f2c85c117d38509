import RouteLintCore
import RouteLintPlatform

/// The URL paths whose route differs between two revisions of an app, decided over every
/// path: both revisions' segment automata (`ClaimedSegments`, literals in their canonical
/// spelling — an escape only for a byte that is no segment character, in upper case — so that
/// two words are equal exactly when resolution reads them alike) are walked together, breadth first, over pairs of states. A pair
/// is reached by the paths that lead to both of its states; what a path ending there opens in
/// each revision is the pair's outcome, so every class of paths is judged once, and the first
/// path found for an outcome is a shortest one.
///
/// A pair from which neither revision reaches any route is not walked: no path below it opens
/// anything. Routes that conflict at a path (`isAmbiguous`) give that path no outcome: which
/// one opens it is undefined, and `conflicting-patterns` reports it.
struct PathChangeWalk {
    /// How a URL reaches the app: a custom scheme opens every route with a path, an `https`
    /// host only the claimed ones (`web`).
    enum Origin: Int, CaseIterable, Sendable {
        case scheme, web
    }

    /// A difference: paths that opened route `before` and open `after` now, as indexes into
    /// each automaton's `routes`; -1 for no route. From an `https` host, a path whose route
    /// is not claimed (`web: false`, `in-app`) opens nothing, and from a scheme one whose route
    /// is `in-app`: that route is `unclaimedBefore` or `unclaimedAfter`.
    struct Change: Hashable, Sendable {
        let origin: Origin
        let before: Int32
        let after: Int32
        var unclaimedBefore: Int32 = -1
        var unclaimedAfter: Int32 = -1
    }

    /// Each difference with a shortest path showing it (segments in canonical spelling), in the
    /// order the walk met them.
    private(set) var changes: [(change: Change, path: [[UInt8]])] = []
    /// For each origin, a shortest path that opens a route in each revision: a witness for a
    /// host or scheme that one revision has and the other lacks.
    private(set) var firstOpened: [Origin: (before: [[UInt8]]?, after: [[UInt8]]?)] = [:]
    /// False when the walk stopped at its limit, or an automaton was cut short: the changes
    /// found are true, but there may be more.
    private(set) var isComplete = true

    private let before: ClaimedSegments
    private let after: ClaimedSegments
    /// The pairs of states, in the order they were reached; `parent` and `via` give the edge
    /// each was first reached by (`via`: -1, -2, -3 the `other` edge of a segment of no shape,
    /// an integer, a UUID; 2k the before state's word k, 2k+1 the after state's word k).
    private var pairs: [(before: Int32, after: Int32)] = []
    private var parent: [Int32] = []
    private var via: [Int32] = []

    /// The most pairs a walk over route sets of `routeCount` routes visits: far beyond what
    /// real sets need (about one pair per state), a bound on hostile ones.
    static func limit(routeCount: Int) -> Int { min(4_000_000, 200_000 + 20 * routeCount) }

    /// Walks `before` and `after` together. `counterpart[r]` is the route of `after` that is
    /// route `r` of `before` (same id, or renamed with the same paths), -1 for none. Routes here
    /// are opening paths, and `counterpart` names a route by its path's position, which
    /// `routeAfter[r]` gives for route `r` of `after`: an alias is its route.
    init(before: ClaimedSegments, after: ClaimedSegments, counterpart: [Int32], routeAfter canonicalAfter: [Int32], limit: Int) {
        self.before = before
        self.after = after
        isComplete = before.isComplete && after.isComplete
        let beforeOpens = Self.opensBelow(before)
        let afterOpens = Self.opensBelow(after)
        var index: [UInt64: Int32] = [:]
        var recorded = Set<Change>()
        for origin in Origin.allCases { firstOpened[origin] = (nil, nil) }

        func intern(_ pair: (Int32, Int32), from source: Int32, via edge: Int32) {
            guard beforeOpens[Int(pair.0)] || afterOpens[Int(pair.1)] else { return }
            let key = UInt64(UInt32(pair.0)) << 32 | UInt64(UInt32(pair.1))
            guard index[key] == nil else { return }
            index[key] = Int32(pairs.count)
            pairs.append(pair)
            parent.append(source)
            via.append(edge)
        }
        intern((0, 0), from: -1, via: -1)
        var cursor = 0
        while cursor < pairs.count {
            if cursor >= limit {
                isComplete = false
                break
            }
            let (a, b) = pairs[cursor]
            let stateBefore = before.states[Int(a)]
            let stateAfter = after.states[Int(b)]
            if !stateBefore.isAmbiguous && !stateAfter.isAmbiguous {
                let routeBefore = stateBefore.route ?? -1
                let routeAfter = stateAfter.route ?? -1
                for origin in Origin.allCases {
                    // A scheme opens the route of a path unless it is in-app; a host, a claimed one.
                    let opened =
                        origin == .scheme
                        ? (
                            routeBefore >= 0 && before.routes[Int(routeBefore)].isInApp ? -1 : routeBefore,
                            routeAfter >= 0 && after.routes[Int(routeAfter)].isInApp ? -1 : routeAfter
                        )
                        : (stateBefore.claimed ? routeBefore : -1, stateAfter.claimed ? routeAfter : -1)
                    if opened.0 >= 0 && firstOpened[origin]!.before == nil { firstOpened[origin]!.before = path(to: cursor) }
                    if opened.1 >= 0 && firstOpened[origin]!.after == nil { firstOpened[origin]!.after = path(to: cursor) }
                    let same = opened.0 >= 0 ? opened.1 >= 0 && counterpart[Int(opened.0)] == canonicalAfter[Int(opened.1)] : opened.1 < 0
                    var change = Change(origin: origin, before: opened.0, after: opened.1)
                    // The route that matches but does not open: not claimed on the hosts, or in-app.
                    if opened.0 < 0 { change.unclaimedBefore = routeBefore }
                    if opened.1 < 0 { change.unclaimedAfter = routeAfter }
                    if !same && recorded.insert(change).inserted { changes.append((change, path(to: cursor))) }
                }
            }
            // The words of both states, merged in order: a word one state lacks takes its `other`
            // edge of the word's shape.
            let wordsBefore = stateBefore.words
            let wordsAfter = stateAfter.words
            var i = 0
            var j = 0
            let source = Int32(cursor)
            while i < wordsBefore.count || j < wordsAfter.count {
                if j == wordsAfter.count || i < wordsBefore.count && wordsBefore[i].lexicographicallyPrecedes(wordsAfter[j]) {
                    let other = stateAfter.othersAgree ? stateAfter.other : stateAfter.other(ClaimedSegments.shape(of: wordsBefore[i]))
                    intern((stateBefore.targets[i], other), from: source, via: Int32(2 * i))
                    i += 1
                } else if i == wordsBefore.count || wordsAfter[j].lexicographicallyPrecedes(wordsBefore[i]) {
                    let other = stateBefore.othersAgree ? stateBefore.other : stateBefore.other(ClaimedSegments.shape(of: wordsAfter[j]))
                    intern((other, stateAfter.targets[j]), from: source, via: Int32(2 * j + 1))
                    j += 1
                } else {
                    intern((stateBefore.targets[i], stateAfter.targets[j]), from: source, via: Int32(2 * i))
                    i += 1
                    j += 1
                }
            }
            // Segments of each shape go alike where neither state tells shapes apart.
            for (shape, edge) in stateBefore.othersAgree && stateAfter.othersAgree ? Self.shapeEdges.prefix(1) : Self.shapeEdges[...] {
                intern((stateBefore.other(shape), stateAfter.other(shape)), from: source, via: edge)
            }
            cursor += 1
        }
    }

    /// For each state, whether a path ending there or below opens a route.
    private static func opensBelow(_ automaton: ClaimedSegments) -> [Bool] {
        var opens = [Bool](repeating: false, count: automaton.states.count)
        for id in automaton.successorsFirst() {
            let state = automaton.states[id]
            opens[id] =
                state.route != nil || state.targets.contains { opens[Int($0)] }
                || state.otherTargets.contains { $0 != Int32(id) && opens[Int($0)] }
        }
        return opens
    }

    /// The segments of the path that first reached pair `index`.
    private func path(to index: Int) -> [[UInt8]] {
        var segments: [[UInt8]] = []
        var current = index
        while parent[current] >= 0 {
            let source = Int(parent[current])
            let (a, b) = pairs[source]
            let edge = via[current]
            let word: [UInt16]
            if edge < 0 {
                let shape = Self.shapeEdges.first { $0.edge == edge }!.shape
                word = ClaimedSegments.sampleWord(of: shape, avoiding: before.states[Int(a)].words, after.states[Int(b)].words)
            } else if edge % 2 == 0 {
                word = before.states[Int(a)].words[Int(edge / 2)]
            } else {
                word = after.states[Int(b)].words[Int(edge / 2)]
            }
            segments.append(Array(String(decoding: word, as: UTF16.self).utf8))
            current = source
        }
        return segments.reversed()
    }

    /// The `other` edges, by the shape of the segments that take them, and their `via` codes.
    private static let shapeEdges: [(shape: ValueShape, edge: Int32)] = [(.other, -1), (.integer, -2), (.uuid, -3)]
}
