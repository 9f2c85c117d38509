import ArgumentParser
import RouteLintCore

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the manifest format as a JSON Schema (draft 2020-12), for editors that validate YAML by schema.",
        discussion: "The schema checks what one file can say of itself; `routelint lint` checks the rest. See docs/editors.md.")

    func run() {
        print(ManifestSchema.text(), terminator: "")
    }
}
