import Foundation
import Testing

@testable import RouteLintCore

/// libyaml's events read ahead on a thread of their own must decode to exactly what reading
/// them on the decoder's thread gives, however the batches fall, and a decoder that stops early
/// must stop the thread.
@Suite("Reading ahead")
struct EventStreamTests {
    /// A manifest of `routeCount` routes in every style the decoder reads: block and flow
    /// mappings, quoted and plain scalars, anchors, aliases and merge keys, a repeated key, text
    /// beyond ASCII, and (with `longScalarBytes`) one scalar longer than a batch's text.
    static func largeManifest(routeCount: Int, longScalarBytes: Int = 0) -> String {
        var text = """
            manifest: 1
            app: shop
            x-defaults: &defaults {activity: main, holder: H}
            activities: {main: {}}
            tabs: {home: {activity: main, index: 0, root: r0, icon: i}}
            holders: {H: {}, "Ä": {params: [id]}}
            routes:

            """
        for index in 0..<routeCount {
            switch index % 4 {
            case 0:
                text += "  r\(index):\n    <<: *defaults\n    path: /shop/\(index)/:id\n    links: [r\(index + 1)]\n"
            case 1:
                text += "  r\(index): {feature: 'straße', path: '/s/\(index)', activity: main, holder: H, entry: true}\n"
            case 2:
                text += "  \"r\(index)\":\n    path: \"/q/\(index)/*\"\n    activity: main\n    holder: H\n    path: /repeated\n"
            default:
                text += "  r\(index):\n    <<: [*defaults]\n    path: /a/\(index)/**\n    presentation: sheet\n"
            }
        }
        if longScalarBytes > 0 {
            text += "  long:\n    <<: *defaults\n    path: /long\n    feature: \(String(repeating: "f", count: longScalarBytes))\n"
        }
        return text
    }

    static func decode(_ text: String, readsAhead: Bool) -> DecodedManifest {
        ManifestDecoder.decode(
            SourceFile(id: FileID(0), path: "large.routes.yaml", bytes: Array(text.utf8)), textPositions: [], readsAhead: readsAhead)
    }

    /// `decode` of the text written to a file that is left on disk, read as libyaml asks for it.
    static func decodeFromDisk(_ text: String, readsAhead: Bool) throws -> DecodedManifest {
        let path = NSTemporaryDirectory() + "routelint-stream-\(UUID().uuidString).routes.yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = SourceFile(id: FileID(0), path: "large.routes.yaml", onDisk: try DiskFile.find(path).get())
        return ManifestDecoder.decode(file, textPositions: [], readsAhead: readsAhead)
    }

    /// Everything the decoder made of a file, one line per issue and per route.
    static func summary(_ decoded: DecodedManifest) -> [String] {
        let symbols = decoded.symbols
        func show(_ range: SourceRange) -> String { "\(range.start)-\(range.end)" }
        func show(_ name: LocatedName?) -> String { name.map { "\(symbols.text($0.value))@\(show($0.range))" } ?? "-" }
        var lines = decoded.issues.map { String(describing: $0) }
        guard let manifest = decoded.manifest else { return lines + ["no manifest"] }
        for route in manifest.routes {
            let path = route.path.map { "\(symbols.text($0.value.text))@\(show($0.range))" } ?? "-"
            let feature = route.feature.map { "\(symbols.bytes($0.value).count) bytes" } ?? "-"
            let links = manifest.names[route.links.range].map { show($0) }.joined(separator: ",")
            lines.append(
                "\(show(route.id)) \(show(route.extent)) \(path) \(show(route.activity)) \(show(route.holder)) [\(links)] "
                    + "\(route.effectivePresentation) \(route.isEntry) \(feature)")
        }
        return lines
    }

    @Test("a large manifest decodes to the same model and issues, read ahead or not, held or read from the disk as parsed")
    func sameModel() throws {
        // More events than a batch holds, several times over, and a scalar longer than a batch's text.
        let text = Self.largeManifest(routeCount: 12_000, longScalarBytes: YAMLEventStream.textBytesPerBatch * 2 + 17)
        #expect(text.utf8.count > YAMLEventStream.readAheadMinimumBytes)
        let ahead = Self.summary(Self.decode(text, readsAhead: true))
        let inline = Self.summary(Self.decode(text, readsAhead: false))
        #expect(ahead == inline)
        #expect(try Self.summary(Self.decodeFromDisk(text, readsAhead: true)) == ahead)
        #expect(try Self.summary(Self.decodeFromDisk(text, readsAhead: false)) == ahead)
        // The summary is the model: every route, the repeated keys, the long scalar whole.
        #expect(ahead.count == 1 + 3_000 + 12_001)
        #expect(ahead.filter { $0.contains("invalidEntityName") }.count == 1)
        #expect(ahead.filter { $0.contains("duplicateKey") }.count == 3_000)
        #expect(ahead.last?.hasSuffix("\(YAMLEventStream.textBytesPerBatch * 2 + 17) bytes") == true)
        #expect(ahead.contains { $0.hasPrefix("r1@") && $0.contains("/s/1@") && $0.hasSuffix("7 bytes") })
    }

    @Test("a syntax error far into a large file stops decoding where libyaml stops, read ahead or not")
    func lateSyntaxError() throws {
        let text = Self.largeManifest(routeCount: 8_000) + "  broken: [unclosed\n"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for readsAhead in [true, false] {
            for decoded in [Self.decode(text, readsAhead: readsAhead), try Self.decodeFromDisk(text, readsAhead: readsAhead)] {
                #expect(decoded.manifest == nil)
                let syntax = decoded.issues.compactMap { issue -> SourcePosition? in
                    guard case .yaml(let yaml) = issue, case .syntax = yaml.kind else { return nil }
                    return yaml.range.start
                }
                #expect(syntax.count == 1)
                #expect(syntax.first.map { Int($0.line) >= lines - 1 } == true)
            }
        }
    }

    @Test("a decoder that stops early stops the reading thread, which has batches left to give")
    func earlyStop() throws {
        let rest = Self.largeManifest(routeCount: 8_000)
        let tooDeep = String(repeating: "[", count: YAMLParser.maximumDepth + 1)
        let secondDocument = "manifest: 1\n---\n" + rest
        for _ in 0..<20 {
            let deep = Self.decode(tooDeep + "\n" + rest, readsAhead: true)
            #expect(deep.manifest == nil)
            #expect(deep.issues.count == 1)
            let second = Self.decode(secondDocument, readsAhead: true)
            #expect(second.manifest == nil)
            #expect(Self.summary(second).first?.contains("a second one starts here") == true)
        }
        // Read from the disk as parsed: the reading thread stopped before the file is closed.
        let deep = try Self.decodeFromDisk(tooDeep + "\n" + rest, readsAhead: true)
        #expect(deep.manifest == nil)
        #expect(deep.issues.count == 1)
    }

    @Test("a small file is read on the caller's thread, a large one ahead, with the same verdict")
    func lintReadsAheadByDefault() throws {
        let small = Self.largeManifest(routeCount: 40)
        let large = Self.largeManifest(routeCount: 12_000)
        #expect(small.utf8.count < YAMLEventStream.readAheadMinimumBytes)
        #expect(large.utf8.count >= YAMLEventStream.readAheadMinimumBytes)
        for text in [small, large] {
            let file = SourceFile(id: FileID(0), path: "app.routes.yaml", bytes: Array(text.utf8))
            #expect(Self.summary(ManifestDecoder.decode(file)) == Self.summary(Self.decode(text, readsAhead: false)))
        }
    }
}
