import RouteLintCore
import RouteLintPlatform

/// `unresolved-build-value`: a placeholder, resource reference or build setting of a source
/// platform file whose value routelint finds nowhere.
package enum UnresolvedBuildValueRule: PlatformRule {
    package static let description = RuleDescription(
        id: "unresolved-build-value",
        defaultSeverity: .error,
        summary: "A platform file's placeholder, string resource or build setting has a value nowhere routelint looks.",
        rationale: """
            An app's repository holds its link files before the build fills them in: \
            AndroidManifest.xml with manifest placeholders (`${applicationId}`, `${appHost}`) and \
            string resources (`@string/app_host`), an entitlements file with build settings \
            (`applinks:$(APP_LINK_HOST)`). routelint reads them as the build would: \
            `${applicationId}` is `android.package`, other placeholders come from \
            `android.placeholders`, `@string/NAME` from `values/*.xml` of the `res/` folder beside \
            the manifest and of the folders `android.resources` lists, build settings from \
            `ios.build-settings` (and `$(TeamIdentifierPrefix)` from `ios.app-ids`); `--define \
            NAME=VALUE` gives one for a build variant. A reference found nowhere is never read as \
            a literal host or path: what the file claims is unknown, so it is not compared with \
            the routes until the reference has a value — and the run is not clean.
            """,
        triggeringExamples: [
            PlatformExamples.files(
                "AndroidManifest.xml",
                PlatformExamples.androidManifest(
                    PlatformExamples.webFilter(PlatformExamples.exactData)
                        .replacingFirst(#"android:host="example.com""#, with: #"android:host="↓${appHost}""#))),
            PlatformExamples.files(
                "app.entitlements",
                PlatformExamples.entitlements("\t\t↓<string>applinks:$(APP_LINK_HOST)</string>")),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    name: "example.routes.yaml",
                    contents: PlatformExamples.manifest.replacingFirst(
                        "min-sdk: 31}", with: "min-sdk: 31, placeholders: {appHost: example.com}}")
                ),
                (
                    name: "AndroidManifest.xml",
                    contents: PlatformExamples.androidManifest(
                        PlatformExamples.webFilter(PlatformExamples.exactData)
                            .replacingFirst(#"android:host="example.com""#, with: #"android:host="${appHost}""#))
                ),
            ])
        ])

    package static func check(_ facts: PlatformFacts, into findings: inout FindingSink) {
        for issue in facts.issues {
            guard case .unresolvedReference(let unresolved, let range) = issue else { continue }
            findings.report(
                description,
                "'\(unresolved.reference)' has no value: \(unresolved.givenBy); the file is not compared with the routes until it has one",
                at: range, subjects: [FindingSubject(.value, unresolved.reference)])
        }
    }
}
