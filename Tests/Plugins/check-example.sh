#!/usr/bin/env bash
# The plugins' example app routes URLs through the code the build-tool plugin generated from its
# manifest (Plugins/RoutingExample): each answer must name the route and tab that routelint
# resolve gives for the same URL.
#
#   bash Tests/Plugins/check-example.sh EXAMPLE ROUTELINT
#
# .ci/run runs it on the example an app's package builds with the artifact bundle's routelint;
# the scheduled workflow on the example the plugins' own package builds with routelint from source.
set -euo pipefail
cd "$(dirname "$0")/../.."
example=$1
routelint=$2
for url in shop://products/42 "https://shop.example.com/products/new?tab=cart" /cart "shop://products/007?ref=mail"; do
  answer=$("$example" "$url")
  expected=$("$routelint" resolve --manifest Plugins/RoutingExample --format json "$url" |
    python3 -c 'import json, sys; r = json.load(sys.stdin)[0]; print("route %r, tab %r" % (r["route"], r["tab"]))')
  case "$answer" in
    *"$expected"*) echo "$answer" ;;
    *) echo "the generated router says: $answer; routelint resolve says: $expected" >&2; exit 1 ;;
  esac
done
