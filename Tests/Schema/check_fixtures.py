"""The manifest's JSON Schema (`routelint schema`) against every manifest of the fixtures, the
example and Tests/Schema/cases (one valid file with every key, and files with one fault each,
so that a schema that misses a fault is seen), with a real validator: PyPI's jsonschema (draft 2020-12), the YAML read by
ruamel.yaml as YAML 1.2, as the YAML language server reads it.

A manifest that routelint reads without an unknown-key, invalid-value or missing-field finding
must pass the schema; one with such a finding must fail it. A route without `holder` is
`missing-holder`'s (it words an undeclared holder too); the schema requires the key, so that
finding counts as the schema's. Two things a schema of one file
cannot know are left out of the comparison (the file is compared on its other findings): a route's missing `activity`
(it is a tab root's, from whatever file declares the tab) and a `default` that is not one of its
item's listed values (a schema cannot refer to a sibling's list). A file libyaml cannot read
(yaml-syntax, duplicate-key) is not compared either: it is not a manifest yet.

Usage: check_fixtures.py ROUTELINT MANIFEST... (prints one line per file; exit 1 on a mismatch)
"""
import json
import multiprocessing
import resource
import subprocess
import sys

import jsonschema
from ruamel.yaml import YAML

SCHEMA_RULES = {"unknown-key", "invalid-value", "missing-field"}
UNREADABLE = {"yaml-syntax", "duplicate-key"}


def findings(routelint, path):
    run = subprocess.run([routelint, "lint", "--format", "json", path], capture_output=True, text=True)
    return json.loads(run.stdout)


def decided_by_schema(finding):
    if finding["rule"] == "missing-holder":
        return finding["message"].endswith("has no 'holder'")
    return finding["rule"] in SCHEMA_RULES and not beyond_one_file(finding)


def beyond_one_file(finding):
    """What the schema of one file cannot decide, by design (see the docstring)."""
    message = finding["message"]
    if finding["rule"] == "missing-field" and "'activity'" in message and "route" in message:
        return True
    return finding["rule"] == "invalid-value" and "'default'" in message and "is not of its type" in message and "[" in message


def validate(validator, path, answer):
    """The schema's errors for `path`, sent through `answer`. Run in a process of its own, held
    to 1 GB: a YAML loader expands aliases, and a file of nested aliases (which routelint skips
    unexpanded under an unknown key) would take the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    yaml = YAML(typ="safe", pure=True)
    yaml.version = (1, 2)
    # What the loader refuses (a merge key of a scalar, an alias bomb) no editor validates.
    try:
        with open(path, encoding="utf-8") as file:
            answer.send([e.message for e in validator.iter_errors(yaml.load(file))])
    except (Exception, MemoryError) as error:  # noqa: BLE001 - any refusal of the loader fails validation
        answer.send([f"the YAML loader refuses it: {str(error).splitlines()[0] if str(error) else type(error).__name__}"])


def schema_errors(validator, path):
    receiving, sending = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=validate, args=(validator, path, sending))
    child.start()
    errors = receiving.recv() if receiving.poll(60) else ["the YAML loader did not finish in 60 s"]
    child.kill()
    child.join()
    return errors


def main():
    routelint, paths = sys.argv[1], sys.argv[2:]
    schema = json.loads(subprocess.run([routelint, "schema"], capture_output=True, text=True, check=True).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    mismatches = compared = 0
    for path in paths:
        found = findings(routelint, path)
        rules = {f["rule"] for f in found}
        if rules & UNREADABLE:
            print(f"skipped {path}: libyaml cannot read it")
            continue
        # Linted alone, a file's findings of the schema's kinds, less those it cannot decide.
        decided = {f["rule"] for f in found if decided_by_schema(f)}
        expected_valid = not decided
        errors = schema_errors(validator, path)
        compared += 1
        if (not errors) != expected_valid:
            mismatches += 1
            said = "; ".join(message[:160] for message in errors[:3])
            print(f"MISMATCH {path}: routelint finds {sorted(decided) or 'nothing of the schema'}, the schema says {said or 'valid'}")
        else:
            print(f"{'valid' if expected_valid else 'invalid'} {path}")
    print(f"{compared} manifests compared, {mismatches} mismatches")
    sys.exit(1 if mismatches or compared == 0 else 0)


if __name__ == "__main__":
    multiprocessing.set_start_method("fork")
    main()
