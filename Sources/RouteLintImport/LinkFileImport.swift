import RouteLintCore
import RouteLintPlatform

/// What an app's link files say, read as `lint` reads them: the hosts, schemes and IDs of the
/// app, and each path pattern they claim or exclude, with the route paths nearest to it.
package struct LinkFileImport: Sendable {
    /// One path pattern of a link file.
    package struct Claim: Sendable {
        /// The route paths nearest to it.
        package var conversion: LinkPatternConversion
        /// False for an exclusion (`exclude`, `NOT`): its routes are `web: false`.
        package var opensApp: Bool
        package var origin: ImportOrigin
        /// The query items the URL must have with a fixed value (an AASA `?` dictionary of
        /// values without wildcards): the routes read them as required items of one value.
        package var requiredItems: [(name: String, value: String)] = []
    }

    package var settings = LinkSettings()
    /// The URLs Android Lint tests the intent filters with (`<tools:validation testUrl>` in an
    /// activity), where each is written: the import makes them the examples of the routes
    /// that open them.
    package var testURLs: [(url: String, origin: ImportOrigin)] = []
    package var claims: [Claim] = []
    /// The files that say something of the app's https links: what the import's round trip
    /// checks the manifest against (a library's AndroidManifest.xml without link filters is not).
    package var contributingFiles: Set<String> = []
    package var notes: [ImportedManifest.Note] = []
    /// What could not be read, and why: the import then writes nothing.
    package var problems: [(path: String, message: String)] = []

    package init() {}

    /// Reads `sources`, each as its file name says.
    package mutating func read(_ sources: [PlatformFileSource]) {
        for source in sources {
            guard let kind = source.kind else { continue }
            let file = PlatformFile.read(source, kind: kind, values: BuildValues(for: source, app: nil), evenOversized: true)
            let lines = LineIndex(source.file.bytes)
            for issue in file.issues {
                switch issue {
                case .malformed(let message, let range):
                    problems.append((source.file.path, "\(range.start.line):\(range.start.column): \(message)"))
                case .unexpected(let expected, let found, let range):
                    // The platform passes over what it does not read (an association with
                    // `webcredentials` only); so does the import, and says so.
                    notes.append(
                        .init(
                            .skipped, "expected \(expected), found \(found); the platform reads nothing there, nor does the import",
                            at: ImportOrigin(path: source.file.path, range: range, text: "")))
                case .unresolvedReference(let unresolved, let range):
                    // A host or path the build fills in: without its value the import cannot
                    // tell what the app claims.
                    problems.append(
                        (
                            source.file.path,
                            "\(range.start.line):\(range.start.column): '\(unresolved.reference)' has no value: \(unresolved.givenBy)"
                        ))
                case .rejectedPattern, .misleadingPattern, .oversizedAssociation, .ignoredDynamicRules:
                    // The pattern is imported as the platform reads it; lint reports the rest.
                    continue
                }
            }
            func origin(_ range: SourceRange, _ text: String) -> ImportOrigin {
                ImportOrigin(path: source.file.path, range: range, text: text)
            }
            switch file.content {
            case .association(let details)?:
                contributingFiles.insert(source.file.path)
                for detail in details {
                    for id in detail.appIDs {
                        add(id.value, to: \.appleAppIDs, what: "app ID", at: origin(id.range, id.value))
                    }
                    readComponents(detail.components, origin: origin)
                }
            case .entitlements(let domains)?:
                // The reader keeps the hosts of `applinks:` entries only.
                if !domains.isEmpty { contributingFiles.insert(source.file.path) }
                for domain in domains {
                    add(domain.value, to: \.hosts, what: "host", at: origin(domain.range, "applinks:" + domain.value))
                }
            case .assetLinks(let statements)?:
                if !statements.isEmpty { contributingFiles.insert(source.file.path) }
                for statement in statements {
                    if let package = statement.package {
                        setAndroidPackage(package.value, at: origin(package.range, package.value))
                    }
                    for fingerprint in statement.fingerprints {
                        add(fingerprint.value, to: \.fingerprints, what: "fingerprint", at: origin(fingerprint.range, fingerprint.value))
                    }
                }
            case .androidManifest(let filters)?:
                readManifestSettings(source, lines: lines)
                if readFilters(filters, origin: origin) { contributingFiles.insert(source.file.path) }
            case nil:
                continue
            }
        }
    }

    private mutating func readComponents(
        _ components: [PlatformFile.LocatedComponent], origin: (SourceRange, String) -> ImportOrigin
    ) {
        var depthBound: Int?
        for located in components {
            let component = located.component
            let text = component.path ?? "*"
            if component.exclude, let depth = LinkPatternConversion.appleDepthExclusion(text) {
                depthBound = min(depthBound ?? Int.max, depth - 1)
                continue
            }
            // Variables are written out: each value of a list, a wildcard for the predefined ones.
            let expanded = component.variables.expansions(of: text)
            var conversion = LinkPatternConversion(paths: [], approximation: nil)
            for pattern in expanded.patterns {
                let each = LinkPatternConversion.apple(pattern, depthBound: depthBound)
                conversion.paths += each.paths.filter { !conversion.paths.contains($0) }
                conversion.approximation = conversion.approximation ?? each.approximation
            }
            if expanded.patterns.isEmpty {
                conversion.approximation = "a substitution variable that is not defined, so the pattern matches no URL"
            } else if expanded.widened {
                conversion.approximation = conversion.approximation ?? "a substitution variable, which a route parameter claims more widely"
            }
            var requiredItems: [(name: String, value: String)] = []
            if component.query == nil, !component.queryItems.isEmpty, component.fragment == nil,
                let fixed = Self.fixedItems(component.queryItems)
            {
                // `"?": {"type": "users"}`: a required item of one listed value.
                requiredItems = fixed
            } else if component.query != nil || !component.queryItems.isEmpty {
                conversion.approximation = conversion.approximation ?? "a query filter that is not fixed values of named items"
            } else if component.fragment != nil {
                conversion.approximation = conversion.approximation ?? "a fragment filter, which routes do not have"
            } else if !component.caseSensitive {
                conversion.approximation = conversion.approximation ?? "'caseSensitive: false': route patterns match case-sensitively"
            }
            claims.append(
                Claim(
                    conversion: conversion, opensApp: !component.exclude, origin: origin(located.range, text), requiredItems: requiredItems)
            )
        }
    }

    /// The items of an AASA `?` dictionary as fixed values, sorted by name, when every value is
    /// one (no `*` or `?`, not empty: iOS reads a missing item as the empty string) and no name
    /// repeats; nil otherwise.
    static func fixedItems(_ items: [AppleLinkComponent.QueryItemPattern]) -> [(name: String, value: String)]? {
        var fixed: [(name: String, value: String)] = []
        for item in items {
            guard !item.pattern.isEmpty, !item.pattern.contains(where: { $0 == "*" || $0 == "?" }),
                !fixed.contains(where: { $0.name == item.name })
            else { return nil }
            fixed.append((item.name, item.pattern))
        }
        return fixed.sorted { $0.name < $1.name }
    }

    /// Reads the filters that take links; whether one takes https links.
    private mutating func readFilters(_ filters: [PlatformFile.LocatedFilter], origin: (SourceRange, String) -> ImportOrigin) -> Bool {
        var takesWebLinks = false
        for located in filters {
            let filter = located.filter
            guard
                filter.actions.contains(AndroidIntentFilter.viewAction) && filter.categories.contains(AndroidIntentFilter.browsableCategory)
            else { continue }
            let filterOrigin = origin(located.range, "<intent-filter>")
            for scheme in filter.schemes where scheme != "https" && scheme != "http" {
                add(scheme, to: \.schemes, what: "scheme", at: filterOrigin)
            }
            guard filter.schemes.contains("https") || filter.schemes.contains("http") else { continue }
            takesWebLinks = true
            if settings.androidActivity == nil {
                settings.androidActivity = located.activity
                notePlaceholder(located.activity, what: "activity", at: filterOrigin)
            } else if settings.androidActivity != located.activity {
                notes.append(
                    .init(
                        .skipped,
                        "links also open activity '\(located.activity)'; a manifest names one activity, '\(settings.androidActivity ?? "")'",
                        at: filterOrigin))
            }
            for (host, range) in zip(filter.hosts, located.hostRanges) {
                add(host, to: \.hosts, what: "host", at: origin(range, host))
            }
            if filter.paths.isEmpty && filter.groups.isEmpty {
                claims.append(
                    Claim(
                        conversion: LinkPatternConversion(paths: ["/", "/**"], approximation: nil), opensApp: true, origin: filterOrigin))
            }
            for (pattern, range) in zip(filter.paths, located.attributeRanges) {
                claims.append(
                    Claim(
                        conversion: .android(pattern), opensApp: true,
                        origin: origin(range, "android:\(pattern.kind.rawValue)=\"\(pattern.pattern)\"")))
            }
            var attribute = filter.paths.count
            for (group, range) in zip(filter.groups, located.groupRanges) {
                defer { attribute += group.filters.count }
                // A group of one path filter is that path, allowed or blocked; a group that
                // joins several filters (path and query) says what no route can.
                if group.filters.count == 1, let only = group.filters.first, only.part == .path {
                    let attributeRange = attribute < located.attributeRanges.count ? located.attributeRanges[attribute] : range
                    claims.append(
                        Claim(
                            conversion: .android(only.pattern), opensApp: group.allows,
                            origin: origin(attributeRange, "android:\(only.attributeName)=\"\(only.pattern.pattern)\"")))
                } else {
                    var conversion = LinkPatternConversion(paths: [], approximation: "a group that also filters the query or fragment")
                    if let path = group.paths.first { conversion.paths = LinkPatternConversion.android(path).paths }
                    claims.append(
                        Claim(conversion: conversion, opensApp: group.allows, origin: origin(range, "<uri-relative-filter-group>")))
                }
            }
        }
        return takesWebLinks
    }

    /// The namespace of Android's build tools' attributes and elements (`tools:validation`).
    static let toolsNamespace = "http://schemas.android.com/tools"

    /// The package and minimum SDK a source manifest may name — `package` (before AGP 7 moved
    /// it to `namespace` in Gradle) and `<uses-sdk android:minSdkVersion>` — and its test URLs.
    private mutating func readManifestSettings(_ source: PlatformFileSource, lines: LineIndex) {
        guard case .success(let document) = XMLDocument.read(source.file.bytes) else { return }
        var reader = PlatformFileReader(file: source.file.id, lines: lines)
        if let package = document.root.attribute("package", namespace: nil) {
            let range = reader.range(package.range)
            setAndroidPackage(
                package.value,
                at: ImportOrigin(path: source.file.path, range: range, text: package.value))
        }
        for usesSDK in document.root.children where usesSDK.localName == "uses-sdk" {
            if let minimum = usesSDK.attribute("minSdkVersion", namespace: PlatformFile.androidNamespace), let level = Int(minimum.value) {
                settings.minimumSDK = max(settings.minimumSDK ?? 0, level)
            }
        }
        for application in document.root.children where application.localName == "application" {
            for activity in application.children where activity.localName == "activity" || activity.localName == "activity-alias" {
                for validation in activity.children
                where validation.localName == "validation" && validation.namespace == Self.toolsNamespace {
                    guard
                        let url = validation.attribute("testUrl", namespace: nil)
                            ?? validation.attribute("testUrl", namespace: Self.toolsNamespace)
                    else { continue }
                    testURLs.append((url.value, ImportOrigin(path: source.file.path, range: reader.range(url.range), text: url.value)))
                }
            }
        }
    }

    /// Reads what a Gradle build file says of the app: `minSdk` (`minSdkVersion`), and the
    /// package as `applicationId`, else `namespace`. A value that is not a literal (a version
    /// catalog, a property) is reported and left out.
    package mutating func readBuildFile(_ file: SourceFile) {
        let lines = LineIndex(file.bytes)
        var namespace: (String, ImportOrigin)?
        var applicationID: (String, ImportOrigin)?
        for number in 1...max(1, lines.lineCount) {
            guard let line = lines.line(number) else { continue }
            let words = line.split(whereSeparator: { " \t=()".contains($0) })
            guard let key = words.first, words.count >= 2 else { continue }
            let value = String(words[1])
            let origin = ImportOrigin(
                path: file.path, line: number, column: 1 + line.prefix { $0 == " " || $0 == "\t" }.count, text: String(key))
            switch key {
            case "minSdk", "minSdkVersion":
                if let level = Int(value) {
                    settings.minimumSDK = max(settings.minimumSDK ?? 0, level)
                } else {
                    notes.append(.init(.skipped, "minSdk is '\(value)', not a number: set 'android.min-sdk' yourself", at: origin))
                }
            case "applicationId", "namespace":
                guard value.count >= 2, value.first == "\"" || value.first == "'", value.last == value.first else { continue }
                let name = String(value.dropFirst().dropLast())
                if key == "applicationId" {
                    applicationID = applicationID ?? (name, origin)
                } else {
                    namespace = namespace ?? (name, origin)
                }
            default:
                continue
            }
        }
        if let (name, origin) = applicationID ?? namespace { setAndroidPackage(name, at: origin) }
    }

    /// Keeps the `defines` that `sources` use, to write under `android.placeholders` (a
    /// `${NAME}` of an AndroidManifest.xml) and `ios.build-settings` (a `$(NAME)` or `${NAME}`
    /// of an entitlements file): `lint` of the manifest then reads the files as the import did.
    /// `applicationId` is `android.package`, written already.
    package mutating func keepDefines(_ defines: [String: String], usedBy sources: [PlatformFileSource]) {
        for (name, value) in defines.sorted(by: { $0.key < $1.key }) where name != "applicationId" {
            let texts = { (kind: PlatformFileKind) in
                sources.filter { $0.kind == kind }.map { String(decoding: $0.file.bytes, as: UTF8.self) }
            }
            if texts(.androidManifest).contains(where: { $0.contains("${\(name)}") }) { settings.placeholders.append((name, value)) }
            if texts(.entitlements).contains(where: { $0.contains("$(\(name))") || $0.contains("${\(name)}") }) {
                settings.buildSettings.append((name, value))
            }
        }
    }

    private mutating func setAndroidPackage(_ name: String, at origin: ImportOrigin) {
        if let androidPackage = settings.androidPackage, androidPackage != name {
            notes.append(.init(.skipped, "package '\(name)' differs from '\(androidPackage)', which is kept", at: origin))
            return
        }
        if settings.androidPackage == nil { notePlaceholder(name, what: "package", at: origin) }
        settings.androidPackage = name
    }

    private mutating func add(_ value: String, to list: WritableKeyPath<LinkSettings, [String]>, what: String, at origin: ImportOrigin) {
        guard !settings[keyPath: list].contains(value) else { return }
        notePlaceholder(value, what: what, at: origin)
        settings[keyPath: list].append(value)
    }

    private mutating func notePlaceholder(_ value: String, what: String, at origin: ImportOrigin) {
        guard let placeholder = Placeholder.find(in: value) else { return }
        notes.append(
            .init(
                .placeholder, "\(what) '\(value)' holds the placeholder \(placeholder), kept as written: put the real value in", at: origin)
        )
    }
}

/// Build-time placeholders that link files hold before a build fills them in.
package enum Placeholder {
    /// The first placeholder in `text`: `$(NAME)` (Xcode), `${name}` (Gradle manifest
    /// placeholders), `@string/name` and other `@type/name` resource references.
    package static func find(in text: String) -> String? {
        let characters = Array(text)
        for (index, character) in characters.enumerated() where character == "$" && index + 1 < characters.count {
            let close: Character? = characters[index + 1] == "(" ? ")" : characters[index + 1] == "{" ? "}" : nil
            if let close, let end = characters[(index + 2)...].firstIndex(of: close) {
                return String(characters[index...end])
            }
        }
        if text.hasPrefix("@"), text.contains("/") { return text }
        return nil
    }
}
