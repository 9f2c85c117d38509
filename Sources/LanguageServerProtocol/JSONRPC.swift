#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request's id: JSON-RPC allows a number or a string, and a response must echo it as sent.
package enum RequestID: Codable, Hashable, Sendable {
    case number(Int)
    case string(String)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }
}

/// A JSON-RPC error, as a response carries it. Handlers throw it to refuse a request.
package struct ResponseError: Codable, Error, Equatable, Sendable {
    package let code: Int
    package let message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    package static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    package static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: -32600, message: message) }
    package static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: -32601, message: "routelint's language server has no method '\(method)'")
    }
    package static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
    package static func serverNotInitialized(_ method: String) -> ResponseError {
        ResponseError(code: -32002, message: "'\(method)' before 'initialize'")
    }
    /// LSP's RequestFailed: the request was valid, and the server will not do it (a rename
    /// to a name that is taken, say). The message says why, for the editor to show.
    package static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: -32803, message: message) }
}

/// What every incoming message is told apart by, read before its parameters: a request has
/// an id and a method, a notification a method only, a response an id only.
package struct IncomingEnvelope: Decodable {
    package let jsonrpc: String?
    package let id: RequestID?
    package let method: String?

    package init(jsonrpc: String? = nil, id: RequestID? = nil, method: String? = nil) {
        self.jsonrpc = jsonrpc
        self.id = id
        self.method = method
    }
}

/// An incoming message's parameters, decoded as the method's type once the method is known.
package struct IncomingParameters<Parameters: Decodable>: Decodable {
    package let params: Parameters

    package init(params: Parameters) {
        self.params = params
    }
}

/// A response: the request's id with its result, or with an error. A successful response
/// has a `result` member even when it is null, as JSON-RPC requires.
package struct OutgoingResponse<Result: Encodable>: Encodable {
    package let id: RequestID?
    package let result: Result?
    package let error: ResponseError?

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        if let error {
            try container.encode(error, forKey: .error)
        } else if let result {
            try container.encode(result, forKey: .result)
        } else {
            try container.encodeNil(forKey: .result)
        }
    }

    package init(id: RequestID? = nil, result: Result? = nil, error: ResponseError? = nil) {
        self.id = id
        self.result = result
        self.error = error
    }
}

/// A notification or a request the server sends to the client.
package struct OutgoingMessage<Parameters: Encodable>: Encodable {
    package let jsonrpc = "2.0"
    package let id: RequestID?
    package let method: String
    package let params: Parameters

    package init(id: RequestID? = nil, method: String, params: Parameters) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// Splits a byte stream into JSON-RPC messages framed by a `Content-Length` header, as the
/// base protocol of LSP frames them.
package struct MessageFramer: Sendable {
    /// What the stream held next.
    package enum Frame: Equatable, Sendable {
        /// A message's content.
        case message([UInt8])
        /// A header block that frames no message (no `Content-Length`, or one too large or
        /// not a number): the block is dropped, and the error is answered.
        case malformedHeader(String)
    }

    /// A message larger than this is refused: a manifest is read up to 1 GiB, and its text
    /// in a message is escaped JSON.
    package static let maximumContentLength = 1 << 31

    /// A header block larger than this is refused: a real one is under a hundred bytes.
    package static let maximumHeaderLength = 8192

    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts: consumed bytes are dropped in batches.
    private var start = 0
    /// Bytes still to drop of a message whose header was refused.
    private var skipping = 0

    package init() {}

    /// Adds bytes read from the stream.
    package mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive.
    package mutating func next() -> Frame? {
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { compact(); return nil }
        }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > Self.maximumHeaderLength {
                start = buffer.count
                compact()
                return .malformedHeader("a header longer than \(Self.maximumHeaderLength) bytes")
            }
            compact()
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let contentStart = headerEnd + 4
        var length: Int?
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "content-length" {
                length = Int(
                    line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }
                        .reversed().map(String.init).joined())
            }
        }
        guard let length, length >= 0 else {
            start = contentStart
            return .malformedHeader("a header without a valid Content-Length")
        }
        guard length <= Self.maximumContentLength else {
            start = contentStart
            skipping = length
            return .malformedHeader("a message of \(length) bytes, more than the \(Self.maximumContentLength) accepted")
        }
        guard buffer.count - contentStart >= length else { return nil }
        let content = Array(buffer[contentStart..<contentStart + length])
        start = contentStart + length
        compact()
        return .message(content)
    }

    /// The offset of the `\r\n\r\n` that ends the header block at `start`.
    private func findHeaderEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// Drops consumed bytes once they are most of the buffer, so that appending stays linear.
    private mutating func compact() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// `content` framed for the stream.
    package static func frame(_ content: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
    }
}
