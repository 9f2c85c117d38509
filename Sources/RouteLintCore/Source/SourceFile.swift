#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file of a lint run: its path as the user named it and its bytes — held, or left on
/// disk and read as the file is decoded (`onDisk`).
public struct SourceFile: Sendable {
    /// The file's number in its route set, in path order.
    public let id: FileID
    /// The path as given on the command line (or joined below a directory given there).
    public let path: String
    private let held: [UInt8]
    /// The file on disk whose bytes the run does not hold, if it is one.
    package let onDisk: DiskFile?

    /// The file's bytes, as read. A file the run does not hold is read again, and has none
    /// when it is no longer what was found: changed since, or gone.
    public var bytes: [UInt8] {
        guard let onDisk else { return held }
        return onDisk.read() ?? []
    }

    /// The file numbered `id`, named `path`, holding `bytes`.
    public init(id: FileID, path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        held = bytes
        onDisk = nil
    }

    /// The file numbered `id`, named `path`, left on disk as `file`.
    package init(id: FileID, path: String, onDisk file: DiskFile) {
        self.id = id
        self.path = path
        held = []
        onDisk = file
    }

    /// The same file numbered `id`.
    package func numbered(_ id: FileID) -> SourceFile {
        onDisk.map { SourceFile(id: id, path: path, onDisk: $0) } ?? SourceFile(id: id, path: path, bytes: held)
    }
}

/// A regular file on disk that a run reads as it decodes it rather than holding its bytes
/// beside the model (docs/performance.md, "the file streamed"): where it is, and what `fstat`
/// said of it when it was found. Every later read — the decoding, a finding's excerpt, a fix's
/// edits — must find the same file in the same state, so that what is reported of the text is
/// what was checked.
package struct DiskFile: Sendable, Equatable {
    /// The path the file is opened at.
    package let path: String
    private let identity: Identity
    /// How many bytes the file holds.
    package var size: Int { Int(identity.size) }

    /// A file's device and inode, size, and times of last change: a write moves the last two
    /// (a change of the times by hand moves the second).
    private struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let modifiedNanoseconds: Int
        let changed: Int64
        let changedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
                (modified, modifiedNanoseconds) = (Int64(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
                (changed, changedNanoseconds) = (Int64(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
            #else
                (modified, modifiedNanoseconds) = (Int64(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
                (changed, changedNanoseconds) = (Int64(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
            #endif
        }
    }

    /// The regular file at `path`, found as `DiskFileSystem.read` would read it, not read.
    package static func find(_ path: String) -> Result<DiskFile, ReadFailure> {
        DiskFileSystem.openRegularFile(path).map { opened in
            close(opened.descriptor)
            return DiskFile(path: path, identity: Identity(opened.info))
        }
    }

    /// The file open at its start, when it is still what was found; the caller closes it.
    package func open() -> Result<Int32, ReadFailure> {
        switch DiskFileSystem.openRegularFile(path) {
        case .success(let opened):
            guard Identity(opened.info) == identity else {
                close(opened.descriptor)
                return .failure(ReadFailure(path: path, reason: "it changed after it was found"))
            }
            return .success(opened.descriptor)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Whether the open `descriptor` still is the file as it was found: checked once it has
    /// been read, so that a write during the read is not taken for the file's text.
    package func isUnchanged(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && Identity(info) == identity
    }

    /// Lines `numbers` of the file (1-based, ascending), read again in one pass that holds
    /// about a megabyte of the file at a time; nil when it is no longer what was found or
    /// cannot be read. For a few lines of a large file: a finding's excerpt.
    package func lines(_ numbers: [Int]) -> FileLines? {
        guard case .success(let descriptor) = open() else { return nil }
        defer { close(descriptor) }
        var lines = FileLines()
        var wanted = numbers[...]
        // Text is taken up to its last LF, so that no line break (CR LF, or NEL, LS and PS,
        // whose bytes are not LF) is cut between two pieces; the rest waits for the next read.
        var pending: [UInt8] = []
        var linesBefore = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var atEnd = false
        while !atEnd && !wanted.isEmpty {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            atEnd = count == 0
            let readFrom = pending.count
            pending += chunk[..<count]
            let lastBreak = pending[readFrom...].lastIndex(of: UInt8(ascii: "\n"))
            guard atEnd || lastBreak != nil else { continue }
            let end = atEnd ? pending.count : lastBreak! + 1
            let piece = LineIndex(Array(pending[..<end]))
            // A piece that ends at a LF has an empty last line, the next piece's first.
            let lineCount = atEnd ? piece.lineCount : piece.lineCount - 1
            while let number = wanted.first, number <= linesBefore + lineCount {
                wanted.removeFirst()
                guard number > linesBefore, var range = piece.byteRange(ofLine: number - linesBefore) else { continue }
                // LineIndex leaves out a byte-order mark on its first line: the file's alone.
                if linesBefore > 0 && number == linesBefore + 1 { range = 0..<range.upperBound }
                lines.append(number, piece.bytes[range])
            }
            linesBefore += lineCount
            pending.removeSubrange(..<end)
        }
        return isUnchanged(descriptor) ? lines : nil
    }

    /// Whether the file holds `needle` (not empty), searched a megabyte at a time; nil when it
    /// is no longer what was found or cannot be read. For a marker most files lack, so that
    /// looking for it does not read the whole file into memory.
    package func contains(_ needle: [UInt8]) -> Bool? {
        guard case .success(let descriptor) = open() else { return nil }
        defer { close(descriptor) }
        // Each read goes after the last `needle.count - 1` bytes of the one before, so that a
        // needle across two reads is found.
        let overlap = needle.count - 1
        var buffer = [UInt8](repeating: 0, count: overlap + (1 << 20))
        var kept = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + kept, $0.count - kept) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return isUnchanged(descriptor) ? false : nil }
            let filled = kept + count
            if Self.search(needle, in: buffer, count: filled) { return isUnchanged(descriptor) ? true : nil }
            kept = min(overlap, filled)
            buffer.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: $0.baseAddress! + filled - kept, byteCount: kept) }
        }
    }

    /// Whether the first `count` bytes of `haystack` hold `needle`: `memchr` finds each
    /// candidate first byte, `memcmp` checks the rest.
    package static func search(_ needle: [UInt8], in haystack: [UInt8], count: Int) -> Bool {
        guard count >= needle.count else { return false }
        return haystack.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                let base = haystack.baseAddress!
                let last = count - pattern.count
                var offset = 0
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return false }
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + position, pattern.baseAddress!, pattern.count) == 0 { return true }
                    offset = position + 1
                }
                return false
            }
        }
    }

    /// The file's bytes, read again; nil when it is no longer what was found or cannot be read.
    package func read() -> [UInt8]? {
        guard case .success(let descriptor) = open() else { return nil }
        defer { close(descriptor) }
        guard case .success(let bytes) = DiskFileSystem.read(descriptor, size: Int(identity.size), path: path),
            isUnchanged(descriptor)
        else { return nil }
        return bytes
    }
}

/// The byte offsets at which the lines of a text start, with line breaks counted the way
/// libyaml counts them (LF, CR, CR LF, NEL, LS and PS), so that line numbers agree with the
/// positions libyaml reports.
package struct LineIndex: Sendable {
    /// The text indexed.
    package let bytes: [UInt8]
    private let lineStarts: [Int]

    /// The index of the lines of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = bytes.withUnsafeBufferPointer { text in
            // Counted first, and written once into an array of their number: appended, the
            // offsets of a large file were copied at every doubling of their buffer.
            var count = 1
            LineIndex.forEachLineStart(in: text) { _ in count += 1 }
            return [Int](unsafeUninitializedCapacity: count) { starts, initialized in
                starts[0] = 0
                initialized = 1
                LineIndex.forEachLineStart(in: text) { start in
                    starts[initialized] = start
                    initialized += 1
                }
            }
        }
    }

    /// Calls `body` with the offset just after each line break of `text`, in order. A text
    /// without CR and without the bytes NEL, LS and PS start with (0xC2, 0xE2) — most files —
    /// breaks its lines at LF only, which `memchr` finds; any other is read byte by byte.
    private static func forEachLineStart(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        let start = UnsafeRawPointer(base)
        if memchr(start, 0x0D, text.count) == nil && memchr(start, 0xC2, text.count) == nil
            && memchr(start, 0xE2, text.count) == nil
        {
            var offset = 0
            while offset < text.count, let found = memchr(start + offset, 0x0A, text.count - offset) {
                offset = start.distance(to: UnsafeRawPointer(found)) + 1
                body(offset)
            }
            return
        }
        var offset = 0
        while offset < text.count {
            let byte = text[offset]
            guard byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2 else {
                offset += 1
                continue
            }
            let breakLength = lineBreakLength(text, at: offset)
            offset += max(breakLength, 1)
            if breakLength > 0 { body(offset) }
        }
    }

    /// The number of lines.
    package var lineCount: Int { lineStarts.count }

    /// The text of 1-based line `number` without its line break (and without a byte-order
    /// mark on line 1), or nil past the end of the text.
    package func line(_ number: Int) -> String? {
        byteRange(ofLine: number).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where line `number` is in the bytes, without its line break (and without a
    /// byte-order mark on line 1), or nil past the end of the text.
    package func byteRange(ofLine number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var start = lineStarts[number - 1]
        if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        // The next line starts after this one's break: step back over the break, found from
        // its end, so that a long line is not scanned to find where it ends.
        guard number < lineStarts.count else { return start..<bytes.count }
        let next = lineStarts[number]
        return start..<max(start, next - LineIndex.lineBreakLength(bytes, endingAt: next))
    }

    /// The 1-based number of the line holding byte `offset`, and where the line's text starts
    /// (after a byte-order mark on line 1).
    package func line(holdingByte offset: Int) -> (number: Int, start: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        let index = lineStarts.lastIndex(atMost: clamped)
        var start = lineStarts[index]
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), clamped >= 3 { start = 3 }
        return (index + 1, start)
    }

    /// The number of code points in `bytes[range]`: every byte that is not a UTF-8
    /// continuation byte starts one.
    package func codePoints(in range: Range<Int>) -> Int {
        let clamped = range.clamped(to: 0..<bytes.count)
        // Read in place: every position of a platform file counts the bytes before it on its line.
        // By index, not through a slice's iterator, which an unoptimized build (the tests') makes
        // a runtime call per byte.
        return bytes.withUnsafeBufferPointer { bytes in
            var count = 0
            var offset = clamped.lowerBound
            // Eight bytes at a time: a continuation byte is one whose top bit is set and next
            // bit clear.
            while offset + 8 <= clamped.upperBound {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
                let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
                count += 8 - continuations.nonzeroBitCount
                offset += 8
            }
            while offset < clamped.upperBound {
                if bytes[offset] & 0xC0 != 0x80 { count += 1 }
                offset += 1
            }
            return count
        }
    }

    /// Where line `number`'s bytes start (its break included in the line before), or nil past
    /// the last line.
    package func start(ofLine number: Int) -> Int? {
        number >= 1 && number <= lineStarts.count ? lineStarts[number - 1] : nil
    }

    /// The byte offset of `position` (columns in code points, after a byte-order mark on line
    /// 1): the inverse of `position(ofByte:)`; nil past the end of its line. Counted from the
    /// line's start, or on from `known`, a column of the same line before it and its offset.
    package func offset(of position: SourcePosition, from known: (column: Int, offset: Int)? = nil) -> Int? {
        guard let line = byteRange(ofLine: Int(position.line)) else { return nil }
        var (column, offset) = known.map { ($0.column, $0.offset) } ?? (1, line.lowerBound)
        while column < Int(position.column) {
            guard offset < line.upperBound else { return nil }
            offset += 1
            while offset < line.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return offset
    }

    /// The 1-based position of byte `offset`, counting columns in code points.
    package func position(ofByte offset: Int) -> SourcePosition {
        let clamped = min(max(offset, 0), bytes.count)
        let (number, start) = line(holdingByte: clamped)
        return SourcePosition(line: number, column: 1 + codePoints(in: start..<clamped))
    }

    /// The length of the line break that ends just before `end`, which must be a line start.
    static func lineBreakLength(_ bytes: [UInt8], endingAt end: Int) -> Int {
        if end >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, bytes[end - 1] == 0xA8 || bytes[end - 1] == 0xA9 { return 3 }
        if end >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0x85 { return 2 }
        if end >= 2, bytes[end - 2] == 0x0D, bytes[end - 1] == 0x0A { return 2 }
        return 1
    }

    /// The length of the line break at `offset`, or 0 when there is none.
    static func lineBreakLength<Text: RandomAccessCollection<UInt8>>(_ bytes: Text, at offset: Int) -> Int
    where Text.Index == Int {
        switch bytes[offset] {
        case 0x0A:
            return 1
        case 0x0D:
            return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2 where offset + 1 < bytes.count && bytes[offset + 1] == 0x85:
            return 2
        case 0xE2
        where offset + 2 < bytes.count && bytes[offset + 1] == 0x80
            && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9):
            return 3
        default:
            return 0
        }
    }
}

/// Some lines of a file, end to end, each found by its number.
package struct FileLines: Sendable {
    /// The lines' bytes, without their line breaks.
    package private(set) var bytes: [UInt8] = []
    private var numbers: [Int] = []
    private var ends: [Int] = []

    mutating func append(_ number: Int, _ line: ArraySlice<UInt8>) {
        numbers.append(number)
        bytes += line
        ends.append(bytes.count)
    }

    /// Where line `number` is in `bytes`, if it is one of the lines.
    package func byteRange(ofLine number: Int) -> Range<Int>? {
        var (low, high) = (0, numbers.count)
        while low < high {
            let middle = (low + high) / 2
            if numbers[middle] < number { low = middle + 1 } else { high = middle }
        }
        guard low < numbers.count, numbers[low] == number else { return nil }
        return (low == 0 ? 0 : ends[low - 1])..<ends[low]
    }
}
