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

MODULES = ["RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintGeneration", "RouteLintReporting", "RouteLintRuns", "RouteLintChanges", "RouteLintServed", "RouteLintImport",
           "RouteLintServer", "RouteLintHosts"]
# Requirements of the standard library's protocols that the modules implement.
EXTERNAL_REQUIREMENTS = {"description", "errorDescription", "write(_:)", "hash(into:)", "==(_:_:)", "<(_:_:)",
                         "init(from:)", "encode(to:)", "makeIterator()", "next()", "startIndex", "endIndex",
                         "subscript(_:)", "index(after:)", "index(before:)", "init(rawValue:)", "rawValue", "testDescription"}

if len(sys.argv) != 2:
    sys.exit(__doc__)
# The modules' graphs read as one: a protocol of one module is implemented in another.
graph = {"symbols": [], "relationships": []}
for module in MODULES:
    for path in sorted(glob.glob(os.path.join(sys.argv[1], module + ".symbols.json"))
                       + glob.glob(os.path.join(sys.argv[1], module + "@*.symbols.json"))):
        with open(path) as file:
            part = json.load(file)
        graph["symbols"] += part["symbols"]
        graph["relationships"] += part.get("relationships", [])
undocumented = []
symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
relations = graph.get("relationships", [])
# What implements a documented requirement, or is a default implementation of one, is
# documented there: a member named as a requirement of a protocol its type conforms
# to (the standard library's protocols are documented).
inheriting = {relation["source"] for relation in relations
              if relation["kind"] in ("defaultImplementationOf", "overrides")}
requirements = {}
for relation in relations:
    if relation["kind"] in ("requirementOf", "optionalRequirementOf"):
        requirement = symbols.get(relation["source"])
        if requirement and requirement.get("docComment"):
            requirements.setdefault(relation["target"], set()).add(requirement["names"]["title"])
conformances = {}
for relation in relations:
    if relation["kind"] == "conformsTo":
        conformances.setdefault(relation["source"], set()).add(relation["target"])
for relation in relations:
    if relation["kind"] != "memberOf" or relation["source"] not in symbols:
        continue
    title = symbols[relation["source"]]["names"]["title"]
    for protocol in conformances.get(relation["target"], ()):
        external = protocol not in symbols
        if external or title in requirements.get(protocol, ()):
            # An external protocol's requirement: only names it declares count.
            if external and title not in EXTERNAL_REQUIREMENTS:
                continue
            inheriting.add(relation["source"])
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
