#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libyaml's events of one input, one at a time, read in batches.
///
/// A large input is read ahead on a thread of its own: libyaml scans the bytes on one core
/// while the decoder builds the model from the batches already read on another, so the scan,
/// not the sum of the two, bounds the wall time of a large file. At most
/// `batchesAhead` batches are in flight, so the events never cost memory in proportion to the
/// file. A small input is read on the caller's thread, batch by batch, with no thread to start.
struct YAMLEventStream: ~Copyable {
    /// Inputs of at least this many bytes are read ahead on a thread of their own: below it,
    /// starting the thread costs more than the overlap saves.
    static let readAheadMinimumBytes = 256 << 10
    static let eventsPerBatch = 8_192
    static let textBytesPerBatch = 1 << 20
    /// Two: one filled while the decoder reads the other. Since the reading thread's work
    /// shrank it runs ahead of the decoder, and four batches in flight were 2–3 MB more at
    /// the peak of a 100,000-route lint, for no time saved.
    static let batchesAhead = 2

    private let reader: BatchReader
    /// The array `input` is the storage of, which a scalar's text read in place is a slice of.
    private let source: [UInt8]
    private var batch = YAMLEventBatch()
    private var nextEvent = 0

    /// Reads `input`, the text of `file` at the start of `source`, which must outlive this
    /// value and have a base address; on a thread of its own when `readsAhead`, which by
    /// default it does when the input has at least `readAheadMinimumBytes`.
    init(_ input: UnsafeBufferPointer<UInt8>, source: [UInt8], file: FileID, readsAhead: Bool? = nil) {
        self.source = source
        reader = BatchReader(
            events: LibYAMLEvents(input), keys: RepeatedKeyScan(file: file, input: input, source: source),
            readsAhead: readsAhead ?? (input.count >= Self.readAheadMinimumBytes))
    }

    /// Reads the open file `descriptor` of `size` bytes as libyaml asks for them (see
    /// `LibYAMLEvents.init(descriptor:readAgain:)`); ahead, on a thread of its own, as `init`
    /// decides for an input of that size.
    init(descriptor: Int32, size: Int, file: FileID, readsAhead: Bool? = nil, readAgain: @escaping () -> [UInt8]?) {
        source = []
        reader = BatchReader(
            events: LibYAMLEvents(descriptor: descriptor, readAgain: readAgain),
            keys: RepeatedKeyScan(file: file, input: UnsafeBufferPointer(start: nil, count: 0), source: []),
            readsAhead: readsAhead ?? (size >= Self.readAheadMinimumBytes))
    }

    deinit {
        reader.stop()
    }

    /// The next event, with a scalar's text in `text` and where the input may hold it as it
    /// reads in `textOffset` (-1: nowhere known); nil once libyaml stopped on a problem, which
    /// `failure` then holds. After the stream's end, its end again.
    ///
    /// An optional rather than a `Result`: the problem, with its message, made every event's
    /// return a larger value to copy.
    ///
    /// The text is a slice, not a copy — of the input where the scalar is written there as it
    /// reads, else of the batch's storage: a copy of every scalar cost the decoder as much as
    /// it spent on the scalars themselves. A slice kept past the batch keeps its storage alive,
    /// and the reader then fills the batch in storage of its own.
    mutating func next(text: inout ArraySlice<UInt8>, textOffset: inout Int) -> YAMLEvent? {
        while nextEvent == batch.events.count {
            if batch.isLast {
                if batch.failure != nil { return nil }
                let end = batch.events.last?.end ?? SourcePosition(line: 1, column: 1)
                return YAMLEvent(kind: .streamEnd, start: end, end: end, anchor: -1, isPlain: false)
            }
            // The batch moves to the reader whole, so that the reader reuses its storage: the
            // last scalar's text lets go of it first, and the batch is consumed, not copied, so
            // that no reference to its arrays is left on this thread while the reader empties
            // them (a shared array is emptied by allocating another: a mapping of half a
            // megabyte made and faulted in for every batch).
            text = []
            var used = YAMLEventBatch()
            swap(&used, &batch)
            batch = reader.nextBatch(returning: consume used)
            nextEvent = 0
        }
        let stored = batch.events[nextEvent]
        nextEvent += 1
        if stored.kind == .scalar {
            text = stored.isTextInInput ? source[stored.textStart..<stored.textEnd] : batch.text[stored.textStart..<stored.textEnd]
            textOffset = stored.textOffset
        }
        return YAMLEvent(
            kind: stored.kind, start: stored.start, end: stored.end,
            anchor: stored.anchor, isPlain: stored.isPlain,
            earlierKey: stored.repeatedKey < 0 ? nil : batch.earlierKeys[Int(stored.repeatedKey)])
    }
}

extension YAMLEventStream {
    /// The problem that stopped libyaml, once `next` has returned nil.
    var failure: LibYAMLError? { batch.failure }

    /// The name of the anchor an event of the current batch — the last one `next` returned —
    /// defines or names; nil for none.
    func anchorName(_ anchor: Int32) -> String? {
        anchor < 0 ? nil : batch.anchors[Int(anchor)]
    }
}

/// Fills batches from libyaml, with their repeated keys marked: on the caller's thread when
/// asked for one, or ahead of it on a thread of its own that hands filled batches over and
/// reuses the ones given back.
private final class BatchReader: @unchecked Sendable {
    // Shared state below is read and written only with `lock` held; `events` and `keys` only
    // by the thread that fills batches (the caller's, when there is no reading thread).
    private var events: LibYAMLEvents
    private var keys: RepeatedKeyScan
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var filled: [YAMLEventBatch] = []
    private var spare: [YAMLEventBatch] = []
    private var batchesMade = 0
    private var isStopping = false
    private var thread: pthread_t?

    init(events: consuming LibYAMLEvents, keys: RepeatedKeyScan, readsAhead: Bool) {
        self.events = events
        self.keys = keys
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        if readsAhead { thread = Self.start(self) }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// The next batch; `used`, which the caller is done with, is kept for reuse.
    func nextBatch(returning used: consuming YAMLEventBatch) -> YAMLEventBatch {
        guard thread != nil else {
            var batch = consume used
            batch.removeAll()
            fill(&batch)
            return batch
        }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        // The stream's first batch, never filled, has no room to reuse; the reader's own are
        // made with room for a whole batch.
        if used.events.capacity > 0 { spare.append(consume used) }
        pthread_cond_broadcast(changed)
        while filled.isEmpty { pthread_cond_wait(changed, lock) }
        return filled.removeFirst()
    }

    /// Stops the reading thread, if there is one, and waits for it: the input it reads is the
    /// caller's, and must not be read once the caller is done with it.
    func stop() {
        guard let thread else { return }
        pthread_mutex_lock(lock)
        isStopping = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        self.thread = nil
    }

    private func fill(_ batch: inout YAMLEventBatch) {
        let first = batch.events.count
        events.fill(&batch, eventLimit: YAMLEventStream.eventsPerBatch, textLimit: YAMLEventStream.textBytesPerBatch)
        keys.scan(&batch, from: first)
    }

    /// The reading thread: fills a spare batch (or a new one, up to `batchesAhead`), hands it
    /// over, and goes on until the stream ends or the reader stops.
    private func readAhead() {
        while true {
            pthread_mutex_lock(lock)
            while spare.isEmpty && batchesMade >= YAMLEventStream.batchesAhead && !isStopping {
                pthread_cond_wait(changed, lock)
            }
            if isStopping {
                pthread_mutex_unlock(lock)
                return
            }
            var batch: YAMLEventBatch
            if let reused = spare.popLast() {
                batch = reused
            } else {
                batchesMade += 1
                batch = YAMLEventBatch(reservingEvents: YAMLEventStream.eventsPerBatch)
            }
            pthread_mutex_unlock(lock)

            batch.removeAll()
            fill(&batch)
            let isLast = batch.isLast

            pthread_mutex_lock(lock)
            filled.append(batch)
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            if isLast { return }
        }
    }

    /// Starts `reader.readAhead()` on a new thread, which holds a reference to the reader
    /// until it returns; nil when no thread could be started, and the reader then fills its
    /// batches on the caller's thread.
    private static func start(_ reader: BatchReader) -> pthread_t? {
        startThread { reader.readAhead() }
    }
}
