internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An XML document as a tree of elements with their attributes and where each is written: what
/// routelint reads of AndroidManifest.xml and property lists. libxml2 reads it, without network
/// and without substituting entities; a document type that declares entities is refused before
/// parsing, so no expansion can grow a document (platform files never need one).
package struct XMLDocument {
    /// One element.
    package struct Element {
        /// The name as written (`android:name` keeps its prefix).
        package let name: String
        /// The local name and the namespace URI, which decide what the element is.
        package let localName: String
        package let namespace: String?
        package var attributes: [Attribute]
        package var children: [Element]
        /// Character data directly inside it, concatenated (for property lists).
        package var text: String
        /// The start tag, `<` to its name's end.
        package let range: ByteRange

        /// The attribute with this local name in `namespace`.
        package func attribute(_ localName: String, namespace: String?) -> Attribute? {
            attributes.first { $0.localName == localName && $0.namespace == namespace }
        }
    }

    /// One attribute, its value with entities and character references resolved.
    package struct Attribute {
        package let name: String
        package let localName: String
        package let namespace: String?
        package let value: String
        /// The value as written, between its quotes; the name's when it cannot be found.
        package let range: ByteRange
    }

    /// Byte offsets into the document.
    package struct ByteRange: Equatable {
        package let start: Int
        package let end: Int
    }

    /// Why a document could not be read, and where.
    package struct Problem: Error, Equatable {
        package let message: String
        /// The byte offset nearest the problem.
        package let offset: Int
    }

    package let root: Element

    /// Elements nested deeper than this are not read: no platform file comes near it.
    package static let maximumDepth = 256

    /// Keeps the first error libxml2 reports in the `ErrorCollector` its context points to.
    private static let collectError: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
        if collector.first == nil {
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            var trimmed = message
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            collector.first = (trimmed, Int(error.pointee.line))
        }
    }

    /// Reads `bytes` as an XML document.
    package static func read(_ bytes: [UInt8]) -> Result<XMLDocument, Problem> {
        if let offset = entityDeclaration(in: bytes) {
            return .failure(Problem(message: "the document declares entities, which platform files never need", offset: offset))
        }
        let lines = LineStarts(bytes)
        let collector = ErrorCollector()
        var builder = TreeBuilder(bytes: bytes, lines: lines)
        let outcome: Result<Element, Problem> = bytes.withUnsafeBufferPointer { buffer in
            let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
            guard
                let reader = buffer.baseAddress.map({ base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        xmlReaderForMemory($0, Int32(clamping: buffer.count), nil, nil, options)
                    }
                }) ?? xmlReaderForMemory("", 0, nil, nil, options)
            else { return .failure(Problem(message: "the XML reader could not start", offset: 0)) }
            defer { xmlFreeTextReader(reader) }
            let context = Unmanaged.passUnretained(collector).toOpaque()
            xmlTextReaderSetStructuredErrorHandler(reader, Self.collectError, context)
            // Errors libxml2 raises outside the reader's context (a failed encoding conversion)
            // go to the thread's handler, which by default prints them on stderr.
            xmlSetStructuredErrorFunc(context, Self.collectError)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            while true {
                let status = xmlTextReaderRead(reader)
                if status == 0 { break }
                if status < 0 || collector.first != nil {
                    let (message, line) = collector.first ?? ("malformed XML", 0)
                    return .failure(Problem(message: message, offset: lines.offset(ofLine: line)))
                }
                if let problem = builder.take(reader) { return .failure(problem) }
            }
            guard let root = builder.finished else { return .failure(Problem(message: "the document has no element", offset: 0)) }
            return .success(root)
        }
        return outcome.map { XMLDocument(root: $0) }
    }

    /// The offset of an `<!ENTITY` declaration, if the document has one.
    private static func entityDeclaration(in bytes: [UInt8]) -> Int? {
        let marker = Array("<!ENTITY".utf8)
        var found: Int?
        forEachOffset(of: UInt8(ascii: "<"), in: bytes) { offset in
            guard offset + marker.count <= bytes.count, bytes[offset..<(offset + marker.count)].elementsEqual(marker) else { return true }
            found = offset
            return false
        }
        return found
    }

    /// Calls `body` with each offset of `byte` in `bytes`, in order, while it returns true.
    /// Found by `memchr`, which reads many bytes at a step: a look at every byte of a large
    /// manifest, twice, cost as much as reading its attributes' positions.
    private static func forEachOffset(of byte: UInt8, in bytes: [UInt8], _ body: (Int) -> Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let hit = memchr(base + offset, Int32(byte), buffer.count - offset) {
                let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard body(found) else { return }
                offset = found + 1
            }
        }
    }

    private final class ErrorCollector {
        var first: (String, Int)?
    }

    /// Where lines start, to turn libxml2's line numbers into offsets.
    private struct LineStarts {
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            var starts = [0]
            XMLDocument.forEachOffset(of: UInt8(ascii: "\n"), in: bytes) { offset in
                starts.append(offset + 1)
                return true
            }
            self.starts = starts
        }

        func offset(ofLine line: Int) -> Int { line >= 1 && line <= starts.count ? starts[line - 1] : 0 }
        func end(ofLine line: Int, count: Int) -> Int { line >= 1 && line < starts.count ? starts[line] : count }
    }

    /// The names and namespace URIs of a document's elements and attributes, each made once:
    /// a manifest repeats a few dozen of them (`android:pathAdvancedPattern` and the Android
    /// namespace in each of thousands of `<data>` elements), which would each be a string to
    /// allocate and free. Compared by their bytes, so nothing depends on where libxml2 keeps them.
    private struct RepeatedNames {
        /// A direct-mapped table: a name's slot follows from its length and three of its bytes
        /// and keeps the last name met there, so a document of ever-new names costs a compare more
        /// per name and the table never grows.
        private var slots = [(spelling: [UInt8], text: String)?](repeating: nil, count: 128)

        mutating func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
            optionalString(pointer) ?? ""
        }

        mutating func optionalString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
            guard let pointer else { return nil }
            let count = Int(xmlStrlen(pointer))
            guard count > 0 else { return "" }
            let mixed = count &* 31 &+ Int(pointer[0]) &* 7 &+ Int(pointer[count / 2]) &* 3 &+ Int(pointer[count - 1])
            let slot = mixed & (slots.count - 1)
            if let known = slots[slot], known.spelling.count == count,
                known.spelling.withUnsafeBufferPointer({ xmlStrncmp($0.baseAddress, pointer, Int32(count)) == 0 })
            {
                return known.text
            }
            let text = String(cString: pointer)
            slots[slot] = (Array(UnsafeBufferPointer(start: pointer, count: count)), text)
            return text
        }
    }

    /// Builds the tree from the reader's nodes, finding each element and attribute in the text.
    private struct TreeBuilder {
        let bytes: [UInt8]
        let lines: LineStarts
        var stack: [Element] = []
        var finished: Element?
        /// Where the last element was found: the next starts after it.
        var searchFrom = 0
        var names = RepeatedNames()

        init(bytes: [UInt8], lines: LineStarts) {
            self.bytes = bytes
            self.lines = lines
        }

        mutating func take(_ reader: OpaquePointer) -> Problem? {
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                guard stack.count < XMLDocument.maximumDepth else {
                    return Problem(message: "elements are nested more than \(XMLDocument.maximumDepth) deep", offset: searchFrom)
                }
                let name = names.string(xmlTextReaderConstName(reader))
                let line = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
                let start = tagStart(name, line: line)
                searchFrom = start + 1
                var attributes: [Attribute] = []
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    let attributeName = names.string(xmlTextReaderConstName(reader))
                    attributes.append(
                        Attribute(
                            name: attributeName, localName: names.string(xmlTextReaderConstLocalName(reader)),
                            namespace: names.optionalString(xmlTextReaderConstNamespaceUri(reader)),
                            value: string(xmlTextReaderConstValue(reader)), range: valueRange(attributeName, tagStart: start)))
                }
                xmlTextReaderMoveToElement(reader)
                let element = Element(
                    name: name, localName: names.string(xmlTextReaderConstLocalName(reader)),
                    namespace: names.optionalString(xmlTextReaderConstNamespaceUri(reader)), attributes: attributes, children: [], text: "",
                    range: ByteRange(start: start, end: min(bytes.count, start + 1 + name.utf8.count)))
                if isEmpty { close(element) } else { stack.append(element) }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                if let element = stack.popLast() { close(element) }
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                if !stack.isEmpty { stack[stack.count - 1].text += string(xmlTextReaderConstValue(reader)) }
            default:
                break
            }
            return nil
        }

        private mutating func close(_ element: Element) {
            if stack.isEmpty { finished = element } else { stack[stack.count - 1].children.append(element) }
        }

        private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }

        /// The `<name` that starts the next element: elements come in document order, so it is
        /// the first start tag of that name after the previous element, comments, CDATA
        /// sections and processing instructions skipped (a `<` elsewhere is always markup).
        /// The whole document is scanned once across all elements.
        private func tagStart(_ name: String, line: Int) -> Int {
            var name = name
            // Read in place: the document is scanned a byte at a time, checked by the loop.
            let found: Int? = name.withUTF8 { needle in
                bytes.withUnsafeBufferPointer { text in
                    var offset = searchFrom
                    while offset < text.count, let open = text[offset...].firstIndex(of: UInt8(ascii: "<")) {
                        if let end = skippedMarkup(at: open) {
                            offset = end
                            continue
                        }
                        let after = open + 1 + needle.count
                        if after <= text.count && text[(open + 1)..<after].elementsEqual(needle)
                            && (after == text.count || !isNameByte(text[after]))
                        {
                            return open
                        }
                        offset = open + 1
                    }
                    return nil
                }
            }
            // Not found in the text (an element from an entity): the start of its line.
            return found ?? min(lines.offset(ofLine: line), bytes.count)
        }

        /// Where a comment, CDATA section, processing instruction or declaration starting at
        /// `offset` ends; nil for anything else.
        private func skippedMarkup(at offset: Int) -> Int? {
            // Each of them opens with `<!` or `<?`; a start or end tag, which every element
            // has, is told apart by its second byte.
            guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "!") || bytes[offset + 1] == UInt8(ascii: "?") else {
                return nil
            }
            for (opening, closing) in Self.skippedDelimiters {
                guard bytes.count - offset >= opening.count, bytes[offset..<(offset + opening.count)].elementsEqual(opening) else {
                    continue
                }
                var cursor = offset + opening.count
                while cursor + closing.count <= bytes.count {
                    if bytes[cursor] == closing[0] && bytes[cursor..<(cursor + closing.count)].elementsEqual(closing) {
                        return cursor + closing.count
                    }
                    cursor += 1
                }
                return bytes.count
            }
            return nil
        }

        /// What opens and closes the markup the search for start tags steps over, most specific first.
        private static let skippedDelimiters: [(opening: [UInt8], closing: [UInt8])] = [
            ("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">"),
        ].map { (Array($0.utf8), Array($1.utf8)) }

        private func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), 0x80...0xFF:
                return true
            default: return false
            }
        }

        /// The value of attribute `name` in the start tag at `tagStart`, between its quotes.
        private func valueRange(_ name: String, tagStart: Int) -> ByteRange {
            var name = name
            let found: ByteRange? = name.withUTF8 { needle in
                bytes.withUnsafeBufferPointer { text in
                    valueRange(needle, in: text, tagStart: tagStart)
                }
            }
            return found ?? ByteRange(start: tagStart, end: tagStart)
        }

        /// Whether `text` holds `needle` from `offset` on (which it has the bytes for): compared by
        /// index, where a slice's `elementsEqual` went through its iterators.
        private static func holds(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
            var index = 0
            while index < needle.count {
                guard text[offset + index] == needle[index] else { return false }
                index += 1
            }
            return true
        }

        /// `valueRange` read in place, a byte at a time, checked by the loop; nil when not found.
        private func valueRange(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, tagStart: Int) -> ByteRange? {
            var offset = tagStart + 1
            while offset + needle.count < text.count && text[offset] != UInt8(ascii: ">") {
                if text[offset] == UInt8(ascii: "\"") || text[offset] == UInt8(ascii: "'") {
                    // Skip a quoted value: the name may occur inside another attribute's value.
                    let quote = text[offset]
                    offset += 1
                    while offset < text.count && text[offset] != quote { offset += 1 }
                    offset += 1
                    continue
                }
                if needle.first == text[offset] && Self.holds(needle, in: text, at: offset) && !isNameByte(text[offset - 1]) {
                    var cursor = offset + needle.count
                    while cursor < text.count
                        && (text[cursor] == UInt8(ascii: " ") || text[cursor] == 0x09 || text[cursor] == 0x0A || text[cursor] == 0x0D)
                    {
                        cursor += 1
                    }
                    guard cursor < text.count, text[cursor] == UInt8(ascii: "=") else {
                        offset += 1
                        continue
                    }
                    cursor += 1
                    while cursor < text.count && text[cursor] != UInt8(ascii: "\"") && text[cursor] != UInt8(ascii: "'") { cursor += 1 }
                    guard cursor < text.count else { break }
                    let quote = text[cursor]
                    let start = cursor + 1
                    var end = start
                    while end < text.count && text[end] != quote { end += 1 }
                    return ByteRange(start: start, end: end)
                }
                offset += 1
            }
            return nil
        }
    }
}
