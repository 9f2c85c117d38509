#!/usr/bin/env bash
# Proves that the portable tarball needs nothing but the C libraries: it is extracted into an
# empty folder that gets only the shared libraries `ldd` names for it, the example manifests
# and a fixture, and run there under chroot — from `/`, a container's usual working directory
# — with /proc mounted, as in any container, and then without it.
#
#   Tests/Portable/check-in-chroot.sh TARBALL REFERENCE_BINARY
#
# REFERENCE_BINARY is a routelint built the usual way: a run with findings must print the same
# text in the chroot as it does. Needs root (chroot).
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball=$1
reference=$2

jail=$(mktemp -d)
# A container has /proc; the last runs below go without it.
mkdir -p "$jail/proc"
mount -t proc proc "$jail/proc"
trap 'umount "$jail/proc" 2> /dev/null || true; rm -rf "$jail"' EXIT
tar -xzf "$tarball" -C "$jail" --strip-components=1
binary="$jail/routelint"

echo "-- what the binary links"
ldd "$binary" | sed 's/^/    /'
if ldd "$binary" | grep -Ei "swift|yaml|xml|icu|lzma|libz\.|Foundation"; then
  echo "the binary needs a library beyond the C ones" >&2
  exit 1
fi
for library in $(ldd "$binary" | grep -oE '/[^ ]+'); do
  mkdir -p "$jail$(dirname "$library")"
  cp -L "$library" "$jail$library"
done
cp -R Manifests "$jail/Manifests"
mkdir -p "$jail/fixtures" "$jail/elsewhere"
cp Tests/RouteLintRunsTests/Fixtures/err/conflicting-patterns.routes.yaml "$jail/fixtures/"
cp Tests/RouteLintRunsTests/Fixtures/err/conflicting-patterns.routes.yaml "$jail/elsewhere/x.routes.yaml"

# run ARGS...: routelint in the chroot, from /; stdout in $jail/out, stderr in $jail/err.
run() {
  status=0
  chroot "$jail" /routelint "$@" > "$jail/out" 2> "$jail/err" || status=$?
}
expect() {
  local wanted=$1 what=$2
  if [ "$status" -ne "$wanted" ]; then
    cat "$jail/out" "$jail/err"
    echo "$what: exit $status, expected $wanted" >&2
    exit 1
  fi
  echo "ok: $what (exit $status)"
}

version=$(basename "$tarball" | sed -E 's/^routelint-(.*)-linux-[^-]*\.tar\.gz$/\1/')
run --version
expect 0 "--version"
[ "$(cat "$jail/out")" = "$version" ] || { echo "--version says '$(cat "$jail/out")', the tarball '$version'" >&2; exit 1; }

run lint /Manifests
expect 0 "lint of the example, clean"
grep -q "No problems found in 4 files" "$jail/out" || { cat "$jail/out"; exit 1; }

run lint fixtures/conflicting-patterns.routes.yaml
expect 1 "lint of a manifest with findings"
expected=$(mktemp -d)
cp -R "$jail/fixtures" "$expected/"
(cd "$expected" && "$reference" lint fixtures/conflicting-patterns.routes.yaml > out 2> err) || true
# The summary's time is the one thing that may differ.
untimed() { sed -E 's/ in [0-9.]+ s\.$/ in … s./' "$1"; }
diff -u <(untimed "$expected/out") <(untimed "$jail/out") || { echo "the chroot's findings differ from the usual build's" >&2; exit 1; }
rm -rf "$expected"

run generate swift /Manifests --output /generated
expect 0 "generate swift"
[ -s "$jail/generated/Routes.swift" ] || { echo "generate swift wrote no Routes.swift" >&2; exit 1; }

# The files name their manifests from their own folder: the same from / with absolute paths as
# from the repository's root, where they were generated.
run generate app-links Manifests --output Manifests/platform --check
expect 0 "generate app-links --check"
run generate app-links /Manifests/ --output /Manifests/./platform --check
expect 0 "generate app-links --check, absolute paths"

# With a configuration at /, a path given still means that file: it is linted, and reported.
printf 'include: ["Manifests/**/*.routes.yaml"]\n' > "$jail/.routelint.yml"
run lint /elsewhere/x.routes.yaml
expect 1 "lint of a file outside the configured set, with a configuration at /"
grep -q "^/elsewhere/x.routes.yaml:.*conflicting-patterns" "$jail/out" || { cat "$jail/out"; echo "the file given was not linted" >&2; exit 1; }
run lint /Manifests
expect 0 "lint of the configured set from /"
rm "$jail/.routelint.yml"

# hosts over real HTTPS (the TLS is the binary's own BoringSSL): a server outside the chroot
# serves the example's generated files as shop.example.com, and the association as Apple's CDN
# holds it, with a certificate of an authority made here, whose file is the only one the chroot
# holds.
served=$(mktemp -d)
python3 - "$served/spec.json" <<'PY'
import json, sys
files = {"apple-app-site-association": "Manifests/platform/apple-app-site-association",
         "assetlinks.json": "Manifests/platform/assetlinks.json"}
spec = {"shop.example.com": {"/.well-known/" + name: {"status": 200, "headers": {"Content-Type": "application/json"},
                                                   "body": open(path).read()} for name, path in files.items()}}
spec["app-site-association.cdn-apple.com"] = {"/a/v1/shop.example.com": spec["shop.example.com"]["/.well-known/apple-app-site-association"]}
json.dump(spec, open(sys.argv[1], "w"))
PY
python3 Tests/Hosts/serve.py "$served" "$served/spec.json" &
server=$!
for _ in $(seq 300); do [ -f "$served/ports.json" ] && break; sleep 0.1; done
port=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["trusted"])' "$served/ports.json")
cp "$served/ca.pem" "$jail/ca.pem"
run hosts /Manifests --ca-file /ca.pem --connect "shop.example.com=127.0.0.1:$port" \
    --connect "app-site-association.cdn-apple.com=127.0.0.1:$port"
kill "$server"
rm -rf "$served"
expect 0 "hosts over HTTPS, the example's files served as generated"
grep -q "No problems found in 4 files (.*) and 2 platform files" "$jail/out" || { cat "$jail/out" "$jail/err"; exit 1; }

# The language server: initialize, initialized, shutdown, exit, framed as LSP frames them.
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
{
  frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///Manifests","capabilities":{}}}'
  frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
  frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
  frame '{"jsonrpc":"2.0","method":"exit"}'
} > "$jail/lsp-in"
status=0
chroot "$jail" /routelint lsp < "$jail/lsp-in" > "$jail/out" 2> "$jail/err" || status=$?
expect 0 "language server initialize/shutdown"
grep -q '"capabilities"' "$jail/out" || { cat "$jail/out" "$jail/err"; echo "no initialize result" >&2; exit 1; }
grep -q '"id":2' "$jail/out" || grep -q '"id" : 2' "$jail/out" || { cat "$jail/out"; echo "no shutdown response" >&2; exit 1; }
# Without /proc the Swift runtime of a static build cannot read the arguments itself: the
# binary hands them over from the C entry point (Sources/CProcessStart).
umount "$jail/proc"
run --version
expect 0 "--version without /proc"
[ "$(cat "$jail/out")" = "$version" ] || { cat "$jail/out" "$jail/err"; echo "--version without /proc is wrong" >&2; exit 1; }
run lint fixtures/conflicting-patterns.routes.yaml
expect 1 "lint of a manifest with findings, without /proc"

echo "the portable binary ran under chroot with only: $(ldd "$binary" | grep -oE '/[^ ]+' | xargs -n1 basename | tr '\n' ' ')"
