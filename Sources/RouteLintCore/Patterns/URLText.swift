/// URL text, made in one place: each component percent-encoded, and a URL put together from an
/// origin, a path and query items. The witnesses of findings and of a diff, the generated link
/// tests, the platforms' witnesses and SARIF's artifact locations write URLs through it; reading
/// one is `LinkURL`'s.
package enum URLText {
    /// `text` with each scalar outside `kept` written as the `%XX` escapes of its UTF-8 bytes,
    /// in upper case.
    package static func percentEncoded(_ text: some StringProtocol, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        var encoded = ""
        for scalar in text.unicodeScalars {
            if kept(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    encoded.unicodeScalars.append("%")
                    encoded.unicodeScalars.append(Unicode.Scalar(PathText.hexDigit(byte >> 4)))
                    encoded.unicodeScalars.append(Unicode.Scalar(PathText.hexDigit(byte & 0xF)))
                }
            }
        }
        return encoded
    }

    /// Whether `scalar` is unreserved (RFC 3986, 2.3): an ASCII letter or digit, or one of `-._~`.
    package static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || "-._~".unicodeScalars.contains(scalar)
    }

    /// Whether `scalar` may stand in a path segment as it is (`PathText.isSegmentCharacter`).
    package static func isSegmentCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && PathText.isSegmentCharacter(UInt8(scalar.value))
    }

    /// A path segment, or a query item's name or value, that reads back as `text` whatever it
    /// holds: every character but the unreserved ones percent-encoded.
    package static func component(_ text: String) -> String {
        percentEncoded(text, keeping: isUnreserved)
    }

    /// `origin` (`https://shop.example.com`, `shop:/`, or empty for a path alone), then `path`
    /// (from its `/`), then the query items as `?name=value&…` — each part encoded already.
    package static func url(origin: String = "", path: String, query: [(name: String, value: String)] = []) -> String {
        let items = query.map { $0.name + "=" + $0.value }
        return origin + path + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}
