import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// Work begun on a thread of its own while its caller goes on with other work, which may be
/// side by side itself: `result` waits for it. A thread of its own, not one of the pool
/// `concurrentMap` runs on: its work keeps every core for what it runs side by side within, and
/// never waits for a thread of the pool that its caller's own waiting holds.
package final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    // `work` and `value` are used by the work's thread until `result` joins it (a join orders
    // the thread's writes before what follows it), and by the caller's only after that: never
    // by both at once, which is what makes sharing them safe.
    private var work: (@Sendable () -> Result)?
    private var value: Result?
    private var thread: pthread_t?

    /// Begins `work`; on the caller's thread, when `result` is asked, if no thread can start.
    package init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
        thread = startThread { self.run() }
    }

    /// The work's result, once it has finished. Call it once.
    package func result() -> Result {
        if let thread { pthread_join(thread, nil) } else { run() }
        return value.take()!
    }

    private func run() { value = work.take()!() }
}

/// Runs `body` on a new thread, which holds what it captures until it returns; nil when no
/// thread could be started.
package func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let status = pthread_create(
        &thread, nil,
        { context in
            #if canImport(Darwin)
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
            #else
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            #endif
            return nil
        }, context)
    guard status == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// What a thread `startThread` began runs, passed to it as one retained object.
private final class ThreadBody {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// A value handed to other threads that the compiler cannot prove safe to hand over: whoever
/// wraps it makes sure that no thread changes what another reads (each changes a copy of its own).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
