/// The entities of a section or an app, in declaration order, stored in chunks of a fixed
/// size. Appending never moves what is stored: an array of 100,000 routes would double its
/// buffer, copying every route while both buffers are alive, which is the largest peak a
/// large route set would otherwise have.
package struct EntityList<Entity: Sendable>: RandomAccessCollection, Sendable {
    @usableFromInline static var chunkSize: Int { 4_096 }

    // Inlinable, with what they read, yet not specialized in another module: the compiler
    // (Swift 6.3) does not inline a `package` declaration's body there, so a rule that reads
    // `app.routes[position]` calls the generic getter, which asks the runtime for the metadata
    // of the chunk's array at every read (measured: about 500 instructions a read). A rule
    // loops with `for … in`: `makeIterator` is called once, and its iterator is the standard
    // library's, specialized where the loop is; it hands out each entity as a whole copy.
    @usableFromInline var chunks: [[Entity]] = []
    package private(set) var count = 0

    /// An empty list.
    package init() {}

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    // The index steps, written out: the defaults the standard library gives a collection with
    // `Strideable` indices are generic, and a caller in another module ran them unspecialized,
    // asking the runtime for the metadata of `Range<Int>` at every step — a fifth of a lint.
    @inlinable package var indices: Range<Int> { 0..<count }
    @inlinable package func index(after position: Int) -> Int { position + 1 }
    @inlinable package func index(before position: Int) -> Int { position - 1 }
    @inlinable package func formIndex(after position: inout Int) { position += 1 }
    @inlinable package func formIndex(before position: inout Int) { position -= 1 }
    @inlinable package func index(_ position: Int, offsetBy distance: Int) -> Int { position + distance }
    @inlinable package func distance(from start: Int, to end: Int) -> Int { end - start }

    @inlinable package subscript(position: Int) -> Entity {
        get { chunks[position / Self.chunkSize][position % Self.chunkSize] }
        set { chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue }
    }

    /// The entities in order, chunk by chunk.
    @inlinable package func makeIterator() -> FlattenSequence<[[Entity]]>.Iterator {
        chunks.joined().makeIterator()
    }

    /// Adds `entity` at the end.
    package mutating func append(_ entity: Entity) {
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
