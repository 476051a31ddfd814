#!/usr/bin/python3
"""The JSON Schemas of schema/ against the files they describe, with a real
validator (Debian's python3-jsonschema), as an editor's YAML language server
would use them:

1. `kartenwerk schema` gives exactly the committed schema/*.json,
   .vscode/settings.json and docs/reference.md (they cannot drift from the
   loader's tables);
2. every shipped file that .vscode/settings.json maps to a schema is valid
   against it, and every schema describes at least one shipped file;
3. files with a mistake the loader rejects are rejected by the schema too,
   at the key that is wrong;
4. what `kartenwerk new` writes is valid against the schemas too.

Usage: validate_schemas.py KARTENWERK SOURCE_ROOT SCRATCH_DIR
"""
import datetime
import fnmatch
import json
import os
import shutil
import subprocess
import sys

import jsonschema
import yaml

kartenwerk, root, scratch = sys.argv[1:4]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAILED:", what)


class Loader(yaml.SafeLoader):
    """YAML as kartenwerk reads it: yaml-cpp keeps 2024-01-01 a scalar, not a date."""


Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def as_json(v):
    # JSON keys are strings; a YAML key such as `1:` or `yes:` is text to kartenwerk.
    if isinstance(v, dict):
        return {str(k): as_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [as_json(x) for x in v]
    if isinstance(v, (datetime.date, datetime.datetime)):
        return v.isoformat()
    return v


def load(text):
    return as_json(yaml.load(text, Loader=Loader))


def validator(schema_file):
    with open(schema_file, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


# 1. Regenerated = committed.
if os.path.exists(scratch):
    shutil.rmtree(scratch)
subprocess.run([kartenwerk, "schema", "--out", scratch], check=True, stdout=subprocess.DEVNULL)
generated = []
for dirpath, _, names in os.walk(scratch):
    generated += [os.path.relpath(os.path.join(dirpath, n), scratch) for n in names]
check(len(generated) >= 10, "kartenwerk schema wrote %d files" % len(generated))
for rel in sorted(generated):
    committed = os.path.join(root, rel)
    with open(os.path.join(scratch, rel), encoding="utf-8") as f:
        fresh = f.read()
    same = os.path.exists(committed) and open(committed, encoding="utf-8").read() == fresh
    check(same, "%s differs from what `kartenwerk schema` writes: run `make schema` and commit it" % rel)
committed_schemas = sorted(os.listdir(os.path.join(root, "schema")))
check(committed_schemas == sorted(os.path.basename(g) for g in generated if g.startswith("schema/")),
      "schema/ holds files kartenwerk schema does not write: %s" % committed_schemas)

# 2. Every shipped file against its schema.
with open(os.path.join(root, ".vscode", "settings.json"), encoding="utf-8") as f:
    mapping = json.load(f)["yaml.schemas"]
shipped = []
for dirpath, dirs, names in os.walk(root):
    dirs[:] = [d for d in dirs if not d.startswith(".") and not d.startswith("build") and d not in ("node_modules", "output", "tests")]
    shipped += [os.path.relpath(os.path.join(dirpath, n), root) for n in names if n.endswith(".yaml")]
validators = {}
for schema_file, patterns in mapping.items():
    v = validators[schema_file] = validator(os.path.join(root, schema_file))
    files = [p for p in shipped if any(fnmatch.fnmatchcase(p, pattern) for pattern in patterns)]
    check(files, "%s describes no shipped file (%s)" % (schema_file, patterns))
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            errors = list(v.iter_errors(load(f.read())))
        for e in errors[:3]:
            print("  %s: %s at %s" % (rel, e.message[:300], "/".join(map(str, e.absolute_path))))
        check(not errors, "%s is not valid against %s" % (rel, schema_file))

# 3. Mistakes are rejected, at the key that is wrong.
def rejected(schema, text, where):
    errors = list(validators["./schema/%s.schema.json" % schema].iter_errors(load(text)))
    paths = ["/".join(map(str, e.absolute_path)) for e in errors]
    check(errors and any(p.startswith(where) for p in paths),
          "%s: %r not rejected at %s (errors at %s)" % (schema, text, where, paths))


rejected("layout", "elements:\n  - { type: text, box: [1, 2, 3, 4], text: x, colour: '#000000' }\n", "elements/0")
rejected("layout", "elements:\n  - { type: text, text: x }\n", "elements/0")  # no box
rejected("layout", "elements:\n  - { type: rect, box: [1, 2, 3] }\n", "elements/0")  # box of 3 numbers
rejected("layout", "elements:\n  - { type: circle, center: [1, 2] }\n", "elements/0")  # no such element type
rejected("layout", "elemnts: []\n", "")  # a typo of a key, and elements missing
rejected("cards", "game:\n  id: x\n  name: X\n  format: poker\n  card_fields: { wert: int }\n"
         "  decks: [ { id: d, name: D, layout: x/k, cards: [ { id: a, copies: 0 } ] } ]\n", "game/decks/0/cards/0")
rejected("cards", "game:\n  id: x\n  name: X\n  format: poker\n  card_fields: { wert: integer }\n"
         "  decks: []\n", "game/card_fields/wert")  # no field type 'integer'
rejected("cards", "game:\n  id: x\n  name: X\n  format: poker\n  card_fields: {}\n  decks: []\n"
         "  checks: [ { check: count, expect: many } ]\n", "game/checks/0")
rejected("profiles", "profiles:\n  p: { safe: 3, image_color: cmyk }\n", "profiles/p")
rejected("sheets", "sheets:\n  a4: { width: 5, height: 297 }\n", "sheets/a4")  # narrower than 10 mm
rejected("color", "conditions:\n  x: { icc: a.icc, ink_limit: 500 }\n", "conditions/x")
rejected("variant", "variant:\n  game: palantir\n  remove: [ { were: { class: hobbit } } ]\n", "variant/remove/0")
rejected("locale", "language: en\ngame: palantir\nstrings:\n  a: { de: [x], text: y }\n", "strings/a")
rejected("fonts", "families:\n  garamond: { bolder: x.ttf }\n", "families/garamond")

# 4. A scaffolded game, in a copy of the project (data/ copied, the rest linked).
project = os.path.join(scratch, "project")
shutil.copytree(os.path.join(root, "data"), os.path.join(project, "data"))
for linked in ("layouts", "templates", "fonts"):
    shutil.copytree(os.path.join(root, linked), os.path.join(project, linked), copy_function=os.link)
made = subprocess.run([kartenwerk, "--root", project, "new", "schemaprobe", "--format", "poker"],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
check(made.returncode == 0, "kartenwerk new failed: " + made.stdout)
written = [line[len("wrote "):] for line in made.stdout.splitlines() if line.startswith("wrote ")]
check(len(written) >= 4, "kartenwerk new wrote %s" % written)
for rel in written:
    kinds = [f for f, patterns in mapping.items() if any(fnmatch.fnmatchcase(rel, p) for p in patterns)]
    check(len(kinds) == 1, "%s has no schema" % rel)
    with open(os.path.join(project, rel), encoding="utf-8") as f:
        errors = list(validators[kinds[0]].iter_errors(load(f.read())))
    for e in errors[:3]:
        print("  %s: %s at %s" % (rel, e.message[:300], "/".join(map(str, e.absolute_path))))
    check(not errors, "%s (kartenwerk new) is not valid against %s" % (rel, kinds[0]))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
