import LanguageServerProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moves a language server's messages over file descriptors — standard input and output —
/// framed by `Content-Length` headers.
public enum StandardIOTransport {
    /// Serves until the client sends `exit` or closes the input, and returns the status to
    /// exit with: the server's, or 1 when the input ended (or the output broke) before a
    /// `shutdown`.
    public static func serve(_ server: inout LanguageServer, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        // A client that goes away must end the server through a failed write, not a signal.
        signal(SIGPIPE, SIG_IGN)
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return server.exitStatus ?? (server.isShutDown ? 0 : 1) }
            framer.append(chunk[..<count])
            while let frame = framer.next() {
                for message in server.handle(frame) {
                    guard writeAll(MessageFramer.frame(message), to: output) else { return 1 }
                }
                if let status = server.exitStatus { return status }
            }
        }
    }

    /// Writes every byte, through short writes and interruptions.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
