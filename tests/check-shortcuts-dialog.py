#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The AdwShortcutsDialog that libadwaita 1.8 and newer show must list what
the GtkShortcutsWindow lists: the same groups in the same order, each with
the same shortcuts (title, accelerator) and the titles still marked for
translation. The dialog is generated at build time, so this also catches a
converter that drops or reorders entries.

usage: check-shortcuts-dialog.py WINDOW.ui DIALOG.ui
"""

import sys
import xml.etree.ElementTree as ET


def prop(obj, name):
    for p in obj.findall("property"):
        if p.get("name") == name:
            return (p.text, p.get("translatable"))
    return (None, None)


def listing(path, group_class, item_class):
    groups = []
    for group in ET.parse(path).getroot().iter("object"):
        if group.get("class") != group_class:
            continue
        items = [(prop(o, "title"), prop(o, "accelerator")[0])
                 for o in group.iter("object") if o.get("class") == item_class]
        groups.append((prop(group, "title"), items))
    return groups


def main():
    window = listing(sys.argv[1], "GtkShortcutsGroup", "GtkShortcutsShortcut")
    dialog = listing(sys.argv[2], "AdwShortcutsSection", "AdwShortcutsItem")
    failed = False
    if not window:
        print("%s lists no shortcuts" % sys.argv[1])
        failed = True
    if window != dialog:
        print("the shortcuts dialog differs from the shortcuts window:")
        print("  window: %r" % window)
        print("  dialog: %r" % dialog)
        failed = True
    for (title, marked), items in dialog:
        for (item_title, item_marked), accel in [((title, marked), None)] + items:
            if item_marked != "yes":
                print("not marked translatable: %r" % item_title)
                failed = True
    n = sum(len(items) for _, items in dialog)
    print("%d groups, %d shortcuts" % (len(dialog), n))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
