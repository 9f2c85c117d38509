#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys the format defines for one kind of mapping. Each is a closed enum: the decoder
/// switches over it without `default:`, so a key added here and not decoded is a compile error.
package protocol ManifestKey: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == UInt8 {
    /// The key as written in a manifest.
    var name: String { get }
    /// What the key means, in one line: for an editor's completion and hover.
    var summary: String { get }
    /// What its value is, as the decoder reads it: what `routelint schema` says of it.
    var value: KeyValue { get }
    /// Every key, in the format's order, stored once (`allCases` builds a new array per call).
    static var keys: [Self] { get }
    /// Every key's name, to find the key a mapping's key spells.
    static var spellings: KeySpellings { get }
}

/// The names of one kind of mapping's keys, found by their bytes: the candidates of a text's
/// length, most often one, compared byte for byte. A decoder looks up every key of every
/// entity, so this is the cost of a key read.
package struct KeySpellings: Sendable {
    /// The names' bytes, end to end.
    private let bytes: [UInt8]
    /// Where each name starts in `bytes`, by key position, and where the last one ends.
    private let starts: [Int]
    /// For each length, the positions of the names of that length.
    private let byLength: [[Int]]

    /// The spellings of `names`, by position.
    init(_ names: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var byLength: [[Int]] = []
        for (position, name) in names.enumerated() {
            starts.append(bytes.count)
            bytes.append(contentsOf: name.utf8)
            let length = name.utf8.count
            if byLength.count <= length { byLength += Array(repeating: [], count: length + 1 - byLength.count) }
            byLength[length].append(position)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.byLength = byLength
    }

    /// The position of the name `text` spells, if one does.
    func position(of text: ArraySlice<UInt8>) -> Int? {
        guard text.count < byLength.count else { return nil }
        return text.withUnsafeBufferPointer { text in
            bytes.withUnsafeBufferPointer { bytes in
                byLength[text.count].first { position in
                    text.isEmpty || memcmp(bytes.baseAddress! + starts[position], text.baseAddress!, text.count) == 0
                }
            }
        }
    }
}

extension ManifestKey {
    /// Every key's name, in the format's order.
    package static var names: [String] { keys.map(\.name) }

    /// The key spelt by `bytes`, if the format defines one: the names of its length, most often
    /// one, compared byte for byte, which costs less than hashing.
    static func named(_ bytes: ArraySlice<UInt8>) -> Self? {
        spellings.position(of: bytes).map { keys[$0] }
    }
}

/// What a key's value is, as the decoder reads it (docs/usage.md, "Manifests"): the words of
/// `routelint schema`. Each key table says it beside the key's name and summary, so that the
/// schema is made from the tables the decoder switches over.
package indirect enum KeyValue: Sendable {
    /// `manifest`: the integer 1.
    case formatVersion
    /// Any string.
    case text
    /// The name of an activity, tab, holder or route: `[A-Za-z_][A-Za-z0-9_.-]*`.
    case name
    /// A path parameter's name: `[A-Za-z_][A-Za-z0-9_]*`.
    case parameterName
    /// A path pattern (`invalid-path` says what is wrong with one).
    case path
    /// `true` or `false`.
    case boolean
    /// An integer of 0 or more.
    case index
    /// An Android API level, 1 to 1000.
    case apiLevel
    /// One of these strings.
    case choice([String])
    /// A custom URL scheme: a letter, then letters, digits, `+`, `.` and `-`.
    case scheme
    /// A host name, or `*.` and a host name.
    case host
    /// An app ID: a team ID of 10 letters and digits, a dot, and a bundle ID.
    case appID
    /// A Java package name (two identifiers at least), or a class name, which may start with a dot.
    case androidName(allowsLeadingDot: Bool)
    /// A SHA-256 fingerprint: 32 hex bytes joined by colons.
    case certificateFingerprint
    /// An absolute URL: a scheme, `:`, and more, with no white space or control character.
    case url
    /// A list of values of one kind; null is empty.
    case list(KeyValue)
    /// A section: entity name → mapping of the entity's keys; null is empty.
    case entities(EntityKind)
    /// A mapping of the settings keys of a table (`ios`, `android`).
    case settings(any ManifestKey.Type)
    /// A route's `params`: parameter name → type.
    case parameterTypes
    /// A route's `query`: item name → type, or `QueryItemKey`s.
    case queryItems
    /// A type: `string`, `int`, `uuid`, or a list of distinct, non-empty values.
    case type
    /// Names and the values a build gives them (`{appHost: shop.example.com}`): manifest
    /// placeholders or build settings.
    case buildValues
    /// A query item's `default`: a string or an integer.
    case defaultValue
}

/// The keys an entity was written with, whatever their values: what tells a field that is
/// absent from one whose value could not be read.
package struct KeySet<Key: ManifestKey>: Sendable, Equatable {
    private var bits: UInt32 = 0

    /// No key.
    package init() {}

    /// Whether `key` is in the set.
    package func contains(_ key: Key) -> Bool { bits & (1 << UInt32(key.rawValue)) != 0 }

    mutating func insert(_ key: Key) { bits |= 1 << UInt32(key.rawValue) }
}

/// The keys of a manifest's top level.
package enum TopLevelKey: UInt8, ManifestKey {
    /// `manifest`, `app`, `schemes`, `hosts`, `activities`, `tabs`, `holders`, `routes`, `ios`, `android`.
    case manifest, app, schemes, hosts, activities, tabs, holders, routes, ios, android

    package var name: String {
        switch self {
        case .manifest: return "manifest"
        case .app: return "app"
        case .schemes: return "schemes"
        case .hosts: return "hosts"
        case .activities: return "activities"
        case .tabs: return "tabs"
        case .holders: return "holders"
        case .routes: return "routes"
        case .ios: return "ios"
        case .android: return "android"
        }
    }

    package var summary: String {
        switch self {
        case .manifest: return "Format version of the manifest; only 1 exists. Required."
        case .app: return "App name: files with the same value form one app."
        case .schemes: return "Custom URL schemes for deep links, such as `myapp`."
        case .hosts: return "Universal-link hosts, such as `myapp.com` or `*.myapp.com`."
        case .activities: return "App contexts, each with its own tab set: name → activity."
        case .tabs: return "Tabs of the activities' tab bars: name → tab."
        case .holders: return "Owners of the routes' ViewModels and DI scopes: name → holder."
        case .routes: return "Screens and their URL path patterns: id → route."
        case .ios: return "The iOS app's universal-link settings: `app-ids`."
        case .android:
            return
                "The Android app's App Link settings: `package`, `activity`, `cert-fingerprints`, `min-sdk`, `inexact`, `dynamic-rules`, "
                + "`resources`, `placeholders`."
        }
    }

    package var value: KeyValue {
        switch self {
        case .manifest: return .formatVersion
        case .app: return .text
        case .schemes: return .list(.scheme)
        case .hosts: return .list(.host)
        case .activities: return .entities(.activity)
        case .tabs: return .entities(.tab)
        case .holders: return .entities(.holder)
        case .routes: return .entities(.route)
        case .ios: return .settings(IOSKey.self)
        case .android: return .settings(AndroidKey.self)
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of an activity.
package enum ActivityKey: UInt8, ManifestKey {
    /// `title`, `icon`, `default-tab`.
    case title, icon, defaultTab

    package var name: String {
        switch self {
        case .title: return "title"
        case .icon: return "icon"
        case .defaultTab: return "default-tab"
        }
    }

    package var summary: String {
        switch self {
        case .title: return "Display name of the activity."
        case .icon: return "Symbol name of the activity's icon."
        case .defaultTab: return "Tab shown when switching to the activity; else its tab `home`, else its lowest index."
        }
    }

    package var value: KeyValue {
        switch self {
        case .title, .icon: return .text
        case .defaultTab: return .name
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of a tab.
package enum TabKey: UInt8, ManifestKey {
    /// `activity`, `index`, `root`, `icon`, `title`.
    case activity, index, root, icon, title

    package var name: String {
        switch self {
        case .activity: return "activity"
        case .index: return "index"
        case .root: return "root"
        case .icon: return "icon"
        case .title: return "title"
        }
    }

    /// Whether a tab must have the field.
    package var isRequired: Bool {
        switch self {
        case .activity, .index, .root, .icon: return true
        case .title: return false
        }
    }

    package var summary: String {
        switch self {
        case .activity: return "The activity whose tab bar shows the tab. Required."
        case .index: return "Position in the activity's tab bar, 0 or more. Required."
        case .root: return "Route shown at the root of the tab's navigation stack. Required."
        case .icon: return "Symbol name of the tab's icon. Required."
        case .title: return "Title of the tab; the tab's name, capitalised, when absent."
        }
    }

    package var value: KeyValue {
        switch self {
        case .activity, .root: return .name
        case .index: return .index
        case .icon, .title: return .text
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of a holder.
package enum HolderKey: UInt8, ManifestKey {
    /// `scope`, `params`, `parent`.
    case scope, params, parent

    package var name: String {
        switch self {
        case .scope: return "scope"
        case .params: return "params"
        case .parent: return "parent"
        }
    }

    package var summary: String {
        switch self {
        case .scope: return "Lifetime: `route` (the default), `tab`, `activity` or `app`."
        case .params: return "Route parameters the holder needs to be created."
        case .parent: return "Holder whose scope encloses this one (the parent DI scope)."
        }
    }

    package var value: KeyValue {
        switch self {
        case .scope: return .choice(HolderScope.allCases.map(\.rawValue))
        case .params: return .list(.parameterName)
        case .parent: return .name
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of a route.
package enum RouteKey: UInt8, ManifestKey {
    /// `path`, `activity`, `holder`, `links`, `presentation`, `stacked`, `entry`, `requires-auth`, `feature`, `fallback`, `sends`, `observes`, `web`, `params`, `query`, `up`, `in-app`, `aliases`, `examples`.
    case path, activity, holder, links, presentation, stacked, entry, requiresAuth, feature, fallback, sends, observes, web, params, query,
        up, inApp, aliases, examples

    package var name: String {
        switch self {
        case .path: return "path"
        case .activity: return "activity"
        case .holder: return "holder"
        case .links: return "links"
        case .presentation: return "presentation"
        case .stacked: return "stacked"
        case .entry: return "entry"
        case .requiresAuth: return "requires-auth"
        case .feature: return "feature"
        case .fallback: return "fallback"
        case .sends: return "sends"
        case .observes: return "observes"
        case .web: return "web"
        case .params: return "params"
        case .query: return "query"
        case .up: return "up"
        case .inApp: return "in-app"
        case .aliases: return "aliases"
        case .examples: return "examples"
        }
    }

    package var summary: String {
        switch self {
        case .path: return "URL path pattern, such as `/products/:id`; without one the route opens only through `links`."
        case .activity: return "The route's activity; a tab's root route has its tab's."
        case .holder: return "The holder bound to the route. Required."
        case .links: return "Routes this route can open."
        case .presentation: return "How the route is shown: `push` (the default), `sheet` or `fullscreen`."
        case .stacked: return "A `sheet` or `fullscreen` route gets its own navigation stack, so it can push."
        case .entry: return "Opened from outside the tab graph: a deep link, a notification, a widget."
        case .requiresAuth: return "The route needs a signed-in user."
        case .feature: return "Feature flag that gates the route."
        case .fallback: return "Route shown instead when the feature flag is off."
        case .sends: return "Context types the route sends to its ancestors (selection results, form completion)."
        case .observes: return "Context types the route receives from its descendants."
        case .web: return "Whether the route's path is claimed as a universal link and App Link on the app's `hosts` (default true)."
        case .params:
            return "Types of the path's `:name` parameters: `string` (the default), `int`, `uuid` or a list of values, such as `{id: int}`."
        case .query:
            return "Query items the route reads: name → type, or `{type, required, default}`, such as `{ref: string}`."
        case .up:
            return "The route just below this one on a link's back stack; it must list this route in its `links`."
        case .inApp:
            return "Whether only the app's own navigation opens the route: no link with a scheme or host does (default false)."
        case .aliases:
            return "Former paths that still open the route, with the same parameters as its `path`, such as `[/items/:id]`."
        case .examples:
            return
                "URLs of the app that open the route, such as `[https://shop.example.com/products/42]`; `lint` checks each."
        }
    }

    package var value: KeyValue {
        switch self {
        case .path: return .path
        case .aliases: return .list(.path)
        case .examples: return .list(.url)
        case .activity, .holder, .fallback, .up: return .name
        case .links, .sends, .observes: return .list(.name)
        case .presentation: return .choice(Presentation.allCases.map(\.rawValue))
        case .stacked, .entry, .requiresAuth, .web, .inApp: return .boolean
        case .feature: return .text
        case .params: return .parameterTypes
        case .query: return .queryItems
        }
    }

    /// Whether a route must have the field. (`activity` too, unless the route is a tab's
    /// root: a fact of the whole app, which the schema of one file cannot state.)
    package var isRequired: Bool { self == .holder }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of an item of a route's `query` written in full.
package enum QueryItemKey: UInt8, ManifestKey {
    /// `type`, `required`, `default`.
    case type, required, `default`

    package var name: String {
        switch self {
        case .type: return "type"
        case .required: return "required"
        case .default: return "default"
        }
    }

    package var summary: String {
        switch self {
        case .type: return "The item's type: `string` (the default), `int`, `uuid` or a list of values."
        case .required: return "Whether a URL must carry the item to open the route (default false)."
        case .default: return "The value the route takes when the item is absent; of the item's type, never with `required: true`."
        }
    }

    package var value: KeyValue {
        switch self {
        case .type: return .type
        case .required: return .boolean
        case .default: return .defaultValue
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of the top-level `ios` mapping.
package enum IOSKey: UInt8, ManifestKey {
    /// `app-ids`, `build-settings`.
    case appIDs, buildSettings

    package var name: String {
        switch self {
        case .appIDs: return "app-ids"
        case .buildSettings: return "build-settings"
        }
    }

    package var summary: String {
        switch self {
        case .appIDs: return "App IDs of the apple-app-site-association: `TEAMID.bundle.id`, the team ID being 10 letters and digits."
        case .buildSettings:
            return "Build settings an entitlements file uses, as `$(NAME)` or `${NAME}` (`{APP_LINK_HOST: shop.example.com}`): "
                + "the values of the configuration linted; `--define NAME=VALUE` overrides one."
        }
    }

    package var value: KeyValue {
        switch self {
        case .appIDs: return .list(.appID)
        case .buildSettings: return .buildValues
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}

/// The keys of the top-level `android` mapping.
package enum AndroidKey: UInt8, ManifestKey {
    /// `package`, `activity`, `cert-fingerprints`, `min-sdk`, `inexact`, `dynamic-rules`, `resources`, `placeholders`.
    case package, activity, certFingerprints, minSDK, inexact, dynamicRules, resources, placeholders

    package var name: String {
        switch self {
        case .package: return "package"
        case .activity: return "activity"
        case .certFingerprints: return "cert-fingerprints"
        case .minSDK: return "min-sdk"
        case .inexact: return "inexact"
        case .dynamicRules: return "dynamic-rules"
        case .resources: return "resources"
        case .placeholders: return "placeholders"
        }
    }

    package var summary: String {
        switch self {
        case .package: return "The app's package name (application ID), such as `com.example.shop`; assetlinks.json names it."
        case .activity: return "The activity the App Link intent filters are declared on (default `.MainActivity`)."
        case .certFingerprints: return "SHA-256 fingerprints of the app's signing certificates, as 32 colon-separated hex bytes."
        case .minSDK: return "The lowest Android API level the app runs on (default 26): it decides which filter attributes are read."
        case .inexact:
            return "Where an API level cannot claim the routes exactly (below 31): `claim-less` (default) leaves those URLs to the "
                + "website, `claim-more` opens them in the app, which hands the ones it cannot route to the browser."
        case .dynamicRules:
            return "Whether `generate app-links` writes Dynamic App Links rules into assetlinks.json (default false): Android 15+ "
                + "then lets the website narrow the links without an app release, and with `min-sdk` 35 or more the rules carve "
                + "out `web: false` routes."
        case .resources:
            return "Resource folders (`app/src/release/res`, relative to this file) whose `values/*.xml` give the "
                + "`@string/NAME` references of AndroidManifest.xml, after the `res/` beside it; a later folder overrides."
        case .placeholders:
            return "Manifest placeholders of AndroidManifest.xml, `${NAME}` (`{appHost: shop.example.com}`), as Gradle's "
                + "`manifestPlaceholders` sets them; `${applicationId}` is `package`. `--define NAME=VALUE` overrides one."
        }
    }

    package var value: KeyValue {
        switch self {
        case .package: return .androidName(allowsLeadingDot: false)
        case .activity: return .androidName(allowsLeadingDot: true)
        case .certFingerprints: return .list(.certificateFingerprint)
        case .minSDK: return .apiLevel
        case .inexact: return .choice(InexactClaims.allCases.map(\.rawValue))
        case .dynamicRules: return .boolean
        case .resources: return .list(.text)
        case .placeholders: return .buildValues
        }
    }

    package static let keys = Array(allCases)
    package static let spellings = KeySpellings(keys.map(\.name))
}
