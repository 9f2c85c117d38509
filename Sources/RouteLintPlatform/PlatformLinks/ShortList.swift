/// A value a `ShortList` can hold in place: `placeholder` fills the places not in use, so that
/// two equal lists are equal in every field.
protocol ShortListElement: Hashable {
    static var placeholder: Self { get }
}

/// The patterns under way in a walk's state, in order: the first two held in the state itself,
/// any further in an array. Most states of a large platform file hold two or fewer, where an
/// array made each state's step allocate (docs/performance.md, "Patterns under way, held in
/// place").
struct ShortList<Element: ShortListElement>: RandomAccessCollection, Hashable {
    private var first = Element.placeholder
    private var second = Element.placeholder
    private var rest: [Element] = []
    private var storedCount: Int32 = 0

    /// The empty list.
    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { Int(storedCount) }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < endIndex, "position out of range")
        switch position {
        case 0: return first
        case 1: return second
        default: return rest[position - 2]
        }
    }

    mutating func append(_ element: Element) {
        switch storedCount {
        case 0: first = element
        case 1: second = element
        default: rest.append(element)
        }
        storedCount += 1
    }

    /// Inserts `element` at `position` (at most the count). Before the end, which a walk
    /// meets only where a pattern's literal beginning ends among patterns under way after it,
    /// the list is made again.
    mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= endIndex, "position out of range")
        guard position < endIndex else { return append(element) }
        var elements = Array(self)
        elements.insert(element, at: position)
        self = ShortList()
        for element in elements { append(element) }
    }

    /// Removes the elements from `range.lowerBound` on.
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        let kept = range.lowerBound
        precondition(kept >= 0 && kept <= endIndex, "position out of range")
        if kept > 2 {
            rest.removeSubrange((kept - 2)...)
        } else {
            rest = []
            if kept < 2 { second = Element.placeholder }
            if kept < 1 { first = Element.placeholder }
        }
        storedCount = Int32(kept)
    }
}
