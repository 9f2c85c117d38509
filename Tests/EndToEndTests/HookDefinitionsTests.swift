import Foundation
import Testing

/// The hooks of `.pre-commit-hooks.yaml` are one hook, found three ways: built from source
/// (`routelint`, language swift), on PATH (`routelint-system`) and in the container image
/// (`routelint-docker`). `.ci/run` runs the pre-commit scenario with `routelint-system` only
/// (the source build is the scheduled workflow's), so what the others run must be what it runs.
@Suite("pre-commit hooks")
struct HookDefinitionsTests {
    /// Each hook's fields, by id: the `key: value` lines of its entry in the list.
    static func hooks() throws -> [String: [String: String]] {
        let text = try String(contentsOf: RouteLint.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        var hooks: [String: [String: String]] = [:]
        var current: [String: String] = [:]
        func close() {
            if let id = current["id"] { hooks[id] = current }
            current = [:]
        }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            var field = Substring(line)
            if field.hasPrefix("- ") {
                close()
                field = field.dropFirst(2)
            }
            let parts = field.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            current[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        close()
        return hooks
    }

    @Test("the hooks differ only in how routelint is found: the same command and arguments, files and serial runs")
    func sameHookEachWay() throws {
        let hooks = try Self.hooks()
        let source = try #require(hooks["routelint"])
        let system = try #require(hooks["routelint-system"])
        let docker = try #require(hooks["routelint-docker"])
        #expect(source["language"] == "swift" && system["language"] == "system" && docker["language"] == "docker_image")
        let found = ["id", "language", "description"]
        #expect(source.filter { !found.contains($0.key) } == system.filter { !found.contains($0.key) })
        // The image's entry names the image, then routelint's arguments.
        let arguments = try #require(system["entry"]?.split(separator: " ", maxSplits: 1).last)
        #expect(docker["entry"]?.hasSuffix(" " + arguments) == true)
        let shared = ["pass_filenames", "always_run", "require_serial", "name"]
        #expect(shared.allSatisfy { docker[$0] == system[$0] })
        #expect(shared.allSatisfy { system[$0] != nil })
    }

    @Test("routelint-fix fixes the manifests pre-commit passes, linting the whole set, and runs once at a time")
    func fixHook() throws {
        let fix = try #require(try Self.hooks()["routelint-fix"])
        #expect(fix["entry"] == "routelint lint --fix --whole-set")
        #expect(fix["language"] == "swift" && fix["require_serial"] == "true" && fix["pass_filenames"] == nil)
        #expect(fix["files"] == #"'\.routes\.ya?ml$'"#)
    }
}
