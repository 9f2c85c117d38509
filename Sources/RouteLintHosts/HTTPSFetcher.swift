// Compiled with the package trait `Hosts` only: without it nothing here builds SwiftNIO.
#if Hosts
    import AsyncHTTPClient
    import NIOCore
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import NIOSSL
    import RouteLintServed

    /// Fetches platform files over HTTPS with AsyncHTTPClient: no redirect followed, the body read
    /// up to `ServedFile.bodyLimit`, every request bounded by a timeout from its start to its last
    /// byte. Made once for a run and shut down after it.
    package final class HTTPSFetcher: ServedFileFetcher {
        private let client: HTTPClient
        private let destinations: [String: ConnectDestination]
        private let timeout: Duration

        /// Why a fetcher cannot be made.
        package enum SetupError: Error, CustomStringConvertible {
            /// The PEM file of `--ca-file` cannot be read.
            case unreadableAuthorities(path: String, reason: String)
            /// The system has no certificate authorities where TLS looks for them, and none were given.
            case noAuthorities

            package var description: String {
                switch self {
                case .unreadableAuthorities(let path, let reason):
                    return "cannot read the certificates of '\(path)': \(reason)"
                case .noAuthorities:
                    return "the system has no certificate authorities ("
                        + Self.systemAuthorities.joined(separator: ", ")
                        + "): install them (Debian's ca-certificates) or give --ca-file"
                }
            }

            /// Where TLS looks for the system's certificate authorities on Linux, as NIOSSL does.
            static let systemAuthorities = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/certs"]
        }

        /// A fetcher that trusts the system's certificate authorities and, when `caFile` names a PEM
        /// file, its certificates too (only those, where the system has none, as in a bare
        /// container); that connects to `destinations` for the hosts they map; and that gives each
        /// request `timeout`.
        package init(caFile: String?, destinations: [String: ConnectDestination], timeout: Duration) throws(SetupError) {
            var tls = TLSConfiguration.makeClientConfiguration()
            var given: [NIOSSLCertificate] = []
            if let caFile {
                do {
                    given = try NIOSSLCertificate.fromPEMFile(caFile)
                } catch {
                    throw .unreadableAuthorities(path: caFile, reason: String(describing: error))
                }
            }
            if Self.systemHasAuthorities {
                if !given.isEmpty { tls.additionalTrustRoots = [.certificates(given)] }
            } else if !given.isEmpty {
                tls.trustRoots = .certificates(given)
            } else {
                throw .noAuthorities
            }
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls, redirectConfiguration: .disallow,
                timeout: HTTPClient.Configuration.Timeout(
                    connect: .nanoseconds(Self.nanoseconds(timeout)), read: .nanoseconds(Self.nanoseconds(timeout))))
            // A host's fully-qualified spelling (`example.com.`) goes where the host does.
            var addresses = destinations.mapValues(\.address)
            for (host, destination) in destinations where !host.hasSuffix(".") { addresses[host + "."] = destination.address }
            configuration.dnsOverride = addresses
            // One attempt, as a platform's verifier makes: a connection or TLS failure is the
            // answer, said at once with its reason, not retried until the timeout hides it.
            configuration.connectionPool.retryConnectionEstablishment = false
            // The platforms read the file as served, not as a client could ask for it compressed.
            configuration.decompression = .disabled
            client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            self.destinations = destinations
            self.timeout = timeout
        }

        /// Whether the system's certificate authorities are where TLS looks for them. On Linux
        /// BoringSSL cannot start without them, even to trust a given authority besides them.
        static var systemHasAuthorities: Bool {
            #if os(Linux)
                return SetupError.systemAuthorities.contains { access($0, R_OK) == 0 }
            #else
                return true
            #endif
        }

        /// Closes the connections; call once the run is done.
        package func shutDown() async {
            try? await client.shutdown()
        }

        /// What `https://HOST/PATH` answers, through the destination `--connect` maps HOST to.
        package func fetch(host: String, path: String) async -> FetchOutcome {
            let destination = destinations[host] ?? (host.hasSuffix(".") ? destinations[String(host.dropLast())] : nil)
            let port = destination.map { ":\($0.port)" } ?? ""
            let url = "https://\(host)\(port)\(path)"
            // The request races a timer: the timeout bounds the whole transfer, the body included,
            // and the loser is cancelled.
            return await withTaskGroup(of: FetchOutcome?.self) { group in
                group.addTask { await self.transfer(url) }
                group.addTask { [timeout] in
                    try? await Task.sleep(for: timeout)
                    return Task.isCancelled ? nil : .unreachable(reason: "no answer within \(Self.seconds(timeout))")
                }
                var outcome: FetchOutcome = .unreachable(reason: "no answer")
                while let finished = await group.next() {
                    guard let finished else { continue }
                    outcome = finished
                    break
                }
                group.cancelAll()
                return outcome
            }
        }

        /// One GET of `url`, its body read up to the limit.
        private func transfer(_ url: String) async -> FetchOutcome {
            var request = HTTPClientRequest(url: url)
            request.method = .GET
            request.headers.add(name: "User-Agent", value: "routelint")
            request.headers.add(name: "Accept", value: "application/json")
            do {
                let response = try await client.execute(request, timeout: .nanoseconds(Self.nanoseconds(timeout)))
                var body: [UInt8] = []
                var cut = false
                for try await chunk in response.body {
                    let room = ServedFile.bodyLimit - body.count
                    if chunk.readableBytes > room {
                        body += chunk.readableBytesView.prefix(room)
                        cut = true
                        break
                    }
                    body += chunk.readableBytesView
                }
                return .answered(
                    HTTPAnswer(
                        status: Int(response.status.code), reason: response.status.reasonPhrase,
                        headers: response.headers.map { ($0.name, $0.value) }, body: body, bodyCut: cut))
            } catch {
                if Task.isCancelled { return .unreachable(reason: "cancelled") }
                return Self.outcome(of: error, timeout: timeout)
            }
        }

        /// A failure as a run reports it: a TLS failure is the host's answer, anything else leaves
        /// the host unreached.
        static func outcome(of error: any Error, timeout: Duration) -> FetchOutcome {
            switch error {
            case let error as NIOSSLExtraError where error == .failedToValidateHostname:
                return .tlsFailure(reason: "the certificate does not name the host")
            case let error as NIOSSLExtraError:
                return .tlsFailure(reason: String(describing: error))
            case let error as NIOSSLError:
                guard case .handshakeFailed(let underlying) = error else { return .tlsFailure(reason: String(describing: error)) }
                let text = String(describing: underlying)
                if text.contains("CERTIFICATE_VERIFY_FAILED") {
                    return .tlsFailure(reason: "the certificate is not trusted: no trusted authority signed it, or it has expired")
                }
                return .tlsFailure(reason: "the handshake failed: \(text)")
            case let error as HTTPClientError where error == .connectTimeout || error == .deadlineExceeded || error == .readTimeout:
                return .unreachable(reason: "no answer within \(seconds(timeout))")
            case let error as IOError:
                return .unreachable(reason: "cannot connect: \(String(cString: strerror(error.errnoCode)))")
            default:
                return .unreachable(reason: String(describing: error))
            }
        }

        static func nanoseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        }

        static func seconds(_ duration: Duration) -> String {
            let nanoseconds = nanoseconds(duration)
            return nanoseconds % 1_000_000_000 == 0 ? "\(nanoseconds / 1_000_000_000) s" : "\(Double(nanoseconds) / 1e9) s"
        }
    }
#endif
