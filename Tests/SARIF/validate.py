#!/usr/bin/env python3
"""Checks SARIF logs against the OASIS SARIF 2.1.0 schema (errata 01) in this folder.

usage: python3 Tests/SARIF/validate.py LOG.sarif...    exit 0: all valid, 1: a log is invalid,
2: a log cannot be read. Needs jsonschema and rfc3986-validator (without the second, the
schema's uri and uri-reference formats go unchecked).
"""
import json
import os
import sys

import jsonschema
from jsonschema import FormatChecker

if not sys.argv[1:]:
    sys.exit(__doc__)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sarif-schema-2.1.0.json")) as file:
    schema = json.load(file)
validator = jsonschema.validators.validator_for(schema)(schema, format_checker=FormatChecker())
status = 0
for path in sys.argv[1:]:
    try:
        with open(path) as file:
            log = json.load(file)
    except (OSError, ValueError) as error:
        print(f"{path}: cannot be read as JSON: {error}")
        status = max(status, 2)
        continue
    errors = sorted(validator.iter_errors(log), key=lambda error: [str(part) for part in error.absolute_path])
    print(f"{path}: " + ("valid" if not errors else f"{len(errors)} schema errors"))
    for error in errors[:50]:
        print("  /" + "/".join(str(part) for part in error.absolute_path) + ": " + error.message[:300])
    if errors:
        status = max(status, 1)
sys.exit(status)
