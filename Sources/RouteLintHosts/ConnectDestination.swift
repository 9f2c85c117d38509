/// Where a host is reached instead of where DNS says (`--connect HOST=ADDR:PORT`). Built with
/// and without the `Hosts` trait, so that the command line parses the same options in both.
package struct ConnectDestination: Sendable, Equatable {
    /// The address to connect to: an IP address or a host name.
    package let address: String
    /// The port to connect to.
    package let port: Int

    /// `address` at `port`.
    package init(address: String, port: Int) {
        self.address = address
        self.port = port
    }

    /// `ADDR:PORT` (`[ADDR]:PORT` for IPv6), or nil when it is not that.
    package init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port)
        else { return nil }
        var address = String(text[..<colon])
        if address.hasPrefix("[") && address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        guard !address.isEmpty else { return nil }
        self.init(address: address, port: port)
    }
}
