/// A name or text of a manifest: its symbol in the run's `SymbolTable`, and where it was
/// written.
package typealias LocatedName = Located<Symbol>

/// A list of names — `links`, `sends`, `observes`, `params` — as a range of a pool of names
/// (the manifest's, or the app's once merged): a route costs no array of its own.
package struct NameList: Sendable, Equatable {
    let start: UInt32
    let end: UInt32

    /// No names.
    package static let empty = NameList(start: 0, end: 0)

    /// How many names.
    package var count: Int { Int(end - start) }
    /// Whether there is none.
    package var isEmpty: Bool { start == end }

    var range: Range<Int> { Int(start)..<Int(end) }

    func offset(by amount: UInt32) -> NameList { isEmpty ? self : NameList(start: start + amount, end: end + amount) }
}

/// The typed content of one manifest file (docs/usage.md, "Manifests"). Every value keeps the source
/// range it was read from; a value that was absent or could not be read is nil or missing.
/// Names are symbols of the file's own table until the file joins an app, and of the run's
/// table from then on.
package struct Manifest: Sendable {
    /// The file the manifest was read from.
    package let file: FileID
    /// `manifest`: the format version.
    package var version: Located<Int>?
    /// `app`: the app the file belongs to; files without one form the unnamed app.
    package var app: LocatedName?
    /// `schemes`: custom URL schemes for deep links.
    package var schemes: [LocatedName] = []
    /// `hosts`: universal-link hosts.
    package var hosts: [LocatedName] = []
    /// `activities`, in declaration order.
    package var activities = EntityList<Activity>()
    /// `tabs`, in declaration order.
    package var tabs = EntityList<Tab>()
    /// `holders`, in declaration order.
    package var holders = EntityList<Holder>()
    /// `routes`, in declaration order.
    package var routes = EntityList<Route>()
    /// Whether some route declares `aliases`: most sets have none, and the passes over them
    /// are skipped.
    package var hasAliases = false
    /// Whether some route declares `examples`: most sets have none, and their check is skipped.
    package var hasExamples = false
    /// `ios`: the iOS app's universal-link settings, when the file declares them.
    package var ios: IOSSettings?
    /// `android`: the Android app's App Link settings, when the file declares them.
    package var android: AndroidSettings?
    /// The items of every `NameList` of the file's entities.
    package var names: [LocatedName] = []
    /// Whether the top level is a mapping with a `manifest` key, and where a missing one would go.
    package var versionKey = VersionKey.notApplicable

    /// Where the `manifest` key is, or that it is missing.
    package enum VersionKey: Sendable, Equatable {
        /// The file has the key (its value may still be invalid).
        case present
        /// The top level is a mapping without the key; the range is the mapping's start.
        case missing(at: SourceRange)
        /// The file holds no content, or only null: at the file's start, or the null's.
        case emptyDocument(at: SourceRange)
        /// The top level is not a mapping: that is reported, and nothing more about it.
        case notApplicable
    }

    /// An empty manifest of `file`.
    package init(file: FileID) {
        self.file = file
    }
}

/// An app context with its own tab set.
package struct Activity: Sendable {
    /// The mapping key that declares the activity.
    package internal(set) var name: LocatedName
    /// `title`: the display name.
    package var title: LocatedName?
    /// `icon`: a symbol name.
    package var icon: LocatedName?
    /// `default-tab`: the tab shown when the app switches to the activity.
    package var defaultTab: LocatedName?

    /// Where the entity's fields end (see `DeclaredEntity.extent`).
    package var extentEnd: SourcePosition

    /// An activity named `name`, with nothing else declared.
    package init(name: LocatedName) {
        self.name = name
        extentEnd = name.range.end
    }
}

/// A tab: an entry of an activity's tab bar, with the route at the root of its stack.
package struct Tab: Sendable {
    /// The tab's name.
    package internal(set) var name: LocatedName
    /// `activity`: the activity whose tab bar shows it.
    package var activity: LocatedName?
    /// `index`: its position in that tab bar.
    package var index: Located<Int>?
    /// `root`: the route at the root of its navigation stack.
    package var root: LocatedName?
    /// `icon`: a symbol name.
    package var icon: LocatedName?
    /// `title`: the display name (default: the name, capitalised).
    package var title: LocatedName?
    /// The keys the tab was written with, valid or not.
    package var written = KeySet<TabKey>()

    /// Where the entity's fields end (see `DeclaredEntity.extent`).
    package var extentEnd: SourcePosition

    /// A tab named `name`, with nothing else declared.
    package init(name: LocatedName) {
        self.name = name
        extentEnd = name.range.end
    }
}

/// The lifetime of a holder's scope, from narrowest to widest.
package enum HolderScope: String, CaseIterable, Comparable, Sendable {
    /// From the narrowest lifetime to the widest.
    case route, tab, activity, app

    private var rank: Int {
        switch self {
        case .route: return 0
        case .tab: return 1
        case .activity: return 2
        case .app: return 3
        }
    }

    package static func < (lhs: HolderScope, rhs: HolderScope) -> Bool { lhs.rank < rhs.rank }
}

/// Owns a route's ViewModel and DI scope.
package struct Holder: Sendable {
    /// The holder's name.
    package internal(set) var name: LocatedName
    /// `scope`: its lifetime (default `route`).
    package var scope: Located<HolderScope>?
    /// `params`: the route parameters it needs to be created.
    package var params = NameList.empty
    /// `parent`: the holder whose scope encloses this one.
    package var parent: LocatedName?

    /// Where the entity's fields end (see `DeclaredEntity.extent`).
    package var extentEnd: SourcePosition

    /// A holder named `name`, with nothing else declared.
    package init(name: LocatedName) {
        self.name = name
        extentEnd = name.range.end
    }

    /// The scope, `route` when none is written.
    package var effectiveScope: HolderScope { scope?.value ?? .route }
}

/// What Android's intent filters claim on the API levels that cannot express an app's claimed
/// set exactly (below 31, a `pathPattern` cannot hold a parameter to one segment).
package enum InexactClaims: String, CaseIterable, Sendable {
    /// The largest part the level can claim exactly: the other URLs open the website.
    case claimLess = "claim-less"
    /// The smallest set the level can claim that holds them all: every route's URLs open the
    /// app, and so do some that no route opens, which the app hands to the browser.
    case claimMore = "claim-more"
}

/// A type as a manifest writes it, for a path parameter (`params`) or a query item (`query`)
/// (docs/usage.md, "Parameter types and query items").
package enum DeclaredType: Sendable, Equatable {
    /// Any non-empty value.
    case string
    /// An optional `-` then 1 to 18 ASCII digits.
    case int
    /// 8-4-4-4-12 hexadecimal digits.
    case uuid
    /// Exactly one of these values, in the order written.
    case listed([DeclaredValue])

    /// The type's names as a manifest writes them, beside a list of values.
    package static let names = ["string", "int", "uuid"]

    /// The types other routers and languages name otherwise, and what they are here.
    static let synonyms = [
        "integer": "int", "number": "int", "long": "int", "int64": "int", "str": "string", "text": "string", "guid": "uuid",
    ]

    /// The type's name that `text`, which names none, is read as: another router's or
    /// language's name for it (`integer`), else the nearest name (`unt`); nil when none is near.
    package static func nameMeant(by text: String) -> String? {
        synonyms[text.lowercased()] ?? Suggestion.nearest(to: text, among: names)
    }

    /// What the type named `name` accepts, in one line: for an editor's completion and hover.
    package static func summary(of name: String) -> String? {
        switch name {
        case "string": return "Any non-empty value; for a path parameter, any one segment. The default."
        case "int": return "An optional `-` then 1 to 18 ASCII digits, leading zeros allowed: `Int` in Swift, `Long` in Kotlin."
        case "uuid": return "8-4-4-4-12 hexadecimal digits, either case: a UUID."
        default: return nil
        }
    }

    /// The values the type accepts.
    package var values: ValueSet {
        switch self {
        case .string: return .any
        case .int: return .integer
        case .uuid: return .uuid
        case .listed(let values): return .listing(values.map(\.value))
        }
    }

    /// `int`, `[users, repos]`: the type as a message names it.
    package func description(_ text: (Symbol) -> String) -> String { valueType(text).description }

    func renumbered(_ mapping: [Symbol]) -> DeclaredType {
        guard case .listed(let values) = self else { return self }
        return .listed(
            values.map { value in
                DeclaredValue(
                    text: value.text.renumbered(mapping),
                    value: ListedValue(segment: mapping[Int(value.value.segment.index)], shape: value.value.shape))
            })
    }
}

/// One value of a listed type: as written, and as matching compares it.
package struct DeclaredValue: Sendable, Equatable {
    /// The value as written, and where.
    package let text: LocatedName
    /// The value as a segment spells it, and its shape.
    package let value: ListedValue
}

/// A type and where it is written.
package struct TypeDeclaration: Sendable, Equatable {
    /// The type.
    package let type: DeclaredType
    /// Where it is written: the scalar, or the list of values.
    package let range: SourceRange
}

/// A name and the value a build gives it: a manifest placeholder (`${NAME}`) or a build
/// setting (`$(NAME)`), as `android.placeholders` and `ios.build-settings` write them.
package struct BuildValue: Sendable, Equatable {
    /// The name, as the key writes it.
    package let name: Located<String>
    /// The value's text.
    package let value: Located<String>

    package init(name: Located<String>, value: Located<String>) {
        self.name = name
        self.value = value
    }
}

/// An entry of a route's `params`: a path parameter's name and type.
package struct ParameterType: Sendable, Equatable {
    /// The parameter's name, as the key writes it.
    package var name: LocatedName
    /// Its type.
    package var type: TypeDeclaration
}

/// An entry of a route's `query`: an item the route reads.
package struct QueryItem: Sendable, Equatable {
    /// The item's name, as the key writes it.
    package var name: LocatedName
    /// `type` (or the entry's value when it is written as a type alone); nil when the long
    /// form leaves it out: `string`.
    package var type: TypeDeclaration?
    /// `required` (default false).
    package var required: Located<Bool>?
    /// `default`: the value the route takes when the item is absent, as written.
    package var defaultValue: LocatedName?

    /// An item named `name` of type `string`, optional, without a default.
    package init(name: LocatedName) {
        self.name = name
    }

    /// Whether a URL must carry the item.
    package var isRequired: Bool { required?.value ?? false }
    /// The item's type, `string` when none is written.
    package var effectiveType: DeclaredType { type?.type ?? .string }
    /// What the item asks of a URL.
    package var constraint: QueryItemSet { QueryItemSet(allowsAbsence: !isRequired, values: effectiveType.values) }
}

/// How a route is shown.
package enum Presentation: String, CaseIterable, Sendable {
    /// Pushed on the stack, as a sheet, or full screen.
    case push, sheet, fullscreen
}

/// A route: a screen the app can show, with its URL path pattern and holder.
///
/// The fields most routes leave out (from `presentation` to `hasUndecidedType`) are kept in a
/// list of those the route sets, which a route that sets none of them does not allocate: such
/// a route takes less than half the memory it would with every field in place.
package struct Route: Sendable {
    /// The route's id.
    package internal(set) var id: LocatedName
    /// The path, when it is a valid pattern. (An invalid one is reported by `invalid-path`;
    /// `written` still says the route has one.)
    package var path: Located<PathPattern>?
    /// `activity`: the activity it belongs to (a tab root takes its tab's).
    package var activity: LocatedName?
    /// `holder`: the holder bound to it.
    package var holder: LocatedName?
    /// `links`: the routes it can open.
    package var links = NameList.empty
    /// The keys the route was written with, valid or not.
    package var written = KeySet<RouteKey>()

    /// Where the entity's fields end (see `DeclaredEntity.extent`).
    package var extentEnd: SourcePosition

    /// The optional fields the route sets, one entry each, in no order: most routes set none,
    /// and an empty array takes no allocation.
    private var optionalFields: [OptionalRouteField] = []

    /// A route whose id is `id`, with nothing else declared.
    package init(id: LocatedName) {
        self.id = id
        extentEnd = id.range.end
    }

    /// `presentation` (default `push`).
    package var presentation: Located<Presentation>? {
        get { if case .presentation(let value)? = optionalField(.presentation) { value } else { nil } }
        set { setOptionalField(.presentation, to: newValue.map(OptionalRouteField.presentation)) }
    }
    /// `stacked`: a sheet or full-screen route with its own navigation stack.
    package var stacked: Located<Bool>? {
        get { if case .stacked(let value)? = optionalField(.stacked) { value } else { nil } }
        set { setOptionalField(.stacked, to: newValue.map(OptionalRouteField.stacked)) }
    }
    /// `entry`: opened from outside the tab graph.
    package var entry: Located<Bool>? {
        get { if case .entry(let value)? = optionalField(.entry) { value } else { nil } }
        set { setOptionalField(.entry, to: newValue.map(OptionalRouteField.entry)) }
    }
    /// `requires-auth`: needs a signed-in user.
    package var requiresAuth: Located<Bool>? {
        get { if case .requiresAuth(let value)? = optionalField(.requiresAuth) { value } else { nil } }
        set { setOptionalField(.requiresAuth, to: newValue.map(OptionalRouteField.requiresAuth)) }
    }
    /// `feature`: the feature flag that gates it.
    package var feature: LocatedName? {
        get { if case .feature(let value)? = optionalField(.feature) { value } else { nil } }
        set { setOptionalField(.feature, to: newValue.map(OptionalRouteField.feature)) }
    }
    /// `fallback`: the route shown instead when the flag is off.
    package var fallback: LocatedName? {
        get { if case .fallback(let value)? = optionalField(.fallback) { value } else { nil } }
        set { setOptionalField(.fallback, to: newValue.map(OptionalRouteField.fallback)) }
    }
    /// `up`: the route just below it on a link's back stack (docs/code-generation.md, "Navigation plans").
    package var up: LocatedName? {
        get { if case .up(let value)? = optionalField(.up) { value } else { nil } }
        set { setOptionalField(.up, to: newValue.map(OptionalRouteField.up)) }
    }
    /// `sends`: context types it sends to its ancestors.
    package var sends: NameList {
        get { if case .sends(let value)? = optionalField(.sends) { value } else { .empty } }
        set { setOptionalField(.sends, to: newValue.isEmpty ? nil : .sends(newValue)) }
    }
    /// `observes`: context types it receives from its descendants.
    package var observes: NameList {
        get { if case .observes(let value)? = optionalField(.observes) { value } else { .empty } }
        set { setOptionalField(.observes, to: newValue.isEmpty ? nil : .observes(newValue)) }
    }
    /// `web`: whether the route's path is claimed on the app's `hosts` (default true).
    package var web: Located<Bool>? {
        get { if case .web(let value)? = optionalField(.web) { value } else { nil } }
        set { setOptionalField(.web, to: newValue.map(OptionalRouteField.web)) }
    }
    /// `in-app`: whether only the app's own navigation opens the route (default false).
    package var inApp: Located<Bool>? {
        get { if case .inApp(let value)? = optionalField(.inApp) { value } else { nil } }
        set { setOptionalField(.inApp, to: newValue.map(OptionalRouteField.inApp)) }
    }
    /// `aliases`: former paths that still open the route, those that are valid patterns.
    package var aliases: [Located<PathPattern>] {
        get { if case .aliases(let value)? = optionalField(.aliases) { value } else { [] } }
        set { setOptionalField(.aliases, to: newValue.isEmpty ? nil : .aliases(newValue)) }
    }
    /// `params`: the types of the path's parameters, as written; an unlisted one is `string`.
    package var params: [ParameterType] {
        get { if case .params(let value)? = optionalField(.params) { value } else { [] } }
        set { setOptionalField(.params, to: newValue.isEmpty ? nil : .params(newValue)) }
    }
    /// `query`: the query items the route reads, as written.
    package var query: [QueryItem] {
        get { if case .query(let value)? = optionalField(.query) { value } else { [] } }
        set { setOptionalField(.query, to: newValue.isEmpty ? nil : .query(newValue)) }
    }
    /// `examples`: URLs of the app that must open the route, as written (docs/usage.md, "Examples").
    package var examples: [Located<String>] {
        get { if case .examples(let value)? = optionalField(.examples) { value } else { [] } }
        set { setOptionalField(.examples, to: newValue.isEmpty ? nil : .examples(newValue)) }
    }
    /// Whether the values a link to the route carries are unknown: its path is written but
    /// invalid (`invalid-path`), or a type is undecided. The rules that compare them with other
    /// routes' stay quiet on such a route: the finding already made is the one to fix.
    package var hasUndecidedValues: Bool { hasUndecidedType || (path == nil && written.contains(.path)) }
    /// Whether `params` or `query` writes a type that names none and nearly spells none
    /// (`invalid-value`): the value's type is undecided, so the rules that compare the route's
    /// values with other routes' (fallbacks, stacks, `up`, examples) leave the route alone.
    package var hasUndecidedType: Bool {
        get { optionalField(.hasUndecidedType) != nil }
        set { setOptionalField(.hasUndecidedType, to: newValue ? .hasUndecidedType : nil) }
    }

    /// The type of the path parameter `name`: as `params` declares it (the first entry that
    /// names it), else `string`.
    package func parameterType(_ name: Symbol) -> DeclaredType { Self.parameterType(name, in: params) }

    /// The type of the path parameter `name` as the route's `params` declare it: the first
    /// entry that names it, else `string`.
    package static func parameterType(_ name: Symbol, in params: [ParameterType]) -> DeclaredType {
        params.first { $0.name.value == name }?.type.type ?? .string
    }

    /// The query item `name` the route declares (its first entry).
    package func queryItem(_ name: Symbol) -> QueryItem? {
        query.first { $0.name.value == name }
    }

    /// The presentation, `push` when none is written.
    package var effectivePresentation: Presentation { presentation?.value ?? .push }
    /// Whether it is an entry route.
    package var isEntry: Bool { entry?.value ?? false }
    /// Whether it has its own navigation stack.
    package var isStacked: Bool { stacked?.value ?? false }
    /// Whether only the app's own navigation opens it: no URL with a scheme or host does.
    package var isInApp: Bool { inApp?.value ?? false }
    /// Whether its path is claimed as a universal link and App Link on the app's hosts: an
    /// in-app route's never is.
    package var isWeb: Bool { (web?.value ?? true) && !isInApp }

    /// The route's entry of the optional field `kind`, if it sets the field.
    @inline(__always)
    private func optionalField(_ kind: OptionalRouteField.Kind) -> OptionalRouteField? {
        // Most routes set none: they pay one load.
        if optionalFields.isEmpty { return nil }
        return optionalFields.first { $0.kind == kind }
    }

    /// Sets the route's entry of the optional field `kind` to `field`, or removes it (nil).
    private mutating func setOptionalField(_ kind: OptionalRouteField.Kind, to field: OptionalRouteField?) {
        if let index = optionalFields.firstIndex(where: { $0.kind == kind }) {
            if let field { optionalFields[index] = field } else { optionalFields.remove(at: index) }
        } else if let field {
            // Room for two at once: the fields are mostly set in pairs (`presentation` and
            // `stacked`, `entry` and `requires-auth`, `feature` and `fallback`).
            if optionalFields.isEmpty { optionalFields.reserveCapacity(2) }
            optionalFields.append(field)
        }
    }
}

/// One of the fields most routes leave out, as a route that sets it keeps it. A route keeps
/// only the entries it sets: a record of every such field would be some 300 bytes, most of
/// them empty, for each route that sets any (a fifth of the routes of a large set).
private enum OptionalRouteField: Sendable {
    case presentation(Located<Presentation>)
    case stacked(Located<Bool>)
    case entry(Located<Bool>)
    case requiresAuth(Located<Bool>)
    case feature(LocatedName)
    case fallback(LocatedName)
    case up(LocatedName)
    case sends(NameList)
    case observes(NameList)
    case web(Located<Bool>)
    case inApp(Located<Bool>)
    case aliases([Located<PathPattern>])
    case params([ParameterType])
    case query([QueryItem])
    case examples([Located<String>])
    case hasUndecidedType

    /// Which field an entry is of.
    enum Kind {
        case presentation, stacked, entry, requiresAuth, feature, fallback, up, sends, observes, web, inApp, aliases, params, query
        case examples, hasUndecidedType
    }

    /// The entry as its route joins an app (see `DeclaredEntity.joined`).
    func joined(symbols mapping: [Symbol]?, namesOffset: UInt32, patterns: inout PatternWords?) -> OptionalRouteField {
        switch self {
        case .feature(let name): return .feature(name.renumbered(mapping))
        case .fallback(let name): return .fallback(name.renumbered(mapping))
        case .up(let name): return .up(name.renumbered(mapping))
        case .sends(let names): return .sends(names.offset(by: namesOffset))
        case .observes(let names): return .observes(names.offset(by: namesOffset))
        case .aliases(let aliases):
            guard let mapping else { return self }
            return .aliases(aliases.map { Located($0.value.renumbered(mapping, into: &patterns), at: $0.range) })
        case .params(let params):
            guard let mapping else { return self }
            return .params(params.map { ParameterType(name: $0.name.renumbered(mapping), type: $0.type.renumbered(mapping)) })
        case .query(let query):
            guard let mapping else { return self }
            return .query(query.map { $0.renumbered(mapping) })
        case .presentation, .stacked, .entry, .requiresAuth, .web, .inApp, .examples, .hasUndecidedType:
            return self
        }
    }

    var kind: Kind {
        switch self {
        case .presentation: return .presentation
        case .stacked: return .stacked
        case .entry: return .entry
        case .requiresAuth: return .requiresAuth
        case .feature: return .feature
        case .fallback: return .fallback
        case .up: return .up
        case .sends: return .sends
        case .observes: return .observes
        case .web: return .web
        case .inApp: return .inApp
        case .aliases: return .aliases
        case .params: return .params
        case .query: return .query
        case .examples: return .examples
        case .hasUndecidedType: return .hasUndecidedType
        }
    }
}

/// `ios`: what the iOS app's universal links need beyond the routes and hosts.
package struct IOSSettings: Sendable {
    /// Where the `ios` key is written.
    package let key: SourceRange
    /// `app-ids`: the app IDs (`TEAMID.bundle.id`) the apple-app-site-association names.
    package var appIDs: [LocatedName] = []
    /// `build-settings`: the values of the build settings an entitlements file uses.
    package var buildSettings: [BuildValue] = []

    /// Settings declared at `key`, with nothing set.
    package init(key: SourceRange) {
        self.key = key
    }

    func renumbered(_ mapping: [Symbol]?) -> IOSSettings {
        var copy = self
        copy.appIDs = appIDs.map { $0.renumbered(mapping) }
        return copy
    }
}

/// `android`: what the Android app's App Links need beyond the routes and hosts.
package struct AndroidSettings: Sendable {
    /// The activity the intent filters go on when `activity` is not set.
    package static let defaultActivity = ".MainActivity"
    /// The lowest API level assumed when `min-sdk` is not set.
    package static let defaultMinSDK = 26

    /// Where the `android` key is written.
    package let key: SourceRange
    /// `package`: the application ID assetlinks.json names.
    package var package: LocatedName?
    /// `activity`: the activity the intent filters are declared on.
    package var activity: LocatedName?
    /// `cert-fingerprints`: SHA-256 fingerprints of the signing certificates.
    package var certFingerprints: [LocatedName] = []
    /// `min-sdk`: the lowest API level the app runs on.
    package var minSDK: Located<Int>?
    /// `inexact`: what the filters claim where an API level cannot claim the routes exactly.
    package var inexact: Located<InexactClaims>?
    /// `dynamic-rules`: whether generated assetlinks.json carries Dynamic App Links rules.
    package var dynamicRules: Located<Bool>?
    /// `resources`: resource folders, as written (relative to the manifest that lists them).
    package var resources: [Located<String>] = []
    /// `placeholders`: the values of AndroidManifest.xml's `${NAME}` placeholders.
    package var placeholders: [BuildValue] = []

    /// Settings declared at `key`, with nothing set.
    package init(key: SourceRange) {
        self.key = key
    }

    /// `min-sdk`, or the default.
    package var minimumSDK: Int { minSDK?.value ?? Self.defaultMinSDK }
    /// `inexact`, or the default.
    package var inexactClaims: InexactClaims { inexact?.value ?? .claimLess }
    /// `dynamic-rules`, or the default (off).
    package var writesDynamicRules: Bool { dynamicRules?.value ?? false }

    func renumbered(_ mapping: [Symbol]?) -> AndroidSettings {
        var copy = self
        copy.package = package.renumbered(mapping)
        copy.activity = activity.renumbered(mapping)
        copy.certFingerprints = certFingerprints.map { $0.renumbered(mapping) }
        return copy
    }
}

/// An activity, tab, holder or route: declared under a name, by the mapping key `declaredName`.
package protocol DeclaredEntity: Sendable {
    /// The name the entity is declared by: its name, or a route's id.
    var declaredName: LocatedName { get }
    /// Where the entity's fields end: its extent starts where its name's key does, so only
    /// the end is kept (routes and holders are 100,000 each in a large set).
    var extentEnd: SourcePosition { get }
    /// The entity as it joins an app: its symbols renumbered into the run's table
    /// (`symbols[old.index]` is the new symbol; nil when they stay) and its name lists moved
    /// along the app's pool of names. Renumbered path patterns are written into `patterns`,
    /// which the entities of one joining file share.
    func joined(symbols: [Symbol]?, namesOffset: UInt32, patterns: inout PatternWords?) -> Self
}

extension DeclaredEntity {
    /// From the declaring key to the end of the entity's fields: findings inside it are
    /// about the entity.
    package var extent: SourceRange {
        SourceRange(file: declaredName.range.file, start: declaredName.range.start, end: extentEnd)
    }
}

/// The activity's name.
extension Activity: DeclaredEntity { public var declaredName: LocatedName { name } }
/// The tab's name.
extension Tab: DeclaredEntity { public var declaredName: LocatedName { name } }
/// The holder's name.
extension Holder: DeclaredEntity { public var declaredName: LocatedName { name } }
/// The route's id.
extension Route: DeclaredEntity { public var declaredName: LocatedName { id } }

// MARK: - Joining an app

// When files join an app their symbols move from the file's table to the run's, and their
// name lists into the app's pool. These are the only places that list every symbol and
// list an entity holds.

extension Located where Value == Symbol {
    func renumbered(_ mapping: [Symbol]?) -> LocatedName {
        guard let mapping else { return self }
        return LocatedName(mapping[Int(value.index)], at: range)
    }
}

extension Optional where Wrapped == LocatedName {
    func renumbered(_ mapping: [Symbol]?) -> LocatedName? { map { $0.renumbered(mapping) } }
}

extension Activity {
    package func joined(symbols mapping: [Symbol]?, namesOffset: UInt32, patterns: inout PatternWords?) -> Activity {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.title = title.renumbered(mapping)
        copy.icon = icon.renumbered(mapping)
        copy.defaultTab = defaultTab.renumbered(mapping)
        return copy
    }
}

extension Tab {
    package func joined(symbols mapping: [Symbol]?, namesOffset: UInt32, patterns: inout PatternWords?) -> Tab {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.activity = activity.renumbered(mapping)
        copy.root = root.renumbered(mapping)
        copy.icon = icon.renumbered(mapping)
        copy.title = title.renumbered(mapping)
        return copy
    }
}

extension Holder {
    package func joined(symbols mapping: [Symbol]?, namesOffset: UInt32, patterns: inout PatternWords?) -> Holder {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.params = params.offset(by: namesOffset)
        copy.parent = parent.renumbered(mapping)
        return copy
    }
}

extension Route {
    package func joined(symbols mapping: [Symbol]?, namesOffset: UInt32, patterns: inout PatternWords?) -> Route {
        var copy = self
        copy.id = id.renumbered(mapping)
        if let mapping { copy.path = path.map { Located($0.value.renumbered(mapping, into: &patterns), at: $0.range) } }
        copy.activity = activity.renumbered(mapping)
        copy.holder = holder.renumbered(mapping)
        copy.links = links.offset(by: namesOffset)
        // Only a new table or a moved pool changes an entry.
        if !optionalFields.isEmpty && (mapping != nil || namesOffset != 0) {
            copy.optionalFields = optionalFields.map { $0.joined(symbols: mapping, namesOffset: namesOffset, patterns: &patterns) }
        }
        return copy
    }
}

extension TypeDeclaration {
    func renumbered(_ mapping: [Symbol]) -> TypeDeclaration {
        TypeDeclaration(type: type.renumbered(mapping), range: range)
    }
}

extension QueryItem {
    func renumbered(_ mapping: [Symbol]) -> QueryItem {
        var copy = self
        copy.name = name.renumbered(mapping)
        copy.type = type?.renumbered(mapping)
        copy.defaultValue = defaultValue.renumbered(mapping)
        return copy
    }
}
