import RouteLintCore

/// What a run knows of the build variant a source platform file is read for: the values
/// `--define` gives, and where the Android resource folders are read from.
package struct BuildVariant: Sendable {
    /// `--define NAME=VALUE`, in force over every other value of the name.
    package var defines: [String: String] = [:]
    /// Reads the `values/*.xml` files of resource folders; nil where nothing is read (a file
    /// as served, which the build made already).
    package var resources: (any ResourceFolderReader)?

    /// A variant with these defines, reading resources through `resources`.
    package init(defines: [String: String] = [:], resources: (any ResourceFolderReader)? = nil) {
        self.defines = defines
        self.resources = resources
    }
}

/// Reads the `values/*.xml` files of an Android resource folder, for `@string/NAME`: the run's
/// file system, where the platform layer reads none itself.
package protocol ResourceFolderReader: Sendable {
    /// The folder `folder`, relative to the directory of the file `base` (a platform file's
    /// path as the run names it, or a route manifest's number).
    func folder(_ folder: String, relativeTo base: ResourceFolderBase) -> ResourceFolder
}

/// What a resource folder's path is relative to.
package enum ResourceFolderBase: Sendable {
    /// The directory of the platform file at this path (`res/` beside an AndroidManifest.xml).
    case platformFile(String)
    /// The directory of this route manifest (`android.resources`).
    case manifest(FileID)
}

/// A resource folder's `values/*.xml` files, as read.
package struct ResourceFolder: Sendable {
    /// The folder as messages name it.
    package let shown: String
    /// Its `values/*.xml` files, in name order.
    package let files: [SourceFile]
    /// Why a file of it could not be read, each with its path.
    package let unreadable: [String]

    package init(shown: String, files: [SourceFile], unreadable: [String] = []) {
        self.shown = shown
        self.files = files
        self.unreadable = unreadable
    }
}

/// The values a build fills into a source platform file (docs/app-links.md, "Files as the
/// build makes them"): Android's manifest placeholders and string resources, and Xcode's build
/// settings; and where each kind comes from, for the finding of a reference that has none.
package struct BuildValues: Sendable, Equatable {
    /// `${NAME}` of an AndroidManifest.xml: `applicationId` from `android.package`, the rest
    /// from `android.placeholders`, each overridden by `--define`.
    package private(set) var placeholders: [String: String] = [:]
    /// `@string/NAME`: the `<string>` resources of the folders read, a later folder overriding,
    /// and `--define`, their text as the resource compiler reads it.
    package private(set) var strings: [String: String] = [:]
    /// `$(NAME)` and `${NAME}` of an entitlements file: `ios.build-settings`, the team and app
    /// ID prefixes from `ios.app-ids`, and `--define`.
    package private(set) var settings: [String: String] = [:]
    /// The resource folders read, as messages name them.
    package private(set) var resourceFolders: [String] = []
    /// Resource files that could not be read, with why.
    package private(set) var unreadableResources: [String] = []

    /// No values: a file the build made already.
    package init() {}

    /// The values for `source` of `app` (nil: a file of no app) in its build variant.
    package init(for source: PlatformFileSource, app: AppModel?) {
        let defines = source.variant.defines
        if let app {
            if let android = app.android {
                if let package = android.package { placeholders["applicationId"] = app.text(package.value) }
                for placeholder in android.placeholders where placeholders[placeholder.name.value] == nil {
                    placeholders[placeholder.name.value] = placeholder.value.value
                }
            }
            for setting in app.iosBuildSettings where settings[setting.name.value] == nil {
                settings[setting.name.value] = setting.value.value
            }
            // `$(AppIdentifierPrefix)` and `$(TeamIdentifierPrefix)` are the team ID and a dot
            // (Xcode gives both the same value).
            if let appID = app.iosAppIDs.first.map({ app.text($0.value) }), let dot = appID.firstIndex(of: ".") {
                let prefix = String(appID[...dot])
                settings["AppIdentifierPrefix"] = settings["AppIdentifierPrefix"] ?? prefix
                settings["TeamIdentifierPrefix"] = settings["TeamIdentifierPrefix"] ?? prefix
            }
        }
        if source.kind == .androidManifest, let reader = source.variant.resources {
            var folders = [reader.folder("res", relativeTo: .platformFile(source.file.path))]
            for folder in app?.android?.resources ?? [] {
                folders.append(reader.folder(folder.value, relativeTo: .manifest(folder.range.file)))
            }
            for folder in folders {
                resourceFolders.append(folder.shown)
                unreadableResources += folder.unreadable
                for file in folder.files {
                    switch AndroidStringResources.read(file.bytes) {
                    case .success(let found): strings.merge(found) { _, later in later }
                    case .failure(let problem): unreadableResources.append("\(file.path): \(problem.message)")
                    }
                }
            }
        }
        for (name, value) in defines {
            placeholders[name] = value
            strings[name] = value
            settings[name] = value
        }
    }
}

/// The `<string>` resources of a `values/*.xml` file: name → text as the resource compiler
/// reads it (`AndroidResourceText`).
enum AndroidStringResources {
    static func read(_ bytes: [UInt8]) -> Result<[String: String], XMLDocument.Problem> {
        XMLDocument.read(bytes).map { document in
            var strings: [String: String] = [:]
            guard document.root.localName == "resources" else { return strings }
            for element in document.root.children where element.localName == "string" {
                guard let name = element.attribute("name", namespace: nil)?.value else { continue }
                strings[name] = AndroidResourceText.read(element.text)
            }
            return strings
        }
    }
}

/// A reference to a value the build fills in, found nowhere: the text as written and the key
/// or flag that would give it.
package struct UnresolvedReference: Error, Sendable, Equatable {
    /// `${appHost}`, `@string/app_host`, `$(APP_LINK_HOST)`.
    package let reference: String
    /// Where routelint looked and what would give it, as a message ends.
    package let givenBy: String
}

extension BuildValues {
    /// How many references one value may follow (a string resource naming another, a build
    /// setting holding another): a cycle is no value.
    private static let maximumDepth = 8

    /// An AndroidManifest.xml attribute's value as the built manifest holds it: placeholders
    /// replaced (the manifest merger), then a resource reference resolved, else the text as the
    /// resource compiler reads it.
    package func androidAttribute(_ raw: String) -> Result<String, UnresolvedReference> {
        // Most values hold neither: one scan of their bytes tells.
        guard raw.containsUTF8Byte(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "@") }) else {
            return .success(AndroidResourceText.read(raw))
        }
        var text = raw
        if raw.contains("${") {
            switch Self.substituted(raw, opening: "${", closing: "}", values: placeholders, depth: 0, givenBy: placeholderSource) {
            case .success(let value): text = value
            case .failure(let unresolved): return .failure(unresolved)
            }
        }
        // A value starting with `@` is a resource reference (a literal `@` is written `\@`).
        guard text.hasPrefix("@") else { return .success(AndroidResourceText.read(text)) }
        return string(referencedBy: text, depth: 0)
    }

    private func string(referencedBy reference: String, depth: Int) -> Result<String, UnresolvedReference> {
        guard reference.hasPrefix("@string/"), depth < Self.maximumDepth else {
            return .failure(
                UnresolvedReference(
                    reference: reference,
                    givenBy: depth < Self.maximumDepth
                        ? "routelint reads the app's own @string/ resources only; give the value with --define"
                        : "its string resources refer to each other more than \(Self.maximumDepth) times"))
        }
        let name = String(reference.dropFirst("@string/".count))
        guard let value = strings[name] else {
            let folders = resourceFolders.isEmpty ? "no resource folder was read" : "none in \(resourceFolders.joined(separator: ", "))"
            let unread = unreadableResources.isEmpty ? "" : " (not read: \(unreadableResources.joined(separator: "; ")))"
            return .failure(
                UnresolvedReference(
                    reference: reference,
                    givenBy: "no <string name=\"\(name)\"> in values/*.xml of 'res/' beside the manifest or of the folders "
                        + "'android.resources' lists (\(folders)\(unread)), and no --define \(name)=VALUE"))
        }
        return value.hasPrefix("@") ? string(referencedBy: value, depth: depth + 1) : .success(value)
    }

    private func placeholderSource(_ name: String) -> String {
        name == "applicationId"
            ? "set 'android.package'" : "set it in 'android.placeholders' ({\(name): VALUE}) or with --define \(name)=VALUE"
    }

    /// An entitlements string as the built app holds it: `$(NAME)` and `${NAME}` replaced by
    /// their build settings (`lower` and `upper` applied, as in `$(NAME:lower)`).
    package func entitlementString(_ raw: String) -> Result<String, UnresolvedReference> {
        guard raw.utf8.contains(UInt8(ascii: "$")) else { return .success(raw) }
        let givenBy = { (name: String) in
            name == "TeamIdentifierPrefix" || name == "AppIdentifierPrefix"
                ? "set 'ios.app-ids'" : "set it in 'ios.build-settings' ({\(name): VALUE}) or with --define \(name)=VALUE"
        }
        return Self.substituted(raw, opening: "$(", closing: ")", values: settings, depth: 0, givenBy: givenBy).flatMap {
            Self.substituted($0, opening: "${", closing: "}", values: settings, depth: 0, givenBy: givenBy)
        }
    }

    /// `text` with each `opening NAME closing` replaced by its value in `values`, which may
    /// hold references of their own (to `maximumDepth`); an unclosed opening stays as written.
    private static func substituted(
        _ text: String, opening: String, closing: Character, values: [String: String], depth: Int,
        givenBy: (String) -> String
    ) -> Result<String, UnresolvedReference> {
        var result = ""
        var rest = text[...]
        while let start = rest.firstRange(of: opening) {
            guard let end = rest[start.upperBound...].firstIndex(of: closing) else { break }
            result += rest[..<start.lowerBound]
            let written = String(rest[start.lowerBound...end])
            let inner = rest[start.upperBound..<end]
            let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard var value = values[name] else {
                return .failure(UnresolvedReference(reference: written, givenBy: givenBy(name)))
            }
            for operation in parts.dropFirst() {
                switch operation {
                case "lower": value = value.lowercased()
                case "upper": value = value.uppercased()
                default:
                    return .failure(
                        UnresolvedReference(
                            reference: written,
                            givenBy: "routelint applies the operators 'lower' and 'upper' only; give the value with --define"))
                }
            }
            if value.contains(opening) {
                guard depth < maximumDepth else {
                    return .failure(
                        UnresolvedReference(reference: written, givenBy: "its values refer to each other more than \(maximumDepth) times"))
                }
                switch substituted(value, opening: opening, closing: closing, values: values, depth: depth + 1, givenBy: givenBy) {
                case .success(let expanded): value = expanded
                case .failure(let unresolved): return .failure(unresolved)
                }
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return .success(result + rest)
    }
}
