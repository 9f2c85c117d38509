import Foundation
import Testing

/// `routelint lsp` as an editor runs it: messages framed on standard input, answers on
/// standard output, the exit status at the end.
@Suite struct LanguageServerCommandTests {
    private static let manifest = """
        manifest: 1
        activities: {shop: {}}
        tabs: {home: {activity: shop, index: 0, root: home, icon: house}}
        holders: {HomeHolder: {}}
        routes:
          home: {path: /, holder: HomeHoldr}
        """

    /// Frames JSON-RPC messages as a client writes them.
    private static func framed(_ messages: [String]) -> String {
        messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
    }

    private static func session(root: URL, ending: [String]) -> String {
        let uri = root.appendingPathComponent("app.routes.yaml").absoluteString
        let text = String(data: try! JSONEncoder().encode(manifest), encoding: .utf8)!
        return framed(
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{}}}"#,
                #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":\#(text)}}}"#,
                "{this is not JSON",
                #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":5,"character":3}}}"#,
            ] + ending)
    }

    @Test func aSessionAnswersEveryMessageAndEndsWithStatusZero() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { root in
            let input = Self.session(
                root: root,
                ending: [
                    #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
                    #"{"jsonrpc":"2.0","method":"exit"}"#,
                ])
            let result = try RouteLint.run(["lsp", "--stdio"], in: root, input: input, timeLimit: 30)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.contains(#""code":"missing-holder""#))
            #expect(result.stdout.contains("did you mean 'HomeHolder'?"))
            #expect(result.stdout.contains(#""error":{"code":-32700"#))
            #expect(result.stdout.contains(#"**route** `home`"#))
            #expect(result.stdout.contains(#"{"id":3,"jsonrpc":"2.0","result":null}"#))
            // Every answer is framed.
            #expect(result.stdout.hasPrefix("Content-Length: "))
        }
    }

    @Test func inputThatEndsWithoutShutdownEndsWithStatusOne() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { root in
            let result = try RouteLint.run(["lsp"], in: root, input: Self.session(root: root, ending: []), timeLimit: 30)
            #expect(result.status == 1)
            #expect(result.stdout.contains(#""code":"missing-holder""#))
        }
    }

    @Test func theServerNeverWritesAManifest() throws {
        try GateCommandTests.withFiles(["app.routes.yaml": Self.manifest]) { root in
            let uri = root.appendingPathComponent("app.routes.yaml").absoluteString
            let input = Self.session(
                root: root,
                ending: [
                    #"{"jsonrpc":"2.0","id":4,"method":"textDocument/rename","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":5,"character":3},"newName":"start"}}"#,
                    #"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#,
                    #"{"jsonrpc":"2.0","method":"exit"}"#,
                ])
            let result = try RouteLint.run(["lsp"], in: root, input: input, timeLimit: 30)
            #expect(result.status == 0)
            #expect(result.stdout.contains(#""newText":"start""#))
            #expect(try String(contentsOf: root.appendingPathComponent("app.routes.yaml"), encoding: .utf8) == Self.manifest)
        }
    }
}
