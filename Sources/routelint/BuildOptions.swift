import ArgumentParser

/// `--define NAME=VALUE`: the value of a placeholder, string resource or build setting of the
/// platform files, for one build variant (docs/app-links.md, "Files as the build makes them").
struct BuildOptions: ParsableArguments {
    @Option(
        name: .customLong("define"),
        help: ArgumentHelp(
            "The value of a placeholder (${NAME}), string resource (@string/NAME) or build setting ($(NAME)) of the platform files, for one build variant; repeatable, over the manifests' android.placeholders and ios.build-settings.",
            valueName: "name=value"))
    var defines: [String] = []

    func validate() throws {
        for define in defines {
            guard let equals = define.firstIndex(of: "="), equals != define.startIndex else {
                throw ValidationError("--define '\(define)' is not NAME=VALUE")
            }
        }
    }

    /// Each defined name's value; a name defined twice has its last value.
    var values: [String: String] {
        var values: [String: String] = [:]
        for define in defines {
            guard let equals = define.firstIndex(of: "=") else { continue }
            values[String(define[..<equals])] = String(define[define.index(after: equals)...])
        }
        return values
    }
}
