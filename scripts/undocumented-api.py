#!/usr/bin/env python3
"""Checks the public API of routelint's library modules: each module's public top-level
declarations are exactly those the table "Public API" of docs/development.md names, and
every public declaration has a doc comment.

usage: python3 scripts/undocumented-api.py SYMBOLGRAPH_DIR | --modules
SYMBOLGRAPH_DIR holds the modules' symbol graphs at public access (scripts/public-api
extracts them); --modules lists the modules checked. Exit status 1 when a module's public declarations differ from the table or one is
undocumented: .ci/run keeps both at zero.

A declaration counts as documented by its own comment, or by the comment of what it
implements or overrides (a protocol requirement's comment documents its implementations,
as DocC shows it). Enum cases and memberwise parts of small value types are declarations too.
"""
import glob
import json
import os
import re
import sys

MODULES = ["RouteLintCore", "RouteLintPlatform", "RouteLintRules", "RouteLintGeneration", "RouteLintReporting", "RouteLintRuns", "RouteLintChanges", "RouteLintServed", "RouteLintImport",
           "RouteLintServer", "RouteLintHosts"]
# Requirements of the standard library's protocols that the modules implement.
EXTERNAL_REQUIREMENTS = {"description", "errorDescription", "write(_:)", "hash(into:)", "==(_:_:)", "<(_:_:)",
                         "init(from:)", "encode(to:)", "makeIterator()", "next()", "startIndex", "endIndex",
                         "subscript(_:)", "index(after:)", "index(before:)", "init(rawValue:)", "rawValue", "testDescription"}

if len(sys.argv) != 2:
    sys.exit(__doc__)
if sys.argv[1] == "--modules":
    print("\n".join(MODULES))
    sys.exit(0)


def documented_api():
    """The table "Public API" of docs/development.md: module -> the names it makes public."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "development.md")
    with open(path) as file:
        text = file.read()
    section = text.split("## Public API", 1)[1].split("\n## ", 1)[0]
    table = {}
    for row in section.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("`RouteLint"):
            table[cells[0].strip("`")] = set(re.findall(r"`([^`]+)`", cells[1]))
    return table


api = documented_api()
mismatches = []
# The modules' graphs read as one: a protocol of one module is implemented in another.
graph = {"symbols": [], "relationships": []}
for module in MODULES:
    for path in sorted(glob.glob(os.path.join(sys.argv[1], module + ".symbols.json"))
                       + glob.glob(os.path.join(sys.argv[1], module + "@*.symbols.json"))):
        with open(path) as file:
            part = json.load(file)
        if "@" not in os.path.basename(path):
            found = {symbol["pathComponents"][0] for symbol in part["symbols"] if len(symbol["pathComponents"]) == 1}
            expected = api.get(module, set())
            for name in sorted(found - expected):
                mismatches.append(f"{module}: '{name}' is public, and not in docs/development.md's Public API: make it package")
            for name in sorted(expected - found):
                mismatches.append(f"{module}: docs/development.md's Public API names '{name}', which is not public")
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
for line in sorted(set(undocumented)) + mismatches:
    print(line)
print(f"{len(set(undocumented))} undocumented public declarations; {len(mismatches)} differences from the Public API table",
      file=sys.stderr)
sys.exit(1 if undocumented or mismatches else 0)
