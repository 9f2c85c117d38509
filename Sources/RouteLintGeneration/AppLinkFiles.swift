import RouteLintCore
import RouteLintPlatform

/// `routelint generate app-links`: the files through which each platform decides which links
/// open the app (docs/app-links.md), from the app's claimed set. The run then judges them as
/// `lint --platform-file` does (`GenerationRun`).
enum AppLinkFiles {
    /// The files, and what keeps one from being written.
    struct Output {
        var files: [GeneratedFile] = []
        var warnings: [RunMessage] = []
        /// Why the files cannot be written as the platform reads them (an apple-app-site-association
        /// over Apple's limit): nothing is written.
        var refusal: RunMessage?
    }

    static let associationFile = "apple-app-site-association"
    static let entitlementsFile = "associated-domains.entitlements"
    static let assetLinksFile = "assetlinks.json"
    static let androidManifestFile = "AndroidManifest.xml"

    /// The files for `app`: Apple's when it declares `ios`, Android's when it declares `android`.
    static func generate(_ app: AppModel, minimumSDK: Int?, sources: [String]) throws(RouterBlueprint.Problem) -> Output {
        let ios = app.iosSettings.isEmpty ? nil : app.iosAppIDs.map { app.text($0.value) }
        let android = app.android
        guard ios != nil || android != nil else {
            throw RouterBlueprint.Problem(
                description: "the app declares neither 'ios' nor 'android': add 'ios: {app-ids: [...]}' or 'android: {package: ...}'")
        }
        let hosts = app.hosts.map { app.text($0.value) }
        var output = Output()
        if hosts.isEmpty {
            output.warnings.append(RunMessage(.warning, "the app declares no 'hosts': no https link opens it, and the files claim none"))
        }
        if let appIDs = ios {
            let components = AppleAssociation.components(for: app)
            if appIDs.isEmpty {
                output.warnings.append(
                    RunMessage(
                        .warning,
                        "\(associationFile) is not written: 'ios' has no 'app-ids', and iOS opens no link through a file that names no app")
                )
            } else {
                let (text, fits) = association(appIDs: appIDs, components: components)
                if fits {
                    output.files.append(GeneratedFile(name: associationFile, contents: text))
                } else {
                    output.refusal = RunMessage(
                        .error,
                        "the \(associationFile) of these routes would be \(text.utf8.count) bytes (\(components.count) components), "
                            + "over the \(AppLinkLimits.maximumAssociationSize) bytes iOS reads, so iOS would ignore it and open no link; nothing is "
                            + "written: claim fewer paths — 'web: false' on routes the website serves, or one '**' route for a "
                            + "subtree the app opens whole")
                }
            }
            output.files.append(GeneratedFile(name: entitlementsFile, contents: entitlements(hosts: hosts, sources: sources)))
        }
        if let android {
            let segments = ClaimedSegments(app, spelling: .decoded)
            let level = minimumSDK ?? android.minimumSDK
            let rules = android.writesDynamicRules ? dynamicRules(segments, minimumSDK: level, app: app) : nil
            let filtered = rules.map { ClaimedSegments(app, spelling: .decoded, alsoClaimed: $0.carvedOut) } ?? segments
            let paths = AndroidLinkPaths.webPaths(filtered, minimumSDK: level, inexact: android.inexactClaims).attributes
            var filters: [AndroidIntentFilter] = []
            if !hosts.isEmpty && !paths.isEmpty {
                filters.append(
                    AndroidIntentFilter(
                        autoVerify: true, actions: [AndroidIntentFilter.viewAction],
                        categories: [AndroidIntentFilter.defaultCategory, AndroidIntentFilter.browsableCategory],
                        schemes: ["https"], hosts: hosts, paths: paths))
            }
            let schemes = app.schemes.map { app.text($0.value) }
            if !schemes.isEmpty {
                filters.append(
                    AndroidIntentFilter(
                        actions: [AndroidIntentFilter.viewAction],
                        categories: [AndroidIntentFilter.defaultCategory, AndroidIntentFilter.browsableCategory], schemes: schemes))
            }
            let activity = android.activity.map { app.text($0.value) } ?? AndroidSettings.defaultActivity
            output.files.append(
                GeneratedFile(name: androidManifestFile, contents: androidManifest(activity: activity, filters: filters, sources: sources)))
            let missing = [android.package == nil ? "'package'" : nil, android.certFingerprints.isEmpty ? "'cert-fingerprints'" : nil]
                .compactMap { $0 }
            if let package = android.package, missing.isEmpty {
                output.files.append(
                    GeneratedFile(
                        name: assetLinksFile,
                        contents: assetLinks(
                            package: app.text(package.value), fingerprints: android.certFingerprints.map { app.text($0.value) },
                            dynamicRules: rules?.rules ?? [])))
            } else {
                output.warnings.append(
                    RunMessage(
                        .warning,
                        "\(assetLinksFile) is not written: 'android' has no \(missing.joined(separator: " and ")), without which Android "
                            + "verifies no link"))
            }
        }
        return output
    }

    /// The Dynamic App Links rules of `android: {dynamic-rules: true}`: every URL the filters
    /// claim allowed (`{"/": "*"}`), which the website can then narrow with rules before it on
    /// Android 15+ without an app release. When every API level reads them (`minimumSDK` 35 or
    /// more), a `web: false` route that carves paths out of a web route's is excluded by rules
    /// instead, wherever a rule says its paths exactly: the filters then claim its paths too
    /// (`carvedOut`), and the website can hand them to the app later.
    private static func dynamicRules(_ claimed: ClaimedSegments, minimumSDK: Int, app: AppModel)
        -> (rules: [AndroidDynamicRule], carvedOut: Set<Int32>)
    {
        var excludes: [AndroidDynamicRule] = []
        var carvedOut = Set<Int32>()
        if minimumSDK >= AndroidIntentFilter.dynamicRulesIntroducedIn {
            for route in claimed.carveOuts.sorted() {
                guard let rules = AndroidDynamicRule.excluding(claimed.routes[Int(route)].path!.value, in: app) else { continue }
                excludes += rules
                carvedOut.insert(route)
            }
        }
        return (excludes + [AndroidDynamicRule.allowingEverything], carvedOut)
    }

    // MARK: - Apple

    /// The apple-app-site-association: indented with a comment per component when that fits
    /// Apple's limit, else one component a line without comments; a claimed set that does not
    /// fit even so is the compact text, with `fits` false.
    static func association(appIDs: [String], components: [AppleLinkComponent]) -> (text: String, fits: Bool) {
        let readable = indentedAssociation(appIDs: appIDs, components: components)
        if readable.utf8.count <= AppLinkLimits.maximumAssociationSize { return (readable, true) }
        let compact = compactAssociation(appIDs: appIDs, components: components)
        return (compact, compact.utf8.count <= AppLinkLimits.maximumAssociationSize)
    }

    /// One component a line, no comments, no other white space.
    static func compactAssociation(appIDs: [String], components: [AppleLinkComponent]) -> String {
        let ids = appIDs.map(JSONValue.quoted).joined(separator: ",")
        var text = "{\"applinks\":{\"details\":[{\"appIDs\":[\(ids)],\"components\":["
        for (index, component) in components.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"/\":" + JSONValue.quoted(component.path ?? "*")
            if !component.queryItems.isEmpty {
                let items = component.queryItems.map { JSONValue.quoted($0.name) + ":" + JSONValue.quoted($0.pattern) }
                text += ",\"?\":{" + items.joined(separator: ",") + "}"
            }
            text += component.exclude ? ",\"exclude\":true}" : "}"
        }
        return text + "\n]}]}}\n"
    }

    static func indentedAssociation(appIDs: [String], components: [AppleLinkComponent]) -> String {
        let componentValues = components.map { component -> JSONValue in
            var fields: [(String, JSONValue)] = [("/", .string(component.path ?? "*"))]
            if !component.queryItems.isEmpty {
                fields.append(("?", .object(component.queryItems.map { ($0.name, JSONValue.string($0.pattern)) })))
            }
            if component.exclude { fields.append(("exclude", .bool(true))) }
            if let comment = component.comment { fields.append(("comment", .string(comment))) }
            return .object(fields)
        }
        let document = JSONValue.object([
            (
                "applinks",
                .object([
                    (
                        "details",
                        .array([.object([("appIDs", .array(appIDs.map(JSONValue.string))), ("components", .array(componentValues))])])
                    )
                ])
            )
        ])
        return document.serialized() + "\n"
    }

    static func entitlements(hosts: [String], sources: [String]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            \(xmlComment(sources))
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>

            """
        for host in hosts { text += "\t\t<string>\(XMLText.escaped("applinks:" + host))</string>\n" }
        text += "\t</array>\n</dict>\n</plist>\n"
        return text
    }

    // MARK: - Android

    /// The statement that delegates `handle_all_urls` to the app, with its Dynamic App Links
    /// rules when there are.
    static func assetLinks(package: String, fingerprints: [String], dynamicRules: [AndroidDynamicRule] = []) -> String {
        let relation = "delegate_permission/common.handle_all_urls"
        var fields: [(String, JSONValue)] = [
            ("relation", .array([.string(relation)])),
            (
                "target",
                .object([
                    ("namespace", .string("android_app")),
                    ("package_name", .string(package)),
                    ("sha256_cert_fingerprints", .array(fingerprints.map(JSONValue.string))),
                ])
            ),
        ]
        if !dynamicRules.isEmpty {
            let components = JSONValue.array(dynamicRules.map(\.jsonValue))
            fields.append(("relation_extensions", .object([(relation, .object([("dynamic_app_link_components", components)]))])))
        }
        return JSONValue.array([.object(fields)]).serialized() + "\n"
    }

    static func androidManifest(activity: String, filters: [AndroidIntentFilter], sources: [String]) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            \(xmlComment(sources))
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <application>
                    <activity android:name="\(XMLText.escaped(activity))" android:exported="true">

            """
        for filter in filters {
            text += "            <intent-filter\(filter.autoVerify ? " android:autoVerify=\"true\"" : "")>\n"
            for action in filter.actions { text += "                <action android:name=\"\(action)\" />\n" }
            for category in filter.categories { text += "                <category android:name=\"\(category)\" />\n" }
            for scheme in filter.schemes { text += "                <data android:scheme=\"\(androidAttribute(scheme))\" />\n" }
            for host in filter.hosts { text += "                <data android:host=\"\(androidAttribute(host))\" />\n" }
            for path in filter.paths {
                text += "                <data android:\(path.kind.rawValue)=\"\(androidAttribute(path.pattern))\" />\n"
            }
            text += "            </intent-filter>\n"
        }
        text += "        </activity>\n    </application>\n</manifest>\n"
        return text
    }

    /// An attribute value as the Android resource compiler reads it back: its escapes
    /// (`\\`, `\"`, `\'`, `\@` and `\?` at the start, `\uXXXX` for white space and control
    /// characters) under XML's.
    static func androidAttribute(_ value: String) -> String {
        var text = ""
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "'": text += "\\'"
            case "@" where offset == 0, "?" where offset == 0:
                text += "\\" + String(scalar)
            default:
                if scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    text += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return XMLText.escaped(text)
    }

    /// The generated-file notice as an XML comment: `--` cannot occur inside one, nor can a
    /// control character anywhere in XML.
    private static func xmlComment(_ sources: [String]) -> String {
        let lines =
            [
                // The notice by which lint knows a file it finds stale was written here.
                PlatformFile.generatedNotice + " Do not edit: change the manifests and run",
                "`routelint generate app-links` again.",
            ] + sources.map { "  " + $0 }
        var body = ""
        for scalar in lines.map({ "     " + $0 }).joined(separator: "\n").unicodeScalars {
            body.unicodeScalars.append(scalar.value < 0x20 && scalar != "\n" ? "?" : scalar)
        }
        while body.contains("--") { body = body.replacing("--", with: "- -") }
        return "<!--" + body.dropFirst(4) + " -->"
    }
}

/// Text for XML character data and attribute values.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
