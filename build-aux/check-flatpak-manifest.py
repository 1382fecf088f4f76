#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest without building it (no runtime can be
downloaded where the tests run): well-formed JSON, the keys flatpak-builder
needs, the same application ID as the data files, the installed binary as
the command, every local source present, and no broad filesystem access.

Prints what is wrong, one line each, and exits 1; exits 0 when all is well.
"""

import argparse
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

REQUIRED_KEYS = {
    "id": str,
    "runtime": str,
    "runtime-version": str,
    "sdk": str,
    "command": str,
    "finish-args": list,
    "modules": list,
}

# Files go through the document portal; these would hand out the home
# directory or the whole host instead.
FORBIDDEN_FILESYSTEMS = {"host", "host-os", "host-etc", "home"}

LOCAL_SOURCE_TYPES = {"dir", "file", "patch"}


def check_filesystem_arg(arg, problems):
    value = None
    if arg.startswith("--filesystem="):
        value = arg[len("--filesystem="):]
    elif arg.startswith("--filesystem "):
        value = arg[len("--filesystem "):]
    if value is None:
        return
    # "home:ro", "host:create", "~" and "~/" all count.
    name = value.split(":", 1)[0].rstrip("/")
    if name in FORBIDDEN_FILESYSTEMS or name == "~":
        problems.append("finish-args: %s gives away the file system; files go through the portal" % arg)


def check_modules(modules, manifest_dir, where, problems):
    for index, module in enumerate(modules):
        here = "%s[%d]" % (where, index)
        if isinstance(module, str):
            # A module kept in a file of its own.
            path = os.path.join(manifest_dir, module)
            if not os.path.isfile(path):
                problems.append("%s: module file %s does not exist" % (here, module))
            continue
        if not isinstance(module, dict):
            problems.append("%s: a module must be an object or a file name" % here)
            continue
        name = module.get("name")
        if not isinstance(name, str) or not name:
            problems.append("%s: no name" % here)
        else:
            here = "module %s" % name
        sources = module.get("sources", [])
        if not isinstance(sources, list):
            problems.append("%s: sources must be a list" % here)
            sources = []
        for source in sources:
            if isinstance(source, str):
                if not os.path.isfile(os.path.join(manifest_dir, source)):
                    problems.append("%s: source file %s does not exist" % (here, source))
                continue
            if not isinstance(source, dict) or "type" not in source:
                problems.append("%s: a source without a type" % here)
                continue
            kind = source["type"]
            if kind not in LOCAL_SOURCE_TYPES:
                continue
            path = source.get("path")
            if path is None:
                # A file source may be downloaded instead.
                if kind == "file" and "url" in source:
                    continue
                problems.append("%s: %s source without a path" % (here, kind))
                continue
            full = os.path.normpath(os.path.join(manifest_dir, path))
            exists = os.path.isdir(full) if kind == "dir" else os.path.isfile(full)
            if not exists:
                problems.append("%s: %s source %s does not exist (%s)" % (here, kind, path, full))
            elif (kind == "dir" and module.get("buildsystem") == "meson" and
                  not os.path.isfile(os.path.join(full, module.get("subdir", ""), "meson.build"))):
                problems.append("%s: dir source %s has no meson.build to build" % (here, path))
        if "modules" in module:
            if isinstance(module["modules"], list):
                check_modules(module["modules"], manifest_dir, here + " modules", problems)
            else:
                problems.append("%s: modules must be a list" % here)


def check_app_id_in_data(app_id, source_root, problems):
    """The data files are named after the ID, and the schema carries it."""
    data = os.path.join(source_root, "data")
    for name in ("%s.desktop.in.in", "%s.metainfo.xml.in.in", "%s.gschema.xml",
                 "%s.mime.xml", "icons/hicolor/scalable/apps/%s.svg",
                 "icons/hicolor/symbolic/apps/%s-symbolic.svg"):
        path = os.path.join(data, name % app_id)
        if not os.path.isfile(path):
            problems.append("data/%s is missing: the data files must be named after %s"
                            % (name % app_id, app_id))
    schema = os.path.join(data, "%s.gschema.xml" % app_id)
    if os.path.isfile(schema):
        try:
            ids = [s.get("id") for s in ET.parse(schema).getroot().iter("schema")]
        except ET.ParseError as error:
            problems.append("data/%s.gschema.xml: %s" % (app_id, error))
        else:
            if app_id not in ids:
                problems.append("data/%s.gschema.xml has no schema with id %s" % (app_id, app_id))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", required=True)
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--app-id", required=True, help="the ID the build uses (meson app_id)")
    parser.add_argument("--command", required=True, help="the binary meson installs")
    args = parser.parse_args()

    problems = []
    try:
        with open(args.manifest, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as error:
        print("%s: %s" % (args.manifest, error))
        return 1
    if not isinstance(manifest, dict):
        print("%s: the manifest must be a JSON object" % args.manifest)
        return 1

    for key, kind in REQUIRED_KEYS.items():
        if key not in manifest:
            problems.append("missing key %s" % key)
        elif not isinstance(manifest[key], kind):
            problems.append("%s must be a %s" % (key, "string" if kind is str else "list"))

    if "app-id" in manifest and "id" in manifest:
        problems.append("both id and app-id: keep id")

    app_id = manifest.get("id")
    if isinstance(app_id, str) and app_id != args.app_id:
        problems.append("id %s differs from the application ID %s" % (app_id, args.app_id))

    version = manifest.get("runtime-version")
    if isinstance(version, str) and not re.fullmatch(r"[0-9]+(\.[0-9]+)?", version):
        problems.append("runtime-version %r is not a numbered runtime (such as \"47\")" % version)

    if manifest.get("runtime") != "org.gnome.Platform":
        problems.append("runtime should be org.gnome.Platform, not %r" % manifest.get("runtime"))
    if manifest.get("sdk") != "org.gnome.Sdk":
        problems.append("sdk should be org.gnome.Sdk, not %r" % manifest.get("sdk"))

    command = manifest.get("command")
    if isinstance(command, str) and command != args.command:
        problems.append("command %s is not the installed binary %s" % (command, args.command))

    finish_args = manifest.get("finish-args")
    if isinstance(finish_args, list):
        for arg in finish_args:
            if not isinstance(arg, str):
                problems.append("finish-args: %r is not a string" % (arg,))
                continue
            check_filesystem_arg(arg, problems)
        for needed in ("--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"):
            if needed not in finish_args:
                problems.append("finish-args: %s is missing" % needed)
        if "--socket=x11" in finish_args:
            problems.append("finish-args: --socket=x11 next to wayland; use --socket=fallback-x11")

    modules = manifest.get("modules")
    if isinstance(modules, list):
        if not modules:
            problems.append("modules is empty")
        check_modules(modules, os.path.dirname(os.path.abspath(args.manifest)), "modules", problems)

    check_app_id_in_data(args.app_id, args.source_root, problems)

    for problem in problems:
        print("%s: %s" % (args.manifest, problem))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
