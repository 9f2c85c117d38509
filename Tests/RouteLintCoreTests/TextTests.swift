import Testing

@testable import RouteLintCore

@Suite("Text helpers")
struct TextTests {
    @Test("a name is [A-Za-z_][A-Za-z0-9_.-]*, byte for byte")
    func nameSyntax() {
        let letters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_".utf8)
        let others = Set("0123456789.-".utf8)
        for byte in UInt8.min...UInt8.max {
            let continues = letters.contains(byte) || others.contains(byte)
            #expect(ManifestName.isValid([byte][...]) == letters.contains(byte), "\(byte) first")
            #expect(ManifestName.isValid([UInt8(ascii: "a"), byte][...]) == continues, "\(byte) after")
        }
        #expect(!ManifestName.isValid([UInt8]()[...]))
        #expect(ManifestName.isValid(Array("product-detail.v2_x".utf8)[...]))
    }

    @Test("trimming takes spaces and tabs off both ends, and nothing else")
    func trimming() {
        #expect(" \t shop://products/42 \t ".trimmingSpaces() == "shop://products/42")
        #expect("a b".trimmingSpaces() == "a b")
        #expect(" \t \t".trimmingSpaces() == "")
        #expect("".trimmingSpaces() == "")
        #expect("\u{A0}x\n".trimmingSpaces() == "\u{A0}x\n")
        #expect(Substring(" é ").trimmingSpaces() == "é")
    }

    @Test("a JSON string escapes what JSON and terminals need, whether or not it has to")
    func quoting() {
        #expect(JSONValue.quoted("plain /path?x=1") == #""plain /path?x=1""#)
        #expect(JSONValue.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONValue.quoted("line\nnext\ttab\u{1B}[31m") == #""line\nnext\ttab\u001b[31m""#)
        #expect(JSONValue.quoted("café \u{85} \u{2028}") == #""café \u0085 \u2028""#)
        #expect(JSONValue.quoted("\u{7F}") == #""\u007f""#)
    }
}
