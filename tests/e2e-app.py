#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end test of the real mazewright binary, driven like a user with
xdotool on an X server of its own (so other GUI tests' windows cannot take
the pointer or the focus): open a maze, regenerate a region with the mouse,
set start and end with clicks and with the keyboard, undo, save with Ctrl+S,
export a PNG through the export dialog, and check the files with
mazewright-cli.

Usage: e2e-app.py MAZEWRIGHT MAZEWRIGHT_CLI SCHEMA_DIR
Prints TAP."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

APP, CLI, SCHEMA_DIR = sys.argv[1:4]
SCREEN = "1280x800x24"

results = []


def check(ok, name, detail=""):
    results.append(ok)
    print(("ok" if ok else "not ok"), len(results), name)
    if not ok and detail:
        for line in str(detail).splitlines():
            print("#", line)


def start_x_server():
    """Starts Xvfb on a free display and returns (process, ':N')."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=[write_fd], stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        raise RuntimeError("Xvfb did not start")
    return server, ":" + number


def xdotool(env, *args):
    subprocess.run(["xdotool", *args], env=env, check=True,
                   stdout=subprocess.PIPE, timeout=30)
    time.sleep(0.25)  # let the app handle the events and redraw


def wait_for(predicate, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def save(env, path):
    """Presses Ctrl+S and returns the saved document, or None when the
    file did not change."""
    mtime = os.stat(path).st_mtime_ns
    xdotool(env, "key", "ctrl+s")
    if not wait_for(lambda: os.stat(path).st_mtime_ns != mtime):
        return None
    return load(path)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def main():
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            print("1..0 # SKIP", tool, "is not installed")
            return 0

    workdir = tempfile.mkdtemp(prefix="mazewright-e2e-")
    maze = os.path.join(workdir, "walk.maze")
    subprocess.run([CLI, "generate", "--width", "20", "--height", "15", "--seed", "5",
                    "-o", maze], check=True)
    before = load(maze)

    server, display = start_x_server()
    env = dict(os.environ, DISPLAY=display, GSETTINGS_BACKEND="memory",
               GSETTINGS_SCHEMA_DIR=SCHEMA_DIR, GTK_A11Y="none", NO_AT_BRIDGE="1")
    env.pop("WAYLAND_DISPLAY", None)
    app = subprocess.Popen([APP, maze], env=env, stderr=subprocess.PIPE, text=True)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--class", "mazewright"],
                               env=env, stdout=subprocess.PIPE, text=True, timeout=30)
        window = found.stdout.split()[0] if found.stdout.split() else None
        check(window is not None, "the window appears")
        if window is None:
            return 1
        time.sleep(1.0)
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=env,
                                  stdout=subprocess.PIPE, text=True, check=True).stdout
        size = dict(line.split("=") for line in geometry.split())
        width, height = int(size["WIDTH"]), int(size["HEIGHT"])

        # The canvas fills the right part of the window, right of the
        # settings sidebar: a band across its middle stays inside a 20x15
        # maze fitted to the window.
        x0, y0 = int(width * 0.55), int(height * 0.45)
        x1, y1 = int(width * 0.72), int(height * 0.60)
        xdotool(env, "key", "alt+r")
        xdotool(env, "mousemove", str(x0), str(y0), "mousedown", "1")
        xdotool(env, "mousemove", str((x0 + x1) // 2), str((y0 + y1) // 2))
        xdotool(env, "mousemove", str(x1), str(y1), "mouseup", "1")

        # Start and end with mouse clicks, the end right of and below the
        # start; then the keyboard: the first arrow shows the cell cursor
        # where the last click was, two more move it up, S puts the start
        # there.
        p1 = (int(width * 0.50), int(height * 0.35))
        p2 = (int(width * 0.80), int(height * 0.75))
        xdotool(env, "key", "alt+s")
        xdotool(env, "mousemove", str(p1[0]), str(p1[1]), "click", "1")
        xdotool(env, "key", "alt+e")
        xdotool(env, "mousemove", str(p2[0]), str(p2[1]), "click", "1")
        xdotool(env, "key", "Up", "Up", "Up", "s")
        saved = save(env, maze)
        check(saved is not None, "Ctrl+S saves the file")
        if saved is None:
            return 1
        keyboard_start, end = saved["start"], saved["end"]
        check(keyboard_start == [end[0], end[1] - 2],
              "S sets the start at the keyboard cursor, two cells above the clicked end",
              (keyboard_start, end))

        # Undo takes the keyboard's start back to the clicked one.
        xdotool(env, "key", "ctrl+z")
        after = save(env, maze)
        check(after is not None, "Ctrl+S saves again after undo")
        if after is None:
            return 1
        edits = [edit["edit"] for edit in after["history"]]
        check(edits == ["regenerate", "start", "end"],
              "the saved history is the region, the clicked start and end (the undone start is gone)",
              edits)
        check(after["passages"] != before["passages"], "the region changed the passages")
        start = after["start"]
        check(start != before["start"] and end != before["end"], "the clicks moved start and end",
              (before["start"], start, before["end"], end))
        # Square cells: the clicks' pixel offsets and the cells' offsets
        # must agree on the cell size within a cell.
        dx, dy = end[0] - start[0], end[1] - start[1]
        px, py = p2[0] - p1[0], p2[1] - p1[1]
        check(dx > 0 and dy > 0 and abs(dx - px * dy / py) <= 1.5,
              "the clicked cells are where the pointer was", ((start, end), (p1, p2)))

        # Export with the dialog's defaults (a PNG, 20 px a cell, placed a
        # text block wide):
        # Ctrl+E, Enter for Export…, a path typed into the file chooser's
        # name, Enter. The file must equal the CLI's export of the saved
        # maze with the same options, byte for byte.
        exported = os.path.join(workdir, "walk.png")
        xdotool(env, "key", "ctrl+e")
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Export$"],
                       env=env, stdout=subprocess.DEVNULL, timeout=30)
        time.sleep(0.5)
        xdotool(env, "key", "Return")
        time.sleep(1.0)
        xdotool(env, "key", "ctrl+a")
        xdotool(env, "type", "--delay", "10", exported)
        xdotool(env, "key", "Return")
        check(wait_for(lambda: os.path.exists(exported)), "the export dialog writes the PNG")
        if os.path.exists(exported):
            reference = os.path.join(workdir, "reference.png")
            # Both choose the resolution that places it a text block wide.
            subprocess.run([CLI, "export", maze, "-o", reference], check=True)
            with open(exported, "rb") as a, open(reference, "rb") as b:
                check(a.read() == b.read(), "the exported PNG equals mazewright-cli's export of the saved maze")

        info = subprocess.run([CLI, "info", maze], stdout=subprocess.PIPE, text=True)
        check(info.returncode == 0 and "Perfect: yes" in info.stdout,
              "the saved maze is still perfect", info.stdout)
    finally:
        app.terminate()
        try:
            _, errors = app.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
            _, errors = app.communicate()
        server.terminate()
        server.wait()
        shutil.rmtree(workdir, ignore_errors=True)

    # Criticals and warnings from GTK are bugs; the session bus is not ours.
    bad = [line for line in errors.splitlines()
           if ("CRITICAL" in line or "WARNING" in line) and "session bus" not in line]
    check(not bad, "no criticals or warnings on stderr", "\n".join(bad))
    print("1..%d" % len(results))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
