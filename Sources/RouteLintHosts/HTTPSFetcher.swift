// Compiled with the package trait `Hosts` only: without it nothing here builds SwiftNIO.
#if Hosts
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import NIOSSL
    import RouteLintServed
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Fetches platform files over HTTPS with SwiftNIO: one connection a request, one GET over
    /// HTTP/1.1, as a platform's verifier asks — no redirect followed, nothing decompressed, the
    /// body read up to `ServedFile.bodyLimit`, every request bounded by a timeout from its start
    /// to its last byte, one attempt. Made once for a run and shut down after it.
    package final class HTTPSFetcher: ServedFileFetcher {
        private let group: MultiThreadedEventLoopGroup
        private let context: NIOSSLContext
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
            do {
                context = try NIOSSLContext(configuration: tls)
            } catch {
                throw .unreadableAuthorities(path: caFile ?? SetupError.systemAuthorities[0], reason: String(describing: error))
            }
            group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
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

        /// Stops the event loop; call once the run is done.
        package func shutDown() async {
            try? await group.shutdownGracefully()
        }

        /// What `https://HOST/PATH` answers, through the destination `--connect` maps HOST to.
        package func fetch(host: String, path: String) async -> FetchOutcome {
            let destination = destinations[host] ?? (host.hasSuffix(".") ? destinations[String(host.dropLast())] : nil)
            // The name the certificate must hold and TLS sends (SNI) has no final dot.
            let name = host.hasSuffix(".") ? String(host.dropLast()) : host
            let eventLoop = group.next()
            let promise = eventLoop.makePromise(of: FetchOutcome.self)
            let request = Self.request(host: host, port: destination?.port, path: path)
            let timeout = self.timeout
            let context = self.context
            // The exchange's state lives on its event loop: everything below runs there.
            eventLoop.execute {
                let exchange = Exchange(promise: promise, eventLoop: eventLoop)
                let bootstrap = ClientBootstrap(group: eventLoop)
                    .connectTimeout(.nanoseconds(Self.nanoseconds(timeout)))
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: name))
                            try channel.pipeline.syncOperations.addHTTPClientHandlers()
                            try channel.pipeline.syncOperations.addHandler(AnswerCollector(exchange: exchange, timeout: timeout))
                        }
                    }
                // The timeout bounds the whole transfer, the connection and the body included.
                exchange.deadline(
                    in: .nanoseconds(Self.nanoseconds(timeout)), outcome: .unreachable(reason: "no answer within \(Self.seconds(timeout))"))
                bootstrap.connect(host: destination?.address ?? name, port: destination?.port ?? 443).whenComplete { result in
                    switch result {
                    case .success(let channel):
                        exchange.attach(channel)
                        channel.write(HTTPClientRequestPart.head(request), promise: nil)
                        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
                    case .failure(let error):
                        exchange.finish(Self.outcome(of: error, timeout: timeout))
                    }
                }
            }
            return (try? await promise.futureResult.get()) ?? .unreachable(reason: "no answer")
        }

        /// The GET of `path` from `host` (`port` when the request goes to another than 443).
        private static func request(host: String, port: Int?, path: String) -> HTTPRequestHead {
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: host + (port.map { $0 == 443 ? "" : ":\($0)" } ?? ""))
            headers.add(name: "User-Agent", value: "routelint")
            headers.add(name: "Accept", value: "application/json")
            headers.add(name: "Connection", value: "close")
            return HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
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
            case ChannelError.connectTimeout:
                return .unreachable(reason: "no answer within \(seconds(timeout))")
            case let error as NIOConnectionError:
                // Each address tried failed: the first one's reason.
                guard let first = error.connectionErrors.first?.error else { return .unreachable(reason: "cannot resolve the host") }
                return outcome(of: first, timeout: timeout)
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

    /// One request's state on its event loop: the outcome is given once — by the answer, an
    /// error or the deadline, whichever comes first — and then the connection is closed.
    private final class Exchange: Sendable {
        private let promise: EventLoopPromise<FetchOutcome>
        private let state: NIOLoopBoundBox<(finished: Bool, channel: Channel?, deadline: Scheduled<Void>?)>

        init(promise: EventLoopPromise<FetchOutcome>, eventLoop: any EventLoop) {
            self.promise = promise
            state = NIOLoopBoundBox((false, nil, nil), eventLoop: eventLoop)
        }

        /// Gives `outcome` when nothing has been given by `delay`.
        func deadline(in delay: TimeAmount, outcome: FetchOutcome) {
            state.value.deadline = promise.futureResult.eventLoop.scheduleTask(in: delay) { self.finish(outcome) }
        }

        /// The connection made, closed when the outcome is given.
        func attach(_ channel: Channel) {
            if state.value.finished {
                channel.close(promise: nil)
            } else {
                state.value.channel = channel
            }
        }

        /// Gives `outcome`, unless one was given already, and closes the connection.
        func finish(_ outcome: FetchOutcome) {
            guard !state.value.finished else { return }
            state.value.finished = true
            state.value.deadline?.cancel()
            state.value.channel?.close(promise: nil)
            promise.succeed(outcome)
        }
    }

    /// Reads the answer: its head, its body up to `ServedFile.bodyLimit`, its end.
    private final class AnswerCollector: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart

        private let exchange: Exchange
        private let timeout: Duration
        private var head: HTTPResponseHead?
        private var body: [UInt8] = []

        init(exchange: Exchange, timeout: Duration) {
            self.exchange = exchange
            self.timeout = timeout
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let received):
                head = received
            case .body(var buffer):
                let room = ServedFile.bodyLimit - body.count
                if buffer.readableBytes > room {
                    body += buffer.readBytes(length: room) ?? []
                    answer(cut: true)
                } else {
                    body += buffer.readBytes(length: buffer.readableBytes) ?? []
                }
            case .end:
                answer(cut: false)
            }
        }

        private func answer(cut: Bool) {
            guard let head else { return }
            exchange.finish(
                .answered(
                    HTTPAnswer(
                        status: Int(head.status.code), reason: head.status.reasonPhrase, headers: head.headers.map { ($0.name, $0.value) },
                        body: body, bodyCut: cut)))
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            exchange.finish(HTTPSFetcher.outcome(of: error, timeout: timeout))
        }

        func channelInactive(context: ChannelHandlerContext) {
            exchange.finish(
                .unreachable(
                    reason: head == nil ? "the connection closed without an answer" : "the connection closed before the answer ended"))
            context.fireChannelInactive()
        }
    }
#endif
