/// The paths an ordered list of `apple-app-site-association` components opens, as iOS decides
/// for a URL without query or fragment: the first component that matches decides, an `exclude`
/// one keeps the URL out. A state is the set of positions each component's path glob may
/// be at (`*` loops, `?` takes one unit); a component whose query or fragment pattern does not
/// match the empty string never matches such a URL.
struct AppleComponentLanguage: PathLanguage {
    /// The glob of each component that can match, as code units; nil for one that never does.
    private let globs: [[UInt16]?]
    private let excludes: [Bool]
    private let caseSensitive: [Bool]
    /// Where each component's positions start in the state's numbering.
    private let offsets: [Int32]
    /// The component of each position.
    private let owners: [Int32]

    private static let star = UInt16(UInt8(ascii: "*"))
    private static let question = UInt16(UInt8(ascii: "?"))

    init(_ components: [AppleLinkComponent]) {
        globs = components.map { component in
            guard component.query.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true,
                component.queryItems.isEmpty,
                component.fragment.map({ AppleLinkComponent.glob($0, "", caseSensitive: component.caseSensitive) }) ?? true
            else { return nil }
            return Array((component.path ?? "*").utf16)
        }
        excludes = components.map(\.exclude)
        caseSensitive = components.map(\.caseSensitive)
        var offsets: [Int32] = []
        var owners: [Int32] = []
        for (index, glob) in globs.enumerated() {
            offsets.append(Int32(owners.count))
            owners += Array(repeating: Int32(index), count: (glob?.count ?? 0) + 1)
        }
        self.offsets = offsets
        self.owners = owners
    }

    /// The positions alive, ascending.
    struct State: Hashable {
        var positions: [Int32]
    }

    var start: State {
        var positions: [Int32] = []
        for (index, glob) in globs.enumerated() where glob != nil {
            addClosed(component: index, at: 0, to: &positions)
        }
        return State(positions: positions)
    }

    /// Adds position `at` of a component and every position a run of `*` after it reaches
    /// without reading.
    private func addClosed(component: Int, at position: Int, to positions: inout [Int32]) {
        let glob = globs[component]!
        var current = position
        positions.append(offsets[component] + Int32(current))
        while current < glob.count && glob[current] == Self.star {
            current += 1
            positions.append(offsets[component] + Int32(current))
        }
    }

    func step(_ state: State, _ unit: UInt16) -> State {
        var next: [Int32] = []
        for position in state.positions {
            let component = Int(owners[Int(position)])
            let glob = globs[component]!
            let local = Int(position - offsets[component])
            guard local < glob.count else { continue }
            let character = glob[local]
            if character == Self.star {
                addClosed(component: component, at: local, to: &next)
            } else if character == Self.question || Self.same(character, unit, caseSensitive: caseSensitive[component]) {
                addClosed(component: component, at: local + 1, to: &next)
            }
        }
        next.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(next.count)
        for position in next where unique.last != position { unique.append(position) }
        return State(positions: unique)
    }

    /// Whether pattern unit `character` matches `unit`: case folded for ASCII letters when
    /// the component is not case-sensitive.
    static func same(_ character: UInt16, _ unit: UInt16, caseSensitive: Bool) -> Bool {
        caseSensitive ? character == unit : folded(character) == folded(unit)
    }

    static func folded(_ unit: UInt16) -> UInt16 {
        (0x41...0x5A).contains(unit) ? unit + 0x20 : unit
    }

    func distinctions(_ state: State, into ranges: inout [ClosedRange<UInt16>]) {
        for position in state.positions {
            let component = Int(owners[Int(position)])
            let glob = globs[component]!
            let local = Int(position - offsets[component])
            guard local < glob.count, glob[local] != Self.star, glob[local] != Self.question else { continue }
            let character = glob[local]
            ranges.append(character...character)
            if !caseSensitive[component] {
                let lower = Self.folded(character)
                ranges.append(lower...lower)
                if (0x61...0x7A).contains(lower) { ranges.append((lower - 0x20)...(lower - 0x20)) }
            }
        }
    }

    func accepts(_ state: State) -> Bool? {
        decider(state).map { !excludes[$0] } ?? false
    }

    /// The first component whose glob has ended: positions ascend with component order.
    func decider(_ state: State) -> Int? {
        for position in state.positions {
            let component = Int(owners[Int(position)])
            if Int(position - offsets[component]) == globs[component]!.count { return component }
        }
        return nil
    }

    func isFinal(_ state: State) -> Bool { state.positions.isEmpty }
}
