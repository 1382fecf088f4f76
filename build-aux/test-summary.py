#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts test cases in meson's testlog.json files and prints one line,
"N passed, N failed[, N skipped]", the last thing `build-aux/dev test`
says. Each TAP "ok" counts as passed, "not ok" as failed (a TODO or SKIP
directive counts as skipped). A test program that failed without a failing
TAP line (a crash, a timeout, a bail-out) counts as one more failure.

Usage: test-summary.py TESTLOG.json [TESTLOG.json ...] [--extra-passed N] [--extra-failed N]
Exits 1 when anything failed or no test ran at all."""

import json
import re
import sys

TAP_LINE = re.compile(r"^(not )?ok\b(.*)$")


def count_log(path, totals):
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
                print(f"FAILED: {entry['name']} ({result})", file=sys.stderr)
            totals[0] += passed
            totals[1] += failed
            totals[2] += skipped


def main(argv):
    totals = [0, 0, 0]
    args = list(argv[1:])
    while args:
        arg = args.pop(0)
        if arg == "--extra-passed":
            totals[0] += int(args.pop(0))
        elif arg == "--extra-failed":
            totals[1] += int(args.pop(0))
        else:
            count_log(arg, totals)
    line = f"{totals[0]} passed, {totals[1]} failed"
    if totals[2]:
        line += f", {totals[2]} skipped"
    print(line)
    return 1 if totals[1] or totals[0] == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
