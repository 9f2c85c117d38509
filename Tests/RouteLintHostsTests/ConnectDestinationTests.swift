import RouteLintHosts
import Testing

/// `--connect HOST=ADDR:PORT`'s destination as the command line parses it, in every build: with
/// the `Hosts` trait and without.
@Suite("Where --connect sends a host")
struct ConnectDestinationTests {
    @Test(
        "an address and a port, IPv6 in brackets",
        arguments: [
            ("127.0.0.1:8443", "127.0.0.1", 8443), ("localhost:1", "localhost", 1), ("[::1]:65535", "::1", 65_535),
            ("[fe80::1%lo]:443", "fe80::1%lo", 443),
        ])
    func parses(_ text: String, address: String, port: Int) {
        #expect(ConnectDestination(parsing: text) == ConnectDestination(address: address, port: port))
    }

    @Test(
        "no port, a port out of range or not a number, or no address is refused",
        arguments: ["127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:https", ":443", "[]:443", "", "127.0.0.1:-1"])
    func refuses(_ text: String) {
        #expect(ConnectDestination(parsing: text) == nil)
    }
}
