import Dispatch

extension Array where Element: Sendable {
    /// `map`, with the elements transformed side by side on every core; the results keep the
    /// elements' order.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let slots = ResultSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.store(transform(self[index]), at: index)
        }
        return slots.results()
    }
}

/// One slot per element of a `concurrentMap`. Each iteration writes only its own slot, and
/// the slots are read only after every iteration has finished, so no two threads ever touch
/// one slot: that is what makes sharing the storage safe.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        storage[index] = result
    }

    /// The results, moved out of the slots.
    func results() -> [Result] {
        storage.indices.map { index in
            defer { storage[index] = nil }
            return storage[index]!
        }
    }
}
