#!/usr/bin/env python3
"""Lists the public declarations of routelint's library modules that have no doc comment.

usage: python3 scripts/undocumented-api.py SYMBOLGRAPH_DIR
SYMBOLGRAPH_DIR is what `swift package dump-symbol-graph --minimum-access-level public`
writes. Exit status 1 when a declaration is undocumented: .ci/run keeps the count at zero.

A declaration counts as documented by its own comment, or by the comment of what it
implements or overrides (a protocol requirement's comment documents its implementations,
as DocC shows it). Enum cases and memberwise parts of small value types are declarations too.
"""
import glob
import json
import os
import sys

MODULES = ["RouteLintKit", "RouteLintServer"]

if len(sys.argv) != 2:
    sys.exit(__doc__)
undocumented = []
for module in MODULES:
    for path in sorted(glob.glob(os.path.join(sys.argv[1], module + "*.symbols.json"))):
        with open(path) as file:
            graph = json.load(file)
        # What implements a documented requirement, or is a default implementation of one, is
        # documented there.
        inheriting = {relation["source"] for relation in graph.get("relationships", [])
                      if relation["kind"] in ("defaultImplementationOf", "overrides")}
        for symbol in graph["symbols"]:
            identifier = symbol["identifier"]["precise"]
            if symbol.get("docComment") or identifier in inheriting:
                continue
            # Conformances the compiler synthesizes (==, hash(into:), init(from:)) have no source.
            location = symbol.get("location")
            if location is None:
                continue
            title = ".".join(symbol["pathComponents"])
            file = os.path.relpath(location["uri"].removeprefix("file://"))
            line = location["position"]["line"] + 1
            undocumented.append(f"{file}:{line}: {symbol['kind']['displayName'].lower()} {title}")
for line in sorted(set(undocumented)):
    print(line)
print(f"{len(set(undocumented))} undocumented public declarations", file=sys.stderr)
sys.exit(1 if undocumented else 0)
