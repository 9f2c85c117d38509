#!/usr/bin/env bash
# Renders the audit page of Manifests/ in headless Chromium and saves a screenshot of it as
# docs/audit.png, the picture the README shows: `bash scripts/audit-screenshot.sh`.
# Needs a release build's dependencies and Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product routelint
page=$(mktemp --suffix=.html)
profile=$(mktemp -d)
trap 'rm -rf "$page" "$profile"' EXIT
.build/release/routelint audit Manifests --output "$page"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --window-size=1280,1600 --screenshot="$PWD/docs/audit.png" "file://$page"
echo "wrote docs/audit.png"
