#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts test cases in meson's testlog.json files (and the fuzzers'
results) and prints one line, "N passed, N failed[, N skipped]", the last
thing `build-aux/dev test` says. Each TAP "ok" counts as passed, "not ok"
as failed (a TODO or SKIP directive counts as skipped). A test program
that failed without a failing TAP line (a crash, a timeout, a bail-out, a
sanitizer or valgrind report at exit) counts as one more failure. A test
log that is missing (its stage did not build or run) counts as a failure.

A fuzz results file (build-aux/run-fuzzers, MAZEWRIGHT_FUZZ_RESULTS) has a
line "fuzz-NAME ok|failed EXECUTIONS SECONDS" per target; each target
counts as one test.

Before the last line, one line per log on standard error says what it
counted ("normal: 612 passed, 0 failed").

Usage: test-summary.py [LABEL=]TESTLOG.json ... [--fuzz-results [LABEL=]FILE]
                       [--extra-passed N] [--extra-failed N]
Exits 1 when anything failed or no test ran at all."""

import json
import os
import re
import sys

TAP_LINE = re.compile(r"^(not )?ok\b(.*)$")


def count_log(path):
    counts = [0, 0, 0]
    with open(path, encoding="utf-8") as log:
        for line in log:
            line = line.strip()
            if not line:
                continue
            entry = json.loads(line)
            passed = failed = skipped = 0
            for out_line in (entry.get("stdout") or "").splitlines():
                match = TAP_LINE.match(out_line.strip())
                if not match:
                    continue
                directive = match.group(2).upper()
                if "# SKIP" in directive or "# TODO" in directive:
                    skipped += 1
                elif match.group(1):
                    failed += 1
                else:
                    passed += 1
            result = entry.get("result")
            if result not in ("OK", "SKIP", "EXPECTEDFAIL") and failed == 0:
                failed += 1
            if passed + failed + skipped == 0 and result == "OK":
                passed = 1
            if failed:
                print(f"FAILED: {entry['name']} ({result}) in {path}", file=sys.stderr)
            counts[0] += passed
            counts[1] += failed
            counts[2] += skipped
    return counts


def count_fuzz(path):
    counts = [0, 0, 0]
    with open(path, encoding="utf-8") as results:
        for line in results:
            fields = line.split()
            if len(fields) < 2:
                continue
            if fields[1] == "ok":
                counts[0] += 1
            else:
                counts[1] += 1
                print(f"FAILED: {fields[0]} found a problem (see build-aux/run-fuzzers)",
                      file=sys.stderr)
    return counts


def split_label(arg):
    label, sep, path = arg.partition("=")
    if not sep or os.path.exists(arg):
        return os.path.basename(os.path.dirname(os.path.dirname(arg))) or arg, arg
    return label, path


def main(argv):
    totals = [0, 0, 0]
    args = list(argv[1:])
    while args:
        arg = args.pop(0)
        if arg == "--extra-passed":
            totals[0] += int(args.pop(0))
            continue
        if arg == "--extra-failed":
            totals[1] += int(args.pop(0))
            continue
        fuzz = arg == "--fuzz-results"
        label, path = split_label(args.pop(0) if fuzz else arg)
        if not os.path.exists(path):
            print(f"FAILED: {label}: no results in {path} (the stage did not run)",
                  file=sys.stderr)
            totals[1] += 1
            continue
        counts = count_fuzz(path) if fuzz else count_log(path)
        print(f"{label}: {counts[0]} passed, {counts[1]} failed"
              + (f", {counts[2]} skipped" if counts[2] else ""), file=sys.stderr)
        for i in range(3):
            totals[i] += counts[i]
    line = f"{totals[0]} passed, {totals[1]} failed"
    if totals[2]:
        line += f", {totals[2]} skipped"
    print(line)
    return 1 if totals[1] or totals[0] == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
