#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the AdwShortcutsDialog (libadwaita 1.8) version of the app's
GtkShortcutsWindow (deprecated in GTK 4.18), so that the shortcuts are
listed in one place: each GtkShortcutsGroup becomes an
AdwShortcutsSection, each GtkShortcutsShortcut an AdwShortcutsItem, with
the same titles (and translator marks) and accelerators.

usage: shortcuts-dialog.py INPUT.ui OUTPUT.ui
"""

import sys
import xml.etree.ElementTree as ET

# Property attributes that carry the translation marks.
MARKS = ("translatable", "context", "comments")


def copy_property(source, name, target):
    """Copies property name of source into target, marks and all; returns
    whether there was one."""
    for prop in source.findall("property"):
        if prop.get("name") == name:
            new = ET.SubElement(target, "property", name=name)
            for mark in MARKS:
                if prop.get(mark) is not None:
                    new.set(mark, prop.get(mark))
            new.text = prop.text
            return True
    return False


def objects(parent, cls):
    """The child objects of class cls, at any depth below parent."""
    return [o for o in parent.iter("object") if o.get("class") == cls]


def convert(window):
    interface = ET.Element("interface")
    dialog = ET.SubElement(interface, "object",
                           {"class": "AdwShortcutsDialog", "id": "shortcuts_dialog"})
    for group in objects(window, "GtkShortcutsGroup"):
        section = ET.SubElement(ET.SubElement(dialog, "child"), "object",
                                {"class": "AdwShortcutsSection"})
        copy_property(group, "title", section)
        for shortcut in objects(group, "GtkShortcutsShortcut"):
            item = ET.SubElement(ET.SubElement(section, "child"), "object",
                                 {"class": "AdwShortcutsItem"})
            if not (copy_property(shortcut, "title", item) and
                    copy_property(shortcut, "accelerator", item)):
                sys.exit("%s: a shortcut without a title or an accelerator" % sys.argv[1])
    return interface


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    window = ET.parse(sys.argv[1]).getroot()
    windows = objects(window, "GtkShortcutsWindow")
    if len(windows) != 1:
        sys.exit("%s: expected one GtkShortcutsWindow" % sys.argv[1])
    interface = convert(windows[0])
    ET.indent(interface)
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write("<!-- Generated from %s by build-aux/shortcuts-dialog.py -->\n"
                  % sys.argv[1].rsplit("/", 1)[-1])
        out.write(ET.tostring(interface, encoding="unicode"))
        out.write("\n")


if __name__ == "__main__":
    main()
