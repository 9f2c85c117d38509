internal import CLibXML2

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
        guard bytes.count >= marker.count else { return nil }
        for offset in 0...(bytes.count - marker.count) where bytes[offset] == marker[0] {
            if bytes[offset..<(offset + marker.count)].elementsEqual(marker) { return offset }
        }
        return nil
    }

    private final class ErrorCollector {
        var first: (String, Int)?
    }

    /// Where lines start, to turn libxml2's line numbers into offsets.
    private struct LineStarts {
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            self.starts = starts
        }

        func offset(ofLine line: Int) -> Int { line >= 1 && line <= starts.count ? starts[line - 1] : 0 }
        func end(ofLine line: Int, count: Int) -> Int { line >= 1 && line < starts.count ? starts[line] : count }
    }

    /// Builds the tree from the reader's nodes, finding each element and attribute in the text.
    private struct TreeBuilder {
        let bytes: [UInt8]
        let lines: LineStarts
        var stack: [Element] = []
        var finished: Element?
        /// Where the last element was found: the next starts after it.
        var searchFrom = 0

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
                let name = string(xmlTextReaderConstName(reader))
                let line = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
                let start = tagStart(name, line: line)
                searchFrom = start + 1
                var attributes: [Attribute] = []
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    let attributeName = string(xmlTextReaderConstName(reader))
                    attributes.append(
                        Attribute(
                            name: attributeName, localName: string(xmlTextReaderConstLocalName(reader)),
                            namespace: optionalString(xmlTextReaderConstNamespaceUri(reader)),
                            value: string(xmlTextReaderConstValue(reader)), range: valueRange(attributeName, tagStart: start)))
                }
                xmlTextReaderMoveToElement(reader)
                let element = Element(
                    name: name, localName: string(xmlTextReaderConstLocalName(reader)),
                    namespace: optionalString(xmlTextReaderConstNamespaceUri(reader)), attributes: attributes, children: [], text: "",
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

        private func optionalString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        /// The `<name` that starts the next element: elements come in document order, so it is
        /// the first start tag of that name after the previous element, comments, CDATA
        /// sections and processing instructions skipped (a `<` elsewhere is always markup).
        /// The whole document is scanned once across all elements.
        private func tagStart(_ name: String, line: Int) -> Int {
            let needle = [UInt8(ascii: "<")] + Array(name.utf8)
            var offset = searchFrom
            while offset < bytes.count {
                guard bytes[offset] == UInt8(ascii: "<") else {
                    offset += 1
                    continue
                }
                if let end = skippedMarkup(at: offset) {
                    offset = end
                    continue
                }
                if bytes.count - offset >= needle.count && bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
                    let after = offset + needle.count
                    if after >= bytes.count || !isNameByte(bytes[after]) { return offset }
                }
                offset += 1
            }
            // Not found in the text (an element from an entity): the start of its line.
            return min(lines.offset(ofLine: line), bytes.count)
        }

        /// Where a comment, CDATA section, processing instruction or declaration starting at
        /// `offset` ends; nil for anything else.
        private func skippedMarkup(at offset: Int) -> Int? {
            for (open, close) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")] {
                let opening = Array(open.utf8)
                guard bytes.count - offset >= opening.count, bytes[offset..<(offset + opening.count)].elementsEqual(opening) else {
                    continue
                }
                let closing = Array(close.utf8)
                var cursor = offset + opening.count
                while cursor + closing.count <= bytes.count {
                    if bytes[cursor..<(cursor + closing.count)].elementsEqual(closing) { return cursor + closing.count }
                    cursor += 1
                }
                return bytes.count
            }
            return nil
        }

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
            let needle = Array(name.utf8)
            var offset = tagStart + 1
            while offset + needle.count < bytes.count && bytes[offset] != UInt8(ascii: ">") {
                if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
                    // Skip a quoted value: the name may occur inside another attribute's value.
                    let quote = bytes[offset]
                    offset += 1
                    while offset < bytes.count && bytes[offset] != quote { offset += 1 }
                    offset += 1
                    continue
                }
                if bytes[offset..<(offset + needle.count)].elementsEqual(needle) && !isNameByte(bytes[offset - 1]) {
                    var cursor = offset + needle.count
                    while cursor < bytes.count
                        && (bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == 0x09 || bytes[cursor] == 0x0A || bytes[cursor] == 0x0D)
                    {
                        cursor += 1
                    }
                    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                        offset += 1
                        continue
                    }
                    cursor += 1
                    while cursor < bytes.count && bytes[cursor] != UInt8(ascii: "\"") && bytes[cursor] != UInt8(ascii: "'") { cursor += 1 }
                    guard cursor < bytes.count else { break }
                    let quote = bytes[cursor]
                    let start = cursor + 1
                    var end = start
                    while end < bytes.count && bytes[end] != quote { end += 1 }
                    return ByteRange(start: start, end: end)
                }
                offset += 1
            }
            return ByteRange(start: tagStart, end: tagStart)
        }
    }
}
