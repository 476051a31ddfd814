#!/usr/bin/env python3
"""Mutation harness for `kartenwerk check`: how many rule-text mistakes it
catches and how many correct rewordings it leaves alone.

Usage: harness.py KW_BINARY REPO_ROOT [CASES_YAML] [--only ID-SUBSTRING] [--out DIR] [--dry]
(--dry: only check that every case applies: find strings unique, YAML still parses)

The project (REPO_ROOT minus build/, output/, node_modules/, .git) is copied
once into a temporary directory; every case applies its edits there, runs
`check --game G [--variant V]`, and restores the files. A case is
  caught          expect: error and check reports an error (exit status 1)
  missed          expect: error and check passes (the `warned` column counts
                  the misses for which check printed a new warning)
  false-positive  expect: clean and check reports an error
  ok              expect: clean and check passes
  broken          a find string does not occur exactly once, or the edited
                  YAML no longer parses (the case, not the checker, is wrong)
"""
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

import yaml

EXCLUDE = {"build", "output", "node_modules", ".git", "Testing"}


def copy_project(src, dst):
    for name in os.listdir(src):
        if name in EXCLUDE or name.startswith("build"):
            continue
        s, d = os.path.join(src, name), os.path.join(dst, name)
        if os.path.isdir(s) and not os.path.islink(s):
            shutil.copytree(s, d, symlinks=True)
        else:
            shutil.copy2(s, d, follow_symlinks=False)


def run_check(kw, root, game, variant):
    cmd = [kw, "--root", root, "check", "--game", game]
    if variant:
        cmd += ["--variant", variant]
    p = subprocess.run(cmd, capture_output=True, timeout=120)
    raw = p.stdout + p.stderr
    out = raw.decode("utf-8", errors="replace")
    errors = [l for l in out.splitlines() if "error:" in l]
    # Warnings, except "N stale" (any edit of a source text makes its
    # translations stale; that says nothing about the rule).
    warnings = [l for l in out.splitlines() if "warning:" in l and " stale " not in l]
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as err:
        # Not the case's fault: check printed bytes that are not UTF-8.
        errors.append(f"(harness note: check output is not valid UTF-8 at byte {err.start})")
    return p.returncode, errors, warnings


def edits_of(case):
    if "edits" in case:
        return case["edits"]
    return [{"file": case["file"], "find": case["find"], "replace": case["replace"]}]


def lang_of(case):
    if "lang" in case:
        return case["lang"]
    files = [e["file"] for e in edits_of(case)]
    for f in files:
        parts = f.split("/")
        if len(parts) > 2 and parts[1] == "locales":
            return parts[2]
    return "de"


def apply_case(root, case):
    """Apply the edits; return (originals, problem)."""
    originals = {}
    texts = {}
    for e in edits_of(case):
        path = os.path.join(root, e["file"])
        if not os.path.isfile(path):
            return originals, f"no file {e['file']}"
        if path not in texts:
            with open(path, encoding="utf-8") as fh:
                texts[path] = fh.read()
            originals[path] = texts[path]
        n = texts[path].count(e["find"])
        if n != 1:
            return originals, f"find occurs {n}x in {e['file']}: {e['find'][:60]!r}"
        texts[path] = texts[path].replace(e["find"], e["replace"])
    for path, text in texts.items():
        try:
            yaml.safe_load(text)
        except yaml.YAMLError as err:
            return originals, f"edited YAML does not parse: {str(err).splitlines()[0]}"
    for path, text in texts.items():
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    return originals, None


def restore(originals):
    for path, text in originals.items():
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def main(argv):
    args = [a for a in argv[1:]]
    only, out_dir = None, None
    dry = "--dry" in args
    if dry:
        args.remove("--dry")
    if "--only" in args:
        i = args.index("--only"); only = args[i + 1]; del args[i:i + 2]
    if "--out" in args:
        i = args.index("--out"); out_dir = args[i + 1]; del args[i:i + 2]
    if len(args) < 2:
        print(__doc__); return 2
    kw, repo = os.path.abspath(args[0]), os.path.abspath(args[1])
    cases_file = args[2] if len(args) > 2 else os.path.join(os.path.dirname(__file__), "cases.yaml")
    with open(cases_file, encoding="utf-8") as fh:
        cases = yaml.safe_load(fh)["cases"]
    ids = [c["id"] for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        print(f"duplicate case ids: {sorted(dup)}"); return 2
    if only:
        cases = [c for c in cases if only in c["id"]]

    tmp = tempfile.mkdtemp(prefix="kw-mut-")
    root = os.path.join(tmp, "project")
    os.mkdir(root)
    copy_project(repo, root)
    try:
        # Baseline: the unmodified project must pass for every game/variant used.
        baseline = {}
        for gv in sorted({(c["game"], c.get("variant")) for c in cases} if not dry else [], key=str):
            rc, errs, warns = run_check(kw, root, *gv)
            baseline[gv] = (rc, errs, set(warns))
            if rc != 0:
                print(f"baseline {gv}: exit {rc}, {len(errs)} errors (cases of it are not meaningful)")
                for e in errs[:5]:
                    print("   ", e)
        results = []
        for c in cases:
            gv = (c["game"], c.get("variant"))
            originals, problem = apply_case(root, c)
            if problem:
                restore(originals)
                results.append((c, "broken", problem, []))
                continue
            if dry:
                restore(originals)
                continue
            try:
                rc, errs, warns = run_check(kw, root, *gv)
            finally:
                restore(originals)
            new_warns = [w for w in warns if w not in baseline[gv][2]]
            flagged = rc != 0 and (baseline[gv][0] == 0 or len(errs) > len(baseline[gv][1]))
            if c["expect"] == "error":
                status = "caught" if flagged else "missed"
            else:
                status = "false-positive" if flagged else "ok"
            if status == "missed" and new_warns:
                status = "missed"
                errs = ["(warned) " + w for w in new_warns]
            results.append((c, status, f"exit {rc}", errs))
            sys.stderr.write(f"{status:15} {c['id']}\n")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    report(results, out_dir)
    return 0


def is_drift_only(errs):
    real = [e for e in errs if "harness note" not in e]
    return bool(real) and all("no longer says" in e for e in real)


def report(results, out_dir):
    def table(title, key):
        rows = defaultdict(lambda: defaultdict(int))
        for c, status, _, errs in results:
            rows[key(c)][status] += 1
            if status == "missed" and errs:
                rows[key(c)]["warned"] += 1
        print(f"\n{title:28} {'mistakes':>9} {'caught':>7} {'missed':>7} {'warned':>7} {'rate':>6} {'correct':>8} {'FP':>4} {'broken':>7}")
        tot = defaultdict(int)
        for k in sorted(rows):
            r = rows[k]
            for s, n in r.items():
                tot[s] += n
            line(k, r)
        line("TOTAL", tot)

    def line(k, r):
        m = r["caught"] + r["missed"]
        rate = f"{100 * r['caught'] / m:.0f}%" if m else "-"
        print(f"{str(k):28} {m:9} {r['caught']:7} {r['missed']:7} {r['warned']:7} {rate:>6} {r['ok'] + r['false-positive']:8} {r['false-positive']:4} {r['broken']:7}")

    # A catch whose only errors say the claimed words are gone is a catch of
    # the edit, not of the rule: the same error hits a correct rewording
    # that forgets to update its claim.
    drift = [r for r in results if r[1] == "caught" and is_drift_only(r[3])]
    table("game", lambda c: c["game"] + (f" ({c['variant']})" if c.get("variant") else ""))
    table("language", lang_of)
    table("game/language", lambda c: f"{c['game']}/{lang_of(c)}")

    print(f"\ncaught only through claim drift ('the text no longer says ...'): {len(drift)} of "
          f"{sum(1 for r in results if r[1] == 'caught')} catches")
    for status, title in (("missed", "MISSED (mistakes check did not flag)"),
                          ("false-positive", "FALSE POSITIVES (correct rewordings flagged)"),
                          ("broken", "BROKEN CASES")):
        sel = [r for r in results if r[1] == status]
        if not sel:
            continue
        print(f"\n{title}: {len(sel)}")
        for c, _, info, errs in sel:
            print(f"- {c['id']} [{c['game']}{'/' + c['variant'] if c.get('variant') else ''}, {lang_of(c)}]")
            for e in edits_of(c):
                print(f"    {e['file']}: {e['find']!r} -> {e['replace']!r}")
            print(f"    why: {c['why']}")
            if status == "broken":
                print(f"    problem: {info}")
            for err in errs[:3]:
                label = "note" if status == "missed" else "flagged"
                print(f"    {label}: {err.strip()[:300]}")

    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, "results.tsv"), "w", encoding="utf-8") as fh:
            fh.write("id\tgame\tvariant\tlang\texpect\tstatus\tdrift_only\tinfo\tfirst_error\n")
            for c, status, info, errs in results:
                first = errs[0].strip().replace("\t", " ") if errs else ""
                d = "yes" if status in ("caught", "false-positive") and is_drift_only(errs) else ""
                fh.write(f"{c['id']}\t{c['game']}\t{c.get('variant') or ''}\t{lang_of(c)}\t{c['expect']}\t{status}\t{d}\t{info}\t{first}\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
