#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every GTest program keeps its test paths under one root, so that
`-p /root` runs all of it and a path names its program: /NAME/... for
the window's programs and the CLI's, /maze/NAME/... for the core's,
/app/NAME/... for the app's model. Runs each program with -l (GUI
programs need the display the gui suite has) and prints one TAP line a
program."""

import subprocess
import sys


def root_of(path):
    parts = path.strip("/").split("/")
    depth = 2 if parts[0] in ("maze", "app") and len(parts) > 2 else 1
    return "/" + "/".join(parts[:depth])


def main(programs):
    print("1..%d" % len(programs))
    failed = 0
    for number, program in enumerate(programs, 1):
        name = program.rsplit("/", 1)[-1]
        listed = subprocess.run([program, "-l"], capture_output=True, text=True)
        paths = [line for line in listed.stdout.splitlines() if line.startswith("/")]
        roots = sorted({root_of(path) for path in paths})
        if listed.returncode != 0 or not paths:
            failed += 1
            print("not ok %d %s: -l listed no tests (exit %d): %s"
                  % (number, name, listed.returncode, listed.stderr.strip()[:200]))
        elif len(roots) != 1:
            failed += 1
            print("not ok %d %s: paths under %d roots: %s"
                  % (number, name, len(roots), ", ".join(roots)))
        else:
            print("ok %d %s %s" % (number, name, roots[0]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
