import Foundation
import Testing
@testable import RouteLintCore

/// `routelint schema` is made from the key tables the decoder reads: every key of every table
/// is in it, described by its summary, and no key that is not. (Tests/Schema/check_fixtures.py
/// validates the fixtures with it, in CI.)
@Suite("The manifest's JSON Schema")
struct ManifestSchemaTests {
    let schema = try! JSONSerialization.jsonObject(with: Data(ManifestSchema.text().utf8)) as! [String: Any]

    /// The mapping schema of `path` (keys joined by `/`), stepping into `anyOf` for the
    /// alternative that is an object.
    func mapping(_ path: String) -> [String: Any] {
        var node: Any = schema
        for key in path.split(separator: "/") { node = (node as! [String: Any])[String(key)]! }
        var object = node as! [String: Any]
        if let alternatives = object["anyOf"] as? [[String: Any]] {
            object = alternatives.first { $0["type"] as? String == "object" }!
        }
        return object
    }

    func expect<Key: ManifestKey>(_ table: Key.Type, at path: String, required: [Key] = []) {
        let object = mapping(path)
        let properties = object["properties"] as! [String: [String: Any]]
        #expect(Set(properties.keys) == Set(Key.names), "the keys of \(path)")
        for key in Key.keys {
            #expect(properties[key.name]?["description"] as? String == key.summary, "\(path)/\(key.name)")
        }
        #expect(object["additionalProperties"] as? Bool == false, "\(path) takes no other key")
        #expect(Set(object["required"] as? [String] ?? []) == Set(required.map(\.name)), "the required keys of \(path)")
    }

    @Test("every table's keys, with their summaries and what is required")
    func tables() {
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        expect(TopLevelKey.self, at: "", required: [.manifest])
        expect(ActivityKey.self, at: "$defs/activity")
        expect(TabKey.self, at: "$defs/tab", required: TabKey.keys.filter(\.isRequired))
        expect(HolderKey.self, at: "$defs/holder")
        expect(RouteKey.self, at: "$defs/route", required: [.holder])
        expect(IOSKey.self, at: "properties/ios")
        expect(AndroidKey.self, at: "properties/android")
        let queryItem = (schema["$defs"] as! [String: Any])["queryItem"] as! [String: Any]
        let written = (queryItem["anyOf"] as! [[String: Any]]).first { $0["type"] as? String == "object" }!
        #expect(Set((written["properties"] as! [String: Any]).keys) == Set(QueryItemKey.names))
    }

    @Test("the choices are the model's")
    func choices() {
        let route = mapping("$defs/route")["properties"] as! [String: [String: Any]]
        #expect(route["presentation"]?["enum"] as? [String] == Presentation.allCases.map(\.rawValue))
        let android = mapping("properties/android")["properties"] as! [String: [String: Any]]
        #expect(android["inexact"]?["enum"] as? [String] == InexactClaims.allCases.map(\.rawValue))
    }
}
