/// The entities of a section or an app, in declaration order, stored in chunks of a fixed
/// size. Appending never moves what is stored: an array of 100,000 routes would double its
/// buffer, copying every route while both buffers are alive, which is the largest peak a
/// large route set would otherwise have.
public struct EntityList<Entity: Sendable>: RandomAccessCollection, Sendable {
    @usableFromInline static var chunkSize: Int { 4_096 }

    // Public, with its reads inlinable: the compiler (Swift 6.3) does not inline a `package`
    // declaration's body in another module, and as `package` a rule that read
    // `app.routes[position]` called the generic getter, which asks the runtime for the metadata
    // of the chunk's array at every read (about 500 instructions a read). Inlined, a read of one
    // field of an entity reads it in place. A `for … in` loop's iterator is the standard
    // library's and hands out each entity as a whole copy (see `RouteInPlace`).
    @usableFromInline var chunks: [[Entity]] = []
    /// How many entities the list holds.
    public private(set) var count = 0

    /// An empty list.
    package init() {}

    /// The first position: 0.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last entity: `count`.
    @inlinable public var endIndex: Int { count }

    // The index steps, written out: the defaults the standard library gives a collection with
    // `Strideable` indices are generic, and a caller in another module ran them unspecialized,
    // asking the runtime for the metadata of `Range<Int>` at every step — a fifth of a lint.
    /// Every position, in order.
    @inlinable public var indices: Range<Int> { 0..<count }
    /// The position after `position`.
    @inlinable public func index(after position: Int) -> Int { position + 1 }
    /// The position before `position`.
    @inlinable public func index(before position: Int) -> Int { position - 1 }
    /// Moves `position` to the next one.
    @inlinable public func formIndex(after position: inout Int) { position += 1 }
    /// Moves `position` to the one before.
    @inlinable public func formIndex(before position: inout Int) { position -= 1 }
    /// The position `distance` after `position`.
    @inlinable public func index(_ position: Int, offsetBy distance: Int) -> Int { position + distance }
    /// How many positions lie from `start` to `end`.
    @inlinable public func distance(from start: Int, to end: Int) -> Int { end - start }

    /// The entity at `position`.
    @inlinable public subscript(position: Int) -> Entity {
        get { chunks[position / Self.chunkSize][position % Self.chunkSize] }
        set { chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue }
    }

    /// The entities in order, chunk by chunk.
    @inlinable public func makeIterator() -> FlattenSequence<[[Entity]]>.Iterator {
        chunks.joined().makeIterator()
    }

    /// Adds `entity` at the end.
    package mutating func append(_ entity: consuming Entity) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkSize {
            // The first chunk grows as an array does, so a small file's sections stay small; a
            // section that filled one has its next made whole at once, never copied as it grows.
            var chunk: [Entity] = []
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkSize) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(entity)
        count += 1
    }
}
