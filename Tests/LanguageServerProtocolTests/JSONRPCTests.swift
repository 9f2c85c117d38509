#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import LanguageServerProtocol
import Testing

/// LSP's base protocol as the module frames and encodes it, through its own API: the framing of
/// a byte stream into messages, and the JSON-RPC envelopes of what the server sends.
@Suite("JSON-RPC framing and envelopes")
struct JSONRPCTests {
    @Test("frames split across reads, and several in one read, come out whole and in order")
    func framesSplitAcrossReadsAndSeveralInOneRead() {
        var framer = MessageFramer()
        let first = MessageFramer.frame(Array(#"{"a":1}"#.utf8))
        let second = MessageFramer.frame(Array(#"{"b":2}"#.utf8))
        framer.append(first.prefix(10))
        #expect(framer.next() == nil)
        framer.append(first.dropFirst(10) + second)
        #expect(framer.next() == .message(Array(#"{"a":1}"#.utf8)))
        #expect(framer.next() == .message(Array(#"{"b":2}"#.utf8)))
        #expect(framer.next() == nil)
    }

    @Test("a header without Content-Length is reported, and the next message read")
    func headerWithoutLengthIsReportedAndTheNextMessageRead() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: x\r\n\r\n".utf8) + MessageFramer.frame(Array("{}".utf8)))
        #expect(framer.next() == .malformedHeader("a header without a valid Content-Length"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    @Test("the header's name is read in any case, its value with white space around it")
    func headerNameInAnyCase() {
        var framer = MessageFramer()
        framer.append(Array("content-LENGTH: \t2 \r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    @Test("a message longer than the bound is refused, its bytes skipped as they arrive, and the next one read")
    func oversizedMessageIsSkipped() {
        var framer = MessageFramer()
        let length = MessageFramer.maximumContentLength + 1
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        let bound = MessageFramer.maximumContentLength
        #expect(framer.next() == .malformedHeader("a message of \(length) bytes, more than the \(bound) accepted"))
        // Far fewer bytes than announced: none of them is read as a message.
        framer.append([UInt8](repeating: 0x7B, count: 1000))
        #expect(framer.next() == nil)
    }

    @Test("a header block that never ends is refused at its bound instead of being buffered forever")
    func endlessHeaderIsRefused() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: 0x41, count: MessageFramer.maximumHeaderLength + 1))
        #expect(framer.next() == .malformedHeader("a header longer than \(MessageFramer.maximumHeaderLength) bytes"))
        framer.append(MessageFramer.frame(Array("[]".utf8)))
        #expect(framer.next() == .message(Array("[]".utf8)))
    }

    @Test("a negative or non-numeric Content-Length frames nothing", arguments: ["-1", "twelve", ""])
    func invalidLength(_ value: String) {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: \(value)\r\n\r\n".utf8))
        #expect(framer.next() == .malformedHeader("a header without a valid Content-Length"))
    }

    @Test("a request's id is echoed as sent: a number stays a number, a string a string")
    func requestIDsRoundTrip() throws {
        let decoded = try JSONDecoder().decode([RequestID].self, from: Data(#"[7, "7", "abc"]"#.utf8))
        #expect(decoded == [.number(7), .string("7"), .string("abc")])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"[7,"7","abc"]"#)
    }

    @Test("a response carries its result, null included, or its error, never both")
    func responseEnvelopes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func text(_ response: OutgoingResponse<[Int]>) throws -> String { String(decoding: try encoder.encode(response), as: UTF8.self) }
        #expect(try text(OutgoingResponse(id: .number(1), result: [1])) == #"{"id":1,"jsonrpc":"2.0","result":[1]}"#)
        #expect(try text(OutgoingResponse(id: .string("a"))) == #"{"id":"a","jsonrpc":"2.0","result":null}"#)
        #expect(
            try text(OutgoingResponse(id: nil, result: [1], error: .parseError("not JSON")))
                == #"{"error":{"code":-32700,"message":"not JSON"},"id":null,"jsonrpc":"2.0"}"#)
    }
}
