/// The entities of a section or an app, in declaration order, stored in chunks of a fixed
/// size. Appending never moves what is stored: an array of 100,000 routes would double its
/// buffer, copying every route while both buffers are alive, which is the largest peak a
/// large route set would otherwise have.
package struct EntityList<Entity: Sendable>: RandomAccessCollection, Sendable {
    private static var chunkSize: Int { 4_096 }

    private var chunks: [[Entity]] = []
    package private(set) var count = 0

    /// An empty list.
    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> Entity {
        get { chunks[position / Self.chunkSize][position % Self.chunkSize] }
        set { chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue }
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
