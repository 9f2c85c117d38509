#!/usr/bin/env python3
"""Real HTTPS servers on localhost for the end-to-end tests of `routelint hosts`.

    serve.py DIRECTORY SPEC.json

makes, in DIRECTORY, a certificate authority (ca.pem) and a certificate it signs for every host
of SPEC, and a self-signed certificate no one trusts; then serves, each on a port of its own:

- "trusted":   HTTPS with the CA's certificate, answering each host (the Host header, its port
               left out; a final dot too, unless SPEC names the host with it) and path (with its
               query) with SPEC[host][path]: {"status", "headers", "body"}, or 404;
- "untrusted": HTTPS with the self-signed certificate, answering 200 to everything;
- "silent":    a TCP port that accepts connections and never answers.

When all listen it writes {"trusted": PORT, "untrusted": PORT, "silent": PORT} to
DIRECTORY/ports.json (whole, by a rename), then serves until it is killed. Only Python's standard library and the openssl command.
"""
import http.server
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading


def openssl(*arguments):
    subprocess.run(["openssl", *arguments], check=True, capture_output=True)


def make_certificates(directory, hosts):
    ca_key, ca = os.path.join(directory, "ca.key"), os.path.join(directory, "ca.pem")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key, "-out", ca,
            "-days", "2", "-subj", "/CN=routelint test authority",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    key, request, certificate = (os.path.join(directory, name) for name in ("server.key", "server.csr", "server.pem"))
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=" + hosts[0])
    extensions = os.path.join(directory, "server.ext")
    with open(extensions, "w") as file:
        file.write("subjectAltName=" + ",".join("DNS:" + host for host in hosts) + "\n")
        file.write("extendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", request, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-out", certificate,
            "-days", "2", "-extfile", extensions)
    stranger_key, stranger = os.path.join(directory, "stranger.key"), os.path.join(directory, "stranger.pem")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", stranger_key, "-out", stranger,
            "-days", "2", "-subj", "/CN=untrusted.test", "-addext", "subjectAltName=DNS:untrusted.test")
    return (certificate, key), (stranger, stranger_key)


def handler(spec):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            host = (self.headers.get("Host") or "").rsplit(":", 1)[0].lower()
            # A host's fully-qualified spelling (example.com.) is the host, as web servers take
            # it, unless the spec answers it apart.
            if host.endswith(".") and spec is not None and host not in spec:
                host = host[:-1]
            answer = spec.get(host, {}).get(self.path) if spec is not None else {"status": 200, "body": "{}"}
            if answer is None:
                answer = {"status": 404, "headers": {"Content-Type": "text/html"}, "body": "<h1>Not Found</h1>"}
            body = answer.get("body", "").encode()
            self.send_response(answer["status"])
            for name, value in answer.get("headers", {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    return Handler


def https_server(certificate, spec):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(spec))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def main():
    # A test runner may start this with SIGTERM blocked, which the child inherits: the test's
    # terminate() must end it all the same.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
    directory, spec_path = sys.argv[1], sys.argv[2]
    with open(spec_path) as file:
        spec = json.load(file)
    trusted, untrusted = make_certificates(directory, sorted({host.rstrip(".") for host in spec}))
    ports = {"trusted": https_server(trusted, spec), "untrusted": https_server(untrusted, None)}
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(64)
    held = []
    threading.Thread(target=lambda: [held.append(silent.accept()) for _ in iter(int, 1)], daemon=True).start()
    ports["silent"] = silent.getsockname()[1]
    with open(os.path.join(directory, "ports.json.partial"), "w") as file:
        json.dump(ports, file)
    os.rename(os.path.join(directory, "ports.json.partial"), os.path.join(directory, "ports.json"))
    threading.Event().wait()


if __name__ == "__main__":
    main()
