/// The route set the platform-file rules' examples share: one host, an app on each platform,
/// a root route and a parameter route.
enum PlatformExamples {
    static let manifest = """
        manifest: 1
        hosts: [example.com]
        ios: {app-ids: [ABCDE12345.com.example.app]}
        android: {package: com.example.app, cert-fingerprints: ["\(fingerprint)"], min-sdk: 31}
        activities: {main: {}}
        tabs: {home: {activity: main, index: 0, root: home, icon: house}}
        holders: {H: {}}
        routes:
          home: {path: /, holder: H}
          product: {path: /products/:id, activity: main, holder: H, entry: true}

        """

    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// An apple-app-site-association whose `components` are the text given.
    static func association(_ components: String, substitutionVariables: String? = nil) -> String {
        """
        {
          "applinks": {\(substitutionVariables.map { "\n    \"substitutionVariables\": \($0)," } ?? "")
            "details": [
              {
                "appIDs": ["ABCDE12345.com.example.app"],
                "components": [
        \(components)
                ]
              }
            ]
          }
        }

        """
    }

    /// The components that claim exactly the example's set.
    static let exactComponents = """
                  {"/": "/?*/?*/?*", "exclude": true},
                  {"/": "/products/?*"},
                  {"/": "/?*/?*", "exclude": true},
                  {"/": "/?*", "exclude": true},
                  {"/": "/"}
        """

    /// An AndroidManifest.xml whose one activity has the intent filters given.
    static func androidManifest(_ filters: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <application>
                <activity android:name=".MainActivity" android:exported="true">
        \(filters)
                </activity>
            </application>
        </manifest>

        """
    }

    /// An entitlements property list whose associated domains are the `<string>` lines given.
    static func entitlements(_ strings: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \(strings)
        \t</array>
        </dict>
        </plist>

        """
    }

    /// An https filter for example.com with the `<data>` lines given and `autoVerify` as given.
    static func webFilter(_ data: String, verified: Bool = true) -> String {
        """
                    <intent-filter\(verified ? " android:autoVerify=\"true\"" : "")>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="example.com" />
        \(data)
                    </intent-filter>
        """
    }

    static let exactData = """
                        <data android:path="/" />
                        <data android:pathAdvancedPattern="/products/[^/]+/{0,1}" />
        """

    /// An assetlinks.json of one statement for the example's app, with Dynamic App Links rules
    /// (the JSON text of `dynamic_app_link_components`'s value) when given.
    static func assetLinks(dynamicRules: String? = nil) -> String {
        let extensions =
            dynamicRules.map {
                """
                ,
                  "relation_extensions": {"delegate_permission/common.handle_all_urls": {
                    "dynamic_app_link_components": \($0)}}
                """
            } ?? ""
        return """
            [{
              "relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.app",
                         "sha256_cert_fingerprints": ["\(fingerprint)"]}\(extensions)
            }]

            """
    }

    /// The example's files: the manifest and one platform file.
    static func files(_ name: String, _ contents: String) -> RuleExample {
        RuleExample(files: [(name: "example.routes.yaml", contents: manifest), (name: name, contents: contents)])
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced: an example marked in place.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let found = firstOccurrence(of: target) else { return self }
        // Appended, not joined with `+`: `+` counts the characters of both sides first, which
        // in an example a megabyte long is 1 M instructions a call.
        var replaced = String(self[..<found.lowerBound])
        replaced.append(replacement)
        replaced.append(contentsOf: self[found.upperBound...])
        return replaced
    }
}
