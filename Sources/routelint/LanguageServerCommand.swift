import ArgumentParser
import RouteLintServer

struct LanguageServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol (3.17) over standard input and output.",
        discussion: """
            Editors start it: diagnostics as you type, go to definition, references, completion, \
            hover, rename across files, quick fixes and the outline of a manifest. The workspace \
            folder's route set is the configuration's include, else every *.routes.yaml and \
            *.routes.yml below the folder.
            """)

    @Flag(help: "Accepted for clients that pass it: standard input and output are the transport.")
    var stdio = false

    func run() throws {
        var server = LanguageServer()
        let status = StandardIOTransport.serve(&server)
        if status != 0 { throw ExitCode(status) }
    }
}
