import RouteLintTestSupport
import Testing

@testable import RouteLintCore
@testable import RouteLintPlatform

/// What the reader of platform files makes of their text: positions, kept from one to the next
/// on a line, that are the line index's own, and the attributes it reads.
@Suite("Reading platform files")
struct PlatformFileReaderTests {
    @Test("every position, asked in runs along a line and in jumps back and forth, is the line index's")
    func positions() {
        var random = SeededRandom(state: 53)
        // Multi-byte characters, every line break the index knows, and lines longer than the
        // reader's checkpoints (256 bytes).
        let pieces = ["a", "bc", "<data android:path=\"/x\"/>", "é", "€", "😀", "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "  "]
        var compared = 0
        for round in 0..<300 {
            var text = round % 5 == 0 ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 0...120, using: &random) {
                let piece = pieces.randomElement(using: &random)!
                text += round % 7 == 0 && piece.contains("\n") ? String(repeating: "x", count: 40) : piece
            }
            let bytes = Array(text.utf8)
            let lines = LineIndex(bytes)
            var reader = PlatformFileReader(file: FileID(0), lines: lines)
            var offset = Int.random(in: -2...3, using: &random)
            for _ in 0..<60 {
                // Mostly on along the text, as values are read; at times back, or past its end.
                switch Int.random(in: 0..<10, using: &random) {
                case 0: offset = Int.random(in: -1...(bytes.count + 2), using: &random)
                case 1: offset = max(-1, offset - Int.random(in: 1...300, using: &random))
                default: offset += Int.random(in: 0...30, using: &random)
                }
                #expect(reader.position(offset) == lines.position(ofByte: offset), "offset \(offset) of \(bytes.count)")
                compared += 1
            }
        }
        #expect(compared == 18_000)
    }

    @Test("a run of code points is counted alike eight bytes at a time and one at a time")
    func codePoints() {
        var random = SeededRandom(state: 59)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...70, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let lines = LineIndex(bytes)
            let low = Int.random(in: 0...bytes.count, using: &random)
            let high = Int.random(in: low...bytes.count, using: &random)
            #expect(lines.codePoints(in: low..<high) == bytes[low..<high].count { $0 & 0xC0 != 0x80 })
        }
    }

    @Test("each path attribute's name is read as its kind, and no other name is")
    func attributeNames() {
        for kind in AndroidPathPattern.Kind.allCases {
            #expect(AndroidPathPattern.Kind(attributeName: kind.rawValue) == kind)
        }
        let others = ["", "host", "scheme", "pathSuffiX", "pathPrefiy", "PathPrefix", "pathpattern", "pathAdvancedPatterns", "port"]
        for name in others { #expect(AndroidPathPattern.Kind(attributeName: name) == nil, "\(name)") }
    }
}
